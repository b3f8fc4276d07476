import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { publicPageCache } from "./page-cache";

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of servers.splice(0)) await stop();
});

/**
 * The cache in front of a stand-in renderer that counts its renders and puts its nonce where React Router does; each
 * response's own nonce comes from res.locals, as host/app.ts sets it for the CSP header. The stand-in's render waits
 * until `concurrent` requests have reached the server, so that they are concurrent however slowly a loaded machine
 * sends them (a fixed 20 ms was not: the third could arrive after the render had finished, and be a hit).
 */
async function serverWith(render?: (url: string, nonce: string) => Promise<Response>, maxEntries?: number, concurrent = 1) {
  const renders: string[] = [];
  let clock = 0;
  let counter = 0;
  const cache = publicPageCache({
    paths: (path) => path === "/" || path === "/about",
    ttlMs: 60_000,
    maxEntries,
    now: () => clock,
    render:
      render ??
      (async (url, nonce) => {
        renders.push(url);
        await arrived(() => counter >= concurrent);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return new Response(
          `<html><script nonce="${nonce}">hydrate()</script><p>${new URL(url).pathname} render ${renders.length}</p><i>${nonce}</i></html>`,
          {
            headers: { "Content-Type": "text/html; charset=utf-8" },
          },
        );
      }),
  });
  const app = express();
  app.use((_req, res, next) => {
    counter += 1;
    res.locals.cspNonce = `nonce-${counter}`;
    next();
  });
  app.use(cache.middleware);
  app.get("/{*path}", (req, res) => res.send(`rendered by the app: ${req.originalUrl}`));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { cache, renders, base, advance: (ms: number) => (clock += ms) };
}

/** Resolves once `ready()` holds, asked every 2 ms (the requests it waits for are already on their way). */
async function arrived(ready: () => boolean) {
  for (;;) {
    if (ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, cache: response.headers.get("x-page-cache"), body: await response.text() };
}

/** fetch() will not send a Host header of the caller's choosing; node:http will, as any client on the internet can. */
function cacheHeaderFor(base: string, host: string) {
  return new Promise<string | undefined>((resolve, reject) => {
    http
      .get(`${base}/`, { headers: { Host: host } }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.headers["x-page-cache"] as string | undefined));
      })
      .on("error", reject);
  });
}

describe("the public page cache", () => {
  it("renders once per minute, shares a render between concurrent misses, and gives every response its own nonce", async () => {
    const { cache, renders, base, advance } = await serverWith(undefined, undefined, 3);
    const first = await Promise.all([page(`${base}/`), page(`${base}/`), page(`${base}/`)]);
    expect(renders).toEqual([`${base}/`]);
    expect(first.map((answer) => answer.cache)).toEqual(["miss", "miss", "miss"]);
    // Each body carries only its response's nonce, everywhere the render had its own.
    for (const [index, answer] of first.entries()) {
      const nonce = /<i>(.*)<\/i>/.exec(answer.body)![1]!;
      expect(answer.body).toBe(`<html><script nonce="${nonce}">hydrate()</script><p>/ render 1</p><i>${nonce}</i></html>`);
      expect(first.filter((other, j) => j !== index && other.body.includes(nonce))).toEqual([]);
    }

    const hit = await page(`${base}/`);
    expect([hit.status, hit.cache, hit.body]).toEqual([
      200,
      "hit",
      `<html><script nonce="nonce-4">hydrate()</script><p>/ render 1</p><i>nonce-4</i></html>`,
    ]);
    advance(60_001);
    expect((await page(`${base}/`)).body).toContain("/ render 2");
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 4, entries: 1 });
  });

  it.each([
    ["a signed-in visitor", "/", { Cookie: "rosca_session=abc" }],
    ["a pending toast", "/", { Cookie: "rosca_flash=xyz; rosca_mailbox=m" }],
    ["any other cookie", "/about", { Cookie: "theirs=1" }],
    ["a query", "/?ref=ad", {}],
    ["a page not on the list", "/dashboard", {}],
  ])("leaves %s to the app", async (_name, path, headers) => {
    const { renders, base } = await serverWith();
    expect(await page(`${base}${path}`, headers)).toEqual({ status: 200, cache: null, body: `rendered by the app: ${path}` });
    expect(renders).toEqual([]);
  });

  it("serves a visitor who only carries the mailbox cookie from the cache", async () => {
    const { base } = await serverWith();
    expect((await page(`${base}/about`, { Cookie: "rosca_mailbox=abc" })).body).toContain("/about render 1");
  });

  it("never keeps an error, a redirect or a page that sets a cookie", async () => {
    for (const response of [
      new Response("nope", { status: 500, headers: { "Content-Type": "text/html" } }),
      new Response(null, { status: 302, headers: { Location: "/login" } }),
      new Response("<p>hi</p>", { headers: { "Content-Type": "text/html", "Set-Cookie": "a=b" } }),
    ]) {
      const { cache, base } = await serverWith(async () => response);
      expect(await page(`${base}/`)).toEqual({ status: 200, cache: null, body: "rendered by the app: /" });
      expect(cache.stats().entries).toBe(0);
    }
  });

  it("keeps at most maxEntries pages, whatever Host headers a client makes up", async () => {
    const { cache, renders, base } = await serverWith(undefined, 2);
    for (const host of ["a.example", "b.example", "c.example", "d.example"]) {
      expect(await cacheHeaderFor(base, host)).toBe("miss");
    }
    expect(renders).toHaveLength(4);
    expect(cache.stats().entries).toBe(2);
    // The newest two are still there; the oldest made room.
    expect(await cacheHeaderFor(base, "d.example")).toBe("hit");
    expect(await cacheHeaderFor(base, "a.example")).toBe("miss");
  });
});
