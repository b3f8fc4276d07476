/**
 * The open loop's pure part (ADR 059, part seven (m)): a constant arrival rate as wrk2 and k6's
 * `constant-arrival-rate` executor define it. Request i is due at i / rate seconds after the start, evenly spaced (no
 * jitter), whatever happened to the requests before it; its latency runs from that due time, not from when it was
 * sent, so a generator or a server that falls behind counts the wait (coordinated omission corrected at the source).
 * The I/O (the connection pool, the timer) is in open-loop-worker.ts.
 */

/** When request `index` is due, in ms after the run's start, at `rate` requests per second. */
export function dueAtMs(index: number, rate: number): number {
  if (!(rate > 0)) throw new RangeError(`an open loop needs a rate above 0 req/s (got ${rate})`);
  return (index * 1000) / rate;
}

/** How many requests a run of `durationS` seconds at `rate` req/s sends: those due before its end. */
export function requestCount(rate: number, durationS: number): number {
  return Math.ceil(rate * durationS - 1e-9);
}

/**
 * The requests due by `elapsedMs` that have not been sent yet (`sent` of them have), up to `total`: the generator
 * sends each of them at once, late ones included, so a late wake-up never thins the rate.
 */
export function dueNow(elapsedMs: number, sent: number, rate: number, total: number): number {
  const due = Math.min(total, Math.floor((elapsedMs * rate) / 1000 + 1e-9) + 1);
  return Math.max(0, due - sent);
}

/** A request's latency as its user sees it: from when it was due to when its answer ended, never below 0. */
export function latencyFromDueMs(index: number, rate: number, doneAtMs: number): number {
  return Math.max(0, doneAtMs - dueAtMs(index, rate));
}

/** The nearest-rank percentile (p in 0–100) of `sorted` (ascending): the smallest value with p% at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

export type LatencySummary = { count: number; p50: number; p90: number; p99: number; max: number; mean: number };

/** p50/p90/p99/max/mean of latencies in ms, exact (sorted, not bucketed), rounded to 0.1 ms. */
export function summarize(latenciesMs: readonly number[]): LatencySummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const sum = sorted.reduce((total, ms) => total + ms, 0);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    mean: sorted.length > 0 ? round(sum / sorted.length) : 0,
  };
}
