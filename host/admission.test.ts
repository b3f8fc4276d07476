import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import type { Request, Response } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { admissionControl } from "./admission";

/**
 * A real Express server with the admission middleware in front of a handler that answers when the test says so, so
 * the order of events is the test's, not the scheduler's.
 */
async function serverWith(options: Partial<Parameters<typeof admissionControl>[0]> = {}) {
  const admission = admissionControl({
    maxConcurrent: 2,
    maxQueue: 3,
    maxWaitMs: 2_000,
    retryAfterSeconds: 2,
    exempt: (req) => req.path === "/healthz",
    ...options,
  });
  const pending: Array<{ path: string; finish: () => void }> = [];
  const app = express();
  app.use(admission.middleware);
  app.get("/healthz", (_req, res) => res.send("ok"));
  app.get("/{*path}", (req, res) => {
    pending.push({ path: req.path, finish: () => res.send(`done ${req.path}`) });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const waitFor = async (count: number) => {
    for (let i = 0; i < 200 && pending.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pending.length).toBeGreaterThanOrEqual(count);
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  servers.push(stop);
  return { admission, pending, base, waitFor };
}

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of servers.splice(0)) await stop();
});

describe("admission control", () => {
  it("runs at most maxConcurrent at once and the rest first come, first served", async () => {
    const { admission, pending, base, waitFor } = await serverWith();
    const answers = ["/a", "/b", "/c", "/d"].map((path) => fetch(`${base}${path}`).then((response) => response.text()));
    await waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pending.map((entry) => entry.path)).toEqual(["/a", "/b"]);
    expect(admission.stats()).toMatchObject({ active: 2, queued: 2 });

    pending[0]!.finish();
    await waitFor(3);
    expect(pending.map((entry) => entry.path)).toEqual(["/a", "/b", "/c"]);
    pending[1]!.finish();
    pending[2]!.finish();
    await waitFor(4);
    pending[3]!.finish();
    expect(await Promise.all(answers)).toEqual(["done /a", "done /b", "done /c", "done /d"]);
    expect(admission.stats()).toMatchObject({ active: 0, queued: 0, admitted: 4, shed: 0, maxQueued: 2 });
  });

  it("answers 503 with Retry-After at once when the queue is full, in JSON for the APIs", async () => {
    const { admission, pending, base, waitFor } = await serverWith();
    const held = ["/1", "/2", "/3", "/4", "/5"].map((path) => fetch(`${base}${path}`));
    await waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(admission.stats()).toMatchObject({ active: 2, queued: 3 });

    const page = await fetch(`${base}/dashboard`, { headers: { Accept: "text/html" } });
    expect([page.status, page.headers.get("retry-after")]).toEqual([503, "2"]);
    expect(await page.text()).toContain("Rosca is very busy right now. Please try again in a few seconds.");
    const api = await fetch(`${base}/api/notifications`);
    expect([api.status, await api.json()]).toEqual([503, { error: "Rosca is very busy right now. Please try again in a few seconds." }]);
    // The liveness check never waits.
    expect(await (await fetch(`${base}/healthz`)).text()).toBe("ok");

    for (let i = 0; i < 5; i++) {
      await waitFor(i + 1);
      pending[i]!.finish();
    }
    expect((await Promise.all(held)).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(admission.stats()).toMatchObject({ shed: 2, admitted: 5 });
  });

  it("sheds a request that waited maxWaitMs, and drops one whose client left, without running either", async () => {
    const { admission, pending, base, waitFor } = await serverWith({ maxConcurrent: 1, maxWaitMs: 300 });
    const first = fetch(`${base}/first`);
    await waitFor(1);
    const leaving = new AbortController();
    const gone = fetch(`${base}/gone`, { signal: leaving.signal }).catch(() => "aborted");
    const late = fetch(`${base}/late`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    leaving.abort();
    expect(await gone).toBe("aborted");
    const answer = await late;
    expect([answer.status, answer.headers.get("retry-after")]).toEqual([503, "2"]);
    pending[0]!.finish();
    expect((await first).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pending.map((entry) => entry.path)).toEqual(["/first"]);
    expect(admission.stats()).toMatchObject({ admitted: 1, shed: 1, abandoned: 1, active: 0, queued: 0 });
  });

  it("never admits a request whose client left before it reached the middleware", () => {
    const admission = admissionControl({ maxConcurrent: 1, maxQueue: 10, maxWaitMs: 1_000, retryAfterSeconds: 2 });
    // What Express hands over when the socket closed while the request sat in the event loop's backlog.
    const res = Object.assign(new EventEmitter(), { destroyed: true, closed: true, socket: { destroyed: true } }) as unknown as Response;
    const next = vi.fn();
    admission.middleware({ path: "/dashboard" } as Request, res, next);
    expect(next).not.toHaveBeenCalled();
    expect(admission.stats()).toMatchObject({ active: 0, queued: 0, admitted: 0, abandoned: 1 });
  });
});
