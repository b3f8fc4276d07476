/**
 * PENDING: ENABLE WHEN WIRING THE CYCLE HOOK. Rename this file to `daily-reminders-hook.test.ts` in the commit that adds
 * `await sendDailyReminders(group, day);` to processDay in app/server/money/cycle.server.ts (issue 18). Until then it is
 * typechecked but not run (vitest runs *.test.ts only), so main has no skipped test.
 *
 * Daily reminders driven by nothing but the sandbox clock: advanceClock replays each day through processDay, whose hook
 * sends the day's reminders. The same outcome as notification-preferences.test.ts, where the test calls the hook itself.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase({ bank: true });

const { listMessages } = await import("../../sandbox/postmark/store");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { savePreferences } = await import("../../app/server/preferences.server");
const { DEFAULT_PREFERENCES } = await import("../../app/domain/profile");
const { advanceClock, groupToday } = await import("../../app/server/money/cycle.server");
const money = await import("../support/money");
const { addDays, todayIn } = await import("../../app/domain/schedule");
const { asc, eq } = await import("drizzle-orm");

describe("daily reminders through the cycle", () => {
  it("are sent by advancing the sandbox clock alone, once a day from three days before the due day until settled", async () => {
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
    expect(days).toEqual([addDays(due, -3), addDays(due, -1), due].map((day) => ({ day, userId: member.id })));
    const subjects = (await listMessages(databaseUrl, { to: member.email })).filter((m) => m.tag === "daily-reminder").map((m) => m.subject);
    expect(subjects.sort()).toEqual(
      [
        `Your $100.00 contribution to ${group.name} is being collected`,
        `Your $100.00 contribution to ${group.name} is due in 3 days`,
        `Your $100.00 contribution to ${group.name} is due tomorrow`,
      ].sort(),
    );
    expect((await listMessages(databaseUrl, { to: admin.email })).filter((m) => m.tag === "daily-reminder")).toEqual([]);
  });
});
