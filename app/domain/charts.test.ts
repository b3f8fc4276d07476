import { describe, expect, it } from "vitest";
import { linear, moneyTicks, poolChart, poolMovementsFrom, poolStepPoints, savingsFrom, savingsSentence, share } from "./charts";
import { formatMoney } from "./format";

describe("moneyTicks: round steps from $0 past the maximum", () => {
  it.each([
    [0, [0, 100]],
    [30_000, [0, 10_000, 20_000, 30_000]],
    [50_000, [0, 20_000, 40_000, 60_000]],
    [120_000, [0, 50_000, 100_000, 150_000]],
    [1_200_000, [0, 500_000, 1_000_000, 1_500_000]],
    [999, [0, 250, 500, 750, 1_000]],
  ])("max %i → %j", (max, expected) => {
    const ticks = moneyTicks(max);
    expect(ticks).toEqual(expected);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
  });
});

describe("linear", () => {
  it("maps a domain onto a range, and a zero-width domain to the range start", () => {
    expect(linear(0, 10, 100, 200)(5)).toBe(150);
    expect(linear(0, 100, 180, 20)(100)).toBe(20);
    expect(linear(3, 3, 40, 600)(3)).toBe(40);
  });
});

describe("poolChart", () => {
  const cycle = { start: "2026-03-06", end: "2026-03-20", payoutCents: 30_000 };

  it("is empty but spans the cycle before any money moved (a forming or just-started group)", () => {
    expect(poolChart([], cycle)).toEqual({
      days: [],
      start: "2026-03-06",
      end: "2026-03-20",
      maxCents: 30_000,
      totalInCents: 0,
      totalOutCents: 0,
      balanceCents: 0,
    });
  });

  it("folds a whole cycle into one point per day and comes back to zero when complete", () => {
    const movements = [
      // Period 1: three contributions settle the day after the due day, the payout leaves the same day.
      { effectiveOn: "2026-03-07", poolChangeCents: 10_000 },
      { effectiveOn: "2026-03-07", poolChangeCents: 10_000 },
      { effectiveOn: "2026-03-07", poolChangeCents: 10_000 },
      { effectiveOn: "2026-03-07", poolChangeCents: -30_000 },
      { effectiveOn: "2026-03-14", poolChangeCents: 10_000 },
      { effectiveOn: "2026-03-14", poolChangeCents: 20_000 },
      { effectiveOn: "2026-03-15", poolChangeCents: -30_000 },
      { effectiveOn: "2026-03-21", poolChangeCents: 30_000 },
      { effectiveOn: "2026-03-22", poolChangeCents: -30_000 },
      { effectiveOn: "2026-03-22", poolChangeCents: 0 }, // a fee: not the pool's
    ];
    const chart = poolChart(movements, cycle);
    expect(chart.days).toEqual([
      { day: "2026-03-07", inCents: 30_000, outCents: 30_000, balanceCents: 0 },
      { day: "2026-03-14", inCents: 30_000, outCents: 0, balanceCents: 30_000 },
      { day: "2026-03-15", inCents: 0, outCents: 30_000, balanceCents: 0 },
      { day: "2026-03-21", inCents: 30_000, outCents: 0, balanceCents: 30_000 },
      { day: "2026-03-22", inCents: 0, outCents: 30_000, balanceCents: 0 },
    ]);
    // The axis grows to the last movement, past the last due day.
    expect(chart).toMatchObject({
      start: "2026-03-06",
      end: "2026-03-22",
      totalInCents: 90_000,
      totalOutCents: 90_000,
      balanceCents: 0,
      maxCents: 30_000,
    });
  });

  it("draws a step line up to a given day", () => {
    const chart = poolChart(
      [
        { effectiveOn: "2026-03-07", poolChangeCents: 20_000 },
        { effectiveOn: "2026-03-09", poolChangeCents: -20_000 },
      ],
      cycle,
    );
    const x = (day: string) => Number(day.slice(-2));
    const y = (cents: number) => cents / 100;
    expect(poolStepPoints(chart, "2026-03-08", x, y)).toEqual([
      [6, 0],
      [7, 0],
      [7, 200],
      [8, 200],
    ]);
    expect(poolStepPoints(chart, "2026-03-20", x, y).slice(-3)).toEqual([
      [9, 200],
      [9, 0],
      [20, 0],
    ]);
  });
});

describe("savings progress", () => {
  it("keeps bars inside 0-100%", () => {
    expect(share(15_000, 30_000)).toBe(0.5);
    expect(share(45_000, 30_000)).toBe(1);
    expect(share(-1, 30_000)).toBe(0);
    expect(share(100, 0)).toBe(0);
  });

  it("says what the chart shows", () => {
    const progress = { paidInCents: 20_000, receivedCents: 30_000, cycleCents: 30_000, turns: 3, completedTurns: 2, yourTurn: 1 };
    expect(savingsSentence(progress, formatMoney)).toBe(
      "You have paid in $200.00 of $300.00 and received $300.00. Your payout is turn 1 of 3; 2 of 3 payouts are done.",
    );
    expect(savingsSentence({ ...progress, paidInCents: 0, receivedCents: 0, completedTurns: 0, yourTurn: null }, formatMoney)).toBe(
      "You have paid in $0.00 of $300.00 and received nothing yet. Your turn is drawn when the group starts.",
    );
  });
});

describe("poolStepPoints within a day", () => {
  it("rises with the day's money in before the day's payout takes it out", () => {
    const chart = poolChart(
      [
        { effectiveOn: "2026-03-07", poolChangeCents: 30_000 },
        { effectiveOn: "2026-03-07", poolChangeCents: -30_000 },
      ],
      { start: "2026-03-06", end: "2026-03-20", payoutCents: 30_000 },
    );
    const x = (day: string) => Number(day.slice(-2));
    const y = (cents: number) => cents / 100;
    expect(poolStepPoints(chart, "2026-03-10", x, y)).toEqual([
      [6, 0],
      [7, 0],
      [7, 300],
      [7, 0],
      [10, 0],
    ]);
  });
});

describe("poolMovementsFrom: a day's money in and out as movements", () => {
  it("puts money in before money out, leaves out empty sides, and reads sums sent as text", () => {
    expect(
      poolMovementsFrom([
        { day: "2026-11-20", inCents: "30000", outCents: 0 },
        { day: "2026-11-22", inCents: 0, outCents: "30000" },
        { day: "2026-11-27", inCents: 20000, outCents: 10000 },
      ]),
    ).toEqual([
      { effectiveOn: "2026-11-20", poolChangeCents: 30_000 },
      { effectiveOn: "2026-11-22", poolChangeCents: -30_000 },
      { effectiveOn: "2026-11-27", poolChangeCents: 20_000 },
      { effectiveOn: "2026-11-27", poolChangeCents: -10_000 },
    ]);
  });
});

describe("savingsFrom", () => {
  it("gives each card its totals with the cycle's figures, and zeros for a group without any", () => {
    const cards = [
      { id: "a", payoutCents: 30_000, memberCount: 3, completedPeriods: 1, yourPosition: 2 },
      { id: "b", payoutCents: 100_000, memberCount: 5, completedPeriods: 0, yourPosition: null },
    ];
    expect(savingsFrom(cards, new Map([["a", { paidInCents: 10_500, receivedCents: 0 }]]))).toEqual({
      a: { paidInCents: 10_500, receivedCents: 0, cycleCents: 30_000, turns: 3, completedTurns: 1, yourTurn: 2 },
      b: { paidInCents: 0, receivedCents: 0, cycleCents: 100_000, turns: 5, completedTurns: 0, yourTurn: null },
    });
  });
});
