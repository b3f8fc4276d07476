import { describe, expect, it } from "vitest";
import type { TransferStatus } from "./money";
import {
  type ContributionAttempt,
  type ContributionChain,
  markOf,
  markWeight,
  NEW_MEMBER_MARKS,
  recordSummary,
  reliabilityRecord,
} from "./reliability";

const TODAY = "2026-06-01";

function attempt(n: number, status: TransferStatus, extra: Partial<ContributionAttempt> = {}): ContributionAttempt {
  const day = `2026-05-${String(n * 3).padStart(2, "0")}`;
  return { attempt: n, status, failureCode: null, initiatedOn: day, statusOn: day, covered: false, ...extra };
}

function chain(attempts: ContributionAttempt[], today = TODAY, periodNumber = 1): ContributionChain {
  return { groupId: "g1", periodNumber, today, attempts };
}

describe("the mark a contribution leaves", () => {
  it.each<[string, ContributionAttempt[], string | null, { covered?: boolean; repaid?: boolean; owed?: boolean }?]>([
    ["settled on the first attempt", [attempt(1, "settled")], "onTime"],
    ["available on the first attempt", [attempt(1, "funds_available")], "onTime"],
    ["declined, then paid on the retry", [attempt(1, "declined", { failureCode: "NSF" }), attempt(2, "funds_available")], "late"],
    [
      "returned before the payout (no cover), then paid on the retry",
      [attempt(1, "returned", { failureCode: "R01" }), attempt(2, "settled")],
      "late",
    ],
    [
      "declined three times: no attempt left",
      [
        attempt(1, "declined", { failureCode: "NSF" }),
        attempt(2, "declined", { failureCode: "NSF" }),
        attempt(3, "declined", { failureCode: "NSF" }),
      ],
      "missed",
      { covered: false, owed: true },
    ],
    ["returned with a code that allows no retry", [attempt(1, "returned", { failureCode: "R99" })], "missed", { owed: true }],
    [
      "taken back after the payout (covered), then paid by the retry",
      [attempt(1, "returned", { failureCode: "R01", covered: true }), attempt(2, "settled")],
      "missed",
      { covered: true, repaid: true, owed: false },
    ],
    [
      "covered, its retry still on its way",
      [attempt(1, "returned", { failureCode: "R01", covered: true }), attempt(2, "pending")],
      "missed",
      { covered: true, repaid: false, owed: true },
    ],
    ["in flight", [attempt(1, "pending")], null],
    ["declined, a retry to come", [attempt(1, "declined", { failureCode: "NSF" })], null],
    ["authorisation withdrawn (R10): waits for the member", [attempt(1, "returned", { failureCode: "R10" })], null],
    ["cancelled by the platform's admin", [attempt(1, "cancelled")], null],
  ])("%s", (_name, attempts, kind, flags) => {
    const mark = markOf(chain(attempts));
    expect(mark?.kind ?? null).toBe(kind);
    if (flags) expect(mark).toMatchObject(flags);
  });

  it("dates a mark by its due day (the first attempt) and ages it on the group's own day", () => {
    const mark = markOf(chain([attempt(1, "declined"), attempt(2, "settled")], "2026-05-13"));
    expect([mark?.on, mark?.ageDays]).toEqual(["2026-05-03", 10]);
  });
});

describe("fading", () => {
  it.each([
    [0, 1],
    [180, 0.5],
    [360, 0.25],
    [730, 0.5 ** (730 / 180)],
    [731, 0],
    [2000, 0],
  ])("a mark %i days old weighs %f", (age, weight) => {
    expect(markWeight(age)).toBeCloseTo(weight, 10);
  });
});

describe("the record", () => {
  const onTimeOn = (day: string) => chain([{ ...attempt(1, "settled"), initiatedOn: day, statusOn: day }]);
  const missedOn = (day: string) =>
    chain([
      { ...attempt(1, "declined"), initiatedOn: day },
      { ...attempt(2, "declined"), initiatedOn: day },
      { ...attempt(3, "declined"), initiatedOn: day },
    ]);

  it("with nothing known yet: new, no score", () => {
    const record = reliabilityRecord({ chains: [chain([attempt(1, "pending")])], cyclesCompleted: 0 });
    expect(record).toMatchObject({ open: 1, onTime: 0, score: null, standing: "new" });
    expect(recordSummary(record)).toBe("No payment history yet · 0 cycles completed");
  });

  it("a declined debit with a retry to come is never 'on the way'; paid with Pay now after the last attempt, it is late, not missed", () => {
    const waiting = reliabilityRecord({ chains: [chain([attempt(1, "declined")])], cyclesCompleted: 0 });
    expect(waiting).toMatchObject({ open: 0, declined: 1, late: 0, missed: 0 });
    const payNow = reliabilityRecord({
      chains: [chain([attempt(1, "declined"), attempt(2, "declined"), attempt(3, "declined"), attempt(4, "settled")])],
      cyclesCompleted: 0,
    });
    expect(payNow).toMatchObject({ open: 0, declined: 0, late: 1, missed: 0 });
  });

  it("counts on time, late and missed, and weighs the recent more", () => {
    const record = reliabilityRecord({
      chains: [
        onTimeOn("2026-06-01"),
        onTimeOn("2026-06-01"),
        onTimeOn("2026-06-01"),
        chain([attempt(1, "declined"), attempt(2, "settled")]),
        missedOn("2025-12-03"),
      ],
      cyclesCompleted: 1,
    });
    // Weights: 1 (today) each, 0.5 ** (26 / 180) for the late one (May 6), 0.5 for the miss (180 days ago).
    const late = 0.5 ** (26 / 180);
    expect(record).toMatchObject({ onTime: 3, late: 1, missed: 1, owed: 1, faded: 0 });
    expect(record.score).toBe(Math.round((100 * (3 + late * 0.5)) / (3 + late + 0.5)));
    expect(record.standing).toBe("mostlyOnTime");
    expect(recordSummary(record)).toBe("Mostly on time · 3 on time, 1 late, 1 missed · 1 cycle completed · 1 contribution still owed");
  });

  it("an old miss fades out of the score; what is still owed is said whatever its age", () => {
    const onTime = ["2026-06-01", "2026-05-01", "2026-04-01", "2026-03-01", "2026-02-01"].map(onTimeOn);
    const record = reliabilityRecord({ chains: [...onTime, missedOn("2024-01-05")], cyclesCompleted: 2 });
    expect(record).toMatchObject({ onTime: 5, missed: 0, faded: 1, owed: 1, score: 100, standing: "onTime" });
    expect(recordSummary(record)).toBe("Pays on time · 5 on time, 0 late, 0 missed · 2 cycles completed · 1 contribution still owed");
  });

  it("a covered contribution repaid counts a quarter, and says so", () => {
    const record = reliabilityRecord({
      chains: [
        onTimeOn("2026-06-01"),
        onTimeOn("2026-06-01"),
        onTimeOn("2026-06-01"),
        onTimeOn("2026-06-01"),
        chain([{ ...attempt(1, "returned", { failureCode: "R01", covered: true }), initiatedOn: "2026-06-01" }, attempt(2, "settled")]),
      ],
      cyclesCompleted: 0,
    });
    expect(record).toMatchObject({ onTime: 4, missed: 1, covered: 1, repaid: 1, owed: 0, score: 85, standing: "mostlyOnTime" });
    expect(recordSummary(record)).toBe("Mostly on time · 4 on time, 0 late, 1 missed · 0 cycles completed");
  });

  it("a new member's first miss shows their counts, not a score of 0 (the new-member rule, ADR 050)", () => {
    const record = reliabilityRecord({ chains: [missedOn("2026-06-01")], cyclesCompleted: 0 });
    expect(record).toMatchObject({ missed: 1, owed: 1, score: null, standing: "new" });
    expect(recordSummary(record)).toBe("New member · 0 on time, 0 late, 1 missed · 0 cycles completed · 1 contribution still owed");
    // Four counted: still new; the fifth brings the score.
    const four = reliabilityRecord({
      chains: [missedOn("2026-06-01"), ...["2026-06-01", "2026-05-01", "2026-04-01"].map(onTimeOn)],
      cyclesCompleted: 0,
    });
    expect([four.score, four.standing]).toEqual([null, "new"]);
    const five = reliabilityRecord({
      chains: [missedOn("2026-06-01"), ...["2026-06-01", "2026-05-01", "2026-04-01", "2026-03-01"].map(onTimeOn)],
      cyclesCompleted: 0,
    });
    expect(five.score).not.toBeNull();
    expect(NEW_MEMBER_MARKS).toBe(5);
  });

  it("a declined debit waiting for its retry is counted as declined, not on the way", () => {
    const record = reliabilityRecord({
      chains: [chain([attempt(1, "declined", { failureCode: "NSF" })]), chain([attempt(1, "pending")])],
      cyclesCompleted: 0,
    });
    expect(record).toMatchObject({ declined: 1, open: 1, missed: 0, score: null });
  });
});
