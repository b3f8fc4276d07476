/**
 * Display formatting shared by server, browser and emails: the one place dates, times and money become text for people.
 *
 * Two kinds of date reach this module:
 * - a calendar day, "2026-12-01": a group's due or payout day. It is already a day in the group's time zone (the
 *   group's clock decided it), so it is shown as exactly that day, never shifted by anyone's zone;
 * - an instant (a Date or an ISO timestamp): shown as the day and time it falls on in a time zone, the group's when
 *   the instant is about a group, else the product's home zone. Server render and hydration use the same zone, so they
 *   agree.
 */
import { DEFAULT_LOCALE, type Locale } from "./locale";

export const DISPLAY_TIME_ZONE = "America/New_York";

export type DateStyle = "full" | "long" | "medium";
export type DateOptions = {
  /** "full": Tuesday, December 1, 2026 (the default); "long": December 1, 2026; "medium": Dec 1, 2026 (dense tables). */
  style?: DateStyle;
  /** For instants: the zone whose calendar decides the day (a group's zone). Ignored for calendar days. */
  timeZone?: string;
  /** The reader's language (ADR 056): es-US says "martes, 1 de diciembre de 2026". English by default. */
  locale?: Locale;
};

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Intl formatters are costly to build and cheap to reuse: one per style and zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, make: () => Intl.DateTimeFormat) {
  let found = formatters.get(key);
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/**
 * A calendar day's text by language and style: the same for every reader at every moment (UTC midnight, no zone), and a
 * group page writes the same few dozen days some 150 times (ADR 059 part five (g)). Emptied at the bound.
 */
const REMEMBERED_DAY_TEXTS = 2048;
const calendarDayTexts = new Map<string, string>();

/**
 * The date formatter: "Tuesday, December 1, 2026" by default. A calendar day is formatted at UTC midnight with the UTC
 * calendar, which names the same day whatever the machine's zone; an instant is formatted in `timeZone`.
 */
export function formatDate(value: string | Date, options: DateOptions = {}): string {
  const style = options.style ?? "full";
  const locale = options.locale ?? DEFAULT_LOCALE;
  if (typeof value === "string" && CALENDAR_DAY.test(value)) {
    const key = `${locale}:${style}:${value}`;
    const known = calendarDayTexts.get(key);
    if (known !== undefined) return known;
    const text = formatter(`day:${locale}:${style}`, () => new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: style })).format(
      new Date(`${value}T00:00:00Z`),
    );
    if (calendarDayTexts.size >= REMEMBERED_DAY_TEXTS) calendarDayTexts.clear();
    calendarDayTexts.set(key, text);
    return text;
  }
  const timeZone = options.timeZone ?? DISPLAY_TIME_ZONE;
  return formatter(`instant:${locale}:${style}:${timeZone}`, () => new Intl.DateTimeFormat(locale, { timeZone, dateStyle: style })).format(
    toDate(value),
  );
}

/** "Nov 21, 2026, 6:04 PM EST": an instant with its time, in `timeZone` (default the product's). */
export function formatDateTime(value: string | Date, options: { timeZone?: string; locale?: Locale } = {}): string {
  const timeZone = options.timeZone ?? DISPLAY_TIME_ZONE;
  const locale = options.locale ?? DEFAULT_LOCALE;
  return formatter(
    `datetime:${locale}:${timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone,
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      }),
  ).format(toDate(value));
}

/**
 * "Nov 29, 2026, 12:31:39 AM UTC" ("29 nov 2026, 12:31:39 a.m. UTC" in es-US): an instant to the second in UTC, as the
 * demo mailbox shows when a message was received (one zone for the server's HTML and the browser's hydration).
 */
export function formatUtcSeconds(value: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  const format = formatter(
    `utc-seconds:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }),
  );
  return `${format.format(toDate(value))} UTC`;
}

function toDate(value: string | Date) {
  return typeof value === "string" ? new Date(value) : value;
}

/** "Nov 21, 2026, 6:04 PM EST" (formatDateTime in the product's zone; the name the notification lists use). */
export function formatTimestamp(iso: string | Date, locale: Locale = DEFAULT_LOCALE) {
  return formatDateTime(iso, { locale });
}

/** "November 21, 2026": the day an instant falls on in the product's zone (formatDate, long). */
export function formatDay(iso: string | Date, locale: Locale = DEFAULT_LOCALE) {
  return formatDate(iso, { style: "long", locale });
}

/** A calendar day in a given style (formatDate; "long" by default here, for the pages that use it). */
export function formatCalendarDay(day: string, style: DateStyle = "long", locale: Locale = DEFAULT_LOCALE) {
  return formatDate(day, { style, locale });
}

/** Dollars in the reader's language: always US dollars, "$1,050.00" in English and in US Spanish alike. */
const usd = (locale: Locale) => numberFormatter(`usd:${locale}`, () => new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }));
const usdWhole = (locale: Locale) =>
  numberFormatter(
    `usd-whole:${locale}`,
    () => new Intl.NumberFormat(locale, { style: "currency", currency: "USD", maximumFractionDigits: 0, minimumFractionDigits: 0 }),
  );
const numberFormatters = new Map<string, Intl.NumberFormat>();
function numberFormatter(key: string, make: () => Intl.NumberFormat) {
  let found = numberFormatters.get(key);
  if (!found) {
    found = make();
    numberFormatters.set(key, found);
  }
  return found;
}

/** Integer cents to "$1,234.50". */
export function formatMoney(cents: number, locale: Locale = DEFAULT_LOCALE) {
  return usd(locale).format(cents / 100);
}

/** A count as the reader's language writes it: 1204 → "1,204". */
export function formatCount(value: number, locale: Locale = DEFAULT_LOCALE) {
  return numberFormatter(`count:${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** Whole dollars without cents for chart axes: 150000 → "$1,500". */
export function formatMoneyShort(cents: number, locale: Locale = DEFAULT_LOCALE) {
  return usdWhole(locale).format(cents / 100);
}

/** Whole-dollar amounts for marketing copy, e.g. 5000 -> "$5,000". */
export function formatDollars(dollars: number, locale: Locale = DEFAULT_LOCALE) {
  return usdWhole(locale).format(dollars);
}

/**
 * When something happened, for feeds (notifications, recent activity): the time it happened, or — for news about a
 * group whose sandbox clock had been moved, or about a day the sandbox replayed to catch up (ADR 040) — the group-clock
 * day it happened on, as every other surface dates that event ("Jan 14, 2026 (sandbox time)").
 */
export function formatEventTime(occurredAt: string | Date, occurredOn: string | null | undefined): string {
  return occurredOn ? `${formatCalendarDay(occurredOn, "medium")} (sandbox time)` : formatTimestamp(occurredAt);
}
