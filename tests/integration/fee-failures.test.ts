/**
 * A setup fee that does not go through (found by an exploratory pass: a member's fee was declined three times and the
 * group completed without a word to her). The fee is debited once a contribution of the member's has gone through
 * (ADR 040) and retried like one (ADR 008); it is the platform's, so no payout waits for it. Now the member is told
 * each time, in her language: what the bank did, and the next attempt's day and account, or that nothing more is
 * debited for it. Real PostgreSQL and the sandbox bank; the groups' clocks read Tuesday January 6, 2026; weekly on Friday.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const { advanceClock } = await import("../../app/server/money/cycle.server");
const { noticeText } = await import("../../app/server/notifications/notice-text");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, asc, eq } = await import("drizzle-orm");

const NOW = new Date("2026-01-06T17:00:00Z");

async function feeNotices(userId: string) {
  return db()
    .select({ message: schema.notifications.message, values: schema.notifications.values })
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, userId), eq(schema.notifications.message, "feeFailed")))
    .orderBy(asc(schema.notifications.createdAt));
}

describe("a setup fee that does not go through", () => {
  it("tells the member what the bank did and when it is tried again, in her language; once it goes through, nothing more", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const lena = members[2]!;
    // Exactly her $100 contribution: it goes through on Friday January 9; the fee, debited once it settles (Monday 12),
    // finds the account empty (the sandbox bank declines it: RISK).
    await money.setSandboxBalance(lena.id, 10_000);
    await advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 6 }, NOW);
    const fees = await money.transfersOf(group.id, { kind: "fee", userId: lena.id });
    expect(fees.map((fee) => [fee.attempt, fee.status, fee.failureCode, fee.statusOn])).toEqual([[1, "declined", "RISK", "2026-01-12"]]);

    const notices = await feeNotices(lena.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.values).toMatchObject({
      groupName: group.name,
      amountCents: 500,
      retries: "yes",
      attempt: 1,
      attempts: 3,
      nextAttemptOn: "2026-01-15",
    });
    expect(noticeText({ message: "feeFailed", values: notices[0]!.values as Record<string, string | number> })).toEqual({
      title: `Your $5.00 setup fee for ${group.name} did not go through`,
      body: "Your bank account could not be used for this payment right now, so it was not attempted. Adding money to the account or linking another one usually helps. Attempt 1 of 3: we'll try $5.00 from First Platypus Bank Plaid Checking ••0000 again on Thursday, January 15, 2026; please make sure the funds are available. The setup fee goes to Rosca, not to the group: your contributions, your turn and the group's payouts are not affected.",
    });
    expect(noticeText({ message: "feeFailed", values: notices[0]!.values as Record<string, string | number> }, "es-US")).toEqual({
      title: `Su tarifa de inicio de $5.00 para ${group.name} no se completó`,
      body: expect.stringMatching(
        /Intento 1 de 3: volveremos a intentar cargar \$5\.00 a First Platypus Bank Plaid Checking ••0000 el jueves, 15 de enero de 2026; asegúrese de tener los fondos disponibles\. La tarifa de inicio es para Rosca, no para la tanda: sus aportes, su turno y los pagos del pozo de la tanda no se ven afectados\.$/,
      ),
    });
    // Nobody else hears of it: the fee is not the group's.
    expect(await feeNotices(members[0]!.id)).toEqual([]);

    // She tops up; the retry on Thursday 15 goes through, and nothing more is said about the fee.
    await money.setSandboxBalance(lena.id, 100_000);
    await advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 4 }, NOW);
    const after = await money.transfersOf(group.id, { kind: "fee", userId: lena.id });
    expect(after.map((fee) => [fee.attempt, fee.status === "declined" ? "declined" : "went through", fee.initiatedOn])).toEqual([
      [1, "declined", "2026-01-12"],
      [2, "went through", "2026-01-15"],
    ]);
    expect(await feeNotices(lena.id)).toHaveLength(1);
  }, 120_000);
});
