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
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { afterFailure, OUTBOX_POLICY } from "~/domain/email-outbox";
import { decryptSecret, encryptSecret } from "../platform/crypto.server";
import { db, type Db } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import { logger } from "../platform/log.server";
import { emailSender, type EmailSender } from "./postmark.server";
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

export type QueueOptions = { userId?: string | null; now?: Date };

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

type Claimed = OutboxRow & { status: "sending" };

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
    .select()
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.id,
        rows.map((row) => row.id),
      ),
    );
  return claimed as Claimed[];
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

/**
 * One attempt at one claimed row, and its outcome recorded. The record is guarded by (status, attempts): a process
 * whose lease ran out and whose row was claimed again meanwhile records nothing.
 */
async function attempt(row: Claimed, sender: EmailSender, now: () => Date): Promise<EmailResult> {
  const message = messageOf(row);
  const outcome = message
    ? await sender.send(row.toAddress, message)
    : { ok: false as const, error: "The stored email cannot be read", permanent: true };
  const mine = and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending"), eq(emailOutbox.attempts, row.attempts));
  const at = now();
  if (outcome.ok) {
    await db()
      .update(emailOutbox)
      // The payload (single-use links) is not kept once it has done its job.
      .set({ status: "sent", sentAt: at, providerMessageId: outcome.messageId, payloadEncrypted: null, leaseUntil: null, lastError: null })
      .where(mine);
    return { ok: true, status: "sent", messageId: outcome.messageId, outboxId: row.id };
  }
  const next = afterFailure(row.attempts, outcome.permanent, at);
  if (next.status === "queued") {
    await db()
      .update(emailOutbox)
      .set({ status: "queued", nextAttemptAt: next.nextAttemptAt, leaseUntil: null, lastError: outcome.error })
      .where(mine);
    return { ok: true, status: "queued", queued: true, error: outcome.error, outboxId: row.id };
  }
  await db().update(emailOutbox).set({ status: "failed", failedAt: at, leaseUntil: null, lastError: outcome.error }).where(mine);
  logger.error({ outboxId: row.id, template: row.template, attempts: row.attempts, reason: outcome.error }, "email outbox: failed for good");
  return {
    ok: false,
    status: "failed",
    error: outcome.error,
    ...("errorCode" in outcome && outcome.errorCode ? { errorCode: outcome.errorCode } : {}),
    outboxId: row.id,
  };
}

/** A row's state as an EmailResult, for rows this call did not claim (sent already, queued for later, another process's). */
function resultOf(row: OutboxRow): EmailResult {
  if (row.status === "sent") return { ok: true, status: "sent", messageId: row.providerMessageId ?? "", outboxId: row.id };
  if (row.status === "failed") return { ok: false, status: "failed", error: row.lastError ?? "Not sent", outboxId: row.id };
  return { ok: true, status: "queued", queued: true, error: row.lastError, outboxId: row.id };
}

/**
 * Try these rows now (after the commit that queued them), each with the short inline timeout. Rows that are not due or
 * are being sent elsewhere are left alone and reported as they stand. Never throws: a database error leaves the rows
 * queued for the delivery job and reports them "queued".
 */
export async function deliverEmails(ids: string[], options: { now?: Date; timeoutSeconds?: number } = {}): Promise<Map<string, EmailResult>> {
  const results = new Map<string, EmailResult>();
  if (ids.length === 0) return results;
  const clock = () => options.now ?? new Date();
  const sender = emailSender({ timeoutSeconds: options.timeoutSeconds ?? OUTBOX_POLICY.inlineTimeoutSeconds });
  try {
    const claimed = await claim(sql`id in ${ids}`, clock(), ids.length);
    // One person's emails go one after another, in the order the caller queued them (a new account's confirmation
    // before its welcome); different people's go in parallel (a new group's invitations).
    const limit = pLimit(4);
    await Promise.all(
      byRecipientInOrder(claimed, ids).map((rows) =>
        limit(async () => {
          for (const row of rows) results.set(row.id, await attempt(row, sender, clock));
        }),
      ),
    );
    const rest = ids.filter((id) => !results.has(id));
    if (rest.length > 0) {
      for (const row of await db().select().from(emailOutbox).where(inArray(emailOutbox.id, rest))) results.set(row.id, resultOf(row));
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

export type DeliveryRun = { sent: number; retrying: number; failed: number };

/**
 * The delivery job's work: every due row (and every row abandoned mid-send), in batches, with the transport's normal
 * timeout, until none is left or the time budget is spent (the next run carries on).
 */
export async function deliverDueEmails(
  options: { now?: () => Date; batchSize?: number; budgetMs?: number; concurrency?: number } = {},
): Promise<DeliveryRun> {
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 50;
  const deadline = Date.now() + (options.budgetMs ?? 50_000);
  const sender = emailSender();
  const limit = pLimit(options.concurrency ?? 4);
  const run: DeliveryRun = { sent: 0, retrying: 0, failed: 0 };
  while (Date.now() < deadline) {
    const claimed = await claim(sql`true`, now(), batchSize);
    const results = await Promise.all(claimed.map((row) => limit(() => attempt(row, sender, now))));
    for (const result of results) {
      if (result.status === "sent") run.sent += 1;
      else if (result.status === "queued") run.retrying += 1;
      else run.failed += 1;
    }
    if (claimed.length < batchSize) break;
  }
  return run;
}

// ---------------------------------------------------------------------------------------------------------------
// For admins

export type OutboxHealth = {
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
  }>;
  failedTotal: number;
};

export async function outboxHealth(now = new Date()): Promise<OutboxHealth> {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const failedWhere = and(eq(emailOutbox.status, "failed"), sql`${emailOutbox.failedAt} >= ${since}`);
  const [[counts], failed, [failedCount]] = await Promise.all([
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
      })
      .from(emailOutbox)
      .where(failedWhere)
      .orderBy(desc(emailOutbox.failedAt))
      .limit(20),
    db().select({ value: sql<number>`count(*)::int` }).from(emailOutbox).where(failedWhere),
  ]);
  return {
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
