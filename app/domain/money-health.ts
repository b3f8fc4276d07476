/**
 * Money a group waits for, in an operator's words (the admin console's money-health panel, ADR 040): a member's
 * contribution that failed — retried, waiting for the member, or out of attempts — or a payout whose attempts ran out;
 * what happened, and what the platform will do about it, which is exactly what the engine does (`dueWork`,
 * `retryAllowed`, ADR 008 and ADR 030). Pure.
 */
import { formatCalendarDay, formatMoney } from "./format";
import type { Locale } from "./locale";
import type { MessageId } from "./messages/en-US";
import type { Words } from "./messages/words";
import { FAILED_STATUSES, MAX_ATTEMPTS, TRANSFER_STATUS_LABELS, type TransferStatus } from "./money";
import type { LateNext } from "./payment-dates";

/** Why a member's debit waits for them (funding.server.ts `FundingBlock`). */
export type WaitReason = "login_required" | "debits_not_authorised" | "account_unusable" | "no_account";

const WAIT_REASONS: Record<WaitReason, { what: string; until: string }> = {
  login_required: { what: "their bank login needs renewing", until: "reconnects their bank" },
  debits_not_authorised: { what: "they withdrew their authorisation of our debits", until: "authorises debits again" },
  account_unusable: { what: "their bank account can no longer be used", until: "links another account" },
  no_account: { what: "they have no bank account linked", until: "links an account" },
};

/** Short words for a decline rationale or a return code. */
const CODE_WORDS: Readonly<Record<string, string>> = {
  NSF: "insufficient funds",
  RISK: "refused for risk",
  TRANSFER_LIMIT_REACHED: "over a transfer limit",
  TRANSFER_ACCOUNT_BLOCKED: "account blocked after a return",
  R01: "insufficient funds",
  R09: "uncollected funds",
  R02: "account closed",
  R03: "no such account",
  R04: "invalid account number",
  R16: "account frozen",
  R20: "not a transaction account",
  R05: "not authorised on a consumer account",
  R07: "authorisation withdrawn",
  R08: "payment stopped",
  R10: "reported as unauthorised",
  R29: "not authorised by the account holder",
};

export type WaitingMoney = {
  kind: "contribution" | "payout";
  memberName: string;
  periodNumber: number;
  amountCents: number;
  /** The latest attempt: its number, status and failure code. */
  attempt: number;
  /**
   * The failed attempts of this money so far. A payout counts its tries by them: a consented turn's payouts (what
   * arrived, then each rest) share one count of MAX_ATTEMPTS failures while their attempt numbers run on (ADR 053).
   */
  failures: number;
  /**
   * A contribution whose latest attempt was the member's own Pay now (ADR 052): told as their payment after the chain's
   * automatic attempts (`automaticAttempts`), never as "attempt N of 3" (a Pay now can be attempt 4 or more).
   */
  payNow?: boolean;
  automaticAttempts?: number;
  status: TransferStatus;
  failureCode: string | null;
  /** What the engine does next (payment-dates.ts `LateNext`); a payout out of attempts is "no-retry". */
  next: LateNext;
  /** Why it waits for the member (next: waits-for-member). */
  waitReason: WaitReason | null;
  /** The period's payout: to whom, how much, and whether it has left the pool already. */
  recipientName: string;
  payoutCents: number;
  payoutLeft: boolean;
};

/** The reader's words (ADR 056 part five (i)): given, the sentences come from the catalogue's `admin.health.*`. */
export type HealthWords = { t: Words; locale: Locale };

/** Which try of MAX_ATTEMPTS the latest was: a contribution's attempt number; a payout's count of failures (above). */
function tryNumber(money: WaitingMoney): number {
  return money.kind === "payout" && FAILED_STATUSES.includes(money.status) ? money.failures : money.attempt;
}

/** Whether the latest try was the member's own Pay now, told as such (a contribution's, its automatic attempts known). */
function payNowTry(money: WaitingMoney): money is WaitingMoney & { automaticAttempts: number } {
  return money.kind === "contribution" && money.payNow === true && money.automaticAttempts !== undefined;
}

/** What happened: "Declined: insufficient funds (NSF), attempt 3 of 3". */
export function whatHappened(money: WaitingMoney, reader?: HealthWords): string {
  if (reader) return whatHappenedIn(money, reader);
  const attempt = payNowTry(money)
    ? `the member's own payment (Pay now) after ${money.automaticAttempts} automatic ${money.automaticAttempts === 1 ? "attempt" : "attempts"}`
    : `attempt ${tryNumber(money)} of ${MAX_ATTEMPTS}`;
  if (money.next.kind === "waits-for-member") {
    return `Waiting for the member (${attempt}): ${WAIT_REASONS[money.waitReason ?? "no_account"].what}`;
  }
  const words = money.failureCode ? (CODE_WORDS[money.failureCode] ?? null) : null;
  const code = money.failureCode ? (words ? `${words} (${money.failureCode})` : money.failureCode) : null;
  return `${TRANSFER_STATUS_LABELS[money.status]}${code ? `: ${code}` : ""}, ${attempt}`;
}

/**
 * What the platform will do, as the engine does it: retry on a day; wait for the member to act, then debit again;
 * or nothing automatically. A period's payout waits for every contribution: Rosca never lends money to cover a missed
 * contribution (the terms) — the platform fronts only a contribution returned after its payout left (ADR 008:
 * shortfall_cover, repaid first from the member's next settled contribution).
 */
export function whatThePlatformWillDo(money: WaitingMoney, reader?: HealthWords): string {
  if (reader) return whatThePlatformWillDoIn(money, reader);
  const payout = `the period ${money.periodNumber} payout of ${formatMoney(money.payoutCents)} to ${money.recipientName}`;
  if (money.kind === "payout") {
    if (money.next.kind === "retry")
      return `Sends ${payout} again on ${formatCalendarDay(money.next.on, "long")} (attempt ${money.failures + 1} of ${MAX_ATTEMPTS}).`;
    const failed = `${money.failures} ${money.failures === 1 ? "attempt" : "attempts"}`;
    return `Nothing automatic: ${failed} failed, so ${payout} is not sent again by itself; the money stays in the pool.`;
  }
  const afterPayout = money.payoutLeft
    ? ` Its payout already left: what the pool could not give back is fronted by the platform and repaid first from ${money.memberName}'s next settled contribution.`
    : "";
  const waits = money.payoutLeft ? "" : ` Meanwhile ${payout} waits: the platform does not cover a missed contribution.`;
  switch (money.next.kind) {
    case "retry":
      return `Tries again on ${formatCalendarDay(money.next.on, "long")} (attempt ${money.attempt + 1} of ${MAX_ATTEMPTS}).${money.payoutLeft ? afterPayout : ` ${payout[0]!.toUpperCase()}${payout.slice(1)} goes out once it is collected.`}`;
    case "waits-for-member":
      return `Debits again as soon as ${money.memberName} ${WAIT_REASONS[money.waitReason ?? "no_account"].until}; nothing is sent until then.${waits}${afterPayout}`;
    case "no-retry":
      return `Nothing automatic: no further attempt will be made.${waits}${afterPayout}`;
  }
}

/** whatHappened in the reader's words (the English catalogue says exactly what whatHappened says; money-health.test.ts). */
function whatHappenedIn(money: WaitingMoney, { t }: HealthWords): string {
  const attempt = {
    attempt: tryNumber(money),
    max: MAX_ATTEMPTS,
    payNow: payNowTry(money) ? "yes" : "no",
    automatic: payNowTry(money) ? money.automaticAttempts : 0,
  };
  if (money.next.kind === "waits-for-member") {
    return t("admin.health.waitingForMember", { ...attempt, reason: t(`admin.health.wait.${money.waitReason ?? "no_account"}`) });
  }
  const status = t(`report.transfer.${money.status}` as MessageId);
  const code = money.failureCode;
  if (!code) return t("admin.health.happened", { status, ...attempt });
  if (!CODE_WORDS[code]) return t("admin.health.happenedCode", { status, code, ...attempt });
  return t("admin.health.happenedCodeWords", { status, words: t(`admin.health.code.${code}` as MessageId), code, ...attempt });
}

/** whatThePlatformWillDo in the reader's words, the day and the money in the reader's locale. */
function whatThePlatformWillDoIn(money: WaitingMoney, { t, locale }: HealthWords): string {
  const payout = { period: money.periodNumber, amount: formatMoney(money.payoutCents, locale), recipient: money.recipientName };
  if (money.kind === "payout") {
    if (money.next.kind === "retry")
      return t("admin.health.payoutRetry", {
        ...payout,
        date: formatCalendarDay(money.next.on, "long", locale),
        next: money.failures + 1,
        max: MAX_ATTEMPTS,
      });
    return t("admin.health.payoutNothing", { failed: money.failures, ...payout });
  }
  const afterPayout = money.payoutLeft ? t("admin.health.afterPayout", { member: money.memberName }) : null;
  const waits = money.payoutLeft ? null : t("admin.health.payoutWaits", payout);
  const sentences = (...parts: Array<string | null>) => parts.filter((part) => part !== null).join(" ");
  switch (money.next.kind) {
    case "retry":
      return sentences(
        t("admin.health.retry", { date: formatCalendarDay(money.next.on, "long", locale), next: money.attempt + 1, max: MAX_ATTEMPTS }),
        afterPayout ?? t("admin.health.payoutOnceCollected", payout),
      );
    case "waits-for-member":
      return sentences(t(`admin.health.until.${money.waitReason ?? "no_account"}`, { member: money.memberName }), waits, afterPayout);
    case "no-retry":
      return sentences(t("admin.health.noRetry"), waits, afterPayout);
  }
}
