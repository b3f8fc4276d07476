/**
 * Returns after the money moved on (issue 12, part 3): a payout returned after it settled goes back to the pool and is
 * sent again, once, on the retry policy; a contribution returned after its period's payout left is fronted by the
 * platform (the ledger says so), the member is late and retried, and the retry repays the platform first. Both also
 * after the group completed: the group reopens until it is settled up again.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const { verifyLedger } = await import("../../app/server/money/verify.server");
const { returnTransfer } = await import("../support/bank");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, eq } = await import("drizzle-orm");

// Tuesday 2026-01-06, noon in New York. Weekly on Friday: due Jan 9, 16, 23.
const NOW = new Date("2026-01-06T17:00:00Z");

async function simulate(providerTransferId: string, eventType: "returned", achReturnCode: string) {
  const result = await returnTransfer(providerTransferId, achReturnCode);
  if (!result.ok) throw new Error(`simulate ${eventType}: ${result.code}`);
}

async function reasonsOf(transferId: string) {
  const rows = await db()
    .select({ reason: schema.ledgerTransfers.reason, amountCents: schema.ledgerTransfers.amountCents })
    .from(schema.ledgerTransfers)
    .where(eq(schema.ledgerTransfers.bankTransferId, transferId));
  return rows.map((r) => [r.reason, r.amountCents]).sort();
}

async function groupRow(groupId: string) {
  const [row] = await db().select().from(schema.groups).where(eq(schema.groups.id, groupId));
  return row!;
}

async function periodStatus(groupId: string, periodNumber: number) {
  const [row] = await db()
    .select({ status: schema.groupPeriods.status })
    .from(schema.groupPeriods)
    .where(and(eq(schema.groupPeriods.groupId, groupId), eq(schema.groupPeriods.periodNumber, periodNumber)));
  return row!.status;
}

async function expectVerified() {
  const verified = await verifyLedger();
  const failed = verified.checks.filter((check) => !check.ok);
  expect(failed, JSON.stringify(failed)).toEqual([]);
}

describe("returns after the money moved on", () => {
  it("a payout returned after it settled goes back to the pool, reopens its period and is sent again once, 3 days later", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    // Through Wednesday Jan 14 (the ACH calendar, ADR 040): period 1's contributions settled Monday 12 and were available
    // Tuesday 13, when its payout was sent; it settled Wednesday 14.
    await cycle.advanceClock(admin, group.id, { days: 8 }, NOW);
    const [payout] = await money.transfersOf(group.id, { kind: "payout" });
    expect(payout).toMatchObject({ periodNumber: 1, attempt: 1, status: "settled", userId: members[0]!.id, initiatedOn: "2026-01-13" });
    expect(await periodStatus(group.id, 1)).toBe("completed");

    // The recipient's bank sends it back (R03: no account): that account can't be used any more.
    await simulate(payout!.providerTransferId!, "returned", "R03");
    await cycle.syncBankEvents(NOW);
    expect(await money.transfersOf(group.id, { kind: "payout" })).toMatchObject([
      { attempt: 1, status: "returned", failureCode: "R03", statusOn: "2026-01-14" },
    ]);
    const [flagged] = await db().select().from(schema.bankAccounts).where(eq(schema.bankAccounts.id, payout!.bankAccountId!));
    expect(flagged).toMatchObject({ userId: members[0]!.id, unusableCode: "R03" });
    expect(await reasonsOf(payout!.id)).toEqual([
      ["payout_reversal", 30_000],
      ["payout_sent", 30_000],
      ["payout_settled", 30_000],
    ]);
    let balances = await money.ledgerBalances();
    expect(balances.get(`group_pool:${group.id}`)).toBe(30_000);
    expect(balances.get(`member_bank:${members[0]!.id}`)).toBe(-10_500);
    expect(await periodStatus(group.id, 1)).toBe("pending");
    await expectVerified();

    // Not before the retry is due (the return was on Jan 14; retries come 3 days later on a bank business day: Saturday
    // Jan 17 moves to Tuesday Jan 20, after Martin Luther King Jr. Day); then it goes to the recipient's other account
    // (their savings: the checking account can't be used) and settles Wednesday Jan 21.
    await cycle.advanceClock(admin, group.id, { days: 2 }, NOW);
    expect(await money.transfersOf(group.id, { kind: "payout" })).toHaveLength(1);
    await cycle.advanceClock(admin, group.id, { days: 5 }, NOW);
    const payouts = await money.transfersOf(group.id, { kind: "payout", periodNumber: 1 });
    expect(payouts.map((p) => [p.periodNumber, p.attempt, p.status, p.initiatedOn])).toEqual([
      [1, 1, "returned", "2026-01-13"],
      [1, 2, "settled", "2026-01-20"],
    ]);
    const [savings] = await db().select().from(schema.bankAccounts).where(eq(schema.bankAccounts.id, payouts[1]!.bankAccountId!));
    expect(savings).toMatchObject({ userId: members[0]!.id, subtype: "savings", unusableCode: null });
    expect(await reasonsOf(payouts[1]!.id)).toEqual([
      ["payout_sent", 30_000],
      ["payout_settled", 30_000],
    ]);
    expect(await periodStatus(group.id, 1)).toBe("completed");
    balances = await money.ledgerBalances();
    // Period 2's contributions (due Friday 16, settled Tuesday 20) were available today, and its payout has left the
    // pool; the recipient has paid two contributions and the fee, and has their payout.
    expect(balances.get(`group_pool:${group.id}`)).toBe(0);
    expect(balances.get(`member_bank:${members[0]!.id}`)).toBe(30_000 - 20_500);

    // And only once: the rest of the cycle adds no third attempt.
    await cycle.advanceClock(admin, group.id, { days: 30 }, NOW);
    expect((await groupRow(group.id)).status).toBe("completed");
    expect((await money.transfersOf(group.id, { kind: "payout", periodNumber: 1 })).map((p) => p.attempt)).toEqual([1, 2]);
    balances = await money.ledgerBalances();
    for (const member of members) expect(balances.get(`member_bank:${member.id}`)).toBe(-500);
    await expectVerified();
  }, 180_000);

  it("after the group completed: a returned contribution and a returned payout reopen it until it is settled up again", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    await cycle.advanceClock(admin, group.id, { days: 30 }, NOW);
    expect((await groupRow(group.id)).status).toBe("completed");

    // Weeks late, member 2's last contribution comes back (R01, unauthorized), and so does the last payout.
    const [contribution] = await money.transfersOf(group.id, { kind: "contribution", periodNumber: 3, userId: members[1]!.id });
    const [payout] = await money.transfersOf(group.id, { kind: "payout", periodNumber: 3 });
    await simulate(contribution!.providerTransferId!, "returned", "R01");
    await cycle.syncBankEvents(NOW);
    // The pool had paid out: the platform fronts the member's refund, and the statement says so.
    expect(await reasonsOf(contribution!.id)).toEqual([
      ["contribution", 10_000],
      ["shortfall_cover", 10_000],
    ]);
    let balances = await money.ledgerBalances();
    expect(balances.get(`group_pool:${group.id}`)).toBe(0);
    expect(balances.get(`group_shortfall:${group.id}`)).toBe(-10_000);
    expect((await groupRow(group.id)).status).toBe("active");
    await simulate(payout!.providerTransferId!, "returned", "R03");
    await cycle.syncBankEvents(NOW);
    expect(await periodStatus(group.id, 3)).toBe("pending");
    // Its account is gone (R03): the recipient's other account (their savings) takes the payout again.
    balances = await money.ledgerBalances();
    expect(balances.get(`group_pool:${group.id}`)).toBe(30_000);
    await expectVerified();
    // The member is late on period 3.
    const state = await cycle.cycleState(await groupRow(group.id));
    const { lateMembers } = await import("../../app/domain/money");
    expect(lateMembers(state, "2026-02-05")).toEqual([{ periodNumber: 3, userId: members[1]!.id, attempts: 1 }]);

    // The retry of the contribution repays the platform; then the payout goes out again, and the group completes.
    await cycle.advanceClock(admin, group.id, { days: 10 }, NOW);
    const retried = await money.transfersOf(group.id, { kind: "contribution", periodNumber: 3, userId: members[1]!.id });
    expect(retried.map((t) => [t.attempt, t.status])).toEqual([
      [1, "returned"],
      [2, "funds_available"],
    ]);
    expect(await reasonsOf(retried[1]!.id)).toEqual([["shortfall_repaid", 10_000]]);
    const payouts = await money.transfersOf(group.id, { kind: "payout", periodNumber: 3 });
    expect(payouts.map((p) => [p.attempt, p.status])).toEqual([
      [1, "returned"],
      [2, expect.stringMatching(/^(settled|funds_available)$/)],
    ]);
    expect((await groupRow(group.id)).status).toBe("completed");
    balances = await money.ledgerBalances();
    expect(balances.get(`group_pool:${group.id}`)).toBe(0);
    expect(balances.get(`group_shortfall:${group.id}`)).toBe(0);
    for (const member of members) expect(balances.get(`member_bank:${member.id}`)).toBe(-500);
    await expectVerified();
  }, 180_000);
});
