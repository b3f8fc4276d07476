/**
 * When a contribution fails (issue 44, ADR 052): the member chooses which account pays, and pays a late contribution
 * with Pay now — exactly once, whatever races it. Real PostgreSQL, the sandbox bank double over HTTP. Fixed days: the
 * groups' clocks read Tuesday January 6, 2026; weekly on Friday (first due Friday January 9).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

process.env.DATABASE_POOL_SIZE = "20";
const { databaseUrl } = await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const { payNow, payNowQuote } = await import("../../app/server/money/pay-now.server");
const { setDebitAccount, debitChoiceFor, groupMoneyFor, groupMoneyJson } = await import("../../app/server/money/debit-choice.server");
const { lateContributions, nudgeLateMembers } = await import("../../app/server/money/late-contributions.server");
const { armFailpoint, disarmFailpoints, SimulatedCrash } = await import("../../app/server/platform/failpoints.server");
const { bankIdempotencyKey } = await import("../../app/domain/ach");
const money = await import("../support/money");
const { savePreferences } = await import("../../app/server/notifications/preferences.server");
const { DEFAULT_PREFERENCES } = await import("../../app/domain/profile");
const { listMessages } = await import("../../sandbox/postmark/store");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, asc, eq, sql } = await import("drizzle-orm");

const NOW = new Date("2026-01-06T17:00:00Z");

afterEach(() => disarmFailpoints());

/** A 3-member group whose third member has $50 (their $100 contribution is declined), on Tuesday January 6. */
async function groupWithShortMember() {
  const started = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
  const late = started.members[2]!;
  await money.setSandboxBalance(late.id, 5_000);
  await money.setGroupToday(started.group.id, "2026-01-06");
  const admin = { id: started.members[0]!.id, isAdmin: false };
  return { ...started, late, admin };
}

/**
 * Groups made before the tests and moved to their day together (money.advanceGroupsTo: one engine page a day for all
 * of them, not a page per group and day): a test that starts on Friday January 9 (the first debit declined) or on
 * Thursday January 15 (the third) takes a group of its own from here. The days up to there are set-up, not a subject.
 */
const READY: Record<string, number> = { "2026-01-09": 5, "2026-01-15": 4 };
let ready = new Map<string, Array<Awaited<ReturnType<typeof groupWithShortMember>>>>();

beforeAll(async () => {
  ready = await money.groupsPreparedByDay(READY, groupWithShortMember);
}, 300_000);

/** A group of groupWithShortMember's, its clock on `day` with every day up to it run. */
function shortMemberOn(day: "2026-01-09" | "2026-01-15") {
  const taken = ready.get(day)?.shift();
  if (!taken) throw new Error(`no group left on ${day}: add one to READY`);
  return taken;
}

async function chain(groupId: string, userId: string) {
  return money.transfersOf(groupId, { kind: "contribution", userId, periodNumber: 1 });
}

/** The transfers the bank double made for these rows (by our row id in the metadata) and its authorizations. */
async function atTheBank(rows: Array<{ id: string; idempotencyKey: string; bankKeyRound: number }>) {
  const keys = rows.flatMap((row) => Array.from({ length: row.bankKeyRound + 1 }, (_, round) => bankIdempotencyKey(row.idempotencyKey, round)));
  const { rows: authorizations } = await db().execute<{ ach_class: string }>(
    sql`select ach_class from sandbox_plaid.transfer_authorizations where idempotency_key = any(${`{${keys.join(",")}}`}::text[])`,
  );
  const { rows: transfers } = await db().execute<{ transfer_id: string; account_id: string; description: string }>(
    sql`select transfer_id, account_id, description from sandbox_plaid.transfers where metadata->>'rosca_transfer' = any(${`{${rows.map((r) => r.id).join(",")}}`}::text[])`,
  );
  return { authorizations, transfers };
}

/** The ledger sums to zero and no pool is negative. */
async function expectBalancedLedger() {
  const balances = await money.ledgerBalances();
  expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
  for (const [key, cents] of balances) if (key.startsWith("group_pool")) expect(cents).toBeGreaterThanOrEqual(0);
}

async function savingsOf(userId: string) {
  const [savings] = await db()
    .select()
    .from(schema.bankAccounts)
    .where(and(eq(schema.bankAccounts.userId, userId), eq(schema.bankAccounts.subtype, "savings")));
  return savings!;
}

async function setSavingsBalance(userId: string, cents: number) {
  const savings = await savingsOf(userId);
  await db().execute(
    sql`update sandbox_plaid.accounts set available_cents = ${cents}, current_cents = ${cents} where account_id = ${savings.providerAccountId}`,
  );
  return savings;
}

describe("the group page's money", () => {
  it("reads only the members with a failed attempt, and shows the same late contributions as the whole group's attempts", async () => {
    const { group, late, admin, members } = shortMemberOn("2026-01-09"); // Friday January 9: declined (NSF)
    const now = new Date();
    // Every member's attempts, unfiltered (lateContributions reads the group's chains whole).
    const everyone = await lateContributions({ groupId: group.id }, now);
    expect(everyone.map((entry) => entry.userId)).toEqual([late.id]);
    const adminMoney = await groupMoneyFor(admin.id, group.id, { isAdmin: true }, now);
    // What the page shows of a late contribution, compared field by field.
    const shown = ({ userId, periodNumber, attempt, amountCents, dueOn, nextAttemptOn }: (typeof everyone)[number]) => ({
      userId,
      periodNumber,
      attempt,
      amountCents,
      dueOn,
      nextAttemptOn,
    });
    expect(adminMoney.groupLate.map(shown)).toEqual(everyone.map(shown));
    expect(adminMoney.late).toEqual([]);
    // The late member's own panel, with their account; a member who paid has none.
    const lateMoney = await groupMoneyFor(late.id, group.id, { isAdmin: false }, now);
    expect(lateMoney.late).toHaveLength(1);
    expect(lateMoney.late[0]).toMatchObject({ userId: late.id, attempt: 1, amountCents: 10_000, nextAttemptOn: "2026-01-12" });
    expect(lateMoney.groupLate).toEqual([]);
    expect((await groupMoneyFor(members[1]!.id, group.id, { isAdmin: false }, now)).late).toEqual([]);
    // The statement the page runs carries the late member's attempts only: the two who paid are left out.
    const { rows } = await db().execute<{ money: { attempts: Array<{ user_id: string }> } }>(sql`
      select ${groupMoneyJson({
        userId: admin.id,
        groupId: sql`${group.id}::uuid`,
        chosen: sql`null::uuid`,
        isAdmin: sql`true`,
      })} as money`);
    expect(new Set(rows[0]!.money.attempts.map((attempt) => attempt.user_id))).toEqual(new Set([late.id]));
  });
});

describe("which account pays", () => {
  it("a member whose debit failed picks another account; the retry is taken from it and the payout follows", async () => {
    const { group, late, admin, members } = shortMemberOn("2026-01-09"); // Friday January 9: declined (NSF)
    const [first] = await chain(group.id, late.id);
    expect(first).toMatchObject({ attempt: 1, status: "declined", failureCode: "NSF", retryOn: "2026-01-12" });
    const checking = (await debitChoiceFor(late.id, group.id)).current;
    expect(checking).toMatchObject({ account: { institution: "First Platypus Bank", name: "Plaid Checking", mask: "0000" } });

    // The group page's panel says what happened, how much, from where, when next, and what to do.
    const [panel] = await lateContributions({ userId: late.id, groupId: group.id }, new Date());
    expect(panel).toMatchObject({ amountCents: 10_000, attempt: 1, nextAttemptOn: "2026-01-12", dueOn: "2026-01-09" });
    expect(panel!.message).toBe(
      "Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Plaid Checking ••0000 again on Monday, January 12, 2026. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.",
    );

    // The member chooses their savings account (with $5,000) for this group; someone else's account is refused.
    const savings = await setSavingsBalance(late.id, 500_000);
    const others = await savingsOf(members[1]!.id);
    expect(await setDebitAccount(late.id, group.id, others.id)).toMatchObject({ ok: false, status: 400 });
    expect(await setDebitAccount(late.id, group.id, savings.id)).toEqual({
      ok: true,
      account: { institution: "First Platypus Bank", name: "Plaid Saving", mask: "1111" },
    });
    expect((await debitChoiceFor(late.id, group.id)).current).toMatchObject({ id: savings.id });

    // Monday January 12: the retry is taken from the savings account, settles, and the payout follows.
    await cycle.advanceClock(admin, group.id, { days: 3 }, new Date());
    const [, retry] = await chain(group.id, late.id);
    expect(retry).toMatchObject({ attempt: 2, bankAccountId: savings.id, initiatedOn: "2026-01-12" });
    expect((await atTheBank([retry!])).transfers.map((t) => t.account_id)).toEqual([savings.providerAccountId]);
    for (let i = 0; i < 4; i++) await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    const [payout] = await money.transfersOf(group.id, { kind: "payout", periodNumber: 1 });
    expect(payout).toMatchObject({ userId: members[0]!.id, amountCents: 30_000 });
    expect(["pending", "posted", "settled", "funds_available"]).toContain(payout!.status);
    expect(await lateContributions({ userId: late.id }, new Date())).toEqual([]);
    await expectBalancedLedger();
  }, 240_000);
});

describe("the daily reminder of a late contribution", () => {
  it("gives the amount, the account, the next attempt's date (or none left) and links to Pay now, in the bell and the email", async () => {
    const { group, late, admin } = await groupWithShortMember();
    await savePreferences(late.id, { ...DEFAULT_PREFERENCES, pushDailyReminders: true, emailContributionReminders: true });
    // Friday January 9 declined; Saturday 10's reminder (sent before the day's debits) reads the failure.
    await cycle.advanceClock(admin, group.id, { days: 4 }, new Date());
    const reminders = async () =>
      (await db().select().from(schema.notifications).where(eq(schema.notifications.userId, late.id)).orderBy(asc(schema.notifications.createdAt)))
        .filter((n) => n.title === `Your $100.00 contribution to ${group.name} hasn't gone through yet`)
        .map((n) => [n.body, n.link]);
    const pay = `/groups/${group.id}/pay`;
    expect(await reminders()).toEqual([
      [
        "The debit of $100.00 from First Platypus Bank Plaid Checking ••0000, due Friday, January 9, 2026, did not go through. Next attempt: Monday, January 12, 2026. You don't have to wait: pay it now with Pay now. The one-time setup fee of $5.00 follows as its own debit once it has gone through.",
        pay,
      ],
    ]);
    const [email] = (await listMessages(databaseUrl, { to: late.email })).filter((m) => m.tag === "daily-reminder" && m.subject.includes("hasn't"));
    expect(email!.htmlBody).toContain(`${pay}"`);
    expect(email!.textBody).toContain("Next attempt: Monday, January 12, 2026.");

    // The third attempt fails on Thursday 15: Friday 16's reminder says no automatic attempt is left.
    await cycle.advanceClock(admin, group.id, { days: 6 }, new Date());
    const bodies = (await reminders()).map(([body]) => body);
    expect(bodies.at(-1)).toBe(
      "The debit of $100.00 from First Platypus Bank Plaid Checking ••0000, due Friday, January 9, 2026, did not go through, and there are no more automatic attempts: pay with Pay now. The group's payout waits for it. The one-time setup fee of $5.00 follows as its own debit once it has gone through.",
    );
    for (const body of bodies) expect(body).not.toMatch(/in \d+ days/);
  }, 240_000);
});

describe("the admin's reminder", () => {
  it("says honestly who was told: nothing goes to a member who turned urgent notifications off", async () => {
    const { group, late, admin } = shortMemberOn("2026-01-09"); // Friday January 9: declined
    await savePreferences(late.id, { ...DEFAULT_PREFERENCES, pushUrgentAccount: false });
    expect(await nudgeLateMembers(admin, group.id, late.id, "reminder")).toEqual({
      ok: true,
      sent: 1,
      memberNames: [late.name],
      deliveries: [{ memberName: late.name, reached: "nobody" }],
    });
    expect((await db().select().from(schema.notifications).where(eq(schema.notifications.userId, late.id))).map((n) => n.title)).not.toContain(
      `Reminder: your contribution to ${group.name} is late`,
    );
  }, 120_000);
});

describe("Pay now", () => {
  async function afterThreeAttempts() {
    // Declined on Friday 9, Monday 12 and Thursday 15 (three days after, on ACH business days).
    const started = shortMemberOn("2026-01-15");
    const attempts = await chain(started.group.id, started.late.id);
    expect(attempts.map((t) => [t.attempt, t.status, t.initiatedOn])).toEqual([
      [1, "declined", "2026-01-09"],
      [2, "declined", "2026-01-12"],
      [3, "declined", "2026-01-15"],
    ]);
    return started;
  }

  it("after three failed attempts: the quote, then one web-authorised debit; the payout goes out by itself", async () => {
    const { group, late, admin, members } = await afterThreeAttempts();
    const [panel] = await lateContributions({ userId: late.id, groupId: group.id }, new Date());
    expect(panel).toMatchObject({ nextAttemptOn: null, attempt: 3, waitedDays: 6 });
    expect(panel!.message).toBe(
      "That was the last of 3 attempts to collect $100.00 from First Platypus Bank Plaid Checking ••0000. Nothing more is debited automatically: pay it now from the group page; the group's payout waits for it.",
    );
    await money.setSandboxBalance(late.id, 100_000);
    const quoted = await payNowQuote(late.id, group.id, new Date());
    if (!quoted.ok) throw new Error(quoted.error);
    expect(quoted.quote).toMatchObject({
      collectOn: "2026-01-15",
      settlesOn: "2026-01-16",
      late: { amountCents: 10_000, feeCents: 500, periodNumber: 1 },
    });
    // From savings: the three attempts failed on checking, and Pay now never takes the account that just failed while
    // another is usable (ADR 052, amended 2026-11-30; tests/integration/pay-now-account.test.ts).
    expect(quoted.quote.consent).toBe(
      "I authorise Rosca to debit $100.00 once from First Platypus Bank Plaid Saving ••1111 through the ACH network on Thursday, January 15, 2026, for my late contribution to " +
        `${group.name}. I can cancel this authorisation by contacting Rosca support before that day.`,
    );
    // Without the consent ticked: refused, nothing made.
    expect(await payNow(late.id, group.id, { periodNumber: 1, consent: false }, new Date())).toEqual({
      ok: false,
      status: 400,
      error: "Tick the box to authorise the debit.",
    });
    expect(await chain(group.id, late.id)).toHaveLength(3);
    // Not a member: the same 404 as an unknown group.
    const stranger = await money.bankedMember("Stranger");
    expect(await payNow(stranger.id, group.id, { periodNumber: 1, consent: true }, new Date())).toMatchObject({ ok: false, status: 404 });

    const paid = await payNow(late.id, group.id, { periodNumber: 1, consent: true, ipAddress: "203.0.113.9" }, new Date());
    expect(paid).toMatchObject({ ok: true, alreadyOnItsWay: false, transfer: { attempt: 4, payNow: true, status: "pending", amountCents: 10_000 } });
    const attempts = await chain(group.id, late.id);
    const bank = await atTheBank(attempts.slice(3));
    expect(bank.authorizations.map((a) => a.ach_class)).toEqual(["web"]);
    // A new authorisation: a new entry, not "Retry N".
    expect(bank.transfers.map((t) => t.description)).toEqual(["Contrib"]);
    const consents = await db().select().from(schema.debitAuthorizations).where(eq(schema.debitAuthorizations.userId, late.id));
    expect(consents.map((c) => [c.source, c.wording, c.ipAddress])).toEqual([["pay_now", quoted.quote.consent, "203.0.113.9"]]);

    // It settles on Friday 16 and its money is available on Tuesday 20 (Monday 19 is Martin Luther King Jr. Day): the
    // waiting payout goes out by itself on the group's run that day.
    await cycle.advanceClock(admin, group.id, { days: 4 }, new Date()); // Monday January 19
    expect(await money.transfersOf(group.id, { kind: "payout", periodNumber: 1 })).toEqual([]);
    await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    const [payout] = await money.transfersOf(group.id, { kind: "payout", periodNumber: 1 });
    expect(payout).toMatchObject({ userId: members[0]!.id, amountCents: 30_000 });
    expect(await lateContributions({ userId: late.id }, new Date())).toEqual([]);
    // The member and the admin (here also the period's recipient) are told when it arrived.
    const bell = async (userId: string) =>
      (await db().select().from(schema.notifications).where(eq(schema.notifications.userId, userId))).map((n) => `${n.title}: ${n.body}`);
    expect(await bell(late.id)).toContain(
      `Your payment to ${group.name} arrived: Your $100.00 contribution paid with Pay now arrived on Friday, January 16, 2026. The payout that waited for it goes out once its money is available.`,
    );
    expect(await bell(members[0]!.id)).toContain(
      `${late.name} paid their late contribution to ${group.name}: ${late.name}'s $100.00 contribution, paid with Pay now, arrived on Friday, January 16, 2026. The payout that waited for it goes out once its money is available.`,
    );
    await expectBalancedLedger();
  }, 240_000);

  it("unpaid 14 days after its due day: the platform admin's console lists the turn for support, with the member, amount, wait and admins", async () => {
    const { group, late, admin, members } = await afterThreeAttempts();
    const { moneyHealth } = await import("../../app/server/money/health.server");
    const turnsOf = async () => (await moneyHealth()).unpaidTurns.filter((turn) => turn.groupId === group.id);
    // Thursday January 22: 13 days after Friday January 9's due day, not yet.
    await cycle.advanceClock(admin, group.id, { days: 7 }, new Date());
    expect(await turnsOf()).toEqual([]);
    await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    expect(await turnsOf()).toEqual([
      {
        groupId: group.id,
        groupName: group.name,
        periodNumber: 1,
        memberName: late.name,
        memberEmail: late.email,
        amountCents: 10_000,
        dueOn: "2026-01-09",
        waitedDays: 14,
        supportFrom: "2026-01-23",
        adminName: members[0]!.name,
        adminEmail: members[0]!.email,
        // Period 1's recipient is another member: they may accept what arrived.
        ownTurn: false,
      },
    ]);
    // Paid with Pay now, it leaves the list.
    await money.setSandboxBalance(late.id, 100_000);
    expect(await payNow(late.id, group.id, { periodNumber: 1, consent: true }, new Date())).toMatchObject({ ok: true });
    expect(await turnsOf()).toEqual([]);
  }, 240_000);

  it("twice at once (a double submit): one row, one transfer at the bank, a balanced ledger", async () => {
    const { group, late } = await afterThreeAttempts();
    await money.setSandboxBalance(late.id, 100_000);
    const results = await Promise.all([
      payNow(late.id, group.id, { periodNumber: 1, consent: true }, new Date()),
      payNow(late.id, group.id, { periodNumber: 1, consent: true }, new Date()),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.map((r) => r.ok && r.alreadyOnItsWay).sort()).toEqual([false, true]);
    const attempts = await chain(group.id, late.id);
    expect(attempts).toHaveLength(4);
    expect((await atTheBank(attempts.slice(3))).transfers).toHaveLength(1);
    await expectBalancedLedger();
  }, 240_000);

  it("racing the scheduled retry: whichever comes first makes attempt 2, the other nothing; one transfer", async () => {
    const { group, late } = shortMemberOn("2026-01-09");
    await money.setSandboxBalance(late.id, 100_000);
    // Monday January 12, the retry day: the group's run and Pay now at the same moment.
    await money.setGroupToday(group.id, "2026-01-12");
    const [paid] = await Promise.all([
      payNow(late.id, group.id, { periodNumber: 1, consent: true }, new Date()),
      cycle.processGroup(group.id, new Date()),
    ]);
    expect(paid.ok).toBe(true);
    const attempts = await chain(group.id, late.id);
    expect(attempts.map((t) => t.attempt)).toEqual([1, 2]);
    expect((await atTheBank(attempts.slice(1))).transfers).toHaveLength(1);
    await cycle.processGroup(group.id, new Date());
    expect(await chain(group.id, late.id)).toHaveLength(2);
    await expectBalancedLedger();
  }, 240_000);

  it("a crash between the authorization and the create: the next Pay now sends the same row; one transfer", async () => {
    const { group, late } = await afterThreeAttempts();
    await money.setSandboxBalance(late.id, 100_000);
    armFailpoint("after-bank-authorization");
    await expect(payNow(late.id, group.id, { periodNumber: 1, consent: true }, new Date())).rejects.toBeInstanceOf(SimulatedCrash);
    const [, , , crashed] = await chain(group.id, late.id);
    expect(crashed).toMatchObject({ attempt: 4, status: "created", payNow: true });
    expect((await atTheBank([crashed!])).authorizations).toHaveLength(1);
    expect((await atTheBank([crashed!])).transfers).toHaveLength(0);
    const again = await payNow(late.id, group.id, { periodNumber: 1, consent: true }, new Date());
    expect(again).toMatchObject({ ok: true, alreadyOnItsWay: true, transfer: { id: crashed!.id, status: "pending" } });
    const attempts = await chain(group.id, late.id);
    expect(attempts).toHaveLength(4);
    const bank = await atTheBank([attempts[3]!]);
    expect(bank.authorizations).toHaveLength(1);
    expect(bank.transfers).toHaveLength(1);
    await expectBalancedLedger();
  }, 240_000);
});

describe("the pages, as forms posted without JavaScript", () => {
  it("the group page shows the late contribution and the account; the forms choose an account, pay now, and the admin reminds once a day", async () => {
    const { renderRoute, textOf } = await import("../support/render");
    const { call, get, post } = await import("../support/routes");
    const { sessionJarFor } = await import("../support/users");
    const groupPage = await import("../../app/routes/groups.$groupId");
    const payPage = await import("../../app/routes/groups.$groupId.pay");
    const { takeToasts } = await import("../../app/server/notifications/toast.server");
    const { CookieJar } = await import("../support/routes");
    const toastsOf = async (setCookies: string[]) => {
      const jar = new CookieJar();
      jar.store(setCookies);
      const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
      return toasts.map((toast) => ({ title: toast.title, description: toast.description }));
    };
    const { group, late, admin, members } = shortMemberOn("2026-01-09"); // Friday January 9: declined
    const lateJar = await sessionJarFor(late.id);
    const view = await call(groupPage.loader, get(`/groups/${group.id}`, lateJar), { groupId: group.id });
    expect(view.status).toBe(200);
    const text = textOf(renderRoute(groupPage.default, `/groups/${group.id}`, view.data));
    expect(text).toContain(
      "Your $100.00 contribution did not go through Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Plaid Checking ••0000 again on Monday, January 12, 2026.",
    );
    expect(text).toContain("Paid from Your contributions to this group are taken from First Platypus Bank Plaid Checking ••0000");
    expect(text).toContain("Use First Platypus Bank Plaid Saving ••1111 for this group instead?");
    expect(text).not.toMatch(/again in \d+ days/);

    // Choose the savings account (a plain form post), then Pay now from it.
    const savings = await setSavingsBalance(late.id, 500_000);
    const chose = await call(groupPage.action, post(`/groups/${group.id}`, { intent: "debit-account", bankAccountId: savings.id }, lateJar), {
      groupId: group.id,
    });
    expect(chose.status).toBe(302);
    const bad = await call(groupPage.action, post(`/groups/${group.id}`, { intent: "debit-account", bankAccountId: "nope" }, lateJar), {
      groupId: group.id,
    });
    expect(bad.status).toBe(302);
    expect((await debitChoiceFor(late.id, group.id)).current).toMatchObject({ id: savings.id });

    // The admin sees the member, the amount, the wait and the rule, and reminds them: once, then not again that day.
    const adminJar = await sessionJarFor(members[0]!.id);
    const adminView = await call(groupPage.loader, get(`/groups/${group.id}`, adminJar), { groupId: group.id });
    const adminText = textOf(renderRoute(groupPage.default, `/groups/${group.id}`, adminView.data));
    expect(adminText).toContain(
      `Late contributions ${late.name}: $100.00 due Friday, January 9, 2026, waiting 0 days Next automatic attempt: Monday, January 12, 2026 (attempt 2).`,
    );
    expect(adminText).toContain("If it is still unpaid on Friday, January 23, 2026, Rosca's support team takes it up with you and the member.");
    const remind = () =>
      call(groupPage.action, post(`/groups/${group.id}`, { intent: "late-reminder", userId: late.id }, adminJar), { groupId: group.id });
    expect((await remind()).status).toBe(302);
    expect((await remind()).status).toBe(302);
    const nudges = await db().select().from(schema.lateContributionNudges).where(eq(schema.lateContributionNudges.groupId, group.id));
    expect(nudges.map((n) => [n.userId, n.kind])).toEqual([[late.id, "reminder"]]);
    // The refusal names the group's day and the day another can go (a request to pay now counts too).
    expect(await nudgeLateMembers(admin, group.id, late.id, "pay_now_request")).toEqual({
      ok: false,
      status: 429,
      error: `A reminder or request was already sent to ${late.name} today, Friday, January 9, 2026. You can send another on Saturday, January 10, 2026.`,
    });
    const bell = (await db().select().from(schema.notifications).where(eq(schema.notifications.userId, late.id))).map((n) => n.title);
    expect(bell.filter((title) => title === `Reminder: your contribution to ${group.name} is late`)).toHaveLength(1);
    // A member who is not the admin cannot remind anyone.
    const memberJar = await sessionJarFor(members[1]!.id);
    await call(groupPage.action, post(`/groups/${group.id}`, { intent: "late-reminder", userId: late.id }, memberJar), { groupId: group.id });
    expect(await db().select().from(schema.lateContributionNudges).where(eq(schema.lateContributionNudges.groupId, group.id))).toHaveLength(1);

    // Pay now: the page, a post without the consent (400, nothing made), then with it (one debit, from savings).
    const payView = await call(payPage.loader, get(`/groups/${group.id}/pay`, lateJar), { groupId: group.id });
    const payText = textOf(renderRoute(payPage.default, `/groups/${group.id}/pay`, payView.data));
    expect(payText).toContain("Amount $100.00");
    expect(payText).toContain("From First Platypus Bank Plaid Saving ••1111");
    // Its dates in the model's words (ADR 040): sent on Friday 9, collected on Monday 12 when it settles — the day the
    // schedule's "Collected" and the statement show — never "Collected on" the day it is sent.
    expect(payText).toContain(
      "Debit sent to your bank on Friday, January 9, 2026 To be collected on Monday, January 12, 2026: the day it settles, as the group's schedule and your statement show it (ACH business days).",
    );
    expect(payText).not.toContain("Collected on Friday");
    const refused = await call(payPage.action, post(`/groups/${group.id}/pay`, { periodNumber: "1" }, lateJar), { groupId: group.id });
    expect(refused).toMatchObject({ status: 400, data: { error: "Tick the box to authorise the debit." } });
    // A tampered period (unreadable, or not the one the page shows): said in words, not "Bad Request" nor "nothing to
    // pay" above a page that shows a contribution to pay; in Spanish too. Nothing is made (the attempts below).
    const notThis = "That payment is not one you can make now; the page shows the one you can.";
    for (const [periodNumber, status] of [
      ["abc", 400],
      ["99", 409],
    ] as const) {
      const tampered = await call(payPage.action, post(`/groups/${group.id}/pay`, { periodNumber, consent: "yes" }, lateJar), { groupId: group.id });
      expect(tampered).toMatchObject({ status, data: { error: notThis } });
    }
    const { translator } = await import("../../app/server/platform/locale.server");
    expect(translator("es-US")(notThis as never)).toBe("Ese pago no es uno que pueda hacer ahora; la página muestra el que puede hacer.");
    const paid = await call(payPage.action, post(`/groups/${group.id}/pay`, { periodNumber: "1", consent: "yes" }, lateJar), { groupId: group.id });
    expect(paid.status).toBe(302);
    expect(await toastsOf(paid.setCookies)).toEqual([
      {
        title: "Payment on its way",
        description:
          "The debit of $100.00 is sent to your bank on Friday, January 9, 2026 and expected to be collected on Monday, January 12, 2026, the day it settles and your statement shows it. The payout that waits for it goes out once it has arrived.",
      },
    ]);
    const attempts = await chain(group.id, late.id);
    expect(attempts.map((t) => [t.attempt, t.payNow, t.bankAccountId])).toEqual([
      [1, false, attempts[0]!.bankAccountId],
      [2, true, savings.id],
    ]);
  }, 240_000);
});
