/**
 * The "Add to calendar" file for one member of one group (RFC 5545): an all-day event for each contribution due day
 * and one for the member's payout. Built with the `ics` package, then re-folded: `ics` folds lines at 75 characters,
 * but RFC 5545 section 3.1 counts octets, so a group name with accents or emoji would make over-long lines. We unfold
 * and fold again at 75 octets without splitting a UTF-8 sequence.
 */
import { createEvents, type DateArray, type EventAttributes } from "ics";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { addDays, type CalendarDay } from "~/domain/schedule";
import { partialPayoutParts, partialSentCents } from "~/domain/turn-consent";
import { translator } from "../platform/locale.server";
import type { CalendarEntry } from "./group-views.server";

export const CALENDAR_PRODUCT_ID = "-//Rosca//Savings Groups//EN";
const MAX_LINE_OCTETS = 75;

function dateArray(day: CalendarDay): DateArray {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return [year, month, date];
}

/**
 * The figure an event names: a contribution's amount; a payout's pot, or after a consent what the turn pays (what
 * arrived, and each late part once collected and sent on: partialSentCents); where each part is, the description says.
 */
function eventCents(entry: Pick<CalendarEntry, "amountCents" | "partial">) {
  return entry.partial ? partialSentCents(entry.partial) : entry.amountCents;
}

/** An event's title, in the reader's language: the catalogue's `groupPage.calendar.*` (ADR 056). */
export function calendarSummary(entry: Pick<CalendarEntry, "kind" | "amountCents" | "partial">, groupName: string, locale: Locale = DEFAULT_LOCALE) {
  const amount = formatMoney(eventCents(entry), locale);
  return translator(locale)(entry.kind === "contribution" ? "groupPage.calendar.contributionDue" : "groupPage.calendar.yourPayout", {
    group: groupName,
    amount,
  });
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
  const events: EventAttributes[] = input.entries.map((entry) => ({
    uid: calendarUid(input.group.id, entry),
    title: calendarSummary(entry, input.group.name, locale),
    description: calendarDescription(entry, input.group.name, locale),
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

/**
 * An event's description. After a consent, each part not sent yet follows in the group page's own words
 * (partialPayoutParts: "$200.00 failed on Jan 26, 2026; it will be sent again on Jan 29, 2026", "$100.00 still owed by
 * Name, sent on when it arrives"), so the file says what the page says until every part is sent; a consented payout
 * that will not be sent again automatically is "not on its way", never one that waits for contributions.
 */
export function calendarDescription(
  entry: Pick<CalendarEntry, "kind" | "date" | "amountCents" | "periodNumber" | "partial" | "waiting" | "arrived">,
  groupName: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  const amount = formatMoney(eventCents(entry), locale);
  const values = { amount, group: groupName, period: entry.periodNumber };
  // A payout that waits is dated by the due day it waits on (group-views.server.ts), which is what the page says of it:
  // "Not sent yet: waiting for contributions due <day>".
  const waiting = entry.kind === "payout" && entry.waiting === true;
  const due = formatCalendarDay(entry.date, "medium", locale);
  const t = translator(locale);
  const partial = entry.kind === "payout" ? entry.partial : null;
  // Arrived (the schedule's "Arrived <day>", the event's day): said as done; a consented turn sent in parts says its
  // last part's day, as the page's "sent, the last part on …".
  const arrived = entry.kind === "payout" && !waiting && entry.arrived === true;
  const inParts = partial !== null && partial !== undefined && partial.debts.some((d) => d.status === "collected");
  const body = t(
    entry.kind === "contribution"
      ? "groupPage.calendar.contributionBody"
      : waiting
        ? partial
          ? "groupPage.calendar.payoutStoppedBody"
          : "groupPage.calendar.payoutWaitingBody"
        : arrived
          ? inParts
            ? "groupPage.calendar.payoutArrivedPartsBody"
            : "groupPage.calendar.payoutArrivedBody"
          : "groupPage.calendar.payoutBody",
    (waiting && !partial) || arrived ? { ...values, date: due } : values,
  );
  if (!partial) return body;
  // What was sent is the figure the event's body names; each part not sent yet follows in the page's words.
  const { others } = partialPayoutParts(partial, { t, locale });
  return [body, ...others.map((line) => `${line}.`)].join(" ");
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
