/**
 * Row locks the money code takes on groups, shared by the cycle's plan, the transfers and money health (each of which
 * locks groups before it updates them), so that none of them imports another for it.
 */
import { sql } from "drizzle-orm";

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
