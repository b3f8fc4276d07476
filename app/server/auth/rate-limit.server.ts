/**
 * Brute-force and abuse protection for login, password-reset requests and the contact form, counted in PostgreSQL so every app machine shares
 * the same counters (rate-limiter-flexible, ADR 002). Keys are per account (normalised email) and per client IP.
 */
import { sql } from "drizzle-orm";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { db, getPool } from "../db/client.server";
import { rateLimits } from "../db/schema";

import { AUTH_MESSAGES } from "~/domain/auth";

export const TOO_MANY_ATTEMPTS = AUTH_MESSAGES.tooManyAttempts;

type LimiterName =
  | "login-account"
  | "login-ip"
  | "reset-account"
  | "reset-ip"
  | "confirm-account"
  | "confirm-ip"
  | "contact-ip"
  | "register-ip"
  | "invite-user"
  | "email-change-user";

const LIMITS: Record<LimiterName, { points: number; duration: number }> = {
  // 10 tries per account per 15 minutes: enough for typos, far too few to guess a password.
  "login-account": { points: 10, duration: 15 * 60 },
  // An IP may be a shared office or campus NAT, so it gets more room than one account.
  "login-ip": { points: Number(process.env.LOGIN_RATE_LIMIT_PER_IP ?? 50), duration: 15 * 60 },
  "reset-account": { points: 3, duration: 60 * 60 },
  "reset-ip": { points: Number(process.env.RESET_RATE_LIMIT_PER_IP ?? 20), duration: 60 * 60 },
  // "Resend confirmation email": a few per address an hour (an inbox is not a target to flood), more per network.
  "confirm-account": { points: 3, duration: 60 * 60 },
  "confirm-ip": { points: Number(process.env.CONFIRM_RATE_LIMIT_PER_IP ?? 20), duration: 60 * 60 },
  // Sign-ups: a family registering together fits; probing which emails have accounts does not.
  "register-ip": { points: Number(process.env.REGISTER_RATE_LIMIT_PER_IP ?? 20), duration: 60 * 60 },
  // The public contact form: generous for people, a wall for scripts that get past the honeypot.
  "contact-ip": { points: Number(process.env.CONTACT_RATE_LIMIT_PER_IP ?? 10), duration: 60 * 60 },
  // Unknown invite codes per signed-in user: a person mistypes a few; guessing 128-bit codes needs billions.
  "invite-user": { points: Number(process.env.INVITE_LOOKUP_LIMIT_PER_USER ?? 30), duration: 15 * 60 },
  // Email changes per signed-in user: a typo or two; not a way to probe which addresses have accounts.
  "email-change-user": { points: 5, duration: 60 * 60 },
};

const limiters = new Map<LimiterName, { pool: ReturnType<typeof getPool>; limiter: RateLimiterPostgres }>();

/** The limiter on the current pool (a pool closed and reopened, as tests and restarts do, gets a new limiter). */
function limiter(name: LimiterName) {
  const pool = getPool();
  const cached = limiters.get(name);
  if (cached?.pool === pool) return cached.limiter;
  const current = new RateLimiterPostgres({
    storeClient: pool,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true, // created by our migrations
    clearExpiredByTimeout: false, // no background timers in the request path
    keyPrefix: name,
    ...LIMITS[name],
  });
  limiters.set(name, { pool, limiter: current });
  return current;
}

/**
 * Count one attempt against each key; false once any is over its limit. Store errors propagate: failing open
 * would silently disable the protection.
 */
export async function consumeAttempt(pairs: Array<[LimiterName, string]>): Promise<boolean> {
  for (const [name, key] of pairs) {
    try {
      await limiter(name).consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }
  return true;
}

/** A successful login clears the account's counter (the IP's keeps counting). */
export async function resetAttempts(name: LimiterName, key: string) {
  await limiter(name).delete(key);
}

/**
 * Delete the counters whose window has ended (`expire`, the library's epoch milliseconds, before `now`): the library
 * only overwrites a key when it is used again, so without this every address and account ever limited stays a row.
 * In batches of `batchSize`, each one short statement that skips rows a request holds (they are expired, or about to
 * be reset by that request). Returns how many were deleted. Run periodically by the worker (the job queue's cron).
 * An expired counter deleted is the same as one reset: the next attempt starts a new window, as it would have anyway.
 */
export async function deleteExpiredRateLimits(options: { now?: Date; batchSize?: number } = {}): Promise<number> {
  const now = (options.now ?? new Date()).getTime();
  const batchSize = options.batchSize ?? 5_000;
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db().execute(sql`
      delete from ${rateLimits} r using (
        select key from ${rateLimits} where expire < ${now} limit ${batchSize} for update skip locked) expired
      where r.key = expired.key`);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < batchSize) return deleted;
  }
}
