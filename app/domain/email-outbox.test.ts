import { describe, expect, it } from "vitest";
import { afterFailure, OUTBOX_POLICY, retryDelaySeconds, retryWindowSeconds } from "./email-outbox";

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

  it("queues a retryable failure for the backoff's next time", () => {
    expect(afterFailure(1, false, now)).toEqual({ status: "queued", nextAttemptAt: new Date("2026-03-01T12:00:30Z") });
    expect(afterFailure(3, false, now)).toEqual({ status: "queued", nextAttemptAt: new Date("2026-03-01T12:02:00Z") });
  });

  it("gives up after the last attempt, and at once on a permanent failure", () => {
    expect(afterFailure(OUTBOX_POLICY.maxAttempts - 1, false, now).status).toBe("queued");
    expect(afterFailure(OUTBOX_POLICY.maxAttempts, false, now)).toEqual({ status: "failed" });
    expect(afterFailure(1, true, now)).toEqual({ status: "failed" });
  });
});

describe("the retry window", () => {
  it("covers about 13 hours of outage from the first attempt to the last", () => {
    // 30 s doubling to the 1-hour cap (7 waits: 63.5 minutes), then 12 waits of an hour.
    expect(retryWindowSeconds()).toBe(30 + 60 + 120 + 240 + 480 + 960 + 1920 + 12 * 3600);
    expect(Math.round(retryWindowSeconds() / 3600)).toBe(13);
  });
});
