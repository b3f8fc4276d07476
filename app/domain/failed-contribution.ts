/**
 * What a member is told when their contribution debit failed (issue 44), pure: every notice — the bell, the email, the
 * group page, the dashboard's alert — gives the amount, the account it was taken from (institution, name, mask), the
 * next attempt's full date (never "in N days" alone) and what the member can do now. Time is a parameter.
 */
import { returnAction } from "./ach";
import { formatCalendarDay, formatMoney } from "./format";
import type { Locale } from "./locale";
import { MAX_ATTEMPTS, RETRY_AFTER_DAYS, type TransferStatus } from "./money";
import { retryDay } from "./payday";
import type { Words as StepWords } from "./messages/words";
import { addDays, type CalendarDay } from "./schedule";

/** A linked bank account as members recognise it. */
export type DebitAccount = { institution: string | null; name: string; mask: string | null };

/** "Chase Plaid Checking ••0000": the institution, the account's name and the last digits the bank shows. */
export function describeAccount(account: DebitAccount | null): string {
  if (!account) return "your bank account";
  const parts = [account.institution, account.name].filter((part): part is string => Boolean(part));
  return `${parts.join(" ")}${account.mask ? ` ••${account.mask}` : ""}`;
}

/** The full date members read in every notice ("Monday, December 7, 2026"). */
export const fullDate = (day: CalendarDay) => formatCalendarDay(day, "full");

/** What the member can do before the next attempt. */
export const BEFORE_RETRY =
  "Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.";
/** What the member can do once nothing more is debited automatically. */
export const PAY_NOW_STEP = "pay it now from the group page; the group's payout waits for it.";
export const AFTER_LAST_ATTEMPT = `Nothing more is debited automatically: ${PAY_NOW_STEP}`;
/** The same steps as the group page itself says them, its Pay now button below the words (never "from the group page"). */
const PAY_NOW_STEP_HERE = "pay it now with Pay now below; the group's payout waits for it.";
const BEFORE_RETRY_HERE =
  "Before then you can pay it now with Pay now below, choose another account for this group under Paid from, or make sure the funds are available.";

export type FailedContributionFacts = {
  status: TransferStatus;
  failureCode: string | null;
  attempt: number;
  amountCents: number;
  /** The account of the attempt that failed. */
  account: DebitAccount | null;
  /**
   * The account the next attempt is taken from when it is another than `account`: the member chose another for the
   * group since (ADR 052; the debit reads the choice when it is sent, a planned retry included). Absent or null: the
   * next attempt is taken from `account` again.
   */
  nextAccount?: DebitAccount | null;
  /**
   * The attempt was the member's own Pay now (ADR 052), not an automatic one: told as their payment that did not go
   * through, never as "Attempt N of 3".
   */
  payNow?: boolean;
  /** Told on the group page itself (its Pay now below the words), not in a notice or on another page. */
  onGroupPage?: boolean;
  /**
   * The member has another usable account than the one whose attempt failed: after their own Pay now failed they are
   * told to pay from another account, and to link one only when they have none (absent: not known, linking is named).
   */
  otherAccount?: boolean;
  /** The day the attempt failed. */
  statusOn: CalendarDay;
  /** The day the next attempt is due (the row's retry_on); null when it predates retry_on (RETRY_AFTER_DAYS later). */
  retryOn: CalendarDay | null;
};

/** Whether the retry day follows the member's payday rather than the usual RETRY_AFTER_DAYS (payday.ts). */
function afterPayday(facts: FailedContributionFacts) {
  if (!facts.retryOn) return false;
  const usual = retryDay({
    failedOn: facts.statusOn,
    status: facts.status,
    code: facts.failureCode,
    payday: null,
    defaultAfterDays: RETRY_AFTER_DAYS,
  });
  return facts.retryOn !== usual;
}

/** Whether the engine tries this failed debit again by itself (money.ts retryAllowed, for its latest attempt). */
export function willRetry(facts: Pick<FailedContributionFacts, "status" | "failureCode" | "attempt">): boolean {
  if (facts.status === "cancelled" || facts.attempt >= MAX_ATTEMPTS) return false;
  return facts.status !== "returned" || returnAction(facts.failureCode) === "retry";
}

/** The next attempt's day of a failed debit that will be retried. */
export function nextAttemptOn(facts: Pick<FailedContributionFacts, "statusOn" | "retryOn" | "status" | "failureCode">): CalendarDay {
  return (
    facts.retryOn ??
    retryDay({ failedOn: facts.statusOn, status: facts.status, code: facts.failureCode, payday: null, defaultAfterDays: RETRY_AFTER_DAYS })
  );
}

/**
 * A late member's next contribution in a group: the earliest of the next scheduled one (a period not attempted yet) and
 * each late one's next automatic attempt, or today for a late one nothing more is taken for automatically (Pay now is
 * its way). Null when there is none of either. Never before `today` (the group's): a scheduled debit whose due day
 * passed before the group's run made it is taken on the next run.
 */
export function nextDebitDay(
  scheduled: CalendarDay | null,
  late: ReadonlyArray<{ nextAttemptOn: CalendarDay | null; today: CalendarDay }>,
  today: CalendarDay | null = late[0]?.today ?? null,
): CalendarDay | null {
  let earliest = scheduled !== null && today !== null && scheduled < today ? today : scheduled;
  for (const entry of late) {
    const day = entry.nextAttemptOn ?? entry.today;
    if (earliest === null || day < earliest) earliest = day;
  }
  return earliest;
}

/**
 * What happens next to a member's failed debit, in their words, with the amount, the account, the next attempt's date
 * and what they can do now: tried again (and when), waiting for them to act, or not tried again.
 */
export function nextStepAfterFailure(facts: FailedContributionFacts, words?: { t: StepWords; locale: Locale }): string {
  const { attempt } = facts;
  const what = `${formatMoney(facts.amountCents)} from ${describeAccount(facts.account)}`;
  // One rule, two languages (ADR 056): English is the sentence written here; another language the catalogue's
  // `groupPage.failure.*` with the same figures.
  const figures = {
    amount: formatMoney(facts.amountCents, words?.locale),
    account: describeAccount(facts.account),
    attempt,
    attempts: MAX_ATTEMPTS,
    here: facts.onGroupPage ? "yes" : "no",
  };
  const here = facts.onGroupPage === true;
  const payNowStep = here ? PAY_NOW_STEP_HERE : PAY_NOW_STEP;
  const payItNow = here ? "with Pay now below" : "from the group page";
  const say = (id: `groupPage.failure.${string}`, english: string, values: Record<string, string | number> = {}) =>
    words ? words.t(id as Parameters<StepWords>[0], { ...figures, ...values }) : english;
  const next = failureStep(facts);
  switch (next.step) {
    case "stopped":
      return say("groupPage.failure.stopped", `The debit of ${what} was stopped and will not be tried again automatically: ${payNowStep}`);
    case "unusable":
      return say(
        "groupPage.failure.unusable",
        `${describeAccount(facts.account)} cannot be used any more for ${formatMoney(facts.amountCents)}: link another account under Profile → Bank Accounts and choose it for this group, or pay it now ${payItNow}.`,
      );
    case "revoked":
      return say(
        "groupPage.failure.revoked",
        `We will not debit ${describeAccount(facts.account)} again until you authorise debits again under Profile → Bank Accounts; you can pay the ${formatMoney(facts.amountCents)} now ${payItNow}.`,
      );
    case "final":
      return say("groupPage.failure.final", `The debit of ${what} will not be tried again automatically: ${payNowStep}`);
    case "lastAttempt":
      return say(
        "groupPage.failure.lastAttempt",
        `That was the last of ${MAX_ATTEMPTS} attempts to collect ${what}. Nothing more is debited automatically: ${payNowStep}`,
      );
    case "payNowLast":
      return say(
        "groupPage.failure.payNowLast",
        `${payNowFailed(facts)}, and nothing more is debited automatically: pay it with Pay now from another account${facts.otherAccount ? "" : LINK_ONE}, or from this one once the funds are available; the group's payout waits for it.`,
        { date: formatCalendarDay(facts.statusOn, "full", words?.locale), otherAccount: facts.otherAccount ? "yes" : "no" },
      );
    case "payNowRetry": {
      const from = describeAccount(facts.nextAccount ?? facts.account);
      return say(
        "groupPage.failure.payNowRetry",
        `${payNowFailed(facts)}. The next automatic attempt takes ${formatMoney(facts.amountCents)} from ${from} on ${fullDate(next.on)}${next.payday ? ", the day after your payday" : ""}. ${facts.otherAccount ? BEFORE_RETRY_PAY_NOW.replace(LINK_ONE, "") : BEFORE_RETRY_PAY_NOW}`,
        {
          otherAccount: facts.otherAccount ? "yes" : "no",
          account: from,
          payNowAccount: describeAccount(facts.account),
          date: formatCalendarDay(facts.statusOn, "full", words?.locale),
          nextDate: formatCalendarDay(next.on, "full", words?.locale),
          payday: next.payday ? "yes" : "no",
        },
      );
    }
    case "retry": {
      // The retry names the account it is taken from; the failed one only as the one that failed, so a member who chose
      // another account for the group never reads that the failed one is tried again.
      const from = describeAccount(facts.nextAccount ?? facts.account);
      const payday = next.payday ? ", the day after your payday" : "";
      const again = switchedFrom(facts)
        ? `Attempt ${attempt} of ${MAX_ATTEMPTS} did not go through from ${describeAccount(facts.account)}: we'll try ${formatMoney(facts.amountCents)} from ${from} on ${fullDate(next.on)}${payday}.`
        : `Attempt ${attempt} of ${MAX_ATTEMPTS}: we'll try ${formatMoney(facts.amountCents)} from ${from} again on ${fullDate(next.on)}${payday}.`;
      return say("groupPage.failure.retry", `${again} ${here ? BEFORE_RETRY_HERE : BEFORE_RETRY}`, {
        account: from,
        date: formatCalendarDay(next.on, "full", words?.locale),
        payday: next.payday ? "yes" : "no",
        switched: switchedFrom(facts) ? "yes" : "no",
        failedAccount: describeAccount(facts.account),
      });
    }
  }
}

/** The start of what a member reads about their own Pay now that failed: whose payment, how much, from where, when. */
function payNowFailed(facts: FailedContributionFacts) {
  return `Your Pay now payment of ${formatMoney(facts.amountCents)} from ${describeAccount(facts.account)} on ${fullDate(facts.statusOn)} did not go through`;
}

/** Where a member with no other usable account links one (said only then). */
const LINK_ONE = " (link one under Profile → Bank Accounts)";

/** What the member can do before the next automatic attempt after their own Pay now failed. */
export const BEFORE_RETRY_PAY_NOW =
  "Before then you can pay it with Pay now from another account (link one under Profile → Bank Accounts), or make sure the funds are available.";

/**
 * Whether a retry is taken from another account than the failed attempt's (`nextAccount`), so both are named. A failed
 * account no longer known (unlinked since) cannot be named as the one that failed: the retry's is then named alone.
 */
function switchedFrom(facts: FailedContributionFacts): boolean {
  return Boolean(facts.nextAccount && facts.account);
}

/** Which next step a failed debit has (nextStepAfterFailure's rule): retried on a day, or the member acts. */
export type FailureStep =
  | { step: "stopped" | "unusable" | "revoked" | "final" | "lastAttempt" | "payNowLast" }
  | { step: "retry" | "payNowRetry"; on: CalendarDay; payday: boolean };

export function failureStep(facts: FailedContributionFacts): FailureStep {
  const { status, failureCode, attempt } = facts;
  if (status === "cancelled") return { step: "stopped" };
  if (status === "returned") {
    const action = returnAction(failureCode);
    if (action === "unusable") return { step: "unusable" };
    if (action === "revoke") return { step: "revoked" };
    if (action === "final") return { step: "final" };
  }
  // The member's own Pay now that failed: their payment, not an automatic attempt (whose number it still takes).
  if (attempt >= MAX_ATTEMPTS) return { step: facts.payNow ? "payNowLast" : "lastAttempt" };
  return { step: facts.payNow ? "payNowRetry" : "retry", on: nextAttemptOn(facts), payday: afterPayday(facts) };
}

/** A debit account as a notice's values (ADR 062): its name as the member recognises it, or that it is not known. */
export function accountValues(account: DebitAccount | null): Record<string, string> {
  return account ? { account: describeAccount(account), accountKnown: "yes" } : { accountKnown: "no" };
}

/**
 * A failed debit's next step as a notice's values (ADR 062; notice-texts' `{step, select, …}`): facts, not words, so the
 * notice is written in the reader's language when read.
 */
export function failureStepValues(facts: FailedContributionFacts): Record<string, string | number> {
  const next = failureStep(facts);
  // A retry names the account it is taken from (nextStepAfterFailure's rule), and the failed one when they differ.
  const retry = next.step === "retry" || next.step === "payNowRetry";
  // The member's own Pay now names its account and the day it failed.
  const payNow = next.step === "payNowRetry" || next.step === "payNowLast";
  return {
    step: next.step,
    amountCents: facts.amountCents,
    ...accountValues(retry ? (facts.nextAccount ?? facts.account) : facts.account),
    attempt: facts.attempt,
    attempts: MAX_ATTEMPTS,
    ...(retry ? { nextAttemptOn: next.on, payday: next.payday ? "yes" : "no", switched: switchedFrom(facts) ? "yes" : "no" } : {}),
    ...(retry && switchedFrom(facts) ? { failedAccount: describeAccount(facts.account) } : {}),
    ...(payNow ? { payNowAccount: describeAccount(facts.account), failedOn: facts.statusOn, otherAccount: facts.otherAccount ? "yes" : "no" } : {}),
  };
}

/**
 * A failed setup fee debit as its notice's values (notice-texts `feeFailed`): whether it is tried again (the contribution's
 * policy, `willRetry`), when and from which account; or that nothing more is debited for it. The fee is the platform's,
 * not the pool's: no payout waits for it and there is no Pay now for it.
 */
export function feeFailureValues(facts: FailedContributionFacts): Record<string, string | number> {
  const retries = willRetry(facts);
  return {
    amountCents: facts.amountCents,
    retries: retries ? "yes" : "no",
    ...(retries
      ? { attempt: facts.attempt, attempts: MAX_ATTEMPTS, nextAttemptOn: nextAttemptOn(facts), ...accountValues(facts.nextAccount ?? facts.account) }
      : {}),
  };
}

/** The admin's notice about a failed contribution as a notice's values (adminNoticeAfterFailure's facts). */
export function adminFailureValues(memberName: string, facts: FailedContributionFacts): Record<string, string | number> {
  const retries = willRetry(facts);
  return {
    memberName,
    amountCents: facts.amountCents,
    retries: retries ? "yes" : "no",
    // The member's own Pay now (ADR 052): told as their payment, not as "attempt N of 3".
    payNow: facts.payNow ? "yes" : "no",
    ...(retries ? { attempt: facts.attempt, attempts: MAX_ATTEMPTS, nextAttemptOn: nextAttemptOn(facts) } : {}),
  };
}

/** What a late member owes a recipient who accepted what arrived, as a notice's values (owedToRecipientMessage's facts). */
export function consentValues(consent: ConsentedTurn): Record<string, string | number> {
  return {
    recipientName: consent.recipientName,
    arrivedCents: consent.arrivedCents,
    owedCents: consent.owedCents,
    acceptedOn: consent.acceptedOn,
  };
}

/**
 * The group admin's notice about a member's failed contribution: the amount, the attempt and the next attempt's date,
 * or that nothing more is debited automatically (the member's bank account is theirs alone and is not named). Sent as
 * the notice-texts message `contributionLateAdmin` (adminFailureValues, ADR 062); this is the English it is checked against.
 */
export function adminNoticeAfterFailure(memberName: string, facts: FailedContributionFacts): string {
  const amount = formatMoney(facts.amountCents);
  const own = `${memberName}'s own payment (Pay now) of ${amount}`;
  if (willRetry(facts) && facts.payNow)
    return `${own} did not go through; the next automatic attempt is on ${fullDate(nextAttemptOn(facts))}. ${memberName} can pay it now from the group page before then.`;
  if (facts.payNow)
    return `${own} did not go through and nothing more is debited automatically. ${memberName} can pay it now from the group page; the group page's late contributions section lets you send a reminder.`;
  if (willRetry(facts))
    return `${memberName}'s ${amount} contribution did not go through (attempt ${facts.attempt} of ${MAX_ATTEMPTS}); the next attempt is on ${fullDate(nextAttemptOn(facts))}. ${memberName} can pay it now from the group page before then.`;
  return `${memberName}'s ${amount} contribution did not go through and nothing more is debited automatically. ${memberName} can pay it now from the group page; the group page's late contributions section lets you send a reminder.`;
}

/**
 * Why a group admin's reminder (or request to pay now) was refused (issue 44): each late member gets at most one a day
 * on the group's clock, and the admin reads which day it was sent and the day another can go.
 */
export function nudgeRefusal(memberNames: readonly string[], today: CalendarDay): string {
  const who = memberNames.length === 1 ? memberNames[0] : "every late member";
  return `A reminder or request was already sent to ${who} today, ${fullDate(today)}. You can send another on ${fullDate(addDays(today, 1))}.`;
}

/** How one late member was reached by a reminder: bell and email, the bell alone (the email failed), or not at all. */
export type NudgeDelivery = { memberName: string; reached: "app-and-email" | "app" | "nobody" };

/**
 * What the group admin reads after a reminder or request: who was told and how, and honestly who was not (a member
 * who turned urgent notifications off gets nothing).
 */
export function nudgeSentText(deliveries: readonly NudgeDelivery[]): string {
  const names = (reached: NudgeDelivery["reached"]) => deliveries.filter((d) => d.reached === reached).map((d) => d.memberName);
  const parts: string[] = [];
  const both = names("app-and-email");
  const app = names("app");
  const nobody = names("nobody");
  if (both.length > 0) parts.push(`${both.join(", ")} ${both.length === 1 ? "was" : "were"} told by email and in the app.`);
  if (app.length > 0) parts.push(`${app.join(", ")} ${app.length === 1 ? "was" : "were"} told in the app; the email could not be sent.`);
  if (nobody.length > 0) parts.push(`${nobody.join(", ")} turned urgent notifications off, so nothing was sent to them.`);
  return parts.join(" ");
}

/** ADR 053: how long a turn waits for a contribution nobody pays before the group's rule for a never-paid turn applies. */
export const UNPAID_TURN_DAYS = 14;

/**
 * The group's rule for a turn never paid (ADR 053), as the admin reads it for one late contribution: never lent by
 * Rosca, never paid out before it arrives; from `dueOn` + UNPAID_TURN_DAYS the case goes to Rosca's support team with
 * the admin, who agree the member's repayment with them; meanwhile later turns are paid as their own money arrives.
 * `today` (the group's) says whether that day has come.
 */
export function unpaidTurnRule(
  dueOn: CalendarDay,
  today?: CalendarDay,
  words?: { t: StepWords; locale: Locale },
  /** The late member is the turn's own recipient: no choice is offered, the turn waits for them (ADR 053). */
  ownTurn = false,
): string {
  const from = addDays(dueOn, UNPAID_TURN_DAYS);
  if (words) {
    const day = (value: CalendarDay) => formatCalendarDay(value, "full", words.locale);
    const rule =
      today && today >= from
        ? words.t("groupPage.lateMembers.unpaidSince", { due: day(dueOn), from: day(from) })
        : words.t("groupPage.lateMembers.unpaidIf", { from: day(from) });
    return `${rule} ${words.t(ownTurn ? "groupPage.lateMembers.ownTurn" : "groupPage.lateMembers.recipientChoice")}`;
  }
  const rule =
    "Rosca never lends the missing money and never pays a turn with money that hasn't arrived: this turn's payout waits for it, and later turns are paid as their own contributions arrive.";
  const next = ownTurn ? OWN_TURN : RECIPIENT_CHOICE;
  if (today && today >= from)
    return `${rule} It has been unpaid since ${fullDate(dueOn)}, so since ${fullDate(from)} Rosca's support team has been taking it up with you and the member. ${next}`;
  return `${rule} If it is still unpaid on ${fullDate(from)}, Rosca's support team takes it up with you and the member. ${next}`;
}

/** From UNPAID_TURN_DAYS after the due day, the recipient's choice (ADR 053 step 4; app/domain/turn-consent.ts). */
const RECIPIENT_CHOICE =
  "From that day the turn's recipient may choose to be paid what has arrived; the missing contribution then stays owed to them and is sent on when it arrives.";

/** When the late member is the turn's own recipient there is no such choice (ADR 053: a member cannot owe themselves). */
const OWN_TURN =
  "The member is this turn's recipient, so the turn waits for their own contribution; nobody can accept what has arrived in its place.";

/**
 * What Rosca's support team reads and does for a turn unpaid UNPAID_TURN_DAYS or more (ADR 053, step 4). With the
 * reader's words (the admin console's language, ADR 056 part five (m)) the summary and the action are the catalogue's
 * (`admin.case.*`); the email to the group's admin and the member stays English, support's own.
 */
export function unpaidTurnCase(
  turn: {
    groupName: string;
    periodNumber: number;
    memberName: string;
    amountCents: number;
    dueOn: CalendarDay;
    waitedDays: number;
    adminName: string | null;
    /** The member is the turn's own recipient: no recipient's choice to offer, the turn waits for them (ADR 053). */
    ownTurn?: boolean;
  },
  words?: { t: StepWords; locale: Locale },
) {
  const amount = formatMoney(turn.amountCents);
  const admin = turn.adminName ?? "the group admin";
  const said = words && {
    summary: words.t("admin.case.summary", {
      member: turn.memberName,
      amount: formatMoney(turn.amountCents, words.locale),
      group: turn.groupName,
      period: turn.periodNumber,
      date: formatCalendarDay(turn.dueOn, "full", words.locale),
      days: turn.waitedDays,
    }),
    action: words.t(turn.ownTurn ? "admin.case.actionOwnTurn" : "admin.case.action", {
      admin: turn.adminName ?? words.t("admin.case.noAdmin"),
      member: turn.memberName,
    }),
  };
  return {
    summary:
      said?.summary ??
      `${turn.memberName}'s ${amount} contribution to ${turn.groupName} (period ${turn.periodNumber}) was due ${fullDate(turn.dueOn)} and has waited ${turn.waitedDays} days.`,
    action:
      said?.action ??
      `Take it up with ${admin} and ${turn.memberName}: agree when ${turn.memberName} pays it with Pay now. The payout waits for it; Rosca lends nothing. ${
        turn.ownTurn
          ? `${turn.memberName} is this turn's recipient, so the turn waits for their own contribution.`
          : "The turn's recipient may instead accept what has arrived, on the group page."
      }`,
    emailSubject: `${turn.groupName}: ${turn.memberName}'s ${amount} contribution due ${fullDate(turn.dueOn)}`,
    emailBody: `Hello ${admin} and ${turn.memberName},\n\n${turn.memberName}'s ${amount} contribution to ${turn.groupName} for period ${turn.periodNumber} was due ${fullDate(turn.dueOn)} and has not arrived after ${turn.waitedDays} days. The turn's payout waits for it, and Rosca does not lend the missing money. ${turn.memberName} can pay it at any time with Pay now on the group page. ${
      turn.ownTurn
        ? `${turn.memberName} is this turn's recipient, so the turn waits for ${turn.memberName}'s own contribution.`
        : `The turn's recipient may also choose, on the group page, to be paid what has arrived now; ${turn.memberName}'s contribution then stays owed to them and is sent on to them when it arrives.`
    } Please reply to agree when it will be paid.\n\nRosca support`,
  };
}

/** A turn whose recipient accepted what had arrived (ADR 053): the late member's contribution is owed to them. */
export type ConsentedTurn = { recipientName: string; acceptedOn: CalendarDay; arrivedCents: number; owedCents: number };

/** What the late member reads once the turn's recipient accepted what had arrived: the payout no longer waits. */
export function owedToRecipientMessage(consent: ConsentedTurn, words?: { t: StepWords; locale: Locale }): string {
  const { recipientName: name } = consent;
  if (words) return words.t("turnConsent.owedToRecipient", consentFigures(consent, words.locale));
  return `${name} accepted ${formatMoney(consent.arrivedCents)} on ${fullDate(consent.acceptedOn)} instead of waiting for this contribution. You owe ${formatMoney(consent.owedCents)} to ${name}, to be sent to them when it arrives: pay it now from the group page.`;
}

/** What the group admin reads for a late member whose turn's recipient accepted what had arrived. */
export function consentedTurnNote(memberName: string, consent: ConsentedTurn, words?: { t: StepWords; locale: Locale }): string {
  const { recipientName: name } = consent;
  if (words) return words.t("turnConsent.consentedNote", { ...consentFigures(consent, words.locale), member: memberName });
  return `${name} accepted ${formatMoney(consent.arrivedCents)} on ${fullDate(consent.acceptedOn)}; ${memberName} owes ${formatMoney(consent.owedCents)} to ${name}, to be sent to them when it arrives.`;
}

/** A consented turn's figures in the reader's locale, for the catalogue's `turnConsent.*` sentences (ADR 056). */
function consentFigures(consent: ConsentedTurn, locale: Locale) {
  return {
    name: consent.recipientName,
    arrived: formatMoney(consent.arrivedCents, locale),
    owed: formatMoney(consent.owedCents, locale),
    date: formatCalendarDay(consent.acceptedOn, "full", locale),
  };
}
