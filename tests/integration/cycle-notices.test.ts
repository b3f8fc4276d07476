/**
 * The cycle's own notices, driven by nothing but the sandbox clock (advanceClock replays each day through runDay, as a
 * worker's page does): the daily reminders from three days before the due day until the contribution settles, the
 * reminder's due day in words, and the member's own failed debit as an urgent notice (bell and email) only while that
 * preference is on (issue 18).
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase({ bank: true });

const { listMessages } = await import("../../sandbox/postmark/store");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { savePreferences } = await import("../../app/server/notifications/preferences.server");
const { DEFAULT_PREFERENCES } = await import("../../app/domain/profile");
const { advanceClock, groupToday } = await import("../../app/server/money/cycle.server");
const money = await import("../support/money");
const { addDays, todayIn } = await import("../../app/domain/schedule");
const { sandboxSettlesOn } = await import("../../app/domain/money");
const { asc, eq } = await import("drizzle-orm");

// Tuesday 2026-01-06, noon in New York. Weekly on Friday: due Jan 9, 16, 23.
const NOW = new Date("2026-01-06T17:00:00Z");

async function bell(userId: string) {
  return db()
    .select({ title: schema.notifications.title, body: schema.notifications.body })
    .from(schema.notifications)
    .where(eq(schema.notifications.userId, userId))
    .orderBy(asc(schema.notifications.createdAt));
}

async function mail(to: string, tag: string) {
  return (await listMessages(databaseUrl, { to })).filter((message) => message.tag === tag);
}

describe("the cycle's notices", () => {
  it("sends daily reminders by advancing the sandbox clock alone, once a day from three days before the due day until settled", async () => {
    const now = new Date();
    const startOn = addDays(todayIn("America/New_York", now), 7);
    const { group, members } = await money.startedGroup({ size: 3, now, balanceCents: 500_000, draft: { startOn } });
    const [admin, member] = [members[0]!, members[1]!];
    await savePreferences(member.id, { ...DEFAULT_PREFERENCES, pushDailyReminders: true });

    const due = group.firstDueOn!;
    for (let step = 0; step < 40; step++) {
      const [current] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
      if (groupToday(current!, now) > addDays(due, 2)) break;
      expect(await advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 1 }, now)).toMatchObject({ ok: true });
    }

    const days = await db()
      .select({ day: schema.dailyReminders.day, userId: schema.dailyReminders.userId })
      .from(schema.dailyReminders)
      .where(eq(schema.dailyReminders.groupId, group.id))
      .orderBy(asc(schema.dailyReminders.day));
    // From the due day until the debit settles, on the ACH calendar (ADR 040): a Friday's debit settles on Monday (or
    // Tuesday after a holiday), so the weekend days are "being collected" too; the loop stopped two days after the due day.
    const collecting: string[] = [];
    for (let day = due; day < sandboxSettlesOn(due) && day <= addDays(due, 2); day = addDays(day, 1)) collecting.push(day);
    expect(days).toEqual([addDays(due, -3), addDays(due, -1), ...collecting].map((day) => ({ day, userId: member.id })));
    const subjects = (await mail(member.email, "daily-reminder")).map((m) => m.subject);
    expect(subjects.sort()).toEqual(
      [
        ...collecting.map(() => `Your $100.00 contribution to ${group.name} is being collected`),
        `Your $100.00 contribution to ${group.name} is due in 3 days`,
        `Your $100.00 contribution to ${group.name} is due tomorrow`,
      ].sort(),
    );
    expect(await mail(admin.email, "daily-reminder")).toEqual([]);
  });

  it("words the regular reminder's due day for people, not as an ISO date", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    expect(group.firstDueOn).toBe("2026-01-09");
    expect(await advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 1 }, NOW)).toMatchObject({ ok: true });
    expect((await bell(members[1]!.id)).filter((n) => n.title.startsWith("Contribution due"))).toEqual([
      { title: "Contribution due Friday, January 9, 2026", body: `Your contribution to ${group.name} is debited on Friday, January 9, 2026.` },
    ]);
  });

  it("tells a member of their own failed debit as an urgent notice (bell and email) only while that preference is on", async () => {
    const { group, members } = await money.startedGroup({ size: 4, now: NOW, balanceCents: 100_000 });
    const [admin, on, off] = [members[0]!, members[1]!, members[2]!];
    await money.setSandboxBalance(on.id, 5_000);
    await money.setSandboxBalance(off.id, 5_000);
    await savePreferences(off.id, { ...DEFAULT_PREFERENCES, pushUrgentAccount: false });
    // To the first due day (Jan 9): both debits are declined.
    expect(await advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 3 }, NOW)).toMatchObject({ ok: true });

    const title = `Your contribution to ${group.name} did not go through`;
    const body =
      "Your bank account did not have enough money available for this payment, so it was not attempted. Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Plaid Checking ••0000 again on Monday, January 12, 2026. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.";
    expect((await bell(on.id)).filter((n) => n.title === title)).toEqual([{ title, body }]);
    expect((await mail(on.email, "account-alert")).map((m) => m.subject)).toEqual([title]);
    expect((await bell(off.id)).filter((n) => n.title === title)).toEqual([]);
    expect(await mail(off.email, "account-alert")).toEqual([]);
    // The group admin hears of both either way.
    expect((await bell(admin.id)).map((n) => n.title)).toEqual(
      expect.arrayContaining([`${on.name}'s contribution to ${group.name} is late`, `${off.name}'s contribution to ${group.name} is late`]),
    );
  });
});
