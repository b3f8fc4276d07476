import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { MIGRATION_STATEMENT_TIMEOUT_MS } from "./client.server";

/**
 * Apply the committed SQL migrations in ./drizzle. Safe to run repeatedly; the migrator records what ran. Its own
 * connection, with a long statement_timeout (a migration stuck behind a lock fails the release loudly, not forever).
 */
export async function migrateDatabase(
  databaseUrl: string,
  migrationsFolder = path.resolve("drizzle"),
  statementTimeoutMs = MIGRATION_STATEMENT_TIMEOUT_MS,
) {
  const client = new pg.Client({ connectionString: databaseUrl, ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}) });
  await client.connect();
  try {
    // Two app machines starting at once must not both migrate: serialise on an advisory lock.
    await client.query("select pg_advisory_lock(724001)");
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(724001)").catch(() => {});
    await client.end();
  }
}
