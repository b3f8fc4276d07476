import { AsyncLocalStorage } from "node:async_hooks";
import { createHistogram, type RecordableHistogram } from "node:perf_hooks";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "../platform/env.server";
import * as schema from "./schema";
import { endPool, guardPoolErrors } from "./end-pool.server";
import { logger } from "../platform/log.server";

export type Db = NodePgDatabase<typeof schema>;

/**
 * pg.Pool that records how long each checkout waited for a connection (pool.query checks out through connect() too).
 * The wait is where an undersized pool shows under load: requests queue here, not in PostgreSQL. Read it with
 * poolStats(); `npm run bench` prints it per stage.
 */
/**
 * What one piece of work (a page's loaders, in tests and `npm run bench`) asked of the database: every SQL statement
 * sent through Drizzle and every pool checkout. Recorded only inside queryLog(); elsewhere a lookup that finds nothing.
 */
export type QueryLog = { queries: string[]; checkouts: number };
const queryScope = new AsyncLocalStorage<QueryLog>();

/** Runs fn and returns its result with the statements and checkouts it caused (issue 15: queries per page). */
export async function queryLog<T>(fn: () => Promise<T>): Promise<{ result: T; log: QueryLog }> {
  const log: QueryLog = { queries: [], checkouts: 0 };
  const result = await queryScope.run(log, fn);
  return { result, log };
}

class MeasuredPool extends pg.Pool {
  waits: RecordableHistogram = createHistogram();
  checkouts = 0;
  maxWaiting = 0;

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (callback or promise) pass straight through.
  override connect(callback?: any): any {
    const started = process.hrtime.bigint();
    this.checkouts += 1;
    const scope = queryScope.getStore();
    if (scope) scope.checkouts += 1;
    this.maxWaiting = Math.max(this.maxWaiting, this.waitingCount + 1);
    const record = () => this.waits.record(Math.max(1, Number(process.hrtime.bigint() - started)));
    if (callback) {
      return super.connect((error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => {
        record();
        callback(error, client, done);
      });
    }
    return super.connect().finally(record);
  }
}

let pool: MeasuredPool | undefined;
let database: Db | undefined;

/** Connections per process (DATABASE_POOL_SIZE); docs/decisions/017-overload.md says how the default was chosen. */
export function poolSize() {
  return Number(process.env.DATABASE_POOL_SIZE ?? 10);
}

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
    pool = new MeasuredPool({
      connectionString: env().DATABASE_URL,
      max: poolSize(),
      // A request that cannot get a connection fails loudly after 15 s instead of waiting forever.
      connectionTimeoutMillis: 15_000,
      // Sent in the startup message: the server enforces it on every statement of these connections.
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    });
    // A connection dropped by the server (restart, failover), idle or in use, must not crash the process: the pool
    // replaces it, and the query in flight on it fails for its caller to handle.
    guardPoolErrors(pool, (error, when) => logger.error({ err: error }, `database pool: ${when} client error`));
  }
  return pool;
}

export type PoolStats = {
  size: number;
  total: number;
  idle: number;
  waiting: number;
  maxWaiting: number;
  checkouts: number;
  waitP50Ms: number;
  waitP99Ms: number;
  waitMaxMs: number;
};

/** How the pool has been doing since the last reset (reset: true starts a new window, e.g. per bench stage). */
export function poolStats({ reset = false }: { reset?: boolean } = {}): PoolStats {
  const current = pool;
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  const stats: PoolStats = {
    size: poolSize(),
    total: current?.totalCount ?? 0,
    idle: current?.idleCount ?? 0,
    waiting: current?.waitingCount ?? 0,
    maxWaiting: current?.maxWaiting ?? 0,
    checkouts: current?.checkouts ?? 0,
    waitP50Ms: current && current.waits.count > 0 ? ms(current.waits.percentile(50)) : 0,
    waitP99Ms: current && current.waits.count > 0 ? ms(current.waits.percentile(99)) : 0,
    waitMaxMs: current && current.waits.count > 0 ? ms(current.waits.max) : 0,
  };
  if (reset && current) {
    current.waits.reset();
    current.checkouts = 0;
    current.maxWaiting = 0;
  }
  return stats;
}

export function db(): Db {
  database ??= drizzle(getPool(), {
    schema,
    casing: "snake_case",
    logger: { logQuery: (query) => queryScope.getStore()?.queries.push(query) },
  });
  return database;
}

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement the hot pages run on every request, built once and prepared by name: Drizzle renders its SQL once per
 * process instead of per call (that rendering was about a tenth of a signed-in page's CPU, issue 15), and PostgreSQL
 * parses it once per connection and may reuse its plan. Values go in as `sql.placeholder("name")` and come with
 * `.execute({ name: value })`; a list goes in as one array parameter (`= any(${sql.placeholder("ids")}::uuid[])`), so
 * the SQL is the same whatever its length.
 *
 *   const feed = preparedQuery("notification_feed", (db, name) => db.select().from(t).where(…).prepare(name));
 *   const rows = await feed().execute({ userId });
 *
 * Cached per database handle (tests close and reopen it), so a statement never outlives its pool.
 */
export function preparedQuery<T>(name: string, build: (database: Db, name: string) => T): () => T {
  return () => {
    const database = db();
    let statements = preparedByDb.get(database);
    if (!statements) {
      statements = new Map();
      preparedByDb.set(database, statements);
    }
    let statement = statements.get(name) as T | undefined;
    if (statement === undefined) {
      statement = build(database, name);
      statements.set(name, statement);
    }
    return statement;
  };
}

/** Closes the pool, once PostgreSQL has seen every connection go (endPool). The next db() opens a new one. */
export async function closeDb() {
  const current = pool;
  pool = undefined;
  database = undefined;
  if (current) await endPool(current);
}
