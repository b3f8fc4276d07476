/**
 * Failed debits, seen (issue 33, ADR 040). In a $1,000-a-week group two members' debits fail every attempt for want of
 * money; in another, a member's bank login needs renewing. The admin console's money-health panel lists every group
 * waiting on such a member — who, how much, what happened and what the platform will do (the engine's own rules) —
 * and the group page tells members what happens next (nobody covers the pot: the payout waits) instead of only
 * "Contribution deadline has passed". Fixed days: the groups' clocks read Tuesday January 6, 2026; weekly on Friday.
 */
import { describe, expect, it } from "vitest";
import { renderRoute, textOf } from "../support/render";
import { call, get } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const groupPage = await import("../../app/routes/groups.$groupId");
const adminPage = await import("../../app/routes/admin");
const { advanceClock } = await import("../../app/server/money/cycle.server");
const { moneyHealth } = await import("../../app/server/money/health.server");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { decryptSecret } = await import("../../app/server/platform/crypto.server");
const money = await import("../support/money");
const { createUser, sessionJarFor } = await import("../support/users");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");
const { formatCalendarDay } = await import("../../app/domain/format");

const NOW = new Date("2026-01-06T17:00:00Z");

async function groupView(userId: string, groupId: string) {
  const result = await call(groupPage.loader, get(`/groups/${groupId}`, await sessionJarFor(userId)), { groupId });
  expect(result.status).toBe(200);
  return { data: result.data, text: textOf(renderRoute(groupPage.default, `/groups/${groupId}`, result.data)) };
}

describe("failed debits, seen", () => {
  it("the admin panel lists the members a group waits on and what the platform will do; the group page says what happens next", async () => {
    // A $1,000-a-week group of four; the last two members have $50 in their accounts.
    const big = await money.startedGroup({
      size: 4,
      now: NOW,
      balanceCents: 10_000_000,
      draft: { name: "Thousand Club", contributionCents: 100_000 },
    });
    const [recipient, , short1, short2] = big.members as [
      (typeof big.members)[0],
      (typeof big.members)[0],
      (typeof big.members)[0],
      (typeof big.members)[0],
    ];
    await money.setSandboxBalance(short1.id, 5_000);
    await money.setSandboxBalance(short2.id, 5_000);
    await money.setGroupToday(big.group.id, "2026-01-06");

    // A group of three whose third member's bank login needs renewing before the first due day.
    const small = await money.startedGroup({ now: NOW, balanceCents: 100_000, draft: { name: "Login Circle" } });
    const relogin = small.members[2]!;
    const [item] = await db().select().from(schema.bankItems).where(eq(schema.bankItems.userId, relogin.id));
    expect((await plaidCall((api) => api.sandboxItemResetLogin({ access_token: decryptSecret(item!.accessTokenEncrypted) }))).ok).toBe(true);
    await money.setGroupToday(small.group.id, "2026-01-06");

    // Tuesday January 20. Period 1 (due Friday 9): declined on the 9th, the 12th and the 15th — no attempt left.
    // Period 2 (due Friday 16): declined on the 16th and the 19th; the third attempt comes on the 23rd.
    const now = new Date();
    expect(await advanceClock({ id: recipient.id, isAdmin: false }, big.group.id, { days: 14 }, now)).toMatchObject({
      ok: true,
      today: "2026-01-20",
    });
    expect(await advanceClock({ id: small.members[0]!.id, isAdmin: false }, small.group.id, { days: 3 }, now)).toMatchObject({
      ok: true,
      today: "2026-01-09",
    });

    // The admin panel: both groups, each member, the amount, what happened and what the platform will do.
    const health = await moneyHealth();
    expect(health.totals.waitingOnMembers).toBe(2);
    expect(
      health.waiting.map(({ groupName, memberName, periodNumber, amountCents, next, whatHappened, whatWillHappen }) => ({
        groupName,
        memberName,
        periodNumber,
        amountCents,
        next,
        whatHappened,
        whatWillHappen,
      })),
    ).toEqual([
      {
        groupName: "Login Circle",
        memberName: relogin.name,
        periodNumber: 1,
        amountCents: 10_000,
        next: "waits-for-member",
        whatHappened: "Waiting for the member (attempt 1 of 3): their bank login needs renewing",
        whatWillHappen: `Debits again as soon as ${relogin.name} reconnects their bank; nothing is sent until then. Meanwhile the period 1 payout of $300.00 to ${small.members[0]!.name} waits: the platform does not cover a missed contribution.`,
      },
      ...[short1, short2].map((member) => ({
        groupName: "Thousand Club",
        memberName: member.name,
        periodNumber: 1,
        amountCents: 100_000,
        next: "no-retry",
        whatHappened: "Declined: insufficient funds (NSF), attempt 3 of 3",
        whatWillHappen: `Nothing automatic: no further attempt will be made. Meanwhile the period 1 payout of $4,000.00 to ${recipient.name} waits: the platform does not cover a missed contribution.`,
      })),
      ...[short1, short2].map((member) => ({
        groupName: "Thousand Club",
        memberName: member.name,
        periodNumber: 2,
        amountCents: 100_000,
        next: "retry",
        whatHappened: "Declined: insufficient funds (NSF), attempt 2 of 3",
        whatWillHappen: `Tries again on January 23, 2026 (attempt 3 of 3). The period 2 payout of $4,000.00 to ${big.members[1]!.name} goes out once it is collected.`,
      })),
    ]);

    // The same on the page a platform admin reads.
    const operator = await createUser({ isAdmin: true, name: "Platform Operator" });
    const panel = await call(adminPage.loader, get("/admin", await sessionJarFor(operator.id)));
    expect(panel.status).toBe(200);
    const panelText = textOf(renderRoute(adminPage.default, "/admin", panel.data));
    expect(panelText).toContain(
      "2 groups need attention: 0 parked, 0 failing, 0 payouts refused, 0 returns fronted by the platform ($0.00 still owed), 2 waiting on members (3 members waiting).",
    );
    expect(panelText).not.toContain("Every group's money is healthy.");
    expect(panelText).toContain(
      `Thousand Club · ${short1.name} · $1,000.00 contribution, period 1 Declined: insufficient funds (NSF), attempt 3 of 3 Nothing automatic: no further attempt will be made. Meanwhile the period 1 payout of $4,000.00 to ${recipient.name} waits: the platform does not cover a missed contribution.`,
    );
    expect(panelText).toContain(
      `Login Circle · ${relogin.name} · $100.00 contribution, period 1 Waiting for the member (attempt 1 of 3): their bank login needs renewing`,
    );
    // An admin who reads Spanish reads the same facts in Spanish (ADR 056 part five (i)).
    const spanish = await moneyHealth(50, new Date(), "es-US");
    expect(spanish.waiting.find((row) => row.memberName === relogin.name)?.whatHappened).toBe(
      "Esperando al miembro (intento 1 de 3): hay que renovar el acceso a su banco",
    );
    expect(spanish.waiting.find((row) => row.memberName === short1.name)).toMatchObject({
      whatHappened: "Rechazado: fondos insuficientes (NSF), intento 3 de 3",
      whatWillHappen: `Nada automático: no se hará ningún otro intento. Mientras tanto, el pago del pozo del período 1 de $4,000.00 para ${recipient.name} espera: la plataforma no cubre un aporte que falta.`,
    });

    // The group page: what happens next, and who covers the pot — nobody: the payout waits.
    const waitsForTwo = [
      `${short1.name}'s contribution did not go through after 3 attempts and will not be tried again automatically.`,
      `${short2.name}'s contribution did not go through after 3 attempts and will not be tried again automatically.`,
    ];
    const forRecipient = await groupView(recipient.id, big.group.id);
    expect(forRecipient.data.group.nextContributionOn).toBe("2026-01-23");
    // A late member's dashboard: the earliest of their late periods' next debits and the next scheduled one (period 3,
    // Friday 23). Period 1 has no automatic attempt left: its next is now, with Pay now (today, the 20th), whichever
    // late period the dashboard happens to read last (period 2's third attempt comes on the 23rd).
    const { dashboardFor } = await import("../../app/server/groups/dashboard.server");
    const lateDashboard = await dashboardFor(short1, new Date());
    expect(lateDashboard.late.filter((entry) => entry.groupId === big.group.id).map((entry) => [entry.periodNumber, entry.nextAttemptOn])).toEqual([
      [1, null],
      [2, "2026-01-23"],
    ]);
    expect(lateDashboard.cards.find((card) => card.id === big.group.id)?.nextContributionOn).toBe("2026-01-20");
    const onTime = await dashboardFor(recipient, new Date());
    expect(onTime.cards.find((card) => card.id === big.group.id)?.nextContributionOn).toBe("2026-01-23");
    expect(forRecipient.data.group.nextPayout.nextSteps).toEqual([
      ...waitsForTwo,
      "Nobody's payout is paid with money that hasn't arrived, so your payout of $4,000.00 waits until every contribution is in; Rosca does not advance it.",
    ]);
    expect(forRecipient.text).toContain(
      `Next Payout Recipient You Payout Not sent yet Amount $4,000.00 3 days until next contribution ${waitsForTwo.join(" ")} Nobody's payout is paid with money that hasn't arrived, so your payout of $4,000.00 waits until every contribution is in; Rosca does not advance it.`,
    );
    const forShort = await groupView(short1.id, big.group.id);
    // The group page's "Next contribution" card is the viewer's own, by the dashboard's rule: they agree.
    expect(forRecipient.data.group.yourNextContributionOn).toBe("2026-01-23");
    expect(forRecipient.text).toContain("Next contribution January 23, 2026 Contribution");
    expect(forShort.data.group.yourNextContributionOn).toBe("2026-01-20");
    expect(forShort.text).toContain("Next contribution January 20, 2026 A late contribution: pay it now with Pay now Contribution");
    // The Next Payout card's days-until line counts to the same day as the card (never the group's next due day beside
    // a late member's own): 3 days for the recipient, today for the late member.
    expect(forRecipient.data.group.daysUntilNextContribution).toBe(3);
    expect(forShort.data.group.daysUntilNextContribution).toBe(0);
    expect(forShort.text).toContain("Amount $4,000.00 Next contribution due today");
    // Late on two periods: Pay now pays the older first (pay-now.server.ts), so only its alert has the button; the other
    // alert says which goes first, and the Pay now page names the other as not covered by this payment.
    const [older, newer] = lateDashboard.late.filter((entry) => entry.groupId === big.group.id);
    const full = (day: string) => formatCalendarDay(day, "full");
    expect(forShort.text.match(/Pay \$1,000\.00 now/g)).toHaveLength(1);
    expect(forShort.text).toContain(`Pay now takes your contribution due ${full(older!.dueOn)} first; you can pay this one there right after it.`);
    const payPage = await import("../../app/routes/groups.$groupId.pay");
    const payView = await call(payPage.loader, get(`/groups/${big.group.id}/pay`, await sessionJarFor(short1.id)), { groupId: big.group.id });
    expect(payView.data.quote).toMatchObject({
      late: { periodNumber: 1 },
      alsoLate: [{ periodNumber: 2, dueOn: newer!.dueOn, amountCents: 100_000 }],
    });
    const payText = textOf(renderRoute(payPage.default, `/groups/${big.group.id}/pay`, payView.data));
    expect(payText).toContain(
      `Your contribution to Thousand Club due ${full(older!.dueOn)} did not go through. Pay it now and the payout that waits for it goes out once it has arrived. Also late: $1,000.00 due ${full(newer!.dueOn)}. This payment does not cover it; you can pay it here next, once this one is made.`,
    );
    expect(forShort.data.group.nextPayout.nextSteps).toEqual([
      "Your contribution did not go through after 3 attempts and will not be tried again automatically.",
      `${short2.name}'s contribution did not go through after 3 attempts and will not be tried again automatically.`,
      `Nobody's payout is paid with money that hasn't arrived, so ${recipient.name}'s payout of $4,000.00 waits until every contribution is in; Rosca does not advance it.`,
    ]);
    const forSmall = await groupView(small.members[1]!.id, small.group.id);
    expect(forSmall.data.group.nextPayout.nextSteps).toEqual([
      `${relogin.name}'s contribution waits for ${relogin.name} to link, reconnect or authorise their bank; it is taken as soon as they do.`,
      `Nobody's payout is paid with money that hasn't arrived, so ${small.members[0]!.name}'s payout of $300.00 waits until every contribution is in; Rosca does not advance it.`,
    ]);

    // After the last due day (Friday 30), the deadline has passed — and the page still says what happens next.
    expect(await advanceClock({ id: recipient.id, isAdmin: false }, big.group.id, { days: 14 }, now)).toMatchObject({
      ok: true,
      today: "2026-02-03",
    });
    const atTheEnd = await groupView(recipient.id, big.group.id);
    expect(atTheEnd.data.group.daysUntilNextContribution).toBeLessThan(0);
    // The recipient paid every contribution: nothing is next, never a due day gone by (the dashboard says the same).
    expect(atTheEnd.data.group.yourNextContributionOn).toBeNull();
    expect(atTheEnd.text).toContain("Next contribution None scheduled Contribution");
    expect((await dashboardFor(recipient, new Date())).cards.find((card) => card.id === big.group.id)?.nextContributionOn).toBeNull();
    expect(atTheEnd.text).toContain(
      `Next Payout Recipient You Payout Not sent yet Amount $4,000.00 Contribution deadline has passed ${waitsForTwo.join(" ")} Nobody's payout is paid with money that hasn't arrived, so your payout of $4,000.00 waits until every contribution is in; Rosca does not advance it.`,
    );
    // Neither short member was charged the setup fee: it comes with a contribution that goes through.
    const fees = await money.transfersOf(big.group.id, { kind: "fee" });
    expect(fees.map((fee) => fee.userId).sort()).toEqual([big.members[0]!.id, big.members[1]!.id].sort());
  }, 240_000);
});
