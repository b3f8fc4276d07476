/**
 * Which account pays (issue 44, ADR 052): every group shows the member the account its contributions are taken from,
 * and the member chooses it per group, or a default for the groups they have not chosen one for. The debit reads the
 * choice when it is sent (transfers.server.ts, funding.server.ts `debitFrom`), so a change applies to the next attempt,
 * a pending retry included; the change takes the group's money lock (`cycle:<id>`, the one a worker holds while it
 * makes the group's debits), so it never lands in the middle of a submission.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DebitAccount } from "~/domain/failed-contribution";
import { db } from "../db/client.server";
import { bankAccounts, bankItems, groupMembers, groups, users } from "../db/schema";
import { type FundingBlock, fundingFor, isFunding } from "./funding.server";

export type DebitAccountOption = DebitAccount & { id: string; usable: boolean };

export type DebitChoiceView = {
  /** The member's depository accounts, oldest first. */
  accounts: DebitAccountOption[];
  /** The account the next debit for this group is taken from, or why none. */
  current: { id: string; account: DebitAccount } | { id: null; block: FundingBlock };
  /** What the member chose for this group (null: their default, else the first usable account). */
  chosenId: string | null;
  defaultId: string | null;
};

/** The member's accounts money can be taken from (depository), as they read them. */
async function accountsOf(userId: string): Promise<DebitAccountOption[]> {
  const rows = await db()
    .select({
      id: bankAccounts.id,
      institution: bankItems.institutionName,
      name: bankAccounts.name,
      mask: bankAccounts.mask,
      usable: sql<boolean>`${bankAccounts.unusableAt} is null and ${bankItems.status} = 'active'`,
    })
    .from(bankAccounts)
    .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.type, "depository")))
    .orderBy(bankAccounts.connectedAt, bankAccounts.id);
  return rows;
}

/** What the group page's "Paid from" shows: the accounts, the one in use and the choice. `groupId` null: the default. */
export async function debitChoiceFor(userId: string, groupId: string | null): Promise<DebitChoiceView> {
  const [accounts, [user], member] = await Promise.all([
    accountsOf(userId),
    db().select({ defaultId: users.defaultDebitBankAccountId }).from(users).where(eq(users.id, userId)),
    groupId
      ? db()
          .select({ chosenId: groupMembers.debitBankAccountId })
          .from(groupMembers)
          .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
          .then((rows) => rows[0])
      : Promise.resolve(undefined),
  ]);
  const chosenId = member?.chosenId ?? null;
  const defaultId = user?.defaultId ?? null;
  const funding = (await fundingFor([userId])).get(userId);
  const debit = funding ? funding.debitFrom(chosenId ?? defaultId) : "no_account";
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const current: DebitChoiceView["current"] =
    isFunding(debit) && byId.has(debit.bankAccountId)
      ? { id: debit.bankAccountId, account: byId.get(debit.bankAccountId)! }
      : { id: null, block: isFunding(debit) ? "no_account" : debit };
  return { accounts, current, chosenId, defaultId };
}

export type SetDebitAccountResult = { ok: true; account: DebitAccount } | { ok: false; status: 400 | 404 | 409; error: string };

export const ACCOUNT_NOT_USABLE = "That account can't be used for contributions: choose another one, or link a new account.";
export const DEBIT_BUSY = "This group's payments are being processed right now. Please try again in a moment.";

/**
 * Choose the account `groupId`'s contributions are taken from (null: the member's default for groups without a choice
 * of their own). Only the member's own usable depository account; only a member of the group.
 */
export async function setDebitAccount(userId: string, groupId: string | null, bankAccountId: string): Promise<SetDebitAccountResult> {
  const account = (await accountsOf(userId)).find((a) => a.id === bankAccountId);
  if (!account || !account.usable) return { ok: false, status: 400, error: ACCOUNT_NOT_USABLE };
  const chosen = { institution: account.institution, name: account.name, mask: account.mask };
  if (groupId === null) {
    await db().update(users).set({ defaultDebitBankAccountId: bankAccountId }).where(eq(users.id, userId));
    return { ok: true, account: chosen };
  }
  try {
    return await db().transaction(async (tx) => {
      // Wait (briefly) for a worker making this group's debits: the choice then applies to the very next attempt.
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('cycle:' || ${groupId}::text, 0))`);
      const updated = await tx
        .update(groupMembers)
        .set({ debitBankAccountId: bankAccountId })
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
        .returning({ id: groupMembers.id });
      if (updated.length === 0) return { ok: false as const, status: 404 as const, error: "Group Not Found" };
      // A debit waiting for the member (no usable account before) is sent on the scheduler's next tick.
      await tx
        .update(groups)
        .set({ bankChanges: sql`${groups.bankChanges} + 1` })
        .where(eq(groups.id, groupId));
      return { ok: true as const, account: chosen };
    });
  } catch (error) {
    if ((error as { code?: string }).code === "55P03") return { ok: false, status: 409, error: DEBIT_BUSY };
    throw error;
  }
}
