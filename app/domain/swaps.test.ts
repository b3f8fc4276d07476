import { describe, expect, it } from "vitest";
import { needsApproval, orderBeforeSwaps, SWAP_MESSAGES, SWAP_NOTICES, swapHelpText, swapStatusLine, turnOpen, turnWithDays } from "./swaps";

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
  // Friday January 16, 2026: settles Tuesday 20 (Monday 19 is Martin Luther King Jr. Day), goes out Wednesday 21,
  // arrives Thursday 22; Friday January 23: goes out Tuesday 27, arrives Wednesday 28.
  it("says whose turn goes where, by each payout's days (issue 45: never the due day)", () => {
    expect(SWAP_NOTICES.proposed("Amina Yusuf", "Family Circle", 2, "2026-01-16", 3, "2026-01-23")).toEqual({
      title: "Amina Yusuf asks to swap turns in Family Circle",
      body: "Amina Yusuf would take your turn 3 (payout goes out January 27, 2026; expected in your bank January 28, 2026) and give you turn 2 (payout goes out January 21, 2026; expected in your bank January 22, 2026). Accept or decline on the group's page before January 16, 2026: from that day the turns can no longer be swapped.",
    });
    expect(SWAP_NOTICES.swapped("Family Circle", "Omar Haddad", 3, "2026-01-23").body).toBe(
      "You swapped turns with Omar Haddad. Your turn is now 3: payout goes out January 27, 2026; expected in your bank January 28, 2026.",
    );
  });

  it("tells every other member, with their own turn before and after", () => {
    expect(SWAP_NOTICES.proposedToOthers("Amina Yusuf", "Omar Haddad", "Family Circle", 2, 3, false, { turn: 1, dueOn: "2026-01-09" })).toEqual({
      title: "Amina Yusuf and Omar Haddad may swap turns in Family Circle",
      body: "Amina Yusuf (turn 2) asked Omar Haddad (turn 3) to swap turns. Your turn stays 1 before and after: payout goes out January 13, 2026; expected in your bank January 14, 2026. You'll be told what happens.",
    });
    expect(SWAP_NOTICES.swappedToOthers("Family Circle", "Amina Yusuf", "Omar Haddad", 2, 3, { turn: 1, dueOn: "2026-01-09" }).body).toBe(
      "Amina Yusuf now has turn 3 and Omar Haddad turn 2. Your turn stays 1 before and after: payout goes out January 13, 2026; expected in your bank January 14, 2026.",
    );
  });

  it("on the sandbox clock of issue 45: the turn due November 30, 2026 goes out December 2 and arrives December 3", () => {
    expect(SWAP_MESSAGES.swappedToYou(2, "2026-11-30")).toBe(
      "Your turn is now 2: payout goes out December 2, 2026; expected in your bank December 3, 2026.",
    );
    expect(turnWithDays(3, "2026-12-07")).toBe("turn 3 (payout goes out December 9, 2026; expected to arrive December 10, 2026)");
  });

  it("asks the person asked for an answer, and mentions an approval only when one follows", () => {
    expect(swapStatusLine("proposed", true)).toBe("Waiting for your answer");
    expect(swapStatusLine("proposed", false)).toBe("Waiting for an answer");
    // The admin, shown the Approve and Refuse buttons, is not told to wait for "the admin".
    expect(swapStatusLine("accepted", false, true)).toBe("Waiting for your approval");
    expect(swapStatusLine("accepted", false)).toBe("Waiting for the admin's approval");
    expect(swapHelpText(true, false)).toContain(
      "They accept or decline, then the group's admin approves or refuses (unless the admin is the other member).",
    );
    expect(swapHelpText(true, true)).toContain("They accept or decline. A turn can't be swapped");
    expect(swapHelpText(false, false)).toContain("They accept or decline. A turn can't be swapped");
  });
});
