import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "../env.server";
import * as schema from "./schema";
import { logger } from "../log.server";

export type Db = NodePgDatabase<typeof schema>;

let pool: pg.Pool | undefined;
let database: Db | undefined;

/** The shared connection pool, created on first use from DATABASE_URL. */
export function getPool(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({
      connectionString: env().DATABASE_URL,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // A request that cannot get a connection fails loudly after 15 s instead of waiting forever.
      connectionTimeoutMillis: 15_000,
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
