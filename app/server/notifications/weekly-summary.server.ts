/**
 * The weekly summary (Profile → Notifications, "Weekly summary", email, off by default): once a week, each opted-in
 * user gets one email with each of their groups as it stands: the period, who has paid it, the next due day, the next
 * payout. Sent by a scheduled job (jobs/worker.server.ts, WEEKLY_SUMMARY) that runs every hour; a user's week is
 * claimed (weekly_summaries) before their email goes, so however many runs and workers there are, one email a week.
 * The week starts Monday; nothing goes before 08:00 that Monday in the product's home zone.
 *
 * Set-based: a batch of users at a time, and four queries per batch whatever the number of groups (the email
 * preference is read with the candidates, not once per user).
 */
import { and, asc, eq, gt, inArray, notExists, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { DISPLAY_TIME_ZONE } from "~/domain/format";
import { SETTLED_STATUSES } from "~/domain/money";
import { type DatedAttempt, paymentDates } from "~/domain/payment-dates";
import { weekOf } from "~/domain/reminders";
import { todayIn, type CalendarDay } from "~/domain/schedule";
import { db } from "../db/client.server";
import { bankTransfers, groupMembers, groupPeriods, groups, notificationPreferences, users, weeklySummaries } from "../db/schema";
import { SUMMARY_SOMEONE, SUMMARY_YOU, type TemplateData } from "../email/templates";
import { sendEmail } from "../email/email.server";
import { appUrl } from "../platform/env.server";
import { logger } from "../platform/log.server";

/** Emails in flight at once. */
const SEND_CONCURRENCY = 8;

/** The hour (home zone) on the week's Monday from which summaries go. */
export const WEEKLY_SUMMARY_HOUR = 8;

type SummaryGroup = TemplateData<"weekly-summary">["groups"][number];

function hourIn(timeZone: string, now: Date) {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(now));
}

export type WeeklySummaryRun = { weekOf: CalendarDay; sent: number; failed: number; skipped?: "too-early" };

/** Send this week's summaries not sent yet. Safe to run at any time, any number of times, from any number of workers. */
export async function sendWeeklySummaries(now = new Date(), options: { batchSize?: number } = {}): Promise<WeeklySummaryRun> {
  const week = weekOf(now, DISPLAY_TIME_ZONE);
  if (todayIn(DISPLAY_TIME_ZONE, now) === week && hourIn(DISPLAY_TIME_ZONE, now) < WEEKLY_SUMMARY_HOUR) {
    return { weekOf: week, sent: 0, failed: 0, skipped: "too-early" };
  }
  const batchSize = options.batchSize ?? 200;
  let after = "00000000-0000-0000-0000-000000000000";
  let sent = 0;
  let failed = 0;
  for (;;) {
    const candidates = await db()
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .innerJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(
        and(
          eq(notificationPreferences.emailWeeklySummary, true),
          gt(users.id, after),
          notExists(
            db()
              .select({ one: sql`1` })
              .from(weeklySummaries)
              .where(and(eq(weeklySummaries.userId, users.id), eq(weeklySummaries.weekOf, week))),
          ),
        ),
      )
      .orderBy(asc(users.id))
      .limit(batchSize);
    if (candidates.length === 0) break;
    after = candidates[candidates.length - 1]!.id;

    const claimed = await db()
      .insert(weeklySummaries)
      .values(candidates.map((user) => ({ userId: user.id, weekOf: week })))
      .onConflictDoNothing()
      .returning({ userId: weeklySummaries.userId });
    const mine = new Set(claimed.map((row) => row.userId));
    const recipients = candidates.filter((user) => mine.has(user.id));
    if (recipients.length === 0) continue;

    const byUser = await summariesFor(
      recipients.map((user) => user.id),
      now,
    );
    // The preference was read with the candidates (emailWeeklySummary): sent directly, a few at a time.
    const limit = pLimit(SEND_CONCURRENCY);
    const results = await Promise.all(
      recipients.map(async (user) => {
        const result = await limit(() =>
          sendEmail(user.email, {
            template: "weekly-summary",
            data: { name: user.name, weekOf: week, dashboardUrl: `${appUrl()}/dashboard`, groups: byUser.get(user.id) ?? [] },
          }),
        );
        if (!result.ok) {
          // Not sent: give the week back, so the next hourly run tries again.
          logger.error({ userId: user.id, reason: result.error }, "weekly summary: the email failed");
          await db()
            .delete(weeklySummaries)
            .where(and(eq(weeklySummaries.userId, user.id), eq(weeklySummaries.weekOf, week)));
        }
        return result.ok;
      }),
    );
    sent += results.filter(Boolean).length;
    failed += results.filter((ok) => !ok).length;
  }
  return { weekOf: week, sent, failed };
}

/** Each user's groups, as the summary shows them, in four queries for the whole batch. */
async function summariesFor(userIds: string[], now: Date): Promise<Map<string, SummaryGroup[]>> {
  const memberships = await db()
    .select({ userId: groupMembers.userId, group: groups })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(inArray(groupMembers.userId, userIds))
    .orderBy(asc(groups.createdAt));
  const groupIds = [...new Set(memberships.map((row) => row.group.id))];
  if (groupIds.length === 0) return new Map();
  const [periods, members, contributions] = await Promise.all([
    db()
      .select({
        groupId: groupPeriods.groupId,
        periodNumber: groupPeriods.periodNumber,
        dueOn: groupPeriods.dueOn,
        status: groupPeriods.status,
        payoutCents: groupPeriods.payoutCents,
        recipientUserId: groupMembers.userId,
      })
      .from(groupPeriods)
      .innerJoin(groupMembers, eq(groupMembers.id, groupPeriods.recipientMemberId))
      .where(inArray(groupPeriods.groupId, groupIds))
      .orderBy(asc(groupPeriods.groupId), asc(groupPeriods.periodNumber)),
    db()
      .select({ groupId: groupMembers.groupId, userId: users.id, name: users.name })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(inArray(groupMembers.groupId, groupIds))
      .orderBy(asc(groupMembers.groupId), asc(groupMembers.joinOrder)),
    db()
      .select({
        groupId: bankTransfers.groupId,
        periodNumber: bankTransfers.periodNumber,
        userId: bankTransfers.userId,
        attempt: bankTransfers.attempt,
        status: bankTransfers.status,
        kind: bankTransfers.kind,
        statusOn: bankTransfers.statusOn,
        initiatedOn: bankTransfers.initiatedOn,
        retryOn: bankTransfers.retryOn,
        failureCode: bankTransfers.failureCode,
        waitingForMember: sql<boolean>`${bankTransfers.waitingForMemberAt} is not null`,
        expectedFundsAvailableOn: bankTransfers.expectedFundsAvailableOn,
      })
      .from(bankTransfers)
      .where(and(inArray(bankTransfers.groupId, groupIds), inArray(bankTransfers.kind, ["contribution", "payout"]))),
  ]);

  const latest = new Map<string, (typeof contributions)[number]>();
  for (const row of contributions) {
    if (row.kind !== "contribution") continue;
    const key = `${row.groupId}:${row.periodNumber}:${row.userId}`;
    const seen = latest.get(key);
    if (!seen || row.attempt > seen.attempt) latest.set(key, row);
  }
  const periodsOf = groupBy(periods, (row) => row.groupId);
  const membersOf = groupBy(members, (row) => row.groupId);

  const result = new Map<string, SummaryGroup[]>();
  for (const { userId, group } of memberships) {
    const own = periodsOf.get(group.id) ?? [];
    const people = membersOf.get(group.id) ?? [];
    // The reader and an unnamed member are words the template says in the recipient's language.
    const nameFor = (id: string) => (id === userId ? SUMMARY_YOU : (people.find((person) => person.userId === id)?.name ?? SUMMARY_SOMEONE));
    // The group's own clock (real time plus its sandbox offset) decides which due day is next.
    const today = todayIn(group.timeZone, new Date(now.getTime() + group.clockOffsetSeconds * 1000));
    const current = group.status === "active" ? (own.find((period) => period.status === "pending") ?? null) : null;
    const paid = current
      ? people.filter((person) => {
          const contribution = latest.get(`${group.id}:${current.periodNumber}:${person.userId}`);
          return contribution !== undefined && SETTLED_STATUSES.includes(contribution.status);
        })
      : [];
    const unpaid = current ? people.filter((person) => !paid.includes(person)) : [];
    const nextDue = group.status === "active" ? (own.find((period) => period.dueOn >= today) ?? null) : null;
    const entry: SummaryGroup = {
      name: group.name,
      url: `${appUrl()}/groups/${group.id}`,
      status: group.status,
      memberCount: group.memberCount,
      joinedCount: people.length,
      contributionCents: group.contributionCents,
      period: current?.periodNumber ?? null,
      paidNames: paid.map((person) => nameFor(person.userId)),
      unpaidNames: unpaid.map((person) => nameFor(person.userId)),
      nextDueOn: nextDue?.dueOn ?? null,
      // When it is expected in the recipient's bank: the one model of a payment's dates (ADR 040); null while it waits.
      nextPayout: current
        ? {
            recipient: nameFor(current.recipientUserId),
            payoutOn:
              paymentDates(
                current,
                people.map((person) => person.userId),
                current.recipientUserId,
                contributions.filter((row) => row.groupId === group.id) as DatedAttempt[],
                today,
              ).arrival?.day ?? null,
            amountCents: current.payoutCents,
          }
        : null,
    };
    result.set(userId, [...(result.get(userId) ?? []), entry]);
  }
  return result;
}

function groupBy<T>(rows: T[], key: (row: T) => string) {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}
