/**
 * Daily reminders (Profile → Notifications, "Daily reminders", off by default): from three days before a due day until
 * the member's contribution for it settles, one reminder a day, in the app and (when "Contribution reminders" email is
 * on) by email. The rules are app/domain/reminders.ts; this module reads the facts and sends.
 *
 * Called by the cycle for each group-clock day it runs, with the set of groups at that day (cycle.server.ts runDay,
 * after the "remind" stage), so the sandbox clock drives it exactly as real time does. Each reminder is claimed by
 * inserting its (group, period, member, day) row before it is sent: a day processed again, or by two workers at once,
 * sends it once. The email goes when "Contribution reminders" email is on, read with the member in the same query.
 */
import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import pLimit from "p-limit";
import { DAILY_REMINDER_DAYS_BEFORE, dailyReminderOn, lateReminderValues } from "~/domain/reminders";
import { addDays, type CalendarDay } from "~/domain/schedule";
import { db } from "../db/client.server";
import { bankTransfers, dailyReminders, groupMembers, groupPeriods, notificationPreferences, users } from "../db/schema";
import { sendEmail } from "../email/email.server";
import { sandboxDayOf } from "../money/group-clock.server";
import { lateContributionsOn } from "../money/late-contributions.server";
import { appUrl } from "../platform/env.server";
import { logger } from "../platform/log.server";
import { englishWords, type NoticeMessage } from "./notice-text";
import { notify } from "./notifications.server";

export type DailyRemindersResult = { sent: number };

/** Deliveries in flight at once (the bell's insert and Postmark's HTTP call), as the cycle's own notices. */
const SEND_CONCURRENCY = 8;

/**
 * Send one group-clock day's daily reminders for a set of active groups, all at that day (the cycle's `runDay` set),
 * at `now` (the run's real time, which tells a replayed day from the group's today). Four queries whatever the number
 * of groups and members; never throws for a send.
 */
export async function sendDailyReminders(
  set: ReadonlyArray<{ id: string; name: string; contributionCents: number; clockOffsetSeconds: number; timeZone: string }>,
  day: CalendarDay,
  now: Date,
): Promise<DailyRemindersResult> {
  if (set.length === 0) return { sent: 0 };
  const byId = new Map(set.map((group) => [group.id, group]));
  const ids = [...byId.keys()];

  // Members who turned daily reminders on (no preferences row means the defaults: off), and whether they want email.
  const members = await db()
    .select({
      groupId: groupMembers.groupId,
      id: users.id,
      email: users.email,
      name: users.name,
      wantsEmail: notificationPreferences.emailContributionReminders,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .innerJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(inArray(groupMembers.groupId, ids), eq(notificationPreferences.pushDailyReminders, true)));
  if (members.length === 0) return { sent: 0 };

  const withMembers = [...new Set(members.map((member) => member.groupId))];
  const [periods, latestAttempts] = await Promise.all([
    db()
      .select({ groupId: groupPeriods.groupId, periodNumber: groupPeriods.periodNumber, dueOn: groupPeriods.dueOn })
      .from(groupPeriods)
      .where(and(inArray(groupPeriods.groupId, withMembers), lte(groupPeriods.dueOn, addDays(day, DAILY_REMINDER_DAYS_BEFORE)))),
    // Each member's latest contribution attempt per period.
    db()
      .selectDistinctOn([bankTransfers.groupId, bankTransfers.periodNumber, bankTransfers.userId], {
        groupId: bankTransfers.groupId,
        periodNumber: bankTransfers.periodNumber,
        userId: bankTransfers.userId,
        attempt: bankTransfers.attempt,
        status: bankTransfers.status,
      })
      .from(bankTransfers)
      .where(
        and(
          inArray(bankTransfers.groupId, withMembers),
          eq(bankTransfers.kind, "contribution"),
          inArray(bankTransfers.userId, [...new Set(members.map((member) => member.id))]),
        ),
      )
      .orderBy(asc(bankTransfers.groupId), asc(bankTransfers.periodNumber), asc(bankTransfers.userId), desc(bankTransfers.attempt)),
  ]);
  const key = (groupId: string, periodNumber: number, userId: string) => `${groupId}:${periodNumber}:${userId}`;
  const latest = new Map(latestAttempts.map((row) => [key(row.groupId, row.periodNumber, row.userId), row]));
  const periodsOf = new Map<string, typeof periods>();
  for (const period of periods) periodsOf.set(period.groupId, [...(periodsOf.get(period.groupId) ?? []), period]);

  const due = members.flatMap((member) =>
    (periodsOf.get(member.groupId) ?? []).flatMap((period) => {
      const stage = dailyReminderOn(period.dueOn, day, latest.get(key(member.groupId, period.periodNumber, member.id)) ?? null);
      return stage ? [{ member, period, stage }] : [];
    }),
  );
  if (due.length === 0) return { sent: 0 };

  // Claim first, in one statement: only the rows this run inserted are sent (a day run twice, or by two workers, sends once).
  const claimed = await db()
    .insert(dailyReminders)
    .values(due.map(({ member, period }) => ({ groupId: member.groupId, periodNumber: period.periodNumber, userId: member.id, day })))
    .onConflictDoNothing()
    .returning({ groupId: dailyReminders.groupId, periodNumber: dailyReminders.periodNumber, userId: dailyReminders.userId });
  const mine = new Set(claimed.map((row) => key(row.groupId, row.periodNumber, row.userId)));
  // A late contribution's reminder says the account it failed on and the next attempt's date (or none left), and links
  // to Pay now: read, for the groups that have one, as the group page reads them.
  const lateGroups = due
    .filter(({ member, period, stage }) => stage.stage === "late" && mine.has(key(member.groupId, period.periodNumber, member.id)))
    .map(({ member }) => member.groupId);
  const lateViews = new Map(
    (await lateContributionsOn([...new Set(lateGroups)], day)).map((view) => [key(view.groupId, view.periodNumber, view.userId), view]),
  );

  const limit = pLimit(SEND_CONCURRENCY);
  const sends = due
    .filter(({ member, period }) => mine.has(key(member.groupId, period.periodNumber, member.id)))
    .flatMap(({ member, period, stage }) => {
      const group = byId.get(member.groupId)!;
      const late = stage.stage === "late" ? lateViews.get(key(member.groupId, period.periodNumber, member.id)) : undefined;
      const link = late ? `/groups/${group.id}/pay` : `/groups/${group.id}`;
      // Every daily reminder is a message (ADR 062): the bell and the email write it in the reader's language. A late
      // one names the account it failed on and the next attempt (lateReminder), or — without its view — the stage's.
      const notice: NoticeMessage =
        stage.stage === "upcoming"
          ? {
              message: "dailyUpcoming",
              values: { groupName: group.name, amountCents: group.contributionCents, dueOn: period.dueOn, days: stage.daysUntilDue },
            }
          : stage.stage === "collecting"
            ? { message: "dailyCollecting", values: { groupName: group.name, amountCents: group.contributionCents, dueOn: period.dueOn } }
            : late
              ? {
                  message: "lateReminder",
                  values: lateReminderValues({
                    groupName: group.name,
                    amountCents: late.amountCents,
                    feeCents: late.feeCents,
                    dueOn: period.dueOn,
                    account: late.account,
                    nextAttemptOn: late.nextAttemptOn,
                  }),
                }
              : {
                  message: "dailyLate",
                  values: {
                    groupName: group.name,
                    amountCents: group.contributionCents,
                    dueOn: period.dueOn,
                    final: stage.final ? "yes" : "no",
                  },
                };
      const words = englishWords(notice);
      // A group whose sandbox clock was moved, or a day replayed to catch up: the bell dates the reminder by the group's
      // day (ADR 040).
      const occurredOn = sandboxDayOf(group, day, now);
      const jobs: Array<() => Promise<unknown>> = [() => notify(member.id, { ...notice, link, occurredOn })];
      if (member.wantsEmail) {
        jobs.push(() =>
          sendEmail(member.email, {
            template: "daily-reminder",
            data: {
              name: member.name,
              ...words,
              notice: { message: notice.message, values: notice.values ?? {} },
              groupUrl: `${appUrl()}/groups/${group.id}`,
              ...(late ? { payUrl: `${appUrl()}${link}` } : {}),
            },
          }).then((result) => {
            if (!result.ok) throw new Error(result.error);
          }),
        );
      }
      return jobs.map((job) => limit(job));
    });
  const results = await Promise.allSettled(sends);
  for (const result of results)
    if (result.status === "rejected") logger.error({ err: result.reason }, "sendDailyReminders: a reminder was not delivered");
  return { sent: mine.size };
}
