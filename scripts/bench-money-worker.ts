/**
 * One worker of `scripts/bench-money.ts`, against DATABASE_URL and the bank in PLAID_SANDBOX_URL. BENCH_MODE=jobs (the
 * default): a job worker as production runs it, taking the money.shard jobs the bench's planner run queues, until told
 * to stop (a line on stdin). BENCH_MODE=direct: processDueGroups once at BENCH_NOW when told to start. Either way it
 * prints "ready" once loaded and connected, and at the end one JSON line: its first and last moment of work, how many
 * groups it processed, its peak RSS and CPU time, and the time spent in each stage of the day runs. A separate process
 * per worker, as production scales (`npm run worker` machines), each with its own pool.
 */
export {};

process.env.NODE_ENV ??= "production";

const now = new Date(process.env.BENCH_NOW ?? Date.now());
const { onStage } = await import("../app/server/money/cycle.server.ts");
const { processDueGroups } = await import("../app/server/money/scheduler.server.ts");
const { closeDb, getPool } = await import("../app/server/db/client.server.ts");
const { plaidStats } = await import("../app/server/bank/plaid.server.ts");

const stages: Record<string, { ms: number; rows: number; runs: number }> = {};
/** When this worker's first stage began (jobs mode: the work starts when the planner's jobs reach it). */
let firstWorkAt = 0;
onStage(({ stage, ms, rows }) => {
  firstWorkAt ||= Date.now() - ms;
  stages[stage] ??= { ms: 0, rows: 0, runs: 0 };
  const entry = stages[stage];
  entry.ms += ms;
  entry.rows += rows ?? 0;
  entry.runs += 1;
});

// Connect before the clock starts: the measured time is the work, not the process start-up.
await getPool().query("select 1");
const readyRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);

if (process.env.BENCH_MODE === "direct") {
  // One processDueGroups over every group, racing the other workers through the per-group try-locks (ADR 009's runs).
  // Every worker starts when the bench says so (one line on stdin), once all have loaded and connected.
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
  console.log(
    JSON.stringify({ startedAt, endedAt, processed: result?.processed ?? 0, readyRssMb, peakRssMb, cpuMs, stages, bank: plaidStats, error }),
  );
  process.exit(error ? 1 : 0);
}

// As production runs (BENCH_MODE=jobs, the default): a worker (startWorker, no cron, no interval tick) that takes
// money.shard jobs as the planner queues them; the bench queues money.tick once all workers are up, and says "stop"
// (one line on stdin) when the due date is done.
const { startWorker } = await import("../app/server/jobs/worker.server.ts");
const { MONEY_SHARD } = await import("../app/server/jobs/queue.server.ts");
let endedAt = 0;
let processed = 0;
let error: string | undefined;
const cpuAtStart = process.cpuUsage();
const worker = await startWorker({
  name: `bench-worker-${process.pid}`,
  schedule: false,
  pollingIntervalSeconds: 0.5,
  log: () => {},
  onJobDone: ({ queue, result }) => {
    if (queue !== MONEY_SHARD) return;
    processed += (result as { processed: number }).processed;
    endedAt = Date.now();
  },
});
console.log("ready");
await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));
process.stdin.pause();
try {
  await worker.stop();
} catch (caught) {
  error = caught instanceof Error ? (caught.stack ?? caught.message) : String(caught);
}
const cpu = process.cpuUsage(cpuAtStart);
await closeDb();
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(
  JSON.stringify({
    startedAt: firstWorkAt,
    endedAt,
    processed,
    readyRssMb,
    peakRssMb,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    stages,
    bank: plaidStats,
    error,
  }),
);
process.exit(error ? 1 : 0);
