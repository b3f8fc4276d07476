/**
 * One worker of `scripts/bench-money.ts`: runs processDueGroups once at BENCH_NOW against DATABASE_URL and the bank
 * in PLAID_SANDBOX_URL when told to start (a line on stdin, after it printed "ready"), then prints one JSON line (its own start and end, and how many groups it processed) and exits.
 * A separate process per worker, as production scales (`npm run worker` machines), each with its own pool.
 */
export {};

process.env.NODE_ENV ??= "production";

const now = new Date(process.env.BENCH_NOW ?? Date.now());
const { processDueGroups } = await import("../app/server/money/cycle.server.ts");
const { closeDb, getPool } = await import("../app/server/db/client.server.ts");

// Connect before the clock starts: the measured time is the work, not the process start-up.
await getPool().query("select 1");
// Every worker starts when the bench says so (one line on stdin), once all have loaded and connected.
console.log("ready");
await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));
process.stdin.pause();
const startedAt = Date.now();
let result: { processed: number } | undefined;
let error: string | undefined;
try {
  result = await processDueGroups(now);
} catch (caught) {
  error = caught instanceof Error ? (caught.stack ?? caught.message) : String(caught);
}
const endedAt = Date.now();
await closeDb();
console.log(JSON.stringify({ startedAt, endedAt, processed: result?.processed ?? 0, error }));
process.exit(error ? 1 : 0);
