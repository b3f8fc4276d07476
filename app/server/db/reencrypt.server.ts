/**
 * Re-encryption after a key rotation (`npm run keys:reencrypt`, scripts/reencrypt.ts; ADR 042): every encrypted column
 * rewritten under ENCRYPTION_KEYS' newest key, so that the older keys can then leave the ring.
 *
 * In batches of `batchSize` rows per table, each batch one short transaction: rows are read in primary-key order
 * (keyset pagination, so an unreadable row is passed, not read again forever), locked FOR NO KEY UPDATE SKIP LOCKED
 * (a row the app holds is left for the next run rather than waited on) and written back in one UPDATE. Idempotent: a
 * value already under the newest key is never selected, and a second run finds nothing to do. At the end every column
 * is counted again: `remaining` is what still is not under the newest key (unreadable values, rows that were locked).
 */
import { sql } from "drizzle-orm";
import { type KeyRing, reencryptSecret } from "../platform/crypto.server";
import { env } from "../platform/env.server";
import { db } from "./client.server";

/** Every column holding encryptSecret's output (tests check the schema has no other `*_encrypted` column). */
export const ENCRYPTED_COLUMNS = [
  { table: "users", column: "totp_secret_encrypted" },
  { table: "users", column: "totp_pending_secret_encrypted" },
  { table: "bank_items", column: "access_token_encrypted" },
  { table: "groups", column: "draw_seed_encrypted" },
  { table: "email_outbox", column: "payload_encrypted" },
] as const;

export type ColumnReport = {
  /** "table.column" */
  column: string;
  /** Values rewritten under the newest key by this run. */
  reencrypted: number;
  /** Values no key of the ring opens (left as they are). */
  unreadable: number;
  /** After the run: values not under the newest key (unreadable ones, rows that were locked, written meanwhile by an older ring). */
  remaining: number;
  /** After the run: values under the newest key. */
  current: number;
};

/** SQL: the value is not in the form the ring writes (its first key's id; or "v1" while the ring is ENCRYPTION_KEY's). */
function notCurrent(column: ReturnType<typeof sql.identifier>, ring: KeyRing) {
  const first = ring.keys[0];
  if (!first) throw new Error("The encryption key ring is empty");
  return ring.legacyFormat ? sql`not starts_with(${column}, 'v1.')` : sql`not starts_with(${column}, ${`v2.${first.id}.`})`;
}

export async function reencryptAll(
  options: { ring?: KeyRing; batchSize?: number; onBatch?: (column: string, done: number) => void } = {},
): Promise<ColumnReport[]> {
  const ring = options.ring ?? { keys: env().ENCRYPTION_KEYS, legacyFormat: env().ENCRYPTION_LEGACY_FORMAT };
  const batchSize = options.batchSize ?? 500;
  const reports: ColumnReport[] = [];
  for (const { table, column } of ENCRYPTED_COLUMNS) {
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    let after = "00000000-0000-0000-0000-000000000000";
    let reencrypted = 0;
    let unreadable = 0;
    for (;;) {
      const batch = await db().transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string; value: string }>(sql`
          select id::text as id, ${c} as value from ${t}
          where id > ${after}::uuid and ${c} is not null and ${notCurrent(c, ring)}
          order by id limit ${batchSize}
          for no key update skip locked`);
        const rewritten: Array<{ id: string; value: string }> = [];
        for (const row of rows) {
          try {
            // reencryptSecret's isCurrent is the SQL filter's twin: a value already under the newest key is left as it is.
            const value = reencryptSecret(row.value, ring);
            if (value !== null) rewritten.push({ id: row.id, value });
          } catch {
            unreadable += 1;
          }
        }
        if (rewritten.length > 0) {
          const values = sql.join(
            rewritten.map((row) => sql`(${row.id}::uuid, ${row.value})`),
            sql`, `,
          );
          await tx.execute(sql`update ${t} set ${c} = v.value from (values ${values}) as v(id, value) where ${t}.id = v.id`);
        }
        return { last: rows.at(-1)?.id, count: rows.length, rewritten: rewritten.length };
      });
      reencrypted += batch.rewritten;
      options.onBatch?.(`${table}.${column}`, reencrypted);
      if (!batch.last || batch.count < batchSize) break;
      after = batch.last;
    }
    const [counts] = (
      await db().execute<{ remaining: number; current: number }>(sql`
        select count(*) filter (where ${notCurrent(c, ring)})::int as remaining, count(*) filter (where not ${notCurrent(c, ring)})::int as current
        from ${t} where ${c} is not null`)
    ).rows;
    reports.push({ column: `${table}.${column}`, reencrypted, unreadable, remaining: counts?.remaining ?? 0, current: counts?.current ?? 0 });
  }
  return reports;
}
