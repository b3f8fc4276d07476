/**
 * Plaid's `expected_funds_available_date` (issue 43, ADR 049, ADR 040), through real HTTP to the sandbox bank: the bank
 * dates each debit when it makes it (settlement, then the client's Ledger hold, on the ACH calendar), the engine
 * stores the date with the transfer, and the payout is planned, shown and sent from it — a day later when the bank's
 * hold is a day longer than our calendar estimate, a day earlier when it is shorter. Never before the money is
 * available: the sandbox settler makes it available on the bank's day, and a payout waits for every contribution's.
 *
 * The group's clock reads Tuesday January 6, 2026 (weekly on Friday: period 1 due Friday January 9). The estimate:
 * collected Monday 12, available Tuesday 13, paid out Tuesday 13, arrives Wednesday 14 (payment-dates.test.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute, textOf } from "../support/render";
import { call, get } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

const { bank, databaseUrl } = await useTestDatabase({ bank: true });
const groupPage = await import("../../app/routes/groups.$groupId");
const dashboard = await import("../../app/routes/dashboard");
const calendar = await import("../../app/routes/groups.$groupId.calendar");
const { advanceClock } = await import("../../app/server/money/cycle.server");
const { listMessages } = await import("../../sandbox/postmark/store");
const { addBankDays } = await import("../../app/domain/bank-days");
const { todayIn } = await import("../../app/domain/schedule");
const money = await import("../support/money");
const { sessionJarFor } = await import("../support/users");
const { db } = await import("../../app/server/db/client.server");
const { sql } = await import("drizzle-orm");

const NOW = new Date("2026-01-06T17:00:00Z");

afterEach(() => bank!.setFundsHold(1));

async function groupOnJanuarySixth(name: string) {
  const started = await money.startedGroup({ now: NOW, balanceCents: 100_000, draft: { name } });
  await money.setGroupToday(started.group.id, "2026-01-06");
  return started;
}

async function groupView(userId: string, groupId: string) {
  const result = await call(groupPage.loader, get(`/groups/${groupId}`, await sessionJarFor(userId)), { groupId });
  expect(result.status).toBe(200);
  return { data: result.data, text: textOf(renderRoute(groupPage.default, `/groups/${groupId}`, result.data)) };
}

/** What the bank answers for our transfers: its expected_funds_available_date, by our row. */
async function bankDates(groupId: string) {
  const { rows } = await db().execute<{ kind: string; expected: string | null; created_at: string }>(sql`
    select t.kind, p.expected_funds_available_date as expected, p.created_at::text
    from bank_transfers t join sandbox_plaid.transfers p on p.transfer_id = t.provider_transfer_id
    where t.group_id = ${groupId} order by t.kind, t.user_id`);
  return rows;
}

const planned = (day: string) => ({ day, planned: true });
const done = (day: string) => ({ day, planned: false });

describe("Plaid's expected_funds_available_date", () => {
  it("a hold a day longer than the estimate: stored with each contribution, and the payout goes out and arrives a day later on every surface", async () => {
    // The client's Ledger holds a debit two bank days after settlement (Plaid: "typically 2-5 days"), not one.
    bank!.setFundsHold(2);
    const { group, members } = await groupOnJanuarySixth("Hold Fund");
    const [first, second] = [members[0]!, members[1]!];
    const advance = (days: number) => advanceClock({ id: first.id, isAdmin: false }, group.id, { days }, new Date());

    // Friday January 9: the debits are made, and the bank dates them.
    expect(await advance(3)).toMatchObject({ ok: true, today: "2026-01-09" });
    const atBank = await bankDates(group.id);
    expect(atBank.map((row) => row.kind)).toEqual(["contribution", "contribution", "contribution"]);
    for (const row of atBank) {
      // On the bank's own (real) clock: made today in New York, settled a bank day later, then two bank days' hold.
      expect(row.expected).toBe(addBankDays(todayIn("America/New_York", new Date(row.created_at)), 3));
    }
    // Stored on the group's clock: three bank days after Friday January 9 is Wednesday January 14 (the estimate: 13).
    const contributions = await money.transfersOf(group.id, { kind: "contribution" });
    expect(contributions.map((row) => [row.status, row.expectedFundsAvailableOn])).toEqual([
      ["pending", "2026-01-14"],
      ["pending", "2026-01-14"],
      ["pending", "2026-01-14"],
    ]);

    // The plan follows the bank's date: paid out Wednesday 14, expected Thursday 15.
    let view = await groupView(first.id, group.id);
    expect(view.data.group.schedule[0].dates).toEqual({
      due: "2026-01-09",
      collected: planned("2026-01-12"),
      sent: planned("2026-01-14"),
      arrival: planned("2026-01-15"),
    });
    expect(view.text).toContain(
      `1 ${first.name} You (your turn) Due Jan 9, 2026 To be collected Jan 12, 2026 Payout goes out Jan 14, 2026 Expected in your bank Jan 15, 2026 $300.00 Pending`,
    );
    expect(view.text).toContain(
      "Every contribution is in or on its way: the payout goes out on January 14, 2026 and is expected in your bank account on January 15, 2026.",
    );
    const other = await groupView(second.id, group.id);
    expect(other.text).toContain(`Turn 1 ${first.name} Expected to arrive Jan 15, 2026`);
    const home = await call(dashboard.loader, get("/dashboard", await sessionJarFor(second.id)));
    expect(textOf(renderRoute(dashboard.default, "/dashboard", home.data))).toContain(
      `Next payout ${first.name}: Payout goes out Jan 14, 2026; expected to arrive Jan 15, 2026`,
    );

    // The calendar file: the payout on the day it is expected in the recipient's bank.
    const file = (await calendar.loader({
      request: get(`/groups/${group.id}/calendar.ics`, await sessionJarFor(first.id)),
      params: { groupId: group.id },
    } as never)) as Response;
    const lines = (await file.text()).replace(/\r\n[ \t]/g, "").split("\r\n");
    const payoutEvent = lines.indexOf(`UID:${group.id}-payout-1@rosca`);
    expect(payoutEvent).toBeGreaterThan(0);
    expect(lines.slice(lines.lastIndexOf("BEGIN:VEVENT", payoutEvent), lines.indexOf("END:VEVENT", payoutEvent))).toContain(
      "DTSTART;VALUE=DATE:20260115",
    );

    // Tuesday January 13, the day the estimate would have paid out: collected, but the money is still on hold.
    expect(await advance(4)).toMatchObject({ ok: true, today: "2026-01-13" });
    expect((await money.transfersOf(group.id, { kind: "contribution" })).map((row) => row.status)).toEqual(["settled", "settled", "settled"]);
    expect(await money.transfersOf(group.id, { kind: "payout" })).toEqual([]);

    // Wednesday 14: available, paid out; Thursday 15: arrived — the days the page said on the 9th.
    expect(await advance(2)).toMatchObject({ ok: true, today: "2026-01-15" });
    const [payout] = await money.transfersOf(group.id, { kind: "payout" });
    expect([payout!.initiatedOn, payout!.status, payout!.expectedFundsAvailableOn]).toEqual(["2026-01-14", "settled", null]);
    view = await groupView(first.id, group.id);
    expect(view.data.group.schedule[0].dates).toEqual({
      due: "2026-01-09",
      collected: done("2026-01-12"),
      sent: done("2026-01-14"),
      arrival: done("2026-01-15"),
    });
    const emails = (await listMessages(databaseUrl, { to: first.email })).filter((message) => message.tag === "payout-notification");
    expect(emails[0]!.textBody).toContain("Payout sent: Wednesday, January 14, 2026\nArrived: Thursday, January 15, 2026");
  }, 180_000);

  it("a hold shorter than the estimate: the money is available on the day it settles, and the payout goes out a day earlier", async () => {
    bank!.setFundsHold(0);
    const { group, members } = await groupOnJanuarySixth("Quick Fund");
    const first = members[0]!;
    const advance = (days: number) => advanceClock({ id: first.id, isAdmin: false }, group.id, { days }, new Date());

    expect(await advance(3)).toMatchObject({ ok: true, today: "2026-01-09" });
    expect((await money.transfersOf(group.id, { kind: "contribution" })).map((row) => row.expectedFundsAvailableOn)).toEqual([
      "2026-01-12",
      "2026-01-12",
      "2026-01-12",
    ]);
    const view = await groupView(first.id, group.id);
    expect(view.data.group.schedule[0].dates).toMatchObject({ sent: planned("2026-01-12"), arrival: planned("2026-01-13") });

    // Monday January 12: settled and available the same day; the payout goes out then, and arrives Tuesday 13.
    expect(await advance(4)).toMatchObject({ ok: true, today: "2026-01-13" });
    const [payout] = await money.transfersOf(group.id, { kind: "payout" });
    expect([payout!.initiatedOn, payout!.status]).toEqual(["2026-01-12", "settled"]);
    expect((await groupView(first.id, group.id)).data.group.schedule[0].dates).toMatchObject({
      sent: done("2026-01-12"),
      arrival: done("2026-01-13"),
    });
  }, 180_000);
});
