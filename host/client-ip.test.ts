import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { applyTrustProxy, clientIp, trustProxyFrom } from "./client-ip";

/** The address the app would rate-limit and record, for a request with these headers sent from 127.0.0.1. */
async function seenAs(trustProxy: string | undefined, behindFly: boolean, headers: Record<string, string>) {
  const app = express();
  const trust = trustProxyFrom(trustProxy, { behindFly });
  applyTrustProxy(app, trust);
  app.get("/", (req, res) => {
    res.json({ ip: clientIp(req, trust), protocol: req.protocol });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
    return (await response.json()) as { ip: string; protocol: string };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const FORGED = { "X-Forwarded-For": "203.0.113.99", "X-Forwarded-Proto": "https", "Fly-Client-IP": "198.51.100.66" };

describe("TRUST_PROXY", () => {
  it("believes no forwarding header by default under npm start (not behind Fly): the socket's address", async () => {
    expect(await seenAs(undefined, false, FORGED)).toEqual({ ip: "127.0.0.1", protocol: "http" });
    expect(await seenAs("off", true, FORGED)).toEqual({ ip: "127.0.0.1", protocol: "http" });
  });

  it("believes Fly's own Fly-Client-IP behind Fly's proxy (production, a deployed demo), as before", async () => {
    expect(await seenAs(undefined, true, FORGED)).toEqual({ ip: "198.51.100.66", protocol: "https" });
    expect(await seenAs("fly", false, FORGED)).toEqual({ ip: "198.51.100.66", protocol: "https" });
  });

  it("believes X-Forwarded-For only on connections from the proxies it names", async () => {
    expect(await seenAs("loopback", false, FORGED)).toEqual({ ip: "203.0.113.99", protocol: "https" });
    expect(await seenAs("127.0.0.1/32, ::1", false, FORGED)).toEqual({ ip: "203.0.113.99", protocol: "https" });
    // A chain: the nearest address that is not a trusted proxy is the client.
    expect(await seenAs("loopback, 10.0.0.0/8", false, { "X-Forwarded-For": "203.0.113.5, 198.51.100.1, 10.1.2.3" })).toEqual({
      ip: "198.51.100.1",
      protocol: "http",
    });
    // From anywhere else, the header is ignored.
    expect(await seenAs("10.0.0.0/8", false, FORGED)).toEqual({ ip: "127.0.0.1", protocol: "http" });
  });

  it("refuses a value that would believe anyone, or that it cannot read, at start", () => {
    for (const value of ["1", "2", "true", ",", "10.0.0.0/8, 1"]) {
      expect(() => trustProxyFrom(value, { behindFly: false }), value).toThrow(/TRUST_PROXY: must be `off`, `fly`, or the proxies' addresses/);
    }
    expect(() => applyTrustProxy(express(), trustProxyFrom("not-an-address", { behindFly: false }))).toThrow(
      /TRUST_PROXY: invalid IP address: not-an-address/,
    );
  });
});
