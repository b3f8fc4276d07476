/**
 * One worker of `scripts/bench-money.ts`: runs processDueGroups once at BENCH_NOW against DATABASE_URL and the bank
 * in PLAID_SANDBOX_URL when told to start (a line on stdin, after it printed "ready"), then prints one JSON line: its
 * own start and end, how many groups it processed, its peak RSS and CPU time, and the time spent in each stage of the day runs.
 * A separate process per worker, as production scales (`npm run worker` machines), each with its own pool.
 */
export {};

process.env.NODE_ENV ??= "production";

const now = new Date(process.env.BENCH_NOW ?? Date.now());
const { onStage } = await import("../app/server/money/cycle.server.ts");
const { processDueGroups } = await import("../app/server/money/scheduler.server.ts");
const { closeDb, getPool } = await import("../app/server/db/client.server.ts");
const { plaidStats } = await import("../app/server/bank/plaid.server.ts");

const stages: Record<string, { ms: number; rows: number; runs: number }> = {};
onStage(({ stage, ms, rows }) => {
  stages[stage] ??= { ms: 0, rows: 0, runs: 0 };
  const entry = stages[stage];
  entry.ms += ms;
  entry.rows += rows ?? 0;
  entry.runs += 1;
});

// Connect before the clock starts: the measured time is the work, not the process start-up.
await getPool().query("select 1");
// Every worker starts when the bench says so (one line on stdin), once all have loaded and connected.
const readyRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
console.log("ready");
await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));
process.stdin.pause();
const startedAt = Date.now();
const cpuAtStart = process.cpuUsage();
let result: { processed: number } | undefined;
let error: string | undefined;
try {
  result = await processDueGroups(now);
} catch (caught) {
  error = caught instanceof Error ? (caught.stack ?? caught.message) : String(caught);
}
const endedAt = Date.now();
const cpu = process.cpuUsage(cpuAtStart);
const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
await closeDb();
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify({ startedAt, endedAt, processed: result?.processed ?? 0, readyRssMb, peakRssMb, cpuMs, stages, bank: plaidStats, error }));
process.exit(error ? 1 : 0);
