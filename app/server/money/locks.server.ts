/**
 * Row locks the money code takes on groups, shared by the cycle's plan, the transfers and money health (each of which
 * locks groups before it updates them), so that none of them imports another for it.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A uuid[] parameter. */
export function uuidArray(groupIds: readonly string[]) {
  return sql`${`{${groupIds.join(",")}}`}::uuid[]`;
}

/**
 * `where groups.id in ${groupsLockedInOrder(ids)}`: these groups' rows, locked in id order, for a multi-row UPDATE.
 * An UPDATE by itself locks rows in the order it scans them, so two over overlapping groups (a worker's page, another
 * worker's event sync reopening some of them, an admin) can each hold a row the other waits for: a deadlock. Here the
 * UPDATE only ever touches rows the subquery has already locked, and the subquery locks in id order, so the second
 * statement waits for the first instead. (PostgreSQL does not flatten a subquery with FOR UPDATE into the join.)
 * The lock is FOR NO KEY UPDATE, the one an UPDATE of non-key columns takes anyway: unlike FOR UPDATE it does not
 * block the KEY SHARE lock a foreign-key check takes, so a transaction inserting transfers for these groups (a
 * multi-group INSERT takes those in whatever order it inserts) never waits on it, and cannot deadlock with it.
 */
export function groupsLockedInOrder(groupIds: readonly string[]) {
  return sql`(select l.id from groups l where l.id = any(${uuidArray(groupIds)}) order by l.id for no key update of l)`;
}

/**
 * Try to take, for the rest of the transaction, the advisory lock a worker holds while it runs a group's money work
 * (`cycle:<id>`, cycle.server.ts's processPage, and cancelTransfer): true when no worker is running the group now, and
 * none can start until the transaction ends. Never waits. A change to the payout order (a turn swap, ADR 041) takes it,
 * so no debit or payout is being made for the group at that moment.
 */
export async function tryGroupMoneyLock(tx: Tx, groupId: string) {
  const { rows } = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtextextended('cycle:' || ${groupId}::text, 0)) as locked`,
  );
  return rows[0]?.locked === true;
}
