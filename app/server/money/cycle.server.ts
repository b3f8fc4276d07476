/**
 * The group cycle, day by day (ADR 008). For each group-clock day not yet processed: let the sandbox bank settle what
 * is due to settle, read the bank's events, then start what is due (reminders, debits, retries, the payout) and tell
 * members what happened. Every step is idempotent, so any number of workers may run it at any time; a per-group
 * advisory lock keeps them from doing the same group at once (a courtesy: correctness comes from the keys).
 *
 * The sandbox clock moves a group's time forward (never back) by an offset; advancing replays each day in turn, exactly
 * as real time would, so advancing 12 periods in one step or in 12 steps gives the same ledger.
 */
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import pLimit from "p-limit";
import {
  settledUp,
  dueWork,
  MAX_ATTEMPTS,
  REMINDER_DAYS_BEFORE,
  RETRY_AFTER_DAYS,
  SANDBOX_AVAILABLE_AFTER_DAYS,
  SANDBOX_SETTLE_AFTER_DAYS,
  SETTLED_STATUSES,
  transferKey,
  type DueWork,
  type TransferStatus,
} from "~/domain/money";
import { formatMoney } from "~/domain/format";
import { SETUP_FEE_CENTS } from "~/domain/groups";
import { addDays, daysBetween, todayIn, type CalendarDay } from "~/domain/schedule";
import { plaidCall } from "../bank/plaid.server";
import { getPool, db } from "../db/client.server";
import { bankTransfers, groupEvents, groupMembers, groupPeriods, groupReminders, groups, users } from "../db/schema";
import { sendEmailToUser } from "../email/user-email.server";
import { appUrl, env } from "../env.server";
import { notify } from "../notifications.server";
import { failpoint, SimulatedCrash } from "../failpoints.server";
import { balanceOf } from "./ledger.server";
import { recordPayoutRefusal, recordProcessingFailure, recordProcessingSuccess } from "./health.server";
import { applyStatus, ensureTransfer, startPayout, submitToBank, syncTransferEvents } from "./transfers.server";

type GroupRow = typeof groups.$inferSelect;

/** Bank calls in flight at once per group: enough to overlap network waits, few enough for Plaid's rate limits. */
const BANK_CONCURRENCY = Number(process.env.BANK_CONCURRENCY ?? 6);

/** The group's clock: real time plus its sandbox offset. */
export function groupNow(group: Pick<GroupRow, "clockOffsetSeconds">, now: Date) {
  return new Date(now.getTime() + group.clockOffsetSeconds * 1000);
}

export function groupToday(group: Pick<GroupRow, "clockOffsetSeconds" | "timeZone">, now: Date): CalendarDay {
  return todayIn(group.timeZone, groupNow(group, now));
}

/** Whether the bank is a sandbox (our double, or Plaid's sandbox), where we drive settlement ourselves. */
export function isSandboxBank() {
  return env().PLAID_ENV !== "production";
}

// ---------------------------------------------------------------------------------------------------------------
// Processing

export type ProcessResult = { status: "processed"; days: number } | { status: "busy" | "not-active" } | { status: "failed"; parked: boolean };

/**
 * Process every unprocessed day of one group up to its clock's today. With `skipIfProcessedSince`, a group another
 * worker finished after that moment is left alone (the scheduler's workers share one list of groups). A failure (a
 * database guard refusing something, the bank or the database down) is contained to this group: it is logged,
 * counted, and after MAX_PROCESSING_FAILURES in a row the group is parked (health.server.ts); the next tick retries.
 */
export async function processGroup(groupId: string, now = new Date(), options: { skipIfProcessedSince?: Date } = {}): Promise<ProcessResult> {
  const client = await getPool().connect();
  const lockKey = `cycle:${groupId}`;
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtextextended($1, 0)) as locked", [lockKey]);
    if (!rows[0]?.locked) return { status: "busy" };
    try {
      if (options.skipIfProcessedSince) {
        const [fresh] = await db().select({ at: groups.lastProcessedAt }).from(groups).where(eq(groups.id, groupId));
        if (fresh?.at && fresh.at > options.skipIfProcessedSince) return { status: "busy" };
      }
      const result = await processLocked(groupId, now);
      await recordProcessingSuccess(groupId);
      return result;
    } catch (error) {
      // A test's simulated crash is not a failure of the group: it stops the run where it stands, as a crash would.
      if (error instanceof SimulatedCrash) throw error;
      const { parked } = await recordProcessingFailure(groupId, error);
      return { status: "failed", parked };
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [lockKey]);
    }
  } finally {
    client.release();
  }
}

async function processLocked(groupId: string, now: Date): Promise<ProcessResult> {
  const [group] = await db().select().from(groups).where(eq(groups.id, groupId));
  if (!group || group.status !== "active") return { status: "not-active" };
  const today = groupToday(group, now);
  // Resume after the last processed day; today itself is run again (events may have arrived since).
  const startDay = group.processedThrough
    ? group.processedThrough < today
      ? addDays(group.processedThrough, 1)
      : today
    : todayIn(group.timeZone, group.startedAt!);
  let days = 0;
  for (let day = startDay; day <= today; day = addDays(day, 1)) {
    const finished = await processDay(group, day, now);
    failpoint("before-day-recorded");
    // Never backwards (a worker whose clock lags around midnight must not undo another's progress).
    await db()
      .update(groups)
      .set({ processedThrough: sql`greatest(${groups.processedThrough}, ${day}::date)` })
      .where(eq(groups.id, groupId));
    days += 1;
    if (finished) break;
  }
  await db().update(groups).set({ lastProcessedAt: new Date() }).where(eq(groups.id, groupId));
  return { status: "processed", days };
}

/** One day of one group. Returns true when the group completed. */
async function processDay(group: GroupRow, day: CalendarDay, now: Date): Promise<boolean> {
  // Transfers a crashed run left between our row and the bank's answer: ask the bank again with the same key (it
  // answers with what it already made, if anything).
  const unfinished = await db()
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.groupId, group.id), eq(bankTransfers.status, "created")));
  for (const transfer of unfinished) await submitToBank(transfer, day);
  if (isSandboxBank()) await settleSandboxTransfers(group.id, day);
  await syncTransferEvents(async (groupId) => (groupId === group.id ? day : groupDayById(groupId, now)));
  await tellOutcomes(group, day);

  const state = await cycleState(group);
  const work = dueWork(state, day);
  const limit = pLimit(BANK_CONCURRENCY);
  await Promise.all(work.reminders.map((reminder) => limit(() => remind(group, reminder))));
  await Promise.all(
    work.debits.map((debit) =>
      limit(() =>
        ensureTransfer({
          key: transferKey(debit.kind, group.id, debit.periodNumber, debit.userId, debit.attempt),
          kind: debit.kind,
          groupId: group.id,
          periodNumber: debit.periodNumber,
          userId: debit.userId,
          attempt: debit.attempt,
          amountCents: debit.amountCents,
          day,
        }),
      ),
    ),
  );
  for (const payout of work.payouts) {
    const decision = await startPayout({
      groupId: group.id,
      periodNumber: payout.periodNumber,
      userId: payout.userId,
      attempt: payout.attempt,
      amountCents: payout.amountCents,
      day,
    });
    if (decision.ok) await submitToBank(decision.transfer, day);
    else if (decision.reason === "refused") await recordPayoutRefusal(group, payout.periodNumber, decision.detail);
  }
  await tellOutcomes(group, day);
  for (const periodNumber of work.completions) {
    await db()
      .update(groupPeriods)
      .set({ status: "completed", completedAt: now, completedOn: day })
      .where(and(eq(groupPeriods.groupId, group.id), eq(groupPeriods.periodNumber, periodNumber), eq(groupPeriods.status, "pending")));
  }
  // Complete once settled up: every period paid out, nothing in flight, no retry owed (read after today's work).
  const [{ open } = { open: 0 }] = await db()
    .select({ open: sql<number>`count(*)::int` })
    .from(groupPeriods)
    .where(and(eq(groupPeriods.groupId, group.id), eq(groupPeriods.status, "pending")));
  if (open === 0 && settledUp(await cycleState(group))) {
    const [completed] = await db()
      .update(groups)
      .set({ status: "completed", completedAt: now, updatedAt: now })
      .where(and(eq(groups.id, group.id), eq(groups.status, "active")))
      .returning({ id: groups.id });
    if (completed) {
      await db().insert(groupEvents).values({ groupId: group.id, type: "completed", occurredAt: now });
      const members = await db().select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, group.id));
      await Promise.allSettled(
        members.map((m) =>
          notify(m.userId, {
            title: `${group.name} is complete`,
            body: "Every member has received their payout. Thank you for saving together.",
            link: `/groups/${group.id}`,
          }),
        ),
      );
    }
    return true;
  }
  return false;
}

/**
 * Make a payout that `dueWork` found due: the guarded transaction (`startPayout`) decides, on the locked pool and the
 * posted contributions, whether it may; a refusal is logged and kept for the money-health panel (the work is found
 * due again on the next run, and paid once the money is there). Then the bank hears of it.
 */
export async function payOut(group: Pick<GroupRow, "id">, payout: DueWork["payouts"][number], day: CalendarDay) {
  const decision = await startPayout({ groupId: group.id, ...payout, day });
  if (decision.ok) await submitToBank(decision.transfer, day);
  else if (decision.reason === "refused") await recordPayoutRefusal(group, payout.periodNumber, decision.detail);
  return decision;
}

async function groupDayById(groupId: string, now: Date) {
  const [group] = await db()
    .select({ clockOffsetSeconds: groups.clockOffsetSeconds, timeZone: groups.timeZone })
    .from(groups)
    .where(eq(groups.id, groupId));
  return group ? groupToday(group, now) : todayIn("America/New_York", now);
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
    })),
    poolCents: pool,
  };
}

/**
 * The sandbox bank settles nothing by itself (neither does Plaid's sandbox): as real banks would, move this group's
 * transfers along on schedule — posted and settled the day after they were made, funds available the day after that.
 * Transfers the bank already moved elsewhere (a simulated return, say) are left alone.
 */
async function settleSandboxTransfers(groupId: string, day: CalendarDay) {
  const open = await db()
    .select()
    .from(bankTransfers)
    .where(
      and(
        eq(bankTransfers.groupId, groupId),
        inArray(bankTransfers.status, ["pending", "posted", "settled"]),
        isNotNull(bankTransfers.providerTransferId),
      ),
    );
  const limit = pLimit(BANK_CONCURRENCY);
  await Promise.all(open.map((transfer) => limit(() => settleOne(transfer, day))));
}

async function settleOne(transfer: typeof bankTransfers.$inferSelect, day: CalendarDay) {
  {
    const age = daysBetween(transfer.initiatedOn, day);
    const steps: TransferStatus[] = [];
    if (age >= SANDBOX_SETTLE_AFTER_DAYS) {
      if (transfer.status === "pending") steps.push("posted");
      if (transfer.status === "pending" || transfer.status === "posted") steps.push("settled");
    }
    if (age >= SANDBOX_AVAILABLE_AFTER_DAYS) steps.push("funds_available");
    for (const step of steps) {
      const result = await plaidCall((api) => api.sandboxTransferSimulate({ transfer_id: transfer.providerTransferId!, event_type: step }));
      // The bank has moved the transfer on and we have not recorded it (issue 12's root cause started here).
      failpoint("after-bank-simulate");
      if (result.ok) {
        // We know what just happened at the bank: record it on this day now (the event stream will repeat it; no-op).
        await applyStatus(transfer.id, step, day);
        continue;
      }
      if (result.code !== "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID") {
        console.error(`sandbox settlement of ${transfer.idempotencyKey} to ${step}: ${result.code}`);
        break;
      }
      // Already there or moved on at the bank (a run that crashed before recording it, or a simulated return): ask
      // the bank where the transfer is and record that.
      const current = await plaidCall((api) => api.transferGet({ transfer_id: transfer.providerTransferId! }));
      if (current.ok) {
        const bankStatus = current.value.transfer.status as TransferStatus;
        const reason = current.value.transfer.failure_reason;
        await applyStatus(
          transfer.id,
          bankStatus,
          day,
          reason ? { code: reason.ach_return_code ?? reason.failure_code ?? null, description: reason.description ?? null } : undefined,
        );
      }
      break;
    }
  }
}

async function remind(group: GroupRow, reminder: { periodNumber: number; userId: string; dueOn: CalendarDay }) {
  const claimed = await db()
    .insert(groupReminders)
    .values({ groupId: group.id, periodNumber: reminder.periodNumber, userId: reminder.userId })
    .onConflictDoNothing()
    .returning({ userId: groupReminders.userId });
  if (claimed.length === 0) return;
  const [user] = await db().select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, reminder.userId));
  if (!user) return;
  const link = `/groups/${group.id}`;
  await Promise.allSettled([
    notify(user.id, {
      title: `Contribution due ${reminder.dueOn}`,
      body: `Your contribution to ${group.name} is debited on ${reminder.dueOn}.`,
      link,
    }),
    sendEmailToUser(user, {
      template: "payment-reminder",
      data: { name: user.name, groupName: group.name, amountCents: group.contributionCents, dueOn: reminder.dueOn, groupUrl: `${appUrl()}${link}` },
    }),
  ]);
}

/**
 * Tell people what happened to transfers since we last told them: a settled contribution or payout becomes activity
 * (and the recipient hears of their payout); a failed, declined or returned contribution makes the member late, and
 * both they and the group admin hear of it. Each outcome is claimed with a conditional update, so it is told once.
 */
async function tellOutcomes(group: GroupRow, day: CalendarDay) {
  const changed = await db()
    .update(bankTransfers)
    .set({ notifiedStatus: sql`${bankTransfers.status}` })
    .where(
      and(
        eq(bankTransfers.groupId, group.id),
        or(sql`${bankTransfers.notifiedStatus} is null`, ne(bankTransfers.notifiedStatus, bankTransfers.status)),
        inArray(bankTransfers.status, ["settled", "funds_available", "declined", "failed", "returned"]),
      ),
    )
    .returning();
  if (changed.length === 0) return;
  const people = await db()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set([...changed.map((t) => t.userId), group.createdBy])]));
  const byId = new Map(people.map((p) => [p.id, p]));
  const link = `/groups/${group.id}`;
  const jobs: Array<Promise<unknown>> = [];
  for (const transfer of changed) {
    const person = byId.get(transfer.userId)!;
    const settled = SETTLED_STATUSES.includes(transfer.status);
    if (settled && transfer.kind !== "fee") {
      // funds_available after settled is the same money: one activity entry.
      const [already] = await db()
        .select({ id: groupEvents.id })
        .from(groupEvents)
        .where(
          and(
            eq(groupEvents.groupId, group.id),
            eq(groupEvents.type, transfer.kind),
            eq(groupEvents.userId, transfer.userId),
            eq(groupEvents.periodNumber, transfer.periodNumber),
          ),
        );
      if (!already) {
        await db().insert(groupEvents).values({
          groupId: group.id,
          userId: transfer.userId,
          type: transfer.kind,
          amountCents: transfer.amountCents,
          periodNumber: transfer.periodNumber,
        });
        if (transfer.kind === "payout") {
          jobs.push(
            notify(person.id, {
              title: `Your payout from ${group.name} has arrived`,
              body: `${formatMoney(transfer.amountCents)} was sent to your bank account.`,
              link,
            }),
            sendEmailToUser(person, {
              template: "payout-notification",
              data: { name: person.name, groupName: group.name, amountCents: transfer.amountCents, payoutOn: day, groupUrl: `${appUrl()}${link}` },
            }),
          );
        }
      }
    } else if (!settled && transfer.kind === "contribution") {
      const reason = transfer.failureDescription ?? "The bank did not complete the debit.";
      jobs.push(
        notify(person.id, {
          title: `Your contribution to ${group.name} did not go through`,
          body:
            transfer.attempt < MAX_ATTEMPTS
              ? `${reason} Attempt ${transfer.attempt} of ${MAX_ATTEMPTS}: we'll try again in ${RETRY_AFTER_DAYS} days. Please make sure the funds are available.`
              : `${reason} That was the last of ${MAX_ATTEMPTS} attempts: please contact your group admin.`,
          link,
        }),
      );
      if (group.createdBy !== person.id) {
        jobs.push(notify(group.createdBy, { title: `${person.name}'s contribution to ${group.name} is late`, body: reason, link }));
      }
    }
  }
  await Promise.allSettled(jobs);
}

/**
 * For the scheduler: active groups whose clock day is past what was processed (or never processed), or with money in
 * flight (a payout may be due as soon as contributions settle).
 */
export async function processDueGroups(now = new Date(), options: { batchSize?: number } = {}) {
  const tickStartedAt = new Date();
  const batchSize = options.batchSize ?? 500;
  let processed = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  // Every active group, in id order, a batch at a time (no cap on how many groups there are).
  for (;;) {
    const candidates = await db()
      .select({
        id: groups.id,
        processedThrough: groups.processedThrough,
        clockOffsetSeconds: groups.clockOffsetSeconds,
        timeZone: groups.timeZone,
        inFlight: sql<boolean>`exists (select 1 from ${bankTransfers} where ${bankTransfers.groupId} = ${groups.id} and ${bankTransfers.status} in ('created', 'pending', 'posted'))`,
      })
      .from(groups)
      // Parked groups wait for an admin (the money-health panel).
      .where(and(eq(groups.status, "active"), isNull(groups.moneyParkedAt), sql`${groups.id} > ${after}`))
      .orderBy(asc(groups.id))
      .limit(batchSize);
    if (candidates.length === 0) break;
    after = candidates[candidates.length - 1]!.id;
    for (const group of candidates) {
      if (!group.inFlight && group.processedThrough && group.processedThrough >= groupToday(group, now)) continue;
      const result = await processGroup(group.id, now, { skipIfProcessedSince: tickStartedAt });
      if (result.status === "processed") processed += 1;
    }
  }
  return { processed };
}

// ---------------------------------------------------------------------------------------------------------------
// The sandbox clock

export type AdvanceResult = { ok: true; today: CalendarDay; days: number } | { ok: false; status: 403 | 404 | 409 | 503; error: string };

/** The sandbox clock stops at the first day whose money work failed (that day is retried by the next tick). */
export const CLOCK_STOPPED_ON_FAILURE =
  "The sandbox clock stopped: this group's money processing ran into a problem. It will be retried automatically.";

/**
 * Move a sandbox group's clock forward by `days` (1-400), or to the day of its next event, and replay every day in
 * between. The group's admin or a platform admin only.
 */
export async function advanceClock(
  actor: { id: string; isAdmin: boolean },
  groupId: string,
  by: { days: number } | { nextEvent: true },
  now = new Date(),
): Promise<AdvanceResult> {
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
    const [updated] = await db()
      .update(groups)
      .set({ clockOffsetSeconds: sql`${groups.clockOffsetSeconds} + 86400`, updatedAt: now })
      .where(eq(groups.id, groupId))
      .returning();
    moved += 1;
    let result = await processGroup(groupId, now);
    if (result.status === "busy") {
      // Another worker holds the group; it will process the day. Wait for it briefly so the replay stays in order.
      await new Promise((resolve) => setTimeout(resolve, 50));
      result = await processGroup(groupId, now);
    }
    if (result.status === "failed") return { ok: false, status: 503, error: CLOCK_STOPPED_ON_FAILURE };
    if (updated!.status !== "active") break;
    const [current] = await db().select({ status: groups.status }).from(groups).where(eq(groups.id, groupId));
    if (current?.status !== "active") break;
  }
  const [after] = await db().select().from(groups).where(eq(groups.id, groupId));
  return { ok: true, today: groupToday(after!, now), days: moved };
}

/** The next day something happens: a reminder, a due day, a retry, or (while money is in flight) tomorrow. */
export async function nextEventDay(group: GroupRow, today: CalendarDay): Promise<CalendarDay> {
  const state = await cycleState(group);
  const inFlight = state.transfers.some((t) => !["settled", "funds_available", "declined", "failed", "returned"].includes(t.status));
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
  const days = new Map<string, CalendarDay>();
  return syncTransferEvents(async (groupId) => {
    if (!days.has(groupId)) days.set(groupId, await groupDayById(groupId, now));
    return days.get(groupId)!;
  });
}
