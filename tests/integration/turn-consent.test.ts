/**
 * A turn never paid, resolved (issue 44, ADR 053 step 4): the recipient consents to be paid what arrived; the engine
 * pays that out, keeps what the missing member owes on `turn_debts`, and sends the rest when it arrives — exactly
 * once, whatever races it. Real PostgreSQL, the sandbox bank double over HTTP. Fixed days: the groups' clocks read
 * Tuesday January 6, 2026; weekly on Friday (period 1 due Friday January 9, its recipient the first member); the third
 * member's $100 contribution is declined three times (January 9, 12 and 15).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

process.env.DATABASE_POOL_SIZE = "20";
await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const { payNow } = await import("../../app/server/money/pay-now.server");
const { consentToPartialPayout, turnConsentView } = await import("../../app/server/money/turn-consent.server");
const { verifyLedger } = await import("../../app/server/money/verify.server");
const { armFailpoint, disarmFailpoints, SimulatedCrash } = await import("../../app/server/platform/failpoints.server");
const money = await import("../support/money");
const { returnTransfer } = await import("../support/bank");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { eq, sql } = await import("drizzle-orm");
const { formatCalendarDay } = await import("../../app/domain/format");

const NOW = new Date("2026-01-06T17:00:00Z");

afterEach(() => disarmFailpoints());

async function chain(groupId: string, userId: string) {
  return money.transfersOf(groupId, { kind: "contribution", userId, periodNumber: 1 });
}

/** Period 1's payouts, oldest attempt first. */
async function payouts(groupId: string) {
  return money.transfersOf(groupId, { kind: "payout", periodNumber: 1 });
}

/** The transfers the bank double made for these rows (by our row id in the metadata). */
async function atTheBank(rows: Array<{ id: string }>) {
  const { rows: transfers } = await db().execute<{ transfer_id: string; amount: string; type: string }>(
    sql`select transfer_id, to_char(amount_cents / 100.0, 'FM999999990.00') as amount, type from sandbox_plaid.transfers where metadata->>'rosca_transfer' = any(${`{${rows.map((r) => r.id).join(",")}}`}::text[])`,
  );
  return transfers;
}

/** The ledger sums to zero, no pool is negative, and ledger:verify's checks pass. */
async function expectBalancedLedger() {
  const balances = await money.ledgerBalances();
  expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
  for (const [key, cents] of balances) if (key.startsWith("group_pool")) expect(cents).toBeGreaterThanOrEqual(0);
  const verified = await verifyLedger();
  expect(verified.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`)).toEqual([]);
}

async function debtsOf(groupId: string) {
  return db().select().from(schema.turnDebts).where(eq(schema.turnDebts.groupId, groupId));
}

async function consentsOf(groupId: string) {
  return db().select().from(schema.turnConsents).where(eq(schema.turnConsents.groupId, groupId));
}

/** A TEXT value as the calendar file writes it (RFC 5545 section 3.3.11): backslashes, commas and semicolons escaped. */
const icsText = (text: string) => text.replace(/[\\;,]/g, "\\$&");

/**
 * The member's payout event for period `periodNumber` in their calendar file (/groups/{id}/calendar.ics, in the
 * language `Accept-Language` asks for when they chose none), unfolded: its DTSTART, SUMMARY and DESCRIPTION lines.
 */
async function calendarPayout(groupId: string, userId: string, { periodNumber = 1, language }: { periodNumber?: number; language?: string } = {}) {
  const calendar = await import("../../app/routes/groups.$groupId.calendar");
  const { get } = await import("../support/routes");
  const { sessionJarFor } = await import("../support/users");
  const request = get(`/groups/${groupId}/calendar.ics`, await sessionJarFor(userId));
  if (language) request.headers.set("Accept-Language", language);
  const response = (await calendar.loader({ request, params: { groupId } } as never)) as Response;
  expect(response.status).toBe(200);
  const events = (await response.text())
    .replace(/\r\n[ \t]/g, "")
    .split("BEGIN:VEVENT")
    .map((event) => event.split("\r\n"));
  const event = events.find((lines) => lines.includes(`UID:${groupId}-payout-${periodNumber}@rosca`));
  expect(event).toBeDefined();
  return ["DTSTART", "SUMMARY", "DESCRIPTION"].map((name) => event!.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`)));
}

async function bell(userId: string) {
  return (await db().select().from(schema.notifications).where(eq(schema.notifications.userId, userId))).map((n) => `${n.title}: ${n.body}`);
}

/**
 * A 3-member group whose third member has $50: declined on January 9, 12 and 15; the others' contributions arrived,
 * and the first member's turn (period 1, $300) waits. The group's clock is then on Thursday January 22 (13 days after
 * the due day), or `until` if given. Each test takes a group of its own, made before the file's tests (below).
 */
async function waitingTurn(until = "2026-01-22") {
  const taken = prepared.get(until)?.shift();
  if (!taken) throw new Error(`no prepared group left until ${until}: add one to TURNS`);
  expect((await chain(taken.group.id, taken.late.id)).map((t) => t.status)).toEqual(["declined", "declined", "declined"]);
  expect(await payouts(taken.group.id)).toEqual([]);
  return taken;
}

async function newWaitingTurn() {
  const started = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
  const late = started.members[2]!;
  const recipient = started.members[0]!;
  await money.setSandboxBalance(late.id, 5_000);
  await money.setGroupToday(started.group.id, "2026-01-06");
  const admin = { id: recipient.id, isAdmin: false };
  return { ...started, late, recipient, admin, middle: started.members[1]! };
}

/**
 * The groups the tests take, by the day their clock is on: made and moved there together before the tests (one page
 * of the engine's per day for all of them, money.advanceGroupsTo), not 11 times over day by day. The days up to
 * there are set-up: each test's subject starts from that day, on its own group.
 */
const TURNS: Record<string, number> = { "2026-01-21": 2, "2026-01-22": 2, "2026-01-23": 9 };
let prepared = new Map<string, Array<Awaited<ReturnType<typeof newWaitingTurn>>>>();

beforeAll(async () => {
  prepared = await money.groupsPreparedByDay(TURNS, newWaitingTurn);
}, 300_000);

/** Advance the group's clock a day at a time until `done` holds (at most `max` days). */
async function advanceUntil(admin: { id: string; isAdmin: boolean }, groupId: string, done: () => Promise<boolean>, max = 10) {
  for (let i = 0; i < max && !(await done()); i++) await cycle.advanceClock(admin, groupId, { days: 1 }, new Date());
  expect(await done()).toBe(true);
}

describe("the recipient's consent to be paid what arrived", () => {
  it("opens 14 days after the due day; pays out exactly what arrived; the rest follows once when the late member pays", async () => {
    const { group, late, recipient, middle, admin } = await waitingTurn();
    // Thursday January 22: 13 days, not yet; the group page says from when.
    const before = await turnConsentView(recipient.id, group.id, new Date());
    expect(before.offers).toMatchObject([{ periodNumber: 1, open: false, opensOn: "2026-01-23", arrivedCents: 20_000, payoutCents: 30_000 }]);
    expect(await consentToPartialPayout(recipient.id, group.id, 1, new Date())).toEqual({
      ok: false,
      status: 409,
      error: "You can accept what has arrived from Friday, January 23, 2026.",
    });
    await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    const view = await turnConsentView(recipient.id, group.id, new Date());
    expect(view.offers).toEqual([
      {
        groupId: group.id,
        periodNumber: 1,
        dueOn: "2026-01-09",
        opensOn: "2026-01-23",
        open: true,
        payoutCents: 30_000,
        arrivedCents: 20_000,
        arrived: [recipient, middle].map((m) => ({ name: m.name, amountCents: 10_000 })).sort((a, b) => a.name.localeCompare(b.name)),
        owed: [{ name: late.name, amountCents: 10_000 }],
        consequence: `You'll receive $200.00 now. The $100.00 ${late.name} still owes stays on the group's ledger as owed to you and is sent to you when it arrives.`,
      },
    ]);
    // Nobody else sees it, nor may consent.
    expect((await turnConsentView(late.id, group.id, new Date())).offers).toEqual([]);
    expect(await consentToPartialPayout(middle.id, group.id, 1, new Date())).toMatchObject({ ok: false, status: 403 });
    const outsider = await money.bankedMember("Outsider");
    expect(await consentToPartialPayout(outsider.id, group.id, 1, new Date())).toMatchObject({ ok: false, status: 404 });

    const consented = await consentToPartialPayout(recipient.id, group.id, 1, new Date());
    expect(consented).toMatchObject({ ok: true, alreadyGiven: false, arrivedCents: 20_000, owedCents: 10_000 });
    const [partial] = await payouts(group.id);
    expect(partial).toMatchObject({ userId: recipient.id, amountCents: 20_000, attempt: 1, initiatedOn: "2026-01-23", status: "pending" });
    expect((await atTheBank([partial!])).map((t) => [t.amount, t.type])).toEqual([["200.00", "credit"]]);
    expect((await debtsOf(group.id)).map((d) => [d.debtorUserId, d.recipientUserId, d.amountCents, d.status])).toEqual([
      [late.id, recipient.id, 10_000, "owed"],
    ]);
    expect(await bell(late.id)).toContain(
      `You owe ${recipient.name} $100.00 in ${group.name}: On Friday, January 23, 2026 ${recipient.name} accepted $200.00 for their turn (period 1) instead of waiting for your contribution. Your $100.00 contribution is still owed to them: pay it with Pay now on the group page and it is sent on to ${recipient.name} when it arrives.`,
    );
    // A second submit changes nothing.
    expect(await consentToPartialPayout(recipient.id, group.id, 1, new Date())).toMatchObject({ ok: true, alreadyGiven: true });
    expect(await payouts(group.id)).toHaveLength(1);

    // The partial payout settles; the group stays active while the debt is owed; nothing more goes out.
    await advanceUntil(
      admin,
      group.id,
      async () => (await payouts(group.id))[0]!.status === "funds_available" || (await payouts(group.id))[0]!.status === "settled",
    );
    for (let i = 0; i < 3; i++) await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    expect(await payouts(group.id)).toHaveLength(1);
    await expectBalancedLedger();

    // The late member pays with Pay now: when it arrives, the rest ($100) goes to the recipient once, and the debt is collected.
    await money.setSandboxBalance(late.id, 100_000);
    expect(await payNow(late.id, group.id, { periodNumber: 1, consent: true }, new Date())).toMatchObject({ ok: true });
    await advanceUntil(admin, group.id, async () => (await payouts(group.id)).length === 2);
    const [, rest] = await payouts(group.id);
    expect(rest).toMatchObject({ userId: recipient.id, amountCents: 10_000, attempt: 2 });
    expect(rest!.idempotencyKey).not.toBe(partial!.idempotencyKey);
    const [debt] = await debtsOf(group.id);
    expect(debt).toMatchObject({ status: "collected", restTransferId: rest!.id, collectedOn: rest!.initiatedOn });
    const sentOn = new Date(`${rest!.initiatedOn}T12:00:00Z`).toLocaleDateString("en-US", {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    expect(await bell(recipient.id)).toContain(
      `The rest of your ${group.name} payout is on its way: ${late.name}'s $100.00 contribution for period 1 arrived, and on ${sentOn} we sent it to you: the rest of your payout.`,
    );
    expect(await bell(late.id)).toContain(
      `Your $100.00 owed in ${group.name} is paid: Your contribution for period 1 arrived, and on ${sentOn} we sent the $100.00 on to ${recipient.name}. You owe nothing more for that turn.`,
    );
    for (let i = 0; i < 4; i++) await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    expect((await payouts(group.id)).map((p) => p.amountCents)).toEqual([20_000, 10_000]);
    expect((await atTheBank(await payouts(group.id))).map((t) => t.amount).sort()).toEqual(["100.00", "200.00"]);
    // The rest arrived and was sent on: the group page and the calendar file both name the whole $300.00, on the day the
    // page gives for it (the rest's arrival), and nothing is owed any more.
    const { call, get } = await import("../support/routes");
    const { sessionJarFor } = await import("../support/users");
    const groupPage = await import("../../app/routes/groups.$groupId");
    const [row] = (await call(groupPage.loader, get(`/groups/${group.id}`, await sessionJarFor(recipient.id)), { groupId: group.id })).data.group
      .schedule;
    expect(row.dates.arrival).toMatchObject({ planned: false });
    expect(await calendarPayout(group.id, recipient.id)).toEqual([
      `DTSTART;VALUE=DATE:${row.dates.arrival.day.replaceAll("-", "")}`,
      `SUMMARY:Your payout: ${icsText(group.name)} ($300.00)`,
      // Arrived (the page's "Arrived <day>"): said as done, in parts, on the last part's day; never "expected".
      `DESCRIPTION:${icsText(
        `Your payout of $300.00 from ${group.name} arrived in your bank account in parts, the last on ${formatCalendarDay(row.dates.arrival.day, "medium")} (period 1).`,
      )}`,
    ]);
    const given = (await turnConsentView(recipient.id, group.id, new Date())).given;
    expect(given).toMatchObject([
      { periodNumber: 1, consentedOn: "2026-01-23", arrivedCents: 20_000, debts: [{ name: late.name, status: "collected" }] },
    ]);
    // Sending the consent again now says what is true now: nothing is owed any more (QA pass 3: it said $100.00 still
    // was); in English and in Spanish. Nothing more is paid out.
    const acceptPage = await import("../../app/routes/groups.$groupId.accept-payout");
    const { post } = await import("../support/routes");
    const { takeToasts } = await import("../../app/server/notifications/toast.server");
    const { CookieJar } = await import("../support/routes");
    const resend = async (language?: string) => {
      const request = post(`/groups/${group.id}/accept-payout`, { periodNumber: "1", agree: "yes" }, await sessionJarFor(recipient.id));
      if (language) request.headers.set("Accept-Language", language);
      const answer = await call(acceptPage.action, request, { groupId: group.id });
      expect(answer.status).toBe(302);
      const jar = new CookieJar();
      jar.store(answer.setCookies);
      const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
      return toasts.map(({ title, description }) => [title, description]);
    };
    expect(await resend()).toEqual([
      [
        "You already accepted what arrived",
        "Nothing is owed to you for this turn any more: the $100.00 that was missing arrived and was sent on to you, after the $200.00 you accepted.",
      ],
    ]);
    expect(await resend("es-US")).toEqual([
      [
        "You already accepted what arrived",
        "Ya no se le debe nada por este turno: los $100.00 que faltaban llegaron y se le enviaron, después de los $200.00 que usted aceptó.",
      ],
    ]);
    expect((await payouts(group.id)).map((p) => p.amountCents)).toEqual([20_000, 10_000]);
    await expectBalancedLedger();
  }, 300_000);
});

describe("a turn whose recipient is the member who has not paid", () => {
  it("promises no recipient's choice: the admin's late contributions and support's list say the turn waits for their own contribution", async () => {
    const { group, late } = await waitingTurn("2026-01-23");
    const { lateContributions } = await import("../../app/server/money/late-contributions.server");
    const { moneyHealth } = await import("../../app/server/money/health.server");
    const { unpaidTurnCase, unpaidTurnRule } = await import("../../app/domain/failed-contribution");
    const { translator } = await import("../../app/server/platform/locale.server");
    // Period 1's turn becomes the late member's own (its recipient and period 3's trade places, as a swap does).
    const { rows } = await db().execute<{ id: string; user_id: string }>(
      sql`select id, user_id from group_members where group_id = ${group.id}::uuid`,
    );
    const lateMember = rows.find((row) => row.user_id === late.id)!.id;
    await db().transaction(async (tx) => {
      await tx.execute(sql`set constraints all deferred`);
      await tx.execute(sql`update group_periods set recipient_member_id = case period_number when 1 then ${lateMember}::uuid
        else (select recipient_member_id from group_periods where group_id = ${group.id}::uuid and period_number = 1) end
        where group_id = ${group.id}::uuid and period_number in (1, 3)`);
    });
    // The recipient may not accept less (ADR 053: a member cannot owe themselves).
    expect(await consentToPartialPayout(late.id, group.id, 1, new Date())).toMatchObject({ ok: false, status: 409 });

    const entry = (await lateContributions({ groupId: group.id })).find((row) => row.userId === late.id && row.periodNumber === 1)!;
    expect(entry.ownTurn).toBe(true);
    const rule = unpaidTurnRule(entry.dueOn, entry.today, undefined, entry.ownTurn);
    expect(rule).toContain(
      "The member is this turn's recipient, so the turn waits for their own contribution; nobody can accept what has arrived in its place.",
    );
    expect(rule).not.toContain("may choose");
    expect(unpaidTurnRule(entry.dueOn, entry.today, { t: translator("es-US"), locale: "es-US" }, entry.ownTurn)).toContain(
      "El miembro es quien recibe el pozo en este turno, así que el turno espera su propio aporte; nadie puede aceptar lo que llegó en su lugar.",
    );
    // Period 2's recipient is someone else: the choice is theirs to make.
    const other = (await lateContributions({ groupId: group.id })).find((row) => row.userId === late.id && row.periodNumber === 2);
    if (other) expect(other.ownTurn).toBe(false);

    const health = await moneyHealth(500, new Date());
    const listed = health.unpaidTurns.find((turn) => turn.groupId === group.id && turn.periodNumber === 1)!;
    expect(listed).toMatchObject({ memberName: late.name, ownTurn: true });
    const words = unpaidTurnCase(listed);
    expect(words.action).toBe(
      `Take it up with ${listed.adminName} and ${late.name}: agree when ${late.name} pays it with Pay now. The payout waits for it; Rosca lends nothing. ${late.name} is this turn's recipient, so the turn waits for their own contribution.`,
    );
    expect(words.emailBody).not.toContain("may also choose");
    expect(unpaidTurnCase(listed, { t: translator("es-US"), locale: "es-US" }).action).toBe(
      `Trátelo con ${listed.adminName} y ${late.name}: acuerden cuándo ${late.name} lo paga con Pagar ahora. El pago del pozo lo espera; Rosca no presta nada. ${late.name} recibe el pozo en este turno, así que el turno espera su propio aporte.`,
    );
  }, 120_000);
});

describe("when the payout of what arrived comes back", () => {
  it("a returned partial payout goes back to the pool and is sent again for what arrived, once; the debt stays owed", async () => {
    const { group, recipient, admin } = await waitingTurn("2026-01-23");
    expect(await consentToPartialPayout(recipient.id, group.id, 1, new Date())).toMatchObject({ ok: true });
    await advanceUntil(admin, group.id, async () => (await payouts(group.id))[0]!.status === "settled");
    const [first] = await payouts(group.id);
    const returned = await returnTransfer(first!.providerTransferId!, "R03");
    expect(returned.ok).toBe(true);
    await cycle.syncBankEvents(new Date());
    expect((await payouts(group.id)).map((p) => p.status)).toEqual(["returned"]);
    expect((await money.ledgerBalances()).get(`group_pool:${group.id}`)).toBeGreaterThanOrEqual(20_000);
    await advanceUntil(admin, group.id, async () => (await payouts(group.id)).length === 2);
    const again = await payouts(group.id);
    expect(again.map((p) => [p.attempt, p.amountCents])).toEqual([
      [1, 20_000],
      [2, 20_000],
    ]);
    const [consent] = await consentsOf(group.id);
    expect(consent!.payoutTransferId).toBe(again[1]!.id);
    expect((await debtsOf(group.id)).map((d) => d.status)).toEqual(["owed"]);
    for (let i = 0; i < 3; i++) await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    expect(await payouts(group.id)).toHaveLength(2);
    await expectBalancedLedger();
  }, 300_000);
});

describe("when the payout of what arrived fails at the bank, the page and the calendar file say so", () => {
  /** The bank fails a pending payout (Plaid's /sandbox/transfer/simulate: pending → failed), and we hear of it. */
  async function failAtTheBank(row: { providerTransferId: string | null }) {
    const { plaidCall } = await import("../../app/server/bank/plaid.server");
    const failed = await plaidCall((api) => api.sandboxTransferSimulate({ transfer_id: row.providerTransferId!, event_type: "failed" }));
    expect(failed.ok).toBe(true);
    await cycle.syncBankEvents(new Date());
  }

  it("failed on its day and sent again on the day the engine does; after the third failure, not sent again and who acts", async () => {
    const { renderRoute, textOf } = await import("../support/render");
    const { call, get } = await import("../support/routes");
    const { sessionJarFor } = await import("../support/users");
    const groupPage = await import("../../app/routes/groups.$groupId");
    const { group, late, recipient, admin } = await waitingTurn("2026-01-23");
    const jar = await sessionJarFor(recipient.id);
    const page = async () => {
      const view = await call(groupPage.loader, get(`/groups/${group.id}`, jar), { groupId: group.id });
      expect(view.status).toBe(200);
      return { data: view.data, text: textOf(renderRoute(groupPage.default, `/groups/${group.id}`, view.data)) };
    };
    const owed = `$100.00 still owed by ${late.name}, sent on when it arrives`;

    // Friday January 23: the consent; the bank accepted the payout of what arrived.
    expect(await consentToPartialPayout(recipient.id, group.id, 1, new Date())).toMatchObject({ ok: true });
    const [first] = await payouts(group.id);
    expect(first).toMatchObject({ amountCents: 20_000, attempt: 1, status: "pending", initiatedOn: "2026-01-23" });
    expect((await page()).text).toContain(`Expected in your bank Jan 26, 2026 $200.00 sent on Jan 23, 2026 ${owed} Pending`);

    // The bank fails it the same day: nothing was sent; the engine sends it again three days later, Monday January 26.
    await failAtTheBank(first!);
    expect((await payouts(group.id)).map((p) => [p.status, p.statusOn])).toEqual([["failed", "2026-01-23"]]);
    const failed = await page();
    expect(failed.data.group.schedule[0].partial.payout).toEqual({ state: "failed", on: "2026-01-23", againOn: "2026-01-26" });
    const failedLine = "$200.00 failed on Jan 23, 2026; it will be sent again on Jan 26, 2026";
    expect(failed.text).not.toContain("$200.00 sent");
    expect(failed.text).toContain(`Amount ${failedLine} ${owed}`);
    expect(failed.text).toContain(`Payout goes out Jan 26, 2026 Expected in your bank Jan 27, 2026 ${failedLine} ${owed} Pending`);
    expect(failed.text).toContain(
      "The payout did not go through: we'll send it again on January 26, 2026, and it is expected in your bank account on January 27, 2026.",
    );
    expect(failed.text).not.toContain("waits until every contribution is in");
    // The admin console's money-health panel: the payout of what arrived ($200.00, not the $300.00 pot), sent again.
    const { moneyHealth } = await import("../../app/server/money/health.server");
    const waitingPayout = async () =>
      (await moneyHealth(50, new Date())).waiting
        .filter((v) => v.groupId === group.id && v.kind === "payout")
        .map((v) => [v.periodNumber, v.next, v.whatHappened, v.whatWillHappen]);
    expect(await waitingPayout()).toEqual([
      [1, "retry", "Failed, attempt 1 of 3", `Sends the period 1 payout of $200.00 to ${recipient.name} again on January 26, 2026 (attempt 2 of 3).`],
    ]);
    expect(await calendarPayout(group.id, recipient.id)).toEqual([
      "DTSTART;VALUE=DATE:20260127",
      `SUMMARY:Your payout: ${icsText(group.name)} ($200.00)`,
      `DESCRIPTION:${icsText(`Your payout of $200.00 from ${group.name} is expected in your bank account (period 1). ${failedLine}. ${owed}.`)}`,
    ]);
    expect(await calendarPayout(group.id, recipient.id, { language: "es-US" })).toEqual([
      "DTSTART;VALUE=DATE:20260127",
      `SUMMARY:Su pago del pozo: ${icsText(group.name)} ($200.00)`,
      `DESCRIPTION:${icsText(
        `Se espera en su cuenta bancaria su pago del pozo de $200.00 de ${group.name} (período 1). El envío de $200.00 falló el 23 ene 2026; se enviarán de nuevo el 26 ene 2026. $100.00 que todavía debe ${late.name}, se envían cuando lleguen.`,
      )}`,
    ]);

    // The engine keeps its word: the second payout is made on Monday January 26, and the page says it was sent then.
    await advanceUntil(admin, group.id, async () => (await payouts(group.id)).length === 2);
    const [, second] = await payouts(group.id);
    expect(second).toMatchObject({ amountCents: 20_000, attempt: 2, status: "pending", initiatedOn: "2026-01-26" });
    expect((await page()).text).toContain(`Amount $200.00 sent on Jan 26, 2026 ${owed}`);

    // It fails too, and the third (Thursday January 29): three failed payouts, so the engine stops; the money-health panel
    // lists it for Rosca's support team, and the page and the file say so (never "waits for contributions").
    await failAtTheBank(second!);
    await advanceUntil(admin, group.id, async () => (await payouts(group.id)).length === 3);
    const [, , third] = await payouts(group.id);
    expect(third).toMatchObject({ attempt: 3, status: "pending", initiatedOn: "2026-01-29" });
    await failAtTheBank(third!);
    for (let i = 0; i < 4; i++) await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    expect((await payouts(group.id)).map((p) => [p.attempt, p.status])).toEqual([
      [1, "failed"],
      [2, "failed"],
      [3, "failed"],
    ]);
    const stopped = await page();
    const stoppedLine = "$200.00 failed on Jan 29, 2026 and will not be sent again automatically; Rosca's support team has been told";
    expect(stopped.text).toContain(`Amount ${stoppedLine} ${owed}`);
    expect(stopped.text).toContain(
      "The payout did not go through after 3 attempts and will not be sent again automatically; Rosca's support team has been told.",
    );
    expect(stopped.text).not.toContain("$200.00 sent");
    expect(await calendarPayout(group.id, recipient.id)).toEqual([
      "DTSTART;VALUE=DATE:20260109",
      `SUMMARY:Your payout: ${icsText(group.name)} ($200.00)`,
      `DESCRIPTION:${icsText(`Your payout of $200.00 from ${group.name} is not on its way (period 1). ${stoppedLine}. ${owed}.`)}`,
    ]);
    expect(await waitingPayout()).toEqual([
      [
        1,
        "no-retry",
        "Failed, attempt 3 of 3",
        `Nothing automatic: 3 attempts failed, so the period 1 payout of $200.00 to ${recipient.name} is not sent again by itself; the money stays in the pool.`,
      ],
    ]);
    await expectBalancedLedger();
  }, 300_000);
});

describe("exactly once, whatever races it", () => {
  it("two consents at once: one consent, one payout at the bank", async () => {
    const { group, recipient } = await waitingTurn("2026-01-23");
    const results = await Promise.all([
      consentToPartialPayout(recipient.id, group.id, 1, new Date()),
      consentToPartialPayout(recipient.id, group.id, 1, new Date()),
    ]);
    expect(results.map((r) => r.ok && r.alreadyGiven).sort()).toEqual([false, true]);
    expect(await consentsOf(group.id)).toHaveLength(1);
    expect(await debtsOf(group.id)).toHaveLength(1);
    const made = await payouts(group.id);
    expect(made.map((p) => p.amountCents)).toEqual([20_000]);
    expect(await atTheBank(made)).toHaveLength(1);
    await expectBalancedLedger();
  }, 300_000);

  it("consent racing the scheduled payout run: one partial payout, one transfer", async () => {
    const { group, recipient } = await waitingTurn("2026-01-23");
    const [consented] = await Promise.all([consentToPartialPayout(recipient.id, group.id, 1, new Date()), cycle.processGroup(group.id, new Date())]);
    expect(consented.ok).toBe(true);
    await cycle.processGroup(group.id, new Date());
    const made = await payouts(group.id);
    expect(made.map((p) => p.amountCents)).toEqual([20_000]);
    expect(await atTheBank(made)).toHaveLength(1);
    await expectBalancedLedger();
  }, 300_000);

  it("consent racing the late contribution's arrival: either the full payout or what arrived plus the rest, never more than the pot", async () => {
    const { group, late, recipient, admin } = await waitingTurn("2026-01-21");
    // Wednesday January 21: Pay now; the debit settles on the 22nd and its money is available on the 23rd.
    await money.setSandboxBalance(late.id, 100_000);
    expect(await payNow(late.id, group.id, { periodNumber: 1, consent: true }, new Date())).toMatchObject({ ok: true });
    await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    expect(await payouts(group.id)).toEqual([]);
    // Friday January 23: the day's run (the contribution becomes available, the payout is due) and the consent at once.
    await money.setGroupToday(group.id, "2026-01-23");
    const [consented] = await Promise.all([consentToPartialPayout(recipient.id, group.id, 1, new Date()), cycle.processGroup(group.id, new Date())]);
    for (let i = 0; i < 5; i++) await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    const made = (await payouts(group.id)).map((p) => p.amountCents);
    if (consented.ok) {
      expect(made).toEqual([20_000, 10_000]);
      expect((await debtsOf(group.id)).map((d) => d.status)).toEqual(["collected"]);
    } else {
      expect(consented).toEqual({
        ok: false,
        status: 409,
        error: "Every contribution for this turn has arrived: the full payout goes out by itself.",
      });
      expect(made).toEqual([30_000]);
      expect(await consentsOf(group.id)).toEqual([]);
    }
    expect(await atTheBank(await payouts(group.id))).toHaveLength(made.length);
    await expectBalancedLedger();
  }, 300_000);

  it("the late contribution arrived first: the full payout went out, and a consent is refused", async () => {
    const { group, late, recipient, admin } = await waitingTurn("2026-01-21");
    await money.setSandboxBalance(late.id, 100_000);
    expect(await payNow(late.id, group.id, { periodNumber: 1, consent: true }, new Date())).toMatchObject({ ok: true });
    await cycle.advanceClock(admin, group.id, { days: 2 }, new Date());
    expect((await payouts(group.id)).map((p) => p.amountCents)).toEqual([30_000]);
    expect(await consentToPartialPayout(recipient.id, group.id, 1, new Date())).toEqual({
      ok: false,
      status: 409,
      error: "This turn's payout has already gone out.",
    });
    expect(await consentsOf(group.id)).toEqual([]);
    expect((await turnConsentView(recipient.id, group.id, new Date())).offers).toEqual([]);
    await expectBalancedLedger();
  }, 300_000);

  it("a crash between the consent and the payout: the consent stands, the group's next run makes the one payout", async () => {
    const { group, recipient } = await waitingTurn("2026-01-23");
    armFailpoint("inside-payout-transaction");
    await expect(consentToPartialPayout(recipient.id, group.id, 1, new Date())).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await consentsOf(group.id)).toHaveLength(1);
    expect(await payouts(group.id)).toEqual([]);
    await cycle.processGroup(group.id, new Date());
    const made = await payouts(group.id);
    expect(made.map((p) => [p.amountCents, p.status])).toEqual([[20_000, "pending"]]);
    expect(await atTheBank(made)).toHaveLength(1);
    // A repeat of the consent (the member pressing again after the error) finds it and makes nothing more.
    expect(await consentToPartialPayout(recipient.id, group.id, 1, new Date())).toMatchObject({ ok: true, alreadyGiven: true });
    expect(await payouts(group.id)).toHaveLength(1);
    await expectBalancedLedger();
  }, 300_000);

  it("a crash between the bank's authorization and the create: the next run sends the same row; one transfer", async () => {
    const { group, recipient } = await waitingTurn("2026-01-23");
    armFailpoint("after-bank-authorization");
    await expect(consentToPartialPayout(recipient.id, group.id, 1, new Date())).rejects.toBeInstanceOf(SimulatedCrash);
    const [crashed] = await payouts(group.id);
    expect(crashed).toMatchObject({ amountCents: 20_000, status: "created" });
    expect(await atTheBank([crashed!])).toHaveLength(0);
    // Until the next run sends it, the page says it is being sent, in every line: never "Payout sent" for a payout the
    // bank has not got.
    const { renderRoute, textOf } = await import("../support/render");
    const { call, get } = await import("../support/routes");
    const { sessionJarFor } = await import("../support/users");
    const groupPage = await import("../../app/routes/groups.$groupId");
    const view = await call(groupPage.loader, get(`/groups/${group.id}`, await sessionJarFor(recipient.id)), { groupId: group.id });
    expect(view.data.group.schedule[0].dates).toMatchObject({
      sent: { day: "2026-01-23", planned: true },
      arrival: { day: "2026-01-26", planned: true },
    });
    const text = textOf(renderRoute(groupPage.default, `/groups/${group.id}`, view.data));
    expect(text).toContain("Payout goes out Jan 23, 2026 Expected in your bank Jan 26, 2026 $200.00 being sent");
    expect(text).not.toContain("Payout sent");
    await cycle.processGroup(group.id, new Date());
    const made = await payouts(group.id);
    expect(made.map((p) => [p.id, p.status])).toEqual([[crashed!.id, "pending"]]);
    expect(await atTheBank(made)).toHaveLength(1);
    await expectBalancedLedger();
  }, 300_000);

  it("a crash after the bank made the transfer, before we recorded it: the next run finds the same transfer", async () => {
    const { group, recipient } = await waitingTurn("2026-01-23");
    armFailpoint("after-bank-create");
    await expect(consentToPartialPayout(recipient.id, group.id, 1, new Date())).rejects.toBeInstanceOf(SimulatedCrash);
    const [crashed] = await payouts(group.id);
    expect(crashed).toMatchObject({ amountCents: 20_000, status: "created", providerTransferId: null });
    expect(await atTheBank([crashed!])).toHaveLength(1);
    await cycle.processGroup(group.id, new Date());
    const made = await payouts(group.id);
    expect(made.map((p) => [p.id, p.status])).toEqual([[crashed!.id, "pending"]]);
    expect(made[0]!.providerTransferId).toBe((await atTheBank(made))[0]!.transfer_id);
    expect(await atTheBank(made)).toHaveLength(1);
    await expectBalancedLedger();
  }, 300_000);

  it("the database refuses a payout of a consented turn beyond what arrived", async () => {
    const { group, recipient } = await waitingTurn("2026-01-23");
    await consentToPartialPayout(recipient.id, group.id, 1, new Date());
    const insert = db().execute(sql`
      insert into bank_transfers (idempotency_key, kind, group_id, period_number, user_id, attempt, amount_cents, initiated_on, status_on)
      values (${`payout:${group.id}:1:${recipient.id}:9`}, 'payout', ${group.id}::uuid, 1, ${recipient.id}::uuid, 9, 10000, '2026-01-23', '2026-01-23')`);
    await expect(insert).rejects.toMatchObject({ cause: { code: "23514" } });
    const collected = db().execute(sql`update turn_debts set status = 'collected' where group_id = ${group.id}::uuid`);
    await expect(collected).rejects.toMatchObject({ cause: { code: "23514" } });
  }, 300_000);
});

describe("the pages, as forms posted without JavaScript", () => {
  it("the recipient sees what arrived and what is missing, and accepts with the box ticked; anyone else is refused", async () => {
    const { renderRoute, textOf } = await import("../support/render");
    const { call, get, post } = await import("../support/routes");
    const { sessionJarFor } = await import("../support/users");
    const groupPage = await import("../../app/routes/groups.$groupId");
    const acceptPage = await import("../../app/routes/groups.$groupId.accept-payout");
    const { group, late, recipient, middle, admin } = await waitingTurn();
    const recipientJar = await sessionJarFor(recipient.id);
    const pageText = async (jar: Awaited<ReturnType<typeof sessionJarFor>>) => {
      const view = await call(groupPage.loader, get(`/groups/${group.id}`, jar), { groupId: group.id });
      expect(view.status).toBe(200);
      return textOf(renderRoute(groupPage.default, `/groups/${group.id}`, view.data));
    };
    // Thursday January 22: what arrived and what is missing, and the day the choice opens.
    expect(await pageText(recipientJar)).toContain(
      `Your payout waits for ${late.name} Your $300.00 payout (turn 1, due Friday, January 9, 2026) waits because a contribution hasn't arrived. Rosca doesn't lend the missing money.`,
    );
    expect(await pageText(recipientJar)).toContain(
      `If it is still missing on Friday, January 23, 2026, you can choose here to be paid the $200.00 that has arrived; what ${late.name} owes would stay owed to you and be sent to you when it arrives.`,
    );
    // While the turn waits, its calendar event names no day the page does not: the page says "Not sent yet" and the due
    // day it waits on, and so does the file (not a day it is expected in the bank, which nobody can tell yet).
    expect(await calendarPayout(group.id, recipient.id)).toEqual([
      "DTSTART;VALUE=DATE:20260109",
      `SUMMARY:Your payout: ${icsText(group.name)} ($300.00)`,
      `DESCRIPTION:${icsText(`Your payout of $300.00 from ${group.name} is not sent yet: it waits for contributions due Jan 9, 2026 (period 1).`)}`,
    ]);
    expect(await calendarPayout(group.id, recipient.id, { language: "es-US" })).toEqual([
      "DTSTART;VALUE=DATE:20260109",
      `SUMMARY:Su pago del pozo: ${icsText(group.name)} ($300.00)`,
      `DESCRIPTION:${icsText(`Su pago del pozo de $300.00 de ${group.name} aún no se envía: espera los aportes con fecha de pago del 9 ene 2026 (período 1).`)}`,
    ]);
    // The second member sees their own turn (period 2, which waits on the same member), not the first's.
    const middleText = await pageText(await sessionJarFor(middle.id));
    expect(middleText).toContain("Your $300.00 payout (turn 2, due Friday, January 16, 2026) waits");
    expect(middleText).not.toContain("(turn 1, due");

    await cycle.advanceClock(admin, group.id, { days: 1 }, new Date());
    const text = await pageText(recipientJar);
    expect(text).toContain(`Missing: $100.00 ${late.name}: $100.00`);
    expect(text).toContain(
      `You'll receive $200.00 now. The $100.00 ${late.name} still owes stays on the group's ledger as owed to you and is sent to you when it arrives.`,
    );
    expect(text).toContain("Accept $200.00 now");

    const accept = (fields: Record<string, string>, jar: Awaited<ReturnType<typeof sessionJarFor>>) =>
      call(acceptPage.action, post(`/groups/${group.id}/accept-payout`, fields, jar), { groupId: group.id });
    // Without the box: 400, nothing made, and the page shows the form again with the message.
    const unticked = await accept({ periodNumber: "1" }, recipientJar);
    expect(unticked).toMatchObject({ status: 400, data: { error: "Tick the box to accept what has arrived.", periodNumber: 1 } });
    const again = await call(acceptPage.loader, get(`/groups/${group.id}/accept-payout`, recipientJar), { groupId: group.id });
    const againText = textOf(renderRoute(acceptPage.default, `/groups/${group.id}/accept-payout`, again.data, unticked.data));
    expect(againText).toContain("Tick the box to accept what has arrived.");
    expect(againText).toContain("Accept $200.00 now");
    // Another member: 403; someone outside the group: 404; a malformed period: 400. Nothing made.
    expect((await accept({ periodNumber: "1", agree: "yes" }, await sessionJarFor(middle.id))).status).toBe(403);
    expect((await accept({ periodNumber: "1", agree: "yes" }, await sessionJarFor(late.id))).status).toBe(403);
    const outsider = await money.bankedMember("Outsider");
    expect((await accept({ periodNumber: "1", agree: "yes" }, await sessionJarFor(outsider.id))).status).toBe(404);
    // A tampered period: no such turn, in words (not "Bad Request"), shown on this page; in Spanish too.
    expect(await accept({ periodNumber: "x", agree: "yes" }, recipientJar)).toMatchObject({
      status: 400,
      data: { error: "There is no such turn in this group.", periodNumber: null },
    });
    const noSuchTurn = await accept({ periodNumber: "99", agree: "yes" }, recipientJar);
    expect(noSuchTurn).toMatchObject({ status: 404, data: { error: "There is no such turn in this group.", periodNumber: 99 } });
    const spanishPost = post(`/groups/${group.id}/accept-payout`, { periodNumber: "x", agree: "yes" }, recipientJar);
    spanishPost.headers.set("Accept-Language", "es-US");
    const spanishAgain = await call(acceptPage.loader, get(`/groups/${group.id}/accept-payout`, recipientJar), { groupId: group.id });
    const { translator } = await import("../../app/server/platform/locale.server");
    const spanishError = (await call(acceptPage.action, spanishPost, { groupId: group.id })).data.error;
    expect(translator("es-US")(spanishError as never)).toBe("No existe ese turno en esta tanda.");
    expect(textOf(renderRoute(acceptPage.default, `/groups/${group.id}/accept-payout`, spanishAgain.data, noSuchTurn.data))).toContain(
      "There is no such turn in this group.",
    );
    expect(await consentsOf(group.id)).toEqual([]);

    const accepted = await accept({ periodNumber: "1", agree: "yes" }, recipientJar);
    expect(accepted.status).toBe(302);
    expect((await payouts(group.id)).map((p) => p.amountCents)).toEqual([20_000]);
    const after = await pageText(recipientJar);
    expect(after).toContain(`Still owed to you On Friday, January 23, 2026 you accepted $200.00 for turn 1.`);
    expect(after).toContain(`${late.name} owes you $100.00: it is sent to you when it arrives.`);
    expect(after).not.toContain("Accept $200.00 now");
    // The member who owes reads it on the group page, with whom and how much.
    const lateText = await pageText(await sessionJarFor(late.id));
    expect(lateText).toContain(
      `You owe ${recipient.name} $100.00 On Friday, January 23, 2026 ${recipient.name} accepted what had arrived for turn 1 instead of waiting for your contribution. Your $100.00 is still owed to them: pay it with Pay now (above) and it is sent on to ${recipient.name} when it arrives.`,
    );
    // The late member's alert (group page and dashboard) says what happened, not that the payout waits; Pay now asks for what is owed.
    const owedMessage = `${recipient.name} accepted $200.00 on Friday, January 23, 2026 instead of waiting for this contribution. You owe $100.00 to ${recipient.name}, to be sent to them when it arrives: pay it now from the group page.`;
    expect(lateText).toContain(`Your $100.00 contribution did not go through ${owedMessage}`);
    expect(lateText).toContain("Pay $100.00 now");
    const dashboard = await import("../../app/routes/dashboard");
    const home = await call(dashboard.loader, get("/dashboard", await sessionJarFor(late.id)), {});
    const period1 = home.data.late.find((l: { groupId: string; periodNumber: number }) => l.groupId === group.id && l.periodNumber === 1);
    expect(period1).toMatchObject({
      amountCents: 10_000,
      message: owedMessage,
      consent: { recipientName: recipient.name, acceptedOn: "2026-01-23", arrivedCents: 20_000, owedCents: 10_000 },
    });
    const homeText = textOf(renderRoute(dashboard.default, "/dashboard", home.data));
    expect(homeText).toContain(`Your $100.00 contribution to ${group.name} did not go through ${owedMessage}`);
    // The payout schedule (and the Next Payout card while the turn is the next one) show what was sent and what is owed, by whom.
    const sentAndOwed = `$200.00 sent on Jan 23, 2026 $100.00 still owed by ${late.name}, sent on when it arrives`;
    const recipientView = await call(groupPage.loader, get(`/groups/${group.id}`, recipientJar), { groupId: group.id });
    expect(recipientView.data.group.schedule[0]).toMatchObject({
      amountCents: 30_000,
      partial: {
        arrivedCents: 20_000,
        consentedOn: "2026-01-23",
        debts: [{ name: late.name, amountCents: 10_000, status: "owed", collectedOn: null }],
      },
    });
    const scheduleText = textOf(renderRoute(groupPage.default, `/groups/${group.id}`, recipientView.data));
    // No days-until line: the recipient has no contribution ahead (their card says "None scheduled"), so none is counted.
    expect(scheduleText).toContain(
      `Next Payout Recipient You Expected in your bank January 26, 2026 Amount ${sentAndOwed} The payout was sent on January 23, 2026`,
    );
    expect(scheduleText).toContain("Next contribution None scheduled");
    expect(scheduleText).toContain(`Expected in your bank Jan 26, 2026 ${sentAndOwed} Pending 2`);
    // The calendar file says the same: what was sent, on the day it is expected, and what is still owed, by whom; in
    // English and in Spanish (the member chose no language, so their browser's).
    expect(await calendarPayout(group.id, recipient.id)).toEqual([
      "DTSTART;VALUE=DATE:20260126",
      `SUMMARY:Your payout: ${icsText(group.name)} ($200.00)`,
      `DESCRIPTION:${icsText(`Your payout of $200.00 from ${group.name} is expected in your bank account (period 1). $100.00 still owed by ${late.name}, sent on when it arrives.`)}`,
    ]);
    expect(await calendarPayout(group.id, recipient.id, { language: "es-US" })).toEqual([
      "DTSTART;VALUE=DATE:20260126",
      `SUMMARY:Su pago del pozo: ${icsText(group.name)} ($200.00)`,
      `DESCRIPTION:${icsText(`Se espera en su cuenta bancaria su pago del pozo de $200.00 de ${group.name} (período 1). $100.00 que todavía debe ${late.name}, se envían cuando lleguen.`)}`,
    ]);
    // The group admin's Late contributions card: what happened, and what is owed to whom.
    expect(after).toContain(
      `${recipient.name} accepted $200.00 on Friday, January 23, 2026; ${late.name} owes $100.00 to ${recipient.name}, to be sent to them when it arrives.`,
    );
    // Paid with Pay now: the panel says it is on its way, never "pay it with Pay now (above)", which would now pay another.
    await money.setSandboxBalance(late.id, 100_000);
    expect(await payNow(late.id, group.id, { periodNumber: 1, consent: true }, new Date())).toMatchObject({ ok: true });
    const paidText = await pageText(await sessionJarFor(late.id));
    expect(paidText).toContain(
      `You owe ${recipient.name} $100.00 On Friday, January 23, 2026 ${recipient.name} accepted what had arrived for turn 1 instead of waiting for your contribution. Your payment of $100.00 is on its way: it is sent on to ${recipient.name} when it arrives.`,
    );
    expect(paidText).not.toContain("pay it with Pay now (above)");
  }, 300_000);
});
