/**
 * The numbers behind the charts (pool balance over the cycle, paid in vs received, where a turn falls), pure: the
 * components only draw what these return. Money in integer cents; days are calendar days ("YYYY-MM-DD").
 */
import { daysBetween, type CalendarDay } from "./schedule";

// ---------------------------------------------------------------------------------------------------------------
// Scales

/**
 * Round axis ticks from 0 to at least `maxCents`: steps of 1, 2, 2.5 or 5 times a power of ten dollars, about `count`
 * of them. A zero maximum still gets an axis ($0 to $1), so an empty chart draws like a full one.
 */
export function moneyTicks(maxCents: number, count = 4): number[] {
  const maxDollars = Math.max(maxCents, 0) / 100;
  if (maxDollars === 0) return [0, 100];
  const rough = maxDollars / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough)!;
  const ticks: number[] = [];
  for (let value = 0; value < maxDollars + step / 2 && ticks.length <= count + 1; value += step) ticks.push(Math.round(value * 100));
  if (ticks[ticks.length - 1]! < maxCents) ticks.push(Math.round((ticks[ticks.length - 1]! / 100 + step) * 100));
  return ticks;
}

/** A linear map from [domainStart, domainEnd] to [rangeStart, rangeEnd]; a zero-width domain maps to the range start. */
export function linear(domainStart: number, domainEnd: number, rangeStart: number, rangeEnd: number) {
  const span = domainEnd - domainStart;
  return (value: number) => (span === 0 ? rangeStart : rangeStart + ((value - domainStart) / span) * (rangeEnd - rangeStart));
}

// ---------------------------------------------------------------------------------------------------------------
// Pool balance over the cycle

/** One pool movement as the group statement lists it: + money in, − money out (poolChangeCents). */
export type PoolMovement = { effectiveOn: CalendarDay; poolChangeCents: number };

/** The pool on one day: what came in, what went out, and the balance at the end of the day. */
export type PoolDay = { day: CalendarDay; inCents: number; outCents: number; balanceCents: number };

export type PoolChart = {
  /** Days with movement, in order, each with its end-of-day balance. Empty: no money has moved yet. */
  days: PoolDay[];
  /** The x axis: the cycle's first due day (or the first movement, if earlier) to its end (or the last movement). */
  start: CalendarDay;
  end: CalendarDay;
  /** The y axis top: the highest balance, or a whole payout, whichever is more (the pool fills to a payout each period). */
  maxCents: number;
  totalInCents: number;
  totalOutCents: number;
  balanceCents: number;
};

/**
 * Fold the statement's movements into one point per day. The axis spans the whole cycle even before money moved, so
 * an active group shows where it is in its cycle, and a completed one its full history.
 */
export function poolChart(movements: readonly PoolMovement[], cycle: { start: CalendarDay; end: CalendarDay; payoutCents: number }): PoolChart {
  const byDay = new Map<CalendarDay, { inCents: number; outCents: number }>();
  for (const movement of movements) {
    if (movement.poolChangeCents === 0) continue;
    const entry = byDay.get(movement.effectiveOn) ?? { inCents: 0, outCents: 0 };
    if (movement.poolChangeCents > 0) entry.inCents += movement.poolChangeCents;
    else entry.outCents -= movement.poolChangeCents;
    byDay.set(movement.effectiveOn, entry);
  }
  let balance = 0;
  const days: PoolDay[] = [...byDay.keys()].sort().map((day) => {
    const { inCents, outCents } = byDay.get(day)!;
    balance += inCents - outCents;
    return { day, inCents, outCents, balanceCents: balance };
  });
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  return {
    days,
    start: first && first < cycle.start ? first : cycle.start,
    end: last && last > cycle.end ? last : cycle.end,
    maxCents: Math.max(cycle.payoutCents, ...days.map((d) => d.balanceCents)),
    totalInCents: days.reduce((sum, d) => sum + d.inCents, 0),
    totalOutCents: days.reduce((sum, d) => sum + d.outCents, 0),
    balanceCents: balance,
  };
}

/**
 * The balance as a step line in chart coordinates: flat until a day's movements, then straight to the new balance.
 * `x` maps a day to a position; `y` a balance. Starts at zero on `start`, ends at `until` (today, or the axis end).
 */
export function poolStepPoints(chart: PoolChart, until: CalendarDay, x: (day: CalendarDay) => number, y: (cents: number) => number) {
  const points: Array<[number, number]> = [[x(chart.start), y(0)]];
  let balance = 0;
  for (const day of chart.days) {
    if (day.day > until) break;
    // Within a day, money in first, then out: a payout the day its contributions settle shows as a peak, not as nothing.
    points.push([x(day.day), y(balance)]);
    if (day.inCents > 0 && day.outCents > 0) points.push([x(day.day), y(balance + day.inCents)]);
    points.push([x(day.day), y(day.balanceCents)]);
    balance = day.balanceCents;
  }
  points.push([x(until), y(balance)]);
  return points;
}

/** Position of a calendar day on a day axis: days since `start`. */
export function dayOffset(start: CalendarDay, day: CalendarDay) {
  return daysBetween(start, day);
}

// ---------------------------------------------------------------------------------------------------------------
// Paid in vs received, and where a turn falls

export type SavingsProgress = {
  /** What the member has paid into the pool so far (settled contributions). */
  paidInCents: number;
  /** What the member has received (settled payouts). */
  receivedCents: number;
  /** A full cycle's contributions, which is also the one payout: contribution × members. */
  cycleCents: number;
  /** Turns in the cycle, and how many payouts are done. */
  turns: number;
  completedTurns: number;
  /** The member's turn (1-based), or null while it is not set (a random draw before the start). */
  yourTurn: number | null;
};

/**
 * A group's money into and out of its pool, summed per group-clock day, as movements oldest first (in before out;
 * two per day at most, none for a day without either).
 */
export function poolMovementsFrom(rows: Array<{ day: string; inCents: string | number; outCents: string | number }>): PoolMovement[] {
  return rows.flatMap((row) => {
    const movements: PoolMovement[] = [];
    if (Number(row.inCents) > 0) movements.push({ effectiveOn: row.day, poolChangeCents: Number(row.inCents) });
    if (Number(row.outCents) > 0) movements.push({ effectiveOn: row.day, poolChangeCents: -Number(row.outCents) });
    return movements;
  });
}

export type MemberTotals = { paidInCents: number; receivedCents: number };

type SavingsCard = { id: string; payoutCents: number; memberCount: number; completedPeriods: number; yourPosition: number | null };

/** Each card's savings at a glance (paid in vs received, your turn) from the member's totals per group. */
export function savingsFrom(cards: SavingsCard[], totals: Map<string, MemberTotals>): Record<string, SavingsProgress> {
  return Object.fromEntries(
    cards.map((card) => [
      card.id,
      {
        ...(totals.get(card.id) ?? { paidInCents: 0, receivedCents: 0 }),
        cycleCents: card.payoutCents,
        turns: card.memberCount,
        completedTurns: card.completedPeriods,
        yourTurn: card.yourPosition,
      },
    ]),
  );
}

/** The fraction (0-1) of the cycle a figure represents, for a bar; never outside 0-1. */
export function share(cents: number, cycleCents: number) {
  if (cycleCents <= 0) return 0;
  return Math.min(1, Math.max(0, cents / cycleCents));
}

/** The sentence that says what the savings chart draws. */
export function savingsSentence(progress: SavingsProgress, formatMoney: (cents: number) => string) {
  const paid = `You have paid in ${formatMoney(progress.paidInCents)} of ${formatMoney(progress.cycleCents)}`;
  const received = progress.receivedCents > 0 ? `and received ${formatMoney(progress.receivedCents)}` : "and received nothing yet";
  const turn =
    progress.yourTurn === null
      ? "Your turn is drawn when the group starts."
      : `Your payout is turn ${progress.yourTurn} of ${progress.turns}; ${progress.completedTurns} of ${progress.turns} payouts are done.`;
  return `${paid} ${received}. ${turn}`;
}
