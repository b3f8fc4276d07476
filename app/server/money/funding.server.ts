/**
 * Which of a member's accounts their money moves through (ADR 030, ADR 037), and waking their groups when that changes.
 *
 * A debit is taken from the account the member chose for the group (group_members.debit_bank_account_id), else their
 * default for groups (users.default_debit_bank_account_id), when it is usable (issue 44); otherwise, and for payouts,
 * the member's first usable account: checking before other depository accounts, oldest connection first. Usable means: its item is linked (active) and its login works (not
 * ITEM_LOGIN_REQUIRED or USER_ACTION_REQUIRED; a pending expiration still works), and the account is not unusable (a
 * return said it is closed or gone). A debit also needs the member's authorisation of our debits to stand: after an
 * R05/R07/R08/R10/R29 return on any of their accounts, none is debited until they authorise again. When no account
 * is usable, the member is blocked, with the reason they have to act on; the transfer waits for them
 * (transfers.server.ts) and nothing is sent.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { loginBlocksTransfers, type LoginRequiredReason } from "~/domain/bank-health";
import { type Db, db } from "../db/client.server";
import { bankAccounts, bankItems, groupMembers, groups, users } from "../db/schema";
import { decryptSecret } from "../platform/crypto.server";
import { groupsLockedInOrder } from "./locks.server";

export type Funding = {
  /** Our bank_accounts row. */
  bankAccountId: string;
  /** The bank's account id (Plaid's account_id). */
  accountId: string;
  itemId: string;
  accessToken: string;
  /** The account holder's name for the authorization (Plaid's user.legal_name). */
  legalName: string;
};

/** Why a member has no account money can move through, in the order they would have to act on it. */
export type FundingBlock = "login_required" | "debits_not_authorised" | "account_unusable" | "no_account";

export type MemberFunding = {
  debit: Funding | FundingBlock;
  credit: Funding | FundingBlock;
  /** The debit account for a group whose chosen account (or the member's default) is `preferredId`. */
  debitFrom: (preferredId: string | null) => Funding | FundingBlock;
};

type Row = AccountFacts & {
  userId: string;
  accountId: string;
  itemId: string;
  token: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
};

/** What the choice of an account needs to know about each (one member's depository accounts, oldest first). */
export type AccountFacts = {
  bankAccountId: string;
  subtype: string | null;
  type: string;
  loginReason: LoginRequiredReason | null;
  unusable: boolean;
  revoked: boolean;
};

/**
 * The columns of `AccountFacts`, for a select over bank_accounts joined to its bank_items: every reader that picks an
 * account (the debits and payouts here, the late contributions' next attempt) reads the same facts the same way.
 */
export const accountFactsColumns = {
  bankAccountId: bankAccounts.id,
  subtype: bankAccounts.subtype,
  type: bankAccounts.type,
  loginReason: bankItems.loginRequiredReason,
  unusable: sql<boolean>`${bankAccounts.unusableAt} is not null`,
  revoked: sql<boolean>`${bankAccounts.debitAuthorizationRevokedAt} is not null`,
};

const rank = (row: Pick<AccountFacts, "subtype" | "type">) => (row.subtype === "checking" ? 0 : row.type === "depository" ? 1 : 2);

/**
 * The account of `rows` (one member's, oldest first) money can move through in this direction, or why none: the
 * preferred one (the member's choice for the group, issue 44) when it works, else the first that works, checking
 * first. A member who withdrew their authorisation of our debits on one account (a return saying so) is not debited
 * from any other either until they authorise again: the dispute was about our debits, not about that account.
 */
export function pickAccount<T extends AccountFacts>(
  all: readonly T[],
  direction: "debit" | "credit",
  preferredId: string | null = null,
): T | FundingBlock {
  const rows = all.filter((row) => row.type === "depository").sort((a, b) => rank(a) - rank(b));
  if (direction === "debit" && rows.some((row) => row.revoked && !row.unusable)) return "debits_not_authorised";
  const works = (row: T) => !loginBlocksTransfers(row.loginReason) && !row.unusable;
  const usable = rows.find((row) => row.bankAccountId === preferredId && works(row)) ?? rows.find(works);
  if (usable) return usable;
  if (rows.length === 0) return "no_account";
  if (rows.some((row) => loginBlocksTransfers(row.loginReason) && !row.unusable)) return "login_required";
  return "account_unusable";
}

function choose(rows: Row[], direction: "debit" | "credit", preferredId: string | null = null): Funding | FundingBlock {
  const usable = pickAccount(rows, direction, preferredId);
  if (typeof usable === "string") return usable;
  const legalName = usable.firstName && usable.lastName ? `${usable.firstName} ${usable.lastName}` : usable.name || "Rosca member";
  return {
    bankAccountId: usable.bankAccountId,
    accountId: usable.accountId,
    itemId: usable.itemId,
    accessToken: decryptSecret(usable.token),
    legalName,
  };
}

/** Every member's funding, both directions, in one query. */
export async function fundingFor(userIds: readonly string[]): Promise<Map<string, MemberFunding>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows: Row[] = await db()
    .select({
      ...accountFactsColumns,
      userId: bankAccounts.userId,
      accountId: bankAccounts.providerAccountId,
      itemId: bankItems.id,
      token: bankItems.accessTokenEncrypted,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(bankAccounts)
    .innerJoin(bankItems, and(eq(bankItems.id, bankAccounts.itemId), eq(bankItems.status, "active")))
    .innerJoin(users, eq(users.id, bankAccounts.userId))
    .where(inArray(bankAccounts.userId, ids))
    .orderBy(asc(bankAccounts.userId), asc(bankAccounts.connectedAt), asc(bankAccounts.id));
  const byUser = new Map<string, Row[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const result = new Map<string, MemberFunding>();
  for (const id of ids) {
    const mine = byUser.get(id) ?? [];
    result.set(id, {
      debit: choose(mine, "debit"),
      credit: choose(mine, "credit"),
      debitFrom: (preferredId) => choose(mine, "debit", preferredId),
    });
  }
  return result;
}

/**
 * The account each (group, member) pair chose for its debits: the member's choice for the group, else their default;
 * keyed `<groupId>:<userId>`; null when neither is set.
 */
export async function debitChoicesFor(pairs: ReadonlyArray<{ groupId: string; userId: string }>): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>();
  if (pairs.length === 0) return result;
  const rows = await db()
    .select({
      groupId: groupMembers.groupId,
      userId: groupMembers.userId,
      chosen: groupMembers.debitBankAccountId,
      fallback: users.defaultDebitBankAccountId,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        inArray(groupMembers.groupId, [...new Set(pairs.map((p) => p.groupId))]),
        inArray(groupMembers.userId, [...new Set(pairs.map((p) => p.userId))]),
      ),
    );
  for (const row of rows) result.set(`${row.groupId}:${row.userId}`, row.chosen ?? row.fallback);
  return result;
}

export function isFunding(value: Funding | FundingBlock): value is Funding {
  return typeof value === "object";
}

type Executor = Pick<Db, "update" | "select">;

/**
 * Something the member did may let their waiting money move (they reconnected a bank, authorised debits again, linked
 * another account): mark their active groups as having news from the bank (`groups.bank_changes`), so the scheduler
 * runs them on its next tick and what waits for the member is sent. Runs in the caller's transaction.
 */
export async function wakeMemberGroups(tx: Executor, userId: string) {
  const mine = tx
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), eq(groups.status, "active")))
    .where(eq(groupMembers.userId, userId));
  const ids = (await mine).map((row) => row.id);
  if (ids.length === 0) return 0;
  const woken = await tx
    .update(groups)
    .set({ bankChanges: sql`${groups.bankChanges} + 1` })
    .where(inArray(groups.id, groupsLockedInOrder(ids)))
    .returning({ id: groups.id });
  return woken.length;
}
