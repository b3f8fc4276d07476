/**
 * A group's clock (real time plus its sandbox offset, in its time zone) and the day its news is dated by (ADR 040).
 * A module of its own, below the cycle, because the modules the cycle calls (the consented payouts, the daily
 * reminders) date their notices by the same rule and may not import the cycle back.
 */
import { todayIn, type CalendarDay } from "~/domain/schedule";
import type { groups } from "../db/schema";
import { env } from "../platform/env.server";

type GroupRow = typeof groups.$inferSelect;

/** The group's clock: real time plus its sandbox offset. */
export function groupNow(group: Pick<GroupRow, "clockOffsetSeconds">, now: Date) {
  return new Date(now.getTime() + group.clockOffsetSeconds * 1000);
}

export function groupToday(group: Pick<GroupRow, "clockOffsetSeconds" | "timeZone">, now: Date): CalendarDay {
  return todayIn(group.timeZone, groupNow(group, now));
}

/** Whether the bank is a sandbox (our double, or Plaid's sandbox), where we drive settlement ourselves. */
export function isSandboxBank() {
  return env().PLAID_ENV !== "production";
}

/**
 * The group-clock day to date news about a group by, when its sandbox clock has been moved (ADR 040): feeds show it
 * instead of the wall-clock time, which would name a different day. Null for a group on real time.
 */
export function sandboxDayOf(group: Pick<GroupRow, "clockOffsetSeconds">, day: CalendarDay): CalendarDay | null {
  return group.clockOffsetSeconds !== 0 ? day : null;
}
