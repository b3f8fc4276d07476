/**
 * A member's payday, and retrying a debit that failed for want of money after it (ADR 030), pure.
 *
 * A member may tell us when they are usually paid. A debit that failed because the money was not there (declined NSF,
 * returned R01 insufficient funds or R09 uncollected funds) is then tried again the day after their next payday —
 * when the money has arrived — rather than on a fixed day: no sooner than the day after the failure, no later than
 * PAYDAY_RETRY_MAX_DAYS after it. Without a payday, and for every other failure, the retry comes RETRY_AFTER_DAYS
 * after the failure, as before. Either way the day is an ACH business day (bank-days.ts): one that falls on a weekend
 * or a Federal Reserve holiday moves to the next business day (issue 44: a retry was once planned on a Sunday). The
 * payday is a preference; nothing else uses it.
 */
import { bankDayOnOrAfter } from "./bank-days";
import { addDays, type CalendarDay, dayOfWeekOf } from "./schedule";

export type Payday = { kind: "weekly"; weekday: number } | { kind: "semimonthly" } | { kind: "monthly"; day: number };

/** A retry never waits longer than this for a payday (a monthly payday may be four weeks away). */
export const PAYDAY_RETRY_MAX_DAYS = 14;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The payday as the member reads it ("Every Friday", "Twice a month, on the 1st and the 15th", "Monthly, on the 31st"). */
export function describePayday(payday: Payday): string {
  switch (payday.kind) {
    case "weekly":
      return `Every ${WEEKDAYS[payday.weekday]}`;
    case "semimonthly":
      return "Twice a month, on the 1st and the 15th";
    case "monthly":
      return `Monthly, on the ${ordinal(payday.day)}${payday.day > 28 ? " (or the month's last day)" : ""}`;
  }
}

function ordinal(day: number) {
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th");
  return `${day}${suffix}`;
}

/** The form's value for a payday ("weekly:5", "semimonthly", "monthly:31"), and back; null for "not set" or anything else. */
export function paydayValue(payday: Payday | null): string {
  if (!payday) return "";
  return payday.kind === "semimonthly" ? "semimonthly" : payday.kind === "weekly" ? `weekly:${payday.weekday}` : `monthly:${payday.day}`;
}

export function parsePayday(value: unknown): Payday | null {
  if (typeof value !== "string") return null;
  if (value === "semimonthly") return { kind: "semimonthly" };
  const match = /^(weekly|monthly):(\d{1,2})$/.exec(value);
  if (!match) return null;
  const n = Number(match[2]);
  if (match[1] === "weekly") return n <= 6 ? { kind: "weekly", weekday: n } : null;
  return n >= 1 && n <= 31 ? { kind: "monthly", day: n } : null;
}

/** Every choice the form offers, in order, with its label. */
export function paydayChoices(): Array<{ value: string; label: string }> {
  const choices: Payday[] = [
    ...[5, 1, 2, 3, 4, 6, 0].map((weekday) => ({ kind: "weekly" as const, weekday })),
    { kind: "semimonthly" },
    ...Array.from({ length: 31 }, (_, i) => ({ kind: "monthly" as const, day: i + 1 })),
  ];
  return choices.map((payday) => ({ value: paydayValue(payday), label: describePayday(payday) }));
}

/** Whether `day` is a payday (a monthly day past the month's end is paid on its last day). */
function isPayday(payday: Payday, day: CalendarDay): boolean {
  switch (payday.kind) {
    case "weekly":
      return dayOfWeekOf(day) === payday.weekday;
    case "semimonthly":
      return day.endsWith("-01") || day.endsWith("-15");
    case "monthly": {
      const dom = Number(day.slice(8, 10));
      const lastOfMonth = addDays(day, 1).endsWith("-01");
      return dom === payday.day || (lastOfMonth && dom < payday.day);
    }
  }
}

/** The failures a payday helps with: the money was not there. */
export function failedForWantOfMoney(status: string, code: string | null | undefined): boolean {
  return (status === "declined" && code === "NSF") || (status === "returned" && (code === "R01" || code === "R09"));
}

/**
 * The day a failed debit is tried again: after a failure for want of money and with a payday, the day after the first
 * payday on or after the failure day (at the latest PAYDAY_RETRY_MAX_DAYS after the failure); otherwise
 * `defaultAfterDays` after it; in both cases moved to the first ACH business day on or after it.
 */
export function retryDay(input: {
  failedOn: CalendarDay;
  status: string;
  code: string | null | undefined;
  payday: Payday | null;
  defaultAfterDays: number;
}): CalendarDay {
  return bankDayOnOrAfter(calendarRetryDay(input));
}

function calendarRetryDay(input: Parameters<typeof retryDay>[0]): CalendarDay {
  if (!input.payday || !failedForWantOfMoney(input.status, input.code)) return addDays(input.failedOn, input.defaultAfterDays);
  for (let offset = 0; offset < PAYDAY_RETRY_MAX_DAYS; offset++) {
    const day = addDays(input.failedOn, offset);
    if (isPayday(input.payday, day)) return addDays(day, 1);
  }
  return addDays(input.failedOn, PAYDAY_RETRY_MAX_DAYS);
}

/** Whether `retryOn` is the day after a payday rather than the usual retry day (the notice says why it was chosen). */
export function retryTimedToPayday(input: Parameters<typeof retryDay>[0]): boolean {
  return retryDay(input) !== retryDay({ ...input, payday: null });
}
