/**
 * The "Add to calendar" file for one member of one group (RFC 5545): an all-day event for each contribution due day
 * and one for the member's payout. Built with the `ics` package, then re-folded: `ics` folds lines at 75 characters,
 * but RFC 5545 section 3.1 counts octets, so a group name with accents or emoji would make over-long lines. We unfold
 * and fold again at 75 octets without splitting a UTF-8 sequence.
 */
import { createEvents, type DateArray, type EventAttributes } from "ics";
import { formatMoney } from "~/domain/format";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { addDays, type CalendarDay } from "~/domain/schedule";
import { translator } from "../platform/locale.server";
import type { CalendarEntry } from "./group-views.server";

export const CALENDAR_PRODUCT_ID = "-//Rosca//Savings Groups//EN";
const MAX_LINE_OCTETS = 75;

function dateArray(day: CalendarDay): DateArray {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return [year, month, date];
}

/** An event's title; in another language than English the catalogue's `groupPage.calendar.*` (ADR 056). */
export function calendarSummary(entry: Pick<CalendarEntry, "kind" | "amountCents">, groupName: string, locale: Locale = DEFAULT_LOCALE) {
  const amount = formatMoney(entry.amountCents, locale);
  if (locale !== DEFAULT_LOCALE) {
    const t = translator(locale);
    return t(entry.kind === "contribution" ? "groupPage.calendar.contributionDue" : "groupPage.calendar.yourPayout", { group: groupName, amount });
  }
  return entry.kind === "contribution" ? `Contribution due: ${groupName} (${amount})` : `Your payout: ${groupName} (${amount})`;
}

/** Stable across downloads, so re-importing the file updates the events instead of duplicating them. */
export function calendarUid(groupId: string, entry: Pick<CalendarEntry, "kind" | "periodNumber">) {
  return `${groupId}-${entry.kind}-${entry.periodNumber}@rosca`;
}

export function buildGroupCalendar(input: {
  group: { id: string; name: string };
  entries: CalendarEntry[];
  /** Absolute URL of the group page, put on every event. */
  groupUrl: string;
  /** DTSTAMP; passed in so the output is reproducible. */
  now: Date;
  /** The member's language for the events' words (English by default). */
  locale?: Locale;
}): string {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const events: EventAttributes[] = input.entries.map((entry) => ({
    uid: calendarUid(input.group.id, entry),
    title: calendarSummary(entry, input.group.name, locale),
    description:
      locale !== DEFAULT_LOCALE
        ? t(entry.kind === "contribution" ? "groupPage.calendar.contributionBody" : "groupPage.calendar.payoutBody", {
            amount: formatMoney(entry.amountCents, locale),
            group: input.group.name,
            period: entry.periodNumber,
          })
        : entry.kind === "contribution"
          ? `Your contribution of ${formatMoney(entry.amountCents)} to ${input.group.name} is due (period ${entry.periodNumber}).`
          : `Your payout of ${formatMoney(entry.amountCents)} from ${input.group.name} is expected in your bank account (period ${entry.periodNumber}).`,
    url: input.groupUrl,
    // All-day: DTSTART;VALUE=DATE and DTEND the next day (exclusive end, RFC 5545 section 3.6.1).
    start: dateArray(entry.date),
    end: dateArray(addDays(entry.date, 1)),
    transp: "TRANSPARENT",
    timestamp: input.now.getTime(),
  }));
  const { error, value } = createEvents(events, { productId: CALENDAR_PRODUCT_ID, calName: `Rosca: ${input.group.name}` });
  if (error || value === null) throw error ?? new Error("calendar: ics returned nothing");
  return refold(value);
}

/** Undo any folding, then fold each content line at 75 octets (continuation lines start with one space). */
export function refold(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

const encoder = new TextEncoder();

export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A filename safe in a Content-Disposition header: ASCII letters, digits and dashes. */
export function calendarFilename(groupName: string) {
  const slug = groupName
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return `${slug || "group"}-calendar.ics`;
}
