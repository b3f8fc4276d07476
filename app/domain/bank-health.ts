/**
 * The health of a member's bank connection (ADR 037), pure: which states there are, which of them stop money moving,
 * and what the member is told about each. No I/O.
 *
 * - An item (one bank login) may need the member to log in again through Link's update mode: Plaid's
 *   ITEM_LOGIN_REQUIRED (the login expired or changed), PENDING_EXPIRATION (the consent runs out in about 7 days; the
 *   connection still works until then), or a transfer authorization answered `user_action_required`.
 * - An account may be unusable: a debit came back with a return code saying the account is closed or does not exist.
 * - An account's debit authorisation may be revoked: a debit came back with a return code saying the member did not
 *   authorise it or withdrew the authorisation. It is never debited again until the member authorises anew.
 */

export const LOGIN_REQUIRED_REASONS = ["ITEM_LOGIN_REQUIRED", "PENDING_EXPIRATION", "USER_ACTION_REQUIRED"] as const;
export type LoginRequiredReason = (typeof LOGIN_REQUIRED_REASONS)[number];

export function isLoginRequiredReason(value: unknown): value is LoginRequiredReason {
  return typeof value === "string" && (LOGIN_REQUIRED_REASONS as readonly string[]).includes(value);
}

/** Whether money can move through the item in this state: only a pending expiration still lets it. */
export function loginBlocksTransfers(reason: LoginRequiredReason | null): boolean {
  return reason === "ITEM_LOGIN_REQUIRED" || reason === "USER_ACTION_REQUIRED";
}

/**
 * Whether an item in state `current` (null: healthy) moves to `next`. A state is set once; the only change of an
 * already-set state is from a warning (PENDING_EXPIRATION) to a login that has actually stopped working, which the
 * member is told about again. A warning never replaces a broken login.
 */
export function loginStateChanges(current: LoginRequiredReason | null, next: LoginRequiredReason): boolean {
  if (current === null) return true;
  return !loginBlocksTransfers(current) && loginBlocksTransfers(next);
}

/** NACHA return codes after which the account cannot be used at all (the member must link another; ach.ts: `unusable`). */
export const UNUSABLE_ACCOUNT_CODES = {
  R02: "The bank says this account is closed.",
  R03: "The bank could not find an account with this number.",
  R04: "The bank says the account number is not valid.",
  R16: "The bank says this account is frozen.",
  R20: "The bank says this account cannot make payments.",
} as const;

/** NACHA return codes after which the member's authorisation of our debits is gone (they must authorise again). */
export const REVOKED_AUTHORIZATION_CODES = {
  R05: "Your bank returned a debit because debits of this kind were not authorised on a consumer account.",
  R07: "You withdrew your authorisation of these debits at your bank.",
  R08: "You asked your bank to stop payment on a debit.",
  R10: "You told your bank that a debit was not authorised.",
  R29: "Your bank says the account holder did not authorise the debit.",
} as const;

export type UnusableAccountCode = keyof typeof UNUSABLE_ACCOUNT_CODES;
export type RevokedAuthorizationCode = keyof typeof REVOKED_AUTHORIZATION_CODES;

/** A NACHA return code as stored: R and two digits. */
export const RETURN_CODE = /^R[0-9]{2}$/;

export type AccountLabel = { institutionName: string | null; accountName: string; mask: string | null };

/** "First Platypus Bank Plaid Checking ••0000": how the member recognises one of their accounts. */
export function describeAccount(account: AccountLabel): string {
  const name = account.institutionName ? `${account.institutionName} ${account.accountName}` : account.accountName;
  return account.mask ? `${name} ••${account.mask}` : name;
}

/** What the member reads (bell, email, banner) for each state, and where the action is. */
export type BankHealthNotice = { title: string; body: string; link: string; actionLabel: string };

export const BANK_ACCOUNTS_PATH = "/profile/bank-accounts";

export function reconnectNotice(institutionName: string | null, reason: LoginRequiredReason): BankHealthNotice {
  const bank = institutionName ?? "your bank";
  const body =
    reason === "PENDING_EXPIRATION"
      ? `Your connection to ${bank} expires in a few days. Reconnect your bank before then so your contributions and payouts keep going through; it takes a minute and your accounts stay the same.`
      : `Your login at ${bank} has expired, so we can't collect contributions or send payouts through it. Reconnect your bank to keep your groups on schedule; it takes a minute and your accounts stay the same.`;
  return { title: "Reconnect your bank", body, link: BANK_ACCOUNTS_PATH, actionLabel: "Reconnect your bank" };
}

export function reconnectedNotice(institutionName: string | null): Omit<BankHealthNotice, "actionLabel"> {
  return {
    title: "Bank reconnected",
    body: `${institutionName ?? "Your bank"} is connected again. Contributions and payouts that were waiting for it go ahead now.`,
    link: BANK_ACCOUNTS_PATH,
  };
}

export function unusableAccountNotice(account: AccountLabel, code: string): BankHealthNotice {
  const why = (UNUSABLE_ACCOUNT_CODES as Record<string, string>)[code] ?? `The bank returned a debit from this account (return code ${code}).`;
  return {
    title: `Link another account: ${describeAccount(account)} can't be used`,
    body: `${why} We can't take contributions from it or pay payouts into it any more. Link another bank account to keep your groups on schedule.`,
    link: BANK_ACCOUNTS_PATH,
    actionLabel: "Link another account",
  };
}

export function revokedAuthorizationNotice(account: AccountLabel, code: string): BankHealthNotice {
  const why = (REVOKED_AUTHORIZATION_CODES as Record<string, string>)[code] ?? `Your bank returned a debit as not authorised (return code ${code}).`;
  return {
    title: `Authorise debits again from ${describeAccount(account)}`,
    body: `${why} We won't debit this account again until you authorise it. Review and authorise debits to keep paying into your groups.`,
    link: BANK_ACCOUNTS_PATH,
    actionLabel: "Review and authorise debits",
  };
}

export function reauthorizedNotice(account: AccountLabel): Omit<BankHealthNotice, "actionLabel"> {
  return {
    title: "Debits authorised",
    body: `You authorised Rosca to debit ${describeAccount(account)} for your group contributions. Waiting contributions go ahead now.`,
    link: BANK_ACCOUNTS_PATH,
  };
}

/**
 * One account's notice as a message (ADR 062; notice-texts' `accountUnusable`, `debitsRevoked`, `debitsAuthorised`): the
 * account as the member recognises it and the return code; the words are the catalogue's (the same as the functions above).
 */
export function accountNoticeValues(account: AccountLabel, code?: string): Record<string, string> {
  return code === undefined ? { account: describeAccount(account) } : { account: describeAccount(account), code };
}

/**
 * The words of the debit authorisation the member agrees to in our form (NACHA WEB debits: the consent must say what
 * is authorised, from which account, and how to revoke it). Stored with each authorisation as given.
 */
export function debitAuthorizationWording(input: AccountLabel & { memberName: string }): string {
  return [
    `I, ${input.memberName}, authorise Rosca to debit my account ${describeAccount(input)} by ACH for the contributions and the setup fee of each savings group I belong to, in the amounts and on the due dates the group's schedule shows, and to credit my payouts to it.`,
    "A debit that is returned may be retried up to twice when the rules allow.",
    "This authorisation stays in effect until I withdraw it, which I can do at any time by unlinking the account under Profile → Bank Accounts or by telling Rosca support, in time for Rosca to act on it before the next debit.",
  ].join(" ");
}
