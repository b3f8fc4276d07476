/**
 * The email outbox (ADR 010). Every email the app sends is a row in email_outbox before anyone talks to Postmark:
 *
 * 1. queueEmail(executor, …) writes the row in the caller's transaction, so the email exists exactly when the event that
 *    caused it committed (a rolled-back registration sends nothing; a committed one cannot lose its confirmation).
 * 2. Right after the commit, the caller asks for delivery now (deliverEmails), with a short timeout: the normal case
 *    costs one Postmark round trip, as before, and the page can say truthfully whether the email went out.
 * 3. Whatever that attempt did not deliver (Postmark down or slow, the process gone before it tried) is delivered by the
 *    `email.outbox` pg-boss job (every minute, in every worker; app/server/jobs), which retries each row with backoff
 *    (app/domain/email-outbox.ts) until it is sent or its attempts run out. Then it is "failed", shown to admins in
 *    /admin, and an admin can send it again.
 *
 * Exactly-once is not on offer (Postmark has no idempotency key): a process that dies after Postmark accepted a message
 * and before the row says "sent" leaves it to be sent again when its lease runs out. Apart from that crash window, a row
 * is sent once: every attempt first claims the row (status "sending" with a lease, one UPDATE), and only the claimant
 * records the outcome.
 *
 * A failed attempt is judged by what it is about (app/domain/email-delivery.ts; ADR 010's amendment):
 * - the account (bad token, unconfirmed sender, pending account): the outbox pauses (pause.server.ts); the email goes
 *   back as it was, its attempt not counted, and nothing is sent until a probe is accepted;
 * - the recipient (inactive or invalid address): that email is given up on and the address marked undeliverable
 *   (undeliverable.server.ts), in one transaction; nobody else's mail is touched;
 * - nothing lasting (no answer, 429, 5xx): retried with backoff and jitter, until the attempts run out;
 * - the message itself (any other refusal): given up on, shown to admins.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { afterFailure, OUTBOX_POLICY } from "~/domain/email-outbox";
import type { UndeliverableReason } from "~/domain/email-delivery";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/domain/locale";
import { plural } from "~/domain/plural";
import { decryptSecret, encryptSecret } from "../platform/crypto.server";
import { db, type Db } from "../db/client.server";
import { emailOutbox, undeliverableAddresses, users } from "../db/schema";
import { logger } from "../platform/log.server";
import { recordEmailAttempt } from "../platform/metrics.server";
import { pausedMessage, pauseOutbox, pauseState, resumeOutbox, takeProbe, type OutboxPause } from "./pause.server";
import { emailSender, type EmailSender, type TransportFailure } from "./postmark.server";
import { markUndeliverable } from "./undeliverable.server";
import { isTemplateName, templateDataSchemas, type EmailMessage } from "./templates";

type OutboxRow = typeof emailOutbox.$inferSelect;
type Inserter = Pick<Db, "insert">;

/**
 * What became of one email:
 * - sent: Postmark accepted it (messageId is Postmark's).
 * - queued: it is safe in the outbox but not sent yet (Postmark did not answer, or it is another process's turn); it
 *   will be retried. `ok` is true: nothing is lost and nothing needs doing, but the email has not been sent, and
 *   pages must not say it was.
 * - failed: it will not be sent (Postmark refused it for good, or its attempts ran out, or it could not be stored).
 */
export type EmailResult =
  | { ok: true; status: "sent"; messageId: string; outboxId: string }
  | { ok: true; status: "queued"; queued: true; error: string | null; outboxId: string }
  | { ok: false; status: "failed"; error: string; errorCode?: number; outboxId?: string };

/**
 * userId: the user the email is to or about. locale: the language of the request that caused it, for a recipient who
 * has no language on an account (a visitor resetting a password, a new account that never chose): when it sends, the
 * outbox writes in the recipient's account's language if they have one, else this, else English (ADR 056).
 */
export type QueueOptions = { userId?: string | null; now?: Date; locale?: Locale | null };

/** Write an email to the outbox, in the caller's transaction when given one. Throws on a database error (so the transaction fails with it). */
export async function queueEmail(executor: Inserter, to: string, message: EmailMessage, options: QueueOptions = {}): Promise<string> {
  const now = options.now ?? new Date();
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      toAddress: to,
      template: message.template,
      payloadEncrypted: encryptSecret(JSON.stringify(message.data)),
      userId: options.userId ?? null,
      locale: options.locale ?? null,
      status: "queued",
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** Queue and try at once, outside any transaction (for emails no database change causes, e.g. the contact form). Never throws. */
export async function sendEmail(to: string, message: EmailMessage, options: QueueOptions = {}): Promise<EmailResult> {
  let outboxId: string;
  try {
    outboxId = await queueEmail(db(), to, message, options);
  } catch (error) {
    logger.error({ err: error, template: message.template }, "email: could not be written to the outbox");
    return { ok: false, status: "failed", error: "The email could not be queued" };
  }
  const results = await deliverEmails([outboxId], { now: options.now });
  return results.get(outboxId)!;
}

// ---------------------------------------------------------------------------------------------------------------
// Delivery

/** A claimed row, with the language its recipient's account asks for (read when it is sent, so a switch counts). */
type Claimed = OutboxRow & { status: "sending"; accountLocale: string | null };

/** Claim rows that are due (or were abandoned mid-send): one UPDATE, so two claimants never get the same row. */
async function claim(where: ReturnType<typeof sql>, now: Date, limit: number): Promise<Claimed[]> {
  const leaseUntil = new Date(now.getTime() + OUTBOX_POLICY.leaseSeconds * 1000);
  const { rows } = await db().execute<{ id: string }>(sql`
    update ${emailOutbox} set status = 'sending', attempts = attempts + 1, lease_until = ${leaseUntil}
    where id in (
      select id from ${emailOutbox}
      where ${where}
        and ((status = 'queued' and next_attempt_at <= ${now}) or (status = 'sending' and lease_until < ${now}))
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  if (rows.length === 0) return [];
  const claimed = await db()
    .select({
      row: emailOutbox,
      // The recipient's own account (by address), else the account the email is for (a new address being confirmed).
      accountLocale: sql<string | null>`coalesce(
        (select u.locale from ${users} u where lower(u.email) = lower(${emailOutbox.toAddress})),
        (select u.locale from ${users} u where u.id = ${emailOutbox.userId}))`,
    })
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.id,
        rows.map((row) => row.id),
      ),
    );
  return claimed.map(({ row, accountLocale }) => ({ ...row, accountLocale }) as Claimed);
}

function messageOf(row: OutboxRow): EmailMessage | null {
  if (!isTemplateName(row.template) || !row.payloadEncrypted) return null;
  try {
    const data = templateDataSchemas[row.template].parse(JSON.parse(decryptSecret(row.payloadEncrypted)));
    return { template: row.template, data } as EmailMessage;
  } catch (error) {
    logger.error({ err: error, outboxId: row.id, template: row.template }, "email outbox: the stored email cannot be read");
    return null;
  }
}

/** The language to write in: the recipient's account's choice, else the causing request's, else English (ADR 056). */
export function recipientLocale(row: Pick<OutboxRow, "locale"> & { accountLocale: string | null }): Locale {
  if (isLocale(row.accountLocale)) return row.accountLocale;
  return isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
}

/**
 * What one delivery call shares between its attempts: the pause, once any of them met (or found) it, so that rows
 * claimed in the same batch are put back unsent instead of each meeting the same refusal; and whether this call holds
 * the probe's turn (an accepted probe ends the pause).
 */
type Run = { paused: OutboxPause | null; probing: boolean; random?: () => number };

/** Why an address is undeliverable, from Postmark's refusal: ErrorCode 406 is an inactive recipient, 300 a bad address. */
function undeliverableReason(outcome: TransportFailure): UndeliverableReason {
  return outcome.errorCode === 406 ? "inactive" : "invalid";
}

/**
 * One attempt at one claimed row, and its outcome recorded. The record is guarded by (status, attempts): a process
 * whose lease ran out and whose row was claimed again meanwhile records nothing.
 */
async function attempt(row: Claimed, sender: EmailSender, now: () => Date, run: Run): Promise<EmailResult> {
  const mine = and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending"), eq(emailOutbox.attempts, row.attempts));
  // Paused while this row waited its turn in the batch: back as it was, not sent, not counted.
  if (run.paused) {
    await db()
      .update(emailOutbox)
      .set({ status: "queued", attempts: row.attempts - 1, leaseUntil: null })
      .where(mine);
    return { ok: true, status: "queued", queued: true, error: pausedMessage(run.paused), outboxId: row.id };
  }
  const message = messageOf(row);
  const outcome: Awaited<ReturnType<EmailSender["send"]>> = message
    ? await sender.send(row.toAddress, message, recipientLocale(row))
    : { ok: false, error: "The stored email cannot be read", httpStatus: 0, failure: "message" };
  const at = now();
  recordEmailAttempt(outcome.ok ? "sent" : outcome.failure);
  if (outcome.ok) {
    await db()
      .update(emailOutbox)
      // The payload (single-use links) is not kept once it has done its job.
      .set({ status: "sent", sentAt: at, providerMessageId: outcome.messageId, payloadEncrypted: null, leaseUntil: null, lastError: null })
      .where(mine);
    if (run.probing) {
      run.probing = false;
      if (await resumeOutbox(`a probe was accepted (outbox row ${row.id})`)) await backlogDueNow(at);
    }
    return { ok: true, status: "sent", messageId: outcome.messageId, outboxId: row.id };
  }

  if (outcome.failure === "account") {
    // Nothing is given up for the account's sake: the row goes back with its attempt uncounted, and the outbox pauses.
    const { pause } = await db().transaction(async (tx) => {
      await tx
        .update(emailOutbox)
        .set({ status: "queued", attempts: row.attempts - 1, leaseUntil: null, lastError: outcome.error })
        .where(mine);
      return pauseOutbox(tx, { statusCode: outcome.httpStatus, errorCode: outcome.errorCode, message: outcome.error }, at);
    });
    run.paused = pause;
    run.probing = false;
    return { ok: true, status: "queued", queued: true, error: pausedMessage(pause), outboxId: row.id };
  }

  const failedFor = (error: string) => ({
    ok: false as const,
    status: "failed" as const,
    error,
    ...(outcome.errorCode ? { errorCode: outcome.errorCode } : {}),
    outboxId: row.id,
  });

  if (outcome.failure === "recipient") {
    // This address, for good: the email is given up on and the address marked, together.
    await db().transaction(async (tx) => {
      const updated = await tx
        .update(emailOutbox)
        .set({ status: "failed", failedAt: at, leaseUntil: null, lastError: outcome.error })
        .where(mine)
        .returning({ id: emailOutbox.id });
      if (updated.length === 0) return;
      await markUndeliverable(tx, { address: row.toAddress, reason: undeliverableReason(outcome), detail: outcome.error, source: "send", now: at });
    });
    logger.warn(
      { outboxId: row.id, template: row.template, errorCode: outcome.errorCode, reason: outcome.error },
      "email outbox: recipient undeliverable",
    );
    return failedFor(outcome.error);
  }

  const next = afterFailure(row.attempts, outcome.failure === "message", at, OUTBOX_POLICY, run.random);
  if (next.status === "queued") {
    await db()
      .update(emailOutbox)
      .set({ status: "queued", nextAttemptAt: next.nextAttemptAt, leaseUntil: null, lastError: outcome.error })
      .where(mine);
    return { ok: true, status: "queued", queued: true, error: outcome.error, outboxId: row.id };
  }
  await db().update(emailOutbox).set({ status: "failed", failedAt: at, leaseUntil: null, lastError: outcome.error }).where(mine);
  logger.error({ outboxId: row.id, template: row.template, attempts: row.attempts, reason: outcome.error }, "email outbox: failed for good");
  return failedFor(outcome.error);
}

/**
 * The mail service has just accepted a probe: every waiting email goes now, with those a failure pushed back while the
 * outbox was paused (a probe that got no answer waits out its backoff otherwise, behind a backlog that has already
 * gone). Only rows with a failed attempt behind them: a row queued for later on purpose keeps its time.
 */
async function backlogDueNow(now: Date) {
  await db()
    .update(emailOutbox)
    .set({ nextAttemptAt: now })
    .where(and(eq(emailOutbox.status, "queued"), sql`${emailOutbox.attempts} > 0`, sql`${emailOutbox.nextAttemptAt} > ${now}`));
}

/** A row's state as an EmailResult, for rows this call did not claim (sent already, queued for later, another process's). */
function resultOf(row: OutboxRow): EmailResult {
  if (row.status === "sent") return { ok: true, status: "sent", messageId: row.providerMessageId ?? "", outboxId: row.id };
  if (row.status === "failed") return { ok: false, status: "failed", error: row.lastError ?? "Not sent", outboxId: row.id };
  return { ok: true, status: "queued", queued: true, error: row.lastError, outboxId: row.id };
}

/**
 * How a delivery call starts: not paused, a run that sends; paused and the probe's turn is this caller's (it has come,
 * or `force`), a run whose first attempt is the probe; paused otherwise, `waiting`: nothing is to be sent.
 */
async function startRun(now: Date, options: { force?: boolean; random?: () => number } = {}): Promise<Run | { paused: OutboxPause; waiting: true }> {
  const pause = await pauseState();
  if (!pause) return { paused: null, probing: false, random: options.random };
  const turn = await takeProbe(now, { force: options.force });
  if (!turn) return { paused: pause, waiting: true };
  return { paused: null, probing: true, random: options.random };
}

/**
 * Try these rows now (after the commit that queued them), each with the short inline timeout. Rows that are not due or
 * are being sent elsewhere are left alone and reported as they stand. While the outbox is paused they wait (reported
 * "queued", with the pause's reason), unless the probe's turn has come: then the first of them is the probe, and the
 * rest go once it is accepted. Never throws: a database error leaves the rows queued for the delivery job and reports
 * them "queued".
 */
export async function deliverEmails(ids: string[], options: { now?: Date; timeoutSeconds?: number } = {}): Promise<Map<string, EmailResult>> {
  const results = new Map<string, EmailResult>();
  if (ids.length === 0) return results;
  const clock = () => options.now ?? new Date();
  const sender = emailSender({ timeoutSeconds: options.timeoutSeconds ?? OUTBOX_POLICY.inlineTimeoutSeconds });
  try {
    const run = await startRun(clock());
    if ("waiting" in run) {
      for (const id of ids) results.set(id, { ok: true, status: "queued", queued: true, error: pausedMessage(run.paused), outboxId: id });
      return results;
    }
    if (run.probing) {
      // One email tests the account (the first the caller queued, if it is due: a confirmation before its welcome); the
      // others follow only if it is accepted.
      let [probe] = await claim(sql`id = ${ids[0]}`, clock(), 1);
      if (!probe) [probe] = await claim(sql`id in ${ids}`, clock(), 1);
      if (probe) results.set(probe.id, await attempt(probe, sender, clock, run));
      if (run.probing || run.paused) {
        const pause = run.paused ?? (await pauseState());
        for (const id of ids) {
          if (!results.has(id))
            results.set(id, { ok: true, status: "queued", queued: true, error: pause ? pausedMessage(pause) : null, outboxId: id });
        }
        return results;
      }
    }
    const rest = ids.filter((id) => !results.has(id));
    const claimed = await claim(sql`id in ${rest}`, clock(), rest.length);
    // One person's emails go one after another, in the order the caller queued them (a new account's confirmation
    // before its welcome); different people's go in parallel (a new group's invitations).
    const limit = pLimit(4);
    await Promise.all(
      byRecipientInOrder(claimed, rest).map((rows) =>
        limit(async () => {
          for (const row of rows) results.set(row.id, await attempt(row, sender, clock, run));
        }),
      ),
    );
    const unclaimed = ids.filter((id) => !results.has(id));
    if (unclaimed.length > 0) {
      for (const row of await db().select().from(emailOutbox).where(inArray(emailOutbox.id, unclaimed))) results.set(row.id, resultOf(row));
    }
  } catch (error) {
    logger.error({ err: error, outboxIds: ids }, "email outbox: immediate delivery failed; the delivery job will retry");
  }
  for (const id of ids) if (!results.has(id)) results.set(id, { ok: true, status: "queued", queued: true, error: null, outboxId: id });
  return results;
}

const inBackground = new Set<Promise<unknown>>();

/**
 * `deliverEmails` without waiting for it: for answers that must not depend on the mail service (a reset request says
 * the same, as fast, whether or not the address has an account). What this process does not get to deliver (it stops,
 * the service is down) the delivery job retries from the outbox.
 */
export function deliverInBackground(ids: string[]) {
  const run: Promise<unknown> = deliverEmails(ids)
    .catch((error) => logger.error({ err: error, outboxIds: ids }, "email outbox: background delivery failed"))
    .finally(() => inBackground.delete(run));
  inBackground.add(run);
}

/** Resolves once every background delivery started so far has finished (tests; a graceful stop). */
export async function backgroundDeliveries() {
  await Promise.allSettled([...inBackground]);
}

/** Rows grouped by recipient (case-insensitively), each group in the order of `ids`. */
function byRecipientInOrder(rows: Claimed[], ids: string[]): Claimed[][] {
  const position = new Map(ids.map((id, index) => [id, index]));
  const groups = new Map<string, Claimed[]>();
  for (const row of [...rows].sort((a, b) => position.get(a.id)! - position.get(b.id)!)) {
    const key = row.toAddress.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

export type DeliveryRun = { sent: number; retrying: number; failed: number; paused?: boolean };

/**
 * The delivery job's work: every due row (and every row abandoned mid-send), in batches, with the transport's normal
 * timeout, until none is left or the time budget is spent (the next run carries on). While the outbox is paused, one
 * due row is tried when the probe's turn comes (`force`: now), and the run carries on only if it was accepted.
 */
export async function deliverDueEmails(
  options: { now?: () => Date; batchSize?: number; budgetMs?: number; concurrency?: number; force?: boolean; random?: () => number } = {},
): Promise<DeliveryRun> {
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 50;
  const deadline = Date.now() + (options.budgetMs ?? 50_000);
  const sender = emailSender();
  const limit = pLimit(options.concurrency ?? 4);
  const tally: DeliveryRun = { sent: 0, retrying: 0, failed: 0 };
  const count = (result: EmailResult) => {
    if (result.status === "sent") tally.sent += 1;
    else if (result.status === "queued") tally.retrying += 1;
    else tally.failed += 1;
  };
  const run = await startRun(now(), { force: options.force, random: options.random });
  if ("waiting" in run) return { ...tally, paused: true };
  if (run.probing) {
    const [probe] = await claim(sql`true`, now(), 1);
    if (probe) count(await attempt(probe, sender, now, run));
    // Not accepted (refused again, no answer, or nothing due to probe with): still paused.
    if (run.probing || run.paused) return { ...tally, paused: true };
  }
  while (Date.now() < deadline && !run.paused) {
    const claimed = await claim(sql`true`, now(), batchSize);
    const results = await Promise.all(claimed.map((row) => limit(() => attempt(row, sender, now, run))));
    for (const result of results) count(result);
    if (claimed.length < batchSize) break;
  }
  return run.paused ? { ...tally, paused: true } : tally;
}

// ---------------------------------------------------------------------------------------------------------------
// For admins

export type OutboxHealth = {
  /** Paused after the mail service refused the account (pause.server.ts), or null while sending. */
  paused: { since: Date; reason: string; detail: string | null; nextProbeAt: Date; probes: number } | null;
  /** Waiting for an attempt or being sent. */
  pending: number;
  /** Of those, how many have failed at least once (Postmark trouble shows here first). */
  retrying: number;
  oldestPendingAt: Date | null;
  /** Given up on, last 30 days, newest first (at most 20 listed; `failedTotal` counts them all). */
  failed: Array<{
    id: string;
    toAddress: string;
    template: string;
    attempts: number;
    lastError: string | null;
    failedAt: Date | null;
    createdAt: Date;
    /** Why the address is marked undeliverable (undeliverable.server.ts), when it is: sending again will not help. */
    undeliverable: UndeliverableReason | null;
  }>;
  failedTotal: number;
};

export async function outboxHealth(now = new Date()): Promise<OutboxHealth> {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const failedWhere = and(eq(emailOutbox.status, "failed"), sql`${emailOutbox.failedAt} >= ${since}`);
  const [[counts], failed, [failedCount], pause] = await Promise.all([
    db()
      .select({
        pending: sql<number>`count(*)::int`,
        retrying: sql<number>`count(*) filter (where ${emailOutbox.attempts} > 0 and ${emailOutbox.status} = 'queued')::int`,
        oldest: sql<Date | null>`min(${emailOutbox.createdAt})`,
      })
      .from(emailOutbox)
      .where(or(eq(emailOutbox.status, "queued"), eq(emailOutbox.status, "sending"))),
    db()
      .select({
        id: emailOutbox.id,
        toAddress: emailOutbox.toAddress,
        template: emailOutbox.template,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        failedAt: emailOutbox.failedAt,
        createdAt: emailOutbox.createdAt,
        undeliverable: sql<UndeliverableReason | null>`(
          select u.reason from ${undeliverableAddresses} u where u.address = lower(${emailOutbox.toAddress}))`,
      })
      .from(emailOutbox)
      .where(failedWhere)
      .orderBy(desc(emailOutbox.failedAt))
      .limit(20),
    db().select({ value: sql<number>`count(*)::int` }).from(emailOutbox).where(failedWhere),
    pauseState(),
  ]);
  return {
    paused: pause
      ? { since: pause.pausedAt, reason: pause.reason, detail: pause.detail, nextProbeAt: pause.nextProbeAt, probes: pause.probes }
      : null,
    pending: counts?.pending ?? 0,
    retrying: counts?.retrying ?? 0,
    oldestPendingAt: counts?.oldest ? new Date(counts.oldest) : null,
    failed,
    failedTotal: failedCount?.value ?? 0,
  };
}

/**
 * An admin sends a failed email again: back to "queued" with a fresh set of attempts, and one attempt now. Returns null
 * when the row is not a failed one (sent meanwhile, unknown id) or its payload is gone.
 */
export async function retryFailedEmail(id: string, now = new Date()): Promise<EmailResult | null> {
  const reset = await db()
    .update(emailOutbox)
    .set({ status: "queued", attempts: 0, nextAttemptAt: now, failedAt: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed"), sql`${emailOutbox.payloadEncrypted} is not null`))
    .returning({ id: emailOutbox.id });
  if (reset.length === 0) return null;
  const results = await deliverEmails([id], { now });
  return results.get(id)!;
}

export type ProbeResult =
  | { status: "not-paused" }
  /** The probe was accepted: sending resumed, the backlog is on its way. */
  | { status: "resumed" }
  /** Nothing was waiting to probe with: the pause is lifted, and the next email shows whether the cause is fixed. */
  | { status: "nothing-waiting" }
  /** Refused again, or no answer: still paused, with the reason as it stands. */
  | { status: "still-paused"; reason: string };

/**
 * An admin's "Try again" on a paused outbox: the probe now, whatever its schedule. Accepted, the rest of the backlog is
 * sent in the background (the delivery job would within a minute anyway).
 */
export async function probePausedOutbox(now = new Date()): Promise<ProbeResult> {
  const before = await pauseState();
  if (!before) return { status: "not-paused" };
  const waiting = await db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(or(eq(emailOutbox.status, "queued"), eq(emailOutbox.status, "sending")))
    .limit(1);
  if (waiting.length === 0) {
    await resumeOutbox("an admin resumed it with nothing waiting");
    return { status: "nothing-waiting" };
  }
  // Probe with the oldest waiting email, due or not (it is one email; the admin asked for now).
  await db()
    .update(emailOutbox)
    .set({ nextAttemptAt: now })
    .where(sql`${emailOutbox.id} = (select id from ${emailOutbox} where status = 'queued' order by created_at limit 1)`);
  const run = await deliverDueEmails({ now: () => now, force: true, batchSize: 1, budgetMs: 0 });
  const after = await pauseState();
  if (after) return { status: "still-paused", reason: after.reason };
  if (run.sent > 0) {
    const rest: Promise<unknown> = deliverDueEmails()
      .catch((error) => logger.error({ err: error }, "email outbox: sending the backlog after a probe failed"))
      .finally(() => inBackground.delete(rest));
    inBackground.add(rest);
  }
  return { status: "resumed" };
}

/** The health check's line while paused ("Email paused: <reason> (3 emails waiting)"), or null while sending. */
export async function emailPausedLine(): Promise<string | null> {
  const pause = await pauseState();
  if (!pause) return null;
  const [row] = await db()
    .select({ waiting: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(or(eq(emailOutbox.status, "queued"), eq(emailOutbox.status, "sending")));
  const waiting = row?.waiting ?? 0;
  return `${pausedMessage(pause)} (${plural(waiting, { one: "email", other: "emails" })} waiting)`;
}
