import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "../env.server";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;

let pool: pg.Pool | undefined;
let database: Db | undefined;

/**
 * PostgreSQL statement_timeout for this process's connections, in milliseconds (0: none). The web server sets a short
 * one before its first query (entry.server.tsx, DATABASE_STATEMENT_TIMEOUT_MS, default 5 s), so a stuck query answers a
 * person with "try again" instead of holding a request and a connection; workers, migrations and scripts keep none
 * (the money worker's batch statements may run long, and nobody is waiting on a page). Applies to connections opened
 * after it is set.
 */
let statementTimeoutMs = 0;
export const WEB_STATEMENT_TIMEOUT_MS = Math.max(0, Number(process.env.DATABASE_STATEMENT_TIMEOUT_MS ?? 5_000) || 0);
export function setStatementTimeout(ms: number) {
  statementTimeoutMs = ms;
}

/** The shared connection pool, created on first use from DATABASE_URL. */
export function getPool(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({
      connectionString: env().DATABASE_URL,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // A request that cannot get a connection fails loudly after 15 s instead of waiting forever.
      connectionTimeoutMillis: 15_000,
      // Sent in the startup message: the server enforces it on every statement of these connections.
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool replaces it.
    pool.on("error", (error) => console.error("database pool: idle client error:", error.message));
  }
  return pool;
}

export function db(): Db {
  database ??= drizzle(getPool(), { schema, casing: "snake_case" });
  return database;
}

export async function closeDb() {
  const current = pool;
  pool = undefined;
  database = undefined;
  await current?.end();
}
