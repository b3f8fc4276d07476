/**
 * One model of a payment's dates (issue 33, ADR 040): a cycle run with the sandbox clock, and every surface — the group
 * page (its loader's data and the page as rendered: the schedule, the timeline, the Next Payout card), the statement,
 * the payout email in the mail double, the notifications and the dashboard's recent activity — shows the same day for
 * the same event, in exact words. What the schedule planned before the money moved is the day it moved.
 *
 * The group's clock is set to Tuesday January 6, 2026 (its sandbox offset, measured from the real clock the pages
 * read), so the days are fixed: weekly on Friday, period 1 is due Friday January 9; its contributions settle Monday 12
 * (collected), are available Tuesday 13, when the payout is sent, and it arrives Wednesday 14. Period 2 is due Friday
 * 16 and goes over Martin Luther King Jr. Day: collected Tuesday 20, sent Wednesday 21, arrived Thursday 22.
 */
import { describe, expect, it } from "vitest";
import { renderRoute, textOf } from "../support/render";
import { call, get } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase({ bank: true });
const groupPage = await import("../../app/routes/groups.$groupId");
const statementPage = await import("../../app/routes/groups.$groupId.statement");
const notificationsPage = await import("../../app/routes/notifications");
const dashboard = await import("../../app/routes/dashboard");
const { advanceClock, processGroup } = await import("../../app/server/money/cycle.server");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { addDays } = await import("../../app/domain/schedule");
const { and, asc, eq, inArray, sql } = await import("drizzle-orm");
const { listMessages } = await import("../../sandbox/postmark/store");
const money = await import("../support/money");
const { sessionJarFor } = await import("../support/users");

const NOW = new Date("2026-01-06T17:00:00Z");

/** A started group whose clock reads Tuesday January 6, 2026 on the real clock (what the pages read). */
async function groupOnJanuarySixth() {
  const started = await money.startedGroup({ now: NOW, balanceCents: 100_000, draft: { name: "Dates Fund" } });
  await money.setGroupToday(started.group.id, "2026-01-06");
  return started;
}

async function groupView(userId: string, groupId: string) {
  const result = await call(groupPage.loader, get(`/groups/${groupId}`, await sessionJarFor(userId)), { groupId });
  expect(result.status).toBe(200);
  return { data: result.data, text: textOf(renderRoute(groupPage.default, `/groups/${groupId}`, result.data)) };
}

const planned = (day: string) => ({ day, planned: true });
const done = (day: string) => ({ day, planned: false });

describe("one payment, one set of dates, on every surface", () => {
  it("the schedule, timeline, Next Payout, statement, email, notifications and activity agree, and the plan is what happens", async () => {
    const { group, members } = await groupOnJanuarySixth();
    const [first, second] = [members[0]!, members[1]!];
    const advance = (days: number) => advanceClock({ id: first.id, isAdmin: false }, group.id, { days }, new Date());

    // Tuesday January 6: the plan.
    let view = await groupView(first.id, group.id);
    expect(view.data.group.today).toBe("2026-01-06");
    expect(view.data.group.schedule.map((row: { dates: unknown }) => row.dates)).toEqual([
      { due: "2026-01-09", collected: planned("2026-01-12"), sent: planned("2026-01-13"), arrival: planned("2026-01-14") },
      { due: "2026-01-16", collected: planned("2026-01-20"), sent: planned("2026-01-21"), arrival: planned("2026-01-22") },
      { due: "2026-01-23", collected: planned("2026-01-26"), sent: planned("2026-01-27"), arrival: planned("2026-01-28") },
    ]);
    // The schedule's rows (the viewer's own turn first), the timeline and the Next Payout card, in words.
    expect(view.text).toContain(
      `1 ${first.name} You (your turn) Due Jan 9, 2026 To be collected Jan 12, 2026 Payout goes out Jan 13, 2026 Expected in your bank Jan 14, 2026 $300.00 Pending`,
    );
    expect(view.text).toContain(
      `2 ${second.name} Due Jan 16, 2026 To be collected Jan 20, 2026 Payout goes out Jan 21, 2026 Expected to arrive Jan 22, 2026 $300.00 Pending`,
    );
    expect(view.text).toContain("Turn 1 You Expected in your bank Jan 14, 2026 Next");
    expect(view.text).toContain("Next Payout Recipient You Expected in your bank January 14, 2026 Amount $300.00 3 days until next contribution");
    const secondPlan = (await groupView(second.id, group.id)).text;
    expect(secondPlan).toContain("Turn 2 You Expected in your bank Jan 22, 2026 Pending");

    // To Wednesday January 14: period 1 paid out and arrived.
    expect(await advance(8)).toMatchObject({ ok: true, today: "2026-01-14" });
    view = await groupView(first.id, group.id);
    expect(view.data.group.schedule[0]).toMatchObject({
      status: "completed",
      dates: { due: "2026-01-09", collected: done("2026-01-12"), sent: done("2026-01-13"), arrival: done("2026-01-14") },
    });
    expect(view.text).toContain(
      `1 ${first.name} You (your turn) Due Jan 9, 2026 Collected Jan 12, 2026 Payout sent Jan 13, 2026 Arrived Jan 14, 2026 $300.00 Completed`,
    );
    expect(view.text).toContain("Turn 1 You Arrived Jan 14, 2026 Paid");

    // The statement: the contributions on the day they were collected, the payout on the day it was sent, with the day
    // it arrived.
    const statement = await call(statementPage.loader, get(`/groups/${group.id}/statement`, await sessionJarFor(second.id)), {
      groupId: group.id,
    });
    expect(statement.status).toBe(200);
    const rows = statement.data.rows as Array<{ effectiveOn: string; kind: string; arrivedOn: string | null }>;
    expect(rows.filter((row) => row.kind === "Contribution").map((row) => row.effectiveOn)).toEqual(["2026-01-12", "2026-01-12", "2026-01-12"]);
    expect(rows.filter((row) => row.kind === "Payout sent").map((row) => [row.effectiveOn, row.arrivedOn])).toEqual([["2026-01-13", "2026-01-14"]]);
    const statementText = textOf(renderRoute(statementPage.default, `/groups/${group.id}/statement`, statement.data));
    expect(statementText).toContain(`Jan 13, 2026 ${first.name} Payout sent · period 1 −$300.00 Arrived Jan 14, 2026 $0.00`);
    expect(statementText).toContain(`Jan 12, 2026 ${first.name} Contribution · period 1 $100.00`);

    // The payout email, in the mail double: sent on the 13th, arrived on the 14th.
    const emails = (await listMessages(databaseUrl, { to: first.email })).filter((message) => message.tag === "payout-notification");
    expect(emails.map((message) => message.subject)).toEqual(["Your $300.00 payout from Dates Fund has arrived"]);
    expect(emails[0]!.textBody).toContain(
      "Group: Dates Fund\nPayout: $300.00\nPayout sent: Tuesday, January 13, 2026\nArrived: Wednesday, January 14, 2026",
    );

    // The notification: the same days in its words, dated by the group's clock, not the wall clock.
    const bell = await call(notificationsPage.loader, get("/notifications", await sessionJarFor(first.id)));
    const arrived = (bell.data.notifications as Array<{ title: string; body: string; occurredOn: string | null }>).find(
      (n) => n.title === "Your payout from Dates Fund has arrived",
    );
    expect(arrived).toMatchObject({
      body: "$300.00 is in your bank account. Payout sent Jan 13, 2026. Arrived Jan 14, 2026.",
      occurredOn: "2026-01-14",
    });
    const bellText = textOf(renderRoute(notificationsPage.default, "/notifications", bell.data));
    expect(bellText).toContain(
      "Your payout from Dates Fund has arrived Unread $300.00 is in your bank account. Payout sent Jan 13, 2026. Arrived Jan 14, 2026. Jan 14, 2026 (sandbox time)",
    );
    // The due-day reminder too: dated the day it was sent on the group's clock (two days before the due day).
    expect(bellText).toContain(
      "Contribution due Friday, January 9, 2026 Unread Your contribution to Dates Fund is debited on Friday, January 9, 2026. Jan 7, 2026 (sandbox time)",
    );

    // Recent activity on another member's dashboard: collected on the 12th, arrived on the 14th.
    const home = await call(dashboard.loader, get("/dashboard", await sessionJarFor(second.id)));
    const activity = home.data.activity as Array<{ type: string; personName: string; occurredOn: string | null }>;
    expect(activity.filter((item) => item.type === "payout").map((item) => [item.personName, item.occurredOn])).toEqual([[first.name, "2026-01-14"]]);
    expect(activity.filter((item) => item.type === "contribution").map((item) => item.occurredOn)).toEqual([
      "2026-01-12",
      "2026-01-12",
      "2026-01-12",
    ]);
    const homeText = textOf(renderRoute(dashboard.default, "/dashboard", home.data));
    expect(homeText).toContain(`Payout ${first.name} received a payout of $300.00 from Dates Fund Jan 14, 2026 (sandbox time)`);
    expect(homeText).toContain(`Contribution ${first.name} contributed $100.00 to Dates Fund Jan 12, 2026 (sandbox time)`);

    // To Thursday January 22: period 2 went exactly as planned on January 6 — sent on the 21st, arrived on the 22nd.
    expect(await advance(8)).toMatchObject({ ok: true, today: "2026-01-22" });
    const after = await groupView(second.id, group.id);
    expect(after.data.group.schedule[1]).toMatchObject({
      status: "completed",
      dates: { due: "2026-01-16", collected: done("2026-01-20"), sent: done("2026-01-21"), arrival: done("2026-01-22") },
    });
    expect(after.text).toContain("Turn 2 You Arrived Jan 22, 2026 Paid");
    const secondEmails = (await listMessages(databaseUrl, { to: second.email })).filter((message) => message.tag === "payout-notification");
    expect(secondEmails[0]!.textBody).toContain("Payout sent: Wednesday, January 21, 2026\nArrived: Thursday, January 22, 2026");
  }, 180_000);
});

/**
 * A group on real time whose days are replayed to catch up, as the demo's seed does (a group started a week back, then
 * `processGroup(id, now)` runs every day since) and as a worker that was down does: its news is written at once, on
 * the wall clock's today, but happened on the days replayed. With the sandbox bank, the activity and the bell date it
 * by those days, as the statement does (sandboxDayOf); news of the group's own today keeps the wall-clock time.
 *
 * Started Tuesday January 6, 2026 (no sandbox offset), weekly on Friday, caught up to Thursday January 15 in one run:
 * period 1 was due the 9th, collected the 12th, sent the 13th and arrived the 14th. Then run on each day's own today:
 * period 2, due the 16th, is collected on Tuesday the 20th (after Martin Luther King Jr. Day) and arrives the 22nd.
 */
describe("news of days replayed to catch up, dated by the group's day", () => {
  /** Noon in New York on `day`: the real time of a run whose today is `day` for a group on real time. */
  const noonOn = (day: string) => new Date(`${day}T17:00:00Z`);

  /** The group's contribution and payout activity, each beside its settlement's day in the ledger (the statement's). */
  async function activityWithLedgerDays(groupId: string) {
    const { rows } = await db().execute<{ type: string; user_id: string; period_number: number; occurred_on: string | null; ledger_on: string }>(sql`
      select e.type, e.user_id, e.period_number, e.occurred_on::text,
        (select min(l.effective_on)::text from ${schema.ledgerTransfers} l join ${schema.bankTransfers} t on t.id = l.bank_transfer_id
          where t.group_id = e.group_id and t.kind = e.type and t.user_id = e.user_id and t.period_number = e.period_number
            and l.reason in ('contribution', 'payout_settled')) as ledger_on
      from ${schema.groupEvents} e
      where e.group_id = ${groupId}::uuid and e.type in ('contribution', 'payout')
      order by e.period_number, e.type, e.user_id`);
    return rows.map((row) => [row.period_number, row.type, row.user_id, row.occurred_on, row.ledger_on]);
  }

  /** A member's reminders and arrived payouts: the day each is about, and the day the bell dates it by. */
  async function notices(userId: string) {
    const rows = await db()
      .select({ message: schema.notifications.message, values: schema.notifications.values, occurredOn: schema.notifications.occurredOn })
      .from(schema.notifications)
      .where(and(eq(schema.notifications.userId, userId), inArray(schema.notifications.message, ["contributionDue", "payoutArrived"])))
      .orderBy(asc(schema.notifications.createdAt));
    return rows.map((row) => [row.message, row.values?.dueOn ?? row.values?.arrivedOnMedium, row.occurredOn]);
  }

  it("dates a catch-up's activity and notices by the ledger's days, and a run on the group's today by the wall clock", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000, draft: { name: "Catch-up Fund" } });
    expect(group.clockOffsetSeconds).toBe(0);
    const ids = members.map((member) => member.id).sort();
    const [first, second] = [members[0]!, members[1]!];

    // Ten days in one run, as the seed runs them: every one of them before the group's today but the last.
    expect(await processGroup(group.id, noonOn("2026-01-15"))).toEqual({ status: "processed", days: 10 });
    expect(await activityWithLedgerDays(group.id)).toEqual([
      ...ids.map((id) => [1, "contribution", id, "2026-01-12", "2026-01-12"]),
      [1, "payout", first.id, "2026-01-14", "2026-01-14"],
    ]);
    expect(await notices(first.id)).toEqual([
      ["contributionDue", "2026-01-09", "2026-01-07"],
      ["payoutArrived", "2026-01-14", "2026-01-14"],
      ["contributionDue", "2026-01-16", "2026-01-14"],
    ]);
    // What the reproduction read on the dashboard: the payout on the day it arrived, not on the day of the catch-up.
    const home = await call(dashboard.loader, get("/dashboard", await sessionJarFor(second.id)));
    const homeText = textOf(renderRoute(dashboard.default, "/dashboard", home.data));
    expect(homeText).toContain(`Payout ${first.name} received a payout of $300.00 from Catch-up Fund Jan 14, 2026 (sandbox time)`);
    expect(homeText).toContain(`Contribution ${first.name} contributed $100.00 to Catch-up Fund Jan 12, 2026 (sandbox time)`);

    // Then each day on its own today, as a worker that keeps up runs them: the news happens when it is written.
    for (let day = "2026-01-16"; day <= "2026-01-22"; day = addDays(day, 1))
      expect(await processGroup(group.id, noonOn(day))).toEqual({ status: "processed", days: 1 });
    expect((await activityWithLedgerDays(group.id)).filter(([period]) => period === 2)).toEqual([
      ...ids.map((id) => [2, "contribution", id, null, "2026-01-20"]),
      [2, "payout", second.id, null, "2026-01-22"],
    ]);
    expect(await notices(second.id)).toEqual([
      ["contributionDue", "2026-01-09", "2026-01-07"],
      ["contributionDue", "2026-01-16", "2026-01-14"],
      ["contributionDue", "2026-01-23", null],
      ["payoutArrived", "2026-01-22", null],
    ]);
  }, 180_000);
});
