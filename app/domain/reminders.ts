/**
 * The rules of the notifications a preference turns on (Profile → Notifications), pure: daily contribution reminders
 * and the weekly summary's week. No I/O; the day is a parameter.
 */
import { accountValues, type DebitAccount, describeAccount, fullDate } from "./failed-contribution";
import { formatDate, formatMoney } from "./format";
import { FAILED_STATUSES, MAX_ATTEMPTS, REMINDER_DAYS_BEFORE, SETTLED_STATUSES, type TransferStatus } from "./money";
import { addDays, daysBetween, todayIn, type CalendarDay } from "./schedule";

/** Daily reminders start this many days before a due day and go on, one a day, until the contribution settles. */
export const DAILY_REMINDER_DAYS_BEFORE = 3;

export type DailyReminderStage =
  /** Before the due day: "due in 3 days". */
  | { stage: "upcoming"; daysUntilDue: number }
  /** The due day or later, with the debit not settled yet (not started, or in flight at the bank). */
  | { stage: "collecting" }
  /** The latest debit failed, was declined or came back; `final` when no automatic retry is left. */
  | { stage: "late"; final: boolean };

/**
 * Whether a member gets a daily reminder on `day` for one period, and which. `latest` is the member's latest
 * contribution attempt for that period (null before the first). None before the window opens, none once the money
 * settled, and none on the day the regular reminder goes (REMINDER_DAYS_BEFORE before the due day): one a day.
 */
export function dailyReminderOn(
  dueOn: CalendarDay,
  day: CalendarDay,
  latest: { status: TransferStatus; attempt: number } | null,
): DailyReminderStage | null {
  if (day < addDays(dueOn, -DAILY_REMINDER_DAYS_BEFORE)) return null;
  if (latest && SETTLED_STATUSES.includes(latest.status)) return null;
  if (day < dueOn) {
    if (day === addDays(dueOn, -REMINDER_DAYS_BEFORE)) return null;
    return { stage: "upcoming", daysUntilDue: daysBetween(day, dueOn) };
  }
  if (latest && FAILED_STATUSES.includes(latest.status)) return { stage: "late", final: latest.attempt >= MAX_ATTEMPTS };
  return { stage: "collecting" };
}

/** The words of a daily reminder, the same in the bell and in the email. */
export function dailyReminderText(reminder: DailyReminderStage, facts: { groupName: string; amountCents: number; dueOn: CalendarDay }) {
  const amount = formatMoney(facts.amountCents);
  const due = formatDate(facts.dueOn);
  switch (reminder.stage) {
    case "upcoming": {
      const when = reminder.daysUntilDue === 1 ? "tomorrow" : `in ${reminder.daysUntilDue} days`;
      return {
        title: `Your ${amount} contribution to ${facts.groupName} is due ${when}`,
        body: `It is debited from your linked bank account on ${due}. Please make sure the funds are available.`,
      };
    }
    case "collecting":
      return {
        title: `Your ${amount} contribution to ${facts.groupName} is being collected`,
        body: `It was due ${due}. Please keep the funds in your linked bank account until the debit settles.`,
      };
    case "late":
      return {
        title: `Your ${amount} contribution to ${facts.groupName} hasn't gone through yet`,
        body: reminder.final
          ? `The debit due ${due} did not complete and no automatic retry is left: pay it now from the group page; the group's payout waits for it.`
          : `The debit due ${due} did not complete. We'll try again; please make sure the funds are available.`,
      };
  }
}

/** What the daily reminder of a late contribution says (the member's late contribution, late-contributions.server.ts). */
export type LateReminderFacts = {
  groupName: string;
  amountCents: number;
  /** The one-time setup fee still owed (taken as its own debit once the contribution has gone through); 0 once paid. */
  feeCents: number;
  dueOn: CalendarDay;
  /** The account of the attempt that failed. */
  account: DebitAccount | null;
  /** The next automatic attempt, or null: none is left. */
  nextAttemptOn: CalendarDay | null;
};

/**
 * The daily reminder of a late contribution (issue 44), the same in the bell and the email, whose link is the group's
 * Pay now page: the amount, the account it failed on, the next attempt's full date or that no automatic attempt is left,
 * and Pay now. Sent as the notice-texts message `lateReminder` (lateReminderValues, ADR 062); this is the English it is
 * checked against.
 */
export function lateReminderText(facts: LateReminderFacts) {
  const amount = formatMoney(facts.amountCents);
  const failed = `The debit of ${amount} from ${describeAccount(facts.account)}, due ${fullDate(facts.dueOn)}, did not go through`;
  const fee =
    facts.feeCents > 0 ? ` The one-time setup fee of ${formatMoney(facts.feeCents)} follows as its own debit once it has gone through.` : "";
  return {
    title: `Your ${amount} contribution to ${facts.groupName} hasn't gone through yet`,
    body: facts.nextAttemptOn
      ? `${failed}. Next attempt: ${fullDate(facts.nextAttemptOn)}. You don't have to wait: pay it now with Pay now.${fee}`
      : `${failed}, and there are no more automatic attempts: pay with Pay now. The group's payout waits for it.${fee}`,
  };
}

/** lateReminderText's facts as a notice's values (ADR 062, notice-texts' `lateReminder`): facts, not words. */
export function lateReminderValues(facts: LateReminderFacts): Record<string, string | number> {
  return {
    groupName: facts.groupName,
    amountCents: facts.amountCents,
    ...accountValues(facts.account),
    dueOn: facts.dueOn,
    retries: facts.nextAttemptOn ? "yes" : "no",
    ...(facts.nextAttemptOn ? { nextAttemptOn: facts.nextAttemptOn } : {}),
    feeOwed: facts.feeCents > 0 ? "yes" : "no",
    ...(facts.feeCents > 0 ? { feeCents: facts.feeCents } : {}),
  };
}

/**
 * The words of the cycle's regular reminder (REMINDER_DAYS_BEFORE the due day, in the bell), with the due day for
 * people ("Tuesday, December 1, 2026"), never as "2026-12-01". The email of the same reminder is "payment-reminder".
 */
export function contributionDueNotice(facts: { groupName: string; dueOn: CalendarDay }) {
  const due = formatDate(facts.dueOn);
  return { title: `Contribution due ${due}`, body: `Your contribution to ${facts.groupName} is debited on ${due}.` };
}

/** The week a summary is for: the Monday (in `timeZone`) of the week `now` falls in. */
export function weekOf(now: Date, timeZone: string): CalendarDay {
  const today = todayIn(timeZone, now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(today, -((weekday + 6) % 7));
}
