/**
 * Which account pays (issue 44, ADR 052): every group shows the member the account its contributions are taken from,
 * and the member chooses it per group, or a default for the groups they have not chosen one for. The debit reads the
 * choice when it is sent (transfers.server.ts, funding.server.ts `debitFrom`), so a change applies to the next attempt,
 * a pending retry included; the change takes the group's money lock (`cycle:<id>`, the one a worker holds while it
 * makes the group's debits), so it never lands in the middle of a submission.
 */
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { DebitAccount } from "~/domain/failed-contribution";
import { db } from "../db/client.server";
import { bankAccounts, bankItems, groupMembers, groups, users } from "../db/schema";
import { loginBlocksTransfers } from "~/domain/bank-health";
import { type AccountFacts, type FundingBlock, pickAccount } from "./funding.server";
import { type AttemptRow, failedChains, lateAttemptRows, type LateContributionView, lateFrom } from "./late-contributions.server";

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

export type AccountJson = AccountFacts & { institution: string | null; name: string; mask: string | null };

/** The member's linked accounts (active connections, oldest first) as one JSON column. */
export const accountsJson = (userId: string | Placeholder) => sql`(
  select coalesce(json_agg(json_build_object('bankAccountId', a.id, 'institution', i.institution_name, 'name', a.name, 'mask', a.mask,
    'type', a.type, 'subtype', a.subtype, 'loginReason', i.login_required_reason, 'unusable', a.unusable_at is not null,
    'revoked', a.debit_authorization_revoked_at is not null) order by a.connected_at, a.id), '[]'::json)
  from ${bankAccounts} a join ${bankItems} i on i.id = a.item_id and i.status = 'active'
  where a.user_id = ${userId}::uuid)`;

/** The view from the accounts and the choice: the same rule the debit applies (funding.server.ts pickAccount). */
function choiceFrom(all: AccountJson[], chosenId: string | null, defaultId: string | null): DebitChoiceView {
  const depository = all.filter((a) => a.type === "depository");
  const accounts = depository.map((a) => ({
    id: a.bankAccountId,
    institution: a.institution,
    name: a.name,
    mask: a.mask,
    usable: !a.unusable && !loginBlocksTransfers(a.loginReason),
  }));
  const picked = pickAccount(depository, "debit", chosenId ?? defaultId);
  const current: DebitChoiceView["current"] =
    typeof picked === "string"
      ? { id: null, block: picked }
      : { id: picked.bankAccountId, account: { institution: picked.institution, name: picked.name, mask: picked.mask } };
  return { accounts, current, chosenId, defaultId };
}

async function accountsOf(userId: string): Promise<DebitAccountOption[]> {
  const { rows } = await db().execute<{ accounts: AccountJson[] }>(sql`select ${accountsJson(userId)} as accounts`);
  return choiceFrom(rows[0]?.accounts ?? [], null, null).accounts;
}

/** What "Paid from" shows for a group (or, `groupId` null, the member's default), in one statement. */
export async function debitChoiceFor(userId: string, groupId: string | null): Promise<DebitChoiceView> {
  const { rows } = await db().execute<{ accounts: AccountJson[]; chosen: string | null; fallback: string | null }>(sql`
    select ${accountsJson(userId)} as accounts,
      ${groupId ? sql`(select m.debit_bank_account_id from ${groupMembers} m where m.group_id = ${groupId}::uuid and m.user_id = ${userId}::uuid)` : sql`null::uuid`} as chosen,
      (select u.default_debit_bank_account_id from ${users} u where u.id = ${userId}::uuid) as fallback`);
  const row = rows[0]!;
  return choiceFrom(row.accounts, row.chosen, row.fallback);
}

/**
 * The viewer's own late contribution on the group page, with the account it offers for the next attempt: the newest
 * other usable one, never the one the next attempt is already taken from nor the one that failed (the offer is for a
 * member whose debit failed: choosing the failed account again is not a way out, and it stays in "Paid from" below).
 */
export type MyLateContribution = LateContributionView & { offer: DebitAccountOption | null };

/** What the group page shows of its viewer's money (issue 44): which account pays, their late contributions, and for the admin everyone's. */
export type GroupMoney = { debitChoice: DebitChoiceView; late: MyLateContribution[]; groupLate: LateContributionView[] };

/** One `groupMoneyJson` object, as PostgreSQL writes it. */
export type GroupMoneyJson = { accounts: AccountJson[]; chosen: string | null; fallback: string | null; attempts: AttemptRow[] };

/**
 * The group page's money for its viewer (issue 44) as one JSON object, a column of whatever statement reads the group:
 * the viewer's linked accounts, their choice for the group (`chosen`: a column or a subquery), their default, and the
 * contribution attempts of the group's active period chains — the viewer's own, or every member's when `isAdmin` — of the
 * members with a failed one (no other member can be late).
 */
export function groupMoneyJson(args: { userId: string | Placeholder; groupId: string | SQL; chosen: SQL; isAdmin: SQL }) {
  return sql<GroupMoneyJson>`json_build_object(
    'accounts', ${accountsJson(args.userId)},
    'chosen', ${args.chosen},
    'fallback', (select u.default_debit_bank_account_id from ${users} u where u.id = ${args.userId}::uuid),
    'attempts', (select coalesce(json_agg(row_to_json(x) order by x.kind, x.period_number, x.attempt), '[]'::json) from (${lateAttemptRows({
      groupId: args.groupId,
      viewer: { userId: args.userId, isAdmin: args.isAdmin },
      // Only members with a failed attempt: the admin's page read every member's every attempt to find none late (ADR 059 part seven (n)).
      withAFailure: true,
    })}) x))`;
}

/** The view of a `groupMoneyJson` object for the viewer `userId`. */
export function groupMoneyFrom(row: GroupMoneyJson, userId: string, isAdmin: boolean, now = new Date(), locale: Locale = DEFAULT_LOCALE): GroupMoney {
  const debitChoice = choiceFrom(row.accounts, row.chosen, row.fallback);
  const failed = failedChains(row.attempts, now);
  const names = new Map(row.accounts.map((a) => [a.bankAccountId, { institution: a.institution, name: a.name, mask: a.mask }]));
  // Only the viewer's accounts are read: their next attempt is named, another member's is not known here.
  const linked = new Map([[userId, row.accounts]]);
  // The group's admin sees every member's (without their accounts, which are theirs alone).
  const all = lateFrom(failed, names, linked, locale, true).map((entry) =>
    entry.userId === userId ? entry : { ...entry, account: null, accountId: null, nextAccount: null, payFrom: null, payFromChoices: [], message: "" },
  );
  const late = all
    .filter((entry) => entry.userId === userId)
    .map((entry) => ({
      ...entry,
      offer:
        debitChoice.accounts.filter((account) => account.usable && account.id !== debitChoice.current.id && account.id !== entry.accountId).at(-1) ??
        null,
    }));
  return { debitChoice, late, groupLate: isAdmin ? all : [] };
}

/**
 * The group page's money for its viewer (issue 44) in one statement of its own; the page itself reads it within its
 * one statement (group-views.server.ts groupPageWithPanels).
 */
export async function groupMoneyFor(userId: string, groupId: string, options: { isAdmin: boolean }, now = new Date()): Promise<GroupMoney> {
  const { rows } = await db().execute<{ money: GroupMoneyJson }>(sql`
    select ${groupMoneyJson({
      userId,
      groupId,
      chosen: sql`(select m.debit_bank_account_id from ${groupMembers} m where m.group_id = ${groupId}::uuid and m.user_id = ${userId}::uuid)`,
      isAdmin: sql`${options.isAdmin}::boolean`,
    })} as money`);
  return groupMoneyFrom(rows[0]!.money, userId, options.isAdmin, now);
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
