/**
 * Contribution schedules (SPEC.md sections 2, 4 and 9): daily, weekly or bi-weekly on a day of the week, or monthly
 * on a day 1-31 where shorter months use their last day. Pure: `today`/`now` are parameters.
 *
 * Calendar days are plain "YYYY-MM-DD" strings. They are never turned into a local-time Date for arithmetic: day
 * arithmetic runs on UTC epoch days (exact, no daylight-saving hour can shift a day), and the month helpers of
 * date-fns only ever see a local-noon Date of the month in question, so the machine's time zone cannot move a result
 * across a day boundary. The group's own zone matters only for "which day is it now" (`todayIn`).
 */
// One module each: the package's index loads all ~250 functions (0.2 s at every process start in Node).
import { addMonths } from "date-fns/addMonths";

export type Frequency = "daily" | "weekly" | "biweekly" | "monthly";

export const FREQUENCIES = ["daily", "weekly", "biweekly", "monthly"] as const satisfies readonly Frequency[];

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  biweekly: "Bi-weekly",
  monthly: "Monthly",
};

/** Index 0 is Sunday, as in SPEC.md section 3 (dayOfWeek 0-6, Sunday first) and `Date#getUTCDay`. */
export const WEEKDAY_NAMES: readonly string[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** dayOfWeek is set (0-6) exactly for weekly/biweekly, dayOfMonth (1-31) exactly for monthly; the other is null. */
export type Schedule = { frequency: Frequency; dayOfWeek: number | null; dayOfMonth: number | null };

/** "YYYY-MM-DD" */
export type CalendarDay = string;

/** The product's home zone (SPEC.md: US residents); a group may carry another IANA zone. */
export const DEFAULT_TIME_ZONE = "America/New_York";

const MS_PER_DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------------------------
// Time zones

/**
 * An IANA zone name the runtime knows ("America/Chicago", "UTC"). Offset forms ("+05:00"), which newer runtimes
 * also accept, are refused: an offset has no daylight-saving rules, so it is not a place's calendar.
 */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== "string" || timeZone.trim() === "" || timeZone.length > 64) return false;
  if (/^[+-]/.test(timeZone.trim())) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day `now` falls on in `timeZone`. */
/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The days already told, by zone and exact instant (issue 47): a page asks the same question many times within one
 * request — a group's records age every contribution chain on that group's clock at the request's instant — and
 * formatToParts was a few percent of a group page's CPU. Exact keys, so the answer is the same as without the memo;
 * bounded, emptied when full.
 */
const toldDays = new Map<string, CalendarDay>();
const TOLD_DAYS_MAX = 512;

export function todayIn(timeZone: string, now: Date): CalendarDay {
  const key = `${timeZone} ${now.getTime()}`;
  const told = toldDays.get(key);
  if (told !== undefined) return told;
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
  if (toldDays.size >= TOLD_DAYS_MAX) toldDays.clear();
  toldDays.set(key, day);
  return day;
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar-day arithmetic

type Ymd = { year: number; month: number; day: number }; // month 1-12

function parseDay(value: string): Ymd | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function mustParse(day: CalendarDay): Ymd {
  const parsed = parseDay(day);
  if (!parsed) throw new Error(`Not a calendar day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  return parsed;
}

function formatDay({ year, month, day }: Ymd): CalendarDay {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Days since 1970-01-01. `Date.UTC` maps years 0-99 to 1900-1999, hence setUTCFullYear. */
function epochDay({ year, month, day }: Ymd): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / MS_PER_DAY);
}

function fromEpochDay(days: number): Ymd {
  const date = new Date(days * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** A local-noon Date inside the given month: date-fns reads it in local time, and noon is never skipped by DST. */
function localNoon(year: number, month: number): Date {
  const date = new Date(2000, 0, 1, 12);
  date.setFullYear(year, month - 1, 1);
  return date;
}

/** Gregorian month lengths, by arithmetic: parsing a day checks it, and charts parse hundreds per page. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The month `months` after (year, month). */
function shiftMonth(year: number, month: number, months: number): { year: number; month: number } {
  const shifted = addMonths(localNoon(year, month), months);
  return { year: shifted.getFullYear(), month: shifted.getMonth() + 1 };
}

/** Strict "YYYY-MM-DD" naming a day that exists (no 2023-02-29, no 2024-13-01, no "2024-1-5"). */
export function isCalendarDay(value: string): boolean {
  return typeof value === "string" && parseDay(value) !== null;
}

/**
 * Days already converted, both ways: a group page's payment dates and chart convert the same few dozen days hundreds of
 * times (ADR 059 part five (g)). Only valid days are remembered (`mustParse` throws first); each map is emptied when it
 * reaches the bound.
 */
const REMEMBERED_DAYS = 4096;
const dayNumbers = new Map<CalendarDay, number>();
const daysByNumber = new Map<number, CalendarDay>();

/** Days since 1970-01-01 of a calendar day. */
function dayNumber(day: CalendarDay): number {
  let known = dayNumbers.get(day);
  if (known === undefined) {
    known = epochDay(mustParse(day));
    if (dayNumbers.size >= REMEMBERED_DAYS) dayNumbers.clear();
    dayNumbers.set(day, known);
  }
  return known;
}

/** The calendar day `days` after 1970-01-01. */
function dayOfNumber(days: number): CalendarDay {
  let known = daysByNumber.get(days);
  if (known === undefined) {
    known = formatDay(fromEpochDay(days));
    if (daysByNumber.size >= REMEMBERED_DAYS) daysByNumber.clear();
    daysByNumber.set(days, known);
  }
  return known;
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  if (!Number.isInteger(days)) throw new Error(`addDays needs whole days, got ${days}`);
  return dayOfNumber(dayNumber(day) + days);
}

/** `to - from` in whole days (negative when `to` is earlier). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeekOf(day: CalendarDay): number {
  // 1970-01-01 was a Thursday (4).
  return (((dayNumber(day) + 4) % 7) + 7) % 7;
}

export function dayOfMonthOf(day: CalendarDay): number {
  return mustParse(day).day;
}

// ---------------------------------------------------------------------------------------------------------------
// Schedules

/** SPEC.md section 4: on a frequency change, weekly/biweekly default to Monday (1), monthly to today's day of month. */
export function scheduleDefaults(frequency: Frequency, today: CalendarDay): { dayOfWeek: number | null; dayOfMonth: number | null } {
  switch (frequency) {
    case "weekly":
    case "biweekly":
      return { dayOfWeek: 1, dayOfMonth: null };
    case "monthly":
      return { dayOfWeek: null, dayOfMonth: dayOfMonthOf(today) };
    case "daily":
      return { dayOfWeek: null, dayOfMonth: null };
  }
}

function weekdayOf(schedule: Schedule): number {
  const { dayOfWeek } = schedule;
  if (dayOfWeek === null || !Number.isInteger(dayOfWeek) || dayOfWeek < 0 || dayOfWeek > 6) {
    throw new Error(`A ${schedule.frequency} schedule needs dayOfWeek 0-6, got ${dayOfWeek}`);
  }
  return dayOfWeek;
}

function monthDayOf(schedule: Schedule): number {
  const { dayOfMonth } = schedule;
  if (dayOfMonth === null || !Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > 31) {
    throw new Error(`A monthly schedule needs dayOfMonth 1-31, got ${dayOfMonth}`);
  }
  return dayOfMonth;
}

/** The schedule's due day in a month: its day of month, or the month's last day when the month is shorter. */
function dueDayIn(year: number, month: number, dayOfMonth: number): CalendarDay {
  return formatDay({ year, month, day: Math.min(dayOfMonth, daysInMonth(year, month)) });
}

function isDueDay(schedule: Schedule, day: CalendarDay): boolean {
  switch (schedule.frequency) {
    case "daily":
      return true;
    case "weekly":
    case "biweekly":
      return dayOfWeekOf(day) === weekdayOf(schedule);
    case "monthly": {
      const { year, month } = mustParse(day);
      return dueDayIn(year, month, monthDayOf(schedule)) === day;
    }
  }
}

/**
 * The first due day on or after `from`. Daily: `from`. Weekly and bi-weekly: the next matching weekday, `from`
 * included (a bi-weekly schedule has no phase of its own; its first due day sets it). Monthly: this month's due day
 * if not before `from`, else next month's.
 */
export function firstDueOnOrAfter(schedule: Schedule, from: CalendarDay): CalendarDay {
  switch (schedule.frequency) {
    case "daily":
      mustParse(from);
      return from;
    case "weekly":
    case "biweekly":
      return addDays(from, (weekdayOf(schedule) - dayOfWeekOf(from) + 7) % 7);
    case "monthly": {
      const { year, month } = mustParse(from);
      const dayOfMonth = monthDayOf(schedule);
      const thisMonth = dueDayIn(year, month, dayOfMonth);
      if (thisMonth >= from) return thisMonth; // "YYYY-MM-DD" strings order like the days they name
      const next = shiftMonth(year, month, 1);
      return dueDayIn(next.year, next.month, dayOfMonth);
    }
  }
}

/**
 * `count` due days starting at `firstDue`, which must itself be a due day (use `firstDueOnOrAfter`).
 * Monthly dates are computed from `firstDue`'s month and the schedule's day each time, never from the previous
 * (possibly clamped) date: 31 Jan -> 28/29 Feb -> 31 Mar, not -> 28 Mar.
 */
export function periodDates(schedule: Schedule, firstDue: CalendarDay, count: number): CalendarDay[] {
  if (!Number.isInteger(count) || count < 0) throw new Error(`periodDates needs a whole count >= 0, got ${count}`);
  if (!isDueDay(schedule, firstDue)) {
    throw new Error(`${firstDue} is not a due day of ${JSON.stringify(schedule)}`);
  }
  const dates: CalendarDay[] = [];
  if (schedule.frequency === "monthly") {
    const { year, month } = mustParse(firstDue);
    const dayOfMonth = monthDayOf(schedule);
    for (let i = 0; i < count; i++) {
      const target = shiftMonth(year, month, i);
      dates.push(dueDayIn(target.year, target.month, dayOfMonth));
    }
    return dates;
  }
  const step = schedule.frequency === "daily" ? 1 : schedule.frequency === "weekly" ? 7 : 14;
  for (let i = 0; i < count; i++) dates.push(addDays(firstDue, i * step));
  return dates;
}

/** 1st 2nd 3rd 4th … 11th 12th 13th … 21st 22nd 23rd … 31st */
export function ordinal(n: number): string {
  const lastTwo = Math.abs(n) % 100;
  const last = Math.abs(n) % 10;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? "th" : last === 1 ? "st" : last === 2 ? "nd" : last === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

/**
 * The readable schedule line of the wizard and the group page: "Every day", "Every Friday", "Every other Friday",
 * "Monthly on the 15th", "Monthly on the 31st (or the last day of shorter months)" (the note only for days 29-31,
 * the only ones a month can lack).
 */
export function describeSchedule(schedule: Schedule): string {
  switch (schedule.frequency) {
    case "daily":
      return "Every day";
    case "weekly":
      return `Every ${WEEKDAY_NAMES[weekdayOf(schedule)]}`;
    case "biweekly":
      return `Every other ${WEEKDAY_NAMES[weekdayOf(schedule)]}`;
    case "monthly": {
      const day = monthDayOf(schedule);
      const note = day >= 29 ? " (or the last day of shorter months)" : "";
      return `Monthly on the ${ordinal(day)}${note}`;
    }
  }
}
