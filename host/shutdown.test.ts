import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { createHttpServer } from "./app";
import { closeGracefully } from "./shutdown";

/** The app's HTTP server (its keep-alive timeout of 65 s, as in production) with a fast route and a slow one. */
async function serve() {
  const app = express();
  app.get("/fast", (_req, res) => res.send("ok"));
  app.get("/slow", (_req, res) => {
    setTimeout(() => res.send("slow ok"), 1_000);
  });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port };
}

function get(agent: http.Agent, port: number, path: string) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
      })
      .on("error", reject);
  });
}

describe("closeGracefully", () => {
  it("closes an idle keep-alive connection at once instead of waiting for its 65 s timeout", async () => {
    const { server, port } = await serve();
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect(await get(agent, port, "/fast")).toMatchObject({ status: 200, body: "ok", connection: "keep-alive" });
      // The connection stays open and idle in the agent, as Fly's proxy keeps its connections.
      expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
      const result = await closeGracefully(server, { deadlineMs: 8_000 });
      expect(result.forced).toBe(false);
      expect(result.ms).toBeLessThan(1_000);
    } finally {
      agent.destroy();
    }
  });

  it("drops a connection that never sent a request (a proxy's pre-opened one) instead of waiting for its headers timeout", async () => {
    const { server, port } = await serve();
    const raw = net.connect(port, "127.0.0.1");
    const closed = new Promise<void>((resolve) => raw.once("close", () => resolve()));
    raw.on("error", () => {});
    await new Promise((resolve) => raw.once("connect", resolve));
    const result = await closeGracefully(server, { deadlineMs: 8_000 });
    expect(result.forced).toBe(false);
    expect(result.ms).toBeLessThan(1_000);
    await closed;
  });

  it("lets a request in flight finish, answered with Connection: close, then closes", async () => {
    const { server, port } = await serve();
    const agent = new http.Agent({ keepAlive: true });
    try {
      const slow = get(agent, port, "/slow");
      await new Promise((resolve) => setTimeout(resolve, 200));
      const closing = closeGracefully(server, { deadlineMs: 8_000 });
      expect(await slow).toEqual({ status: 200, body: "slow ok", connection: "close" });
      const result = await closing;
      expect(result.forced).toBe(false);
      expect(result.ms).toBeGreaterThanOrEqual(600);
      expect(result.ms).toBeLessThan(3_000);
    } finally {
      agent.destroy();
    }
  });

  it("closes what is left at the deadline", async () => {
    const app = express();
    app.get("/never", () => {});
    const server = createHttpServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const hanging = get(agent, port, "/never").catch((error: Error) => error.message);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const result = await closeGracefully(server, { deadlineMs: 500 });
      expect(result.forced).toBe(true);
      expect(result.ms).toBeLessThan(2_000);
      expect(await hanging).toBe("socket hang up");
    } finally {
      agent.destroy();
    }
  });
});
