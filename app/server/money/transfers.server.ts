/**
 * Bank transfers through the official Plaid SDK (Transfer API): authorization, then create, then status changes from
 * the event stream. Crash-safe by construction (ADR 008):
 *
 * 1. the row is committed (status created) under its deterministic key before the bank hears of it;
 * 2. the authorization carries the same key as Plaid's idempotency_key, and /transfer/create is idempotent on the
 *    authorization id, so re-running step 2 after a crash anywhere returns the transfer the bank already made;
 * 3. statuses only move forward (canAdvance), under the row's lock, and each posts its ledger entries in the same
 *    transaction, with unique keys.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type AccountRef, canAdvance, FAILED_STATUSES, payoutReservation, postingsFor, transferKey, type TransferStatus } from "~/domain/money";
import type { CalendarDay } from "~/domain/schedule";
import { plaidCall } from "../bank/plaid.server";
import { decryptSecret } from "../crypto.server";
import { db } from "../db/client.server";
import { bankAccounts, bankEventCursor, bankItems, bankTransfers, groupMembers, groupPeriods, groups, ledgerTransfers, users } from "../db/schema";
import { failpoint } from "../failpoints.server";
import { lockAccounts, lockedBalance, post, resolveAccounts, type Tx } from "./ledger.server";

type TransferRow = typeof bankTransfers.$inferSelect;

/** The account a member pays from and is paid into: their first checking (else first depository) account. */
async function fundingAccount(userId: string) {
  const rows = await db()
    .select({
      accountId: bankAccounts.providerAccountId,
      subtype: bankAccounts.subtype,
      type: bankAccounts.type,
      token: bankItems.accessTokenEncrypted,
    })
    .from(bankAccounts)
    .innerJoin(bankItems, and(eq(bankItems.id, bankAccounts.itemId), eq(bankItems.status, "active")))
    .where(eq(bankAccounts.userId, userId))
    .orderBy(asc(bankAccounts.connectedAt), asc(bankAccounts.id));
  const account = rows.find((row) => row.subtype === "checking") ?? rows.find((row) => row.type === "depository");
  return account ? { accountId: account.accountId, accessToken: decryptSecret(account.token) } : null;
}

function dollars(cents: number) {
  return (cents / 100).toFixed(2);
}

const DESCRIPTIONS = { contribution: "Rosca contrib", payout: "Rosca payout", fee: "Rosca setup fee" } as const;

/**
 * Make sure a transfer exists for this key: insert the row if missing, then drive it to the bank if it has not got
 * there yet. Safe to call any number of times, from any number of workers, at any point after a crash.
 */
export async function ensureTransfer(input: {
  key: string;
  kind: TransferRow["kind"];
  groupId: string;
  periodNumber: number;
  userId: string;
  attempt: number;
  amountCents: number;
  day: CalendarDay;
}) {
  await db()
    .insert(bankTransfers)
    .values({
      idempotencyKey: input.key,
      kind: input.kind,
      groupId: input.groupId,
      periodNumber: input.periodNumber,
      userId: input.userId,
      attempt: input.attempt,
      amountCents: input.amountCents,
      initiatedOn: input.day,
      statusOn: input.day,
    })
    .onConflictDoNothing();
  failpoint("after-row-insert");
  const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.idempotencyKey, input.key));
  if (row && row.status === "created") await submitToBank(row, input.day);
}

/** Step 2: authorization (idempotent on our key) then create (idempotent on the authorization). */
export async function submitToBank(row: TransferRow, day: CalendarDay) {
  const account = await fundingAccount(row.userId);
  if (!account) {
    await applyStatus(row.id, "failed", day, { code: "NO_BANK_ACCOUNT", description: "No linked bank account to use." });
    return;
  }
  const [person] = await db().select({ name: users.name }).from(users).where(eq(users.id, row.userId));
  const authorization = await plaidCall((api) =>
    api.transferAuthorizationCreate({
      access_token: account.accessToken,
      account_id: account.accountId,
      type: row.kind === "payout" ? "credit" : "debit",
      network: "ach",
      ach_class: "ppd",
      amount: dollars(row.amountCents),
      user: { legal_name: person?.name ?? "Rosca member" },
      idempotency_key: row.idempotencyKey,
    } as Parameters<import("plaid").PlaidApi["transferAuthorizationCreate"]>[0]),
  );
  if (!authorization.ok) {
    // Unknown outcome (timeout, rate limit, bank down): leave it created; the next run asks again with the same key.
    console.error(`transfer ${row.idempotencyKey}: authorization failed: ${authorization.code}`);
    return;
  }
  const decision = authorization.value.authorization;
  failpoint("after-bank-authorization");
  await db().update(bankTransfers).set({ providerAuthorizationId: decision.id, updatedAt: new Date() }).where(eq(bankTransfers.id, row.id));
  if (decision.decision !== "approved") {
    await applyStatus(row.id, "declined", day, {
      code: decision.decision_rationale?.code ?? "DECLINED",
      description: decision.decision_rationale?.description ?? "The bank declined the transfer.",
    });
    return;
  }
  const created = await plaidCall((api) =>
    api.transferCreate({
      access_token: account.accessToken,
      account_id: account.accountId,
      authorization_id: decision.id,
      description: DESCRIPTIONS[row.kind],
      metadata: { rosca_key: row.idempotencyKey.slice(0, 500) },
    } as Parameters<import("plaid").PlaidApi["transferCreate"]>[0]),
  );
  if (!created.ok) {
    console.error(`transfer ${row.idempotencyKey}: create failed: ${created.code}`);
    return;
  }
  // The bank has made the transfer and we have not recorded it: the crash that matters most.
  failpoint("after-bank-create");
  await db()
    .update(bankTransfers)
    .set({ providerTransferId: created.value.transfer.id, updatedAt: new Date() })
    .where(and(eq(bankTransfers.id, row.id), sql`${bankTransfers.providerTransferId} is null`));
  await applyStatus(row.id, created.value.transfer.status as TransferStatus, day);
}

/**
 * Move a transfer to a status (if that is forward) and post what the move means, in one transaction under the
 * row's lock. Returns true when it changed something. Duplicate and out-of-order events are no-ops.
 */
export async function applyStatus(
  transferId: string,
  to: TransferStatus,
  day: CalendarDay,
  failure?: { code: string | null; description: string | null },
): Promise<boolean> {
  const [known] = await db()
    .select({ userId: bankTransfers.userId, groupId: bankTransfers.groupId })
    .from(bankTransfers)
    .where(eq(bankTransfers.id, transferId));
  if (!known) return false;
  await resolveAccounts(accountsOf(known));
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, transferId)).for("update");
    if (!row) return false;
    // A settlement event may arrive before we saw posted (events skipped or out of order): treat it as reaching it.
    if (!canAdvance(row.status, to)) return false;
    // The pool's (and shortfall's) row locks, held to commit: postings that depend on the pool's balance are
    // decided on the balance they will change, and nobody else moves it meanwhile.
    const locked = await lockAccounts(tx, accountsOf(row));
    const pool = lockedBalance(locked, { kind: "group_pool", groupId: row.groupId });
    const shortfall = lockedBalance(locked, { kind: "group_shortfall", groupId: row.groupId });
    const reserved =
      row.kind === "payout" &&
      (
        await tx
          .select({ id: ledgerTransfers.id })
          .from(ledgerTransfers)
          .where(eq(ledgerTransfers.idempotencyKey, `${row.id}:sent`))
      ).length > 0;
    const postings = postingsFor({ id: row.id, kind: row.kind, groupId: row.groupId, userId: row.userId, amountCents: row.amountCents }, to, {
      previous: row.status,
      pool,
      shortfall: Math.max(0, -shortfall),
      reserved,
    });
    await post(tx, postings, { groupId: row.groupId, periodNumber: row.periodNumber, bankTransferId: row.id, effectiveOn: day });
    failpoint("inside-status-transaction");
    await tx
      .update(bankTransfers)
      .set({
        status: to,
        statusOn: day,
        updatedAt: new Date(),
        ...(failure ? { failureCode: failure.code, failureDescription: failure.description } : {}),
      })
      .where(eq(bankTransfers.id, row.id));
    if (FAILED_STATUSES.includes(to)) await reopenFor(tx, row);
    return true;
  });
}

/** The ledger accounts a transfer of this member and group can touch. */
function accountsOf(transfer: { userId: string; groupId: string }): AccountRef[] {
  return [
    { kind: "member_bank", userId: transfer.userId },
    { kind: "group_pool", groupId: transfer.groupId },
    { kind: "group_shortfall", groupId: transfer.groupId },
    { kind: "payouts_in_transit" },
    { kind: "platform_fees" },
  ];
}

/**
 * Money that came back (a returned or failed payout, a returned contribution or fee) means the group is not done: the
 * payout's period is pending again, and a completed group is active again until its retries are through (the cycle
 * completes it once more when it is settled up).
 */
async function reopenFor(tx: Tx, transfer: TransferRow) {
  if (transfer.kind === "payout") {
    await tx
      .update(groupPeriods)
      .set({ status: "pending", completedAt: null, completedOn: null })
      .where(
        and(eq(groupPeriods.groupId, transfer.groupId), eq(groupPeriods.periodNumber, transfer.periodNumber), eq(groupPeriods.status, "completed")),
      );
  }
  await tx
    .update(groups)
    .set({ status: "active", completedAt: null, updatedAt: new Date() })
    .where(and(eq(groups.id, transfer.groupId), eq(groups.status, "completed")));
}

export type PayoutDecision =
  | { ok: true; transfer: TransferRow }
  | { ok: false; reason: "exists" }
  | { ok: false; reason: "refused"; detail: { poolCents: number; payoutCents: number; contributionsCollected: number; members: number } };

/**
 * Create a payout, or refuse to: one transaction that locks the group's pool, re-reads from the ledger that the pool
 * holds the whole payout and that every member's latest contribution for the period has settled and been posted in
 * full, then inserts the payout row and reserves its amount (pool → payouts_in_transit). Nothing read before this
 * transaction decides it. The database checks the same again (the payout guard trigger; the pool's balance check),
 * so a bug here fails the transaction rather than paying out money that is not there. The bank hears of the payout
 * only after this commits (`submitToBank`).
 */
export async function startPayout(input: {
  groupId: string;
  periodNumber: number;
  userId: string;
  attempt: number;
  amountCents: number;
  day: CalendarDay;
}): Promise<PayoutDecision> {
  const key = transferKey("payout", input.groupId, input.periodNumber, input.userId, input.attempt);
  await resolveAccounts(accountsOf(input));
  return db().transaction(async (tx) => {
    const locked = await lockAccounts(tx, accountsOf(input));
    const poolCents = lockedBalance(locked, { kind: "group_pool", groupId: input.groupId });
    const [existing] = await tx.select({ id: bankTransfers.id }).from(bankTransfers).where(eq(bankTransfers.idempotencyKey, key));
    if (existing) return { ok: false, reason: "exists" } as const;
    const { rows } = await tx.execute<{ members: number; collected: number }>(sql`
      select (select count(*)::int from ${groupMembers} where group_id = ${input.groupId}) as members,
        (select count(*)::int from (
          select distinct on (t.user_id) t.id, t.status, t.amount_cents from ${bankTransfers} t
          where t.group_id = ${input.groupId} and t.kind = 'contribution' and t.period_number = ${input.periodNumber}
          order by t.user_id, t.attempt desc) latest
         where latest.status in ('settled', 'funds_available')
           and (select coalesce(sum(p.amount_cents), 0) from ${ledgerTransfers} p
                where p.bank_transfer_id = latest.id and p.reason in ('contribution', 'shortfall_repaid')) = latest.amount_cents) as collected`);
    const { members, collected } = rows[0]!;
    if (poolCents < input.amountCents || collected < members) {
      return {
        ok: false,
        reason: "refused",
        detail: { poolCents, payoutCents: input.amountCents, contributionsCollected: collected, members },
      } as const;
    }
    const [row] = await tx
      .insert(bankTransfers)
      .values({
        idempotencyKey: key,
        kind: "payout",
        groupId: input.groupId,
        periodNumber: input.periodNumber,
        userId: input.userId,
        attempt: input.attempt,
        amountCents: input.amountCents,
        initiatedOn: input.day,
        statusOn: input.day,
      })
      .returning();
    await post(
      tx,
      [payoutReservation({ id: row!.id, kind: "payout", groupId: input.groupId, userId: input.userId, amountCents: input.amountCents })],
      {
        groupId: input.groupId,
        periodNumber: input.periodNumber,
        bankTransferId: row!.id,
        effectiveOn: input.day,
      },
    );
    failpoint("inside-payout-transaction");
    return { ok: true, transfer: row! } as const;
  });
}

/**
 * Read the bank's transfer event stream from our cursor and apply each event (webhook-triggered and polled). One
 * reader at a time (the cursor row's lock); the day an event takes effect is the group's clock day, given by `dayFor`.
 */
export async function syncTransferEvents(dayFor: (groupId: string) => Promise<CalendarDay>, options: { maxPages?: number } = {}) {
  let applied = 0;
  for (let page = 0; page < (options.maxPages ?? 50); page++) {
    const more = await db().transaction(async (tx) => {
      await tx.insert(bankEventCursor).values({ id: 1, afterId: 0 }).onConflictDoNothing();
      // One reader at a time; the others go on with their work (the reader applies everything it reads).
      const [cursor] = await tx.select().from(bankEventCursor).where(eq(bankEventCursor.id, 1)).for("update", { skipLocked: true });
      if (!cursor) return false;
      const result = await plaidCall((api) => api.transferEventSync({ after_id: cursor!.afterId, count: 500 }));
      if (!result.ok) {
        console.error(`transfer event sync failed: ${result.code}`);
        return false;
      }
      const events = result.value.transfer_events;
      if (events.length === 0) return false;
      const ids = [...new Set(events.map((event) => event.transfer_id))];
      const ours = await tx.select().from(bankTransfers).where(inArray(bankTransfers.providerTransferId, ids));
      const byProvider = new Map(ours.map((row) => [row.providerTransferId!, row]));
      const days = new Map<string, CalendarDay>();
      for (const event of events) {
        const row = byProvider.get(event.transfer_id);
        if (!row) continue;
        // Most events repeat what we already know (we record the status the bank answers with): skip them cheaply.
        if (!canAdvance(row.status, event.event_type as TransferStatus)) continue;
        row.status = event.event_type as TransferStatus;
        if (!days.has(row.groupId)) days.set(row.groupId, await dayFor(row.groupId));
        const failure = event.failure_reason
          ? {
              code: event.failure_reason.ach_return_code ?? event.failure_reason.failure_code ?? null,
              description: event.failure_reason.description ?? null,
            }
          : undefined;
        // Applied in their own transactions: each event's posting commits with its status, whatever happens next.
        if (await applyStatus(row.id, event.event_type as TransferStatus, days.get(row.groupId)!, failure)) applied += 1;
      }
      await tx
        .update(bankEventCursor)
        .set({ afterId: events[events.length - 1]!.event_id, updatedAt: new Date() })
        .where(eq(bankEventCursor.id, 1));
      return result.value.has_more;
    });
    if (!more) break;
  }
  return applied;
}

/**
 * Whether unlinking this item would leave a member of an active group with no account to pay from or be paid into:
 * true when the user is in an active group and this is their only active bank connection.
 */
export async function itemFundsActiveGroup(userId: string, itemId: string) {
  const [active] = await db()
    .select({ id: groups.id })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), eq(groups.status, "active")))
    .where(eq(groupMembers.userId, userId))
    .limit(1);
  if (!active) return false;
  const others = await db()
    .select({ id: bankItems.id })
    .from(bankItems)
    .where(and(eq(bankItems.userId, userId), eq(bankItems.status, "active"), sql`${bankItems.id} <> ${itemId}`))
    .limit(1);
  return others.length === 0;
}
