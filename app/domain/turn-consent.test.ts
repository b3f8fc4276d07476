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
  it("is what was sent and what is still owed, by whom; the full pot once every part was sent on", () => {
    const owed = { name: "Cy", amountCents: 10_000, status: "owed" as const };
    expect(partialPayoutLines({ arrivedCents: 20_000, debts: [owed] })).toEqual([
      "$200.00 sent",
      "$100.00 still owed by Cy, sent on when it arrives",
    ]);
    expect(
      partialPayoutLines({
        arrivedCents: 10_000,
        debts: [
          { ...owed, name: "Ben", status: "collected" },
          { ...owed, amountCents: 5_000 },
        ],
      }),
    ).toEqual(["$200.00 sent", "$50.00 still owed by Cy, sent on when it arrives"]);
    expect(partialPayoutLines({ arrivedCents: 20_000, debts: [{ ...owed, status: "collected" }] })).toEqual(["$300.00 sent"]);
  });
});
