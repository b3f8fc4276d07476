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
