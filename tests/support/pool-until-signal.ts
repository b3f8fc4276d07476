/**
 * A stand-in for `npm start` in tests/integration/postgres-process.test.ts: embedded PostgreSQL through
 * scripts/lib/postgres-process.ts, a connection pool with idle connections, and on SIGINT the same order as the stack's
 * stop (the pool, then PostgreSQL). Prints "ready" when the pool holds its connections, "idle client error: …" for each
 * connection PostgreSQL cuts, and "stopped" at the end.
 *
 * Usage: tsx tests/support/pool-until-signal.ts <dataDir> <own|shared> (shared: PostgreSQL in this process's group).
 */
import pg from "pg";
import { endPool } from "../../app/server/db/end-pool.server.ts";
import { startEmbeddedPostgresProcess } from "../../scripts/lib/postgres-process.ts";

const [dataDir, group] = process.argv.slice(2);
if (!dataDir || (group !== "own" && group !== "shared")) {
  console.error("usage: tsx tests/support/pool-until-signal.ts <dataDir> <own|shared>");
  process.exit(2);
}

const postgres = await startEmbeddedPostgresProcess({ dataDir, database: "postgres", throwaway: true, ownProcessGroup: group === "own" });
const CONNECTIONS = 3;
const pool = new pg.Pool({ connectionString: postgres.url, max: CONNECTIONS });
let cut = 0;
let everyConnectionCut = () => {};
const allCut = new Promise<void>((resolve) => {
  everyConnectionCut = resolve;
});
pool.on("error", (error) => {
  console.log(`idle client error: ${error.message}`);
  cut += 1;
  if (cut === CONNECTIONS) everyConnectionCut();
});
await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.query("select pg_sleep(0.05)")));

let stopping = false;
process.on("SIGINT", () => {
  if (stopping) return;
  stopping = true;
  void (async () => {
    // Time for a PostgreSQL that got the signal too to cut the connections, as it does under a terminal's Ctrl-C: until
    // it has cut them all, or 2 s (it takes milliseconds).
    await Promise.race([allCut, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await endPool(pool);
    await postgres.stop();
    console.log("stopped");
    process.exit(0);
  })();
});
console.log("ready");
