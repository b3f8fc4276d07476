import { describe, expect, it } from "vitest";
import { MachineSpeed, referenceLoopMs } from "./machine-speed";

describe("machine speed (npm test's summary)", () => {
  it("the reference loop takes CPU time, more for more steps", () => {
    const small = referenceLoopMs(1_000_000);
    const large = referenceLoopMs(50_000_000);
    expect(small).toBeGreaterThanOrEqual(0);
    expect(large).toBeGreaterThan(small);
  });

  it("prints the median of its samples, the first (compiling) run left out", () => {
    const figures = [999, 120, 100, 180, 110];
    const speed = new MachineSpeed(() => figures.shift()!);
    expect(speed.summary()).toBe("");
    for (let i = 0; i < 4; i++) speed.sample();
    expect(speed.samples).toEqual([120, 100, 180, 110]);
    expect(speed.median()).toBe(115);
    expect(speed.summary()).toBe("  machine speed: a fixed loop took 115 ms of CPU (median of 4, 100-180 ms; lower is faster)\n");
  });
});
