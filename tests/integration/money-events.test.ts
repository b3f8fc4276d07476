/**
 * Bank events: duplicates, out-of-order delivery and a return after settlement are each applied once, and a status
 * never moves backwards.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const scheduler = await import("../../app/server/money/scheduler.server");
const transfers = await import("../../app/server/money/transfers.server");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { returnTransfer } = await import("../support/bank");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, eq, sql } = await import("drizzle-orm");

// Tuesday 2026-01-06; weekly on Friday: contributions due Jan 9.
const NOW = new Date("2026-01-06T17:00:00Z");

async function postingsOf(transferId: string) {
  return db().select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.bankTransferId, transferId));
}

/** The member's (first) contribution debit in the group. */
async function contributionOf(groupId: string, userId: string) {
  const [row] = await db()
    .select()
    .from(schema.bankTransfers)
    .where(and(eq(schema.bankTransfers.groupId, groupId), eq(schema.bankTransfers.kind, "contribution"), eq(schema.bankTransfers.userId, userId)));
  return row;
}

async function reload(transferId: string) {
  const [row] = await db().select().from(schema.bankTransfers).where(eq(schema.bankTransfers.id, transferId));
  return row!;
}

async function simulate(transferId: string, eventType: string, achReturnCode?: string) {
  if (eventType === "returned") {
    const returned = await returnTransfer(transferId, achReturnCode);
    if (!returned.ok) throw new Error(`return: ${returned.code}`);
    return;
  }
  const result = await plaidCall((api) =>
    api.sandboxTransferSimulate({
      transfer_id: transferId,
      event_type: eventType,
      ...(achReturnCode ? { failure_reason: { ach_return_code: achReturnCode } } : {}),
    }),
  );
  if (!result.ok) throw new Error(`simulate ${eventType}: ${result.code}`);
}

describe("bank events", () => {
  it("applies duplicates once, ignores a stale event, and reverses a return after settlement once", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    // To Jan 9, the due day: the debits are made and pending at the bank.
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW);
    const contribution = await contributionOf(group.id, members[1]!.id);
    expect(contribution).toMatchObject({ status: "pending", attempt: 1 });

    // The bank posts and settles it; our event reader runs three times over the same events (webhook + polls).
    await simulate(contribution!.providerTransferId!, "posted");
    await simulate(contribution!.providerTransferId!, "settled");
    await Promise.all([cycle.syncBankEvents(NOW), cycle.syncBankEvents(NOW), cycle.syncBankEvents(NOW)]);
    expect((await reload(contribution!.id)).status).toBe("settled");
    expect((await postingsOf(contribution!.id)).map((p) => [p.reason, p.amountCents])).toEqual([["contribution", 10_000]]);

    // A late, stale event ("posted" again, delivered out of order) changes nothing.
    expect(await transfers.applyStatus(contribution!.id, "posted", "2026-01-09")).toBe(false);
    expect(await transfers.applyStatus(contribution!.id, "pending", "2026-01-09")).toBe(false);
    expect((await reload(contribution!.id)).status).toBe("settled");

    // Days later the debit is returned (R01): one reversal, however many times the events are read.
    await simulate(contribution!.providerTransferId!, "returned", "R01");
    await cycle.syncBankEvents(NOW);
    await cycle.syncBankEvents(NOW);
    const returned = await reload(contribution!.id);
    expect(returned).toMatchObject({ status: "returned", failureCode: "R01" });
    expect((await postingsOf(contribution!.id)).map((p) => [p.reason, p.amountCents]).sort()).toEqual([
      ["contribution", 10_000],
      ["contribution_reversal", 10_000],
    ]);
    // Final: nothing moves it on again.
    expect(await transfers.applyStatus(contribution!.id, "settled", "2026-01-10")).toBe(false);
    expect(await transfers.applyStatus(contribution!.id, "funds_available", "2026-01-10")).toBe(false);

    const balances = await money.ledgerBalances();
    expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
    expect(balances.get(`member_bank:${members[1]!.id}`) ?? 0).toBe(0);
  }, 120_000);

  it("posted, settled and returned read in one sync move a pending debit through each status: settled, then reversed", async () => {
    // Found by the property test (seed 950752508): applied as one write, pending → returned was refused by the
    // status trigger, and the group failed every run until parked.
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 3 }, NOW);
    const debit = await contributionOf(group.id, members[2]!.id);
    expect(debit).toMatchObject({ status: "pending" });
    await simulate(debit!.providerTransferId!, "posted");
    await simulate(debit!.providerTransferId!, "settled");
    await simulate(debit!.providerTransferId!, "returned", "R01");
    await cycle.syncBankEvents(NOW);
    expect(await reload(debit!.id)).toMatchObject({ status: "returned", failureCode: "R01" });
    expect((await postingsOf(debit!.id)).map((p) => [p.reason, p.amountCents]).sort()).toEqual([
      ["contribution", 10_000],
      ["contribution_reversal", 10_000],
    ]);
    const [after] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
    expect(after).toMatchObject({ moneyFailures: 0, moneyParkedAt: null });
  });

  it("a settlement the bank made that we did not record, then a return: the sandbox settler leaves both to the event stream, in order", async () => {
    // Found by the property test (500 histories, CI): the settler's simulation was refused (the bank had settled it — a
    // lost answer or a crash after the simulation — and then returned it), so it recorded where the bank stood now,
    // posted → returned, skipping the settlement: no contribution posting, no reversal, and the ledger's history
    // disagreed with the bank's ("settled at the bank without its contribution posting").
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW);
    const debit = await contributionOf(group.id, members[2]!.id);
    await simulate(debit!.providerTransferId!, "posted");
    await cycle.syncBankEvents(NOW);
    expect(await reload(debit!.id)).toMatchObject({ status: "posted" });
    await simulate(debit!.providerTransferId!, "settled");
    await simulate(debit!.providerTransferId!, "returned", "R01");
    // Jan 10: the settler tries to settle it (refused: the bank has moved on), then the sync reads what happened.
    await cycle.advanceClock(admin, group.id, { days: 1 }, NOW);
    expect(await reload(debit!.id)).toMatchObject({ status: "returned", failureCode: "R01" });
    expect((await postingsOf(debit!.id)).map((p) => [p.reason, p.amountCents]).sort()).toEqual([
      ["contribution", 10_000],
      ["contribution_reversal", 10_000],
    ]);
    const { verifyLedger } = await import("../../app/server/money/verify.server");
    const agrees = (await verifyLedger()).checks.find((check) => check.name === "the ledger agrees with the bank")!;
    expect(agrees.ok, agrees.detail).toBe(true);
  });

  it("contributions that settle after the day ran, applied by another reader of the event stream: the payout still goes out that day", async () => {
    // Found by the race suite (4 workers): the bank had settled the contributions already (a first run of the day that
    // failed after the settler's calls), so the day's retry left them to the event stream; but another worker held the
    // stream, so its own read was skipped. It saw the contributions still pending, made no payout and recorded the
    // day. The other worker then applied the settlements, and with nothing in flight and the day recorded, the group
    // was not due again until the next day: the payout slipped a day.
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW);
    const debits = await db()
      .select()
      .from(schema.bankTransfers)
      .where(and(eq(schema.bankTransfers.groupId, group.id), eq(schema.bankTransfers.kind, "contribution")));
    for (const debit of debits) {
      await simulate(debit.providerTransferId!, "posted");
      await simulate(debit.providerTransferId!, "settled");
      await simulate(debit.providerTransferId!, "funds_available");
    }
    const payouts = () =>
      db()
        .select({ initiatedOn: schema.bankTransfers.initiatedOn })
        .from(schema.bankTransfers)
        .where(and(eq(schema.bankTransfers.groupId, group.id), eq(schema.bankTransfers.kind, "payout")));

    // Another reader holds the event stream (its cursor row) while the group's Jan 10 runs.
    const { getPool } = await import("../../app/server/db/client.server");
    const other = await getPool().connect();
    try {
      await other.query("begin");
      await other.query("select * from bank_event_cursor where id = 1 for update");
      await cycle.advanceClock(admin, group.id, { days: 1 }, NOW);
      // The settler finds them settled at the bank already and leaves them to the stream, which it cannot read: no payout.
      expect(await payouts()).toEqual([]);
      const [ran] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
      expect(ran!.processedThrough).toBe("2026-01-10");
      await other.query("commit");
    } finally {
      other.release();
    }
    // The other reader (a webhook, another worker) applies the settlements...
    await cycle.syncBankEvents(NOW);
    const settled = await db()
      .select({ status: schema.bankTransfers.status })
      .from(schema.bankTransfers)
      .where(and(eq(schema.bankTransfers.groupId, group.id), eq(schema.bankTransfers.kind, "contribution")));
    expect(settled.map((row) => row.status)).toEqual(members.map(() => "funds_available"));
    // ...and the next tick runs the group again: it has news its day run had not seen. The payout goes out on Jan 10.
    await scheduler.processDueGroups(NOW);
    expect(await payouts()).toEqual([{ initiatedOn: "2026-01-10" }]);
    const [after] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
    // Seen now (the payout in flight keeps it due each tick, as any group with money at the bank).
    expect(after!.bankChanges).toBeGreaterThan(0);
    expect(after!.bankChangesSeen).toBe(after!.bankChanges);
  }, 120_000);

  it("an event read while the group is behind takes effect on the first day it has still to run, so its catch-up pays out on time", async () => {
    // Found by the crash suite: a killed worker left the group's Jan 11 unrun and held its lock; a reader of the event
    // stream (the worker's poll, a webhook) applied the bank's funds_available on the group's clock today (Jan 12), so
    // the catch-up of Jan 11 saw the money as not yet available and the payout slipped a day.
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    await cycle.advanceClock(admin, group.id, { days: 6 }, NOW); // Monday Jan 12: the debits were made Friday Jan 9, settled today
    const debits = await db()
      .select()
      .from(schema.bankTransfers)
      .where(and(eq(schema.bankTransfers.groupId, group.id), eq(schema.bankTransfers.kind, "contribution")));
    expect(debits.map((debit) => debit.status)).toEqual(members.map(() => "settled"));
    // The group's clock moves two days on while nothing runs it (processed through Jan 12, its today Jan 14).
    await db()
      .update(schema.groups)
      .set({ clockOffsetSeconds: sql`${schema.groups.clockOffsetSeconds} + 2 * 86400` })
      .where(eq(schema.groups.id, group.id));
    for (const debit of debits) await simulate(debit.providerTransferId!, "funds_available");
    await cycle.syncBankEvents(NOW);
    const available = await db()
      .select({ status: schema.bankTransfers.status, statusOn: schema.bankTransfers.statusOn })
      .from(schema.bankTransfers)
      .where(and(eq(schema.bankTransfers.groupId, group.id), eq(schema.bankTransfers.kind, "contribution")));
    expect(available).toEqual(members.map(() => ({ status: "funds_available", statusOn: "2026-01-13" })));
    // The catch-up runs Jan 13, then Jan 14: the payout goes on Jan 13 and has arrived by Jan 14.
    await scheduler.processDueGroups(NOW);
    const [payout] = await db()
      .select()
      .from(schema.bankTransfers)
      .where(and(eq(schema.bankTransfers.groupId, group.id), eq(schema.bankTransfers.kind, "payout")));
    expect(payout).toMatchObject({ initiatedOn: "2026-01-13", status: "settled", statusOn: "2026-01-14" });
  }, 120_000);

  it("a return after the payout left is covered by the platform, never by a negative pool, and repaid by the next settled contribution", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    // Through Wednesday Jan 14: contributions settled Monday 12, available 13, when the payout was sent; it settled 14.
    await cycle.advanceClock(admin, group.id, { days: 8 }, NOW);
    const [late] = await db()
      .select()
      .from(schema.bankTransfers)
      .where(
        and(
          eq(schema.bankTransfers.groupId, group.id),
          eq(schema.bankTransfers.kind, "contribution"),
          eq(schema.bankTransfers.userId, members[2]!.id),
        ),
      );
    await simulate(late!.providerTransferId!, "returned", "R01");
    await cycle.syncBankEvents(NOW);
    let balances = await money.ledgerBalances();
    expect(balances.get(`group_pool:${group.id}`)).toBe(0);
    expect(balances.get(`group_shortfall:${group.id}`)).toBe(-10_000);
    expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);

    // The retry comes on the first bank day at least 3 days after the return (issue 44): not Saturday Jan 17 nor Monday
    // 19 (Martin Luther King Jr. Day) but Tuesday Jan 20. The next contribution to settle repays the platform first:
    // period 2's (due Friday 16), which settle on Tuesday 20, before the retry (it settles on Wednesday 21).
    await cycle.advanceClock(admin, group.id, { days: 6 }, NOW);
    const retry = await db()
      .select()
      .from(schema.bankTransfers)
      .where(and(eq(schema.bankTransfers.groupId, group.id), eq(schema.bankTransfers.userId, members[2]!.id), eq(schema.bankTransfers.attempt, 2)));
    expect(retry).toMatchObject([{ kind: "contribution", periodNumber: 1, initiatedOn: "2026-01-20", status: "pending" }]);
    balances = await money.ledgerBalances();
    expect(balances.get(`group_shortfall:${group.id}`)).toBe(0);
    expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
    const repaid = await db()
      .select()
      .from(schema.ledgerTransfers)
      .where(and(eq(schema.ledgerTransfers.groupId, group.id), eq(schema.ledgerTransfers.reason, "shortfall_repaid")));
    expect(repaid.map((p) => [p.effectiveOn, p.periodNumber, p.amountCents])).toEqual([["2026-01-20", 2, 10_000]]);
  }, 120_000);

  it("a member of an active group cannot unlink their only bank connection", async () => {
    const { members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const { unlinkItem } = await import("../../app/server/bank/bank.server");
    const [item] = await db().select().from(schema.bankItems).where(eq(schema.bankItems.userId, members[1]!.id));
    const result = await unlinkItem(members[1]!.id, item!.id, { fundsActiveGroup: (id) => transfers.itemFundsActiveGroup(members[1]!.id, id) });
    expect(result).toEqual({
      ok: false,
      code: "funds_active_group",
      message: "This bank account pays into an active group. Link another account for that group before removing it.",
    });
    const outsider = await money.bankedMember("Outsider");
    const [own] = await db().select().from(schema.bankItems).where(eq(schema.bankItems.userId, outsider.id));
    expect(await transfers.itemFundsActiveGroup(outsider.id, own!.id)).toBe(false);
  });
});
