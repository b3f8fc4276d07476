/** Plaid's expected_funds_available_date and the calendar estimate: one rule (ADR 040, ADR 049). */
import { describe, expect, it } from "vitest";
import { bankDaysBetween } from "./bank-days";
import { fundsAvailableOn, plaidFundsAvailableOn } from "./funds-available";

describe("bankDaysBetween", () => {
  it.each([
    ["2026-01-05", "2026-01-05", 0], // Monday to itself
    ["2026-01-05", "2026-01-07", 2], // Monday to Wednesday
    ["2026-01-09", "2026-01-13", 2], // Friday to Tuesday, over the weekend
    ["2026-01-10", "2026-01-13", 1], // Saturday: enters Monday; Tuesday is one bank day later
    ["2026-01-16", "2026-01-21", 2], // Friday to Wednesday over Martin Luther King Jr. Day (Monday Jan 19)
    ["2026-01-07", "2026-01-05", 0], // before: none
  ])("%s to %s is %i", (from, to, count) => {
    expect(bankDaysBetween(from, to)).toBe(count);
  });
});

describe("plaidFundsAvailableOn", () => {
  const debit = { kind: "contribution" as const, bankCreatedAt: "2026-03-02T15:00:00Z", sentOn: "2026-01-09" };

  it("takes Plaid's date as given when the group's clock is the bank's (production)", () => {
    expect(plaidFundsAvailableOn({ ...debit, plaidDate: "2026-03-09", sentOn: "2026-03-02", onBankClock: true })).toBe("2026-03-09");
  });

  it("moves Plaid's hold onto a moved group clock, counted in bank days from the day the engine sent it", () => {
    // Made Monday March 2 (ET) at the bank, available Wednesday March 4: 2 bank days. Sent Friday Jan 9 on the group's
    // clock: 2 bank days later is Tuesday Jan 13.
    expect(plaidFundsAvailableOn({ ...debit, plaidDate: "2026-03-04", onBankClock: false })).toBe("2026-01-13");
    // One day longer at the bank (the hold Plaid chose): one bank day later here, Wednesday Jan 14.
    expect(plaidFundsAvailableOn({ ...debit, plaidDate: "2026-03-05", onBankClock: false })).toBe("2026-01-14");
    // Friday Jan 16 + 2 bank days skips Martin Luther King Jr. Day: Wednesday Jan 21.
    expect(plaidFundsAvailableOn({ ...debit, sentOn: "2026-01-16", plaidDate: "2026-03-04", onBankClock: false })).toBe("2026-01-21");
  });

  it("reads the bank's day in Plaid's zone (ET), not UTC", () => {
    // 02:00 UTC on Tuesday March 3 is still Monday March 2 in New York: Wednesday March 4 is 2 bank days later.
    expect(plaidFundsAvailableOn({ ...debit, bankCreatedAt: "2026-03-03T02:00:00Z", plaidDate: "2026-03-04", onBankClock: false })).toBe(
      "2026-01-13",
    );
  });

  it("is null for a credit, a missing date, or one that is not a date", () => {
    expect(plaidFundsAvailableOn({ ...debit, kind: "payout", plaidDate: "2026-03-04", onBankClock: true })).toBeNull();
    expect(plaidFundsAvailableOn({ ...debit, plaidDate: null, onBankClock: true })).toBeNull();
    expect(plaidFundsAvailableOn({ ...debit, plaidDate: undefined, onBankClock: false })).toBeNull();
    expect(plaidFundsAvailableOn({ ...debit, plaidDate: "March 4", onBankClock: true })).toBeNull();
  });

  it("counts a fee like a contribution (both are debits)", () => {
    expect(plaidFundsAvailableOn({ ...debit, kind: "fee", plaidDate: "2026-03-04", onBankClock: false })).toBe("2026-01-13");
  });
});

describe("fundsAvailableOn", () => {
  it("is Plaid's date where stored, later or earlier than the estimate", () => {
    expect(fundsAvailableOn({ initiatedOn: "2026-01-09", expectedFundsAvailableOn: "2026-01-15" })).toBe("2026-01-15");
    expect(fundsAvailableOn({ initiatedOn: "2026-01-09", expectedFundsAvailableOn: "2026-01-12" })).toBe("2026-01-12");
  });

  it("is the calendar estimate otherwise: 2 bank days after the debit was made", () => {
    expect(fundsAvailableOn({ initiatedOn: "2026-01-09", expectedFundsAvailableOn: null })).toBe("2026-01-13");
    expect(fundsAvailableOn({ initiatedOn: "2026-01-09" })).toBe("2026-01-13");
  });
});
