/**
 * When a contribution's money is available to pay out (ADR 040, amended by ADR 049's "expected_funds_available_date"):
 * the one rule every surface and the sandbox settler read, pure.
 *
 * Plaid gives, on every debit transfer, `expected_funds_available_date`: "The expected date when funds from a transfer
 * will be made available and can be withdrawn from the associated ledger balance, assuming the debit does not return
 * before this date. If the transfer does return before this date, this field will be null. Only applies to debit
 * transfers." (`Transfer`, 2020-09-14_1.697.4). Its Ledger holds a debit's money for a period of its own choosing
 * (typically 2–5 business days after settlement, depending on the client's reserves), so Plaid's date is the fact and
 * our calendar estimate (`sandboxAvailableOn`: 2 bank days after the debit was made) only the fallback.
 */
import { addBankDays, bankDaysBetween } from "./bank-days";
import { sandboxAvailableOn, type TransferKind } from "./money";
import { type CalendarDay, todayIn } from "./schedule";

/** The zone Plaid's dates are in: the ACH network's (the Ledger releases funds "at approximately 3:00PM ET"). */
export const PLAID_TIME_ZONE = "America/New_York";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Plaid's `expected_funds_available_date` of a transfer it made, as a day on the group's clock; null where Plaid gave
 * none (a credit, a debit returned before it, an answer without it) or something that is not a date.
 *
 * - Production (`onBankClock`: the group's clock is the bank's): Plaid's date as given.
 * - Sandbox (the group's clock is moved, and the engine replays each group-clock day on today's wall clock, while the
 *   bank dates everything by its own clock): the same hold, moved onto the group's clock — as many bank days after the
 *   day the transfer was made for on the group's clock (`sentOn`: the row's initiated_on) as Plaid's date is after the day the bank made it (`bankCreatedAt`, in
 *   Plaid's zone). On an unmoved clock the two agree.
 */
export function plaidFundsAvailableOn(input: {
  kind: TransferKind;
  plaidDate: string | null | undefined;
  bankCreatedAt: string | Date;
  sentOn: CalendarDay;
  onBankClock: boolean;
}): CalendarDay | null {
  const { plaidDate } = input;
  if (input.kind === "payout" || !plaidDate || !ISO_DAY.test(plaidDate)) return null;
  if (input.onBankClock) return plaidDate;
  const created = new Date(input.bankCreatedAt);
  if (Number.isNaN(created.getTime())) return null;
  return addBankDays(input.sentOn, bankDaysBetween(todayIn(PLAID_TIME_ZONE, created), plaidDate));
}

/**
 * The day a debit's money is (expected to be) available in the platform's Plaid Ledger: Plaid's date where the bank
 * gave one (stored on the transfer), else the calendar estimate from the day it was made. The payout of a period is
 * planned for the latest of its contributions' days (payment-dates.ts), and the sandbox settler makes the money
 * available on this day, never before.
 */
export function fundsAvailableOn(transfer: { initiatedOn: CalendarDay; expectedFundsAvailableOn?: CalendarDay | null }): CalendarDay {
  return transfer.expectedFundsAvailableOn ?? sandboxAvailableOn(transfer.initiatedOn);
}
