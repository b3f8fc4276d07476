import { describe, expect, it } from "vitest";
import { MAX_RETRIES_AFTER_RETURN, RETURN_ACTIONS, RETURN_RETRY_WINDOW_DAYS } from "./ach";
import { DEFAULT_COVER, defaultCoverParagraphs } from "./default-cover";
import { MAX_ATTEMPTS, postingsFor, RETRY_AFTER_DAYS } from "./money";
import { PAYDAY_RETRY_MAX_DAYS } from "./payday";

describe("what happens when a member can't pay", () => {
  it("says the engine's numbers: 3 days, 14 days to a payday, 3 attempts, twice within 180 days", () => {
    // The words were written for these values; a change of rule must be a change of words too.
    expect([RETRY_AFTER_DAYS, PAYDAY_RETRY_MAX_DAYS, MAX_ATTEMPTS, MAX_RETRIES_AFTER_RETURN, RETURN_RETRY_WINDOW_DAYS]).toEqual([3, 14, 3, 2, 180]);
    const text = Object.fromEntries(DEFAULT_COVER.steps.map((step) => [step.id, step.text]));
    expect(text.retries).toBe(
      "A contribution that fails (declined, or returned by the member's bank) is tried again three days later, or the day after the member's payday if they told us when they are paid and it comes within 14 days, always on a bank business day (never a weekend or a bank holiday): three attempts in all. The member and the group's admin are told each time.",
    );
    expect(text.account).toContain("presented again at most twice, within 180 days.");
    expect(text["after-payout"]).toContain('("Covered by platform" on the statement)');
    expect(text["after-payout"]).toContain('the group\'s next contributions repay Rosca first ("Shortfall repaid")');
  });

  it("names the account problems the engine waits on: closed accounts and withdrawn authorisations", () => {
    expect(Object.entries(RETURN_ACTIONS).filter(([, action]) => action === "unusable" || action === "revoke").length).toBe(10);
    expect(DEFAULT_COVER.steps.find((step) => step.id === "account")!.text).toMatch(/^If the bank says the account is closed or the member withdrew/);
  });

  it("covers only a contribution returned after it settled, as the ledger's postings do, and the next settlement repays first", () => {
    const contribution = { id: "t1", kind: "contribution" as const, groupId: "g", userId: "u", amountCents: 10_000 };
    // Returned after the pool paid out: the platform fronts it.
    expect(postingsFor(contribution, "returned", { previous: "funds_available", pool: 0, shortfall: 0 }).map((p) => p.reason)).toEqual([
      "shortfall_cover",
    ]);
    // Failed before it settled: nothing moved, nothing is covered (the payout waits instead).
    expect(postingsFor(contribution, "failed", { previous: "pending", pool: 0, shortfall: 0 })).toEqual([]);
    // The group's next settled contribution repays the platform first.
    expect(postingsFor(contribution, "settled", { previous: "posted", pool: 0, shortfall: 10_000 }).map((p) => p.reason)).toEqual([
      "shortfall_repaid",
    ]);
  });

  it("gives the FAQ the summary and each step as a paragraph", () => {
    const paragraphs = defaultCoverParagraphs();
    expect(paragraphs).toHaveLength(1 + DEFAULT_COVER.steps.length);
    expect(paragraphs[0]).toBe(DEFAULT_COVER.summary);
    expect(paragraphs[1]).toMatch(/^We try again: a contribution that fails/);
    expect(paragraphs[5]).toBe(
      "After the last attempt: nothing more is debited automatically. The member still owes the contribution and can pay it from the group page (Pay now) at any time; the turn it belongs to waits for it, the group's admin can remind them once a day, and if it is still unpaid 14 days after its due date our support team takes it up with the admin and the member. From then the turn's recipient may choose to be paid what has arrived: the missing contribution stays owed to them and is sent to them when it arrives.",
    );
  });
});
