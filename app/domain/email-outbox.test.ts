import { describe, expect, it } from "vitest";
import { afterFailure, jittered, OUTBOX_POLICY, retryDelaySeconds, retryWindowSeconds } from "./email-outbox";

describe("retryDelaySeconds", () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [4, 240],
    [5, 480],
    [6, 960],
    [7, 1920],
    [8, 3600],
    [19, 3600],
  ])("after failed attempt %i waits %i s", (attempt, seconds) => {
    expect(retryDelaySeconds(attempt)).toBe(seconds);
  });
});

describe("afterFailure", () => {
  const now = new Date("2026-03-01T12:00:00Z");

  const middle = () => 0.5;

  it("queues a retryable failure for the backoff's next time, jittered", () => {
    // random 0.5 is the middle of the jitter: exactly the step.
    expect(afterFailure(1, false, now, OUTBOX_POLICY, middle)).toEqual({ status: "queued", nextAttemptAt: new Date("2026-03-01T12:00:30Z") });
    expect(afterFailure(3, false, now, OUTBOX_POLICY, middle)).toEqual({ status: "queued", nextAttemptAt: new Date("2026-03-01T12:02:00Z") });
    // The ends of the jitter: 20% either side of the 120 s step.
    expect(afterFailure(3, false, now, OUTBOX_POLICY, () => 0)).toEqual({ status: "queued", nextAttemptAt: new Date("2026-03-01T12:01:36Z") });
    expect(afterFailure(3, false, now, OUTBOX_POLICY, () => 0.999999)).toEqual({
      status: "queued",
      nextAttemptAt: new Date(now.getTime() + Math.round(120 * (0.8 + 0.4 * 0.999999) * 1000)),
    });
  });

  it("spreads emails that failed together over the jitter window", () => {
    const waits = Array.from({ length: 200 }, () => {
      const next = afterFailure(4, false, now);
      return next.status === "queued" ? (next.nextAttemptAt.getTime() - now.getTime()) / 1000 : Number.NaN;
    });
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(240 * 0.8);
      // The factor is below 1.2, but the wait is rounded to the millisecond: a draw within 0.5 ms of the end lands on
      // it (one of 200 draws did, in a unit run on 2026-11-29).
      expect(wait).toBeLessThanOrEqual(240 * 1.2);
    }
    // Not all in the same second: 200 draws land in more than 20 distinct seconds of the 96-second window.
    expect(new Set(waits.map(Math.floor)).size).toBeGreaterThan(20);
  });

  it("gives up after the last attempt, and at once on a permanent failure", () => {
    expect(afterFailure(OUTBOX_POLICY.maxAttempts - 1, false, now).status).toBe("queued");
    expect(afterFailure(OUTBOX_POLICY.maxAttempts, false, now)).toEqual({ status: "failed" });
    expect(afterFailure(1, true, now)).toEqual({ status: "failed" });
  });
});

describe("jittered", () => {
  it.each([
    [0, 80],
    [0.25, 90],
    [0.5, 100],
    [0.75, 110],
    [-1, 80],
    [2, 120],
  ])("with random() = %d scales 100 s to %d s", (draw, seconds) => {
    expect(jittered(100, () => draw)).toBeCloseTo(seconds, 9);
  });
});

describe("the retry window", () => {
  it("covers about 13 hours of outage from the first attempt to the last", () => {
    // 30 s doubling to the 1-hour cap (7 waits: 63.5 minutes), then 12 waits of an hour.
    expect(retryWindowSeconds()).toBe(30 + 60 + 120 + 240 + 480 + 960 + 1920 + 12 * 3600);
    expect(Math.round(retryWindowSeconds() / 3600)).toBe(13);
  });
});
