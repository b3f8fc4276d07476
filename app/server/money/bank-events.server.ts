/**
 * The bank's transfer event stream (Plaid's /transfer/event/sync), and keeping our rows and the bank's transfers in
 * one-to-one correspondence when answers are lost (ADR 030).
 *
 * Our rows learn their transfer's id from /transfer/create's answer. When that answer is lost (a timeout, a 500 after
 * the bank made the transfer, a crash before recording it), the next run sends the same idempotency key again and
 * gets the same transfer back — for 48 hours, after which Plaid forgets the key and would make a second transfer. So:
 *
 * - every transfer the stream names that no row knows is looked up (/transfer/get) and mapped back to its row by the
 *   logical key and row id we put in its metadata (or recorded as not ours, bank_foreign_transfers), before the cursor
 *   moves past it; a read that reaches the end of the stream records when it was asked (`read_to_end_at`);
 * - a row still created whose key is 47 hours old is sent again only under a new key, and only once the stream has
 *   been read to its end at least VISIBILITY_MARGIN after the row's last attempt: by then any transfer the bank made
 *   for it has been mapped to it (and it is no longer created).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { KEY_SAFE_AGE_HOURS } from "~/domain/ach";
import { canAdvance, isTransferStatusEvent, type TransferStatus } from "~/domain/money";
import type { CalendarDay } from "~/domain/schedule";
import { plaidCall } from "../bank/plaid.server";
import { db } from "../db/client.server";
import { bankAccounts, bankEventCursor, bankForeignTransfers, bankTransfers, type TransferRow } from "../db/schema";
import { logger } from "../platform/log.server";
import { transferRowFrom } from "./plan.server";
import { applyStatuses, expectedAvailableFrom, type Failure } from "./transfers.server";

/** How long after /transfer/create returns we allow for its `pending` event to show in the stream. */
export const VISIBILITY_MARGIN_MS = 10 * 60 * 1000;
/** Lookups of unknown transfers in flight at once. */
const LOOKUP_CONCURRENCY = 8;
/**
 * How long a transfer the stream names but no row knows is left to the worker that made it before we look it up at the
 * bank (ADR 054). During a due date most such transfers are another worker's, made a moment ago, whose answers it is
 * about to record: looking each up cost a /transfer/get per transfer (0.05 extra bank calls per debit at 2,000 groups).
 * The stream is read up to the first of them and no further until it is placed (events apply in order), so nothing is
 * skipped; a transfer whose answer was really lost is looked up once this has passed (or its row, sent again under the
 * same key, records it first).
 */
export const UNPLACED_GRACE_MS = 10_000;
/** When this process first saw each unplaced transfer in the stream (Date.now()); pruned as it grows. */
const firstSeenUnplaced = new Map<string, number>();

/**
 * How recent an unanswered row must be for its worker to count as still sending (a page of 2,000 debits takes tens of
 * seconds on a busy machine).
 */
const SENDING_WITHIN_MS = 60_000;

/**
 * Whether a worker may be recording answers right now: a row made (or sent again) within SENDING_WITHIN_MS and not
 * answered yet. Without one, an unplaced transfer cannot be a worker's answer in flight, and is looked up at once.
 */
async function submitsUnderWay(tx: Pick<ReturnType<typeof db>, "execute">) {
  const { rows } = await tx.execute<{ under_way: boolean }>(sql`
    select exists (select 1 from ${bankTransfers} b where b.status = 'created' and b.provider_transfer_id is null
      and greatest(b.created_at, coalesce(b.last_attempt_at, b.created_at)) > now() - ${SENDING_WITHIN_MS} * interval '1 millisecond') as under_way`);
  return rows[0]?.under_way === true;
}

/** The unplaced transfers of `ids` still within their grace: first seen by this process under UNPLACED_GRACE_MS ago. */
function withinGrace(ids: string[], nowMs = Date.now()): Set<string> {
  if (firstSeenUnplaced.size > 10_000) {
    for (const [id, at] of firstSeenUnplaced) if (nowMs - at > 6 * UNPLACED_GRACE_MS) firstSeenUnplaced.delete(id);
  }
  const waiting = new Set<string>();
  for (const id of ids) {
    const at = firstSeenUnplaced.get(id);
    if (at === undefined) firstSeenUnplaced.set(id, nowMs);
    if (at === undefined || nowMs - at < UNPLACED_GRACE_MS) waiting.add(id);
  }
  return waiting;
}

/**
 * Read the bank's transfer event stream from our cursor and apply it, a page (500 events) at a time: one reader at a
 * time (the cursor row's lock; others go on with their work), transfers no row knows mapped back first, one query to
 * date them (`daysFor`: each event takes effect on its group's clock day), and the changes applied in status chunks
 * before the cursor moves past them. Webhook-triggered and polled.
 */
export async function syncTransferEvents(daysFor: (groupIds: string[]) => Promise<Map<string, CalendarDay>>, options: { maxPages?: number } = {}) {
  let applied = 0;
  for (let page = 0; page < (options.maxPages ?? 50); page++) {
    const more = await db().transaction(async (tx) => {
      await tx.insert(bankEventCursor).values({ id: 1, afterId: 0 }).onConflictDoNothing();
      const [cursor] = await tx.select().from(bankEventCursor).where(eq(bankEventCursor.id, 1)).for("update", { skipLocked: true });
      if (!cursor) return false;
      const askedAt = new Date();
      const result = await plaidCall((api) => api.transferEventSync({ after_id: cursor.afterId, count: 500 }), { retry: true });
      if (!result.ok) {
        logger.error({ code: result.code }, "money: transfer event sync failed");
        return false;
      }
      const read = result.value.transfer_events;
      if (read.length === 0) {
        await tx.update(bankEventCursor).set({ readToEndAt: askedAt, updatedAt: new Date() }).where(eq(bankEventCursor.id, 1));
        return false;
      }
      // Sweeps and refunds are not our transfers' moves: skipped, and the cursor still moves past them (ADR 049).
      // `kept`: the events this page gets through (all it read, unless cut short below), the cursor moving past the last.
      let kept = read;
      let events = read.filter((event) => isTransferStatusEvent(event.event_type));
      const transferIds = [...new Set(events.map((event) => event.transfer_id))];
      const find = () =>
        tx
          .select({
            id: bankTransfers.id,
            status: bankTransfers.status,
            groupId: bankTransfers.groupId,
            providerTransferId: bankTransfers.providerTransferId,
          })
          .from(bankTransfers)
          .where(inArray(bankTransfers.providerTransferId, transferIds));
      let ours = await find();
      const unplaced = () => transferIds.filter((id) => !ours.some((row) => row.providerTransferId === id));
      let unknown = unplaced();
      // Transfers another worker is recording right now: the page stops before the first of them (ADR 054).
      let cut = false;
      if (unknown.length > 0) {
        ours = await find();
        unknown = unplaced();
        const waiting = unknown.length > 0 && (await submitsUnderWay(tx)) ? withinGrace(unknown) : new Set<string>();
        const first = kept.findIndex((event) => isTransferStatusEvent(event.event_type) && waiting.has(event.transfer_id));
        if (first >= 0) {
          kept = kept.slice(0, first);
          events = kept.filter((event) => isTransferStatusEvent(event.event_type));
          cut = true;
          if (kept.length === 0) return false;
          const left = new Set(events.map((event) => event.transfer_id));
          unknown = unknown.filter((id) => left.has(id));
        }
      }
      if (unknown.length > 0) {
        // Not past a transfer we cannot place: if a lookup fails, the page is read again next time.
        if (!(await mapUnknownTransfers(unknown))) return false;
        ours = await find();
      }
      const byProvider = new Map(ours.map((row) => [row.providerTransferId!, { ...row }]));
      const wanted: Array<{ row: (typeof ours)[number]; to: TransferStatus; failure?: Failure }> = [];
      for (const event of events) {
        const row = byProvider.get(event.transfer_id);
        // Most events repeat what we already know (we record the status the bank answers with): skip them cheaply.
        if (!row || !canAdvance(row.status, event.event_type as TransferStatus)) continue;
        row.status = event.event_type as TransferStatus;
        const failure = event.failure_reason
          ? {
              code: event.failure_reason.failure_code ?? event.failure_reason.ach_return_code ?? null,
              description: event.failure_reason.description ?? null,
            }
          : undefined;
        wanted.push({ row, to: event.event_type as TransferStatus, failure });
      }
      if (wanted.length > 0) {
        const days = await daysFor([...new Set(wanted.map((w) => w.row.groupId))]);
        // Applied in their own transactions: each event's postings commit with its status, before the cursor moves.
        applied += await applyStatuses(
          wanted.map((w) => ({ transferId: w.row.id, to: w.to, day: days.get(w.row.groupId)!, failure: w.failure })),
          { fromEventStream: true },
        );
      }
      await tx
        .update(bankEventCursor)
        .set({
          afterId: kept[kept.length - 1]!.event_id,
          updatedAt: new Date(),
          ...(result.value.has_more || cut ? {} : { readToEndAt: askedAt }),
        })
        .where(eq(bankEventCursor.id, 1));
      // Cut short: the rest waits for the next read (the transfers being recorded are placed by then).
      return result.value.has_more && !cut;
    });
    if (!more) break;
  }
  return applied;
}

/**
 * Transfers the stream named that no row knows: most were made by another worker a moment ago and are recorded by now
 * (looked for again first); the others are looked up at the bank and mapped back to their row by their metadata
 * (`rosca_transfer`, checked against `rosca_key`), or remembered as not ours. Written outside the cursor's
 * transaction (the status changes that follow lock the same rows). False when a lookup failed.
 */
async function mapUnknownTransfers(transferIds: string[]): Promise<boolean> {
  const [recorded, foreign] = await Promise.all([
    db().select({ id: bankTransfers.providerTransferId }).from(bankTransfers).where(inArray(bankTransfers.providerTransferId, transferIds)),
    db()
      .select({ id: bankForeignTransfers.providerTransferId })
      .from(bankForeignTransfers)
      .where(inArray(bankForeignTransfers.providerTransferId, transferIds)),
  ]);
  const known = new Set([...recorded.map((r) => r.id), ...foreign.map((r) => r.id)]);
  const lookups = transferIds.filter((id) => !known.has(id));
  if (lookups.length === 0) return true;
  const limit = pLimit(LOOKUP_CONCURRENCY);
  const answers = await Promise.all(lookups.map((id) => limit(() => plaidCall((api) => api.transferGet({ transfer_id: id }), { retry: true }))));
  let complete = true;
  for (const [index, answer] of answers.entries()) {
    if (!answer.ok) {
      logger.error({ providerTransferId: lookups[index], code: answer.code }, "money: could not look up a transfer the bank's events name");
      complete = false;
      continue;
    }
    await mapTransfer(answer.value.transfer);
  }
  return complete;
}

type BankTransfer = {
  id: string;
  authorization_id: string;
  account_id?: string | null;
  metadata?: Record<string, string> | null;
  created: string;
  expected_funds_available_date?: string | null;
};

async function mapTransfer(transfer: BankTransfer) {
  const rowId = transfer.metadata?.rosca_transfer;
  const key = transfer.metadata?.rosca_key;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const [row] = rowId && uuid.test(rowId) ? await db().select().from(bankTransfers).where(eq(bankTransfers.id, rowId)) : [];
  if (!row || row.idempotencyKey !== key) {
    await db()
      .insert(bankForeignTransfers)
      .values({ providerTransferId: transfer.id, kind: "foreign", rosca: key ?? null })
      .onConflictDoNothing();
    return;
  }
  // Ours: record it on its row (unless the row has its transfer already), with Plaid's date (sent, as far as the row
  // knows, on the day it was made for).
  const expected = expectedAvailableFrom(transfer, row.kind, row.initiatedOn);
  const { rows } = await db().execute<{ provider_transfer_id: string }>(sql`
    with locked as materialized (select t.id from ${bankTransfers} t where t.id = ${row.id} for update)
    update ${bankTransfers} b set
      provider_transfer_id = coalesce(b.provider_transfer_id, ${transfer.id}),
      expected_funds_available_on = case when coalesce(b.provider_transfer_id, ${transfer.id}) = ${transfer.id}
        then coalesce(${expected}::date, b.expected_funds_available_on) else b.expected_funds_available_on end,
      provider_authorization_id = case when b.provider_transfer_id is null then ${transfer.authorization_id} else b.provider_authorization_id end,
      provider_account_id = case when b.provider_transfer_id is null then ${transfer.account_id ?? null} else b.provider_account_id end,
      bank_account_id = case when b.provider_transfer_id is null
        then (select a.id from ${bankAccounts} a where a.user_id = b.user_id and a.provider_account_id = ${transfer.account_id ?? null} limit 1)
        else b.bank_account_id end,
      waiting_for_member_at = null,
      updated_at = now()
    from locked where b.id = locked.id
    returning b.provider_transfer_id`);
  if (rows[0]?.provider_transfer_id === transfer.id) {
    // Its create's answer was lost, or another worker has not recorded it yet: either way, recorded now (once).
    logger.info(
      { transferKey: row.idempotencyKey, providerTransferId: transfer.id },
      "money: a transfer not yet on its row was mapped from the bank's events",
    );
    return;
  }
  // A second transfer for one row: it must not exist. Kept out of the ledger, stopped at the bank if it still can be.
  await db().insert(bankForeignTransfers).values({ providerTransferId: transfer.id, kind: "duplicate", rosca: key }).onConflictDoNothing();
  const cancelled = await plaidCall((api) => api.transferCancel({ transfer_id: transfer.id }), { retry: true });
  logger.error(
    { transferKey: row.idempotencyKey, providerTransferId: transfer.id, kept: rows[0]?.provider_transfer_id, cancelled: cancelled.ok },
    "money: a second transfer for one of our rows was found at the bank",
  );
}

/**
 * The rows left `created` by an earlier run, ready to be sent again: each is marked with this attempt's time first (a
 * later reconciliation waits for the stream to pass it). A row whose bank key is KEY_SAFE_AGE_HOURS old is sent only
 * under a new key (the next authorization round), and only once the stream has been read to its end
 * VISIBILITY_MARGIN_MS after its last attempt, so that a transfer the bank made for it would have been mapped to it
 * already (it would then not be `created`); until then it waits for the sync.
 */
export async function leftoversToSend(rows: TransferRow[], now = new Date()): Promise<TransferRow[]> {
  if (rows.length === 0) return [];
  const safeAgeMs = KEY_SAFE_AGE_HOURS * 3_600_000;
  const keySince = (row: TransferRow) => (row.bankKeyRotatedAt ?? row.createdAt).getTime();
  const stale = rows.filter((row) => now.getTime() - keySince(row) >= safeAgeMs);
  const ready = rows.filter((row) => !stale.includes(row)).map((row) => row.id);
  if (stale.length > 0) {
    const [cursor] = await db().select({ readToEndAt: bankEventCursor.readToEndAt }).from(bankEventCursor).where(eq(bankEventCursor.id, 1));
    const readAt = cursor?.readToEndAt?.getTime() ?? 0;
    const reconciled = stale.filter((row) => {
      const lastSent = Math.max(row.createdAt.getTime(), row.bankKeyRotatedAt?.getTime() ?? 0, row.lastAttemptAt?.getTime() ?? 0);
      return readAt > lastSent + VISIBILITY_MARGIN_MS;
    });
    if (reconciled.length > 0) {
      const { rows: rotated } = await db().execute<{ id: string; idempotency_key: string; bank_key_round: number }>(sql`
        with locked as materialized (
          select t.id from ${bankTransfers} t
          where t.id = any(${`{${reconciled.map((row) => row.id).join(",")}}`}::uuid[]) and t.status = 'created' and t.provider_transfer_id is null
          order by t.id for update)
        update ${bankTransfers} b set bank_key_round = b.bank_key_round + 1, bank_key_rotated_at = ${now.toISOString()}::timestamptz, updated_at = now()
        from locked where b.id = locked.id
        returning b.id, b.idempotency_key, b.bank_key_round`);
      for (const row of rotated) {
        logger.warn(
          { transferKey: row.idempotency_key, round: row.bank_key_round },
          "money: a transfer's bank key may have expired; reconciled, sending it under a new one",
        );
        ready.push(row.id);
      }
    }
  }
  if (ready.length === 0) return [];
  const { rows: marked } = await db().execute<Record<string, unknown>>(sql`
    with locked as materialized (
      select t.id from ${bankTransfers} t where t.id = any(${`{${ready.join(",")}}`}::uuid[]) and t.status = 'created' order by t.id for update)
    update ${bankTransfers} b set last_attempt_at = ${now.toISOString()}::timestamptz from locked where b.id = locked.id
    returning b.*`);
  return marked.map(transferRowFrom);
}

/** Rows created and never answered for these groups (the leftovers of a crashed or unanswered run). */
export function leftoverRows(groupIds: string[]) {
  return db()
    .select()
    .from(bankTransfers)
    .where(and(inArray(bankTransfers.groupId, groupIds), eq(bankTransfers.status, "created")));
}
