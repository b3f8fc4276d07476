/**
 * A whole cycle through the sandbox clock against the sandbox bank: reminders, debits, settlement, payouts, the fee,
 * a declined debit and its retry, and the ledger's invariants.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const { statementFor } = await import("../../app/server/money/ledger.server");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { asc, eq, sql } = await import("drizzle-orm");

// Tuesday 2026-01-06, noon in New York. Weekly on Friday: due Jan 9, 16, 23.
const NOW = new Date("2026-01-06T17:00:00Z");

async function transfersOf(groupId: string) {
  return db()
    .select()
    .from(schema.bankTransfers)
    .where(eq(schema.bankTransfers.groupId, groupId))
    .orderBy(
      asc(schema.bankTransfers.periodNumber),
      asc(schema.bankTransfers.kind),
      asc(schema.bankTransfers.attempt),
      asc(schema.bankTransfers.userId),
    );
}

describe("a 3-member weekly cycle", () => {
  it("runs to completion: everyone pays 3 x $100 + the $5 fee, everyone receives $300, the pool ends at zero", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    expect(group.firstDueOn).toBe("2026-01-09");

    const result = await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 30 }, NOW);
    expect(result).toMatchObject({ ok: true });
    const [after] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
    expect(after!.status).toBe("completed");

    const transfers = await transfersOf(group.id);
    expect(transfers.filter((t) => t.kind === "contribution")).toHaveLength(9);
    expect(transfers.filter((t) => t.kind === "payout")).toHaveLength(3);
    expect(transfers.filter((t) => t.kind === "fee")).toHaveLength(3);
    // Every debit has reached the platform's available balance; every payout has settled in its recipient's account
    // (settled is where a credit ends: funds_available is for debits only).
    expect(transfers.filter((t) => t.status !== "funds_available").map((t) => [t.kind, t.periodNumber, t.status])).toEqual([
      ["payout", 1, "settled"],
      ["payout", 2, "settled"],
      ["payout", 3, "settled"],
    ]);

    const balances = await money.ledgerBalances();
    for (const member of members) {
      // Paid in 300 + 5, received 300: the member's bank account is 5 down.
      expect(balances.get(`member_bank:${member.id}`)).toBe(-500);
      expect(await money.sandboxBalance(member.id)).toBe(100_000 - 500);
    }
    expect(balances.get(`group_pool:${group.id}`)).toBe(0);
    expect(balances.get("platform_fees")).toBe(1500);
    expect(balances.get("payouts_in_transit")).toBe(0);
    expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);

    const periods = await db()
      .select()
      .from(schema.groupPeriods)
      .where(eq(schema.groupPeriods.groupId, group.id))
      .orderBy(asc(schema.groupPeriods.periodNumber));
    // On the ACH calendar (ADR 040): due Friday; debited that day, settled Monday, available Tuesday, when the payout
    // goes; it settles Wednesday. Period 2 goes over Martin Luther King Jr. Day (Monday January 19): settled Tuesday 20,
    // available Wednesday 21, arrived Thursday 22.
    expect(periods.map((p) => [p.status, p.completedOn])).toEqual([
      ["completed", "2026-01-14"],
      ["completed", "2026-01-22"],
      ["completed", "2026-01-28"],
    ]);
    const reminders = await db().select().from(schema.groupReminders).where(eq(schema.groupReminders.groupId, group.id));
    expect(reminders).toHaveLength(9);

    const statement = await statementFor(group.id);
    expect(statement.at(-1)!.poolBalanceCents).toBe(0);
    expect(statement.filter((row) => row.kind === "Payout sent").map((row) => row.poolChangeCents)).toEqual([-30_000, -30_000, -30_000]);
    expect(Math.min(...statement.map((row) => row.poolBalanceCents))).toBeGreaterThanOrEqual(0);
  }, 120_000);

  it("a declined debit (insufficient funds) makes the member late, is retried 3 days later, and the payout waits", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const late = members[2]!;
    await money.setSandboxBalance(late.id, 5_000);
    const admin = { id: members[0]!.id, isAdmin: false };
    // To the first due day (Jan 9): the late member's $100 is declined ($50 available), and no fee is taken from them.
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW);
    let transfers = await transfersOf(group.id);
    const declined = transfers.find((t) => t.kind === "contribution" && t.userId === late.id)!;
    expect(declined).toMatchObject({ status: "declined", attempt: 1, failureCode: "NSF", statusOn: "2026-01-09" });
    // The setup fee is taken with a member's first contribution that goes through (ADR 040): nobody's yet.
    expect(transfers.filter((t) => t.kind === "fee")).toEqual([]);
    const bell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, late.id));
    expect(bell.filter((n) => n.title === `Your contribution to ${group.name} did not go through`).map((n) => n.body)).toEqual([
      "Your bank account did not have enough money available for this payment, so it was not attempted. Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Plaid Checking ••0000 again on Monday, January 12, 2026. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.",
    ]);
    const adminBell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, members[0]!.id));
    expect(adminBell.map((n) => n.title)).toContain(`${late.name}'s contribution to ${group.name} is late`);

    // Two days on: others settled, but no payout (the pool is short).
    await cycle.advanceClock(admin, group.id, { days: 2 }, NOW);
    transfers = await transfersOf(group.id);
    expect(transfers.filter((t) => t.kind === "payout")).toEqual([]);

    // The member tops up; the retry goes on Jan 12 (3 days after the decline), settles Jan 13; its money is available
    // on Jan 14, and the payout follows that day (not before: the Ledger pays only from available money).
    await money.setSandboxBalance(late.id, 100_000);
    await cycle.advanceClock(admin, group.id, { days: 2 }, NOW);
    transfers = await transfersOf(group.id);
    expect(transfers.find((t) => t.kind === "contribution" && t.userId === late.id && t.attempt === 2)).toMatchObject({
      initiatedOn: "2026-01-12",
      status: "settled",
    });
    expect(transfers.filter((t) => t.kind === "payout")).toEqual([]);
    await cycle.advanceClock(admin, group.id, { days: 1 }, NOW);
    transfers = await transfersOf(group.id);
    expect(transfers.filter((t) => t.kind === "payout").map((t) => [t.periodNumber, t.initiatedOn])).toEqual([[1, "2026-01-14"]]);
    // The others' fees went with their contributions' settlement (Monday 12); the late member's with the retry's (13).
    expect(
      transfers
        .filter((t) => t.kind === "fee")
        .map((t) => [members.findIndex((m) => m.id === t.userId), t.attempt, t.initiatedOn])
        .sort(),
    ).toEqual([
      [0, 1, "2026-01-12"],
      [1, 1, "2026-01-12"],
      [2, 1, "2026-01-13"],
    ]);
    const balances = await money.ledgerBalances();
    expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
  }, 120_000);

  it("advancing 12 periods in one step and in 12 steps yields identical ledgers", async () => {
    const draft = { schedule: { frequency: "daily" as const, dayOfWeek: null, dayOfMonth: null } };
    const one = await money.startedGroup({ now: NOW, size: 12, draft, balanceCents: 1_000_000 });
    const many = await money.startedGroup({ now: NOW, size: 12, draft, balanceCents: 1_000_000 });
    // Daily from Wednesday January 7: the last period is due Sunday the 18th, enters the network after Martin Luther King
    // Jr. Day, and its payout arrives Friday the 23rd, 17 days on.
    await cycle.advanceClock({ id: one.members[0]!.id, isAdmin: false }, one.group.id, { days: 17 }, NOW);
    for (let i = 0; i < 17; i++) await cycle.advanceClock({ id: many.members[0]!.id, isAdmin: false }, many.group.id, { days: 1 }, NOW);

    async function shape(groupId: string, memberIds: string[]) {
      const rows = await db()
        .select({ posting: schema.ledgerTransfers, transfer: schema.bankTransfers })
        .from(schema.ledgerTransfers)
        .innerJoin(schema.bankTransfers, eq(schema.bankTransfers.id, schema.ledgerTransfers.bankTransferId))
        .where(eq(schema.ledgerTransfers.groupId, groupId));
      return rows
        .map(({ posting, transfer }) =>
          [
            posting.effectiveOn,
            posting.reason,
            posting.amountCents,
            posting.periodNumber,
            transfer.kind,
            transfer.attempt,
            memberIds.indexOf(transfer.userId),
          ].join("|"),
        )
        .sort();
    }
    const a = await shape(
      one.group.id,
      one.members.map((m) => m.id),
    );
    const b = await shape(
      many.group.id,
      many.members.map((m) => m.id),
    );
    expect(a.length).toBeGreaterThan(12 * 12);
    expect(a).toEqual(b);
    const [g1] = await db().select().from(schema.groups).where(eq(schema.groups.id, one.group.id));
    const [g2] = await db().select().from(schema.groups).where(eq(schema.groups.id, many.group.id));
    expect([g1!.status, g2!.status]).toEqual(["completed", "completed"]);
  }, 240_000);

  it("only the group admin or a platform admin may move the clock; never for a non-member", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    expect(await cycle.advanceClock({ id: members[1]!.id, isAdmin: false }, group.id, { days: 1 }, NOW)).toEqual({
      ok: false,
      status: 403,
      error: "Only the group admin can move the sandbox clock.",
    });
    const stranger = await money.bankedMember();
    expect(await cycle.advanceClock({ id: stranger.id, isAdmin: false }, group.id, { days: 1 }, NOW)).toEqual({
      ok: false,
      status: 404,
      error: "Group Not Found",
    });
    expect(await cycle.advanceClock({ id: stranger.id, isAdmin: true }, group.id, { days: 1 }, NOW)).toMatchObject({ ok: true, days: 1 });
    const rows = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.bankTransfers)
      .where(eq(schema.bankTransfers.groupId, group.id));
    expect(rows[0]!.count).toBe(0);
  });
});
