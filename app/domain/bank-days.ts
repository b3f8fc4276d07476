/**
 * The ACH calendar (ADR 040): the days on which the US banking system settles transfers. ACH moves money on business
 * days only — never on a Saturday or a Sunday, nor on the holidays the Federal Reserve Banks observe (the Fed's
 * FedACH runs on their schedule). Pure: the day is a parameter.
 *
 * The Federal Reserve's holidays: New Year's Day, Birthday of Martin Luther King Jr. (third Monday of January),
 * Washington's Birthday (third Monday of February), Memorial Day (last Monday of May), Juneteenth (June 19, since
 * 2022), Independence Day, Labor Day (first Monday of September), Columbus Day (second Monday of October), Veterans
 * Day (November 11), Thanksgiving (fourth Thursday of November), Christmas Day. A fixed-date holiday that falls on a
 * Sunday is observed the Monday after; one that falls on a Saturday is not moved: the Reserve Banks are open the Friday
 * before (unlike federal offices), so that Friday is a business day.
 */
import { addDays, type CalendarDay, dayOfWeekOf } from "./schedule";

const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (year: number, month: number, day: number): CalendarDay => `${year}-${pad(month)}-${pad(day)}`;

/** The `nth` (1-based) `weekday` (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): CalendarDay {
  const first = dayOf(year, month, 1);
  const offset = (weekday - dayOfWeekOf(first) + 7) % 7;
  return addDays(first, offset + (nth - 1) * 7);
}

/** The last `weekday` of a month. */
function lastWeekday(year: number, month: number, weekday: number): CalendarDay {
  const nextMonthFirst = month === 12 ? dayOf(year + 1, 1, 1) : dayOf(year, month + 1, 1);
  const last = addDays(nextMonthFirst, -1);
  return addDays(last, -((dayOfWeekOf(last) - weekday + 7) % 7));
}

/** A fixed-date holiday as the Reserve Banks observe it: a Sunday moves to Monday; a Saturday is not observed. */
function observed(day: CalendarDay): CalendarDay | null {
  const weekday = dayOfWeekOf(day);
  if (weekday === 0) return addDays(day, 1);
  if (weekday === 6) return null;
  return day;
}

const holidayCache = new Map<number, ReadonlySet<CalendarDay>>();

/** The Federal Reserve's holidays of a year, as observed (the days ACH does not settle on, besides weekends). */
export function bankHolidays(year: number): ReadonlySet<CalendarDay> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days = [
    observed(dayOf(year, 1, 1)),
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    lastWeekday(year, 5, 1),
    year >= 2022 ? observed(dayOf(year, 6, 19)) : null,
    observed(dayOf(year, 7, 4)),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 10, 1, 2),
    observed(dayOf(year, 11, 11)),
    nthWeekday(year, 11, 4, 4),
    observed(dayOf(year, 12, 25)),
  ].filter((day): day is CalendarDay => day !== null);
  const set = new Set(days);
  holidayCache.set(year, set);
  return set;
}

/**
 * Answers already given, by day (and by day and count for `addBankDays`): a group page dates every member's
 * contribution of every period on the same few days, some 400 calls a page with a handful of distinct answers (ADR 059
 * part five (g)). The answers are pure functions of their arguments; the maps are emptied when they reach the bound.
 */
const REMEMBERED = 4096;
const bankDayAnswers = new Map<CalendarDay, boolean>();
const addBankDaysAnswers = new Map<string, CalendarDay>();

function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (map.size >= REMEMBERED) map.clear();
  map.set(key, value);
  return value;
}

/** Whether ACH settles on this day: a weekday that is not a Federal Reserve holiday. */
export function isBankDay(day: CalendarDay): boolean {
  const known = bankDayAnswers.get(day);
  if (known !== undefined) return known;
  const weekday = dayOfWeekOf(day);
  return remember(bankDayAnswers, day, weekday !== 0 && weekday !== 6 && !bankHolidays(Number(day.slice(0, 4))).has(day));
}

/** The day itself when it is a bank day, else the next one (a transfer made on a weekend enters ACH on Monday). */
export function bankDayOnOrAfter(day: CalendarDay): CalendarDay {
  let current = day;
  while (!isBankDay(current)) current = addDays(current, 1);
  return current;
}

/** The first bank day after `day`. */
export function nextBankDay(day: CalendarDay): CalendarDay {
  return bankDayOnOrAfter(addDays(day, 1));
}

/**
 * `count` bank days after the bank day a transfer made on `day` enters the network (`bankDayOnOrAfter`): made on
 * Friday, one bank day later is Monday; made on Saturday, it enters on Monday and one bank day later is Tuesday.
 */
export function addBankDays(day: CalendarDay, count: number): CalendarDay {
  if (!Number.isInteger(count) || count < 0) throw new Error(`addBankDays needs a whole number of days ≥ 0, got ${count}`);
  const key = `${day}+${count}`;
  const known = addBankDaysAnswers.get(key);
  if (known !== undefined) return known;
  let current = bankDayOnOrAfter(day);
  for (let i = 0; i < count; i++) current = nextBankDay(current);
  return remember(addBankDaysAnswers, key, current);
}

/**
 * How many bank days `to` is after the bank day a transfer made on `from` enters the network: the `count` for which
 * `addBankDays(from, count)` is `to` (or, when `to` is not itself a bank day, the first bank day after it). 0 when `to`
 * is on or before that day.
 */
export function bankDaysBetween(from: CalendarDay, to: CalendarDay): number {
  let current = bankDayOnOrAfter(from);
  let count = 0;
  while (current < to) {
    current = nextBankDay(current);
    count++;
  }
  return count;
}
