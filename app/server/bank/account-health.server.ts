/**
 * The health of members' bank connections (ADR 037): an item whose login must be renewed through Link's update mode,
 * an account the bank says cannot be used, an account whose debit authorisation the member withdrew. Each state is
 * set here and cleared here, by whoever learns of it (the Plaid webhook, the money engine, the member's own action).
 *
 * Invariants:
 * - Every command runs in the caller's transaction and tells the member in that same transaction (the bell's row and
 *   the outbox's email row, ADR 010): the state and its notice commit together or not at all. Emails are queued, not
 *   sent: commands return the outbox ids for the caller to deliver after its commit (deliverInBackground), and the
 *   outbox job sends whatever it does not.
 * - Each state is set once. Setting it again (a repeated webhook, a second returned debit, a retried job) changes
 *   nothing and tells nobody; the one exception is a pending expiration becoming a login that has stopped working
 *   (loginStateChanges). Rows are locked (FOR UPDATE) while deciding, so concurrent callers cannot both tell.
 * - A removed item is never flagged; an item or account of another user is not found (commands taking the member's
 *   own request are scoped by user id).
 */
import { and, eq } from "drizzle-orm";
import {
  type AccountLabel,
  accountNoticeValues,
  debitAuthorizationWording,
  isLoginRequiredReason,
  type LoginRequiredReason,
  loginStateChanges,
  RETURN_CODE,
  reauthorizedNotice,
  reconnectedNotice,
  reconnectNotice,
  revokedAuthorizationNotice,
  unusableAccountNotice,
} from "~/domain/bank-health";
import { queueUrgent } from "../notifications/account-alerts.server";
import type { NoticeMessage } from "../notifications/notice-text";
import type { Db } from "../db/client.server";
import { bankAccounts, bankItems, debitAuthorizations, users } from "../db/schema";
import { notify } from "../notifications/notifications.server";
import { wakeMemberGroups } from "../money/funding.server";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Tx | Db;

/** What a command did: whether the state changed (and the member was told), and the emails to deliver after commit. */
export type HealthChange = { changed: boolean; emailIds: string[] };

const unchanged: HealthChange = { changed: false, emailIds: [] };

function assertReturnCode(code: string) {
  if (!RETURN_CODE.test(code)) throw new TypeError(`not a NACHA return code: ${JSON.stringify(code)}`);
}

// ---- Items: a login to renew ---------------------------------------------------------------------------------------

/**
 * The item's login must be renewed (Plaid's ITEM_LOGIN_REQUIRED, PENDING_EXPIRATION, or an authorization answered
 * user_action_required, whose id is kept for the update-mode Link token). Tells the member "Reconnect your bank".
 */
export async function markItemLoginRequired(
  tx: Executor,
  input: { itemId: string; reason: LoginRequiredReason; authorizationId?: string | null; now?: Date },
): Promise<HealthChange> {
  if (!isLoginRequiredReason(input.reason)) throw new TypeError(`not a login-required reason: ${JSON.stringify(input.reason)}`);
  const now = input.now ?? new Date();
  const [item] = await tx
    .select({
      userId: bankItems.userId,
      status: bankItems.status,
      reason: bankItems.loginRequiredReason,
      institutionName: bankItems.institutionName,
    })
    .from(bankItems)
    .where(eq(bankItems.id, input.itemId))
    .for("update");
  if (!item || item.status !== "active" || !loginStateChanges(item.reason, input.reason)) return unchanged;
  await tx
    .update(bankItems)
    .set({ loginRequiredAt: now, loginRequiredReason: input.reason, loginRequiredAuthorizationId: input.authorizationId ?? null })
    .where(eq(bankItems.id, input.itemId));
  // A message (ADR 062): the bell and the email in the member's language; the English is reconnectNotice's.
  const english = reconnectNotice(item.institutionName, input.reason);
  const notice: NoticeMessage = item.institutionName
    ? { message: "bankReconnect", values: { institutionName: item.institutionName, reason: input.reason } }
    : { message: "bankReconnectUnnamed", values: { reason: input.reason } };
  const told = await queueUrgent(tx, item.userId, { ...english, ...notice }, now);
  return { changed: true, emailIds: told.emailId ? [told.emailId] : [] };
}

/**
 * The item's login works again (the member finished Link's update mode, or Plaid's LOGIN_REPAIRED webhook). With
 * `userId`, only that user's item (the member's own request). Tells the member in the app; no email (they did it).
 * Wakes the member's groups: their debits and payouts that waited for the login go ahead on the next tick.
 */
export async function clearItemLoginRequired(tx: Executor, input: { itemId: string; userId?: string }): Promise<HealthChange> {
  const [item] = await tx
    .select({ userId: bankItems.userId, reason: bankItems.loginRequiredReason, institutionName: bankItems.institutionName })
    .from(bankItems)
    .where(input.userId ? and(eq(bankItems.id, input.itemId), eq(bankItems.userId, input.userId)) : eq(bankItems.id, input.itemId))
    .for("update");
  if (!item || item.reason === null) return unchanged;
  await tx
    .update(bankItems)
    .set({ loginRequiredAt: null, loginRequiredReason: null, loginRequiredAuthorizationId: null })
    .where(eq(bankItems.id, input.itemId));
  // A message (ADR 062), in the member's language when read; the words are reconnectedNotice's.
  const link = reconnectedNotice(item.institutionName).link;
  await notify(
    item.userId,
    item.institutionName
      ? { message: "bankReconnected", values: { institutionName: item.institutionName }, link }
      : { message: "bankReconnectedUnnamed", link },
    tx,
  );
  await wakeMemberGroups(tx, item.userId);
  return { changed: true, emailIds: [] };
}

// ---- Accounts: unusable, or authorisation withdrawn ----------------------------------------------------------------

async function lockedAccount(tx: Executor, bankAccountId: string, userId?: string) {
  const [account] = await tx
    .select({
      userId: bankAccounts.userId,
      accountName: bankAccounts.name,
      mask: bankAccounts.mask,
      institutionName: bankItems.institutionName,
      unusableAt: bankAccounts.unusableAt,
      revokedAt: bankAccounts.debitAuthorizationRevokedAt,
    })
    .from(bankAccounts)
    .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
    .where(userId ? and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.userId, userId)) : eq(bankAccounts.id, bankAccountId))
    .for("update", { of: bankAccounts });
  return account ?? null;
}

const label = (account: { institutionName: string | null; accountName: string; mask: string | null }): AccountLabel => ({
  institutionName: account.institutionName,
  accountName: account.accountName,
  mask: account.mask,
});

type ReturnInput = { bankAccountId: string; returnCode: string; now?: Date };

/**
 * Flag an account after a returned debit, once: the state (`unusable` or `revoked`) and its code, and the member told
 * in words for that code. An account already in that state is left as it is (its first code stays).
 */
async function flagAccount(tx: Executor, input: ReturnInput, state: "unusable" | "revoked"): Promise<HealthChange> {
  assertReturnCode(input.returnCode);
  const now = input.now ?? new Date();
  const account = await lockedAccount(tx, input.bankAccountId);
  if (!account || (state === "unusable" ? account.unusableAt : account.revokedAt) !== null) return unchanged;
  await tx
    .update(bankAccounts)
    .set(
      state === "unusable"
        ? { unusableAt: now, unusableCode: input.returnCode, updatedAt: now }
        : { debitAuthorizationRevokedAt: now, debitAuthorizationRevokedCode: input.returnCode, updatedAt: now },
    )
    .where(eq(bankAccounts.id, input.bankAccountId));
  // A message (ADR 062): the bell and the email in the member's language; the English is the notice function's.
  const english = (state === "unusable" ? unusableAccountNotice : revokedAuthorizationNotice)(label(account), input.returnCode);
  const notice: NoticeMessage = {
    message: state === "unusable" ? "accountUnusable" : "debitsRevoked",
    values: accountNoticeValues(label(account), input.returnCode),
  };
  const told = await queueUrgent(tx, account.userId, { ...english, ...notice }, now);
  return { changed: true, emailIds: told.emailId ? [told.emailId] : [] };
}

/**
 * A debit came back saying the account cannot be used (R02 closed, R03 no such account, R04 invalid number): nothing
 * moves through it again. Final for this account row: the member links another (a new link is a new row).
 */
export function markAccountUnusable(tx: Executor, input: ReturnInput): Promise<HealthChange> {
  return flagAccount(tx, input, "unusable");
}

/**
 * A debit came back saying the member's authorisation is gone (R05, R07, R08, R10, R29): the account is never debited
 * again until the member authorises debits anew (authorizeDebits).
 */
export function revokeDebitAuthorization(tx: Executor, input: ReturnInput): Promise<HealthChange> {
  return flagAccount(tx, input, "revoked");
}

export type DebitConsent = { ipAddress: string | null; userAgent: string | null };

/**
 * The member authorises debits from one of their accounts in our form (the clearing counterpart of
 * revokeDebitAuthorization): the words they agreed to are recorded with the time and where from, and the revocation
 * is cleared. Only the member's own account; null when it is not theirs (or is gone). Recording is unconditional
 * (each consent given is kept); the member is told in the app and by email (a copy of what they agreed to).
 */
export async function authorizeDebits(
  tx: Executor,
  input: { userId: string; bankAccountId: string; consent: DebitConsent; now?: Date },
): Promise<(HealthChange & { authorizationId: string }) | null> {
  const now = input.now ?? new Date();
  const account = await lockedAccount(tx, input.bankAccountId, input.userId);
  if (!account) return null;
  const [member] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.userId));
  const wording = debitAuthorizationWording({ ...label(account), memberName: member?.name ?? "the account holder" });
  const [recorded] = await tx
    .insert(debitAuthorizations)
    .values({
      userId: input.userId,
      bankAccountId: input.bankAccountId,
      source: "reauthorization",
      institutionName: account.institutionName,
      accountName: account.accountName,
      accountMask: account.mask,
      wording,
      ipAddress: input.consent.ipAddress?.slice(0, 100) ?? null,
      userAgent: input.consent.userAgent?.slice(0, 500) ?? null,
      givenAt: now,
    })
    .returning({ id: debitAuthorizations.id });
  const changed = account.revokedAt !== null;
  if (changed) {
    await tx
      .update(bankAccounts)
      .set({ debitAuthorizationRevokedAt: null, debitAuthorizationRevokedCode: null, updatedAt: now })
      .where(eq(bankAccounts.id, input.bankAccountId));
    // Debits that waited for this authorisation go ahead on the next tick.
    await wakeMemberGroups(tx, input.userId);
  }
  // A message (ADR 062), quoting the authorisation as the member agreed to it (`wording`, stored with it).
  const notice = reauthorizedNotice(label(account));
  const told = await queueUrgent(
    tx,
    input.userId,
    {
      ...notice,
      body: `${notice.body} What you agreed to: ${wording}`,
      message: "debitsAuthorised",
      values: { ...accountNoticeValues(label(account)), wording },
      actionLabel: "Review bank accounts",
    },
    now,
  );
  return { changed, emailIds: told.emailId ? [told.emailId] : [], authorizationId: recorded!.id };
}
