/** One model of a payment's dates (ADR 040): due, collected, payout sent, expected or arrived; and what members read. */
import { describe, expect, it } from "vitest";
import type { TransferStatus } from "./money";
import {
  type DatedAttempt,
  paymentDates,
  payoutArrivedNotice,
  payoutDay,
  payoutDaysText,
  payoutNextSteps,
  plannedDates,
  stepLabel,
  stepText,
} from "./payment-dates";

const MEMBERS = ["a", "b", "c"];
// Friday January 9, 2026: debited Friday, settled Monday 12, available Tuesday 13 (payout sent), arrives Wednesday 14.
const PERIOD = { periodNumber: 1, dueOn: "2026-01-09" };

const A = (
  kind: "contribution" | "payout",
  userId: string,
  status: TransferStatus,
  statusOn: string,
  extra: Partial<DatedAttempt> = {},
): DatedAttempt => ({
  kind,
  periodNumber: 1,
  userId,
  attempt: 1,
  status,
  statusOn,
  initiatedOn: kind === "payout" ? statusOn : "2026-01-09",
  failureCode: null,
  ...extra,
});
const all = (status: TransferStatus, statusOn: string, extra: Partial<DatedAttempt> = {}) =>
  MEMBERS.map((u) => A("contribution", u, status, statusOn, extra));

const dates = (attempts: DatedAttempt[], today: string) => paymentDates(PERIOD, MEMBERS, "a", attempts, today);
const plan = (day: string) => ({ day, planned: true });
const done = (day: string) => ({ day, planned: false });

describe("paymentDates: Plaid's expected_funds_available_date (ADR 049)", () => {
  it("plans the payout from the latest contribution's date where the bank gave one, later than the estimate", () => {
    // b's bank holds the money a day longer: available Wednesday 14, so the payout goes out then and arrives Thursday 15.
    const attempts = [
      A("contribution", "a", "pending", "2026-01-09", { expectedFundsAvailableOn: "2026-01-13" }),
      A("contribution", "b", "pending", "2026-01-09", { expectedFundsAvailableOn: "2026-01-14" }),
      A("contribution", "c", "pending", "2026-01-09"),
    ];
    expect(dates(attempts, "2026-01-09")).toMatchObject({ collected: plan("2026-01-12"), sent: plan("2026-01-14"), arrival: plan("2026-01-15") });
    // Settled Monday 12: still the bank's day, not the estimate.
    const settled = attempts.map((a) => ({ ...a, status: "settled" as const, statusOn: "2026-01-12", settledOn: "2026-01-12" }));
    expect(dates(settled, "2026-01-13")).toMatchObject({ collected: done("2026-01-12"), sent: plan("2026-01-14"), arrival: plan("2026-01-15") });
  });

  it("plans it earlier when every contribution's date is earlier than the estimate", () => {
    expect(dates(all("pending", "2026-01-09", { expectedFundsAvailableOn: "2026-01-12" }), "2026-01-09")).toMatchObject({
      sent: plan("2026-01-12"),
      arrival: plan("2026-01-13"),
    });
  });

  it("never plans a day already past: a bank later than its own date moves the plan to today", () => {
    expect(dates(all("settled", "2026-01-12", { settledOn: "2026-01-12", expectedFundsAvailableOn: "2026-01-13" }), "2026-01-15")).toMatchObject({
      sent: plan("2026-01-15"),
      arrival: plan("2026-01-16"),
    });
  });
});

describe("paymentDates: a period on the ACH calendar", () => {
  it.each([
    // [today, attempts, collected, sent, arrival]
    ["2026-01-05", [], plan("2026-01-12"), plan("2026-01-13"), plan("2026-01-14")],
    ["2026-01-09", all("pending", "2026-01-09"), plan("2026-01-12"), plan("2026-01-13"), plan("2026-01-14")],
    ["2026-01-12", all("settled", "2026-01-12", { settledOn: "2026-01-12" }), done("2026-01-12"), plan("2026-01-13"), plan("2026-01-14")],
    [
      "2026-01-13",
      [...all("funds_available", "2026-01-13", { settledOn: "2026-01-12" }), A("payout", "a", "pending", "2026-01-13")],
      done("2026-01-12"),
      done("2026-01-13"),
      plan("2026-01-14"),
    ],
    [
      "2026-01-14",
      [
        ...all("funds_available", "2026-01-13", { settledOn: "2026-01-12" }),
        A("payout", "a", "settled", "2026-01-14", { initiatedOn: "2026-01-13" }),
      ],
      done("2026-01-12"),
      done("2026-01-13"),
      done("2026-01-14"),
    ],
  ] as const)("on %s", (today, attempts, collected, sent, arrival) => {
    const result = dates([...attempts], today);
    expect({ collected: result.collected, sent: result.sent, arrival: result.arrival, late: result.late }).toEqual({
      collected,
      sent,
      arrival,
      late: [],
    });
  });

  it("a period due on a Saturday is debited that day, enters the network on Monday, and pays out on Wednesday", () => {
    expect(plannedDates(1, "2026-01-10")).toMatchObject({ collected: plan("2026-01-13"), sent: plan("2026-01-14"), arrival: plan("2026-01-15") });
    // Over Martin Luther King Jr. Day: due Friday 16, settled Tuesday 20, sent Wednesday 21, arrives Thursday 22.
    expect(plannedDates(2, "2026-01-16")).toMatchObject({ collected: plan("2026-01-20"), sent: plan("2026-01-21"), arrival: plan("2026-01-22") });
  });

  it("a bank that is late moves the planned days to today's bank day, never into the past", () => {
    const result = dates(all("pending", "2026-01-09"), "2026-01-17");
    expect(result).toMatchObject({ collected: plan("2026-01-20"), sent: plan("2026-01-20"), arrival: plan("2026-01-21") });
  });

  it("a declined contribution is retried on its retry day, and the payout is planned from it", () => {
    const attempts = [
      A("contribution", "a", "funds_available", "2026-01-13", { settledOn: "2026-01-12" }),
      A("contribution", "b", "funds_available", "2026-01-13", { settledOn: "2026-01-12" }),
      A("contribution", "c", "declined", "2026-01-09", { failureCode: "NSF" }),
    ];
    const result = dates(attempts, "2026-01-10");
    expect(result.late).toEqual([{ userId: "c", attempt: 1, status: "declined", failureCode: "NSF", next: { kind: "retry", on: "2026-01-12" } }]);
    // Retried Monday 12: settles Tuesday 13, available Wednesday 14 (payout), arrives Thursday 15.
    expect(result).toMatchObject({ collected: plan("2026-01-13"), sent: plan("2026-01-14"), arrival: plan("2026-01-15") });
    // The member's payday decides the retry day (retryOn).
    expect(dates([...attempts.slice(0, 2), { ...attempts[2]!, retryOn: "2026-01-16" }], "2026-01-10").late[0]!.next).toEqual({
      kind: "retry",
      on: "2026-01-16",
    });
  });

  it("out of attempts, or waiting for the member: nothing after the due day can be told", () => {
    const outOfAttempts = [1, 2, 3].map((attempt) => A("contribution", "c", "declined", "2026-01-15", { attempt, failureCode: "NSF" }));
    const paid = ["a", "b"].map((u) => A("contribution", u, "funds_available", "2026-01-13", { settledOn: "2026-01-12" }));
    const ranOut = dates([...paid, ...outOfAttempts], "2026-01-20");
    expect(ranOut).toMatchObject({ due: "2026-01-09", collected: null, sent: null, arrival: null, payoutStuck: false });
    expect(ranOut.late).toEqual([{ userId: "c", attempt: 3, status: "declined", failureCode: "NSF", next: { kind: "no-retry" } }]);
    const waiting = dates([...paid, A("contribution", "c", "created", "2026-01-09", { waitingForMember: true })], "2026-01-20");
    expect(waiting).toMatchObject({ collected: null, sent: null, arrival: null });
    expect(waiting.late[0]!.next).toEqual({ kind: "waits-for-member" });
  });

  it("a failed payout is sent again 3 days later while attempts remain; then it is stuck", () => {
    const collected = all("funds_available", "2026-01-13", { settledOn: "2026-01-12" });
    const failed = dates([...collected, A("payout", "a", "failed", "2026-01-14", { initiatedOn: "2026-01-13" })], "2026-01-14");
    // Sent again on Saturday 17: it enters the network on Tuesday 20 (after Martin Luther King Jr. Day), arrives Wednesday 21.
    expect(failed).toMatchObject({ sent: plan("2026-01-17"), arrival: plan("2026-01-21"), payoutFailed: true, payoutStuck: false });
    const stuck = dates(
      [...collected, ...[1, 2, 3].map((attempt) => A("payout", "a", "failed", "2026-01-20", { attempt, initiatedOn: "2026-01-19" }))],
      "2026-01-21",
    );
    expect(stuck).toMatchObject({ sent: null, arrival: null, payoutStuck: true });
  });
});

describe("paymentDates: a turn whose recipient accepted what had arrived (ADR 053 step 4)", () => {
  const paid = ["a", "b"].map((u) => A("contribution", u, "funds_available", "2026-01-13", { settledOn: "2026-01-12" }));
  const outOfAttempts = [1, 2, 3].map((attempt) => A("contribution", "c", "declined", "2026-01-15", { attempt, failureCode: "NSF" }));
  const consented = (payouts: DatedAttempt[], today: string) =>
    paymentDates({ ...PERIOD, consented: true }, MEMBERS, "a", [...paid, ...outOfAttempts, ...payouts], today);
  const steps = (payouts: DatedAttempt[], today: string) =>
    payoutNextSteps({
      dates: consented(payouts, today),
      today,
      recipient: { name: "Amina", isYou: false },
      payoutCents: 30_000,
      person: () => ({ name: "Chidi", isYou: false }),
    });

  it("its payout of what arrived failed: sent again 3 days later, not waiting for the contribution that stays owed", () => {
    const failed = [A("payout", "a", "failed", "2026-01-26", { initiatedOn: "2026-01-23" })];
    expect(consented(failed, "2026-01-26")).toMatchObject({
      sent: plan("2026-01-29"),
      arrival: plan("2026-01-30"),
      payoutFailed: true,
      payoutStuck: false,
      late: [],
    });
    expect(steps(failed, "2026-01-26")).toEqual([
      "The payout did not go through: we'll send it again on January 29, 2026, and it is expected in Amina's bank account on January 30, 2026.",
    ]);
    // Without the consent the same facts wait for the missing contribution (as before).
    expect(paymentDates(PERIOD, MEMBERS, "a", [...paid, ...outOfAttempts, ...failed], "2026-01-26")).toMatchObject({ sent: null, arrival: null });
  });

  it("out of attempts: stuck; the engine's count is the period's failed payouts, a rest's included, not the attempt number", () => {
    const thrice = [1, 2, 3].map((attempt) => A("payout", "a", "failed", "2026-02-04", { attempt, initiatedOn: "2026-02-03" }));
    expect(consented(thrice, "2026-02-04")).toMatchObject({ sent: null, arrival: null, payoutStuck: true });
    // What arrived was sent (attempt 1), the rest failed twice (2, 3): two failures, so it is sent again (attempt 4).
    const rest = [
      A("payout", "a", "settled", "2026-01-26", { attempt: 1, initiatedOn: "2026-01-23" }),
      A("payout", "a", "failed", "2026-02-02", { attempt: 2, initiatedOn: "2026-01-30" }),
      A("payout", "a", "failed", "2026-02-06", { attempt: 3, initiatedOn: "2026-02-05" }),
    ];
    expect(consented(rest, "2026-02-06")).toMatchObject({ sent: plan("2026-02-09"), payoutFailed: true, payoutStuck: false });
  });

  it("consented, its payout not made yet: planned today, and never 'every contribution is in'", () => {
    expect(consented([], "2026-01-23")).toMatchObject({ sent: plan("2026-01-23"), arrival: plan("2026-01-26"), payoutFailed: false, late: [] });
    expect(steps([], "2026-01-23")).toEqual([]);
  });

  it("its payout written but not accepted by the bank (the request died): being sent today, never 'Payout sent'", () => {
    const unanswered = [A("payout", "a", "created", "2026-01-23", { initiatedOn: "2026-01-23" })];
    expect(consented(unanswered, "2026-01-23")).toMatchObject({ sent: plan("2026-01-23"), arrival: plan("2026-01-26"), consented: true, late: [] });
    // Sent again by a later run: planned from its bank day, never in the past (Saturday 24 → Monday 26).
    expect(consented(unanswered, "2026-01-24")).toMatchObject({ sent: plan("2026-01-26"), arrival: plan("2026-01-27") });
    expect(steps(unanswered, "2026-01-23")).toEqual([]);
  });
});

describe("labels", () => {
  it.each([
    ["due", false, false, "Due"],
    ["collected", false, false, "Collected"],
    ["collected", true, false, "To be collected"],
    ["sent", false, false, "Payout sent"],
    ["sent", true, false, "Payout goes out"],
    ["arrival", true, true, "Expected in your bank"],
    ["arrival", true, false, "Expected to arrive"],
    ["arrival", false, true, "Arrived"],
  ] as const)("%s (planned: %s, yours: %s): %s", (kind, planned, yours, label) => {
    expect(stepLabel(kind, { planned }, { yours })).toBe(label);
  });

  it("a step as text, and the bell's news of an arrived payout", () => {
    expect(stepText("arrival", done("2026-01-14"))).toBe("Arrived Jan 14, 2026");
    expect(payoutArrivedNotice({ groupName: "Wedding Fund", amountCents: 30_000, sentOn: "2026-01-13", arrivedOn: "2026-01-14" })).toEqual({
      title: "Your payout from Wedding Fund has arrived",
      body: "$300.00 is in your bank account. Payout sent Jan 13, 2026. Arrived Jan 14, 2026.",
    });
  });
});

describe("payoutNextSteps: what members read once the due day has passed", () => {
  const people: Record<string, { name: string; isYou: boolean }> = {
    a: { name: "Amina", isYou: false },
    b: { name: "Bilal", isYou: true },
    c: { name: "Chidi", isYou: false },
  };
  const steps = (attempts: DatedAttempt[], today: string) =>
    payoutNextSteps({
      dates: dates(attempts, today),
      today,
      recipient: { name: "Amina", isYou: false },
      payoutCents: 300_000,
      person: (id) => people[id]!,
    });
  const paid = ["a", "b"].map((u) => A("contribution", u, "funds_available", "2026-01-13", { settledOn: "2026-01-12" }));

  it("nothing before the due day; when the payout goes out; when it was sent", () => {
    expect(steps([], "2026-01-08")).toEqual([]);
    // On the due day before its debits are made (the day's run has not reached the group yet), nothing is on its way.
    expect(dates([], "2026-01-09")).toMatchObject({ notStarted: 3, late: [] });
    expect(steps([], "2026-01-09")).toEqual([
      "If every contribution comes in, the payout goes out on January 13, 2026 and is expected in Amina's bank account on January 14, 2026.",
    ]);
    expect(steps(all("pending", "2026-01-09").slice(1), "2026-01-09")[0]).toMatch(/^If every contribution comes in, /);
    expect(dates(all("pending", "2026-01-09"), "2026-01-09").notStarted).toBeUndefined();
    expect(steps(all("pending", "2026-01-09"), "2026-01-10")).toEqual([
      "Every contribution is in or on its way: the payout goes out on January 13, 2026 and is expected in Amina's bank account on January 14, 2026.",
    ]);
    expect(steps([...all("funds_available", "2026-01-13"), A("payout", "a", "pending", "2026-01-13")], "2026-01-13")).toEqual([
      "The payout was sent on January 13, 2026 and is expected in Amina's bank account on January 14, 2026.",
    ]);
  });

  it("a payout the bank has not accepted yet goes out; it was not sent", () => {
    const collected = all("funds_available", "2026-01-13", { settledOn: "2026-01-12" });
    const unanswered = [...collected, A("payout", "a", "created", "2026-01-13")];
    expect(dates(unanswered, "2026-01-13")).toMatchObject({ collected: done("2026-01-12"), sent: plan("2026-01-13"), arrival: plan("2026-01-14") });
    expect(steps(unanswered, "2026-01-13")).toEqual([
      "Every contribution is in or on its way: the payout goes out on January 13, 2026 and is expected in Amina's bank account on January 14, 2026.",
    ]);
    expect(payoutDaysText(dates(unanswered, "2026-01-14"))).toBe("Payout goes out Jan 14, 2026; expected to arrive Jan 15, 2026");
    // Once the bank accepts it: sent on the day it was made.
    const accepted = [...collected, A("payout", "a", "pending", "2026-01-13")];
    expect(dates(accepted, "2026-01-13")).toMatchObject({ sent: done("2026-01-13"), arrival: plan("2026-01-14") });
  });

  it("a failed Pay now: the member's own payment after the automatic attempts, never 'attempt 2 of 3' or 'after 4 attempts' (ADR 052)", () => {
    const first = A("contribution", "c", "declined", "2026-01-09", { failureCode: "NSF" });
    const payNow = A("contribution", "c", "declined", "2026-01-12", { attempt: 2, failureCode: "NSF", payNow: true, retryOn: "2026-01-15" });
    expect(steps([...paid, first, payNow], "2026-01-12")).toEqual([
      "Chidi's own payment (Pay now) did not go through after 1 automatic attempt: we'll try again automatically on January 15, 2026.",
      "If it goes through, the payout goes out on January 20, 2026 and is expected in Amina's bank account on January 21, 2026.",
    ]);
    const three = [1, 2, 3].map((attempt) => A("contribution", "b", "declined", "2026-01-16", { attempt, failureCode: "NSF" }));
    const fourth = A("contribution", "b", "declined", "2026-01-20", { attempt: 4, failureCode: "NSF", payNow: true });
    expect(
      steps([...paid.filter((p) => p.userId === "a"), A("contribution", "c", "funds_available", "2026-01-13"), ...three, fourth], "2026-01-20"),
    ).toEqual([
      "Your own payment (Pay now) did not go through after 3 automatic attempts, and nothing more is tried automatically.",
      "Nobody's payout is paid with money that hasn't arrived, so Amina's payout of $3,000.00 waits until every contribution is in; Rosca does not advance it.",
    ]);
  });

  it("a retry: when, and when the payout goes out if it works", () => {
    expect(steps([...paid, A("contribution", "c", "declined", "2026-01-09", { failureCode: "NSF" })], "2026-01-10")).toEqual([
      "Chidi's contribution did not go through (attempt 1 of 3): we'll try again on January 12, 2026.",
      "If it goes through, the payout goes out on January 14, 2026 and is expected in Amina's bank account on January 15, 2026.",
    ]);
  });

  it("attempts ran out, or it waits for the member: nobody covers the pot, the payout waits", () => {
    const outOfAttempts = [1, 2, 3].map((attempt) => A("contribution", "c", "declined", "2026-01-15", { attempt, failureCode: "NSF" }));
    expect(steps([...paid, ...outOfAttempts], "2026-01-20")).toEqual([
      "Chidi's contribution did not go through after 3 attempts and will not be tried again automatically.",
      "Nobody's payout is paid with money that hasn't arrived, so Amina's payout of $3,000.00 waits until every contribution is in; Rosca does not advance it.",
    ]);
    const mineWaiting = [
      A("contribution", "a", "funds_available", "2026-01-13"),
      A("contribution", "b", "created", "2026-01-09", { waitingForMember: true }),
      A("contribution", "c", "funds_available", "2026-01-13"),
    ];
    expect(steps(mineWaiting, "2026-01-20")).toEqual([
      "Your contribution waits for you: link, reconnect or authorise your bank under Profile → Bank Accounts, and it is taken straight away.",
      "Nobody's payout is paid with money that hasn't arrived, so Amina's payout of $3,000.00 waits until every contribution is in; Rosca does not advance it.",
    ]);
  });

  it("a payout out of attempts", () => {
    const stuck = [
      ...all("funds_available", "2026-01-13"),
      ...[1, 2, 3].map((attempt) => A("payout", "a", "failed", "2026-01-20", { attempt, initiatedOn: "2026-01-19" })),
    ];
    expect(steps(stuck, "2026-01-21")).toEqual([
      "The payout did not go through after 3 attempts and will not be sent again automatically; Rosca's support team has been told.",
    ]);
  });
});

describe("a payout in one line (issue 45: the sandbox clock's dates)", () => {
  // Monday November 30, 2026: debited that day, settled Tuesday December 1, available Wednesday December 2 (the payout
  // goes out), in the recipient's bank Thursday December 3. The next turn, due Monday December 7, arrives December 10.
  const nov30 = { periodNumber: 1, dueOn: "2026-11-30" };
  const paid = [
    ...MEMBERS.map((u) => ({ ...A("contribution", u, "funds_available", "2026-12-02", { settledOn: "2026-12-01" }), initiatedOn: "2026-11-30" })),
    A("payout", "a", "settled", "2026-12-03", { initiatedOn: "2026-12-02", settledOn: "2026-12-03" }),
  ];

  it("names a payout that arrived by its sent and arrival days, not its due day", () => {
    const result = paymentDates(nov30, MEMBERS, "a", paid, "2026-12-07");
    expect(payoutDaysText(result, { yours: true })).toBe("Payout sent Dec 2, 2026; arrived Dec 3, 2026");
    expect(payoutDay(result, { yours: true })).toEqual({ label: "Arrived", day: "2026-12-03" });
  });

  it("names the next turn by its planned days: December 10, not December 7", () => {
    const next = plannedDates(2, "2026-12-07");
    expect(payoutDaysText(next)).toBe("Payout goes out Dec 9, 2026; expected to arrive Dec 10, 2026");
    expect(payoutDaysText(next, { yours: true, style: "long" })).toBe("Payout goes out December 9, 2026; expected in your bank December 10, 2026");
    expect(payoutDay(next)).toEqual({ label: "Expected to arrive", day: "2026-12-10" });
  });

  it("says a payout waits on contributions, with their due day, when its days cannot be told", () => {
    const failed = MEMBERS.map((u) =>
      u === "b"
        ? A("contribution", u, "failed", "2026-12-01", { attempt: 3, initiatedOn: "2026-11-30" })
        : A("contribution", u, "funds_available", "2026-12-02", { settledOn: "2026-12-01" }),
    );
    const result = paymentDates(nov30, MEMBERS, "a", failed, "2026-12-07");
    expect(result.arrival).toBeNull();
    expect(payoutDaysText(result)).toBe("Not sent yet: waiting for contributions due Nov 30, 2026");
    expect(payoutDay(result)).toBeNull();
  });
});
