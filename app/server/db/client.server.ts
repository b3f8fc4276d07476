import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "../env.server";
import * as schema from "./schema";
import { logger } from "../log.server";

export type Db = NodePgDatabase<typeof schema>;

let pool: pg.Pool | undefined;
let database: Db | undefined;

/**
 * PostgreSQL statement_timeout for this process's pool, in milliseconds (0: none), fixed when the pool opens. Each kind
 * of process sets its own before its first query (ADR 020):
 * - the web server a short one (entry.server.tsx; DATABASE_STATEMENT_TIMEOUT_MS, default 5 s): a stuck query answers a
 *   person with "try again" instead of holding a request and a connection;
 * - a worker a long one (scripts/worker.ts and the in-process worker of `npm start`; DATABASE_WORKER_STATEMENT_TIMEOUT_MS,
 *   default 5 min): its batch statements may run long, but one stuck behind a lock must not hold the worker forever;
 * - migrations their own client (migrate.server.ts; DATABASE_MIGRATION_STATEMENT_TIMEOUT_MS, default 15 min).
 * Scripts and tests keep none unless they set one.
 */
let statementTimeoutMs = 0;
function timeoutFromEnv(name: string, fallbackMs: number) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallbackMs;
  const ms = Number(raw);
  return Number.isFinite(ms) && ms >= 0 ? Math.floor(ms) : fallbackMs;
}
export const WEB_STATEMENT_TIMEOUT_MS = timeoutFromEnv("DATABASE_STATEMENT_TIMEOUT_MS", 5_000);
export const WORKER_STATEMENT_TIMEOUT_MS = timeoutFromEnv("DATABASE_WORKER_STATEMENT_TIMEOUT_MS", 5 * 60_000);
export const MIGRATION_STATEMENT_TIMEOUT_MS = timeoutFromEnv("DATABASE_MIGRATION_STATEMENT_TIMEOUT_MS", 15 * 60_000);
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
    pool.on("error", (error) => logger.error({ err: error }, "database pool: idle client error"));
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
