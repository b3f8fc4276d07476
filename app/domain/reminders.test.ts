import { describe, expect, it } from "vitest";
import { contributionDueNotice, dailyReminderOn, dailyReminderText, lateReminderText, weekOf } from "./reminders";

const DUE = "2026-12-04"; // a Friday

describe("dailyReminderOn: from three days before the due day until the contribution settles", () => {
  it.each([
    ["2026-11-30", null, null],
    ["2026-12-01", null, { stage: "upcoming", daysUntilDue: 3 }],
    // Two days before, the regular reminder goes: no second one that day.
    ["2026-12-02", null, null],
    ["2026-12-03", null, { stage: "upcoming", daysUntilDue: 1 }],
    ["2026-12-04", null, { stage: "collecting" }],
    ["2026-12-04", { status: "pending", attempt: 1 }, { stage: "collecting" }],
    ["2026-12-05", { status: "posted", attempt: 1 }, { stage: "collecting" }],
    ["2026-12-06", { status: "settled", attempt: 1 }, null],
    ["2026-12-06", { status: "funds_available", attempt: 1 }, null],
    ["2026-12-06", { status: "failed", attempt: 1 }, { stage: "late", final: false }],
    ["2026-12-09", { status: "returned", attempt: 2 }, { stage: "late", final: false }],
    ["2026-12-12", { status: "declined", attempt: 3 }, { stage: "late", final: true }],
    // Paid early (a retry of an earlier period's debit, say): nothing to remind about.
    ["2026-12-03", { status: "settled", attempt: 1 }, null],
  ] as const)("on %s with %j → %j", (day, latest, expected) => {
    expect(dailyReminderOn(DUE, day, latest)).toEqual(expected);
  });
});

describe("dailyReminderText", () => {
  const facts = { groupName: "Family Savings Circle", amountCents: 10_000, dueOn: DUE };
  it("names the amount, the group and the day in words", () => {
    expect(dailyReminderText({ stage: "upcoming", daysUntilDue: 3 }, facts)).toEqual({
      title: "Your $100.00 contribution to Family Savings Circle is due in 3 days",
      body: "It is debited from your linked bank account on Friday, December 4, 2026. Please make sure the funds are available.",
    });
    expect(dailyReminderText({ stage: "upcoming", daysUntilDue: 1 }, facts).title).toBe(
      "Your $100.00 contribution to Family Savings Circle is due tomorrow",
    );
    expect(dailyReminderText({ stage: "collecting" }, facts)).toEqual({
      title: "Your $100.00 contribution to Family Savings Circle is being collected",
      body: "It was due Friday, December 4, 2026. Please keep the funds in your linked bank account until the debit settles.",
    });
    expect(dailyReminderText({ stage: "late", final: false }, facts).body).toBe(
      "The debit due Friday, December 4, 2026 did not complete. We'll try again; please make sure the funds are available.",
    );
    expect(dailyReminderText({ stage: "late", final: true }, facts).body).toBe(
      "The debit due Friday, December 4, 2026 did not complete and no automatic retry is left: pay it now from the group page; the group's payout waits for it.",
    );
  });
});

describe("lateReminderText: the amount, the account, the next attempt's date or none, and Pay now", () => {
  const account = { institution: "First Platypus Bank", name: "Plaid Checking", mask: "0000" };
  const facts = { groupName: "Family Savings Circle", amountCents: 10_000, feeCents: 0, dueOn: DUE, account, nextAttemptOn: "2026-12-08" };
  it("dates the next automatic attempt", () => {
    expect(lateReminderText(facts)).toEqual({
      title: "Your $100.00 contribution to Family Savings Circle hasn't gone through yet",
      body: "The debit of $100.00 from First Platypus Bank Plaid Checking ••0000, due Friday, December 4, 2026, did not go through. Next attempt: Tuesday, December 8, 2026. You don't have to wait: pay it now with Pay now.",
    });
  });
  it("says when no automatic attempt is left", () => {
    expect(lateReminderText({ ...facts, nextAttemptOn: null }).body).toBe(
      "The debit of $100.00 from First Platypus Bank Plaid Checking ••0000, due Friday, December 4, 2026, did not go through, and there are no more automatic attempts: pay with Pay now. The group's payout waits for it.",
    );
  });
  it("names the setup fee still owed, and an account it does not know as the member's bank account", () => {
    expect(lateReminderText({ ...facts, feeCents: 500, account: null }).body).toBe(
      "The debit of $100.00 from your bank account, due Friday, December 4, 2026, did not go through. Next attempt: Tuesday, December 8, 2026. You don't have to wait: pay it now with Pay now. The one-time setup fee of $5.00 follows as its own debit once it has gone through.",
    );
  });
  it("never says in N days", () => {
    for (const next of ["2026-12-08", null]) expect(lateReminderText({ ...facts, nextAttemptOn: next }).body).not.toMatch(/in \d+ days/);
  });
});

describe("weekOf", () => {
  it.each([
    ["2026-12-07T15:00:00Z", "2026-12-07"], // Monday
    ["2026-12-13T15:00:00Z", "2026-12-07"], // Sunday
    ["2026-12-14T03:00:00Z", "2026-12-07"], // Monday in UTC, still Sunday evening in New York
    ["2026-12-14T05:00:00Z", "2026-12-14"],
  ])("%s is in the week of %s (New York)", (now, monday) => {
    expect(weekOf(new Date(now), "America/New_York")).toBe(monday);
  });
});

describe("contributionDueNotice (the cycle's regular reminder in the bell)", () => {
  it("names the due day for people, not as an ISO date", () => {
    expect(contributionDueNotice({ groupName: "Family Savings Circle", dueOn: "2026-12-01" })).toEqual({
      title: "Contribution due Tuesday, December 1, 2026",
      body: "Your contribution to Family Savings Circle is debited on Tuesday, December 1, 2026.",
    });
  });
});
