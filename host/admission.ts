/**
 * Admission control for the React Router handler (docs/decisions/017-overload.md): at most `maxConcurrent` requests
 * render at once; the rest wait in a first-come-first-served queue; a request that would wait too long is answered
 * at once with 503 and Retry-After instead.
 *
 * Why: without it, 200 connections start 200 renders together. They share one event loop and a pool of a few database
 * connections, so each of them crawls; requests the client has already given up on keep running; nobody gets an answer
 * in time (measured: zero completed /dashboard requests in 60 s). With a bound, the admitted requests finish at full
 * speed and everyone else waits their turn, cheaply, or is told to come back.
 *
 * The queue is bounded twice: a request arriving to a full queue (`maxQueue`) is answered 503 at once, and one that
 * has waited `maxWaitMs` is answered 503 then, so no client waits past its own timeout for nothing. A request whose
 * client has gone away, before or while it waits, is dropped without any work. (Shedding on a wait predicted from the
 * recent completion rate was tried and dropped: during warm-up and bursts the estimate ran low and turned away
 * requests the queue would have served within seconds.)
 */
import { createHistogram } from "node:perf_hooks";
import type { NextFunction, Request, Response } from "express";

export type AdmissionOptions = {
  maxConcurrent: number;
  maxQueue: number;
  maxWaitMs: number;
  /** Seconds, for the 503's Retry-After. */
  retryAfterSeconds: number;
  /** Requests that skip the queue (the liveness check). */
  exempt?: (req: Request) => boolean;
  now?: () => number;
};

type Waiter = { req: Request; res: Response; next: NextFunction; queuedAt: number; timer: ReturnType<typeof setTimeout>; done: boolean };

export type AdmissionStats = {
  active: number;
  queued: number;
  admitted: number;
  shed: number;
  abandoned: number;
  maxQueued: number;
  queueWaitP50Ms: number;
  queueWaitP99Ms: number;
  queueWaitMaxMs: number;
};

export function admissionControl(options: AdmissionOptions) {
  const now = options.now ?? (() => performance.now());
  const queue: Waiter[] = [];
  let active = 0;
  const counts = { admitted: 0, shed: 0, abandoned: 0, maxQueued: 0 };
  const waits = createHistogram();
  function finished() {
    active -= 1;
    drain();
  }

  function start(_req: Request, res: Response, next: NextFunction) {
    active += 1;
    counts.admitted += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      finished();
    };
    // "close" also fires after "finish"; whichever comes first frees the slot, once.
    res.once("finish", release);
    res.once("close", release);
    next();
  }

  function shed(req: Request, res: Response) {
    counts.shed += 1;
    if (res.headersSent || res.destroyed) return;
    res.status(503).set({ "Retry-After": String(options.retryAfterSeconds), "Cache-Control": "no-store" });
    const message = "Rosca is very busy right now. Please try again in a few seconds.";
    if (req.path.startsWith("/api/") || req.path.startsWith("/webhooks/") || (req.get("accept") ?? "").includes("application/json")) {
      res.json({ error: message });
    } else {
      res
        .type("html")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy — Rosca</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:5rem auto;padding:0 1rem;text-align:center"><h1>Something went wrong</h1><p>${message}</p><p><a href="">Refresh Page</a> · <a href="/">Go Home</a></p></body></html>`,
        );
    }
  }

  function settle(waiter: Waiter) {
    waiter.done = true;
    clearTimeout(waiter.timer);
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
  }

  function drain() {
    while (active < options.maxConcurrent && queue.length > 0) {
      const waiter = queue.shift()!;
      settle(waiter);
      if (gone(waiter.res)) {
        counts.abandoned += 1;
        continue;
      }
      waits.record(Math.max(1, Math.round((now() - waiter.queuedAt) * 1e6)));
      start(waiter.req, waiter.res, waiter.next);
    }
  }

  /**
   * A client that went away before we got to its request ("close" already emitted, so no listener would ever hear
   * it): under load, requests wait in the event loop's backlog before reaching this middleware, and a client that
   * timed out meanwhile must cost nothing, and must never hold a slot.
   */
  function gone(res: Response) {
    return res.destroyed || res.closed || (res.socket?.destroyed ?? true);
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (options.exempt?.(req)) return next();
    if (gone(res)) {
      counts.abandoned += 1;
      return;
    }
    if (active < options.maxConcurrent && queue.length === 0) {
      waits.record(1);
      return start(req, res, next);
    }
    if (queue.length >= options.maxQueue) return shed(req, res);
    const waiter: Waiter = {
      req,
      res,
      next,
      queuedAt: now(),
      done: false,
      timer: setTimeout(() => {
        if (waiter.done) return;
        settle(waiter);
        shed(req, res);
      }, options.maxWaitMs),
    };
    // A client that gives up while waiting costs nothing more.
    res.once("close", () => {
      if (waiter.done) return;
      settle(waiter);
      counts.abandoned += 1;
    });
    queue.push(waiter);
    counts.maxQueued = Math.max(counts.maxQueued, queue.length);
  }

  function stats({ reset = false }: { reset?: boolean } = {}): AdmissionStats {
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const result: AdmissionStats = {
      active,
      queued: queue.length,
      ...counts,
      queueWaitP50Ms: waits.count > 0 ? ms(waits.percentile(50)) : 0,
      queueWaitP99Ms: waits.count > 0 ? ms(waits.percentile(99)) : 0,
      queueWaitMaxMs: waits.count > 0 ? ms(waits.max) : 0,
    };
    if (reset) {
      waits.reset();
      Object.assign(counts, { admitted: 0, shed: 0, abandoned: 0, maxQueued: queue.length });
    }
    return result;
  }

  return { middleware, stats };
}

export type AdmissionControl = ReturnType<typeof admissionControl>;
