import { describe, expect, it } from "vitest";
import { inviteAgainSchema, ROSTER_MESSAGES, rosterHistoryLine } from "./roster";

describe("the roster history's words (ADR 050)", () => {
  it("says who joined, left, was removed or invited again", () => {
    expect(rosterHistoryLine({ kind: "joined", name: "Omar Haddad" })).toBe("Omar Haddad joined");
    expect(rosterHistoryLine({ kind: "left", name: "Omar Haddad" })).toBe("Omar Haddad left");
    expect(rosterHistoryLine({ kind: "removed", name: "Omar Haddad" })).toBe("Omar Haddad was removed");
    expect(rosterHistoryLine({ kind: "invited_again", name: "Omar Haddad" })).toBe("Omar Haddad was invited again");
  });

  it("tells the member who left that nothing was charged and how to come back", () => {
    expect(ROSTER_MESSAGES.leftEmailTitle("Wedding Fund")).toBe("You left Wedding Fund");
    expect(ROSTER_MESSAGES.leftEmailBody("Wedding Fund")).toBe(
      "You left Wedding Fund before it started. Nothing was charged: contributions and the setup fee only start once a group starts. The invite links you had no longer work for you; to join again, ask the group's admin to invite you again.",
    );
  });

  it("invites again by a user's id only", () => {
    expect(inviteAgainSchema.safeParse({ userId: "not-a-uuid" }).success).toBe(false);
    expect(inviteAgainSchema.safeParse({ userId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f" }).success).toBe(true);
  });
});
