/**
 * The failed-contribution path names the right account and says what happened in our words (issue 44, ADR 052 amended
 * 2026-11-30): Pay now takes the next attempt's account, not the one that just failed while another is usable (and
 * says plainly when the failed one is the only one), and the member may pick any usable account of theirs instead; a Pay now that did not go through is told as the member's own
 * payment, with the reason in our words (never the bank's text), the amount, the day and what they can do now; and the
 * failure notice of a debit returned after the member chose another account names that account as the retry's. Real
 * PostgreSQL, the sandbox bank double. Fixed days: the groups' clocks read Tuesday January 6, 2026; weekly on Friday.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const { payNowFailureText, payNowQuote } = await import("../../app/server/money/pay-now.server");
const { setDebitAccount } = await import("../../app/server/money/debit-choice.server");
const { lateContributions } = await import("../../app/server/money/late-contributions.server");
const { dashboardFor } = await import("../../app/server/groups/dashboard.server");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { returnTransfer } = await import("../support/bank");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const money = await import("../support/money");
const { renderRoute, textOf } = await import("../support/render");
const { call, CookieJar, get, post } = await import("../support/routes");
const { sessionJarFor } = await import("../support/users");
const payPage = await import("../../app/routes/groups.$groupId.pay");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, eq, sql } = await import("drizzle-orm");

const NOW = new Date("2026-01-06T17:00:00Z");
const CHECKING = "First Platypus Bank Plaid Checking ••0000";
const SAVING = "First Platypus Bank Plaid Saving ••1111";

/** A 3-member group on Tuesday January 6 whose third member, Lena, has `checkingCents` in checking and `savingsCents` in savings. */
async function groupWithLena(checkingCents: number, savingsCents: number) {
  const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
  const lena = members[2]!;
  const admin = { id: members[0]!.id, isAdmin: false };
  await money.setSandboxBalance(lena.id, checkingCents);
  await money.setGroupToday(group.id, "2026-01-06");
  const accounts = await db().select().from(schema.bankAccounts).where(eq(schema.bankAccounts.userId, lena.id));
  const checking = accounts.find((a) => a.subtype === "checking")!;
  const savings = accounts.find((a) => a.subtype === "savings")!;
  await db().execute(
    sql`update sandbox_plaid.accounts set available_cents = ${savingsCents}, current_cents = ${savingsCents} where account_id = ${savings.providerAccountId}`,
  );
  return { group, lena, admin, checking, savings, jar: await sessionJarFor(lena.id) };
}

async function payPageText(groupId: string, jar: InstanceType<typeof CookieJar>) {
  const view = await call(payPage.loader, get(`/groups/${groupId}/pay`, jar), { groupId });
  expect(view.status).toBe(200);
  return { data: view.data, text: textOf(renderRoute(payPage.default, `/groups/${groupId}/pay`, view.data)) };
}

async function chain(groupId: string, userId: string) {
  return money.transfersOf(groupId, { kind: "contribution", userId, periodNumber: 1 });
}

/** The toasts a response queued. */
async function toastsOf(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
  return toasts.map(({ type, title, description }) => ({ type, title, description }));
}

describe("Pay now's account", () => {
  it("is not the account that just failed when another is usable: the page names both, and the debit is taken from the one it names", async () => {
    const { group, lena, admin, checking, savings, jar } = await groupWithLena(5_000, 500_000);
    // Friday January 9: her $100 debit from checking is declined (NSF); she has not chosen an account for the group.
    await cycle.advanceClock(admin, group.id, { days: 3 }, new Date());
    expect(await chain(group.id, lena.id)).toMatchObject([{ attempt: 1, status: "declined", bankAccountId: checking.id }]);

    const quoted = await payNowQuote(lena.id, group.id, new Date());
    if (!quoted.ok) throw new Error(quoted.error);
    expect(quoted.quote.account).toEqual({ id: savings.id, institution: "First Platypus Bank", name: "Plaid Saving", mask: "1111" });
    expect(quoted.quote.consent).toBe(
      `I authorise Rosca to debit $100.00 once from ${SAVING} through the ACH network on Friday, January 9, 2026, for my late contribution to ${group.name}. I can cancel this authorisation by contacting Rosca support before that day.`,
    );
    const { text } = await payPageText(group.id, jar);
    expect(text).toContain(
      `From ${SAVING} Not from ${CHECKING}: its debit did not go through on Friday, January 9, 2026. This payment only; the group’s other contributions are taken from the account under “Paid from” on the group page.`,
    );
    // The late alert's retry is still the debit's own rule: checking, the group's account.
    const [late] = await lateContributions({ userId: lena.id, groupId: group.id }, new Date());
    expect(late).toMatchObject({ nextAccount: { id: checking.id }, payFrom: { id: savings.id }, failedOn: "2026-01-09", payNow: false });
    // The dashboard's alert, for a member who reads Spanish, in Spanish (ADR 056), as the group page's.
    expect((await dashboardFor(lena, new Date(), "es-US")).late.map((entry) => entry.message)).toEqual([
      `Intento 1 de 3: volveremos a intentar cargar $100.00 a ${CHECKING} el lunes, 12 de enero de 2026. Antes de esa fecha puede pagarlo ahora desde la página de la tanda, elegir ahí otra cuenta para esta tanda o asegurarse de tener los fondos disponibles.`,
    ]);

    // The page showed savings, and savings became unusable before she posted (a return said it is closed): the payment
    // would now be taken from another account than the one her consent named, so it is refused; nothing is made.
    await db().update(schema.bankAccounts).set({ unusableAt: new Date(), unusableCode: "R02" }).where(eq(schema.bankAccounts.id, savings.id));
    const stale = await call(payPage.action, post(`/groups/${group.id}/pay`, { periodNumber: "1", consent: "yes", bankAccountId: savings.id }, jar), {
      groupId: group.id,
    });
    expect(stale).toMatchObject({ status: 409, data: { error: "The account for this payment changed. Check it below and authorise again." } });
    expect(await chain(group.id, lena.id)).toHaveLength(1);
    await db().update(schema.bankAccounts).set({ unusableAt: null, unusableCode: null }).where(eq(schema.bankAccounts.id, savings.id));

    // She pays: attempt 2, from savings (the authorised account), at the bank too; her choice for the group is unchanged.
    const paid = await call(payPage.action, post(`/groups/${group.id}/pay`, { periodNumber: "1", consent: "yes", bankAccountId: savings.id }, jar), {
      groupId: group.id,
    });
    expect(paid.status).toBe(302);
    const [, second] = await chain(group.id, lena.id);
    expect(second).toMatchObject({ attempt: 2, payNow: true, bankAccountId: savings.id, status: "pending" });
    const { rows } = await db().execute<{ account_id: string }>(
      sql`select account_id from sandbox_plaid.transfers where metadata->>'rosca_transfer' = ${second!.id}`,
    );
    expect(rows.map((row) => row.account_id)).toEqual([savings.providerAccountId]);
    const [authorised] = await db().select().from(schema.debitAuthorizations).where(eq(schema.debitAuthorizations.userId, lena.id));
    expect(authorised).toMatchObject({ bankAccountId: savings.id, source: "pay_now", wording: quoted.quote.consent });
    const [membership] = await db()
      .select({ chosen: schema.groupMembers.debitBankAccountId })
      .from(schema.groupMembers)
      .where(and(eq(schema.groupMembers.groupId, group.id), eq(schema.groupMembers.userId, lena.id)));
    expect(membership!.chosen).toBeNull();
  }, 180_000);

  it("may be the account that failed when the member picks it on the page (she topped it up); another member's account or a bad id is ignored", async () => {
    const { group, lena, admin, checking, savings, jar } = await groupWithLena(5_000, 500_000);
    await cycle.advanceClock(admin, group.id, { days: 3 }, new Date());
    expect(await chain(group.id, lena.id)).toMatchObject([{ attempt: 1, status: "declined", bankAccountId: checking.id }]);
    const { data } = await payPageText(group.id, jar);
    const html = renderRoute(payPage.default, `/groups/${group.id}/pay`, data);
    expect(textOf(html)).toContain(`From ${SAVING} Not from ${CHECKING}`);
    // A plain link to this page with the account picked (it works without JavaScript).
    expect(html).toContain(`href="/groups/${group.id}/pay?from=${checking.id}"`);
    expect(textOf(html)).toContain(`Pay from ${CHECKING} instead`);

    // She topped up checking and follows the link: this payment from checking, said plainly, no link to itself.
    await money.setSandboxBalance(lena.id, 500_000);
    const picked = await call(payPage.loader, get(`/groups/${group.id}/pay?from=${checking.id}`, jar), { groupId: group.id });
    expect(picked.status).toBe(200);
    const pickedText = textOf(renderRoute(payPage.default, `/groups/${group.id}/pay?from=${checking.id}`, picked.data));
    expect(pickedText).toContain(
      `From ${CHECKING} The last attempt from this account did not go through on Friday, January 9, 2026. Pay from ${SAVING} instead`,
    );
    expect(pickedText).not.toContain("Link another account to pay from it");
    expect(pickedText).not.toContain(`Pay from ${CHECKING} instead`);
    expect(pickedText).toContain(`I authorise Rosca to debit $100.00 once from ${CHECKING} through the ACH network on Friday, January 9, 2026`);

    // Another member's account, or something that is not an id: the page's own choice, savings.
    const otherMember = (await db().select().from(schema.bankAccounts).where(eq(schema.bankAccounts.userId, admin.id)))[0]!;
    for (const from of [otherMember.id, "not-an-id"]) {
      const view = await call(payPage.loader, get(`/groups/${group.id}/pay?from=${from}`, jar), { groupId: group.id });
      expect(view.status).toBe(200);
      expect((view.data as { quote: { account: { id: string } } }).quote.account.id).toBe(savings.id);
    }
    // A post naming another member's account is refused as a changed account; nothing is made.
    const foreign = await call(
      payPage.action,
      post(`/groups/${group.id}/pay`, { periodNumber: "1", consent: "yes", bankAccountId: otherMember.id }, jar),
      { groupId: group.id },
    );
    expect(foreign).toMatchObject({ status: 409 });
    expect(await chain(group.id, lena.id)).toHaveLength(1);

    // She pays from checking: the row, the bank's transfer and her authorisation are all checking's; it goes through.
    const paid = await call(payPage.action, post(`/groups/${group.id}/pay`, { periodNumber: "1", consent: "yes", bankAccountId: checking.id }, jar), {
      groupId: group.id,
    });
    expect(paid.status).toBe(302);
    const [, second] = await chain(group.id, lena.id);
    expect(second).toMatchObject({ attempt: 2, payNow: true, bankAccountId: checking.id, status: "pending" });
    const { rows } = await db().execute<{ account_id: string }>(
      sql`select account_id from sandbox_plaid.transfers where metadata->>'rosca_transfer' = ${second!.id}`,
    );
    expect(rows.map((row) => row.account_id)).toEqual([checking.providerAccountId]);
    const [authorised] = await db().select().from(schema.debitAuthorizations).where(eq(schema.debitAuthorizations.userId, lena.id));
    expect(authorised).toMatchObject({ bankAccountId: checking.id, source: "pay_now" });
  }, 180_000);

  it("is the failed account when it is the only usable one, and the page says it failed on that day and offers linking another", async () => {
    const { group, lena, admin, checking, savings, jar } = await groupWithLena(5_000, 500_000);
    // Her savings account can't be used (a return said it is closed): checking is her only usable account.
    await db().update(schema.bankAccounts).set({ unusableAt: new Date(), unusableCode: "R02" }).where(eq(schema.bankAccounts.id, savings.id));
    await cycle.advanceClock(admin, group.id, { days: 3 }, new Date());
    const quoted = await payNowQuote(lena.id, group.id, new Date());
    if (!quoted.ok) throw new Error(quoted.error);
    expect(quoted.quote.account.id).toBe(checking.id);
    const { text } = await payPageText(group.id, jar);
    expect(text).toContain(
      `From ${CHECKING} The last attempt from this account did not go through on Friday, January 9, 2026. Link another account to pay from it`,
    );
  }, 180_000);
});

describe("a Pay now that did not go through", () => {
  it("is told in our words, as the member's own payment: the reason, the amount, the account, the day and the next automatic attempt", async () => {
    // Neither account has the $100: the Pay now from savings is declined too (NSF).
    const { group, lena, admin, checking, savings, jar } = await groupWithLena(5_000, 1_000);
    await cycle.advanceClock(admin, group.id, { days: 3 }, new Date());
    const paid = await call(payPage.action, post(`/groups/${group.id}/pay`, { periodNumber: "1", consent: "yes" }, jar), { groupId: group.id });
    expect(paid).toMatchObject({ status: 302, location: `/groups/${group.id}` });
    const [, second] = await chain(group.id, lena.id);
    expect(second).toMatchObject({
      attempt: 2,
      payNow: true,
      status: "declined",
      failureCode: "NSF",
      bankAccountId: savings.id,
      retryOn: "2026-01-12",
    });
    // The bank's own words are kept on the row, and never shown to the member.
    expect(second!.failureDescription).toBe("Transaction likely to result in a return due to insufficient funds.");

    const told =
      "Your bank account did not have enough money available for this payment, so it was not attempted. " +
      `Your Pay now payment of $100.00 from ${SAVING} on Friday, January 9, 2026 did not go through. ` +
      `The next automatic attempt takes $100.00 from ${CHECKING} on Monday, January 12, 2026. ` +
      // She has another usable account (checking): "link one" is not said (it is only to a member who has none).
      "Before then you can pay it with Pay now from another account, or make sure the funds are available.";
    expect(await toastsOf(paid.setCookies)).toEqual([{ type: "error", title: "Your payment did not go through", description: told }]);
    expect(await payNowFailureText(second!, "es-US")).toBe(
      "Su cuenta bancaria no tenía suficiente dinero disponible para este pago, así que no se intentó. " +
        `Su pago con Pagar ahora de $100.00 desde ${SAVING} el viernes, 9 de enero de 2026 no se completó. ` +
        `El próximo intento automático carga $100.00 a ${CHECKING} el lunes, 12 de enero de 2026. ` +
        "Antes de esa fecha puede pagarlo con Pagar ahora desde otra cuenta o asegurarse de tener los fondos disponibles.",
    );

    // The group page's alert says the same step (not "Attempt 2 of 3"), and the bell's notice of the failure too.
    const [late] = await lateContributions({ userId: lena.id, groupId: group.id }, new Date());
    expect(late).toMatchObject({ attempt: 2, payNow: true, nextAttemptOn: "2026-01-12", nextAccount: { id: checking.id } });
    expect(late!.message).toBe(told.slice(told.indexOf("Your Pay now")));
    // The dashboard's alert, for a member who reads Spanish, in Spanish as the group page's (ADR 056).
    const spanish = (await payNowFailureText(second!, "es-US")) ?? "";
    expect((await dashboardFor(lena, new Date(), "es-US")).late.map((entry) => entry.message)).toEqual([
      spanish.slice(spanish.indexOf("Su pago con Pagar ahora")),
    ]);
    await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    const bell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, lena.id));
    const failures = bell.filter((n) => n.title === `Your contribution to ${group.name} did not go through`).map((n) => n.body);
    expect(failures).toContain(told);
    expect(failures.join(" ")).not.toContain("Attempt 2 of 3");
  }, 180_000);
});

describe("a Pay now that did not go through after three automatic attempts (attempt 4)", () => {
  it("is counted the same everywhere: the member's own payment after 3 automatic attempts, never 'attempt 4 of 3' or 'after 4 attempts'", async () => {
    const { group, lena, admin, savings, jar } = await groupWithLena(5_000, 1_000);
    // Friday January 9, Monday 12 and Thursday 15: three automatic attempts from checking are declined.
    await cycle.advanceClock(admin, group.id, { days: 10 }, new Date());
    expect(await chain(group.id, lena.id)).toMatchObject([
      { attempt: 1, status: "declined" },
      { attempt: 2, status: "declined" },
      { attempt: 3, status: "declined" },
    ]);
    // Her Pay now from savings is declined too: attempt 4.
    const paid = await call(payPage.action, post(`/groups/${group.id}/pay`, { periodNumber: "1", consent: "yes" }, jar), { groupId: group.id });
    expect(paid).toMatchObject({ status: 302 });
    expect((await chain(group.id, lena.id))[3]).toMatchObject({ attempt: 4, payNow: true, status: "declined", bankAccountId: savings.id });
    await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());

    const groupPage = await import("../../app/routes/groups.$groupId");
    const pageText = async (userId: string) => {
      const view = await call(groupPage.loader, get(`/groups/${group.id}`, await sessionJarFor(userId)), { groupId: group.id });
      expect(view.status).toBe(200);
      return textOf(renderRoute(groupPage.default, `/groups/${group.id}`, view.data));
    };
    const lenaText = await pageText(lena.id);
    expect(lenaText).toContain("Your own payment (Pay now) did not go through after 3 automatic attempts, and nothing more is tried automatically.");
    expect(lenaText).toContain(
      `Your Pay now payment of $100.00 from ${SAVING} on Friday, January 16, 2026 did not go through, and nothing more is debited automatically: pay it with Pay now from another account, or from this one once the funds are available;`,
    );
    expect(lenaText).not.toMatch(/after 4 attempts|4 of 3|last of 3 attempts/);
    // Period 2's alert on the group page itself points to its Pay now below, not to "the group page".
    expect(lenaText).toContain(
      `Attempt 1 of 3: we'll try $100.00 from ${CHECKING} again on Tuesday, January 20, 2026. Before then you can pay it now with Pay now below, choose another account for this group under Paid from, or make sure the funds are available.`,
    );
    expect(lenaText).not.toContain("pay it now from the group page");
    const adminText = await pageText(admin.id);
    expect(adminText).toContain(
      `${lena.name}’s own payment (Pay now) did not go through, and no automatic attempt is left after 3 automatic attempts: ${lena.name} can pay it now from the group page.`,
    );
    expect(adminText).not.toMatch(/after 4 attempts|4 of 3/);
    // The platform admin's Money health, in English and Spanish.
    const { moneyHealth } = await import("../../app/server/money/health.server");
    const waiting = (await moneyHealth(50, new Date())).waiting.find((row) => row.memberName === lena.name && row.periodNumber === 1);
    expect(waiting?.whatHappened).toBe("Declined: insufficient funds (NSF), the member's own payment (Pay now) after 3 automatic attempts");
    const espera = (await moneyHealth(50, new Date(), "es-US")).waiting.find((row) => row.memberName === lena.name && row.periodNumber === 1);
    expect(espera?.whatHappened).toBe(
      "Rechazado: fondos insuficientes (NSF), el propio pago del miembro (Pagar ahora) después de 3 intentos automáticos",
    );
    const adminBell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, admin.id));
    expect(adminBell.filter((n) => n.title === `${lena.name}'s contribution to ${group.name} is late`).map((n) => n.body)).toContain(
      `${lena.name}'s bank account did not have enough money available for this payment, so it was not attempted. ${lena.name}'s own payment (Pay now) of $100.00 did not go through and nothing more is debited automatically. ${lena.name} can pay it now from the group page; the group page's late contributions section lets you send a reminder.`,
    );
  }, 180_000);
});

describe("a Pay now that did not go through, then paid from another account before it was told", () => {
  it("is not told as still late (no stale next step) to the member (bell and email are one urgent notice) or the admin", async () => {
    const { group, lena, admin, checking, savings, jar } = await groupWithLena(5_000, 1_000);
    await cycle.advanceClock(admin, group.id, { days: 3 }, new Date());
    // Her Pay now from savings is declined (attempt 2)...
    const declined = await call(payPage.action, post(`/groups/${group.id}/pay`, { periodNumber: "1", consent: "yes" }, jar), { groupId: group.id });
    expect(declined).toMatchObject({ status: 302 });
    // ...and before the group's next run tells it, she tops up checking and pays from it (attempt 3).
    await money.setSandboxBalance(lena.id, 500_000);
    const paid = await call(payPage.action, post(`/groups/${group.id}/pay`, { periodNumber: "1", consent: "yes", bankAccountId: checking.id }, jar), {
      groupId: group.id,
    });
    expect(paid).toMatchObject({ status: 302 });
    expect(await chain(group.id, lena.id)).toMatchObject([
      { attempt: 1, status: "declined" },
      { attempt: 2, payNow: true, status: "declined", bankAccountId: savings.id },
      { attempt: 3, payNow: true, status: "pending", bankAccountId: checking.id },
    ]);
    await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    const title = `Your contribution to ${group.name} did not go through`;
    const lenaBell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, lena.id));
    // Only the first (automatic) attempt's failure, told on Friday before she paid; nothing of the superseded Pay now.
    expect(lenaBell.filter((n) => n.title === title).map((n) => n.body)).toEqual([
      `Your bank account did not have enough money available for this payment, so it was not attempted. Attempt 1 of 3: we'll try $100.00 from ${CHECKING} again on Monday, January 12, 2026. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.`,
    ]);
    const adminBell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, admin.id));
    expect(adminBell.filter((n) => n.title === `${lena.name}'s contribution to ${group.name} is late`)).toHaveLength(1);
  }, 180_000);
});

describe("the failure notice of a debit returned after the member chose another account", () => {
  it("names the account the retry is taken from, and the failed one as the one that failed", async () => {
    const { group, lena, admin, checking, savings } = await groupWithLena(100_000, 500_000);
    // Friday January 9: her $100 debit from checking is sent; while it is pending she chooses savings for the group.
    await cycle.advanceClock(admin, group.id, { days: 3 }, new Date());
    const [first] = await chain(group.id, lena.id);
    expect(first).toMatchObject({ attempt: 1, status: "pending", bankAccountId: checking.id });
    expect(await setDebitAccount(lena.id, group.id, savings.id)).toMatchObject({ ok: true });
    // It posts, then her bank returns it for insufficient funds (R01).
    const posted = await plaidCall((api) => api.sandboxTransferSimulate({ transfer_id: first!.providerTransferId!, event_type: "posted" }));
    expect(posted.ok).toBe(true);
    const returned = await returnTransfer(first!.providerTransferId!, "R01");
    expect(returned).toEqual({ ok: true });
    await cycle.syncBankEvents(new Date());
    await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    const [after] = await chain(group.id, lena.id);
    expect(after).toMatchObject({ attempt: 1, status: "returned", failureCode: "R01" });
    const bell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, lena.id));
    const failures = bell.filter((n) => n.title === `Your contribution to ${group.name} did not go through`).map((n) => n.body);
    expect(failures).toEqual([
      `Your bank returned the payment for insufficient funds. Attempt 1 of 3 did not go through from ${CHECKING}: we'll try $100.00 from ${SAVING} on Monday, January 12, 2026. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.`,
    ]);
  }, 180_000);
});
