/**
 * The double-entry ledger (ADR 008): accounts created on first use, immutable postings with unique keys, balances
 * derived by summing. Postings are written inside the caller's transaction, with the bank transfer's status change
 * that caused them, so the two can never disagree.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AccountRef, Posting } from "~/domain/money";
export { TRANSFER_STATUS_LABELS } from "~/domain/money";
import type { CalendarDay } from "~/domain/schedule";
import { db, type Db, preparedQuery } from "../db/client.server";
import { bankTransfers, groupMembers, groups, ledgerAccounts, ledgerTransfers, users } from "../db/schema";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

/** Account ids never change once made: remembered per process. */
const knownAccounts = new Map<string, string>();

/**
 * The id of an account, created if it does not exist yet (race-safe: the unique index decides). Ids are remembered only
 * when resolved outside a transaction (a rolled-back transaction must not leave a remembered id pointing at nothing);
 * callers that post inside a transaction resolve their accounts first with `resolveAccounts`, so the transaction never
 * waits for a second pooled connection.
 */
export async function accountId(executor: Executor, ref: AccountRef): Promise<string> {
  const cacheKey = JSON.stringify(ref);
  const known = knownAccounts.get(cacheKey);
  if (known) return known;
  const id = await findOrCreateAccount(executor, ref);
  if (executor === db()) knownAccounts.set(cacheKey, id);
  return id;
}

/**
 * Resolve (and remember) accounts before a transaction that will post to them: the ones not known yet in one query,
 * those that don't exist yet created in one statement (race-safe: the unique index decides), and read again.
 */
/**
 * The owner key's stand-in for "no user" / "no group" (the unique index ledger_accounts_owner_key is on these
 * coalesces): joining on the same expressions lets PostgreSQL use it or hash-join, where `is not distinct from` made
 * it compare every account with every owner (0.5 s per page of 250 at 10,000 groups).
 */
const NO_OWNER = sql.raw("'00000000-0000-0000-0000-000000000000'");

export async function resolveAccounts(refs: AccountRef[]) {
  const missing = new Map<string, AccountRef>();
  for (const ref of refs) {
    const key = JSON.stringify(ref);
    if (!knownAccounts.has(key)) missing.set(key, ref);
  }
  if (missing.size === 0) return;
  const owners = [...missing.values()].map(owner);
  const find = async () => {
    const values = sql.join(
      owners.map((o) => sql`(${o.kind}, ${o.userId}::uuid, ${o.groupId}::uuid)`),
      sql`, `,
    );
    const { rows } = await db().execute<{ id: string; kind: AccountRef["kind"]; user_id: string | null; group_id: string | null }>(sql`
      select a.id, a.kind, a.user_id, a.group_id from ${ledgerAccounts} a
      join (values ${values}) as v(kind, user_id, group_id)
        on a.kind = v.kind
        and coalesce(a.user_id, ${NO_OWNER}::uuid) = coalesce(v.user_id, ${NO_OWNER}::uuid)
        and coalesce(a.group_id, ${NO_OWNER}::uuid) = coalesce(v.group_id, ${NO_OWNER}::uuid)`);
    for (const row of rows) knownAccounts.set(JSON.stringify(refFor(row.kind, row.user_id, row.group_id)), row.id);
  };
  await find();
  const absent = owners.filter((o) => !knownAccounts.has(JSON.stringify(refFor(o.kind, o.userId, o.groupId))));
  if (absent.length === 0) return;
  await db().insert(ledgerAccounts).values(absent).onConflictDoNothing();
  await find();
}

function owner(ref: AccountRef) {
  return {
    kind: ref.kind,
    userId: ref.kind === "member_bank" ? ref.userId : null,
    groupId: ref.kind === "group_pool" || ref.kind === "group_shortfall" ? ref.groupId : null,
  };
}

function refFor(kind: AccountRef["kind"], userId: string | null, groupId: string | null): AccountRef {
  if (kind === "member_bank") return { kind, userId: userId! };
  if (kind === "group_pool" || kind === "group_shortfall") return { kind, groupId: groupId! };
  return { kind };
}

async function findOrCreateAccount(executor: Executor, ref: AccountRef): Promise<string> {
  const userId = ref.kind === "member_bank" ? ref.userId : null;
  const groupId = ref.kind === "group_pool" || ref.kind === "group_shortfall" ? ref.groupId : null;
  const where = and(
    eq(ledgerAccounts.kind, ref.kind),
    userId ? eq(ledgerAccounts.userId, userId) : isNull(ledgerAccounts.userId),
    groupId ? eq(ledgerAccounts.groupId, groupId) : isNull(ledgerAccounts.groupId),
  );
  const [found] = await executor.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (found) return found.id;
  await executor.insert(ledgerAccounts).values({ kind: ref.kind, userId, groupId }).onConflictDoNothing();
  const [created] = await executor.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  return created!.id;
}

/**
 * Balance (credits minus debits) of one account: the balance the database maintains with every posting (migration
 * 0010). Inside a transaction that has locked the account (`lockAccounts`), it is the balance the next posting sees.
 */
export async function balanceOf(executor: Executor, ref: AccountRef): Promise<number> {
  const id = await accountId(executor, ref);
  const [row] = await executor.select({ balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return row?.balance ?? 0;
}

/**
 * Lock accounts for the rest of the transaction, in id order (the order the posting trigger locks them in, so two
 * transactions never wait on each other crosswise), and return their balances. The pool lock of ADR 008: a
 * transaction that reads a pool's balance to decide what to post holds this until it commits.
 */
export async function lockAccounts(tx: Tx, refs: AccountRef[]): Promise<Map<string, number>> {
  const ids = [...new Set(await Promise.all(refs.map((ref) => accountId(tx, ref))))].sort();
  const rows = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
  const byId = new Map(rows.map((row) => [row.id, row.balance]));
  const balances = new Map<string, number>();
  for (const ref of refs) balances.set(JSON.stringify(ref), byId.get(await accountId(tx, ref)) ?? 0);
  return balances;
}

/** The balance of `ref` in a map from `lockAccounts`. */
export function lockedBalance(balances: Map<string, number>, ref: AccountRef) {
  return balances.get(JSON.stringify(ref)) ?? 0;
}

export type PostingEntry = { posting: Posting; groupId: string; periodNumber: number; bankTransferId: string; effectiveOn: CalendarDay };

/**
 * Write postings inside the caller's transaction. A key already posted is skipped (the same event applied twice posts
 * once): callers hold the bank transfers' row locks (or are creating the transfer), so no one else can be posting the
 * same keys, and the unique index on the key stays as the backstop. The accounts are locked first, all at once and in
 * id order; the database then moves both balances of each posting and refuses any that breaks an account's invariant.
 */
export async function postEntries(tx: Tx, entries: PostingEntry[]) {
  if (entries.length === 0) return [];
  const done = await tx
    .select({ key: ledgerTransfers.idempotencyKey })
    .from(ledgerTransfers)
    .where(
      inArray(
        ledgerTransfers.idempotencyKey,
        entries.map((e) => e.posting.key),
      ),
    );
  const posted = new Set(done.map((row) => row.key));
  const fresh = entries.filter((e) => {
    if (posted.has(e.posting.key)) return false;
    posted.add(e.posting.key);
    return true;
  });
  if (fresh.length === 0) return [];
  await lockAccounts(
    tx,
    fresh.flatMap((e) => [e.posting.debit, e.posting.credit]),
  );
  const rows = [];
  for (const { posting, ...context } of fresh) {
    rows.push({
      idempotencyKey: posting.key,
      debitAccountId: await accountId(tx, posting.debit),
      creditAccountId: await accountId(tx, posting.credit),
      amountCents: posting.amountCents,
      reason: posting.reason,
      ...context,
    });
  }
  await tx.insert(ledgerTransfers).values(rows);
  return fresh.map((e) => e.posting);
}

export type StatementRow = {
  id: string;
  effectiveOn: CalendarDay;
  memberName: string;
  memberUserId: string;
  kind:
    | "Contribution"
    | "Payout sent"
    | "Setup fee"
    | "Contribution returned"
    | "Payout returned"
    | "Setup fee returned"
    | "Covered by platform"
    | "Shortfall repaid";
  periodNumber: number | null;
  /** Signed change of the group's pool (0 for postings that don't touch it, like fees). */
  poolChangeCents: number;
  amountCents: number;
  status: string;
  poolBalanceCents: number;
  /** A payout's row: the day it arrived in the recipient's bank (its settlement's posting day), once it has. */
  arrivedOn: CalendarDay | null;
};

const REASON_ORDER: Record<string, number> = {
  contribution: 0,
  shortfall_repaid: 0,
  fee: 1,
  contribution_reversal: 2,
  shortfall_cover: 2,
  fee_reversal: 2,
  payout_reversal: 2,
  payout_sent: 3,
  payout_settled: 3,
};

const KIND_LABELS: Record<string, StatementRow["kind"]> = {
  contribution: "Contribution",
  contribution_reversal: "Contribution returned",
  shortfall_cover: "Covered by platform",
  shortfall_repaid: "Shortfall repaid",
  payout_sent: "Payout sent",
  payout_settled: "Payout sent",
  payout_reversal: "Payout returned",
  fee: "Setup fee",
  fee_reversal: "Setup fee returned",
};

/** A group's postings with their bank transfers and members: only the columns the statement shows. */
const statementRows = preparedQuery("statement_rows", (database, name) =>
  database
    .select({
      posting: {
        id: ledgerTransfers.id,
        effectiveOn: ledgerTransfers.effectiveOn,
        reason: ledgerTransfers.reason,
        idempotencyKey: ledgerTransfers.idempotencyKey,
        creditAccountId: ledgerTransfers.creditAccountId,
        debitAccountId: ledgerTransfers.debitAccountId,
        amountCents: ledgerTransfers.amountCents,
        periodNumber: ledgerTransfers.periodNumber,
        bankTransferId: ledgerTransfers.bankTransferId,
      },
      transfer: { userId: bankTransfers.userId, kind: bankTransfers.kind, status: bankTransfers.status },
      memberName: users.name,
    })
    .from(ledgerTransfers)
    .innerJoin(bankTransfers, eq(bankTransfers.id, ledgerTransfers.bankTransferId))
    .innerJoin(users, eq(users.id, bankTransfers.userId))
    .where(eq(ledgerTransfers.groupId, sql.placeholder("groupId")))
    .orderBy(asc(ledgerTransfers.effectiveOn))
    .prepare(name),
);

/**
 * Every posting of a group, oldest first, with the running pool balance. A payout shows once, when it leaves the pool
 * (its settlement moves money from in-transit to the member and does not change the pool); its status column shows
 * where the bank transfer is now.
 */
export async function statementFor(groupId: string): Promise<StatementRow[]> {
  const pool = await accountId(db(), { kind: "group_pool", groupId });
  const rows = await statementRows().execute({ groupId });
  // Within a day, a stable order that reads naturally: money in, fees, returns, then money out; then by member.
  rows.sort(
    (a, b) =>
      a.posting.effectiveOn.localeCompare(b.posting.effectiveOn) ||
      (REASON_ORDER[a.posting.reason] ?? 9) - (REASON_ORDER[b.posting.reason] ?? 9) ||
      a.memberName.localeCompare(b.memberName) ||
      a.posting.idempotencyKey.localeCompare(b.posting.idempotencyKey),
  );
  // A payout shows once, on the day it left the pool ("Payout sent"), with the day it arrived (payment-dates.ts).
  const arrived = new Map<string, CalendarDay>();
  for (const { posting } of rows) if (posting.reason === "payout_settled") arrived.set(posting.bankTransferId!, posting.effectiveOn);
  let balance = 0;
  const statement: StatementRow[] = [];
  for (const { posting, transfer, memberName } of rows) {
    if (posting.reason === "payout_settled") continue;
    const change = posting.creditAccountId === pool ? posting.amountCents : posting.debitAccountId === pool ? -posting.amountCents : 0;
    balance += change;
    statement.push({
      id: posting.id,
      effectiveOn: posting.effectiveOn,
      memberName,
      memberUserId: transfer.userId,
      kind: KIND_LABELS[posting.reason]!,
      periodNumber: transfer.kind === "fee" ? null : posting.periodNumber,
      poolChangeCents: change,
      amountCents: posting.amountCents,
      status: transfer.status,
      poolBalanceCents: balance,
      arrivedOn: posting.reason === "payout_sent" ? (arrived.get(posting.bankTransferId!) ?? null) : null,
    });
  }
  return statement;
}

const statementGroup = preparedQuery("statement_group", (database, name) =>
  database
    .select({ id: groups.id, name: groups.name, status: groups.status })
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, sql.placeholder("userId"))))
    .where(eq(groups.id, sql.placeholder("groupId")))
    .prepare(name),
);

/** A member's view of the group statement, or null (not a member, unknown or malformed id: the same to callers). */
export async function statementPageFor(userId: string, groupId: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(groupId)) return null;
  // The group, found through the viewer's membership: one query answers both.
  const [group] = await statementGroup().execute({ groupId, userId });
  if (!group) return null;
  return { group, rows: await statementFor(groupId) };
}
