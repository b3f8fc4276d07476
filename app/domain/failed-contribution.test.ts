import { describe, expect, it } from "vitest";
import {
  AFTER_LAST_ATTEMPT,
  adminNoticeAfterFailure,
  BEFORE_RETRY,
  describeAccount,
  type FailedContributionFacts,
  nextDebitDay,
  nextStepAfterFailure,
  nudgeRefusal,
  nudgeSentText,
  PAY_NOW_STEP,
  unpaidTurnCase,
  unpaidTurnRule,
} from "./failed-contribution";

const account = { institution: "First Platypus Bank", name: "Plaid Checking", mask: "0000" };
// Thursday December 3, 2026: three days later is a Sunday.
const facts = (over: Partial<FailedContributionFacts>): FailedContributionFacts => ({
  status: "declined",
  failureCode: "NSF",
  attempt: 1,
  amountCents: 10500,
  account,
  statusOn: "2026-12-03",
  retryOn: "2026-12-07",
  ...over,
});

describe("describeAccount", () => {
  it("names the institution, the account and its mask", () => {
    expect(describeAccount(account)).toBe("First Platypus Bank Plaid Checking ••0000");
    expect(describeAccount({ institution: null, name: "Savings", mask: null })).toBe("Savings");
    expect(describeAccount(null)).toBe("your bank account");
  });
});

describe("nextStepAfterFailure", () => {
  const what = "$105.00 from First Platypus Bank Plaid Checking ••0000";
  it.each([
    [{}, `Attempt 1 of 3: we'll try ${what} again on Monday, December 7, 2026. ${BEFORE_RETRY}`],
    [{ attempt: 3 }, `That was the last of 3 attempts to collect ${what}. ${AFTER_LAST_ATTEMPT}`],
    [{ failureCode: "TRANSFER_LIMIT_REACHED" }, `Attempt 1 of 3: we'll try ${what} again on Monday, December 7, 2026. ${BEFORE_RETRY}`],
    // A row from before retry_on: the usual day, on the ACH calendar.
    [
      { status: "returned", failureCode: "R01", attempt: 2, retryOn: null },
      `Attempt 2 of 3: we'll try ${what} again on Monday, December 7, 2026. ${BEFORE_RETRY}`,
    ],
    [
      { status: "returned", failureCode: "R02" },
      "First Platypus Bank Plaid Checking ••0000 cannot be used any more for $105.00: link another account under Profile → Bank Accounts and choose it for this group, or pay it now from the group page.",
    ],
    [
      { status: "returned", failureCode: "R10" },
      "We will not debit First Platypus Bank Plaid Checking ••0000 again until you authorise debits again under Profile → Bank Accounts; you can pay the $105.00 now from the group page.",
    ],
    [{ status: "returned", failureCode: "R06" }, `The debit of ${what} will not be tried again automatically: ${PAY_NOW_STEP}`],
    [
      { status: "cancelled", failureCode: "CANCELLED" },
      `The debit of ${what} was stopped and will not be tried again automatically: ${PAY_NOW_STEP}`,
    ],
  ] as const)("%j", (over, expected) => {
    expect(nextStepAfterFailure(facts(over as Partial<FailedContributionFacts>))).toBe(expected);
  });

  it("names the payday when the retry follows it", () => {
    expect(nextStepAfterFailure(facts({ statusOn: "2026-01-09", retryOn: "2026-01-13", status: "returned", failureCode: "R01" }))).toBe(
      `Attempt 1 of 3: we'll try ${what} again on Tuesday, January 13, 2026, the day after your payday. ${BEFORE_RETRY}`,
    );
  });

  it("names the account the member chose since as the retry's, and the failed one only as the one that failed", () => {
    const saving = { institution: "First Platypus Bank", name: "Plaid Saving", mask: "0001" };
    expect(nextStepAfterFailure(facts({ nextAccount: saving }))).toBe(
      `Attempt 1 of 3 did not go through from First Platypus Bank Plaid Checking ••0000: we'll try $105.00 from First Platypus Bank Plaid Saving ••0001 on Monday, December 7, 2026. ${BEFORE_RETRY}`,
    );
    // The failed account unlinked since: the retry's account alone.
    expect(nextStepAfterFailure(facts({ account: null, nextAccount: saving }))).toBe(
      `Attempt 1 of 3: we'll try $105.00 from First Platypus Bank Plaid Saving ••0001 again on Monday, December 7, 2026. ${BEFORE_RETRY}`,
    );
    // A step without a retry is about the failed account.
    expect(nextStepAfterFailure(facts({ attempt: 3, nextAccount: saving }))).toBe(
      `That was the last of 3 attempts to collect ${what}. ${AFTER_LAST_ATTEMPT}`,
    );
  });

  it("never says 'in N days'", () => {
    for (const attempt of [1, 2, 3]) expect(nextStepAfterFailure(facts({ attempt }))).not.toMatch(/in \d+ days?/);
  });
});

describe("adminNoticeAfterFailure", () => {
  it("gives the amount and the next attempt's date, or says nothing more is debited", () => {
    expect(adminNoticeAfterFailure("Lena", facts({}))).toBe(
      "Lena's $105.00 contribution did not go through (attempt 1 of 3); the next attempt is on Monday, December 7, 2026. Lena can pay it now from the group page before then.",
    );
    expect(adminNoticeAfterFailure("Lena", facts({ attempt: 3 }))).toBe(
      "Lena's $105.00 contribution did not go through and nothing more is debited automatically. Lena can pay it now from the group page; the group page's late contributions section lets you send a reminder.",
    );
  });
});

describe("nudgeRefusal", () => {
  it("names the group's day and the day another reminder can go", () => {
    expect(nudgeRefusal(["Lena Late"], "2026-12-04")).toBe(
      "A reminder or request was already sent to Lena Late today, Friday, December 4, 2026. You can send another on Saturday, December 5, 2026.",
    );
    expect(nudgeRefusal(["Lena", "Omar"], "2026-12-31")).toBe(
      "A reminder or request was already sent to every late member today, Thursday, December 31, 2026. You can send another on Friday, January 1, 2027.",
    );
  });
});

describe("nudgeSentText", () => {
  it("says who was told and how, and who got nothing", () => {
    expect(nudgeSentText([{ memberName: "Lena", reached: "app-and-email" }])).toBe("Lena was told by email and in the app.");
    expect(
      nudgeSentText([
        { memberName: "Lena", reached: "app-and-email" },
        { memberName: "Omar", reached: "app-and-email" },
        { memberName: "Theo", reached: "app" },
        { memberName: "Ina", reached: "nobody" },
      ]),
    ).toBe(
      "Lena, Omar were told by email and in the app. Theo was told in the app; the email could not be sent. Ina turned urgent notifications off, so nothing was sent to them.",
    );
  });
});

describe("a turn never paid (ADR 053)", () => {
  const rule =
    "Rosca never lends the missing money and never pays a turn with money that hasn't arrived: this turn's payout waits for it, and later turns are paid as their own contributions arrive.";
  it("tells the group admin the day support takes it up, before and after it", () => {
    expect(unpaidTurnRule("2026-12-04")).toBe(
      `${rule} If it is still unpaid on Friday, December 18, 2026, Rosca's support team takes it up with you and the member. From that day the turn's recipient may choose to be paid what has arrived; the missing contribution then stays owed to them and is sent on when it arrives.`,
    );
    expect(unpaidTurnRule("2026-12-04", "2026-12-17")).toBe(unpaidTurnRule("2026-12-04"));
    expect(unpaidTurnRule("2026-12-04", "2026-12-18")).toBe(
      `${rule} It has been unpaid since Friday, December 4, 2026, so since Friday, December 18, 2026 Rosca's support team has been taking it up with you and the member. From that day the turn's recipient may choose to be paid what has arrived; the missing contribution then stays owed to them and is sent on when it arrives.`,
    );
  });

  it("promises no recipient's choice when the late member is the turn's own recipient (QA pass 3; ADR 053)", () => {
    const own = "The member is this turn's recipient, so the turn waits for their own contribution; nobody can accept what has arrived in its place.";
    expect(unpaidTurnRule("2026-12-04", "2026-12-17", undefined, true)).toBe(
      `${rule} If it is still unpaid on Friday, December 18, 2026, Rosca's support team takes it up with you and the member. ${own}`,
    );
    expect(unpaidTurnRule("2026-12-04", "2026-12-18", undefined, true)).toBe(
      `${rule} It has been unpaid since Friday, December 4, 2026, so since Friday, December 18, 2026 Rosca's support team has been taking it up with you and the member. ${own}`,
    );
    const words = unpaidTurnCase({
      groupName: "Family Savings Circle",
      periodNumber: 3,
      memberName: "Omar",
      amountCents: 10_000,
      dueOn: "2026-12-04",
      waitedDays: 15,
      adminName: "Dana",
      ownTurn: true,
    });
    expect(words.action).toBe(
      "Take it up with Dana and Omar: agree when Omar pays it with Pay now. The payout waits for it; Rosca lends nothing. Omar is this turn's recipient, so the turn waits for their own contribution.",
    );
    expect(words.emailBody).toContain(
      "Omar can pay it at any time with Pay now on the group page. Omar is this turn's recipient, so the turn waits for Omar's own contribution. Please reply",
    );
    expect(words.emailBody).not.toContain("may also choose");
  });

  it("gives support the facts, the action and an email to the admin and the member", () => {
    const words = unpaidTurnCase({
      groupName: "Family Savings Circle",
      periodNumber: 2,
      memberName: "Lena",
      amountCents: 10_000,
      dueOn: "2026-12-04",
      waitedDays: 15,
      adminName: "Dana",
    });
    expect(words.summary).toBe(
      "Lena's $100.00 contribution to Family Savings Circle (period 2) was due Friday, December 4, 2026 and has waited 15 days.",
    );
    expect(words.action).toBe(
      "Take it up with Dana and Lena: agree when Lena pays it with Pay now. The payout waits for it; Rosca lends nothing. The turn's recipient may instead accept what has arrived, on the group page.",
    );
    expect(words.emailSubject).toBe("Family Savings Circle: Lena's $100.00 contribution due Friday, December 4, 2026");
    expect(words.emailBody).toContain("has not arrived after 15 days");
    expect(words.emailBody).toContain(
      "The turn's recipient may also choose, on the group page, to be paid what has arrived now; Lena's contribution then stays owed to them and is sent on to them when it arrives.",
    );
    expect(words.emailBody.startsWith("Hello Dana and Lena,")).toBe(true);
  });
});

describe("nextDebitDay", () => {
  const today = "2026-01-20";
  it("is the earliest of the next scheduled debit and every late one's next attempt, in any order", () => {
    expect(nextDebitDay("2026-01-23", [{ nextAttemptOn: "2026-01-22", today }])).toBe("2026-01-22");
    expect(nextDebitDay("2026-01-21", [{ nextAttemptOn: "2026-01-22", today }])).toBe("2026-01-21");
    expect(
      nextDebitDay("2026-01-30", [
        { nextAttemptOn: "2026-01-22", today },
        { nextAttemptOn: "2026-01-27", today },
      ]),
    ).toBe("2026-01-22");
    expect(
      nextDebitDay("2026-01-30", [
        { nextAttemptOn: "2026-01-27", today },
        { nextAttemptOn: "2026-01-22", today },
      ]),
    ).toBe("2026-01-22");
  });

  it("is today for a late one nothing more is taken for automatically (Pay now), and null when there is nothing", () => {
    expect(nextDebitDay("2026-01-23", [{ nextAttemptOn: null, today }])).toBe(today);
    expect(nextDebitDay(null, [{ nextAttemptOn: "2026-01-22", today }])).toBe("2026-01-22");
    expect(nextDebitDay(null, [])).toBeNull();
    expect(nextDebitDay("2026-01-23", [])).toBe("2026-01-23");
    // Never before the group's today: a scheduled due day its run has not reached is taken on the next run.
    expect(nextDebitDay("2026-01-19", [], "2026-01-20")).toBe("2026-01-20");
    expect(nextDebitDay("2026-01-19", [{ nextAttemptOn: "2026-01-22", today }])).toBe(today);
    expect(nextDebitDay(null, [], "2026-01-20")).toBeNull();
  });
});
