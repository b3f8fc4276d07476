/** The demo seed's groups: created through the services, with real bank links, once. */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const { seedDemoData } = await import("../../scripts/lib/seed");
const { seedDemoGroups, lastPaidDueDay, DEMO_ACTIVE_GROUP, DEMO_FORMING_GROUP } = await import("../../scripts/lib/seed-groups");
const { db } = await import("../../app/server/db/client.server");
const { groups, users, bankAccounts, groupInvitations } = await import("../../app/server/db/schema");
const { groupCardsFor, dashboardStats } = await import("../../app/server/groups/group-views.server");
const { eq, sql } = await import("drizzle-orm");
const { ledgerBalances } = await import("../support/money");

const NOW = new Date("2026-11-22T15:00:00Z"); // a Sunday

describe("seedDemoGroups", () => {
  it("seeds an active 3-member group with linked banks and a forming group, and is idempotent", async () => {
    await seedDemoData();
    expect(await seedDemoGroups(NOW)).toEqual({ created: 3 });
    const [demo] = await db().select().from(users).where(eq(users.email, "demo@rosca.example"));
    expect(demo!.hasBankAccount).toBe(true);
    const accounts = await db().select().from(bankAccounts).where(eq(bankAccounts.userId, demo!.id));
    expect(accounts.length).toBeGreaterThan(0);

    const cards = await groupCardsFor(demo!.id, NOW);
    const summary = cards.map((card) => [card.name, card.status, card.joinedCount, card.memberCount]);
    expect(summary.sort()).toEqual([
      [DEMO_ACTIVE_GROUP, "active", 3, 3],
      [DEMO_FORMING_GROUP, "forming", 1, 5],
    ]);
    // Started Sunday Nov 15, weekly on Tuesday (five days before the seed ran: the fewest for period 1's payout to have
    // arrived by then on the ACH calendar, ADR 040): Nov 17 (Amina's turn: settled Nov 18, available and paid out Nov
    // 19, in her account Nov 20), Nov 24 (the demo user's), Dec 1.
    expect(lastPaidDueDay("2026-11-22")).toBe("2026-11-17");
    // The demo user's payout is dated by its arrival (issue 45): due Nov 24, sent Friday Nov 27 (after Thanksgiving), in
    // their account Monday Nov 30.
    expect(dashboardStats(cards)).toEqual({ activeGroups: 1, nextContributionOn: "2026-11-24", nextPayoutCents: 30_000, nextPayoutOn: "2026-11-30" });
    const active = cards.find((card) => card.name === DEMO_ACTIVE_GROUP)!;
    expect(active.completedPeriods).toBe(1);
    expect(active.yourPosition).toBe(2);
    const balances = await ledgerBalances();
    expect(balances.get(`group_pool:${active.id}`)).toBe(0);
    expect(balances.get(`member_bank:${demo!.id}`)).toBe(-10_500);
    const [forming] = await db().select().from(groups).where(eq(groups.name, DEMO_FORMING_GROUP));
    const invitations = await db().select().from(groupInvitations).where(eq(groupInvitations.groupId, forming!.id));
    expect(invitations.map((i) => i.email).sort()).toEqual(["lena@rosca.example", "marcus@rosca.example"]);

    expect(await seedDemoGroups(NOW)).toEqual({ created: 0 });
    const rows = await db().select({ count: sql<number>`count(*)::int` }).from(groups);
    expect(rows[0]!.count).toBe(3);
  });
});
