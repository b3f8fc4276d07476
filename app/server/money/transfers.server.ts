/**
 * Bank transfers through the official Plaid SDK (Transfer API): authorization, then create, then status changes from
 * the event stream. Crash-safe by construction (ADR 008), and done in batches (ADR 009):
 *
 * 1. rows are committed (status created) under their deterministic keys before the bank hears of them;
 * 2. each authorization carries the row's key as Plaid's idempotency_key, and /transfer/create is idempotent on the
 *    authorization id, so re-running step 2 after a crash anywhere returns the transfer the bank already made;
 * 3. statuses only move forward (canAdvance), under the rows' locks, and post their ledger entries in the same
 *    transaction, with unique keys; the database checks the invariants again (migration 0010).
 *
 * A batch of rows goes to the bank with BANK_CONCURRENCY calls in flight over keep-alive connections; the answers are
 * recorded in chunks (one UPDATE of the provider ids and one status transaction per chunk), not one commit per debit.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import pLimit from "p-limit";
import {
  type AccountRef,
  canAdvance,
  FAILED_STATUSES,
  type Posting,
  payoutReservation,
  postingsFor,
  SETTLED_STATUSES,
  transferKey,
  type TransferStatus,
} from "~/domain/money";
import type { CalendarDay } from "~/domain/schedule";
import { plaidCall } from "../bank/plaid.server";
import { decryptSecret } from "../platform/crypto.server";
import { db } from "../db/client.server";
import {
  bankAccounts,
  bankEventCursor,
  bankItems,
  bankTransfers,
  groupMembers,
  groupPeriods,
  groups,
  ledgerTransfers,
  type TransferRow,
  users,
} from "../db/schema";
import { failpoint } from "../platform/failpoints.server";
import { logger } from "../platform/log.server";
import { recordTransfers } from "../platform/metrics.server";
import { lockAccounts, lockedBalance, postEntries, resolveAccounts, type Tx } from "./ledger.server";
import { groupsLockedInOrder } from "./locks.server";

export type Failure = { code: string | null; description: string | null };
export type StatusChange = { transferId: string; to: TransferStatus; day: CalendarDay; failure?: Failure };

/** Bank calls in flight at once per worker process: enough to hide the round trips, few enough for Plaid's limits. */
export const BANK_CONCURRENCY = Number(process.env.BANK_CONCURRENCY ?? 32);
/** Answers recorded per chunk (one provider-id UPDATE and one status transaction each). */
const RECORD_CHUNK = 250;
/** Status changes applied per transaction. */
const STATUS_CHUNK = 250;

type Funding = { accountId: string; accessToken: string; name: string };

/**
 * The account each member pays from and is paid into: their first checking (else first depository) account of an
 * active item, with the decrypted access token and the legal name for the authorization. One query for all of them.
 */
async function fundingAccounts(userIds: string[]): Promise<Map<string, Funding>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({
      userId: bankAccounts.userId,
      accountId: bankAccounts.providerAccountId,
      subtype: bankAccounts.subtype,
      type: bankAccounts.type,
      token: bankItems.accessTokenEncrypted,
      name: users.name,
    })
    .from(bankAccounts)
    .innerJoin(bankItems, and(eq(bankItems.id, bankAccounts.itemId), eq(bankItems.status, "active")))
    .innerJoin(users, eq(users.id, bankAccounts.userId))
    .where(inArray(bankAccounts.userId, ids))
    .orderBy(asc(bankAccounts.userId), asc(bankAccounts.connectedAt), asc(bankAccounts.id));
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const result = new Map<string, Funding>();
  for (const [userId, accounts] of byUser) {
    const account = accounts.find((row) => row.subtype === "checking") ?? accounts.find((row) => row.type === "depository");
    if (account) result.set(userId, { accountId: account.accountId, accessToken: decryptSecret(account.token), name: account.name });
  }
  return result;
}

function dollars(cents: number) {
  return (cents / 100).toFixed(2);
}

const DESCRIPTIONS = { contribution: "Rosca contrib", payout: "Rosca payout", fee: "Rosca setup fee" } as const;

/**
 * Make sure a transfer exists for this key: insert the row if missing, then drive it to the bank if it has not got
 * there yet. Safe to call any number of times, from any number of workers, at any point after a crash. (The cycle
 * plans debits in bulk, `planDebits`; this is the one-off form.)
 */
export async function ensureTransfer(input: {
  key: string;
  kind: TransferRow["kind"];
  groupId: string;
  periodNumber: number;
  userId: string;
  attempt: number;
  amountCents: number;
  day: CalendarDay;
}) {
  const inserted = await db()
    .insert(bankTransfers)
    .values({
      idempotencyKey: input.key,
      kind: input.kind,
      groupId: input.groupId,
      periodNumber: input.periodNumber,
      userId: input.userId,
      attempt: input.attempt,
      amountCents: input.amountCents,
      initiatedOn: input.day,
      statusOn: input.day,
    })
    .onConflictDoNothing()
    .returning({ kind: bankTransfers.kind, status: bankTransfers.status, amountCents: bankTransfers.amountCents });
  recordTransfers(inserted);
  failpoint("after-row-insert");
  const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.idempotencyKey, input.key));
  if (row && row.status === "created") await submitTransfers([row], input.day);
}

/** Step 2 for one row (kept for callers that have one). */
export async function submitToBank(row: TransferRow, day: CalendarDay) {
  await submitTransfers([row], day);
}

/**
 * Step 2 for a batch of rows in status created: authorization (idempotent on our key), then create (idempotent on the
 * authorization), BANK_CONCURRENCY at a time. An unknown outcome (timeout, rate limit after the client's retries, bank
 * down) leaves the row created, and the next run asks again with the same key. Answers are recorded a chunk at a time.
 */
export async function submitTransfers(rows: TransferRow[], day: CalendarDay) {
  if (rows.length === 0) return;
  const funding = await fundingAccounts(rows.map((row) => row.userId));
  const payouts = new Set(rows.filter((row) => row.kind === "payout").map((row) => row.id));
  let ids: Array<{ id: string; authorizationId: string; transferId: string | null }> = [];
  let changes: StatusChange[] = [];
  let recording = Promise.resolve();
  const record = () => {
    const [idsNow, changesNow] = [ids, changes];
    ids = [];
    changes = [];
    // One recorder at a time, in order; the bank calls go on meanwhile.
    recording = recording.then(async () => {
      // The usual answer for a debit, created → pending, posts nothing: it is written with the bank's ids in one UPDATE.
      // (A payout's goes through applyStatuses: one from before reservations is reserved on that move.)
      const pending = new Set(
        changesNow.filter((change) => change.to === "pending" && !payouts.has(change.transferId)).map((change) => change.transferId),
      );
      await recordProviderIds(idsNow, pending, day);
      await applyStatuses(changesNow.filter((change) => !pending.has(change.transferId)));
    });
    return recording;
  };
  const limit = pLimit(BANK_CONCURRENCY);
  await Promise.all(
    rows.map((row) =>
      limit(async () => {
        const account = funding.get(row.userId);
        if (!account) {
          changes.push({
            transferId: row.id,
            to: "failed",
            day,
            failure: { code: "NO_BANK_ACCOUNT", description: "No linked bank account to use." },
          });
          return;
        }
        const authorization = await plaidCall(
          (api) =>
            api.transferAuthorizationCreate({
              access_token: account.accessToken,
              account_id: account.accountId,
              type: row.kind === "payout" ? "credit" : "debit",
              network: "ach",
              ach_class: "ppd",
              amount: dollars(row.amountCents),
              user: { legal_name: account.name || "Rosca member" },
              idempotency_key: row.idempotencyKey,
            } as Parameters<import("plaid").PlaidApi["transferAuthorizationCreate"]>[0]),
          { retry: true },
        );
        if (!authorization.ok) {
          logger.error(
            { transferKey: row.idempotencyKey, code: authorization.code },
            "money: bank authorization failed; the row stays created and is asked again",
          );
          return;
        }
        const decision = authorization.value.authorization;
        failpoint("after-bank-authorization");
        if (decision.decision !== "approved") {
          ids.push({ id: row.id, authorizationId: decision.id, transferId: null });
          changes.push({
            transferId: row.id,
            to: "declined",
            day,
            failure: {
              code: decision.decision_rationale?.code ?? "DECLINED",
              description: decision.decision_rationale?.description ?? "The bank declined the transfer.",
            },
          });
          return;
        }
        const created = await plaidCall(
          (api) =>
            api.transferCreate({
              access_token: account.accessToken,
              account_id: account.accountId,
              authorization_id: decision.id,
              description: DESCRIPTIONS[row.kind],
              metadata: { rosca_key: row.idempotencyKey.slice(0, 500) },
            } as Parameters<import("plaid").PlaidApi["transferCreate"]>[0]),
          { retry: true },
        );
        if (!created.ok) {
          ids.push({ id: row.id, authorizationId: decision.id, transferId: null });
          logger.error(
            { transferKey: row.idempotencyKey, code: created.code },
            "money: bank transfer create failed; the row stays created and is asked again",
          );
          return;
        }
        // The bank has made the transfer and we have not recorded it: the crash that matters most.
        failpoint("after-bank-create");
        ids.push({ id: row.id, authorizationId: decision.id, transferId: created.value.transfer.id });
        changes.push({ transferId: row.id, to: created.value.transfer.status as TransferStatus, day });
        if (changes.length >= RECORD_CHUNK) await record();
      }),
    ),
  );
  await record();
}

/** The bank's ids for our rows, in one statement; an id already recorded is never overwritten. */
async function recordProviderIds(
  ids: Array<{ id: string; authorizationId: string; transferId: string | null }>,
  pending: ReadonlySet<string> = new Set(),
  day?: CalendarDay,
) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((row) => sql`(${row.id}::uuid, ${row.authorizationId}, ${row.transferId}, ${pending.has(row.id)}::boolean)`),
    sql`, `,
  );
  // A row still `created` that the bank answered `pending` moves there (the only move that skips applyStatuses: it
  // has no posting, no notice and no guard but the status trigger's, which allows it).
  // The rows are locked in id order first, as applyStatuses locks them: another worker applying bank events to the same
  // transfers (their `pending` events) then waits instead of deadlocking with an UPDATE that locks in VALUES order
  // (found by the race test: 40P01 in one run of six).
  const { rows } = await db().execute<{ kind: TransferRow["kind"]; status: string; amount_cents: string; before: string }>(sql`
    with v(id, authorization_id, transfer_id, pending) as (values ${values}),
    locked as materialized (select t.id, t.status as before from ${bankTransfers} t where t.id in (select id from v) order by t.id for update)
    update ${bankTransfers} b set
      provider_authorization_id = coalesce(b.provider_authorization_id, v.authorization_id),
      provider_transfer_id = coalesce(b.provider_transfer_id, v.transfer_id),
      status = case when v.pending and b.status = 'created' then 'pending' else b.status end,
      status_on = case when v.pending and b.status = 'created' then ${day ?? null}::date else b.status_on end,
      updated_at = now()
    from v join locked on locked.id = v.id
    where b.id = v.id
    returning b.kind, b.status, b.amount_cents, locked.before`);
  // Committed (one statement): count the debits the bank accepted (metrics: submitted).
  recordTransfers(
    rows.filter((row) => row.before !== row.status).map((row) => ({ kind: row.kind, status: row.status, amountCents: Number(row.amount_cents) })),
  );
}

/**
 * Move a transfer to a status (if that is forward) and post what the move means, in one transaction under the
 * row's lock. Returns true when it changed something. Duplicate and out-of-order events are no-ops.
 */
export async function applyStatus(transferId: string, to: TransferStatus, day: CalendarDay, failure?: Failure): Promise<boolean> {
  return (await applyStatuses([{ transferId, to, day, failure }])) > 0;
}

/**
 * Apply status changes, STATUS_CHUNK per transaction: the rows are locked (in id order), each change is checked with
 * canAdvance against the status before it (several changes of one transfer apply in turn), the accounts the postings
 * touch are locked (in id order) and their balances read, the postings are decided in order on running balances and
 * written in one statement, and the statuses in another. Returns how many changes applied.
 */
export async function applyStatuses(changes: StatusChange[], options: { fromEventStream?: boolean } = {}): Promise<number> {
  let applied = 0;
  for (let start = 0; start < changes.length; start += STATUS_CHUNK) {
    const moves = await applyChunk(changes.slice(start, start + STATUS_CHUNK), options.fromEventStream ?? false);
    // Committed: count each move under its stage (metrics).
    recordTransfers(moves);
    applied += new Set(moves.map((move) => move.id)).size;
  }
  return applied;
}

type Move = { id: string; kind: TransferRow["kind"]; status: TransferStatus; amountCents: number };

/**
 * One chunk in one transaction; returns every move it made (a transfer may make several). From the event stream, the
 * groups whose transfers moved are marked (`groups.bank_changes`) in the same transaction: whoever applied the news, a
 * day run that read the stream before it sees it is behind and runs the group again (cycle.server.ts).
 */
async function applyChunk(changes: StatusChange[], fromEventStream: boolean): Promise<Move[]> {
  if (changes.length === 0) return [];
  const ids = [...new Set(changes.map((change) => change.transferId))].sort();
  // Accounts are resolved (and created) outside the transaction, only for the moves that can post.
  const mayPost = new Set(changes.filter((change) => change.to === "returned" || SETTLED_STATUSES.includes(change.to)).map((c) => c.transferId));
  const owners = await db()
    .select({ id: bankTransfers.id, kind: bankTransfers.kind, userId: bankTransfers.userId, groupId: bankTransfers.groupId })
    .from(bankTransfers)
    .where(inArray(bankTransfers.id, ids));
  await resolveAccounts(owners.filter((row) => row.kind === "payout" || mayPost.has(row.id)).flatMap(accountsOf));
  return db().transaction(async (tx) => {
    const rows = await tx.select().from(bankTransfers).where(inArray(bankTransfers.id, ids)).orderBy(asc(bankTransfers.id)).for("update");
    const byId = new Map(rows.map((row) => [row.id, { ...row }]));
    // Only moves that post need balances and locks: a payout's, a contribution settling or coming back, a fee's.
    const posting = changes.filter((change) => {
      const row = byId.get(change.transferId);
      return row && (row.kind === "payout" || SETTLED_STATUSES.includes(change.to) || change.to === "returned");
    });
    const balances =
      posting.length > 0
        ? await lockAccounts(tx, [...new Set(posting.map((c) => byId.get(c.transferId)!))].flatMap(accountsOf))
        : new Map<string, number>();
    const payoutIds = rows.filter((row) => row.kind === "payout").map((row) => `${row.id}:sent`);
    const reserved = new Set(
      payoutIds.length > 0
        ? (
            await tx.select({ id: ledgerTransfers.bankTransferId }).from(ledgerTransfers).where(inArray(ledgerTransfers.idempotencyKey, payoutIds))
          ).map((r) => r.id)
        : [],
    );
    const entries: Array<{ posting: Posting; groupId: string; periodNumber: number; bankTransferId: string; effectiveOn: CalendarDay }> = [];
    // Every move each row makes, in order: a chunk may carry several for one transfer (posted, settled, returned).
    const updated = new Map<string, Array<{ status: TransferStatus; statusOn: CalendarDay; failure?: Failure }>>();
    const failedTransfers: typeof rows = [];
    const made: Move[] = [];
    for (const change of changes) {
      const row = byId.get(change.transferId);
      // A settlement event may arrive before we saw posted (events skipped or out of order): treat it as reaching it.
      if (!row || !canAdvance(row.status, change.to)) continue;
      const poolRef: AccountRef = { kind: "group_pool", groupId: row.groupId };
      const shortfallRef: AccountRef = { kind: "group_shortfall", groupId: row.groupId };
      const postings = postingsFor(
        { id: row.id, kind: row.kind, groupId: row.groupId, userId: row.userId, amountCents: row.amountCents },
        change.to,
        {
          previous: row.status,
          pool: lockedBalance(balances, poolRef),
          shortfall: Math.max(0, -lockedBalance(balances, shortfallRef)),
          reserved: reserved.has(row.id),
        },
      );
      for (const p of postings) {
        // Running balances, so the next change in this chunk decides on what this one left.
        for (const [ref, sign] of [
          [p.debit, -1],
          [p.credit, 1],
        ] as const) {
          const key = JSON.stringify(ref);
          if (balances.has(key)) balances.set(key, balances.get(key)! + sign * p.amountCents);
        }
        if (p.reason === "payout_sent") reserved.add(row.id);
        entries.push({ posting: p, groupId: row.groupId, periodNumber: row.periodNumber, bankTransferId: row.id, effectiveOn: change.day });
      }
      row.status = change.to;
      made.push({ id: row.id, kind: row.kind, status: change.to, amountCents: row.amountCents });
      const moves = updated.get(row.id) ?? [];
      moves.push({ status: change.to, statusOn: change.day, failure: change.failure ?? moves.at(-1)?.failure });
      updated.set(row.id, moves);
      if (FAILED_STATUSES.includes(change.to)) failedTransfers.push(row);
    }
    if (updated.size === 0) return [];
    await postEntries(tx, entries);
    failpoint("inside-status-transaction");
    // One UPDATE per step, so the status trigger sees each move as it happened (pending → posted → returned is two
    // allowed moves; pending → returned in one write is refused). Almost always a single round.
    const rounds = Math.max(...[...updated.values()].map((moves) => moves.length));
    for (let round = 0; round < rounds; round++) {
      const values = sql.join(
        [...updated]
          .filter(([, moves]) => moves.length > round)
          .map(([id, moves]) => {
            const u = moves[round]!;
            return sql`(${id}::uuid, ${u.status}, ${u.statusOn}::date, ${u.failure ? 1 : 0}::int, ${u.failure?.code ?? null}, ${u.failure?.description ?? null})`;
          }),
        sql`, `,
      );
      await tx.execute(sql`
        update ${bankTransfers} b set status = v.status, status_on = v.status_on, updated_at = now(),
          failure_code = case when v.has_failure = 1 then v.code else b.failure_code end,
          failure_description = case when v.has_failure = 1 then v.description else b.failure_description end
        from (values ${values}) as v(id, status, status_on, has_failure, code, description)
        where b.id = v.id`);
    }
    if (failedTransfers.length > 0) await reopenFor(tx, failedTransfers);
    if (fromEventStream) {
      const moved = [...new Set([...updated.keys()].map((id) => byId.get(id)!.groupId))];
      await tx
        .update(groups)
        .set({ bankChanges: sql`${groups.bankChanges} + 1` })
        .where(inArray(groups.id, groupsLockedInOrder(moved)));
    }
    return made;
  });
}

/** The ledger accounts a transfer of this member and group can touch. */
function accountsOf(transfer: { userId: string; groupId: string }): AccountRef[] {
  return [
    { kind: "member_bank", userId: transfer.userId },
    { kind: "group_pool", groupId: transfer.groupId },
    { kind: "group_shortfall", groupId: transfer.groupId },
    { kind: "payouts_in_transit" },
    { kind: "platform_fees" },
  ];
}

/**
 * Money that came back (a returned or failed payout, a returned contribution or fee) means the group is not done: the
 * payout's period is pending again, and a completed group is active again until its retries are through (the cycle
 * completes it once more when it is settled up).
 */
async function reopenFor(tx: Tx, transfers: TransferRow[]) {
  const payouts = transfers.filter((t) => t.kind === "payout");
  if (payouts.length > 0) {
    const values = sql.join(
      payouts.map((t) => sql`(${t.groupId}::uuid, ${t.periodNumber}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${groupPeriods} p set status = 'pending', completed_at = null, completed_on = null
      where p.status = 'completed' and p.id in (
        -- Locked in id order first (groupsLockedInOrder says why).
        select q.id from ${groupPeriods} q join (values ${values}) as v(group_id, period_number)
          on q.group_id = v.group_id and q.period_number = v.period_number
        where q.status = 'completed' order by q.id for update of q)`);
  }
  await tx
    .update(groups)
    .set({ status: "active", completedAt: null, updatedAt: new Date() })
    .where(and(inArray(groups.id, groupsLockedInOrder([...new Set(transfers.map((t) => t.groupId))])), eq(groups.status, "completed")));
}

export type PayoutDecision =
  | { ok: true; transfer: TransferRow }
  | { ok: false; reason: "exists" }
  | { ok: false; reason: "refused"; detail: { poolCents: number; payoutCents: number; contributionsCollected: number; members: number } };

/**
 * Create a payout, or refuse to: one transaction that locks the group's pool, re-reads from the ledger that the pool
 * holds the whole payout and that every member's latest contribution for the period has settled and been posted in
 * full, then inserts the payout row and reserves its amount (pool → payouts_in_transit). Nothing read before this
 * transaction decides it. The database checks the same again (the payout guard trigger; the pool's balance check),
 * so a bug here fails the transaction rather than paying out money that is not there. The bank hears of the payout
 * only after this commits (`submitTransfers`).
 */
export async function startPayout(input: {
  groupId: string;
  periodNumber: number;
  userId: string;
  attempt: number;
  amountCents: number;
  day: CalendarDay;
}): Promise<PayoutDecision> {
  const key = transferKey("payout", input.groupId, input.periodNumber, input.userId, input.attempt);
  await resolveAccounts(accountsOf(input));
  const decision = await db().transaction(async (tx): Promise<PayoutDecision> => {
    const locked = await lockAccounts(tx, accountsOf(input));
    const poolCents = lockedBalance(locked, { kind: "group_pool", groupId: input.groupId });
    const [existing] = await tx.select({ id: bankTransfers.id }).from(bankTransfers).where(eq(bankTransfers.idempotencyKey, key));
    if (existing) return { ok: false, reason: "exists" } as const;
    const { rows } = await tx.execute<{ members: number; collected: number }>(sql`
      select (select count(*)::int from ${groupMembers} where group_id = ${input.groupId}) as members,
        (select count(*)::int from (
          select distinct on (t.user_id) t.id, t.status, t.amount_cents from ${bankTransfers} t
          where t.group_id = ${input.groupId} and t.kind = 'contribution' and t.period_number = ${input.periodNumber}
          order by t.user_id, t.attempt desc) latest
         where latest.status in ('settled', 'funds_available')
           and (select coalesce(sum(p.amount_cents), 0) from ${ledgerTransfers} p
                where p.bank_transfer_id = latest.id and p.reason in ('contribution', 'shortfall_repaid')) = latest.amount_cents) as collected`);
    const { members, collected } = rows[0]!;
    if (poolCents < input.amountCents || collected < members) {
      return {
        ok: false,
        reason: "refused",
        detail: { poolCents, payoutCents: input.amountCents, contributionsCollected: collected, members },
      } as const;
    }
    const [row] = await tx
      .insert(bankTransfers)
      .values({
        idempotencyKey: key,
        kind: "payout",
        groupId: input.groupId,
        periodNumber: input.periodNumber,
        userId: input.userId,
        attempt: input.attempt,
        amountCents: input.amountCents,
        initiatedOn: input.day,
        statusOn: input.day,
      })
      .returning();
    await postEntries(tx, [
      {
        posting: payoutReservation({ id: row!.id, kind: "payout", groupId: input.groupId, userId: input.userId, amountCents: input.amountCents }),
        groupId: input.groupId,
        periodNumber: input.periodNumber,
        bankTransferId: row!.id,
        effectiveOn: input.day,
      },
    ]);
    failpoint("inside-payout-transaction");
    return { ok: true, transfer: row! } as const;
  });
  // Committed: count the payout (metrics: created).
  if (decision.ok) recordTransfers([decision.transfer]);
  return decision;
}

/**
 * Read the bank's transfer event stream from our cursor and apply it, a page (500 events) at a time: one reader at a
 * time (the cursor row's lock; others go on with their work), one query to match the page's transfers, one to date
 * them (`daysFor`: each event takes effect on its group's clock day), and the changes applied in status chunks before
 * the cursor moves past them. Webhook-triggered and polled.
 */
export async function syncTransferEvents(daysFor: (groupIds: string[]) => Promise<Map<string, CalendarDay>>, options: { maxPages?: number } = {}) {
  let applied = 0;
  for (let page = 0; page < (options.maxPages ?? 50); page++) {
    const more = await db().transaction(async (tx) => {
      await tx.insert(bankEventCursor).values({ id: 1, afterId: 0 }).onConflictDoNothing();
      const [cursor] = await tx.select().from(bankEventCursor).where(eq(bankEventCursor.id, 1)).for("update", { skipLocked: true });
      if (!cursor) return false;
      const result = await plaidCall((api) => api.transferEventSync({ after_id: cursor.afterId, count: 500 }), { retry: true });
      if (!result.ok) {
        logger.error({ code: result.code }, "money: transfer event sync failed");
        return false;
      }
      const events = result.value.transfer_events;
      if (events.length === 0) return false;
      const ours = await tx
        .select({
          id: bankTransfers.id,
          status: bankTransfers.status,
          groupId: bankTransfers.groupId,
          providerTransferId: bankTransfers.providerTransferId,
        })
        .from(bankTransfers)
        .where(inArray(bankTransfers.providerTransferId, [...new Set(events.map((event) => event.transfer_id))]));
      const byProvider = new Map(ours.map((row) => [row.providerTransferId!, { ...row }]));
      const wanted: Array<{ row: (typeof ours)[number]; to: TransferStatus; failure?: Failure }> = [];
      for (const event of events) {
        const row = byProvider.get(event.transfer_id);
        // Most events repeat what we already know (we record the status the bank answers with): skip them cheaply.
        if (!row || !canAdvance(row.status, event.event_type as TransferStatus)) continue;
        row.status = event.event_type as TransferStatus;
        const failure = event.failure_reason
          ? {
              code: event.failure_reason.ach_return_code ?? event.failure_reason.failure_code ?? null,
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
        .set({ afterId: events[events.length - 1]!.event_id, updatedAt: new Date() })
        .where(eq(bankEventCursor.id, 1));
      return result.value.has_more;
    });
    if (!more) break;
  }
  return applied;
}

/**
 * Whether unlinking this item would leave a member of an active group with no account to pay from or be paid into:
 * true when the user is in an active group and this is their only active bank connection.
 */
export async function itemFundsActiveGroup(userId: string, itemId: string) {
  const [active] = await db()
    .select({ id: groups.id })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), eq(groups.status, "active")))
    .where(eq(groupMembers.userId, userId))
    .limit(1);
  if (!active) return false;
  const others = await db()
    .select({ id: bankItems.id })
    .from(bankItems)
    .where(and(eq(bankItems.userId, userId), eq(bankItems.status, "active"), sql`${bankItems.id} <> ${itemId}`))
    .limit(1);
  return others.length === 0;
}
