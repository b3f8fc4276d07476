import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../app/server/platform/log.server";
import { createApp } from "./app";
import { requestIdFor, requestLogging, routeIdFor } from "./request-log";

/** The route manifest of a build (what requestLogging reads), shaped like the real one for a few of our routes. */
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/home": { id: "routes/home", parentId: "root", index: true },
    "routes/groups.$groupId": { id: "routes/groups.$groupId", parentId: "root", path: "groups/:groupId" },
    "routes/profile": { id: "routes/profile", parentId: "root", path: "profile" },
    "routes/profile.bank-accounts": { id: "routes/profile.bank-accounts", parentId: "routes/profile", path: "bank-accounts" },
    "routes/catch-all": { id: "routes/catch-all", parentId: "root", path: "*" },
  },
} as unknown as ServerBuild;

const servers: Array<{ close: () => void }> = [];
afterAll(() => {
  for (const server of servers) server.close();
});

async function listen(app: express.Express) {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("routeIdFor", () => {
  it("names the deepest route for page and single-fetch data URLs", () => {
    expect(routeIdFor(build, "/")).toBe("routes/home");
    expect(routeIdFor(build, "/_.data")).toBe("routes/home");
    expect(routeIdFor(build, "/groups/8f0c/_.data")).toBe("routes/groups.$groupId");
    expect(routeIdFor(build, "/groups/8f0c")).toBe("routes/groups.$groupId");
    expect(routeIdFor(build, "/groups/8f0c.data")).toBe("routes/groups.$groupId");
    expect(routeIdFor(build, "/profile/bank-accounts")).toBe("routes/profile.bank-accounts");
    expect(routeIdFor(build, "/no/such/page")).toBe("routes/catch-all");
    expect(routeIdFor({} as ServerBuild, "/")).toBeNull();
  });
});

describe("request ids", () => {
  it("honours a sane X-Request-Id, else Fly-Request-Id, else makes a UUID", () => {
    expect(requestIdFor({ "x-request-id": "edge-7f3a:1" })).toBe("edge-7f3a:1");
    expect(requestIdFor({ "fly-request-id": "01JF8ZQ-iad" })).toBe("01JF8ZQ-iad");
    expect(requestIdFor({ "x-request-id": "a b" })).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor({ "x-request-id": "x".repeat(129) })).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor({})).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("round-trips through the app's middleware: the id sent comes back in X-Request-Id, a bad one is replaced", async () => {
    // A cross-site POST is refused by the CSRF check, after the request logging and before React Router: no build needed.
    const base = await listen(createApp({ build, production: false }));
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/profile/bank-accounts`, { method: "POST", headers: { Origin: "https://evil.example", ...headers } });

    const sent = await post({ "X-Request-Id": "trace-42.abc" });
    expect(sent.status).toBe(403);
    expect(sent.headers.get("x-request-id")).toBe("trace-42.abc");

    const generated = await post({});
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const injected = await post({ "X-Request-Id": 'x" injected' });
    expect(injected.headers.get("x-request-id")).not.toContain("injected");
    expect(injected.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the request log line", () => {
  it("is one JSON line per request with method, route id, status, duration and request id; lines logged inside carry the id", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    });
    const logger = createLogger({ destination, level: "info", env: { NODE_ENV: "production" } });
    const app = express();
    app.use(requestLogging({ build, logger }));
    app.get("/groups/:groupId", (_req, res) => {
      // A line logged by whatever runs inside the request: the log context adds the request id.
      logger.info({ groupId: "g1" }, "loading the group");
      res.status(200).send("ok");
    });
    const base = await listen(app);
    const response = await fetch(`${base}/groups/g1?access_token=s3cret`, { headers: { "X-Request-Id": "req-abc" } });
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));

    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ msg: "loading the group", groupId: "g1", reqId: "req-abc" });
    expect(records[1]).toMatchObject({
      level: 30,
      msg: "GET /groups/g1 200",
      reqId: "req-abc",
      method: "GET",
      route: "routes/groups.$groupId",
      path: "/groups/g1",
      status: 200,
    });
    expect(records[1]!.durationMs).toEqual(expect.any(Number));
    // The query string (tokens in reset and confirmation links) is never logged.
    expect(lines.join("\n")).not.toContain("s3cret");
  });
});
