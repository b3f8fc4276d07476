/**
 * The reads behind the charts: a group's pool movements per day (from the ledger) and a member's paid-in and received
 * totals per group (from the bank transfers, the facts the ledger posts from). Read-only, set-based: one query each,
 * whatever the number of days or groups. Callers have already checked membership.
 */
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { PoolMovement, SavingsProgress } from "~/domain/charts";
import { SETTLED_STATUSES } from "~/domain/money";
import { db } from "../db/client.server";
import { bankTransfers, ledgerAccounts, ledgerTransfers } from "../db/schema";

/** Money into and out of a group's pool, summed per group-clock day, oldest first (two movements per day at most). */
export async function poolMovementsFor(groupId: string): Promise<PoolMovement[]> {
  const rows = await db()
    .select({
      day: ledgerTransfers.effectiveOn,
      inCents: sql<string>`coalesce(sum(${ledgerTransfers.amountCents}) filter (where ${ledgerTransfers.creditAccountId} = ${ledgerAccounts.id}), 0)`,
      outCents: sql<string>`coalesce(sum(${ledgerTransfers.amountCents}) filter (where ${ledgerTransfers.debitAccountId} = ${ledgerAccounts.id}), 0)`,
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerTransfers, or(eq(ledgerTransfers.creditAccountId, ledgerAccounts.id), eq(ledgerTransfers.debitAccountId, ledgerAccounts.id)))
    .where(and(eq(ledgerAccounts.kind, "group_pool"), eq(ledgerAccounts.groupId, groupId)))
    .groupBy(ledgerTransfers.effectiveOn)
    .orderBy(asc(ledgerTransfers.effectiveOn));
  return rows.flatMap((row) => {
    const movements: PoolMovement[] = [];
    if (Number(row.inCents) > 0) movements.push({ effectiveOn: row.day, poolChangeCents: Number(row.inCents) });
    if (Number(row.outCents) > 0) movements.push({ effectiveOn: row.day, poolChangeCents: -Number(row.outCents) });
    return movements;
  });
}

export type MemberTotals = { paidInCents: number; receivedCents: number };

/** group id → what this member has paid in (settled contributions) and received (settled payouts). */
export async function memberTotalsFor(userId: string, groupIds: string[]): Promise<Map<string, MemberTotals>> {
  const totals = new Map<string, MemberTotals>(groupIds.map((id) => [id, { paidInCents: 0, receivedCents: 0 }]));
  if (groupIds.length === 0) return totals;
  const rows = await db()
    .select({ groupId: bankTransfers.groupId, kind: bankTransfers.kind, cents: sql<string>`sum(${bankTransfers.amountCents})` })
    .from(bankTransfers)
    .where(
      and(
        eq(bankTransfers.userId, userId),
        inArray(bankTransfers.groupId, groupIds),
        inArray(bankTransfers.kind, ["contribution", "payout"]),
        inArray(bankTransfers.status, [...SETTLED_STATUSES]),
      ),
    )
    .groupBy(bankTransfers.groupId, bankTransfers.kind);
  for (const row of rows) {
    const entry = totals.get(row.groupId)!;
    if (row.kind === "contribution") entry.paidInCents = Number(row.cents);
    else entry.receivedCents = Number(row.cents);
  }
  return totals;
}

/** Each card's savings at a glance (paid in vs received, your turn), for the dashboard and /groups. One query. */
export async function savingsFor(
  userId: string,
  cards: Array<{ id: string; payoutCents: number; memberCount: number; completedPeriods: number; yourPosition: number | null }>,
): Promise<Record<string, SavingsProgress>> {
  const totals = await memberTotalsFor(
    userId,
    cards.map((card) => card.id),
  );
  return Object.fromEntries(
    cards.map((card) => [
      card.id,
      {
        ...totals.get(card.id)!,
        cycleCents: card.payoutCents,
        turns: card.memberCount,
        completedTurns: card.completedPeriods,
        yourTurn: card.yourPosition,
      },
    ]),
  );
}
