/**
 * One model of a payment's dates (ADR 040): for each period of a group, the days its money moves, each labelled for
 * what it is, planned or done. Every surface that shows a payment's date — the schedule and the timeline on the group
 * page, its Next Payout card, the statement, the emails, the notifications and the activity feed — takes it from here,
 * so one event reads as one date everywhere.
 *
 * - Due: the period's due day. Every member's contribution is debited that day (dueWork).
 * - Collected: the day the last contribution of the period settled — the money left the members' banks, and the pool
 *   (the statement) shows it.
 * - Payout sent: the day the payout leaves the pool. A period pays out once every contribution has reached the
 *   platform's available balance (funds_available, ADR 030), on the first day the engine runs after that.
 * - Expected in your bank / Arrived: the day the payout settles in the recipient's account.
 *
 * Days are group-clock days (its time zone, its sandbox offset). Settlement follows the ACH calendar (bank-days.ts):
 * a transfer settles SANDBOX_SETTLE_AFTER_DAYS bank days after it was made, and a debit's money is available
 * SANDBOX_AVAILABLE_AFTER_DAYS bank days after; the sandbox bank is driven on exactly these days
 * (`sandboxSettlesOn`, `sandboxAvailableOn`), and in production they are the estimate until the bank says otherwise.
 * A debit the bank has made is available on the day the bank said (Plaid's expected_funds_available_date, stored on
 * the transfer), later or earlier than the estimate (`fundsAvailableOn`, ADR 049), so the payout is planned from it.
 * What has happened comes from the transfers (and the ledger's posting day for a settlement); what has not is planned
 * from the same rules the engine applies (`dueWork`, `retryAllowed`), never earlier than today.
 */
import { bankDayOnOrAfter } from "./bank-days";
import { type DateStyle, formatCalendarDay, formatMoney } from "./format";
import type { Locale } from "./locale";
import type { Words as StepWords } from "./messages/words";
import { payoutWaitsLine } from "./default-cover";
import { fundsAvailableOn } from "./funds-available";
import {
  AVAILABLE_STATUS,
  type CycleTransfer,
  FAILED_STATUSES,
  MAX_ATTEMPTS,
  RETRY_AFTER_DAYS,
  retryAllowed,
  SETTLED_STATUSES,
  sandboxAvailableOn,
  sandboxSettlesOn,
} from "./money";
import { addDays, type CalendarDay } from "./schedule";

/** One attempt of some money, as the dates need it. */
export type DatedAttempt = Pick<
  CycleTransfer,
  "kind" | "periodNumber" | "userId" | "attempt" | "status" | "statusOn" | "initiatedOn" | "failureCode"
> & {
  retryOn?: CalendarDay | null;
  /** The day its settlement was posted (the ledger's effective_on), once it settled. */
  settledOn?: CalendarDay | null;
  /** The row waits for its member (a login to renew, debits withdrawn, no usable account: ADR 030). */
  waitingForMember?: boolean;
  /** A debit's money is expected in the Ledger on this day: Plaid's expected_funds_available_date (funds-available.ts). */
  expectedFundsAvailableOn?: CalendarDay | null;
  /** The attempt was the member's own Pay now (ADR 052), not an automatic one. */
  payNow?: boolean;
};

/** A day a step happened on (`planned: false`) or is planned for. */
export type DatedStep = { day: CalendarDay; planned: boolean };

/** What happens next to a member's contribution that failed (or waits for them). */
export type LateNext =
  /** Tried again automatically on `on` (attempt `attempt` + 1 of MAX_ATTEMPTS). */
  | { kind: "retry"; on: CalendarDay }
  /** Waits for the member: a login to renew, debits to authorise again, or an account to link; then debited again. */
  | { kind: "waits-for-member" }
  /** Attempts ran out, or the failure allows no automatic retry: nothing happens automatically. */
  | { kind: "no-retry" };

export type LateContribution = {
  userId: string;
  attempt: number;
  status: CycleTransfer["status"];
  failureCode: string | null;
  next: LateNext;
  /** The latest attempt was the member's own Pay now (ADR 052): told as their payment, not as "attempt N of 3". */
  payNow?: boolean;
  /** How many of the chain's attempts were automatic (not Pay now). */
  automaticAttempts?: number;
};

export type PaymentDates = {
  periodNumber: number;
  due: CalendarDay;
  /** Null while it cannot be told (a contribution that will not be collected automatically). */
  collected: DatedStep | null;
  sent: DatedStep | null;
  /** Planned: expected in the recipient's bank; done: arrived. */
  arrival: DatedStep | null;
  /** Members whose contribution for the period failed (or waits for them), with what happens next. */
  late: LateContribution[];
  /** Members whose contribution for the period has not been debited yet (no attempt at all): not on its way. */
  notStarted?: number;
  /** The latest payout failed (declined, failed or returned) and is sent again on the retry policy. */
  payoutFailed: boolean;
  /** The payout failed and will not be sent again automatically (attempts ran out). */
  payoutStuck: boolean;
  /**
   * The recipient accepted what had arrived (ADR 053 step 4): the payouts (what arrived, then each rest) do not wait for
   * the missing contributions, and a failed one is sent again on the consent engine's rule (consentedPayoutState).
   */
  consented?: boolean;
};

/** Today, or the first bank day from today when a planned day has already passed (the bank is late). */
function notBefore(day: CalendarDay, today: CalendarDay): CalendarDay {
  return day >= today ? day : bankDayOnOrAfter(today);
}

const latestFirst = (a: DatedAttempt, b: DatedAttempt) => a.attempt - b.attempt;

type MemberDates = { settle: DatedStep; available: DatedStep } | { late: LateContribution; settle: DatedStep | null; available: DatedStep | null };

/** One member's contribution to a period: when it settles and is available, planned or done; or why it is late. */
function contributionDates(chain: readonly DatedAttempt[], userId: string, due: CalendarDay, today: CalendarDay): MemberDates {
  const last = chain.at(-1);
  // A debit not yet made is estimated on the calendar; one the bank has made is available on Plaid's date where the bank
  // gave one (fundsAvailableOn).
  const planFrom = (start: CalendarDay, made?: DatedAttempt) => ({
    settle: { day: notBefore(sandboxSettlesOn(start), today), planned: true },
    available: { day: notBefore(made ? fundsAvailableOn(made) : sandboxAvailableOn(start), today), planned: true },
  });
  if (!last) return planFrom(due >= today ? due : today);
  if (SETTLED_STATUSES.includes(last.status)) {
    const settledOn = last.settledOn ?? (last.status === "settled" ? last.statusOn : sandboxSettlesOn(last.initiatedOn));
    return {
      settle: { day: settledOn, planned: false },
      available:
        last.status === AVAILABLE_STATUS ? { day: last.statusOn, planned: false } : { day: notBefore(fundsAvailableOn(last), today), planned: true },
    };
  }
  const lateOf = (next: LateNext): LateContribution => ({
    userId,
    attempt: last.attempt,
    status: last.status,
    failureCode: last.failureCode,
    next,
    ...(last.payNow ? { payNow: true, automaticAttempts: chain.filter((a) => !a.payNow).length } : {}),
  });
  if (!FAILED_STATUSES.includes(last.status)) {
    if (last.waitingForMember) return { late: lateOf({ kind: "waits-for-member" }), settle: null, available: null };
    return planFrom(last.initiatedOn, last);
  }
  if (!retryAllowed(chain as CycleTransfer[], today)) return { late: lateOf({ kind: "no-retry" }), settle: null, available: null };
  const retry = last.retryOn ?? addDays(last.statusOn, RETRY_AFTER_DAYS);
  const on = retry >= today ? retry : today;
  return { late: lateOf({ kind: "retry", on }), ...planFrom(on) };
}

const maxStep = (steps: DatedStep[]): DatedStep =>
  steps.reduce((a, b) => (b.day > a.day ? { day: b.day, planned: b.planned || a.planned } : { day: a.day, planned: a.planned || b.planned }));

/**
 * The dates of one period's money on `today`, from its members' attempts (contributions and the payout; others are
 * ignored). `memberUserIds`: every member, each of whom contributes; `recipientUserId`: who is paid.
 */
export function paymentDates(
  period: { periodNumber: number; dueOn: CalendarDay; consented?: boolean },
  memberUserIds: readonly string[],
  recipientUserId: string | null,
  attempts: readonly DatedAttempt[],
  today: CalendarDay,
): PaymentDates {
  const mine = attempts.filter((a) => a.periodNumber === period.periodNumber);
  const payouts = mine.filter((a) => a.kind === "payout" && (recipientUserId === null || a.userId === recipientUserId)).sort(latestFirst);
  const payout = payouts.at(-1);
  const late: LateContribution[] = [];
  const settles: Array<DatedStep | null> = [];
  const availables: Array<DatedStep | null> = [];
  let notStarted = 0;
  for (const userId of memberUserIds) {
    const chain = mine.filter((a) => a.kind === "contribution" && a.userId === userId).sort(latestFirst);
    if (chain.length === 0) notStarted += 1;
    const dates = contributionDates(chain, userId, period.dueOn, today);
    if ("late" in dates) late.push(dates.late);
    settles.push(dates.settle);
    availables.push(dates.available);
  }

  const result: PaymentDates = {
    periodNumber: period.periodNumber,
    due: period.dueOn,
    collected: null,
    sent: null,
    arrival: null,
    late,
    payoutFailed: false,
    payoutStuck: false,
  };
  if (notStarted > 0) result.notStarted = notStarted;
  const payoutMade = payout !== undefined && !FAILED_STATUSES.includes(payout.status);
  if (payoutMade) {
    // The payout was made (or is being made, below): its contributions were collected, whatever happened to one of them
    // since (a return after the payout is the platform's to front, ADR 008).
    const settledDays = memberUserIds
      .map((userId) =>
        mine
          .filter((a) => a.kind === "contribution" && a.userId === userId && a.settledOn)
          .map((a) => a.settledOn!)
          .sort()
          .at(0),
      )
      .filter((day): day is CalendarDay => day !== undefined);
    result.collected = settledDays.length > 0 ? { day: settledDays.sort().at(-1)!, planned: false } : null;
    if (payout.status === "created") {
      // Our row is written but the bank has not accepted it (its request is under way, or died and is sent again by
      // the engine's next run): nothing has left the pool, so it goes out (today at the earliest); it was not sent. A
      // consented turn's says so as its amount does ("being sent", turn-consent.ts), never "every contribution is in".
      const sent = notBefore(payout.initiatedOn, today);
      result.sent = { day: sent, planned: true };
      result.arrival = { day: sandboxSettlesOn(sent), planned: true };
      if (period.consented) {
        result.consented = true;
        result.late = [];
      }
      return result;
    }
    result.sent = { day: payout.initiatedOn, planned: false };
    if (SETTLED_STATUSES.includes(payout.status)) {
      result.arrival = { day: payout.settledOn ?? payout.statusOn, planned: false };
    } else {
      result.arrival = { day: notBefore(sandboxSettlesOn(payout.initiatedOn), today), planned: true };
    }
    return result;
  }
  if (settles.every((s) => s !== null) && settles.length > 0) result.collected = maxStep(settles as DatedStep[]);
  if (period.consented) {
    // A consented turn pays what arrived without waiting for what is missing (that stays owed, not late for this
    // payout): no payout yet (the engine makes it at once), or the latest failed and is sent again, or not any more.
    result.consented = true;
    result.late = [];
    const state = consentedPayoutState(payout, payouts.filter((p) => FAILED_STATUSES.includes(p.status)).length, today);
    if (state.state === "stopped") {
      result.payoutFailed = true;
      result.payoutStuck = true;
      return result;
    }
    result.payoutFailed = state.state === "failed";
    const sent = state.state === "failed" ? state.againOn : notBefore(period.dueOn, today);
    result.sent = { day: sent, planned: true };
    result.arrival = { day: sandboxSettlesOn(sent), planned: true };
    return result;
  }
  if (availables.some((a) => a === null) || availables.length === 0) return result;
  const available = maxStep(availables as DatedStep[]);
  let sendOn = available.day > period.dueOn ? available.day : period.dueOn;
  if (payout) {
    // The payout was declined, failed or returned: sent again on the retry policy, while attempts remain.
    result.payoutFailed = true;
    if (!retryAllowed(payouts as CycleTransfer[], today)) {
      result.payoutStuck = true;
      return result;
    }
    const retry = payout.retryOn ?? addDays(payout.statusOn, RETRY_AFTER_DAYS);
    if (retry > sendOn) sendOn = retry;
  }
  const sent = notBefore(sendOn, today);
  result.sent = { day: sent, planned: true };
  result.arrival = { day: sandboxSettlesOn(sent), planned: true };
  return result;
}

/**
 * Where one payout of a consented turn is (ADR 053 step 4: the payout of what arrived, or a rest sent on), on the consent
 * engine's rules (turn-consent.server.ts, `retryAllowedFor`): being sent until the bank has accepted it (no row yet, or
 * a row the bank has not answered); sent on the day it was made once the bank accepted it; after a failure (declined,
 * failed or returned) sent again RETRY_AFTER_DAYS after it (never before today) while the period has had fewer than
 * MAX_ATTEMPTS failed payouts; otherwise stopped: not sent again automatically (attempts ran out, or it was cancelled),
 * and listed on the admin console's money health for Rosca's support team.
 */
export type ConsentedPayoutState =
  | { state: "sending" }
  | { state: "sent"; on: CalendarDay }
  | { state: "failed"; on: CalendarDay; againOn: CalendarDay }
  | { state: "stopped"; on: CalendarDay; cancelled: boolean };

/** `payout`: the part's latest attempt (undefined before the engine made it); `failures`: the period's failed payouts. */
export function consentedPayoutState(
  payout: Pick<DatedAttempt, "status" | "statusOn" | "initiatedOn" | "retryOn"> | undefined,
  failures: number,
  today: CalendarDay,
): ConsentedPayoutState {
  if (!payout || payout.status === "created") return { state: "sending" };
  if (!FAILED_STATUSES.includes(payout.status)) return { state: "sent", on: payout.initiatedOn };
  if (payout.status === "cancelled" || failures >= MAX_ATTEMPTS)
    return { state: "stopped", on: payout.statusOn, cancelled: payout.status === "cancelled" };
  return { state: "failed", on: payout.statusOn, againOn: notBefore(payout.retryOn ?? addDays(payout.statusOn, RETRY_AFTER_DAYS), today) };
}

/** The dates of every period of a group on `today`. */
export function scheduleDates(
  periods: ReadonlyArray<{ periodNumber: number; dueOn: CalendarDay; recipientUserId: string | null }>,
  memberUserIds: readonly string[],
  attempts: readonly DatedAttempt[],
  today: CalendarDay,
): PaymentDates[] {
  return periods.map((period) => paymentDates(period, memberUserIds, period.recipientUserId, attempts, today));
}

/**
 * The dates of a period nobody has paid into yet, from its due day alone (a forming group's projected schedule, a
 * period still to come): collected, sent and expected on the sandbox bank's schedule.
 */
export function plannedDates(periodNumber: number, dueOn: CalendarDay): PaymentDates {
  return paymentDates({ periodNumber, dueOn }, ["planned"], null, [], dueOn);
}

// ---------------------------------------------------------------------------------------------------------------
// Labels

export type PaymentStepKind = "due" | "collected" | "sent" | "arrival";

/**
 * What a step is called, done or planned. The payout's arrival is "Arrived" once it has, and before that "Expected in
 * your bank" for its recipient ("Expected to arrive" for everyone else). With `t` (a page's translator, ADR 056) the
 * same label in the reader's language, from the catalogue's `groupPage.step.*`.
 */
export function stepLabel(kind: PaymentStepKind, step: Pick<DatedStep, "planned">, options: { yours?: boolean; t?: StepWords } = {}): string {
  const key = stepKey(kind, step, options);
  return options.t ? options.t(`groupPage.step.${key}`) : STEP_LABELS[key];
}

type StepKey = "due" | "collected" | "toBeCollected" | "sent" | "goesOut" | "arrived" | "expectedYours" | "expected";

const STEP_LABELS: Record<StepKey, string> = {
  due: "Due",
  collected: "Collected",
  toBeCollected: "To be collected",
  sent: "Payout sent",
  goesOut: "Payout goes out",
  arrived: "Arrived",
  expectedYours: "Expected in your bank",
  expected: "Expected to arrive",
};

function stepKey(kind: PaymentStepKind, step: Pick<DatedStep, "planned">, options: { yours?: boolean }): StepKey {
  switch (kind) {
    case "due":
      return "due";
    case "collected":
      return step.planned ? "toBeCollected" : "collected";
    case "sent":
      return step.planned ? "goesOut" : "sent";
    case "arrival":
      return step.planned ? (options.yours ? "expectedYours" : "expected") : "arrived";
  }
}

/** The step that says most about a payout on a schedule: its arrival (done or expected), else its due day. */
export function headlineStep(dates: Pick<PaymentDates, "due" | "arrival">): { kind: PaymentStepKind; step: DatedStep } {
  if (dates.arrival) return { kind: "arrival", step: dates.arrival };
  return { kind: "due", step: { day: dates.due, planned: false } };
}

/** "Arrived Jan 14, 2026", "Payout goes out Jan 13, 2026", "Due Jan 9, 2026": a step as a schedule shows it. */
export function stepText(
  kind: PaymentStepKind,
  step: DatedStep,
  options: { yours?: boolean; style?: DateStyle; t?: StepWords; locale?: Locale } = {},
): string {
  const date = formatCalendarDay(step.day, options.style ?? "medium", options.locale);
  if (options.t) return options.t(`groupPage.stepOn.${stepKey(kind, step, options)}`, { date });
  return `${stepLabel(kind, step, options)} ${date}`;
}

/** The bell's news that a payout arrived (cycle.server.ts): the same two days as every other surface. */
export function payoutArrivedNotice(facts: { groupName: string; amountCents: number; sentOn: CalendarDay; arrivedOn: CalendarDay }) {
  return {
    title: `Your payout from ${facts.groupName} has arrived`,
    body: `${formatMoney(facts.amountCents)} is in your bank account. ${stepText("sent", { day: facts.sentOn, planned: false })}. ${stepText("arrival", { day: facts.arrivedOn, planned: false })}.`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// What happens next to a payout whose due day has passed

export type PersonRef = { name: string; isYou: boolean };

/**
 * What members are told about the current period's payout once its due day has passed (the group page's Next Payout
 * card): when it goes out and arrives, or — when a contribution failed — what the engine will do about it and who
 * covers the pot. Nobody's payout is paid with money that hasn't arrived (default-cover.ts), so a payout waits for every
 * contribution; the platform fronts only a contribution returned after its payout left (ADR 008). `person` names a
 * member by user id.
 */
export function payoutNextSteps(input: {
  dates: PaymentDates;
  today: CalendarDay;
  recipient: PersonRef;
  payoutCents: number;
  person: (userId: string) => PersonRef;
  /** The reader's language (ADR 056): each line from the catalogue's `groupPage.next.*`; without it, English. */
  words?: { t: StepWords; locale: Locale };
}): string[] {
  const { dates, today, recipient, words } = input;
  if (dates.due > today) return [];
  const whose = recipient.isYou ? "your" : `${recipient.name}'s`;
  const long = (day: CalendarDay) => formatCalendarDay(day, "long", words?.locale);
  // One rule, two languages: English is the sentence written here; another language the catalogue's, with the same
  // figures (`yours`/`name` say whose bank account or contribution it is).
  const say = (id: `groupPage.next.${string}`, english: string, values: Record<string, string | number> = {}) =>
    words ? words.t(id as Parameters<StepWords>[0], values) : english;
  const owner = { yours: recipient.isYou ? "yes" : "no", name: recipient.name };
  if (dates.arrival && !dates.arrival.planned) return [];
  if (dates.sent && !dates.sent.planned) {
    return [
      say(
        "groupPage.next.sent",
        `The payout was sent on ${long(dates.sent.day)} and is expected in ${whose} bank account on ${long(dates.arrival!.day)}.`,
        { ...owner, sent: long(dates.sent.day), arrival: long(dates.arrival!.day) },
      ),
    ];
  }
  if (dates.payoutStuck) {
    return [
      say(
        "groupPage.next.stuck",
        `The payout did not go through after ${MAX_ATTEMPTS} attempts and will not be sent again automatically; Rosca's support team has been told.`,
        { attempts: MAX_ATTEMPTS },
      ),
    ];
  }
  const lines: string[] = [];
  for (const late of dates.late) {
    const who = input.person(late.userId);
    const subject = who.isYou ? "Your contribution" : `${who.name}'s contribution`;
    const person = { yours: who.isYou ? "yes" : "no", name: who.name };
    // The member's own Pay now that failed (ADR 052): their payment, after the automatic attempts counted of MAX_ATTEMPTS.
    if (late.payNow && (late.next.kind === "retry" || late.next.kind === "no-retry")) {
      const automatic = late.automaticAttempts ?? late.attempt - 1;
      const own = who.isYou ? "Your own payment (Pay now)" : `${who.name}'s own payment (Pay now)`;
      const after = `after ${automatic} automatic ${automatic === 1 ? "attempt" : "attempts"}`;
      lines.push(
        late.next.kind === "retry"
          ? say("groupPage.next.payNowRetry", `${own} did not go through ${after}: we'll try again automatically on ${long(late.next.on)}.`, {
              ...person,
              count: automatic,
              date: long(late.next.on),
            })
          : say("groupPage.next.payNowNoRetry", `${own} did not go through ${after}, and nothing more is tried automatically.`, {
              ...person,
              count: automatic,
            }),
      );
      continue;
    }
    switch (late.next.kind) {
      case "retry":
        lines.push(
          say(
            "groupPage.next.retry",
            `${subject} did not go through (attempt ${late.attempt} of ${MAX_ATTEMPTS}): we'll try again on ${long(late.next.on)}.`,
            { ...person, attempt: late.attempt, attempts: MAX_ATTEMPTS, date: long(late.next.on) },
          ),
        );
        break;
      case "waits-for-member":
        lines.push(
          say(
            "groupPage.next.waitsForMember",
            who.isYou
              ? "Your contribution waits for you: link, reconnect or authorise your bank under Profile → Bank Accounts, and it is taken straight away."
              : `${subject} waits for ${who.name} to link, reconnect or authorise their bank; it is taken as soon as they do.`,
            person,
          ),
        );
        break;
      case "no-retry":
        lines.push(
          say(
            "groupPage.next.noRetry",
            `${subject} did not go through after ${late.attempt} ${late.attempt === 1 ? "attempt" : "attempts"} and will not be tried again automatically.`,
            { ...person, count: late.attempt },
          ),
        );
        break;
    }
  }
  if (dates.late.length > 0 && dates.late.every((late) => late.next.kind === "retry") && dates.sent && dates.arrival) {
    lines.push(
      say(
        "groupPage.next.ifTheyGoThrough",
        `If ${dates.late.length === 1 ? "it goes" : "they go"} through, the payout goes out on ${long(dates.sent.day)} and is expected in ${whose} bank account on ${long(dates.arrival.day)}.`,
        { ...owner, count: dates.late.length, sent: long(dates.sent.day), arrival: long(dates.arrival.day) },
      ),
    );
  } else if (dates.late.length > 0) {
    lines.push(
      words
        ? say("groupPage.next.waits", "", { ...owner, amount: formatMoney(input.payoutCents, words.locale) })
        : payoutWaitsLine(whose, input.payoutCents),
    );
  } else if (dates.sent && dates.arrival && !(dates.consented && !dates.payoutFailed)) {
    // (A consented turn's payout being made is said by its amount's lines: turn-consent.ts, partialPayoutLines.)
    const figures = { ...owner, sent: long(dates.sent.day), arrival: long(dates.arrival.day) };
    lines.push(
      dates.payoutFailed
        ? say(
            "groupPage.next.sendAgain",
            `The payout did not go through: we'll send it again on ${long(dates.sent.day)}, and it is expected in ${whose} bank account on ${long(dates.arrival.day)}.`,
            figures,
          )
        : dates.notStarted
          ? // Before the period's debits are made (the day's run has not reached them yet), nothing is on its way.
            say(
              "groupPage.next.ifAllIn",
              `If every contribution comes in, the payout goes out on ${long(dates.sent.day)} and is expected in ${whose} bank account on ${long(dates.arrival.day)}.`,
              figures,
            )
          : say(
              "groupPage.next.allIn",
              `Every contribution is in or on its way: the payout goes out on ${long(dates.sent.day)} and is expected in ${whose} bank account on ${long(dates.arrival.day)}.`,
              figures,
            ),
    );
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// A payout in one line (issue 45): cards, lists, the swap picker and the swap messages

/**
 * A payout by its sent and arrival days, never by its turn's due day (ADR 050): "Payout sent Dec 2, 2026; arrived
 * Dec 3, 2026", "Payout goes out Dec 9, 2026; expected in your bank Dec 10, 2026". While it cannot be told (a
 * contribution will not come in by itself, or the payout failed for good), it says so with the due day it waits on.
 */
export function payoutDaysText(dates: Pick<PaymentDates, "due" | "sent" | "arrival">, options: { yours?: boolean; style?: DateStyle } = {}): string {
  const style = options.style ?? "medium";
  if (!dates.sent || !dates.arrival) return `Not sent yet: waiting for contributions due ${formatCalendarDay(dates.due, style)}`;
  const arrival = stepText("arrival", dates.arrival, { yours: options.yours, style });
  return `${stepText("sent", dates.sent, { style })}; ${arrival.charAt(0).toLowerCase()}${arrival.slice(1)}`;
}

/**
 * The day a card names a payout by: its arrival, expected or done (the day the money is in the recipient's bank), with
 * its label; null while it cannot be told.
 */
export function payoutDay(dates: Pick<PaymentDates, "arrival">, options: { yours?: boolean } = {}): { label: string; day: CalendarDay } | null {
  return dates.arrival ? { label: stepLabel("arrival", dates.arrival, options), day: dates.arrival.day } : null;
}
