/**
 * Money health, for operators (ADR 008, "When a guard refuses"): what the money engine refused or failed to do is
 * logged as one structured line and kept in money_incidents, and a group whose runs keep failing is parked (no
 * longer retried automatically) until an admin resumes it. The admin console's money-health panel reads
 * `moneyHealth()`.
 */
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { consentedPayoutRetryAllowed, type CycleTransfer, FAILED_STATUSES, RETRY_AFTER_DAYS, retryAllowed } from "~/domain/money";
import { type WaitingMoney, whatHappened, whatThePlatformWillDo } from "~/domain/money-health";
import type { DatedAttempt, LateNext } from "~/domain/payment-dates";
import { addDays, daysBetween, todayIn } from "~/domain/schedule";
import { UNPAID_TURN_DAYS } from "~/domain/failed-contribution";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { db } from "../db/client.server";
import { bankTransfers, groups, ledgerAccounts, ledgerTransfers, type MoneyIncidentKind, moneyIncidents, users } from "../db/schema";
import { translator } from "../platform/locale.server";
import { logger } from "../platform/log.server";
import { fundingFor } from "./funding.server";

/** A group's money work that fails this many runs in a row is parked: it stops, and shows as needing attention. */
export const MAX_PROCESSING_FAILURES = 5;

/** One log line (pino, JSON in production): what a log collector indexes (event, group, period, amounts), never people's details. */
export function moneyLog(level: "info" | "warn" | "error", event: string, fields: Record<string, unknown>) {
  logger[level]({ event, ...fields }, event);
}

/** Open an incident, or count one more occurrence of the open one (one open row per group, period and kind). */
async function recordIncident(groupId: string, periodNumber: number, kind: MoneyIncidentKind, detail: Record<string, unknown>) {
  await db()
    .insert(moneyIncidents)
    .values({ groupId, periodNumber, kind, detail })
    .onConflictDoUpdate({
      target: [moneyIncidents.groupId, moneyIncidents.periodNumber, moneyIncidents.kind],
      targetWhere: isNull(moneyIncidents.resolvedAt),
      set: { detail, occurrences: sql`${moneyIncidents.occurrences} + 1`, lastSeenAt: new Date() },
    });
}

/** The payout guard refused a payout (the pool does not hold it, or a contribution is not collected). */
export async function recordPayoutRefusal(
  group: { id: string },
  periodNumber: number,
  detail: { poolCents: number; payoutCents: number; contributionsCollected: number; members: number },
) {
  moneyLog("error", "money.payout_refused", { groupId: group.id, periodNumber, ...detail });
  await recordIncident(group.id, periodNumber, "payout_refused", detail);
}

/** What went wrong, for logs and the panel: the database's own error (drizzle wraps it, with the query and its
 * parameters, which stay out of logs), its SQLSTATE and constraint. */
function describe(error: unknown) {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  if (root instanceof Error) {
    const code = (root as { code?: unknown }).code;
    const constraint = (root as { constraint?: unknown }).constraint;
    return {
      message: root.message.slice(0, 500),
      ...(typeof code === "string" ? { code } : {}),
      ...(typeof constraint === "string" ? { constraint } : {}),
    };
  }
  return { message: String(error).slice(0, 500) };
}

/**
 * A run of a group's money work failed (a database guard refused something, the bank or the database was down…).
 * Counted on the group; after MAX_PROCESSING_FAILURES in a row the group is parked. Returns whether it is parked now.
 */
export async function recordProcessingFailure(groupId: string, error: unknown): Promise<{ parked: boolean; failures: number }> {
  const what = describe(error);
  const [row] = await db()
    .update(groups)
    .set({
      moneyFailures: sql`${groups.moneyFailures} + 1`,
      moneyLastError: what.message,
      moneyLastFailedAt: new Date(),
      moneyParkedAt: sql`case when ${groups.moneyFailures} + 1 >= ${MAX_PROCESSING_FAILURES} then coalesce(${groups.moneyParkedAt}, now()) else ${groups.moneyParkedAt} end`,
    })
    .where(eq(groups.id, groupId))
    .returning({ failures: groups.moneyFailures, parkedAt: groups.moneyParkedAt });
  const failures = row?.failures ?? 0;
  const parked = Boolean(row?.parkedAt);
  moneyLog("error", "money.group_failed", { groupId, failures, parked, ...what });
  await recordIncident(groupId, 0, "processing_failed", { ...what, failures });
  if (parked && failures === MAX_PROCESSING_FAILURES) {
    moneyLog("error", "money.group_parked", { groupId, failures });
    await recordIncident(groupId, 0, "group_parked", { ...what, failures });
  }
  return { parked, failures };
}

/**
 * Runs succeeded: each group's count of failures in a row starts again, unless it is parked (an admin resumes it). A
 * column value for the UPDATE that stamps a page's groups as processed (cycle.server.ts' processPage), so that the
 * count is reset in that one statement rather than a second one per page (ADR 060 part six (h)).
 */
export const processingSucceeded = {
  moneyFailures: sql<number>`case when ${groups.moneyFailures} > 0 and ${groups.moneyParkedAt} is null then 0 else ${groups.moneyFailures} end`,
};

/** An admin resumes a parked group: it is retried on the next tick, and its open incidents are resolved. */
export async function resumeGroup(groupId: string) {
  const [row] = await db()
    .update(groups)
    .set({ moneyFailures: 0, moneyParkedAt: null, moneyLastError: null })
    .where(eq(groups.id, groupId))
    .returning({ id: groups.id });
  if (!row) return false;
  await db()
    .update(moneyIncidents)
    .set({ resolvedAt: new Date() })
    .where(and(eq(moneyIncidents.groupId, groupId), isNull(moneyIncidents.resolvedAt)));
  moneyLog("info", "money.group_resumed", { groupId });
  return true;
}

export type MoneyHealthGroup = {
  id: string;
  name: string;
  status: string;
  failures: number;
  lastError: string | null;
  lastFailedAt: Date | null;
  parkedAt: Date | null;
  refusals: number;
  frontedCents: number;
  returnsFronted: number;
  /** Members whose contribution to this group failed and has not come in (issue 44): retried, or waiting for them. */
  membersWaiting: number;
};

export type FailedJobs = { queue: string; count: number; lastFailedAt: Date | null; lastError: string | null };

/** A member's money a group waits for (or a payout out of attempts), with what the platform will do (money-health.ts). */
export type WaitingMoneyView = {
  groupId: string;
  groupName: string;
  kind: "contribution" | "payout";
  memberName: string;
  periodNumber: number;
  amountCents: number;
  /** The engine's next step: a retry on a day (retry), the member's action (waits-for-member), or nothing (no-retry). */
  next: LateNext["kind"];
  whatHappened: string;
  whatWillHappen: string;
};

/**
 * A turn unpaid for UNPAID_TURN_DAYS or more (ADR 053, step 4): the contribution it waits for, who owes it and who runs
 * the group, for Rosca's support team to take it up with the group's admin and the member.
 */
export type UnpaidTurnView = {
  groupId: string;
  groupName: string;
  periodNumber: number;
  memberName: string;
  memberEmail: string;
  amountCents: number;
  dueOn: string;
  /** Days since the due day, on the group's clock. */
  waitedDays: number;
  /** The day support took it up: the due day plus UNPAID_TURN_DAYS. */
  supportFrom: string;
  adminName: string | null;
  adminEmail: string | null;
  /** The member is the turn's own recipient: nobody can accept what arrived instead; the turn waits for them (ADR 053). */
  ownTurn: boolean;
};

export type MoneyHealth = {
  totals: {
    needsAttention: number;
    parked: number;
    failing: number;
    refusals: number;
    returnsFronted: number;
    frontedCents: number;
    /** Groups waiting on a member: a contribution failed and has not come in (retried or not), or a payout out of attempts. */
    waitingOnMembers: number;
    /** Members waited on across those groups (issue 44: the headline counts them). */
    membersWaiting: number;
  };
  groups: MoneyHealthGroup[];
  /** Every active group's money that failed and has not come in: out of attempts, waiting for the member, or retried. */
  waiting: WaitingMoneyView[];
  /** Contributions a turn has waited on for UNPAID_TURN_DAYS or more, longest first (ADR 053): support's cases. */
  unpaidTurns: UnpaidTurnView[];
  /** Jobs that used up their retries in the last 7 days (pg-boss keeps them failed; nothing retries them forever). */
  failedJobs: FailedJobs[];
  /** Debits the bank has not sent on yet (pending), newest first: support can still stop one (cancelTransfer). */
  cancellable: CancellableDebit[];
};

export type CancellableDebit = {
  transferId: string;
  groupName: string;
  memberName: string;
  kind: "contribution" | "fee";
  periodNumber: number;
  amountCents: number;
  initiatedOn: string;
};

/** How many pending debits the panel lists. */
const CANCELLABLE_SHOWN = 20;

/**
 * Failed pg-boss jobs by queue (a database where the queue was never started has no pgboss_v12 schema: none). pg-boss
 * 12 keeps failed jobs in its job table until their deletion time (no archive table since pg-boss 11).
 */
async function failedJobs(): Promise<FailedJobs[]> {
  try {
    const { rows } = await db().execute<{ queue: string; count: number; last_failed_at: Date | null; last_error: string | null }>(sql`
      select name as queue, count(*)::int as count, max(completed_on) as last_failed_at,
        (array_agg(left(coalesce(output->>'message', output::text), 300) order by completed_on desc nulls last))[1] as last_error
      from (select name, completed_on, output from pgboss_v12.job where state = 'failed' and created_on > now() - interval '7 days') failed
      group by name order by name`);
    return rows.map((row) => ({
      queue: row.queue,
      count: row.count,
      lastFailedAt: row.last_failed_at ? new Date(row.last_failed_at) : null,
      lastError: row.last_error,
    }));
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === "42P01" || (error as { code?: string }).code === "42P01") return [];
    throw error;
  }
}

type WaitingChain = {
  group_id: string;
  group_name: string;
  time_zone: string;
  clock_offset_seconds: number;
  kind: "contribution" | "payout";
  period_number: number;
  user_id: string;
  member_name: string;
  member_email: string;
  due_on: string;
  group_admin: { name: string; email: string } | null;
  amount_cents: string;
  payout_cents: string;
  recipient_name: string;
  own_turn: boolean;
  payout_left: boolean;
  /** The recipient accepted what had arrived (ADR 053 step 4): the period's payouts follow the consent's retry rule. */
  consented: boolean;
  attempts: Array<DatedAttempt & { amountCents: string }>;
};

/**
 * The money active groups wait for: each contribution whose latest attempt failed (declined, failed, returned,
 * cancelled) or waits for its member, and each payout whose latest attempt failed, with its whole chain of attempts
 * (the retry rules read it) — one statement; the candidates come from the status index.
 */
async function waitingMoney(
  now: Date,
  locale: Locale,
): Promise<{ views: WaitingMoneyView[]; unpaidTurns: UnpaidTurnView[]; groupsWaiting: Set<string>; membersWaiting: Set<string> }> {
  // The sentences in the reader's words (ADR 056 part five (i)); English as the domain writes it.
  const reader = locale === DEFAULT_LOCALE ? undefined : { t: translator(locale), locale };
  const { rows } = await db().execute<WaitingChain>(sql`
    with candidates as (
      select distinct t.group_id, t.kind, t.period_number, t.user_id
      from bank_transfers t join groups g on g.id = t.group_id and g.status = 'active'
      where t.kind in ('contribution', 'payout')
        and (t.status in ('declined', 'failed', 'returned', 'cancelled') or (t.status = 'created' and t.waiting_for_member_at is not null))
    )
    select c.group_id, g.name as group_name, g.time_zone, g.clock_offset_seconds, c.kind, c.period_number, c.user_id,
      u.name as member_name, u.email as member_email, p.due_on,
      (select json_build_object('name', au.name, 'email', au.email) from group_members ga join users au on au.id = ga.user_id
        where ga.group_id = c.group_id and ga.is_admin order by ga.joined_at limit 1) as group_admin,
      g.contribution_cents as amount_cents, p.payout_cents, ru.name as recipient_name, r.user_id = c.user_id as own_turn,
      exists (select 1 from bank_transfers x where x.group_id = c.group_id and x.kind = 'payout' and x.period_number = c.period_number
        and x.status not in ('declined', 'failed', 'returned', 'cancelled')) as payout_left,
      exists (select 1 from turn_consents tc where tc.group_id = c.group_id and tc.period_number = c.period_number) as consented,
      (select json_agg(json_build_object('kind', t.kind, 'periodNumber', t.period_number, 'userId', t.user_id, 'attempt', t.attempt,
          'amountCents', t.amount_cents,
          'status', t.status, 'statusOn', t.status_on, 'initiatedOn', t.initiated_on, 'retryOn', t.retry_on, 'failureCode', t.failure_code,
          'waitingForMember', t.waiting_for_member_at is not null, 'payNow', t.pay_now) order by t.attempt)
        from bank_transfers t where t.group_id = c.group_id and t.kind = c.kind and t.period_number = c.period_number and t.user_id = c.user_id) as attempts
    from candidates c
    join groups g on g.id = c.group_id
    join users u on u.id = c.user_id
    join group_periods p on p.group_id = c.group_id and p.period_number = c.period_number
    join group_members r on r.id = p.recipient_member_id
    join users ru on ru.id = r.user_id
    order by g.name, c.group_id, c.period_number, c.kind, u.name`);
  const views: WaitingMoneyView[] = [];
  const unpaidTurns: UnpaidTurnView[] = [];
  const groupsWaiting = new Set<string>();
  const membersWaiting = new Set<string>();
  const blocked: WaitingChain[] = [];
  const late: Array<{ chain: WaitingChain; next: LateNext; today: string }> = [];
  for (const chain of rows) {
    const last = chain.attempts.at(-1)!;
    const waiting = last.status === "created" && last.waitingForMember;
    if (!waiting && !FAILED_STATUSES.includes(last.status)) continue; // a later attempt went through or is on its way
    const today = todayIn(chain.time_zone, new Date(now.getTime() + chain.clock_offset_seconds * 1000));
    let next: LateNext;
    if (waiting) next = { kind: "waits-for-member" };
    else if (
      !(chain.consented && chain.kind === "payout"
        ? consentedPayoutRetryAllowed(chain.attempts)
        : retryAllowed(chain.attempts as CycleTransfer[], today))
    )
      next = { kind: "no-retry" };
    else {
      const retry = last.retryOn ?? addDays(last.statusOn, RETRY_AFTER_DAYS);
      next = { kind: "retry", on: retry >= today ? retry : today };
    }
    if (waiting) blocked.push(chain);
    late.push({ chain, next, today });
  }
  // Why each waiting member is waited for: what the engine's funding check says (funding.server.ts).
  const funding = await fundingFor(blocked.map((chain) => chain.user_id));
  for (const { chain, next, today } of late) {
    const last = chain.attempts.at(-1)!;
    const waitedDays = daysBetween(String(chain.due_on), today);
    if (chain.kind === "contribution" && waitedDays >= UNPAID_TURN_DAYS)
      unpaidTurns.push({
        groupId: chain.group_id,
        groupName: chain.group_name,
        periodNumber: Number(chain.period_number),
        memberName: chain.member_name,
        memberEmail: chain.member_email,
        amountCents: Number(chain.amount_cents),
        dueOn: String(chain.due_on),
        waitedDays,
        supportFrom: addDays(String(chain.due_on), UNPAID_TURN_DAYS),
        adminName: chain.group_admin?.name ?? null,
        adminEmail: chain.group_admin?.email ?? null,
        ownTurn: chain.own_turn === true,
      });
    const block = funding.get(chain.user_id)?.debit;
    const money: WaitingMoney = {
      kind: chain.kind,
      memberName: chain.member_name,
      periodNumber: Number(chain.period_number),
      // A payout's own amount: a consented turn's payouts are what arrived and each rest, not the whole pot.
      amountCents: chain.kind === "payout" ? Number(last.amountCents) : Number(chain.amount_cents),
      attempt: last.attempt,
      failures: chain.attempts.filter((a) => FAILED_STATUSES.includes(a.status)).length,
      payNow: chain.kind === "contribution" && last.payNow === true,
      automaticAttempts: chain.attempts.filter((a) => !a.payNow).length,
      status: last.status,
      failureCode: last.failureCode,
      next,
      waitReason: next.kind === "waits-for-member" && typeof block === "string" ? block : next.kind === "waits-for-member" ? "no_account" : null,
      recipientName: chain.recipient_name,
      payoutCents: chain.kind === "payout" ? Number(last.amountCents) : Number(chain.payout_cents),
      payoutLeft: chain.payout_left,
    };
    // Every group waiting on money counts, a retry planned included (issue 44: the headline once said "healthy").
    groupsWaiting.add(chain.group_id);
    if (chain.kind !== "payout") membersWaiting.add(`${chain.group_id}:${chain.user_id}`);
    views.push({
      groupId: chain.group_id,
      groupName: chain.group_name,
      kind: chain.kind,
      memberName: chain.member_name,
      periodNumber: money.periodNumber,
      amountCents: money.amountCents,
      next: next.kind,
      whatHappened: whatHappened(money, reader),
      whatWillHappen: whatThePlatformWillDo(money, reader),
    });
  }
  unpaidTurns.sort((a, b) => b.waitedDays - a.waitedDays || a.groupName.localeCompare(b.groupName));
  return { views, unpaidTurns, groupsWaiting, membersWaiting };
}

/**
 * Groups that need attention: failing or parked runs, payouts the guard refused (open incidents), returns the
 * platform fronted (shortfall_cover postings; frontedCents is what is still owed to the platform), and money a group
 * waits for from a member (`waitingMoney`). One query per panel part, set-based.
 */
export async function moneyHealth(limit = 50, now = new Date(), locale: Locale = DEFAULT_LOCALE): Promise<MoneyHealth> {
  const [failing, refusals, fronted, jobs, cancellable, waiting] = await Promise.all([
    db()
      .select({
        id: groups.id,
        name: groups.name,
        status: groups.status,
        failures: groups.moneyFailures,
        lastError: groups.moneyLastError,
        lastFailedAt: groups.moneyLastFailedAt,
        parkedAt: groups.moneyParkedAt,
      })
      .from(groups)
      .where(sql`${groups.moneyFailures} > 0 or ${groups.moneyParkedAt} is not null`),
    db()
      .select({
        groupId: moneyIncidents.groupId,
        name: groups.name,
        status: groups.status,
        count: sql<number>`sum(${moneyIncidents.occurrences})::int`,
      })
      .from(moneyIncidents)
      .innerJoin(groups, eq(groups.id, moneyIncidents.groupId))
      .where(and(eq(moneyIncidents.kind, "payout_refused"), isNull(moneyIncidents.resolvedAt)))
      .groupBy(moneyIncidents.groupId, groups.name, groups.status),
    db()
      .select({
        groupId: ledgerAccounts.groupId,
        name: groups.name,
        status: groups.status,
        owedCents: sql<number>`(-${ledgerAccounts.balanceCents})::bigint`,
        returns: sql<number>`(select count(*)::int from ${ledgerTransfers} t where t.debit_account_id = ${ledgerAccounts.id} and t.reason = 'shortfall_cover')`,
      })
      .from(ledgerAccounts)
      .innerJoin(groups, eq(groups.id, ledgerAccounts.groupId))
      .where(
        and(
          eq(ledgerAccounts.kind, "group_shortfall"),
          sql`exists (select 1 from ${ledgerTransfers} t where t.debit_account_id = ${ledgerAccounts.id} and t.reason = 'shortfall_cover')`,
        ),
      ),
    failedJobs(),
    db()
      .select({
        transferId: bankTransfers.id,
        groupName: groups.name,
        memberName: users.name,
        kind: sql<"contribution" | "fee">`${bankTransfers.kind}`,
        periodNumber: bankTransfers.periodNumber,
        amountCents: bankTransfers.amountCents,
        initiatedOn: bankTransfers.initiatedOn,
      })
      .from(bankTransfers)
      .innerJoin(groups, eq(groups.id, bankTransfers.groupId))
      .innerJoin(users, eq(users.id, bankTransfers.userId))
      .where(and(eq(bankTransfers.status, "pending"), ne(bankTransfers.kind, "payout")))
      .orderBy(desc(bankTransfers.createdAt))
      .limit(CANCELLABLE_SHOWN),
    waitingMoney(now, locale),
  ]);
  const byId = new Map<string, MoneyHealthGroup>();
  const entry = (id: string, name: string, status: string) => {
    let found = byId.get(id);
    if (!found) {
      found = {
        id,
        name,
        status,
        failures: 0,
        lastError: null,
        lastFailedAt: null,
        parkedAt: null,
        refusals: 0,
        frontedCents: 0,
        returnsFronted: 0,
        membersWaiting: 0,
      };
      byId.set(id, found);
    }
    return found;
  };
  for (const row of failing) Object.assign(entry(row.id, row.name, row.status), row);
  for (const row of refusals) entry(row.groupId, row.name, row.status).refusals = row.count;
  for (const row of fronted) {
    const group = entry(row.groupId!, row.name, row.status);
    group.frontedCents = Number(row.owedCents);
    group.returnsFronted = row.returns;
  }
  // A group waiting on a member is listed with the rest; its money is in `waiting`.
  for (const row of waiting.views) if (waiting.groupsWaiting.has(row.groupId)) entry(row.groupId, row.groupName, "active");
  for (const key of waiting.membersWaiting) byId.get(key.split(":")[0]!)!.membersWaiting += 1;
  const all = [...byId.values()].sort(
    (a, b) =>
      Number(Boolean(b.parkedAt)) - Number(Boolean(a.parkedAt)) ||
      b.failures - a.failures ||
      b.refusals - a.refusals ||
      b.frontedCents - a.frontedCents,
  );
  return {
    totals: {
      needsAttention: all.length,
      parked: all.filter((g) => g.parkedAt).length,
      failing: all.filter((g) => g.failures > 0).length,
      refusals: all.reduce((sum, g) => sum + g.refusals, 0),
      returnsFronted: all.reduce((sum, g) => sum + g.returnsFronted, 0),
      frontedCents: all.reduce((sum, g) => sum + g.frontedCents, 0),
      waitingOnMembers: waiting.groupsWaiting.size,
      membersWaiting: waiting.membersWaiting.size,
    },
    groups: all.slice(0, limit),
    waiting: waiting.views.slice(0, limit),
    unpaidTurns: waiting.unpaidTurns.slice(0, limit),
    failedJobs: jobs,
    cancellable,
  };
}

/** Incidents of one group, newest first (the panel's detail). */
export async function groupIncidents(groupId: string) {
  return db().select().from(moneyIncidents).where(eq(moneyIncidents.groupId, groupId)).orderBy(desc(moneyIncidents.lastSeenAt)).limit(20);
}
