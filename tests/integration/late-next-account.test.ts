/**
 * A late contribution names the account its next attempt is taken from (issue 44, ADR 052). Lena's $100 debit is
 * declined on her checking account; she chooses her savings account for the group. Until then the group page and the
 * dashboard say the retry is taken from checking and offer savings; afterwards they say it is taken from savings (the
 * account the retry does use), name checking only as the one that failed, and offer neither. Real PostgreSQL, the
 * sandbox bank double. Fixed days: the group's clock reads Tuesday January 6, 2026; weekly on Friday.
 */
import { describe, expect, it } from "vitest";
import { renderRoute, textOf } from "../support/render";
import { call, get, post } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const groupPage = await import("../../app/routes/groups.$groupId");
const dashboard = await import("../../app/routes/dashboard");
const { advanceClock } = await import("../../app/server/money/cycle.server");
const { lateContributions, nudgeLateMembers } = await import("../../app/server/money/late-contributions.server");
const money = await import("../support/money");
const { sessionJarFor } = await import("../support/users");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, eq, sql } = await import("drizzle-orm");

const NOW = new Date("2026-01-06T17:00:00Z");
const CHECKING = "First Platypus Bank Plaid Checking ••0000";
const SAVING = "First Platypus Bank Plaid Saving ••1111";
const BEFORE_RETRY =
  "Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.";
/** The same on the group page itself: its Pay now and "Paid from" are below the words. */
const HERE = (elsewhere: string) =>
  elsewhere.replace(
    BEFORE_RETRY,
    "Before then you can pay it now with Pay now below, choose another account for this group under Paid from, or make sure the funds are available.",
  );

describe("a late contribution's next attempt", () => {
  it("names the account the member chose for the group since the failure, and never offers it or the failed one", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const [admin, , lena] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    await money.setSandboxBalance(lena.id, 5_000);
    await money.setGroupToday(group.id, "2026-01-06");
    const accounts = await db().select().from(schema.bankAccounts).where(eq(schema.bankAccounts.userId, lena.id));
    const checking = accounts.find((a) => a.subtype === "checking")!;
    const savings = accounts.find((a) => a.subtype === "savings")!;
    // Her savings account can cover it (the double's own state).
    await db().execute(
      sql`update sandbox_plaid.accounts set available_cents = 500000, current_cents = 500000 where account_id = ${savings.providerAccountId}`,
    );
    // Friday January 9: her $100 debit from checking is declined (NSF); the retry is planned for Monday 12.
    expect(await advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 3 }, new Date())).toMatchObject({ ok: true, today: "2026-01-09" });
    const jar = await sessionJarFor(lena.id);

    const groupView = async () => {
      const result = await call(groupPage.loader, get(`/groups/${group.id}`, jar), { groupId: group.id });
      expect(result.status).toBe(200);
      return { data: result.data, text: textOf(renderRoute(groupPage.default, `/groups/${group.id}`, result.data)) };
    };
    const dashboardView = async () => {
      const result = await call(dashboard.loader, get("/dashboard", jar));
      expect(result.status).toBe(200);
      return result.data;
    };

    // Before she chooses: the retry is from checking, and savings is offered.
    const fromChecking = `Attempt 1 of 3: we'll try $100.00 from ${CHECKING} again on Monday, January 12, 2026. ${BEFORE_RETRY}`;
    const before = await groupView();
    expect(before.data.myLate).toHaveLength(1);
    expect(before.data.myLate[0]).toMatchObject({
      message: HERE(fromChecking),
      accountId: checking.id,
      nextAccount: { id: checking.id, institution: "First Platypus Bank", name: "Plaid Checking", mask: "0000" },
      offer: { id: savings.id, name: "Plaid Saving", mask: "1111", usable: true },
      nextAttemptOn: "2026-01-12",
    });
    expect(before.text).toContain(HERE(fromChecking));
    expect(before.text).toContain(`Use ${SAVING} for this group instead?`);
    const dashboardBefore = await dashboardView();
    expect(dashboardBefore.late).toHaveLength(1);
    expect(dashboardBefore.late[0]).toMatchObject({ message: fromChecking, nextAccount: { id: checking.id } });

    // She chooses her savings account for the group, with the page's own form.
    const chosen = await call(groupPage.action, post(`/groups/${group.id}`, { intent: "debit-account", bankAccountId: savings.id }, jar), {
      groupId: group.id,
    });
    expect(chosen.status).toBe(302);
    const [membership] = await db()
      .select({ chosen: schema.groupMembers.debitBankAccountId })
      .from(schema.groupMembers)
      .where(and(eq(schema.groupMembers.groupId, group.id), eq(schema.groupMembers.userId, lena.id)));
    expect(membership!.chosen).toBe(savings.id);

    // After: the retry is from savings; checking is named only as the account that failed; nothing is offered.
    const fromSaving = `Attempt 1 of 3 did not go through from ${CHECKING}: we'll try $100.00 from ${SAVING} on Monday, January 12, 2026. ${BEFORE_RETRY}`;
    const after = await groupView();
    expect(after.data.myLate[0]).toMatchObject({
      message: HERE(fromSaving),
      account: { institution: "First Platypus Bank", name: "Plaid Checking", mask: "0000" },
      accountId: checking.id,
      nextAccount: { id: savings.id, institution: "First Platypus Bank", name: "Plaid Saving", mask: "1111" },
      offer: null,
      nextAttemptOn: "2026-01-12",
    });
    expect(after.data.debitChoice.current.id).toBe(savings.id);
    expect(after.text).toContain(HERE(fromSaving));
    expect(after.text).not.toContain(`we'll try $100.00 from ${CHECKING}`);
    expect(after.text).not.toContain("for this group instead?");
    const dashboardAfter = await dashboardView();
    expect(dashboardAfter.late[0]).toMatchObject({ message: fromSaving, nextAccount: { id: savings.id } });
    expect(textOf(renderRoute(dashboard.default, "/dashboard", dashboardAfter))).toContain(fromSaving);

    // The admin's reminder says the same: its urgent notice is written from the same view.
    const [view] = await lateContributions({ groupId: group.id }, new Date());
    expect(view).toMatchObject({ userId: lena.id, message: fromSaving, nextAccount: { id: savings.id } });
    expect(await nudgeLateMembers({ id: admin.id, isAdmin: false }, group.id, lena.id, "reminder")).toMatchObject({ ok: true, sent: 1 });
    const notices = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, lena.id));
    expect(notices.find((n) => n.title === `Reminder: your contribution to ${group.name} is late`)?.body).toBe(
      `Your $100.00 contribution due Friday, January 9, 2026 has not gone through. ${fromSaving}`,
    );

    // Monday January 12: the retry is taken from the account the pages named.
    expect(await advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 3 }, new Date())).toMatchObject({ ok: true, today: "2026-01-12" });
    const retry = (await money.transfersOf(group.id, { kind: "contribution", userId: lena.id, periodNumber: 1 })).find((t) => t.attempt === 2);
    expect(retry).toMatchObject({ bankAccountId: savings.id, initiatedOn: "2026-01-12" });
  }, 180_000);
});
