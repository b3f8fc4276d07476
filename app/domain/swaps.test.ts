import { describe, expect, it } from "vitest";
import { needsApproval, orderBeforeSwaps, SWAP_NOTICES, turnOpen } from "./swaps";

describe("when a turn may be swapped", () => {
  const turn = { periodNumber: 2, dueOn: "2026-01-16", status: "pending" as const, hasTransfers: false };
  it.each([
    ["pending, due in a week, nothing at the bank", turn, "2026-01-09", true],
    ["the day before its due day", turn, "2026-01-15", true],
    ["on its due day (its contributions are being collected)", turn, "2026-01-16", false],
    ["after its due day", turn, "2026-01-20", false],
    ["a transfer exists for its period (collection started)", { ...turn, hasTransfers: true }, "2026-01-09", false],
    ["paid out", { ...turn, status: "completed" as const }, "2026-01-09", false],
  ])("%s: %s", (_name, facts, today, open) => {
    expect(turnOpen(facts, today)).toBe(open);
  });
});

describe("whether the admin must approve", () => {
  it.each([
    [true, "admin", "a", "b", true],
    [false, "admin", "a", "b", false],
    [true, "admin", "admin", "b", false],
    [true, "admin", "a", "admin", false],
  ])("the group requires it: %s; admin %s, proposer %s, counterpart %s → %s", (requires, admin, proposer, counterpart, expected) => {
    expect(needsApproval(requires, admin, proposer, counterpart)).toBe(expected);
  });
});

describe("the order before the swaps", () => {
  it.each([
    ["no swap", ["A", "B", "C", "D"], [], ["A", "B", "C", "D"]],
    ["one swap of turns 2 and 4", ["A", "D", "C", "B"], [{ firstPeriod: 2, secondPeriod: 4 }], ["A", "B", "C", "D"]],
    [
      "two swaps, undone from the last",
      // A B C D → (2↔3) A C B D → (3↔4) A C D B
      ["A", "C", "D", "B"],
      [
        { firstPeriod: 2, secondPeriod: 3 },
        { firstPeriod: 3, secondPeriod: 4 },
      ],
      ["A", "B", "C", "D"],
    ],
  ])("%s", (_name, current, swaps, original) => {
    expect(orderBeforeSwaps(current, swaps)).toEqual(original);
  });

  it("refuses a swap outside the order", () => {
    expect(() => orderBeforeSwaps(["A", "B"], [{ firstPeriod: 1, secondPeriod: 3 }])).toThrow(RangeError);
  });
});

describe("what members are told", () => {
  it("says whose turn goes where, with the days", () => {
    expect(SWAP_NOTICES.proposed("Amina Yusuf", "Family Circle", 2, "2026-01-16", 3, "2026-01-23")).toEqual({
      title: "Amina Yusuf asks to swap turns in Family Circle",
      body: "Amina Yusuf would take your turn 3 (January 23, 2026) and give you turn 2 (January 16, 2026). Accept or decline on the group's page.",
    });
    expect(SWAP_NOTICES.swapped("Family Circle", "Omar Haddad", 3, "2026-01-23").body).toBe(
      "You swapped turns with Omar Haddad. Your turn is now 3: the payout of January 23, 2026.",
    );
  });
});
