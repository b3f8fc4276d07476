/**
 * Daily reminders (Profile → Notifications, "Daily reminders", off by default): from three days before a due day until
 * the member's contribution for it settles, one reminder a day, in the app and (when "Contribution reminders" email is
 * on) by email. The rules are app/domain/reminders.ts; this module reads the facts and sends.
 *
 * Called by the cycle for each group-clock day it processes (cycle.server.ts processDay), so the sandbox clock drives
 * it exactly as real time does. Each reminder is claimed by inserting its (group, period, member, day) row before it is
 * sent: a day processed again, or by two workers at once, sends it once.
 */
import { and, eq, inArray, lte } from "drizzle-orm";
import { dailyReminderOn, dailyReminderText, DAILY_REMINDER_DAYS_BEFORE } from "~/domain/reminders";
import { addDays, type CalendarDay } from "~/domain/schedule";
import { db } from "./db/client.server";
import { bankTransfers, dailyReminders, groupMembers, groupPeriods, notificationPreferences, users } from "./db/schema";
import { sendEmailToUser } from "./email/user-email.server";
import { appUrl } from "./env.server";
import { notify } from "./notifications.server";

export type DailyRemindersResult = { sent: number };

/** Send the day's daily reminders of one active group. Four queries whatever the group's size; never throws for a send. */
export async function sendDailyReminders(
  group: { id: string; name: string; contributionCents: number },
  day: CalendarDay,
): Promise<DailyRemindersResult> {
  // Members who turned daily reminders on (no preferences row means the defaults: off).
  const members = await db()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .innerJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(groupMembers.groupId, group.id), eq(notificationPreferences.pushDailyReminders, true)));
  if (members.length === 0) return { sent: 0 };

  const memberIds = members.map((member) => member.id);
  const [periods, contributions] = await Promise.all([
    db()
      .select({ periodNumber: groupPeriods.periodNumber, dueOn: groupPeriods.dueOn })
      .from(groupPeriods)
      .where(and(eq(groupPeriods.groupId, group.id), lte(groupPeriods.dueOn, addDays(day, DAILY_REMINDER_DAYS_BEFORE)))),
    db()
      .select({
        periodNumber: bankTransfers.periodNumber,
        userId: bankTransfers.userId,
        attempt: bankTransfers.attempt,
        status: bankTransfers.status,
      })
      .from(bankTransfers)
      .where(and(eq(bankTransfers.groupId, group.id), eq(bankTransfers.kind, "contribution"), inArray(bankTransfers.userId, memberIds))),
  ]);
  const latest = new Map<string, (typeof contributions)[number]>();
  for (const row of contributions) {
    const key = `${row.periodNumber}:${row.userId}`;
    const seen = latest.get(key);
    if (!seen || row.attempt > seen.attempt) latest.set(key, row);
  }

  const due = members.flatMap((member) =>
    periods.flatMap((period) => {
      const stage = dailyReminderOn(period.dueOn, day, latest.get(`${period.periodNumber}:${member.id}`) ?? null);
      return stage ? [{ member, period, stage }] : [];
    }),
  );
  if (due.length === 0) return { sent: 0 };

  // Claim first, in one statement: only the rows this run inserted are sent.
  const claimed = await db()
    .insert(dailyReminders)
    .values(due.map(({ member, period }) => ({ groupId: group.id, periodNumber: period.periodNumber, userId: member.id, day })))
    .onConflictDoNothing()
    .returning({ periodNumber: dailyReminders.periodNumber, userId: dailyReminders.userId });
  const mine = new Set(claimed.map((row) => `${row.periodNumber}:${row.userId}`));

  const link = `/groups/${group.id}`;
  const sends = due
    .filter(({ member, period }) => mine.has(`${period.periodNumber}:${member.id}`))
    .flatMap(({ member, period, stage }) => {
      const text = dailyReminderText(stage, { groupName: group.name, amountCents: group.contributionCents, dueOn: period.dueOn });
      return [
        notify(member.id, { ...text, link }),
        sendEmailToUser(member, { template: "daily-reminder", data: { name: member.name, ...text, groupUrl: `${appUrl()}${link}` } }),
      ];
    });
  const results = await Promise.allSettled(sends);
  for (const result of results) if (result.status === "rejected") console.error("sendDailyReminders: a reminder was not delivered", result.reason);
  return { sent: mine.size };
}
