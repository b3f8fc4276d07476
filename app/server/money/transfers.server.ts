/**
 * Bank transfers through the official Plaid SDK (Transfer API): authorization, then create, then status changes from
 * the event stream. Crash-safe by construction (ADR 008), done in batches (ADR 009), and within Plaid's contract (ADR 030):
 *
 * 1. rows are committed (status created) under their deterministic keys before the bank hears of them;
 * 2. each authorization carries the row's bank key (`bank_idempotency_key`, a 48-character digest of our logical key
 *    and its authorization round, derived by the database) as Plaid's idempotency_key, and /transfer/create is
 *    idempotent on the authorization id, so re-running step 2 after a crash anywhere returns the transfer the bank
 *    already made — as long as the key lives (48 hours at Plaid): a row whose key may have expired is first reconciled
 *    against the bank's event stream (bank-events.server.ts), and an authorization that died unused (an hour) is
 *    replaced by a new round's;
 * 3. statuses only move forward (canAdvance), under the rows' locks, and post their ledger entries in the same
 *    transaction, with unique keys; the database checks the invariants again (migration 0010). A return that says the
 *    account is gone or the member's authorisation is withdrawn flags the account in the same transaction (ADR 037).
 *
 * A batch of rows goes to the bank with BANK_CONCURRENCY calls in flight over keep-alive connections; the answers are
 * recorded in chunks (one UPDATE of the provider ids and one status transaction per chunk), not one commit per debit.
 * A row whose member has no usable account (a login to renew, debits not authorised, an unusable account) is not sent:
 * it waits for them (`waiting_for_member_at`) until something they do wakes their groups (funding.server.ts).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import pLimit from "p-limit";
import type { PlaidApi } from "plaid";
import { type AttemptFacts, achClass, retryNumber, returnAction, transferDescription } from "~/domain/ach";
import { type Payday, parsePayday, retryDay } from "~/domain/payday";
import {
  type AccountRef,
  canAdvance,
  FAILED_STATUSES,
  RETRY_AFTER_DAYS,
  type Posting,
  payoutReservation,
  postingsFor,
  SETTLED_STATUSES,
  transferKey,
  type TransferStatus,
} from "~/domain/money";
import { plaidFundsAvailableOn } from "~/domain/funds-available";
import { type CalendarDay, todayIn } from "~/domain/schedule";
import { markAccountUnusable, markItemLoginRequired, revokeDebitAuthorization } from "../bank/account-health.server";
import { isRetryable, plaidCall } from "../bank/plaid.server";
import { db, getPool } from "../db/client.server";
import {
  bankAccounts,
  bankItems,
  bankTransfers,
  groupMembers,
  groupPeriods,
  groups,
  ledgerTransfers,
  type TransferRow,
  turnConsents,
  users,
} from "../db/schema";
import { deliverInBackground } from "../email/outbox.server";
import { failpoint } from "../platform/failpoints.server";
import { env } from "../platform/env.server";
import { logger } from "../platform/log.server";
import { recordTransfers } from "../platform/metrics.server";
import { debitChoicesFor, fundingFor, isFunding } from "./funding.server";
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

function dollars(cents: number) {
  return (cents / 100).toFixed(2);
}

const chainKey = (t: { kind: string; groupId: string; periodNumber: number; userId: string }) =>
  `${t.kind}:${t.groupId}:${t.periodNumber}:${t.userId}`;

/**
 * The earlier attempts of the debits among `rows` that are not first attempts (a retry's description says whether it
 * presents a returned debit again), in one query. Keyed by chainKey.
 */
async function earlierAttempts(rows: TransferRow[]): Promise<Map<string, AttemptFacts[]>> {
  const retries = rows.filter((row) => row.kind !== "payout" && row.attempt > 1);
  const result = new Map<string, AttemptFacts[]>();
  if (retries.length === 0) return result;
  const wanted = new Set(retries.map(chainKey));
  const found = await db()
    .select({
      kind: bankTransfers.kind,
      groupId: bankTransfers.groupId,
      periodNumber: bankTransfers.periodNumber,
      userId: bankTransfers.userId,
      attempt: bankTransfers.attempt,
      status: bankTransfers.status,
      failureCode: bankTransfers.failureCode,
      initiatedOn: bankTransfers.initiatedOn,
      accountId: bankTransfers.providerAccountId,
    })
    .from(bankTransfers)
    .where(
      and(
        inArray(bankTransfers.groupId, [...new Set(retries.map((row) => row.groupId))]),
        inArray(bankTransfers.userId, [...new Set(retries.map((row) => row.userId))]),
        inArray(bankTransfers.kind, ["contribution", "fee"]),
      ),
    );
  const latestAttempt = new Map(retries.map((row) => [chainKey(row), row.attempt]));
  for (const attempt of found) {
    const key = chainKey(attempt);
    if (!wanted.has(key) || attempt.attempt >= latestAttempt.get(key)!) continue;
    result.set(key, [...(result.get(key) ?? []), attempt]);
  }
  return result;
}

type Sent = {
  id: string;
  authorizationId: string;
  transferId: string | null;
  bankAccountId: string;
  accountId: string;
  /** Plaid's expected_funds_available_date for the transfer, on the group's clock (funds-available.ts); null if none. */
  expectedFundsAvailableOn?: CalendarDay | null;
};

/**
 * The day a debit Plaid just made is expected to be available, from its answer (`Transfer`): Plaid's date in production,
 * moved onto the group's clock in the sandbox, where the engine replays group-clock days on today's wall clock. There
 * the hold counts from the day the row was made for (`initiated_on`), the day the sandbox settler counts settlement
 * from too, so a row sent again on a later day is dated as before (and with Plaid's default hold, exactly as the
 * calendar estimate).
 */
export function expectedAvailableFrom(
  transfer: { expected_funds_available_date?: string | null; created: string },
  kind: TransferRow["kind"],
  sentOn: CalendarDay,
): CalendarDay | null {
  return plaidFundsAvailableOn({
    kind,
    plaidDate: transfer.expected_funds_available_date,
    bankCreatedAt: transfer.created,
    sentOn,
    onBankClock: env().PLAID_ENV === "production",
  });
}

/**
 * Step 2 for a batch of rows in status created: authorization (idempotent on the row's bank key), then create
 * (idempotent on the authorization), BANK_CONCURRENCY at a time. What the bank says is recorded a chunk at a time:
 *
 * - approved and created: the bank's ids (and the account used) and the status it answered;
 * - declined (NSF, RISK, TRANSFER_LIMIT_REACHED): the row is declined with the rationale, and retried on the policy;
 * - user_action_required: the member's bank login must be renewed (Link's update mode); the item is flagged and the
 *   member told, and the row waits for them (the same key asks again afterwards: Plaid does not hold such a decision
 *   to the key);
 * - no answer (timeout, rate limit or 5xx after the client's retries): the row stays created and the next run asks
 *   again with the same key, getting back whatever the bank made;
 * - create refused (4xx: the authorization expired unused, say): no transfer was made with that authorization (a
 *   create that had made one would answer with it), so the row moves to a new authorization round and the next run
 *   authorizes afresh.
 */
export async function submitTransfers(rows: TransferRow[], day: CalendarDay, now = new Date()) {
  if (rows.length === 0) return;
  const debits = rows.filter((row) => row.kind !== "payout");
  const [funding, earlier, choices] = await Promise.all([fundingFor(rows.map((row) => row.userId)), earlierAttempts(rows), debitChoicesFor(debits)]);
  const payouts = new Set(rows.filter((row) => row.kind === "payout").map((row) => row.id));
  let sent: Sent[] = [];
  let changes: StatusChange[] = [];
  const rotate: string[] = [];
  const waiting: string[] = [];
  const loginRequired = new Map<string, string>();
  let recording = Promise.resolve();
  const record = () => {
    const [sentNow, changesNow] = [sent, changes];
    sent = [];
    changes = [];
    // One recorder at a time, in order; the bank calls go on meanwhile.
    recording = recording.then(async () => {
      // The usual answer for a debit, created → pending, posts nothing: it is written with the bank's ids in one UPDATE.
      // (A payout's goes through applyStatuses: one from before reservations is reserved on that move.)
      const pending = new Set(
        changesNow.filter((change) => change.to === "pending" && !payouts.has(change.transferId)).map((change) => change.transferId),
      );
      await recordProviderIds(sentNow, pending, day);
      await applyStatuses(changesNow.filter((change) => !pending.has(change.transferId)));
    });
    return recording;
  };
  const limit = pLimit(BANK_CONCURRENCY);
  await Promise.all(
    rows.map((row) =>
      limit(async () => {
        const direction = row.kind === "payout" ? "credit" : "debit";
        // A debit from the account the member chose for this group (read now: a change applies to the next attempt,
        // a pending retry included; setDebitAccount takes the group's money lock, so it never lands mid-submission).
        // A Pay now row carries the account its member authorised (pay-now.server.ts): that one, while it works.
        const mine = funding.get(row.userId);
        const preferred = row.payNow && row.bankAccountId ? row.bankAccountId : (choices.get(`${row.groupId}:${row.userId}`) ?? null);
        const account = (direction === "debit" ? mine?.debitFrom(preferred) : mine?.credit) ?? "no_account";
        if (!isFunding(account)) {
          waiting.push(row.id);
          return;
        }
        let retry: 0 | 1 | 2 = 0;
        // Pay now is a new authorisation by the member (ADR 052): a new entry, never "Retry N" of a returned one.
        if (row.kind !== "payout" && row.attempt > 1 && !row.payNow) {
          const number = retryNumber(earlier.get(chainKey(row)) ?? [], day, account.accountId);
          if (number === null) {
            // The plan never makes such a row (ach.ts, plan.server.ts); one made by hand is refused here, not sent.
            changes.push({
              transferId: row.id,
              to: "failed",
              day,
              failure: { code: "RETRY_NOT_ALLOWED", description: "A returned debit may be presented again only twice, within 180 days." },
            });
            return;
          }
          retry = number;
        }
        const authorization = await plaidCall(
          (api) =>
            api.transferAuthorizationCreate({
              access_token: account.accessToken,
              account_id: account.accountId,
              type: direction,
              network: "ach",
              ach_class: achClass(direction),
              amount: dollars(row.amountCents),
              user: { legal_name: account.legalName },
              idempotency_key: row.bankIdempotencyKey,
            } as Parameters<PlaidApi["transferAuthorizationCreate"]>[0]),
          { retry: true },
        );
        if (!authorization.ok) {
          logger.error(
            { transferKey: row.idempotencyKey, code: authorization.code },
            "money: bank authorization failed; the row stays created and is asked again",
          );
          if (authorization.code === "TRANSFER_ACCOUNT_BLOCKED") {
            changes.push({ transferId: row.id, to: "declined", day, failure: { code: authorization.code, description: authorization.message } });
          }
          return;
        }
        const decision = authorization.value.authorization;
        failpoint("after-bank-authorization");
        // What the bank said for this row: its authorization, the transfer if one was made, and the account used.
        const answered = (transferId: string | null, expectedFundsAvailableOn: CalendarDay | null = null) =>
          sent.push({
            id: row.id,
            authorizationId: decision.id,
            transferId,
            bankAccountId: account.bankAccountId,
            accountId: account.accountId,
            expectedFundsAvailableOn,
          });
        if (decision.decision === "user_action_required") {
          loginRequired.set(account.itemId, decision.id);
          waiting.push(row.id);
          return;
        }
        if (decision.decision !== "approved") {
          answered(null);
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
              description: transferDescription(row.kind, retry),
              // Our logical key and row: any transfer at the bank maps back to its row (bank-events.server.ts).
              metadata: { rosca_key: row.idempotencyKey, rosca_transfer: row.id },
            } as Parameters<PlaidApi["transferCreate"]>[0]),
          { retry: true },
        );
        if (!created.ok) {
          answered(null);
          if (!isRetryable(created)) rotate.push(row.id);
          logger.error(
            { transferKey: row.idempotencyKey, code: created.code },
            isRetryable(created)
              ? "money: bank transfer create got no answer; the row stays created and is asked again"
              : "money: bank transfer create refused; the row gets a new authorization next time",
          );
          return;
        }
        // The bank has made the transfer and we have not recorded it: the crash that matters most.
        failpoint("after-bank-create");
        answered(created.value.transfer.id, expectedAvailableFrom(created.value.transfer, row.kind, row.initiatedOn));
        changes.push({ transferId: row.id, to: created.value.transfer.status as TransferStatus, day });
        if (changes.length >= RECORD_CHUNK) await record();
      }),
    ),
  );
  await record();
  if (rotate.length > 0)
    await updateCreatedRows(rotate, sql`bank_key_round = b.bank_key_round + 1, bank_key_rotated_at = ${now.toISOString()}::timestamptz`);
  if (waiting.length > 0)
    await updateCreatedRows(waiting, sql`waiting_for_member_at = coalesce(b.waiting_for_member_at, ${now.toISOString()}::timestamptz)`);
  for (const [itemId, authorizationId] of loginRequired) {
    const told = await db().transaction((tx) => markItemLoginRequired(tx, { itemId, reason: "USER_ACTION_REQUIRED", authorizationId, now }));
    if (told.emailIds.length > 0) deliverInBackground(told.emailIds);
  }
}

/** An UPDATE of rows still `created`, locked in id order first (as applyStatuses locks them). */
async function updateCreatedRows(ids: string[], set: ReturnType<typeof sql>) {
  await db().execute(sql`
    with locked as materialized (
      select t.id from ${bankTransfers} t where t.id = any(${`{${ids.join(",")}}`}::uuid[]) and t.status = 'created' order by t.id for update)
    update ${bankTransfers} b set ${set}, updated_at = now() from locked where b.id = locked.id`);
}

/**
 * The bank's ids for our rows, and the account they use, in one statement. Until a row has its transfer, the latest
 * authorization (and account) is the one kept; a transfer id once recorded is never overwritten.
 */
async function recordProviderIds(ids: Sent[], pending: ReadonlySet<string> = new Set(), day?: CalendarDay) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map(
      (row) =>
        sql`(${row.id}::uuid, ${row.authorizationId}, ${row.transferId}, ${pending.has(row.id)}::boolean, ${row.bankAccountId}::uuid, ${row.accountId}, ${row.expectedFundsAvailableOn ?? null}::date)`,
    ),
    sql`, `,
  );
  // A row still `created` that the bank answered `pending` moves there (the only move that skips applyStatuses: it
  // has no posting, no notice and no guard but the status trigger's, which allows it).
  // The rows are locked in id order first, as applyStatuses locks them: another worker applying bank events to the same
  // transfers (their `pending` events) then waits instead of deadlocking with an UPDATE that locks in VALUES order
  // (found by the race test: 40P01 in one run of six).
  const { rows } = await db().execute<{ kind: TransferRow["kind"]; status: string; amount_cents: string; before: string }>(sql`
    with v(id, authorization_id, transfer_id, pending, bank_account_id, account_id, expected_funds_available_on) as (values ${values}),
    locked as materialized (select t.id, t.status as before from ${bankTransfers} t where t.id in (select id from v) order by t.id for update)
    update ${bankTransfers} b set
      provider_authorization_id = case when b.provider_transfer_id is null then v.authorization_id else b.provider_authorization_id end,
      provider_transfer_id = coalesce(b.provider_transfer_id, v.transfer_id),
      -- Plaid's date for the transfer the row keeps (never another's).
      expected_funds_available_on = case when coalesce(b.provider_transfer_id, v.transfer_id) = v.transfer_id
        then coalesce(v.expected_funds_available_on, b.expected_funds_available_on) else b.expected_funds_available_on end,
      bank_account_id = case when b.provider_transfer_id is null then v.bank_account_id else b.bank_account_id end,
      provider_account_id = case when b.provider_transfer_id is null then v.account_id else b.provider_account_id end,
      waiting_for_member_at = null,
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
  const outcome = await db().transaction(async (tx) => {
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
    const updated = new Map<string, Array<{ status: TransferStatus; statusOn: CalendarDay; failure?: Failure; retryOn?: CalendarDay }>>();
    // A debit failed for want of money is retried after its member's payday (payday.ts), read for those that fail here.
    const failingDebits = changes.filter(
      (c) => FAILED_STATUSES.includes(c.to) && byId.get(c.transferId) && byId.get(c.transferId)!.kind !== "payout",
    );
    const paydays = new Map<string, Payday | null>();
    if (failingDebits.length > 0) {
      const owners = [...new Set(failingDebits.map((c) => byId.get(c.transferId)!.userId))];
      for (const row of await tx.select({ id: users.id, payday: users.payday }).from(users).where(inArray(users.id, owners)))
        paydays.set(row.id, parsePayday(row.payday));
    }
    const failedTransfers: typeof rows = [];
    const returns: Array<{ row: (typeof rows)[number]; code: string }> = [];
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
      const failure = change.failure ?? moves.at(-1)?.failure;
      const retryOn = FAILED_STATUSES.includes(change.to)
        ? retryDay({
            failedOn: change.day,
            status: change.to,
            code: failure?.code,
            payday: row.kind === "payout" ? null : (paydays.get(row.userId) ?? null),
            defaultAfterDays: RETRY_AFTER_DAYS,
          })
        : undefined;
      moves.push({ status: change.to, statusOn: change.day, failure, retryOn });
      updated.set(row.id, moves);
      if (FAILED_STATUSES.includes(change.to)) failedTransfers.push(row);
      if (change.to === "returned" && change.failure?.code) returns.push({ row, code: change.failure.code });
    }
    if (updated.size === 0) return { made: [], emailIds: [] };
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
            return sql`(${id}::uuid, ${u.status}, ${u.statusOn}::date, ${u.failure ? 1 : 0}::int, ${u.failure?.code ?? null}, ${u.failure?.description ?? null}, ${u.retryOn ?? null}::date)`;
          }),
        sql`, `,
      );
      await tx.execute(sql`
        update ${bankTransfers} b set status = v.status, status_on = v.status_on, updated_at = now(),
          failure_code = case when v.has_failure = 1 then v.code else b.failure_code end,
          failure_description = case when v.has_failure = 1 then v.description else b.failure_description end,
          retry_on = coalesce(v.retry_on, b.retry_on)
        from (values ${values}) as v(id, status, status_on, has_failure, code, description, retry_on)
        where b.id = v.id`);
    }
    if (failedTransfers.length > 0) await reopenFor(tx, failedTransfers);
    const emailIds = returns.length > 0 ? await flagReturnedAccounts(tx, returns) : [];
    if (fromEventStream) {
      const moved = [...new Set([...updated.keys()].map((id) => byId.get(id)!.groupId))];
      await tx
        .update(groups)
        .set({ bankChanges: sql`${groups.bankChanges} + 1` })
        .where(inArray(groups.id, groupsLockedInOrder(moved)));
    }
    return { made, emailIds };
  });
  // Committed: the notices the account flags queued go out now (the outbox job sends whatever this does not).
  if (outcome.emailIds.length > 0) deliverInBackground(outcome.emailIds);
  return outcome.made;
}

/**
 * A return that says the account cannot be used (R02, R03, R04, R16, R20) flags it unusable; one that says the
 * member's authorisation of debits is gone (R05, R07, R08, R10, R29, on a debit) withdraws it (ADR 037). In the status
 * change's transaction; accounts are taken in id order (their rows are locked). Returns the emails queued.
 */
async function flagReturnedAccounts(tx: Tx, returns: Array<{ row: TransferRow; code: string }>): Promise<string[]> {
  const flags: Array<{ bankAccountId: string; code: string; action: "unusable" | "revoke" }> = [];
  const unknown = returns.filter((r) => !r.row.bankAccountId && r.row.providerAccountId);
  // A row mapped from the bank's metadata may know only the bank's account id.
  const byProvider = new Map<string, string>();
  if (unknown.length > 0) {
    const found = await tx
      .select({ id: bankAccounts.id, userId: bankAccounts.userId, providerAccountId: bankAccounts.providerAccountId })
      .from(bankAccounts)
      .where(
        inArray(
          bankAccounts.providerAccountId,
          unknown.map((r) => r.row.providerAccountId!),
        ),
      );
    for (const account of found) byProvider.set(`${account.userId}:${account.providerAccountId}`, account.id);
  }
  for (const { row, code } of returns) {
    const action = returnAction(code);
    if (action !== "unusable" && !(action === "revoke" && row.kind !== "payout")) continue;
    const bankAccountId = row.bankAccountId ?? byProvider.get(`${row.userId}:${row.providerAccountId}`);
    if (bankAccountId) flags.push({ bankAccountId, code, action });
  }
  flags.sort((a, b) => (a.bankAccountId < b.bankAccountId ? -1 : a.bankAccountId > b.bankAccountId ? 1 : 0));
  const emailIds: string[] = [];
  for (const flag of flags) {
    const input = { bankAccountId: flag.bankAccountId, returnCode: flag.code };
    const told = flag.action === "unusable" ? await markAccountUnusable(tx, input) : await revokeDebitAuthorization(tx, input);
    emailIds.push(...told.emailIds);
  }
  return emailIds;
}

/** The ledger accounts a transfer of this member and group can touch. */
export function accountsOf(transfer: { userId: string; groupId: string }): AccountRef[] {
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
 * A payout row under its key (the period, the recipient, the attempt) and its reservation (pool → in transit), in the
 * caller's transaction, which holds the pool's lock and has decided the payout may go: the full payout here, a consented
 * partial payout or its rest in turn-consent.server.ts.
 */
export async function insertReservedPayout(
  tx: Tx,
  input: { groupId: string; periodNumber: number; userId: string; attempt: number; amountCents: number; day: CalendarDay },
): Promise<TransferRow> {
  const [row] = await tx
    .insert(bankTransfers)
    .values({
      idempotencyKey: transferKey("payout", input.groupId, input.periodNumber, input.userId, input.attempt),
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
  return row!;
}

/**
 * Create a payout, or refuse to: one transaction that locks the group's pool, re-reads from the ledger that the pool
 * holds the whole payout and that every member's latest contribution for the period has reached the platform's
 * available balance (funds_available) and been posted in full, then inserts the payout row and reserves its amount (pool → payouts_in_transit). Nothing read before this
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
    // A turn whose recipient consented to be paid what arrived is paid by turn-consent.server.ts, never in full here.
    const [consented] = await tx
      .select({ id: turnConsents.id })
      .from(turnConsents)
      .where(and(eq(turnConsents.groupId, input.groupId), eq(turnConsents.periodNumber, input.periodNumber)));
    if (consented) return { ok: false, reason: "exists" } as const;
    const { rows } = await tx.execute<{ members: number; collected: number }>(sql`
      select (select count(*)::int from ${groupMembers} where group_id = ${input.groupId}) as members,
        (select count(*)::int from (
          select distinct on (t.user_id) t.id, t.status, t.amount_cents from ${bankTransfers} t
          where t.group_id = ${input.groupId} and t.kind = 'contribution' and t.period_number = ${input.periodNumber}
          order by t.user_id, t.attempt desc) latest
         where latest.status = 'funds_available'
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
    const row = await insertReservedPayout(tx, input);
    failpoint("inside-payout-transaction");
    return { ok: true, transfer: row } as const;
  });
  // Committed: count the payout (metrics: created).
  if (decision.ok) recordTransfers([decision.transfer]);
  return decision;
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

export type CancelResult = { ok: true } | { ok: false; code: "not_found" | "not_cancellable" | "busy" | "bank_unavailable"; message: string };

/**
 * Stop a debit before the bank sends it to the network (Plaid's /transfer/cancel, while the transfer is
 * `cancellable`): the row becomes cancelled, which posts nothing (the money never moved) and is not retried. Only a
 * transfer the bank has (pending); a row still being sent is refused, since a transfer may exist for it that we do not
 * know of yet. Holds the group's processing lock (`cycle:<id>`, as the cycle does), so nothing is sent for the group
 * meanwhile.
 */
export async function cancelTransfer(transferId: string, now = new Date()): Promise<CancelResult> {
  const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.id, transferId));
  if (!row) return { ok: false, code: "not_found", message: "Transfer not found." };
  const client = await getPool().connect();
  try {
    const { rows: locked } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtextextended('cycle:' || $1, 0)) as locked", [
      row.groupId,
    ]);
    if (!locked[0]?.locked) return { ok: false, code: "busy", message: "The group's money is being processed right now. Try again in a minute." };
    try {
      const [current] = await db().select().from(bankTransfers).where(eq(bankTransfers.id, transferId));
      if (!current || current.status !== "pending" || !current.providerTransferId) {
        return { ok: false, code: "not_cancellable", message: NOT_CANCELLABLE };
      }
      const cancelled = await plaidCall((api) => api.transferCancel({ transfer_id: current.providerTransferId! }), { retry: true });
      if (!cancelled.ok) {
        if (cancelled.code === "TRANSFER_NOT_CANCELLABLE") return { ok: false, code: "not_cancellable", message: NOT_CANCELLABLE };
        logger.error({ transferKey: current.idempotencyKey, code: cancelled.code }, "money: transfer cancel failed");
        return { ok: false, code: "bank_unavailable", message: "The bank could not be reached. Try again in a minute." };
      }
      // Dated on the group's clock day, as every status change is.
      const [group] = await db()
        .select({ clockOffsetSeconds: groups.clockOffsetSeconds, timeZone: groups.timeZone })
        .from(groups)
        .where(eq(groups.id, current.groupId));
      const day = todayIn(group!.timeZone, new Date(now.getTime() + group!.clockOffsetSeconds * 1000));
      await applyStatus(current.id, "cancelled", day, { code: "CANCELLED", description: "Cancelled before it was sent to the member's bank." });
      return { ok: true };
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended('cycle:' || $1, 0))", [row.groupId]);
    }
  } finally {
    client.release();
  }
}

const NOT_CANCELLABLE = "Only a debit the bank has not sent on yet (pending) can be cancelled.";
