import net from "node:net";
import { describe, expect, it } from "vitest";
import { freeE2ePortBase, portIsFree } from "./e2e-port";

describe("the e2e stage's ports when E2E_PORT is not set", () => {
  it("takes the first base from its start whose three ports are free, wrapping within 3100-3199", async () => {
    const taken = new Set([3150, 3251, 3352, 3199]);
    const isFree = async (port: number) => !taken.has(port);
    // 3150 itself, 3151's +100 and 3152's +200 are taken: 3153 is the first whole base.
    expect(await freeE2ePortBase(3150, isFree)).toBe(3153);
    // From 3199 (taken) it wraps to 3100.
    expect(await freeE2ePortBase(3199, isFree)).toBe(3100);
  });

  it("says what to do when every base is taken", async () => {
    await expect(freeE2ePortBase(3100, async () => false)).rejects.toThrow(
      "No free ports for the e2e servers: every base from 3100 to 3199 has one of its three ports taken. Set E2E_PORT.",
    );
  });

  it("sees a port another process listens on as taken", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const port = (server.address() as net.AddressInfo).port;
    try {
      expect(await portIsFree(port)).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await portIsFree(port)).toBe(true);
  });
});
