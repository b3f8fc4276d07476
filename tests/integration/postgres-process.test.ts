/**
 * A terminal's Ctrl-C goes to the whole foreground process group. The stack's embedded PostgreSQL runs in a process
 * group of its own (scripts/lib/postgres-process.ts), so the signal reaches `npm start` alone, which closes its pools
 * before it stops PostgreSQL: no connection is cut mid-way and nothing is logged as an error.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs the fixture as a terminal would (a process group of its own), sends Ctrl-C's SIGINT to the group, and returns its lines. */
async function ctrlC(group: "own" | "shared") {
  const dataDir = `.data/test-ctrl-c-${group}-${process.pid}`;
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/pool-until-signal.ts", dataDir, group], {
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      lines.push(line);
      if (line === "ready") resolve();
    });
  });
  await Promise.race([ready, exited]);
  if (child.exitCode !== null) throw new Error(`the fixture exited with code ${child.exitCode} before it was ready: ${lines.join(" | ")}`);
  process.kill(-child.pid!, "SIGINT");
  const code = await exited;
  return { code, lines };
}

describe("Ctrl-C on a process that runs the embedded PostgreSQL", () => {
  it("stops the pool before PostgreSQL when PostgreSQL has a process group of its own", async () => {
    const { code, lines } = await ctrlC("own");
    expect(lines).toEqual(["ready", "stopped"]);
    expect(code).toBe(0);
  });

  it("(the failure it prevents) cuts the pool's connections when PostgreSQL shares the group", async () => {
    const { code, lines } = await ctrlC("shared");
    expect(lines[0]).toBe("ready");
    expect(lines.filter((line) => line.startsWith("idle client error:"))).toEqual(
      Array(3).fill("idle client error: terminating connection due to administrator command"),
    );
    expect(lines.at(-1)).toBe("stopped");
    expect(code).toBe(0);
  });
});
