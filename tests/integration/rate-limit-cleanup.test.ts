/**
 * deleteExpiredRateLimits (app/server/auth/rate-limit.server.ts): the rate limiter's counters whose window has ended
 * are deleted, in batches, and nothing else; a deleted counter starts a fresh window, as an expired one would.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
const { consumeAttempt, deleteExpiredRateLimits } = await import("../../app/server/auth/rate-limit.server");
const { db } = await import("../../app/server/db/client.server");
const { rateLimits } = await import("../../app/server/db/schema");
const { asc } = await import("drizzle-orm");

async function keys() {
  return (await db().select({ key: rateLimits.key }).from(rateLimits).orderBy(asc(rateLimits.key))).map((row) => row.key);
}

describe("deleteExpiredRateLimits", () => {
  it("deletes every counter whose window has ended, in batches, and keeps the live ones", async () => {
    const now = Date.now();
    await db()
      .insert(rateLimits)
      .values([
        ...Array.from({ length: 7 }, (_, i) => ({ key: `login-ip:198.51.100.${i}`, points: 3, expire: now - (i + 1) * 60_000 })),
        { key: "login-ip:198.51.100.200", points: 1, expire: now + 60_000 },
        { key: "reset-ip:198.51.100.201", points: 1, expire: null },
      ]);
    // A counter the library itself writes (login-account: 15 minutes).
    expect(await consumeAttempt([["login-account", "cleanup@example.com"]])).toBe(true);

    expect(await deleteExpiredRateLimits({ batchSize: 3 })).toBe(7);
    expect(await keys()).toEqual(["login-account:cleanup@example.com", "login-ip:198.51.100.200", "reset-ip:198.51.100.201"]);
    expect(await deleteExpiredRateLimits()).toBe(0);

    // Sixteen minutes on, the login counter's window has ended too.
    expect(await deleteExpiredRateLimits({ now: new Date(now + 16 * 60_000) })).toBe(2);
    expect(await keys()).toEqual(["reset-ip:198.51.100.201"]);
  });

  it("a deleted counter starts a fresh window: ten more tries, as after its window ended", async () => {
    const attempt = () => consumeAttempt([["login-account", "fresh@example.com"]]);
    for (let i = 0; i < 10; i++) expect(await attempt()).toBe(true);
    expect(await attempt()).toBe(false);
    expect(await deleteExpiredRateLimits({ now: new Date(Date.now() + 16 * 60_000) })).toBe(1);
    for (let i = 0; i < 10; i++) expect(await attempt()).toBe(true);
    expect(await attempt()).toBe(false);
  });
});
