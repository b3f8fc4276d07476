/**
 * Display formatting shared by server and browser. Times are shown in the product's home time zone so the server
 * render and the hydrated page agree; groups will carry their own time zone for calendar days.
 */
export const DISPLAY_TIME_ZONE = "America/New_York";

const timestampFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: DISPLAY_TIME_ZONE,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: DISPLAY_TIME_ZONE, dateStyle: "long" });

/** "Nov 21, 2026, 6:04 PM EST" */
export function formatTimestamp(iso: string | Date) {
  return timestampFormat.format(typeof iso === "string" ? new Date(iso) : iso);
}

/** "November 21, 2026" */
export function formatDay(iso: string | Date) {
  return dayFormat.format(typeof iso === "string" ? new Date(iso) : iso);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Integer cents to "$1,234.50". */
export function formatMoney(cents: number) {
  return usd.format(cents / 100);
}

const calendarDayFormats = {
  long: new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" }),
  full: new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "full" }),
  medium: new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" }),
};

/**
 * A calendar day ("2026-03-06", no time zone: a group's due day) as "March 6, 2026" (long), "Friday, March 6, 2026"
 * (full) or "Mar 6, 2026" (medium). Formatted as UTC midnight so it never shifts a day.
 */
export function formatCalendarDay(day: string, style: keyof typeof calendarDayFormats = "long") {
  return calendarDayFormats[style].format(new Date(`${day}T00:00:00Z`));
}
