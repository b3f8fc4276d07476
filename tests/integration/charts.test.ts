/**
 * The charts read real money: a group run through its whole cycle on the sandbox clock (real sandbox bank, real
 * ledger), rendered by the pages' own loaders and components, empty (forming), mid-cycle and completed.
 */
import { describe, expect, it } from "vitest";
import { call, get } from "../support/routes";
import { renderRoute, textOf } from "../support/render";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });

const groupPage = await import("../../app/routes/groups.$groupId");
const groupsPage = await import("../../app/routes/groups");
const dashboard = await import("../../app/routes/dashboard");
const { advanceClock } = await import("../../app/server/money/cycle.server");
const { createGroup } = await import("../../app/server/groups/groups.server");
const { sessionJarFor } = await import("../support/users");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const { groups } = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");

async function page(userId: string, groupId: string) {
  const jar = await sessionJarFor(userId);
  const result = await call(groupPage.loader, get(`/groups/${groupId}`, jar), { groupId });
  expect(result.status).toBe(200);
  return {
    data: result.data,
    text: textOf(renderRoute(groupPage.default, `/groups/${groupId}`, result.data)),
    html: renderRoute(groupPage.default, `/groups/${groupId}`, result.data),
  };
}

describe("charts on a group's page and on the cards", () => {
  it("show an empty pool and a projected timeline for a forming group", async () => {
    const creator = await money.bankedMember("Creator");
    const created = await createGroup(creator, {
      name: "Forming Fund",
      memberCount: 4,
      contributionCents: 5_000,
      payoutOrder: "fixed",
      schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 15 },
      startOn: null,
      timeZone: "America/New_York",
      inviteeEmails: [],
    });
    if (!created.ok) throw new Error(created.error);
    const { data, text, html } = await page(creator.id, created.groupId);
    expect(data.pool).toBeNull();
    expect(text).toContain(
      "Pool balance Contributions fill the pool each period; each payout empties it. The pool starts with the group: no money moves until all 4 members have joined.",
    );
    expect(text).toContain("Payout timeline Projected: the dates if the group filled today.");
    expect(html).not.toContain('data-chart="pool-balance"');
    // Four turns, the creator's first.
    expect(html.match(/<li [^>]*data-status=/g)).toHaveLength(4);
    expect(text).toContain("Turn 1 You");

    const jar = await sessionJarFor(creator.id);
    const list = await call(groupsPage.loader, get("/groups", jar));
    expect(list.data.savings[created.groupId]).toEqual({
      paidInCents: 0,
      receivedCents: 0,
      cycleCents: 20_000,
      turns: 4,
      completedTurns: 0,
      yourTurn: 1,
    });
    const cards = textOf(renderRoute(groupsPage.default, "/groups", list.data));
    expect(cards).toContain("Paid in so far $0.00 of $200.00 Received $0.00 of $200.00 Your payout: turn 1 of 4 · 0 of 4 paid");
  });

  it("follow a cycle from its first payout to its completion, and the numbers add up", async () => {
    const now = new Date();
    const { group, members } = await money.startedGroup({ size: 3, now, balanceCents: 500_000 });
    const [admin, second] = [members[0]!, members[1]!];
    const advance = (days: number) => advanceClock({ id: admin.id, isAdmin: false }, group.id, { days }, now);

    // Before any money: the axis spans the cycle, nothing drawn.
    let view = await page(second.id, group.id);
    expect(view.data.pool).toMatchObject({ days: [], start: group.firstDueOn, end: group.lastDueOn, balanceCents: 0 });
    expect(view.text).toContain("No money has moved yet: the pool fills as contributions settle on each due day.");

    // The day the first payout arrives: the three contributions settled a bank day after the due day and were available
    // the next, when the first payout left; it settled a bank day later (the ACH calendar, ADR 040).
    const [current] = await db().select().from(groups).where(eq(groups.id, group.id));
    const { daysBetween, todayIn } = await import("../../app/domain/schedule");
    const { plannedDates } = await import("../../app/domain/payment-dates");
    const today = todayIn(current!.timeZone, now);
    expect(await advance(daysBetween(today, plannedDates(1, group.firstDueOn!).arrival!.day))).toMatchObject({ ok: true });
    view = await page(second.id, group.id);
    expect(view.text).toContain("The pool holds $0.00 now: $300.00 has come in and $300.00 has been paid out so far.");
    expect(view.text).toContain("Payout timeline 1 of 3 payouts made.");
    expect(view.html).toContain('data-chart="pool-balance"');
    expect(view.html).toMatch(/<li [^>]*data-status="completed"/);
    expect(view.html).toMatch(/<li [^>]*data-status="next"/);

    // On to the end of the cycle (advanceClock stops when the group completes).
    expect(await advance(40)).toMatchObject({ ok: true });
    const [done] = await db().select({ status: groups.status }).from(groups).where(eq(groups.id, group.id));
    expect(done!.status).toBe("completed");
    view = await page(second.id, group.id);
    expect(view.data.pool.totalInCents).toBe(90_000);
    expect(view.data.pool.totalOutCents).toBe(90_000);
    expect(view.data.pool.days.filter((day: { outCents: number }) => day.outCents > 0)).toHaveLength(3);
    expect(view.text).toContain("Cycle complete: $900.00 has come in and $900.00 has been paid out. The pool is back to $0.00.");
    expect(view.text).toContain("Payout timeline Every turn has been paid.");
    expect(view.html.match(/<li [^>]*data-status="completed"/g)).toHaveLength(3);
    // The numbers, as a table, under "Show the numbers".
    // Each period: its contributions come in the day they settle, its payout goes out the next (when they are available).
    expect(view.text).toMatch(
      /Show the numbers Pool balance by day Date Money in Paid out Pool balance .*\$300\.00 — \$300\.00 .*— \$300\.00 \$0\.00/,
    );

    // The member's card: paid in a whole cycle, received one payout, all turns done (on /groups; the dashboard
    // lists running groups only).
    const jar = await sessionJarFor(second.id);
    const list = await call(groupsPage.loader, get("/groups", jar));
    expect(list.data.savings[group.id]).toEqual({
      paidInCents: 30_000,
      receivedCents: 30_000,
      cycleCents: 30_000,
      turns: 3,
      completedTurns: 3,
      yourTurn: 2,
    });
    expect(textOf(renderRoute(groupsPage.default, "/groups", list.data))).toContain(
      "Paid in so far $300.00 of $300.00 Received $300.00 of $300.00 Your payout: turn 2 of 3 · 3 of 3 paid",
    );
    const home = await call(dashboard.loader, get("/dashboard", jar));
    expect(home.data.savings).toEqual({});
  });
});
