/**
 * The cycle's due work for a set of groups on one group-clock day, decided in SQL (ADR 009): each function is one
 * statement over all the groups at once, never a loop of per-group or per-member queries. They implement the rules of
 * `dueWork`, `settledUp` and the reminder window in app/domain/money.ts, which stay the specification:
 * tests/integration/money-plan.test.ts checks on random histories that the two agree.
 */
import { type SQL, sql } from "drizzle-orm";
import { MAX_RETRIES_AFTER_RETURN, RETURN_ACTIONS, RETURN_RETRY_WINDOW_DAYS } from "~/domain/ach";
import { AVAILABLE_STATUS, FAILED_STATUSES, MAX_ATTEMPTS, REMINDER_DAYS_BEFORE, RETRY_AFTER_DAYS, SETTLED_STATUSES } from "~/domain/money";
import type { CalendarDay } from "~/domain/schedule";
import { db } from "../db/client.server";
import { recordTransfers } from "../platform/metrics.server";
import type { TransferRow } from "../db/schema";
import { uuidArray as ids } from "./locks.server";

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
const failed = list(FAILED_STATUSES);
/** Failures after which the same money may be tried again (a cancelled transfer was stopped on purpose). */
const retriable = list(FAILED_STATUSES.filter((s) => s !== "cancelled"));
const settled = list(SETTLED_STATUSES);
/** Return codes with a rule in ach.ts (any other code allows no automatic retry), and those presented again as "Retry N". */
const listedReturnCodes = list(Object.keys(RETURN_ACTIONS));
const retryReturnCodes = list(
  Object.entries(RETURN_ACTIONS)
    .filter(([, action]) => action === "retry")
    .map(([code]) => code),
);

/**
 * Per member, kind and period of these groups' debits (contributions and fees): the latest attempt (its number,
 * status, status day and failure code) and the trailing run of R01/R09 returns among the entries that reached the
 * network (its length and the day its original was made): `retryAllowed` in app/domain/money.ts, in SQL.
 */
function debitChains(groupIds: readonly string[]): SQL {
  return sql`
    attempts as (
      select t.group_id, t.kind, t.period_number, t.user_id, t.attempt, t.status, t.status_on, t.retry_on, t.initiated_on, t.failure_code,
        t.status not in ('created', 'declined') as entry,
        t.status = 'returned' and t.failure_code in (${retryReturnCodes}) as retry_return
      from bank_transfers t where t.group_id = any(${ids(groupIds)}) and t.kind in ('contribution', 'fee')
    ),
    marked as (
      select a.*, count(*) filter (where a.entry and not a.retry_return)
        over (partition by a.group_id, a.kind, a.period_number, a.user_id order by a.attempt desc rows unbounded preceding) as breaks
      from attempts a
    ),
    chains as (
      select group_id, kind, period_number, user_id,
        max(attempt) as attempt,
        (array_agg(status order by attempt desc))[1] as status,
        (array_agg(status_on order by attempt desc))[1] as status_on,
        (array_agg(retry_on order by attempt desc))[1] as retry_on,
        (array_agg(failure_code order by attempt desc))[1] as failure_code,
        count(*) filter (where entry and retry_return and breaks = 0) as run_length,
        (array_agg(initiated_on order by attempt) filter (where entry and retry_return and breaks = 0))[1] as run_since
      from marked group by group_id, kind, period_number, user_id
    )`;
}

/** For a chain `c` whose latest attempt failed: another attempt may still be made (whatever the retry day). */
function chainRetryAllowed(day: CalendarDay): SQL {
  return sql`(c.status in (${retriable}) and c.attempt < ${MAX_ATTEMPTS}
    and not (c.status = 'returned' and coalesce(c.failure_code, '') not in (${listedReturnCodes}))
    and c.run_length <= ${MAX_RETRIES_AFTER_RETURN}
    and (c.run_since is null or c.run_since + ${RETURN_RETRY_WINDOW_DAYS}::int >= ${day}::date))`;
}

/**
 * Insert every debit due on `day` for these groups, and return the rows it made: for every period due on or before
 * the day, each member's contribution, and each member's setup fee (period 0) once one of their contributions has
 * gone through (`hasContributed`); the first attempt where
 * there is none yet, the next one where the latest failed at least RETRY_AFTER_DAYS ago and the rules allow another
 * (`retryAllowed`: fewer than MAX_ATTEMPTS, not cancelled, a return code that allows one, an R01/R09 return presented
 * again at most twice within 180 days). Keys are `transferKey`'s, so a re-run (or another worker) inserts nothing.
 */
export async function planDebits(groupIds: readonly string[], day: CalendarDay, feeCents: number): Promise<TransferRow[]> {
  if (groupIds.length === 0) return [];
  const { rows } = await db().execute<Record<string, unknown>>(sql`
    with due as (
      select p.group_id, p.period_number, 'contribution'::text as kind, g.contribution_cents as amount, m.user_id
      from group_periods p join groups g on g.id = p.group_id join group_members m on m.group_id = p.group_id
      where p.group_id = any(${ids(groupIds)}) and p.due_on <= ${day}::date
      union all
      -- The setup fee, once a contribution of the member's has gone through (hasContributed, ADR 040).
      select m.group_id, 0, 'fee', ${feeCents}::bigint, m.user_id
      from group_members m
      where m.group_id = any(${ids(groupIds)}) and ${feeCents}::bigint > 0
        and exists (select 1 from bank_transfers s where s.group_id = m.group_id and s.user_id = m.user_id
          and s.kind = 'contribution' and s.status in (${settled}))
    ),
    ${debitChains(groupIds)}
    insert into bank_transfers (idempotency_key, kind, group_id, period_number, user_id, attempt, amount_cents, initiated_on, status_on)
    select d.kind || ':' || d.group_id || ':' || d.period_number || ':' || d.user_id || ':' || (coalesce(c.attempt, 0) + 1),
      d.kind, d.group_id, d.period_number, d.user_id, coalesce(c.attempt, 0) + 1, d.amount, ${day}::date, ${day}::date
    from due d
    left join chains c on c.group_id = d.group_id and c.kind = d.kind and c.period_number = d.period_number and c.user_id = d.user_id
    where c.attempt is null
      or (${chainRetryAllowed(day)} and coalesce(c.retry_on, c.status_on + ${RETRY_AFTER_DAYS}::int) <= ${day}::date)
    order by d.group_id, d.kind, d.period_number, d.user_id
    on conflict do nothing
    returning *`);
  // Committed (one statement): count the debits created (metrics).
  return recordTransfers(rows.map(transferRowFrom));
}

/** A bank_transfers row from a raw query, in drizzle's shape. */
export function transferRowFrom(row: Record<string, unknown>): TransferRow {
  return {
    id: row.id as string,
    idempotencyKey: row.idempotency_key as string,
    kind: row.kind as TransferRow["kind"],
    groupId: row.group_id as string,
    periodNumber: Number(row.period_number),
    userId: row.user_id as string,
    attempt: Number(row.attempt),
    amountCents: Number(row.amount_cents),
    status: row.status as TransferRow["status"],
    initiatedOn: String(row.initiated_on),
    statusOn: String(row.status_on),
    retryOn: row.retry_on ? String(row.retry_on) : null,
    expectedFundsAvailableOn: row.expected_funds_available_on ? String(row.expected_funds_available_on) : null,
    providerAuthorizationId: (row.provider_authorization_id as string | null) ?? null,
    providerTransferId: (row.provider_transfer_id as string | null) ?? null,
    failureCode: (row.failure_code as string | null) ?? null,
    failureDescription: (row.failure_description as string | null) ?? null,
    notifiedStatus: (row.notified_status as TransferRow["notifiedStatus"]) ?? null,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
    bankKeyRound: Number(row.bank_key_round ?? 0),
    bankIdempotencyKey: (row.bank_idempotency_key as string | null) ?? null,
    bankKeyRotatedAt: row.bank_key_rotated_at ? new Date(row.bank_key_rotated_at as string) : null,
    lastAttemptAt: row.last_attempt_at ? new Date(row.last_attempt_at as string) : null,
    waitingForMemberAt: row.waiting_for_member_at ? new Date(row.waiting_for_member_at as string) : null,
    bankAccountId: (row.bank_account_id as string | null) ?? null,
    providerAccountId: (row.provider_account_id as string | null) ?? null,
    payNow: row.pay_now === true,
  };
}

/**
 * Claim the reminders due on `day` (from REMINDER_DAYS_BEFORE days before each open period's due day through it, to
 * every member), once per group, period and member whatever re-runs or workers do. Returns the ones claimed now.
 */
export async function claimReminders(groupIds: readonly string[], day: CalendarDay) {
  if (groupIds.length === 0) return [];
  const { rows } = await db().execute<{ group_id: string; period_number: number; user_id: string; due_on: string }>(sql`
    with claimed as (
      insert into group_reminders (group_id, period_number, user_id)
      select p.group_id, p.period_number, m.user_id
      from group_periods p join group_members m on m.group_id = p.group_id
      where p.group_id = any(${ids(groupIds)}) and p.status <> 'completed'
        and p.due_on - ${REMINDER_DAYS_BEFORE}::int <= ${day}::date and ${day}::date <= p.due_on
      on conflict do nothing
      returning group_id, period_number, user_id)
    select c.group_id, c.period_number, c.user_id, p.due_on::text as due_on
    from claimed c join group_periods p on p.group_id = c.group_id and p.period_number = c.period_number`);
  return rows.map((r) => ({ groupId: r.group_id, periodNumber: Number(r.period_number), userId: r.user_id, dueOn: r.due_on }));
}

export type PayoutDue = { groupId: string; periodNumber: number; userId: string; attempt: number; amountCents: number };

/**
 * The payouts due on `day`: periods due on or before it whose every member's latest contribution has reached the
 * platform's available balance (funds_available), with no payout yet or a latest payout that failed (declined, failed
 * or returned, not cancelled) at least RETRY_AFTER_DAYS ago with attempts left; then, per group in period order, as many as its pool holds. (Each is then made, or refused, by
 * `startPayout` on the locked pool.)
 */
export async function payoutsDue(groupIds: readonly string[], day: CalendarDay): Promise<PayoutDue[]> {
  if (groupIds.length === 0) return [];
  const { rows } = await db().execute<{
    group_id: string;
    period_number: number;
    user_id: string;
    attempt: number;
    payout_cents: string;
    pool_cents: string;
  }>(sql`
    with latest_pay as (
      select distinct on (t.group_id, t.period_number) t.group_id, t.period_number, t.attempt, t.status, t.status_on, t.retry_on
      from bank_transfers t where t.group_id = any(${ids(groupIds)}) and t.kind = 'payout'
      order by t.group_id, t.period_number, t.attempt desc
    ),
    latest_contribution as (
      select distinct on (t.group_id, t.period_number, t.user_id) t.group_id, t.period_number, t.status
      from bank_transfers t where t.group_id = any(${ids(groupIds)}) and t.kind = 'contribution'
      order by t.group_id, t.period_number, t.user_id, t.attempt desc
    ),
    collected as (
      select group_id, period_number, count(*) as n from latest_contribution where status = ${AVAILABLE_STATUS} group by 1, 2
    ),
    members as (select group_id, count(*) as n from group_members where group_id = any(${ids(groupIds)}) group by 1)
    select p.group_id, p.period_number, r.user_id, coalesce(lp.attempt, 0) + 1 as attempt, p.payout_cents,
      coalesce((select a.balance_cents from ledger_accounts a where a.kind = 'group_pool' and a.group_id = p.group_id), 0) as pool_cents
    from group_periods p
    join group_members r on r.id = p.recipient_member_id
    join members m on m.group_id = p.group_id
    join collected c on c.group_id = p.group_id and c.period_number = p.period_number and c.n = m.n
    left join latest_pay lp on lp.group_id = p.group_id and lp.period_number = p.period_number
    where p.group_id = any(${ids(groupIds)}) and p.due_on <= ${day}::date
      -- A consented turn is paid what arrived, and the rest as it arrives (turn-consent.server.ts), never here.
      and not exists (select 1 from turn_consents tc where tc.group_id = p.group_id and tc.period_number = p.period_number)
      and (lp.attempt is null
        or (lp.status in (${retriable}) and lp.attempt < ${MAX_ATTEMPTS} and coalesce(lp.retry_on, lp.status_on + ${RETRY_AFTER_DAYS}::int) <= ${day}::date))
    order by p.group_id, p.period_number`);
  const pools = new Map<string, number>();
  const due: PayoutDue[] = [];
  for (const row of rows) {
    const pool = pools.get(row.group_id) ?? Number(row.pool_cents);
    const amountCents = Number(row.payout_cents);
    if (pool < amountCents) continue;
    pools.set(row.group_id, pool - amountCents);
    due.push({ groupId: row.group_id, periodNumber: Number(row.period_number), userId: row.user_id, attempt: Number(row.attempt), amountCents });
  }
  return due;
}

/** Mark completed the open periods whose latest payout settled; returns how many. */
export async function completePeriods(groupIds: readonly string[], day: CalendarDay, now: Date) {
  if (groupIds.length === 0) return 0;
  const { rowCount } = await db().execute(sql`
    update group_periods p set status = 'completed', completed_at = ${now.toISOString()}::timestamptz, completed_on = ${day}::date
    where p.status = 'pending' and p.id in (
      -- Locked in id order first, like groupsLockedInOrder (an event sync may reopen some of these periods meanwhile).
      select q.id from group_periods q
      where q.group_id = any(${ids(groupIds)}) and q.status = 'pending'
        and (select t.status from bank_transfers t where t.group_id = q.group_id and t.kind = 'payout' and t.period_number = q.period_number
             order by t.attempt desc limit 1) in (${settled})
      order by q.id for update of q)`);
  return rowCount ?? 0;
}

/**
 * Of these groups, the active ones that are settled up (`settledUp`): every period completed and its latest payout
 * settled, nothing at the bank in flight, no contribution or fee that will still be retried (`retryAllowed` on `day`),
 * no debt of a consented turn still owed.
 */
export async function settledUpGroups(groupIds: readonly string[], day: CalendarDay): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const { rows } = await db().execute<{ id: string }>(sql`
    with latest as (
      select distinct on (t.group_id, t.kind, t.period_number, t.user_id) t.group_id, t.kind, t.attempt, t.status
      from bank_transfers t where t.group_id = any(${ids(groupIds)})
      order by t.group_id, t.kind, t.period_number, t.user_id, t.attempt desc
    ),
    ${debitChains(groupIds)}
    select g.id from groups g
    where g.id = any(${ids(groupIds)}) and g.status = 'active'
      and exists (select 1 from group_periods p where p.group_id = g.id)
      and not exists (select 1 from group_periods p where p.group_id = g.id and p.status <> 'completed')
      and not exists (select 1 from group_periods p where p.group_id = g.id
        and coalesce((select t.status from bank_transfers t where t.group_id = g.id and t.kind = 'payout' and t.period_number = p.period_number
                      order by t.attempt desc limit 1), 'none') not in (${settled}))
      and not exists (select 1 from latest l where l.group_id = g.id and l.status not in (${failed}, ${settled}))
      and not exists (select 1 from chains c where c.group_id = g.id and ${chainRetryAllowed(day)})
      -- What a member still owes a recipient (ADR 053 step 4) keeps the group active until it is collected.
      and not exists (select 1 from turn_debts d where d.group_id = g.id and d.status = 'owed')`);
  return rows.map((row) => row.id);
}
