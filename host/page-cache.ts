/**
 * A short-lived cache of the public pages as an anonymous visitor sees them (docs/decisions/017-overload.md).
 *
 * The landing page is what a crowd hits first, and it is the same for every anonymous visitor; rendering it costs
 * several milliseconds of the one event loop, which is what limited a 200-connection crowd. Pages in `paths`, asked
 * for with GET/HEAD, without a query and without any cookie that can change what they show, are rendered once per
 * `ttlMs` and served from memory. Everything else (a signed-in visitor, a pending toast, a form, any query) goes to
 * React Router as usual.
 *
 * The one per-response part of such a page is the CSP nonce on its scripts: a cached page is rendered with a nonce of
 * its own, and each response gets that nonce replaced by the response's (128 random bits, base64: it cannot occur in
 * the page by accident). Concurrent misses share one render.
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Cookies that never change what a public page shows (the demo mailbox's list of addresses), or whose effect is the
 * page's `variant` (the language cookie, ADR 056).
 */
const IGNORED_COOKIES = new Set(["rosca_mailbox", "rosca_lang"]);

type Entry = { status: number; contentType: string; html: string; nonce: string; expiresAt: number };

export type PageCacheOptions = {
  /** Exact paths (no query) that are the same for every anonymous visitor. */
  paths: (path: string) => boolean;
  ttlMs: number;
  /**
   * At most this many pages in memory (default 64). The key includes the Host header, which the client chooses: without
   * a bound, a flood of made-up hosts would fill the memory. The oldest entry makes room.
   */
  maxEntries?: number;
  /**
   * Which version of a page the request gets (its language, ADR 056): part of the key, and handed to `render`. The
   * same for every request when not given.
   */
  variant?: (req: Request) => string;
  /** Render a URL as React Router would for a cookieless GET, with this CSP nonce (and the request's variant). */
  render: (url: string, nonce: string, variant: string) => Promise<globalThis.Response>;
  now?: () => number;
};

function cookieNames(header: string | undefined) {
  return (header ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter(Boolean);
}

/**
 * A request whose answer is the same for every anonymous visitor: GET or HEAD of one of `paths`, without a query and
 * without any cookie that can change what the page shows. Only such answers are shared, by this cache and by browsers
 * (host/cache-control.ts marks every other answer `private, no-store`).
 */
export function isSharedRequest(req: Request, paths: (path: string) => boolean) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.originalUrl !== req.path || !paths(req.path)) return false;
  return cookieNames(req.headers.cookie).every((name) => IGNORED_COOKIES.has(name));
}

export function publicPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 64;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  const counts = { hits: 0, misses: 0, bypassed: 0 };

  async function renderEntry(key: string, url: string, variant: string): Promise<Entry | null> {
    const nonce = randomBytes(16).toString("base64");
    const response = await options.render(url, nonce, variant);
    const contentType = response.headers.get("content-type") ?? "";
    // Only a plain, successful HTML page that sets nothing for the visitor may be shared.
    if (response.status !== 200 || !contentType.startsWith("text/html") || response.headers.has("set-cookie")) {
      await response.body?.cancel();
      return null;
    }
    const entry = { status: 200, contentType, html: await response.text(), nonce, expiresAt: now() + options.ttlMs };
    entries.delete(key);
    // Map keeps insertion order: the first key is the oldest page.
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    return entry;
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (!isSharedRequest(req, options.paths)) {
      if (req.method === "GET" && options.paths(req.path)) counts.bypassed += 1;
      return next();
    }
    // Per origin: a page may carry absolute links built from the address it was asked for.
    const url = `${req.protocol}://${req.get("host")}${req.path}`;
    const variant = options.variant?.(req) ?? "";
    const key = `${variant} ${url}`;
    let entry = entries.get(key);
    const fresh = entry !== undefined && entry.expiresAt > now();
    if (!fresh) {
      counts.misses += 1;
      let pending = rendering.get(key);
      if (!pending) {
        pending = renderEntry(key, url, variant).finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      entry = (await pending) ?? undefined;
      // Not cacheable after all (an error page, a redirect): render it the ordinary way.
      if (!entry) return next();
    } else {
      counts.hits += 1;
    }
    res
      .status(entry!.status)
      .type(entry!.contentType)
      .set("X-Page-Cache", fresh ? "hit" : "miss")
      .set("Vary", "Accept-Language, Cookie");
    res.send(entry!.html.replaceAll(entry!.nonce, res.locals.cspNonce as string));
  }

  return { middleware, stats: () => ({ ...counts, entries: entries.size }) };
}
