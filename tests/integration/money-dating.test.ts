/**
 * Regression for issue 12's root cause: a group whose processing lags its clock (a crash, an outage, or the crash
 * test's clock moves) while another group's run reads the bank's event stream.
 *
 * Group B's contributions settle at the bank, but B's run dies before it records them. B's clock moves on two days.
 * Group A's run then reads the event stream and records B's settlements, dated B's clock day (D+2). B's own run
 * catches up from D+1: it sees every contribution settled, pays out, and dates the payout D+1 — before the money it
 * spends. Read in date order (statements, ledger:verify), B's pool is negative on D+1.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const { verifyLedger } = await import("../../app/server/money/verify.server");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { addDays, daysBetween, todayIn } = await import("../../app/domain/schedule");
const { sandboxAvailableOn } = await import("../../app/domain/money");
const { and, eq, inArray, sql } = await import("drizzle-orm");

const CONTRIBUTION_CENTS = 10_000;

async function simulate(providerTransferId: string, eventType: "posted" | "settled") {
  const result = await plaidCall((api) => api.sandboxTransferSimulate({ transfer_id: providerTransferId, event_type: eventType }));
  if (!result.ok) throw new Error(`simulate ${eventType}: ${result.code}`);
}

describe("a lagging group's events read by another group's run", () => {
  it("never dates a payout before the contributions it spends; the pool is never negative in date order", async () => {
    const now = new Date();
    const today = todayIn("America/New_York", now);
    const dayOfWeek = new Date(`${today}T12:00:00Z`).getUTCDay();
    const make = () =>
      money.startedGroup({
        now: new Date(now.getTime() - 6 * 86_400_000),
        size: 3,
        balanceCents: 100_000,
        draft: { contributionCents: CONTRIBUTION_CENTS, schedule: { frequency: "weekly", dayOfWeek, dayOfMonth: null } },
      });
    // A sorts before B in id order, as processDueGroups walks them; here the test runs them in that order itself.
    const [first, second] = [await make(), await make()];
    const [a, b] = first.group.id < second.group.id ? [first, second] : [second, first];

    // Day D: both groups' debits are made and pending at the bank.
    expect((await cycle.processGroup(a.group.id, now)).status).toBe("processed");
    expect((await cycle.processGroup(b.group.id, now)).status).toBe("processed");

    // B's run on D+1 asked the bank to settle two of its contributions and died before recording them.
    const contributions = await db()
      .select()
      .from(schema.bankTransfers)
      .where(and(eq(schema.bankTransfers.groupId, b.group.id), eq(schema.bankTransfers.kind, "contribution")))
      .orderBy(schema.bankTransfers.userId);
    expect(contributions.map((t) => t.status)).toEqual(["pending", "pending", "pending"]);
    for (const transfer of contributions.slice(0, 2)) {
      await simulate(transfer.providerTransferId!, "posted");
      await simulate(transfer.providerTransferId!, "settled");
    }

    // Both clocks are now on the day D's debits are available (two bank days on, ADR 040); nobody has processed D+1 yet.
    const onward = daysBetween(today, sandboxAvailableOn(today));
    await db()
      .update(schema.groups)
      .set({ clockOffsetSeconds: sql`${schema.groups.clockOffsetSeconds} + ${onward * 86_400}` })
      .where(inArray(schema.groups.id, [a.group.id, b.group.id]));

    // A's run reads the event stream (B's two settlements among it), then B catches up.
    await cycle.processGroup(a.group.id, now);
    await cycle.processGroup(b.group.id, now);

    const postings = await db().select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.groupId, b.group.id));
    const sent = postings.find((p) => p.reason === "payout_sent");
    expect(sent, "B's payout was sent").toBeDefined();
    const contributed = postings.filter((p) => p.reason === "contribution");
    expect(contributed).toHaveLength(3);
    for (const posting of contributed)
      expect(posting.effectiveOn <= sent!.effectiveOn, `${posting.idempotencyKey} on ${posting.effectiveOn}, payout on ${sent!.effectiveOn}`).toBe(
        true,
      );
    expect(sent!.effectiveOn >= addDays(today, 1)).toBe(true);

    const verified = await verifyLedger();
    const failed = verified.checks.filter((check) => !check.ok);
    expect(failed, JSON.stringify(failed)).toEqual([]);
  });
});
