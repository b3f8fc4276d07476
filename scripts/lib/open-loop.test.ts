import { describe, expect, it } from "vitest";
import { dueAtMs, dueNow, latencyFromDueMs, percentile, requestCount, summarize } from "./open-loop.ts";

describe("the open loop's schedule", () => {
  it("spaces requests evenly at the rate: 100 req/s is one every 10 ms, not 100 at the start of each second", () => {
    expect([0, 1, 2, 99, 100, 101].map((i) => dueAtMs(i, 100))).toEqual([0, 10, 20, 990, 1000, 1010]);
    expect([0, 1, 3].map((i) => dueAtMs(i, 400))).toEqual([0, 2.5, 7.5]);
  });

  it("refuses a rate of 0 or below", () => {
    expect(() => dueAtMs(1, 0)).toThrow("an open loop needs a rate above 0 req/s (got 0)");
    expect(() => dueAtMs(1, -5)).toThrow(RangeError);
  });

  it("sends rate × duration requests", () => {
    expect(requestCount(100, 10)).toBe(1000);
    expect(requestCount(3, 0.5)).toBe(2);
  });

  it("sends what is due now, the late ones included, never more than the run holds", () => {
    // At 0 ms the first request is due.
    expect(dueNow(0, 0, 100, 1000)).toBe(1);
    // At 9.9 ms only it; at 10 ms the second.
    expect(dueNow(9.9, 1, 100, 1000)).toBe(0);
    expect(dueNow(10, 1, 100, 1000)).toBe(1);
    // A timer that woke 35 ms late (at 45 ms, with one sent) sends the four more that fell due meanwhile.
    expect(dueNow(45, 1, 100, 1000)).toBe(4);
    // Past the end: only what is left.
    expect(dueNow(20_000, 998, 100, 1000)).toBe(2);
    expect(dueNow(20_000, 1000, 100, 1000)).toBe(0);
  });
});

describe("latency from the due time", () => {
  it("counts the time a request waited to be sent", () => {
    // Request 10 at 100 req/s was due at 100 ms; it ended at 180 ms: 80 ms, even if it was sent at 170 ms.
    expect(latencyFromDueMs(10, 100, 180)).toBe(80);
    expect(latencyFromDueMs(0, 100, 3.5)).toBe(3.5);
    expect(latencyFromDueMs(10, 100, 99)).toBe(0);
  });

  it("gives exact nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it("summarizes a stall the way a user sees it: a server that stops for 500 ms at 100 req/s puts 5% of requests over 100 ms", () => {
    // 1,000 requests at 100 req/s, each answered in 2 ms, except that the server answers nothing between 5,000 and
    // 5,500 ms: the 50 requests due then all end at 5,502 ms (12 to 502 ms; mean (950 × 2 + 12,850) / 1,000 = 14.75).
    const latencies = Array.from({ length: 1000 }, (_, i) => {
      const due = dueAtMs(i, 100);
      const done = due >= 5000 && due < 5500 ? 5502 : due + 2;
      return latencyFromDueMs(i, 100, done);
    });
    expect(summarize(latencies)).toEqual({ count: 1000, p50: 2, p90: 2, p99: 402, max: 502, mean: 14.8 });
  });
});
