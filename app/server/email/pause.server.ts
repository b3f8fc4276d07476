/**
 * The outbox's pause (ADR 010's amendment, issue 31). When the mail service refuses the account itself (a wrong server
 * token, a From address that is not a confirmed sender signature, an account pending approval, no sender configured),
 * every email would be refused the same way: trying each one until its attempts run out would give up the whole queue
 * for a setting an operator can fix in a minute. Instead the outbox pauses:
 *
 * - one row in email_outbox_pause says so, with the reason; every email waits as it is, its attempts not counted;
 * - a probe (one real queued email) is tried when next_probe_at comes (1 minute, doubling to 15), or at once when an
 *   admin presses "Try again"; taking the probe's turn is one guarded UPDATE, so of all the processes delivering mail
 *   one probes at a time;
 * - the first probe Postmark accepts deletes the row: sending resumes, and the delivery job sends the backlog.
 *
 * The admin console ("Email paused: <reason>", with the count waiting) and /readyz read pauseState().
 */
import { eq, sql } from "drizzle-orm";
import { pauseReason, probeDelaySeconds, type SendFailure } from "~/domain/email-delivery";
import type { Db } from "../db/client.server";
import { db } from "../db/client.server";
import { emailOutboxPause } from "../db/schema";
import { logger } from "../platform/log.server";

export type OutboxPause = typeof emailOutboxPause.$inferSelect;

/** The pause, or null while sending. */
export async function pauseState(executor: Pick<Db, "select"> = db()): Promise<OutboxPause | null> {
  const [row] = await executor.select().from(emailOutboxPause).where(eq(emailOutboxPause.id, 1)).limit(1);
  return row ?? null;
}

/** What pages and admins are told while paused. */
export function pausedMessage(pause: Pick<OutboxPause, "reason">) {
  return `Email paused: ${pause.reason}`;
}

/**
 * Pause the outbox after an account-level refusal, in the caller's transaction (the email that met it is put back in
 * the same one). Already paused: the reason is brought up to date (a token fixed, the sender still unconfirmed), the
 * start and the probe schedule stay. Returns the pause and whether this call started it.
 */
export async function pauseOutbox(tx: Pick<Db, "execute">, failure: SendFailure, now: Date): Promise<{ pause: OutboxPause; started: boolean }> {
  const reason = pauseReason(failure);
  const nextProbeAt = new Date(now.getTime() + probeDelaySeconds(0) * 1000);
  const { rows } = await tx.execute<Record<string, unknown> & { started: boolean }>(sql`
    insert into ${emailOutboxPause} (id, paused_at, reason, detail, error_code, http_status, probes, next_probe_at)
    values (1, ${now}, ${reason}, ${failure.message.slice(0, 2000)}, ${failure.errorCode ?? null}, ${failure.statusCode}, 0, ${nextProbeAt})
    on conflict (id) do update set reason = excluded.reason, detail = excluded.detail, error_code = excluded.error_code,
      http_status = excluded.http_status
    returning id, paused_at, reason, detail, error_code, http_status, probes, next_probe_at, last_probe_at, (xmax = 0) as started`);
  const row = rows[0]!;
  const pause: OutboxPause = {
    id: Number(row.id),
    pausedAt: new Date(row.paused_at as string),
    reason: row.reason as string,
    detail: (row.detail as string | null) ?? null,
    errorCode: (row.error_code as number | null) ?? null,
    httpStatus: (row.http_status as number | null) ?? null,
    probes: Number(row.probes),
    nextProbeAt: new Date(row.next_probe_at as string),
    lastProbeAt: row.last_probe_at ? new Date(row.last_probe_at as string) : null,
  };
  if (row.started)
    logger.error({ reason, errorCode: failure.errorCode, httpStatus: failure.statusCode, detail: failure.message }, "email outbox: paused");
  return { pause, started: Boolean(row.started) };
}

/**
 * Take the probe's turn if it has come (or `force`, the admin's "Try again"): one UPDATE guarded by the probe count, so
 * one caller gets it and the next turn is scheduled before anything is sent. Returns the pause as it now stands when
 * the turn is this caller's, else null.
 */
export async function takeProbe(now: Date, options: { force?: boolean } = {}): Promise<OutboxPause | null> {
  const pause = await pauseState();
  if (!pause) return null;
  if (!options.force && pause.nextProbeAt > now) return null;
  const nextProbeAt = new Date(now.getTime() + probeDelaySeconds(pause.probes + 1) * 1000);
  const [taken] = await db()
    .update(emailOutboxPause)
    .set({ probes: pause.probes + 1, lastProbeAt: now, nextProbeAt })
    .where(sql`${emailOutboxPause.id} = 1 and ${emailOutboxPause.probes} = ${pause.probes}`)
    .returning();
  return taken ?? null;
}

/** A probe was accepted: sending resumes. Whether this call ended the pause. */
export async function resumeOutbox(reason: string): Promise<boolean> {
  const deleted = await db().delete(emailOutboxPause).where(eq(emailOutboxPause.id, 1)).returning({ pausedAt: emailOutboxPause.pausedAt });
  if (deleted.length > 0) logger.info({ pausedSince: deleted[0]!.pausedAt, why: reason }, "email outbox: resumed");
  return deleted.length > 0;
}
