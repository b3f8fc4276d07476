import { describe, expect, it } from "vitest";
import { consentConsequence, consentOpen, consentOpensOn, namesList, partialPayoutLines } from "./turn-consent";

describe("a turn never paid: the recipient's consent", () => {
  it("opens 14 days after the due day, not before", () => {
    expect(consentOpensOn("2026-01-09")).toBe("2026-01-23");
    expect(consentOpen("2026-01-09", "2026-01-22")).toBe(false);
    expect(consentOpen("2026-01-09", "2026-01-23")).toBe(true);
  });

  it("says the exact consequence, for one member or several", () => {
    expect(consentConsequence({ arrivedCents: 20_000, owed: [{ name: "Lena", amountCents: 10_000 }] })).toBe(
      "You'll receive $200.00 now. The $100.00 Lena still owes stays on the group's ledger as owed to you and is sent to you when it arrives.",
    );
    expect(
      consentConsequence({
        arrivedCents: 10_000,
        owed: [
          { name: "Lena", amountCents: 10_000 },
          { name: "Omar", amountCents: 10_000 },
        ],
      }),
    ).toBe(
      "You'll receive $100.00 now. The $200.00 Lena and Omar still owe stays on the group's ledger as owed to you and is sent to you when it arrives.",
    );
    expect(namesList(["A", "B", "C"])).toBe("A, B and C");
  });
});

describe("a consented turn's amount", () => {
  it("is what the bank accepted, on its day, and what is still owed, by whom; the full pot once every part was sent on", () => {
    const owed = { name: "Cy", amountCents: 10_000, status: "owed" as const };
    const sent = { state: "sent" as const, on: "2026-01-23" };
    expect(partialPayoutLines({ arrivedCents: 20_000, payout: sent, debts: [owed] })).toEqual([
      "$200.00 sent on Jan 23, 2026",
      "$100.00 still owed by Cy, sent on when it arrives",
    ]);
    expect(
      partialPayoutLines({
        arrivedCents: 10_000,
        payout: sent,
        debts: [
          { ...owed, name: "Ben", status: "collected", rest: sent },
          { ...owed, amountCents: 5_000 },
        ],
      }),
    ).toEqual(["$200.00 sent on Jan 23, 2026", "$50.00 still owed by Cy, sent on when it arrives"]);
    expect(partialPayoutLines({ arrivedCents: 20_000, payout: sent, debts: [{ ...owed, status: "collected", rest: sent }] })).toEqual([
      "$300.00 sent on Jan 23, 2026",
    ]);
    expect(
      partialPayoutLines({
        arrivedCents: 20_000,
        payout: sent,
        debts: [{ ...owed, status: "collected", rest: { state: "sent", on: "2026-02-03" } }],
      }),
    ).toEqual(["$300.00 sent, the last part on Feb 3, 2026"]);
  });
});
