/**
 * The group cycle, day by day (ADR 008), a page of groups at a time (ADR 009). For each group-clock day not yet
 * processed: let the sandbox bank settle what is due to settle, read the bank's events, then start what is due
 * (reminders, debits, retries, payouts) and tell members what happened — each stage one batch over the page's groups
 * due that day. Every step is idempotent, so any number of workers may run it at any time; per-group advisory locks,
 * taken without waiting, keep them from doing the same group at once (a courtesy: correctness comes from the keys and
 * the database's guards).
 *
 * The sandbox clock moves a group's time forward (never back) by an offset; advancing replays each day in turn, exactly
 * as real time would, so advancing 12 periods in one step or in 12 steps gives the same ledger.
 */
import { and, asc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import pLimit from "p-limit";
import { failureReasonValues } from "~/domain/ach";
import {
  dueWork,
  type DueWork,
  FAILED_STATUSES,
  REMINDER_DAYS_BEFORE,
  SANDBOX_SETTLE_AFTER_DAYS,
  SETTLED_STATUSES,
  sandboxSettlesOn,
  type TransferStatus,
} from "~/domain/money";
import { fundsAvailableOn } from "~/domain/funds-available";
import { SETUP_FEE_CENTS } from "~/domain/groups";
import { addDays, daysBetween, todayIn, type CalendarDay } from "~/domain/schedule";
import { adminFailureValues, failureStepValues, feeFailureValues } from "~/domain/failed-contribution";
import { debitAccountsById } from "../bank/debit-accounts.server";
import { plaidCall } from "../bank/plaid.server";
import { getPool, db } from "../db/client.server";
import { isConnectionLost } from "../db/errors.server";
import { bankTransfers, groupEvents, groupMembers, groupPeriods, groups, type TransferRow, users } from "../db/schema";
import { sendEmailToUser } from "../email/user-email.server";
import { appUrl } from "../platform/env.server";
import { notify } from "../notifications/notifications.server";
import { sendDailyReminders } from "../notifications/reminders.server";
import { notifyUrgent, URGENT } from "../notifications/account-alerts.server";
import { failpoint, pausepoint, SimulatedCrash } from "../platform/failpoints.server";
import { logger } from "../platform/log.server";
import { groupToday, isSandboxBank, sandboxDayOf } from "./group-clock.server";
import { balanceOf } from "./ledger.server";
import { processingSucceeded, recordPayoutRefusal, recordProcessingFailure } from "./health.server";
import { groupsLockedInOrder } from "./locks.server";
import { leftoverRows, leftoversToSend, syncTransferEvents } from "./bank-events.server";
import { claimReminders, completePeriods, payoutsDue, planDebits, settledUpGroups } from "./plan.server";
import { applyStatuses, BANK_CONCURRENCY, type StatusChange, startPayout, submitTransfers } from "./transfers.server";
import { makeConsentedPayouts } from "./turn-consent.server";
import { nextAttemptAccounts, otherUsableAccount } from "./late-contributions.server";

type GroupRow = typeof groups.$inferSelect;

// The group's clock lives below the cycle (the modules the cycle calls date their notices by it too); the pages and
// services that read it from here still do.
export { groupToday, isSandboxBank } from "./group-clock.server";

// ---------------------------------------------------------------------------------------------------------------
// Processing: pages of groups, one group-clock day at a time, each stage one batch over the page

export type ProcessResult = { status: "processed"; days: number } | { status: "busy" | "not-active" } | { status: "failed"; parked: boolean };

/** Groups a worker takes at once: the unit of its locks, of its memory, and of each stage's batch. */
export const PAGE_SIZE = Number(process.env.MONEY_PAGE_SIZE ?? 200);

/** The day a group's processing resumes from: the day after the last one processed (today is run again). */
function startDayOf(group: Pick<GroupRow, "processedThrough" | "timeZone" | "startedAt">, today: CalendarDay) {
  if (!group.processedThrough) return todayIn(group.timeZone, group.startedAt!);
  return group.processedThrough < today ? addDays(group.processedThrough, 1) : today;
}

/**
 * Process every unprocessed day of one group up to its clock's today (the sandbox clock, tests, and a worker's page of
 * one). A failure (a database guard refusing something, the bank or the database down) is contained to this group:
 * it is logged, counted, and after MAX_PROCESSING_FAILURES in a row the group is parked (health.server.ts).
 */
export async function processGroup(groupId: string, now = new Date(), options: PageOptions = {}): Promise<ProcessResult> {
  const outcome = await processPage([groupId], now, options);
  return outcome.get(groupId) ?? { status: "busy" };
}

/** The connection holding a page's locks was lost (database restart, failover): the page stops where it stands. */
export class PageLocksLost extends Error {
  constructor(cause: unknown) {
    super("the connection holding this page's group locks was lost; the page stops and is run again", { cause });
    this.name = "PageLocksLost";
  }
}

export type PageOptions = {
  /**
   * Skip a group this run has finished: its last run ended after this, it is processed through its today and has no
   * bank news since (another worker of the same run, or an earlier job of it, did it). A group stamped after this but
   * behind its today (a page a stopping worker left half done), or with news, is run again.
   */
  skipIfProcessedSince?: Date;
  /** Stop before the next day once aborted (the worker is shutting down): every day run so far stays done. */
  signal?: AbortSignal;
};

/**
 * Lock a page of groups (a session advisory lock each, `cycle:<id>`, taken with try-lock: a group another worker holds
 * is skipped, never waited for, so workers sharing a due date never queue behind each other), then replay their days
 * in step: on each day, the groups due that day go through `runDay` together. A killed worker's locks go with its
 * connection; if that connection is lost while this process lives (the database restarted or failed over), the locks
 * are gone too, so the page stops before its next day and throws PageLocksLost (the job is run again).
 */
export async function processPage(groupIds: string[], now: Date, options: PageOptions = {}): Promise<Map<string, ProcessResult>> {
  const { skipIfProcessedSince, signal } = options;
  const results = new Map<string, ProcessResult>();
  const client = await getPool().connect();
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost ??= error;
  };
  client.on("error", onLost);
  try {
    const { rows: locked } = await client.query<{ id: string }>(
      "select id::text from unnest($1::uuid[]) as id where pg_try_advisory_lock(hashtextextended('cycle:' || id::text, 0))",
      [groupIds],
    );
    const mine = locked.map((row) => row.id);
    try {
      if (mine.length === 0) return results;
      await pausepoint("page-locked");
      const rows = await db().select().from(groups).where(inArray(groups.id, mine));
      const live: GroupRow[] = [];
      for (const group of rows) {
        if (
          skipIfProcessedSince &&
          group.lastProcessedAt &&
          group.lastProcessedAt > skipIfProcessedSince &&
          group.processedThrough !== null &&
          group.processedThrough >= groupToday(group, now) &&
          group.bankChanges <= group.bankChangesSeen
        )
          results.set(group.id, { status: "busy" });
        else if (group.status !== "active") results.set(group.id, { status: "not-active" });
        else live.push(group);
      }
      const ranges = live.map((group) => {
        const today = groupToday(group, now);
        return { group, from: startDayOf(group, today), to: today, days: 0, done: false };
      });
      if (ranges.length === 0) return results;
      const first = ranges.reduce((min, r) => (r.from < min ? r.from : min), ranges[0]!.from);
      const last = ranges.reduce((max, r) => (r.to > max ? r.to : max), ranges[0]!.to);
      for (let day = first; day <= last; day = addDays(day, 1)) {
        if (lost) throw new PageLocksLost(lost);
        if (signal?.aborted) break;
        const due = ranges.filter((r) => !r.done && r.from <= day && day <= r.to);
        if (due.length === 0) continue;
        const outcome = await runDayContained(
          due.map((r) => r.group),
          day,
          now,
        );
        for (const r of due) {
          const result = outcome.get(r.group.id);
          if (result === "failed" || result === "parked") {
            r.done = true;
            results.set(r.group.id, { status: "failed", parked: result === "parked" });
          } else {
            r.days += 1;
            if (result === "completed") r.done = true;
          }
        }
      }
      const processed = ranges.filter((r) => !results.has(r.group.id));
      if (processed.length > 0) {
        await db()
          .update(groups)
          .set({ lastProcessedAt: new Date(), ...processingSucceeded })
          .where(inArray(groups.id, groupsLockedInOrder(processed.map((r) => r.group.id))));
      }
      for (const r of processed) results.set(r.group.id, { status: "processed", days: r.days });
      return results;
    } finally {
      if (mine.length > 0 && !lost)
        await client.query("select pg_advisory_unlock(hashtextextended('cycle:' || id::text, 0)) from unnest($1::uuid[]) as id", [mine]);
    }
  } catch (error) {
    // Whatever failed (the unlock on the dead connection, or the day that was running), the locks are what was lost.
    throw lost && !(error instanceof PageLocksLost) ? new PageLocksLost(lost) : error;
  } finally {
    client.off("error", onLost);
    // A lost connection is not given back to the pool (pg-pool drops a client that is no longer queryable anyway).
    client.release(lost);
  }
}

type DayOutcome = "ok" | "completed" | "failed" | "parked";

/**
 * One day for a set of groups, with failures contained: if the batch fails, each group runs the day alone (every
 * stage is idempotent, so what the batch did is not done twice), and only the groups that fail alone are counted as
 * failing. A test's simulated crash stops everything where it stands, as a crash would.
 */
async function runDayContained(set: GroupRow[], day: CalendarDay, now: Date): Promise<Map<string, DayOutcome>> {
  const outcome = new Map<string, DayOutcome>();
  try {
    const completed = await runDay(set, day, now);
    for (const group of set) outcome.set(group.id, completed.has(group.id) ? "completed" : "ok");
    return outcome;
  } catch (error) {
    // A crash stops everything where it stands; a lost database connection is not the groups' fault (the page is run
    // again once the database is back) and must not count towards parking them.
    if (error instanceof SimulatedCrash || isConnectionLost(error)) throw error;
    if (set.length === 1) {
      const { parked } = await recordProcessingFailure(set[0]!.id, error);
      outcome.set(set[0]!.id, parked ? "parked" : "failed");
      return outcome;
    }
  }
  for (const group of set) {
    try {
      const completed = await runDay([group], day, now);
      outcome.set(group.id, completed.has(group.id) ? "completed" : "ok");
    } catch (error) {
      if (error instanceof SimulatedCrash || isConnectionLost(error)) throw error;
      const { parked } = await recordProcessingFailure(group.id, error);
      outcome.set(group.id, parked ? "parked" : "failed");
    }
  }
  return outcome;
}

/**
 * One group-clock day for a set of groups (all at that day), stage by stage, each stage one batch over the set:
 *
 * 1. settle (sandbox only): the sandbox bank moves the groups' transfers along, as a real bank would on its own;
 * 2. sync: the bank's event stream, applied (statuses and postings; transfers whose answers were lost mapped back);
 * 3. submit: transfers an earlier run left between our row and the bank's answer (the bank answers with what it made;
 *    a row whose key may have expired goes under a new one once the sync has passed it, bank-events.server.ts), and
 *    those that waited for their member;
 * 4. tell: outcomes to members (activity, late contributions, payouts arrived);
 * 5. plan: reminders claimed, debits inserted (`planDebits`), then submitted;
 * 6. payout: the payouts due, each made (or refused) on its locked pool, and those of consented turns (what arrived,
 *    then the rest as it arrives: turn-consent.server.ts), then submitted;
 * 7. complete: periods whose payout settled, then groups that are settled up; the day is recorded.
 *
 * Returns the groups that completed.
 */
async function runDay(set: GroupRow[], day: CalendarDay, now: Date): Promise<Set<string>> {
  const ids = set.map((group) => group.id);
  const byId = new Map(set.map((group) => [group.id, group]));
  const trace = stageTrace(ids.length, day);

  if (isSandboxBank()) await settleSandboxTransfers(ids, day);
  trace("settle");
  await syncTransferEvents(daysFor(byId, day, now));
  // The bank's news these groups have now seen: everything applied before this read is visible to the stages below.
  // Another worker may still be applying more (it holds the stream while we go on); that bumps bank_changes past this.
  const seen = await db().select({ id: groups.id, bankChanges: groups.bankChanges }).from(groups).where(inArray(groups.id, ids));
  trace("sync");
  const leftovers = await leftoversToSend(await leftoverRows(ids));
  await submitTransfers(leftovers, day);
  trace("submit leftovers", leftovers.length);
  await tellOutcomes(byId, day, now);
  trace("tell");

  await remind(byId, await claimReminders(ids, day), day, now);
  trace("remind");
  await sendDailyReminders(set, day, now);
  trace("daily reminders");
  const debits = await planDebits(ids, day, SETUP_FEE_CENTS);
  trace("plan", debits.length);
  failpoint("after-row-insert");
  await submitTransfers(debits, day);
  trace("submit", debits.length);

  const made: TransferRow[] = [];
  for (const payout of await payoutsDue(ids, day)) {
    const decision = await startPayout({ ...payout, day });
    if (decision.ok) made.push(decision.transfer);
    else if (decision.reason === "refused") await recordPayoutRefusal({ id: payout.groupId }, payout.periodNumber, decision.detail);
  }
  // Turns whose recipient consented to be paid what arrived (ADR 053 step 4): that payout, and the rest of it for each
  // missing contribution that has now arrived.
  made.push(...(await makeConsentedPayouts(ids, day, now)));
  await submitTransfers(made, day);
  trace("payout", made.length);
  await tellOutcomes(byId, day, now);

  await completePeriods(ids, day, now);
  const done = await settledUpGroups(ids, day);
  const completed = await completeGroups(done, byId, now, day);
  trace("complete");
  failpoint("before-day-recorded");
  // Never backwards (a worker whose clock lags around midnight must not undo another's progress).
  const seenValues = sql.join(
    seen.map((row) => sql`(${row.id}::uuid, ${row.bankChanges}::bigint)`),
    sql`, `,
  );
  await db().execute(sql`
    update ${groups} g set processed_through = greatest(g.processed_through, ${day}::date),
      bank_changes_seen = greatest(g.bank_changes_seen, v.seen)
    from (values ${seenValues}) as v(id, seen)
    where g.id = v.id and g.id in ${groupsLockedInOrder(ids)}`);
  return completed;
}

export type StageTiming = { stage: string; day: CalendarDay; groups: number; rows?: number; ms: number };
let stageListener: ((timing: StageTiming) => void) | null = null;

/** Instrumentation (the money bench): called after each stage of each day run with how long it took. */
export function onStage(listener: ((timing: StageTiming) => void) | null) {
  stageListener = listener;
}

function stageTrace(groupCount: number, day: CalendarDay) {
  let last = performance.now();
  return (stage: string, rows?: number) => {
    if (!stageListener) return;
    const at = performance.now();
    stageListener({ stage, day, groups: groupCount, rows, ms: at - last });
    last = at;
  };
}

/**
 * Each event takes effect on its group's day: `day` for the groups being run; for the others, the day their processing
 * resumes from (startDayOf): their clock's today, or, for a group that is behind (its worker was down, a crashed run,
 * the sandbox clock moved ahead), the first day it has still to run, so that its catch-up sees the event on the day
 * it replays rather than after it (a funds_available read while the group is behind would otherwise hold its payout
 * back until the catch-up reaches today).
 */
function daysFor(running: Map<string, GroupRow>, day: CalendarDay, now: Date) {
  return async (groupIds: string[]) => {
    const days = new Map<string, CalendarDay>();
    const others = groupIds.filter((id) => !running.has(id));
    for (const id of groupIds) if (running.has(id)) days.set(id, day);
    if (others.length > 0) {
      const rows = await db()
        .select({
          id: groups.id,
          clockOffsetSeconds: groups.clockOffsetSeconds,
          timeZone: groups.timeZone,
          processedThrough: groups.processedThrough,
          startedAt: groups.startedAt,
        })
        .from(groups)
        .where(inArray(groups.id, others));
      for (const row of rows) {
        const today = groupToday(row, now);
        days.set(row.id, row.processedThrough ? startDayOf(row, today) : today);
      }
    }
    for (const id of groupIds) if (!days.has(id)) days.set(id, todayIn("America/New_York", now));
    return days;
  };
}

/** Complete the groups that are settled up; tell their members. Returns the ids completed now. */
async function completeGroups(groupIds: string[], byId: Map<string, GroupRow>, now: Date, day: CalendarDay) {
  if (groupIds.length === 0) return new Set<string>();
  const completed = await db()
    .update(groups)
    .set({ status: "completed", completedAt: now, updatedAt: now })
    .where(and(inArray(groups.id, groupsLockedInOrder(groupIds)), eq(groups.status, "active")))
    .returning({ id: groups.id });
  if (completed.length === 0) return new Set<string>();
  const completedIds = completed.map((row) => row.id);
  await db()
    .insert(groupEvents)
    .values(
      completedIds.map((groupId) => ({
        groupId,
        type: "completed" as const,
        occurredAt: now,
        occurredOn: sandboxDayOf(byId.get(groupId)!, day, now),
      })),
    );
  const members = await db()
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, completedIds));
  const limit = pLimit(NOTIFY_CONCURRENCY);
  await Promise.allSettled(
    members.map((m) =>
      limit(() =>
        notify(m.userId, {
          message: "groupComplete",
          values: { groupName: byId.get(m.groupId)!.name },
          link: `/groups/${m.groupId}`,
          occurredOn: sandboxDayOf(byId.get(m.groupId)!, day, now),
        }),
      ),
    ),
  );
  return new Set(completedIds);
}

/** Notifications and emails in flight at once while telling a page of groups what happened. */
const NOTIFY_CONCURRENCY = 8;

/**
 * Make a payout that is due: the guarded transaction (`startPayout`) decides, on the locked pool and the posted
 * contributions, whether it may; a refusal is logged and kept for the money-health panel (the payout is found due
 * again on the next run, and paid once the money is there). Then the bank hears of it.
 */
export async function payOut(group: Pick<GroupRow, "id">, payout: DueWork["payouts"][number], day: CalendarDay) {
  const decision = await startPayout({ groupId: group.id, ...payout, day });
  if (decision.ok) await submitTransfers([decision.transfer], day);
  else if (decision.reason === "refused") await recordPayoutRefusal(group, payout.periodNumber, decision.detail);
  return decision;
}

export async function cycleState(group: Pick<GroupRow, "id" | "contributionCents">) {
  const [members, periods, transfers, pool] = await Promise.all([
    db().select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, group.id)).orderBy(asc(groupMembers.joinOrder)),
    db()
      .select({ period: groupPeriods, recipientUserId: groupMembers.userId })
      .from(groupPeriods)
      .innerJoin(groupMembers, eq(groupMembers.id, groupPeriods.recipientMemberId))
      .where(eq(groupPeriods.groupId, group.id))
      .orderBy(asc(groupPeriods.periodNumber)),
    db().select().from(bankTransfers).where(eq(bankTransfers.groupId, group.id)),
    balanceOf(db(), { kind: "group_pool", groupId: group.id }),
  ]);
  return {
    contributionCents: group.contributionCents,
    feeCents: SETUP_FEE_CENTS,
    memberUserIds: members.map((m) => m.userId),
    periods: periods.map(({ period, recipientUserId }) => ({
      periodNumber: period.periodNumber,
      dueOn: period.dueOn,
      recipientUserId,
      payoutCents: period.payoutCents,
      status: period.status,
    })),
    transfers: transfers.map((t) => ({
      kind: t.kind,
      periodNumber: t.periodNumber,
      userId: t.userId,
      attempt: t.attempt,
      status: t.status,
      statusOn: t.statusOn,
      initiatedOn: t.initiatedOn,
      failureCode: t.failureCode,
      retryOn: t.retryOn,
    })),
    poolCents: pool,
  };
}

/**
 * The sandbox bank settles nothing by itself (neither does Plaid's sandbox): as real banks would, move these groups'
 * transfers along on schedule, on the ACH calendar — posted and settled the bank day after they entered the network,
 * funds available the bank day after that (`sandboxSettlesOn`, `sandboxAvailableOn`), or on the day the bank said it
 * would be (`fundsAvailableOn`: Plaid's expected_funds_available_date).
 * Transfers the bank already moved elsewhere (a simulated return, say) are left alone. The bank's answers are applied
 * in status chunks.
 */
async function settleSandboxTransfers(groupIds: string[], day: CalendarDay) {
  const open = await db()
    .select()
    .from(bankTransfers)
    .where(
      and(
        inArray(bankTransfers.groupId, groupIds),
        inArray(bankTransfers.status, ["pending", "posted", "settled"]),
        // A settled payout has arrived: nothing more happens to it.
        sql`not (${bankTransfers.kind} = 'payout' and ${bankTransfers.status} = 'settled')`,
        isNotNull(bankTransfers.providerTransferId),
        sql`${bankTransfers.initiatedOn} <= ${addDays(day, -SANDBOX_SETTLE_AFTER_DAYS)}::date`,
      ),
    );
  const changes: StatusChange[] = [];
  const limit = pLimit(BANK_CONCURRENCY);
  await Promise.all(open.map((transfer) => limit(() => settleOne(transfer, day, changes))));
  await applyStatuses(changes);
}

async function settleOne(transfer: TransferRow, day: CalendarDay, changes: StatusChange[]) {
  const steps: TransferStatus[] = [];
  // On the ACH calendar (ADR 040): nothing settles on a weekend or a bank holiday.
  if (day >= sandboxSettlesOn(transfer.initiatedOn)) {
    if (transfer.status === "pending") steps.push("posted");
    if (transfer.status === "pending" || transfer.status === "posted") steps.push("settled");
  }
  // A debit's money reaches the platform's available balance after a hold; a credit ends at settled (Plaid:
  // funds_available is for debits only, and the bank refuses it for a credit).
  // On the day the bank said (Plaid's expected_funds_available_date, stored on the row) where it gave one, else on the
  // calendar estimate: never before the bank's hold ends (ADR 049).
  if (day >= fundsAvailableOn(transfer) && transfer.kind !== "payout") steps.push("funds_available");
  for (const step of steps) {
    // Retried like the idempotent calls: if a lost answer hid a simulation the bank did make, the retry is refused as an
    // invalid transition, and the event stream records what the bank did (below).
    const result = await plaidCall((api) => api.sandboxTransferSimulate({ transfer_id: transfer.providerTransferId!, event_type: step }), {
      retry: true,
    });
    // The bank has moved the transfer on and we have not recorded it (issue 12's root cause started here).
    failpoint("after-bank-simulate");
    if (result.ok) {
      // We know what just happened at the bank: record it on this day (the event stream will repeat it; no-op).
      changes.push({ transferId: transfer.id, to: step, day });
      continue;
    }
    if (result.code !== "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID") {
      logger.error({ transferKey: transfer.idempotencyKey, step, code: result.code }, "money: sandbox settlement failed");
      break;
    }
    // Already there or moved on at the bank (a run that crashed before recording it, a lost answer, a return): the
    // bank's event stream says what happened, in order, and the sync stage right after this one applies it. Recording
    // only where the transfer is now would skip steps: posted → returned over a settlement the bank made (settled, then
    // returned) loses the settlement's posting and its reversal, and the ledger's history disagrees with the bank's
    // (found by the property test; money-events.test.ts).
    break;
  }
}

/** Tell members their contribution is coming up (in-app, and by email if they want it). */
async function remind(byId: Map<string, GroupRow>, reminders: Awaited<ReturnType<typeof claimReminders>>, day: CalendarDay, now: Date) {
  if (reminders.length === 0) return;
  const people = await db()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(reminders.map((r) => r.userId))]));
  const byUser = new Map(people.map((p) => [p.id, p]));
  const limit = pLimit(NOTIFY_CONCURRENCY);
  await Promise.allSettled(
    reminders.map((reminder) =>
      limit(async () => {
        const user = byUser.get(reminder.userId);
        const group = byId.get(reminder.groupId);
        if (!user || !group) return;
        const link = `/groups/${group.id}`;
        await Promise.allSettled([
          notify(user.id, {
            message: "contributionDue",
            values: { groupName: group.name, dueOn: reminder.dueOn },
            link,
            occurredOn: sandboxDayOf(group, day, now),
          }),
          sendEmailToUser(user, {
            template: "payment-reminder",
            data: {
              name: user.name,
              groupName: group.name,
              amountCents: group.contributionCents,
              dueOn: reminder.dueOn,
              groupUrl: `${appUrl()}${link}`,
            },
          }),
        ]);
      }),
    ),
  );
}

/**
 * Tell people what happened to these groups' transfers since we last told them: a settled contribution or payout
 * becomes activity (once per member, kind and period; the recipient hears of their payout); a failed, declined or
 * returned contribution makes the member late, and both they and the group admin hear of it. Outcomes are claimed
 * with one conditional update, so each is told once.
 */
async function tellOutcomes(byId: Map<string, GroupRow>, day: CalendarDay, now: Date) {
  const locked = alias(bankTransfers, "locked");
  const untold = (t: typeof bankTransfers | typeof locked) =>
    and(
      inArray(t.groupId, [...byId.keys()]),
      or(sql`${t.notifiedStatus} is null`, ne(t.notifiedStatus, t.status)),
      inArray(t.status, ["settled", "funds_available", "declined", "failed", "returned", "cancelled"]),
    );
  // Claimed under row locks taken in id order, as applyStatuses takes them: another worker applying bank events to
  // these transfers waits instead of deadlocking with an UPDATE that locks in scan order (40P01, found by the race test).
  // One statement (the locking subquery in id order, as groupsLockedInOrder does for groups): it runs twice a day per
  // page, and as a transaction of its own it was four round trips (begin, the locking select, the update, commit) where
  // most days have nothing to tell (issue 47, ADR 060 part six (h)).
  const changed = await db()
    .update(bankTransfers)
    .set({ notifiedStatus: sql`${bankTransfers.status}` })
    .where(
      and(
        inArray(bankTransfers.id, db().select({ id: locked.id }).from(locked).where(untold(locked)).orderBy(asc(locked.id)).for("update")),
        untold(bankTransfers),
      ),
    )
    .returning();
  if (changed.length === 0) return;
  const people = await db()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set([...changed.map((t) => t.userId), ...changed.map((t) => byId.get(t.groupId)!.createdBy)])]));
  const person = new Map(people.map((p) => [p.id, p]));

  // Activity: one entry per member, kind and period (funds_available after settled is the same money), dated — in a
  // group whose sandbox clock was moved, or on a day replayed to catch up with a sandbox bank (sandboxDayOf) — by the
  // day its settlement was posted, the day the statement shows (ADR 040).
  const settledRows = new Map<string, TransferRow>();
  for (const t of changed) {
    if (SETTLED_STATUSES.includes(t.status) && t.kind !== "fee") settledRows.set(`${t.groupId}:${t.kind}:${t.userId}:${t.periodNumber}`, t);
  }
  const jobs: Array<() => Promise<unknown>> = [];
  if (settledRows.size > 0) {
    const values = sql.join(
      [...settledRows.values()].map(
        (t) =>
          sql`(${t.groupId}::uuid, ${t.userId}::uuid, ${t.kind}, ${t.amountCents}::bigint, ${t.periodNumber}::int, ${t.id}::uuid, ${sandboxDayOf(byId.get(t.groupId)!, day, now) !== null}::boolean)`,
      ),
      sql`, `,
    );
    const { rows: added } = await db().execute<{ group_id: string; user_id: string; type: string; amount_cents: string; period_number: number }>(sql`
      insert into ${groupEvents} (group_id, user_id, type, amount_cents, period_number, occurred_on)
      select v.group_id, v.user_id, v.type, v.amount_cents, v.period_number,
        case when v.sandbox then coalesce((select min(l.effective_on) from ledger_transfers l where l.bank_transfer_id = v.transfer_id
          and l.reason in ('contribution', 'shortfall_repaid', 'payout_settled')), ${day}::date) end
      from (values ${values}) as v(group_id, user_id, type, amount_cents, period_number, transfer_id, sandbox)
      where not exists (select 1 from ${groupEvents} e where e.group_id = v.group_id and e.type = v.type and e.user_id = v.user_id and e.period_number = v.period_number)
      returning group_id, user_id, type, amount_cents, period_number`);
    // A late contribution paid with Pay now has arrived (issue 44): the member, the group admin and the period's
    // recipient are told; the payout that waited for it goes out on the group's run once its money is available.
    const payNowArrived = added.filter(
      (event) => event.type === "contribution" && settledRows.get(`${event.group_id}:contribution:${event.user_id}:${event.period_number}`)?.payNow,
    );
    if (payNowArrived.length > 0) {
      const recipients = await db()
        .select({ groupId: groupPeriods.groupId, periodNumber: groupPeriods.periodNumber, userId: groupMembers.userId })
        .from(groupPeriods)
        .innerJoin(groupMembers, eq(groupMembers.id, groupPeriods.recipientMemberId))
        .where(inArray(groupPeriods.groupId, [...new Set(payNowArrived.map((e) => e.group_id))]));
      for (const event of payNowArrived) {
        const group = byId.get(event.group_id)!;
        const member = person.get(event.user_id)!;
        const row = settledRows.get(`${event.group_id}:contribution:${event.user_id}:${event.period_number}`)!;
        const occurredOn = sandboxDayOf(group, row.statusOn, now);
        const link = `/groups/${group.id}`;
        const recipientId = recipients.find((r) => r.groupId === event.group_id && r.periodNumber === event.period_number)?.userId;
        const told = new Set<string>();
        const tell = (userId: string | undefined, message: "payNowArrived" | "payNowArrivedAdmin" | "payNowArrivedRecipient") => {
          if (!userId || told.has(userId)) return;
          told.add(userId);
          // Written in each reader's language when read (ADR 062): the day and the cents, not their English.
          const values = { groupName: group.name, memberName: member.name, amountCents: Number(event.amount_cents), arrivedOn: row.statusOn };
          jobs.push(() => notify(userId, { message, values, link, occurredOn }));
        };
        tell(member.id, "payNowArrived");
        tell(group.createdBy, "payNowArrivedAdmin");
        tell(recipientId, "payNowArrivedRecipient");
      }
    }
    for (const event of added) {
      if (event.type !== "payout") continue;
      const group = byId.get(event.group_id)!;
      const recipient = person.get(event.user_id)!;
      const payout = settledRows.get(`${event.group_id}:payout:${event.user_id}:${event.period_number}`)!;
      const link = `/groups/${group.id}`;
      const amountCents = Number(event.amount_cents);
      // A payout ends at settled: the day it did is the day it arrived; it was sent the day it was made.
      const values = { groupName: group.name, amountCents, sentOnMedium: payout.initiatedOn, arrivedOnMedium: payout.statusOn };
      jobs.push(
        () => notify(recipient.id, { message: "payoutArrived", values, link, occurredOn: sandboxDayOf(group, payout.statusOn, now) }),
        () =>
          sendEmailToUser(recipient, {
            template: "payout-notification",
            data: {
              name: recipient.name,
              groupName: group.name,
              amountCents,
              payoutOn: payout.statusOn,
              sentOn: payout.initiatedOn,
              groupUrl: `${appUrl()}${link}`,
            },
          }),
      );
    }
  }
  const failed = changed.filter((t) => !SETTLED_STATUSES.includes(t.status) && t.kind === "contribution");
  // A failure a later attempt of its chain already followed (the member paid with Pay now, from another account, before
  // we told it) is not told at all: its "next step" would be false, and the later attempt is told by its own outcome.
  const superseded = new Set<string>();
  if (failed.length > 0) {
    const later = await db()
      .select({
        groupId: bankTransfers.groupId,
        userId: bankTransfers.userId,
        periodNumber: bankTransfers.periodNumber,
        attempt: bankTransfers.attempt,
      })
      .from(bankTransfers)
      .where(
        and(
          eq(bankTransfers.kind, "contribution"),
          inArray(bankTransfers.groupId, [...new Set(failed.map((t) => t.groupId))]),
          inArray(bankTransfers.userId, [...new Set(failed.map((t) => t.userId))]),
          inArray(bankTransfers.periodNumber, [...new Set(failed.map((t) => t.periodNumber))]),
          sql`${bankTransfers.attempt} > ${Math.min(...failed.map((t) => t.attempt))}`,
        ),
      );
    for (const t of failed)
      if (later.some((l) => l.groupId === t.groupId && l.userId === t.userId && l.periodNumber === t.periodNumber && l.attempt > t.attempt))
        superseded.add(t.id);
  }
  const failedContributions = failed.filter((t) => !superseded.has(t.id));
  // A setup fee that did not go through: the member is told what happens to it (it is the platform's; no payout waits).
  const failedFees = changed.filter((t) => t.kind === "fee" && !SETTLED_STATUSES.includes(t.status));
  const told = [...failedContributions, ...failedFees];
  // The retry's account as the debit will read it when it is sent (pickAccount on the member's choice now): a member who
  // chose another account while this debit was pending reads that one, and the failed one only as the one that failed.
  const [accounts, { next: nextAccounts, linked }] = await Promise.all([
    debitAccountsById(told.map((t) => t.bankAccountId)),
    nextAttemptAccounts(told.map((t) => ({ groupId: t.groupId, userId: t.userId }))),
  ]);
  for (const fee of failedFees) {
    const group = byId.get(fee.groupId)!;
    const account = fee.bankAccountId ? (accounts.get(fee.bankAccountId) ?? null) : null;
    const next = nextAccounts.get(`${fee.groupId}:${fee.userId}`);
    const values = feeFailureValues({
      status: fee.status,
      failureCode: fee.failureCode,
      attempt: fee.attempt,
      amountCents: fee.amountCents,
      account,
      nextAccount: next && next.id !== fee.bankAccountId ? next : null,
      payNow: false,
      otherAccount: false,
      statusOn: fee.statusOn,
      retryOn: fee.retryOn,
    });
    const reason = failureReasonValues(fee.status, fee.failureCode, fee.failureDescription);
    jobs.push(() =>
      notify(fee.userId, {
        message: "feeFailed",
        values: { groupName: group.name, ...reason, ...values },
        link: `/groups/${group.id}`,
        occurredOn: sandboxDayOf(group, fee.statusOn, now),
      }),
    );
  }
  for (const transfer of failedContributions) {
    const group = byId.get(transfer.groupId)!;
    const member = person.get(transfer.userId)!;
    const link = `/groups/${group.id}`;
    const reason = failureReasonValues(transfer.status, transfer.failureCode, transfer.failureDescription);
    const nextAccount = nextAccounts.get(`${transfer.groupId}:${transfer.userId}`);
    const facts = {
      status: transfer.status,
      failureCode: transfer.failureCode,
      attempt: transfer.attempt,
      amountCents: transfer.amountCents,
      account: transfer.bankAccountId ? (accounts.get(transfer.bankAccountId) ?? null) : null,
      nextAccount: nextAccount && nextAccount.id !== transfer.bankAccountId ? nextAccount : null,
      payNow: transfer.payNow,
      otherAccount: otherUsableAccount(linked.get(transfer.userId) ?? [], transfer.bankAccountId),
      statusOn: transfer.statusOn,
      retryOn: transfer.retryOn,
    };
    const occurredOn = sandboxDayOf(group, transfer.statusOn, now);
    // Messages (ADR 062): the member's and the admin's notices are written in each reader's language when read.
    jobs.push(() => notifyUrgent(member.id, { ...URGENT.contributionFailedMessage(group, reason, failureStepValues(facts)), occurredOn }));
    if (group.createdBy !== member.id) {
      jobs.push(() =>
        notify(group.createdBy, {
          message: "contributionLateAdmin",
          values: { groupName: group.name, ...reason, ...adminFailureValues(member.name, facts) },
          link,
          occurredOn,
        }),
      );
    }
  }
  const limit = pLimit(NOTIFY_CONCURRENCY);
  await Promise.allSettled(jobs.map((job) => limit(job)));
}

// ---------------------------------------------------------------------------------------------------------------
// The sandbox clock

export type AdvanceResult = { ok: true; today: CalendarDay; days: number } | { ok: false; status: 403 | 404 | 409 | 503; error: string };

/** The sandbox clock stops at the first day whose money work failed (that day is retried by the next tick). */
export const CLOCK_STOPPED_ON_FAILURE =
  "The sandbox clock stopped: this group's money processing ran into a problem. It will be retried automatically.";

/** How long the clock waits for a worker holding the group before it stops where it is (CLOCK_BUSY). */
const CLOCK_WAITS_FOR_WORKER_MS = 30_000;

export const CLOCK_BUSY = "The sandbox clock stopped: this group's money work for the day is still running. Try again in a moment.";

/**
 * Move a sandbox group's clock forward by `days` (1-400), or to the day of its next event, and replay every day in
 * between. The group's admin or a platform admin only.
 */
export async function advanceClock(
  actor: { id: string; isAdmin: boolean },
  groupId: string,
  by: { days: number } | { nextEvent: true },
  now = new Date(),
  options: { waitForWorkerMs?: number } = {},
): Promise<AdvanceResult> {
  const waitForWorkerMs = options.waitForWorkerMs ?? CLOCK_WAITS_FOR_WORKER_MS;
  if (!isSandboxBank()) return { ok: false, status: 409, error: "The clock can only be moved for groups in the sandbox." };
  const [group] = await db().select().from(groups).where(eq(groups.id, groupId));
  if (!group) return { ok: false, status: 404, error: "Group Not Found" };
  const [membership] = await db()
    .select({ isAdmin: groupMembers.isAdmin })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, actor.id)));
  if (!membership && !actor.isAdmin) return { ok: false, status: 404, error: "Group Not Found" };
  if (!membership?.isAdmin && !actor.isAdmin) return { ok: false, status: 403, error: "Only the group admin can move the sandbox clock." };
  if (group.status !== "active") return { ok: false, status: 409, error: "The clock moves only while the group is active." };

  // Catch up to the present first, so "next event" is measured from a processed today.
  const today = groupToday(group, now);
  if (!group.processedThrough || group.processedThrough < today) {
    if ((await processGroup(groupId, now)).status === "failed") return { ok: false, status: 503, error: CLOCK_STOPPED_ON_FAILURE };
  }
  let days: number;
  if ("days" in by) {
    if (!Number.isInteger(by.days) || by.days < 1 || by.days > 400) return { ok: false, status: 409, error: "Choose between 1 and 400 days." };
    days = by.days;
  } else {
    days = daysBetween(today, await nextEventDay(group, today));
  }
  let moved = 0;
  for (let step = 0; step < days; step++) {
    // One day at a time: the offset (what other readers see) and the processed day move together.
    // Only while the group is active: a group its last day completed stops here (one statement a day, not a read of its
    // status after each day as well).
    const [updated] = await db()
      .update(groups)
      .set({ clockOffsetSeconds: sql`${groups.clockOffsetSeconds} + 86400`, updatedAt: now })
      .where(and(eq(groups.id, groupId), eq(groups.status, "active")))
      .returning({ id: groups.id });
    if (!updated) break;
    moved += 1;
    let result = await processGroup(groupId, now);
    // Another worker holds the group (its tick is running the days it read before this one was added): wait until it
    // lets go, then run what it left, so that the clock never shows a day whose money work has not been done (a busy
    // machine once showed the payout's day with the payout not made). Bounded: the holder's page is short.
    for (let waited = 0; result.status === "busy" && waited < waitForWorkerMs; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      result = await processGroup(groupId, now);
    }
    if (result.status === "failed") return { ok: false, status: 503, error: CLOCK_STOPPED_ON_FAILURE };
    if (result.status === "busy") return { ok: false, status: 503, error: CLOCK_BUSY };
  }
  const [after] = await db().select().from(groups).where(eq(groups.id, groupId));
  return { ok: true, today: groupToday(after!, now), days: moved };
}

/** The next day something happens: a reminder, a due day, a retry, or (while money is in flight) tomorrow. */
export async function nextEventDay(group: GroupRow, today: CalendarDay): Promise<CalendarDay> {
  const state = await cycleState(group);
  // Money still moving: a transfer not final yet (a debit until its funds are available, a payout until it settles).
  const inFlight = state.transfers.some(
    (t) => !FAILED_STATUSES.includes(t.status) && t.status !== "funds_available" && !(t.kind === "payout" && t.status === "settled"),
  );
  if (inFlight) return addDays(today, 1);
  for (let day = addDays(today, 1), i = 0; i < 400; day = addDays(day, 1), i++) {
    const work = dueWork(state, day);
    if (work.debits.length || work.payouts.length || work.completions.length) return day;
    if (work.reminders.length && day > today) {
      const reminderPeriods = new Set(work.reminders.map((r) => r.periodNumber));
      // A reminder day counts once (the first day its window opens).
      const firstReminder = state.periods.find((p) => reminderPeriods.has(p.periodNumber) && addDays(p.dueOn, -REMINDER_DAYS_BEFORE) === day);
      if (firstReminder) return day;
    }
  }
  return addDays(today, 1);
}

/** Read the bank's transfer events (webhook-triggered or polled); each takes effect on its group's clock day. */
export async function syncBankEvents(now = new Date()) {
  return syncTransferEvents(daysFor(new Map(), todayIn("America/New_York", now), now));
}
