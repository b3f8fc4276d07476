/**
 * "What happens when a member can't pay", said once, in the words of the rules the money engine applies (ADR 008's
 * retry policy and shortfall, ADR 030's payday retries and return codes, ADR 041): shown on the group page, on the
 * join page before anyone commits, and in the Help Center's FAQ. Every number comes from the rule's own constant, so
 * the words cannot drift from what the engine does (default-cover.test.ts pins both).
 *
 * In one line: nobody fills a gap before a payout (the payout waits for the money); the platform fronts only a
 * contribution the member's bank takes back after the payout already left, and the member still owes it.
 */
import { UNPAID_TURN_DAYS } from "./failed-contribution";
import { formatMoney } from "./format";
import { MAX_RETRIES_AFTER_RETURN, RETURN_RETRY_WINDOW_DAYS } from "./ach";
import { MAX_ATTEMPTS, RETRY_AFTER_DAYS } from "./money";
import { PAYDAY_RETRY_MAX_DAYS } from "./payday";
import type { Words as StepWords } from "./messages/words";

const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

function times(n: number) {
  return n === 1 ? "once" : n === 2 ? "twice" : `${NUMBER_WORDS[n] ?? n} times`;
}

function words(n: number) {
  return NUMBER_WORDS[n] ?? String(n);
}

/** The statement's labels for the platform's cover and its repayment (ledger.server.ts KIND_LABELS). */
export const COVER_LABELS = { covered: "Covered by platform", repaid: "Shortfall repaid" } as const;

export type DefaultCoverStep = { id: "retries" | "payout-waits" | "account" | "after-payout" | "last-attempt"; title: string; text: string };

export const DEFAULT_COVER = {
  title: "If a member can't pay",
  summary:
    "Nobody's payout is paid with money that hasn't arrived: when a contribution fails, the payout waits for it. Rosca steps in only when a member's bank takes back a contribution after the payout has already left, and the member still owes it.",
  /** The Sharia page's line (no interest either way): the same rule, said for that page. */
  noInterest:
    "Rosca never charges interest or late fees. A payout is made only from contributions that arrived; if a member's bank takes a contribution back after the payout left, Rosca covers the gap interest-free and the member repays exactly that amount.",
  steps: [
    {
      id: "retries",
      title: "We try again",
      text: `A contribution that fails (declined, or returned by the member's bank) is tried again ${words(RETRY_AFTER_DAYS)} days later, or the day after the member's payday if they told us when they are paid and it comes within ${PAYDAY_RETRY_MAX_DAYS} days, always on a bank business day (never a weekend or a bank holiday): ${words(MAX_ATTEMPTS)} attempts in all. The member and the group's admin are told each time.`,
    },
    {
      id: "payout-waits",
      title: "That turn's payout waits",
      text: "A payout is made only once every member's contribution for that period has arrived, so the recipient gets the whole pot, later. Rosca does not advance it. Later turns are not held up by it: each is paid once its own contributions are in and the pool holds it.",
    },
    {
      id: "account",
      title: "A closed account or a withdrawn authorisation",
      text: `If the bank says the account is closed or the member withdrew their authorisation, we don't debit it again: the member links another account or authorises again first. A payment returned for insufficient funds is presented again at most ${times(MAX_RETRIES_AFTER_RETURN)}, within ${RETURN_RETRY_WINDOW_DAYS} days.`,
    },
    {
      id: "after-payout",
      title: "Money taken back after the payout",
      text: `If a member's bank takes back a contribution after that period's payout has left, Rosca covers the gap for the group ("${COVER_LABELS.covered}" on the statement), with no interest and no fee. The member still owes that contribution and is debited for it again on the same schedule; until it is back, the group's next contributions repay Rosca first ("${COVER_LABELS.repaid}").`,
    },
    {
      id: "last-attempt",
      title: "After the last attempt",
      text: `Nothing more is debited automatically. The member still owes the contribution and can pay it from the group page (Pay now) at any time; the turn it belongs to waits for it, the group's admin can remind them once a day, and if it is still unpaid ${words(UNPAID_TURN_DAYS)} days after its due date our support team takes it up with the admin and the member. From then the turn's recipient may choose to be paid what has arrived: the missing contribution stays owed to them and is sent to them when it arrives.`,
    },
  ] satisfies DefaultCoverStep[],
} as const;

/**
 * The same rules in the reader's language (ADR 056): the catalogue's `groupPage.cover.*` with each rule's own constant
 * as its number, so a translation cannot drift from the engine either. English pages use DEFAULT_COVER itself.
 */
export function defaultCoverIn(t: StepWords): { title: string; summary: string; steps: DefaultCoverStep[] } {
  return {
    title: t("groupPage.cover.title"),
    summary: t("groupPage.cover.summary"),
    steps: [
      {
        id: "retries",
        title: t("groupPage.cover.retriesTitle"),
        text: t("groupPage.cover.retries", { days: RETRY_AFTER_DAYS, paydayDays: PAYDAY_RETRY_MAX_DAYS, attempts: MAX_ATTEMPTS }),
      },
      { id: "payout-waits", title: t("groupPage.cover.waitsTitle"), text: t("groupPage.cover.waits") },
      {
        id: "account",
        title: t("groupPage.cover.accountTitle"),
        text: t("groupPage.cover.account", { times: MAX_RETRIES_AFTER_RETURN, windowDays: RETURN_RETRY_WINDOW_DAYS }),
      },
      { id: "after-payout", title: t("groupPage.cover.afterPayoutTitle"), text: t("groupPage.cover.afterPayout") },
      { id: "last-attempt", title: t("groupPage.cover.lastAttemptTitle"), text: t("groupPage.cover.lastAttempt", { days: UNPAID_TURN_DAYS }) },
    ],
  };
}

/**
 * The group page's line when a turn's payout waits for a late contribution: the summary's rule, said for that payout
 * (issue 44: the card once said "Rosca never lends money" while the rules said "Rosca covers the gap").
 */
export function payoutWaitsLine(whose: string, payoutCents: number): string {
  return `Nobody's payout is paid with money that hasn't arrived, so ${whose} payout of ${formatMoney(payoutCents)} waits until every contribution is in; Rosca does not advance it.`;
}

/** The FAQ's answer (app/content/faq.ts): the summary, then each step as one paragraph. */
export function defaultCoverParagraphs(): string[] {
  return [DEFAULT_COVER.summary, ...DEFAULT_COVER.steps.map((step) => `${step.title}: ${lowerFirst(step.text)}`)];
}

function lowerFirst(text: string) {
  return /^[A-Z](?=[a-z ])/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
