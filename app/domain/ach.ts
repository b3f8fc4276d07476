/**
 * ACH as Plaid Transfer applies it (ADR 030), pure: what our requests to the bank must say (idempotency keys,
 * descriptions, entry classes), what each NACHA return code means for the next debit, and what the member reads when
 * a transfer is declined or returned. No I/O.
 *
 * The contract is Plaid's OpenAPI description 2020-09-14_1.697.4 (plaid/plaid-openapi): an authorization's
 * `idempotency_key` is at most 50 characters and expires after 48 hours; an authorization expires after one hour
 * unused; an ACH `description` is at most 10 characters, says why the money moves, and is "Retry 1" or "Retry 2" when
 * a returned transfer is presented again (only after R01 or R09, at most twice, within 180 days of the original);
 * debits authorised by the consumer online are `web`, credits to a consumer `ppd`.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { daysBetween } from "./schedule";

/** Plaid's limit on `idempotency_key` (TransferAuthorizationIdempotencyKey: maxLength 50). */
export const BANK_KEY_MAX_LENGTH = 50;
/** An authorization Plaid made and nobody used is dead after this long. */
export const AUTHORIZATION_TTL_HOURS = 1;
/** An idempotency key is forgotten by Plaid after this long: the same key then makes a new authorization. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 48;
/**
 * We never send a key older than this (from the moment its row was written, which is before its first use): an hour
 * short of Plaid's 48, so that a clock a little off or a slow request cannot cross the line. A row whose key is this
 * old is reconciled against the bank's event stream before anything else is sent for it (transfers.server.ts).
 */
export const KEY_SAFE_AGE_HOURS = 47;

/**
 * The key Plaid sees for one of our transfers: a digest of our logical key (`transferKey`: kind, group, period,
 * member, attempt) and the authorization round (0 first; a new round when an authorization died unused, so that a new
 * one can be made). 48 hexadecimal characters of SHA-256 (192 bits): deterministic, far below any chance of two keys
 * meeting, and within Plaid's 50.
 */
export function bankIdempotencyKey(logicalKey: string, round: number): string {
  if (!Number.isInteger(round) || round < 0) throw new RangeError(`round must be a whole number ≥ 0, got ${round}`);
  return bytesToHex(sha256(utf8ToBytes(`${logicalKey}#${round}`))).slice(0, 48);
}

/** Plaid's limit on an ACH transfer's `description` (15 for RTP, 10 for ACH). */
export const ACH_DESCRIPTION_MAX_LENGTH = 10;

export type TransferPurpose = "contribution" | "payout" | "fee";

const DESCRIPTIONS: Record<TransferPurpose, string> = { contribution: "Contrib", payout: "Payout", fee: "Setup fee" };

/**
 * What the member's bank statement says about a transfer: why the money moves (never our name, which the statement
 * shows anyway), or, when a returned debit is presented again, "Retry 1" / "Retry 2" as NACHA and Plaid require.
 */
export function transferDescription(purpose: TransferPurpose, retry: 0 | 1 | 2 = 0): string {
  if (retry > 0) {
    if (purpose === "payout") throw new RangeError("a payout is never presented as a retry of a returned debit");
    return `Retry ${retry}`;
  }
  return DESCRIPTIONS[purpose];
}

/**
 * The NACHA entry class: a member authorises debits in our web form (the join page's terms, or the re-authorisation
 * form), which is `web`; a payout credits a consumer's account under the standing relationship, which is `ppd` (Plaid
 * accepts ccd/tel/web for debits and ccd/ppd for credits).
 */
export function achClass(direction: "debit" | "credit"): "web" | "ppd" {
  return direction === "debit" ? "web" : "ppd";
}

// ---------------------------------------------------------------------------------------------------------------
// Returns

/**
 * What a return code means for the next debit of the same money:
 * - `retry`: presented again as "Retry 1", then "Retry 2" (R01 insufficient funds, R09 uncollected funds), within
 *   180 days of the original, on the retry schedule;
 * - `unusable`: the account cannot be used (closed, not found, invalid, frozen, not a transaction account): nothing
 *   moves through it again, and the member must link another account;
 * - `revoke`: the member's authorisation is gone (not authorised, revoked, stopped): the account is never debited
 *   again until the member authorises anew in our form;
 * - `final`: any other code: no automatic retry; the member and the group's admin are told, support takes it up.
 */
export type ReturnAction = "retry" | "unusable" | "revoke" | "final";

export const RETURN_ACTIONS: Readonly<Record<string, ReturnAction>> = {
  R01: "retry",
  R09: "retry",
  R02: "unusable",
  R03: "unusable",
  R04: "unusable",
  R16: "unusable",
  R20: "unusable",
  R05: "revoke",
  R07: "revoke",
  R08: "revoke",
  R10: "revoke",
  R29: "revoke",
};

export function returnAction(code: string | null | undefined): ReturnAction {
  return (code && RETURN_ACTIONS[code]) || "final";
}

/** A returned debit is presented again at most this many times (NACHA)… */
export const MAX_RETRIES_AFTER_RETURN = 2;
/** …within this many days of the original entry. */
export const RETURN_RETRY_WINDOW_DAYS = 180;

/** One attempt of the same money (a member's contribution or fee for a period, or a period's payout), as the rules see it. */
export type AttemptFacts = {
  attempt: number;
  status: string;
  failureCode: string | null;
  initiatedOn: string;
  /** The bank account it was sent from (null when it never reached the bank). */
  accountId?: string | null;
};

/** Statuses in which an attempt never became an ACH entry (nothing was presented to the member's bank). */
const NO_ENTRY: readonly string[] = ["created", "declined"];

/**
 * The returned entries a next attempt would present again: the trailing run of entries (attempts that reached the
 * network, in order) that came back R01 or R09. Empty when the last entry is anything else. Declined authorizations
 * are not entries and do not break the run (an NSF decline of a retry is not a new original).
 */
export function returnedRun(attempts: readonly AttemptFacts[]): AttemptFacts[] {
  const entries = [...attempts].sort((a, b) => a.attempt - b.attempt).filter((a) => !NO_ENTRY.includes(a.status));
  const run: AttemptFacts[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.status !== "returned" || returnAction(entry.failureCode) !== "retry") break;
    run.unshift(entry);
  }
  return run;
}

/**
 * The description number of the next attempt: 1 or 2 when it presents a returned R01/R09 debit again from the same
 * account ("Retry 1", "Retry 2"); 0 when it is a new entry (the first, one after a failure or a decline with no
 * return before it, or one from another account); null when it may not be made at all (a third presentment, or the
 * original is older than 180 days).
 */
export function retryNumber(attempts: readonly AttemptFacts[], today: string, accountId?: string | null): 0 | 1 | 2 | null {
  const run = returnedRun(attempts);
  if (run.length === 0) return 0;
  if (run.length > MAX_RETRIES_AFTER_RETURN) return null;
  if (daysBetween(run[0]!.initiatedOn, today) > RETURN_RETRY_WINDOW_DAYS) return null;
  // A debit from another account presents nothing again: it is a new entry.
  if (accountId !== undefined && accountId !== null && run[0]!.accountId && run[0]!.accountId !== accountId) return 0;
  return run.length as 1 | 2;
}

// ---------------------------------------------------------------------------------------------------------------
// What the member reads

/** Plaid's decline rationales, in the member's words (the authorization said no before any money moved). */
export const DECLINE_REASONS: Readonly<Record<string, string>> = {
  NSF: "Your bank account did not have enough money available for this payment, so it was not attempted.",
  RISK: "Your bank account could not be used for this payment right now, so it was not attempted. Adding money to the account or linking another one usually helps.",
  TRANSFER_LIMIT_REACHED: "This payment would have gone over a transfer limit on your account, so it was not attempted.",
  TRANSFER_ACCOUNT_BLOCKED: "Your bank account can no longer be used for payments after an earlier payment was returned. Link another account.",
};

/** Return codes in the member's words (the debit was presented and the bank sent it back). */
export const RETURN_REASONS: Readonly<Record<string, string>> = {
  R01: "Your bank returned the payment for insufficient funds.",
  R09: "Your bank returned the payment because the money in the account was not yet available.",
  R02: "Your bank returned the payment because the account is closed.",
  R03: "Your bank could not find an account with this number.",
  R04: "Your bank says the account number is not valid.",
  R16: "Your bank returned the payment because the account is frozen.",
  R20: "Your bank returned the payment because this account cannot make payments.",
  R05: "Your bank returned the payment because debits of this kind were not authorised on a consumer account.",
  R07: "You withdrew your authorisation of these payments at your bank.",
  R08: "You asked your bank to stop this payment.",
  R10: "You told your bank that this payment was not authorised.",
  R29: "Your bank says the account holder did not authorise this payment.",
};

/** The sentence a member reads about a failed, declined or returned debit. */
export function failureReason(status: string, code: string | null | undefined, bankDescription?: string | null): string {
  if (status === "declined" && code && DECLINE_REASONS[code]) return DECLINE_REASONS[code];
  if (status === "returned" && code) return RETURN_REASONS[code] ?? `Your bank returned the payment (return code ${code}).`;
  if (status === "cancelled") return "The payment was cancelled before it reached your bank.";
  return bankDescription || "The bank did not complete the payment.";
}

/**
 * failureReason's sentence as the group admin reads it about a member's debit (the member's account, not the admin's):
 * the bank's facts in the third person, without the advice meant for the account's owner.
 */
export function memberFailureReason(memberName: string, status: string, code: string | null | undefined, bankDescription?: string | null): string {
  const values = failureReasonValues(status, code, bankDescription);
  const bank = `${memberName}'s bank`;
  const words: Record<string, string> = {
    NSF: `${memberName}'s bank account did not have enough money available for this payment, so it was not attempted.`,
    RISK: `${memberName}'s bank account could not be used for this payment right now, so it was not attempted.`,
    TRANSFER_LIMIT_REACHED: `This payment would have gone over a transfer limit on ${memberName}'s account, so it was not attempted.`,
    TRANSFER_ACCOUNT_BLOCKED: `${memberName}'s bank account can no longer be used for payments after an earlier payment was returned.`,
    R01: `${bank} returned the payment for insufficient funds.`,
    R09: `${bank} returned the payment because the money in the account was not yet available.`,
    R02: `${bank} returned the payment because the account is closed.`,
    R03: `${bank} could not find an account with this number.`,
    R04: `${bank} says the account number is not valid.`,
    R16: `${bank} returned the payment because the account is frozen.`,
    R20: `${bank} returned the payment because this account cannot make payments.`,
    R05: `${bank} returned the payment because debits of this kind were not authorised on a consumer account.`,
    R07: `${memberName} withdrew their authorisation of these payments at their bank.`,
    R08: `${memberName} asked their bank to stop this payment.`,
    R10: `${memberName} told their bank that this payment was not authorised.`,
    R29: `${bank} says the account holder did not authorise this payment.`,
    returnedOther: `${bank} returned the payment (return code ${values.returnCode}).`,
    cancelled: `The payment was cancelled before it reached ${bank}.`,
    bankSaid: values.bankDescription ?? "",
  };
  return words[values.reason!] ?? "The bank did not complete the payment.";
}

/**
 * failureReason's sentence as a notice's values (ADR 062; notice-texts' `{reason, select, …}`): the decline or return
 * code it quotes, or which fallback, with the facts the fallback names. The bank's own description stays the bank's words.
 */
export function failureReasonValues(status: string, code: string | null | undefined, bankDescription?: string | null): Record<string, string> {
  if (status === "declined" && code && DECLINE_REASONS[code]) return { reason: code };
  if (status === "returned" && code) return RETURN_REASONS[code] ? { reason: code } : { reason: "returnedOther", returnCode: code };
  if (status === "cancelled") return { reason: "cancelled" };
  return bankDescription ? { reason: "bankSaid", bankDescription } : { reason: "unknown" };
}
