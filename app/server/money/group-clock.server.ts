/**
 * A group's clock (real time plus its sandbox offset, in its time zone) and the day its news is dated by (ADR 040).
 * A module of its own, below the cycle, because the modules the cycle calls (the consented payouts, the daily
 * reminders) date their notices by the same rule and may not import the cycle back.
 */
import { sql, type SQL } from "drizzle-orm";
import { todayIn, type CalendarDay } from "~/domain/schedule";
import { groups } from "../db/schema";
import { env } from "../platform/env.server";

type GroupRow = typeof groups.$inferSelect;

/** The group's clock: real time plus its sandbox offset. */
export function groupNow(group: Pick<GroupRow, "clockOffsetSeconds">, now: Date) {
  return new Date(now.getTime() + group.clockOffsetSeconds * 1000);
}

export function groupToday(group: Pick<GroupRow, "clockOffsetSeconds" | "timeZone">, now: Date): CalendarDay {
  return todayIn(group.timeZone, groupNow(group, now));
}

/** groupToday in SQL, for a statement that reads "groups" (unaliased): the group's clock at `now` in its time zone. */
export function groupTodayAt(now: Date): SQL {
  return sql`((${now.toISOString()}::timestamptz + ${groups.clockOffsetSeconds} * interval '1 second') at time zone ${groups.timeZone})::date`;
}

/** Whether the bank is a sandbox (our double, or Plaid's sandbox), where we drive settlement ourselves. */
export function isSandboxBank() {
  return env().PLAID_ENV !== "production";
}

/**
 * The group-clock day to date news about `day` by, where the wall-clock time it is written at would name a different
 * day (ADR 040): feeds show it instead. That is every day of a group whose sandbox clock has been moved, and, with a
 * sandbox bank, a day before the group's today at `now`: a day the cycle replays to catch up (the demo's seed starts
 * its groups a week back and runs every day since in one go; a worker that was down runs the days it missed), whose
 * news is written now although, on the group's calendar and in its ledger, it happened then. Null for news of the
 * group's today on real time, which happens when it is written, and for a group on real time with a production bank,
 * where the bank settles on its own and its news is told as it arrives, on the wall clock (ADR 040 amended).
 */
export function sandboxDayOf(group: Pick<GroupRow, "clockOffsetSeconds" | "timeZone">, day: CalendarDay, now: Date): CalendarDay | null {
  if (group.clockOffsetSeconds !== 0) return day;
  return isSandboxBank() && day < groupToday(group, now) ? day : null;
}
