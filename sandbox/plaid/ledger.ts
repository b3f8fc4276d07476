/**
 * The Plaid Ledger: the client's balance with Plaid that every ACH debit settles into and every credit is paid from
 * (Plaid's "flow of funds"; the rules per move are wire.ts's ledgerChange). One row per client, created at 0 on first
 * use. Every change is one statement: a batch of transfers sums its changes first (batch.ts).
 */
import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type pg from "pg";
import type { BankDb } from "./context";
import type { LedgerChange } from "./wire";

const ledgerIds = new Map<string, string>();

/**
 * The client's default (and only) ledger's id: stable, derived from the client id so nothing needs storing (and
 * remembered, since every transfer on the wire names it).
 */
export function ledgerIdFor(clientId: string): string {
  let id = ledgerIds.get(clientId);
  if (!id) {
    const hex = createHash("sha256").update(`ledger:${clientId}`).digest("hex");
    id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
    ledgerIds.set(clientId, id);
  }
  return id;
}

type Queryable = Pick<pg.PoolClient, "query"> | pg.Pool;

/** Adds `change` to the client's ledger (creating it at 0 first), in the caller's transaction when given one. */
export async function applyLedgerChange(db: Queryable, clientId: string, change: LedgerChange): Promise<void> {
  if (change.availableCents === 0 && change.pendingCents === 0) return;
  await db.query({
    name: "sb:ledger:apply",
    text:
      "insert into sandbox_plaid.ledgers (client_id, available_cents, pending_cents) values ($1, $2, $3) " +
      "on conflict (client_id) do update set available_cents = ledgers.available_cents + excluded.available_cents, " +
      "pending_cents = ledgers.pending_cents + excluded.pending_cents",
    values: [clientId, change.availableCents, change.pendingCents],
  });
}

/** The same, inside a Drizzle transaction (simulate, cancel). */
export async function applyLedgerChangeIn(tx: { execute(query: SQL): Promise<unknown> }, clientId: string, change: LedgerChange): Promise<void> {
  if (change.availableCents === 0 && change.pendingCents === 0) return;
  await tx.execute(sql`
    insert into sandbox_plaid.ledgers (client_id, available_cents, pending_cents)
    values (${clientId}, ${change.availableCents}, ${change.pendingCents})
    on conflict (client_id) do update set available_cents = ledgers.available_cents + excluded.available_cents,
      pending_cents = ledgers.pending_cents + excluded.pending_cents`);
}

/** The client's ledger balances in cents (0 and 0 before its first transfer). */
export async function readLedger(db: BankDb, clientId: string): Promise<LedgerChange> {
  const { rows } = await db.$client.query<{ available_cents: string; pending_cents: string }>({
    name: "sb:ledger:read",
    text: "select available_cents, pending_cents from sandbox_plaid.ledgers where client_id = $1",
    values: [clientId],
  });
  const row = rows[0];
  return { availableCents: row ? Number(row.available_cents) : 0, pendingCents: row ? Number(row.pending_cents) : 0 };
}

/** The sum of several changes (a batch's transfers), so the ledger takes one statement. */
export function sumChanges(changes: Iterable<LedgerChange>): LedgerChange {
  let availableCents = 0;
  let pendingCents = 0;
  for (const change of changes) {
    availableCents += change.availableCents;
    pendingCents += change.pendingCents;
  }
  return { availableCents, pendingCents };
}
