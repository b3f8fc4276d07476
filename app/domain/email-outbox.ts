/**
 * The email outbox's delivery policy (ADR 010): how often, how long apart and how long in all an email is tried before
 * it is given up on and shown to admins. Pure: attempts and `now` are parameters.
 */

export const OUTBOX_POLICY = {
  /**
   * Attempts in all, the first included. With the backoff below the last one is made about 13 hours after the first
   * (±20% jitter on each wait): a Postmark outage shorter than that delays mail and loses none.
   */
  maxAttempts: 20,
  /** Wait after the first failed attempt; doubled after each further failure… */
  baseDelaySeconds: 30,
  /** …up to this. */
  maxDelaySeconds: 60 * 60,
  /**
   * How long a claimed row belongs to the process sending it. Longer than any send can take (the Postmark client gives
   * up after REQUEST_TIMEOUT_SECONDS); a row still "sending" after it was abandoned by a process that died mid-send.
   */
  leaseSeconds: 120,
  /** The attempt made right after the commit, in the request that caused the email, waits at most this long. */
  inlineTimeoutSeconds: 5,
} as const;

/** Seconds to wait after the `attempt`-th failed attempt (1-based) before the next one. */
export function retryDelaySeconds(
  attempt: number,
  policy: Pick<typeof OUTBOX_POLICY, "baseDelaySeconds" | "maxDelaySeconds"> = OUTBOX_POLICY,
): number {
  const n = Math.max(1, Math.floor(attempt));
  // 2^(n-1) overflows nothing here: past ~7 attempts the cap has long won.
  return Math.min(policy.baseDelaySeconds * 2 ** Math.min(n - 1, 30), policy.maxDelaySeconds);
}

/**
 * Jitter: each wait is the backoff step times a factor drawn uniformly from [1 - jitter, 1 + jitter), so that emails
 * that failed together (an outage, a rate limit) do not all come back in the same second. `random` is a source of
 * numbers in [0, 1) (Math.random by default; tests pass a fixed one).
 */
export const JITTER = 0.2;

export function jittered(seconds: number, random: () => number = Math.random): number {
  const factor = 1 - JITTER + 2 * JITTER * Math.min(Math.max(random(), 0), 1);
  return seconds * factor;
}

/** Total time from the first attempt to the last, in seconds, without jitter (for the ADR and the admin panel's wording). */
export function retryWindowSeconds(policy = OUTBOX_POLICY): number {
  let total = 0;
  for (let attempt = 1; attempt < policy.maxAttempts; attempt += 1) total += retryDelaySeconds(attempt, policy);
  return total;
}

/**
 * What to do with a row after a failed attempt. A permanent failure (Postmark refused the message or the address for
 * good: app/domain/email-delivery.ts) is never retried; a transient one (no answer, 429, 5xx) is retried with backoff
 * and jitter until the attempts run out. Account-level refusals never get here: they pause the outbox instead.
 */
export function afterFailure(
  attempt: number,
  permanent: boolean,
  now: Date,
  policy = OUTBOX_POLICY,
  random: () => number = Math.random,
): { status: "queued"; nextAttemptAt: Date } | { status: "failed" } {
  if (permanent || attempt >= policy.maxAttempts) return { status: "failed" };
  const waitMs = Math.round(jittered(retryDelaySeconds(attempt, policy), random) * 1000);
  return { status: "queued", nextAttemptAt: new Date(now.getTime() + waitMs) };
}
