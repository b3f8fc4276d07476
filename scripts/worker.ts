/**
 * `npm run worker`: the job worker as its own process (Fly's `worker` process group; ADR 007). Works money.tick
 * (every minute) and bank.sync (webhook-triggered, and every 5 minutes) against DATABASE_URL. Any number may run.
 *
 * WORKER_TICK_SECONDS=N also runs processDueGroups every N seconds on this worker's own clock (tests and demos that
 * should not wait for the next minute). On SIGTERM (Fly, before stopping a machine) or SIGINT it stops fetching, tells
 * money work to start no new page or day, lets running jobs finish (up to WORKER_STOP_TIMEOUT_SECONDS, default 6;
 * pg-boss then hands what is left to another worker), then exits, within 10 s in all. A worker killed mid-job loses
 * nothing: its shard is run again by another worker once the job's one-minute expiry passes (ADR 044), and the money
 * work is idempotent. /healthz beside /metrics says whether its heartbeat reaches the database.
 */
export {};

// Set before the app modules load (libraries may read NODE_ENV on first import), as scripts/serve.ts does.
process.env.NODE_ENV ??= "production";

const { parseEnv } = await import("../app/server/platform/env.server.ts");
try {
  parseEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const tickSeconds = Number(process.env.WORKER_TICK_SECONDS ?? 0);
// Running jobs get this long to finish after SIGTERM (a shard stops before its next page or day at once); the whole
// stop stays within 10 s (ADR 044).
const stopTimeoutSeconds = Number(process.env.WORKER_STOP_TIMEOUT_SECONDS ?? 6);
if (!Number.isFinite(tickSeconds) || tickSeconds < 0 || !Number.isFinite(stopTimeoutSeconds) || stopTimeoutSeconds < 0) {
  console.error("WORKER_TICK_SECONDS and WORKER_STOP_TIMEOUT_SECONDS must be non-negative numbers of seconds");
  process.exit(1);
}

const { startWorker } = await import("../app/server/jobs/worker.server.ts");
const { closeDb, setStatementTimeout, WORKER_STATEMENT_TIMEOUT_MS } = await import("../app/server/db/client.server.ts");
// A worker's statements may run long, but not forever (ADR 020). Before the first query opens the pool.
setStatementTimeout(WORKER_STATEMENT_TIMEOUT_MS);
const { logger } = await import("../app/server/platform/log.server.ts");
const { serveMetrics } = await import("../app/server/platform/metrics.server.ts");
const { flushErrorReports, initErrorReportingFromEnv } = await import("../app/server/platform/error-reporting.server.ts");

const { installProcessGuard } = await import("../app/server/platform/process-guard.server.ts");

await initErrorReportingFromEnv("worker");
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
// An unhandled rejection (a query nobody awaited, failing while the database restarts) is logged and counted and the
// worker works on: its jobs are retried or redelivered, and the money work is idempotent. An uncaught exception exits
// after the worker has stopped fetching and the pool has closed (bounded); its jobs are redelivered after expiry.
installProcessGuard({
  role: "worker",
  onFatal: async () => {
    await worker?.stop().catch(() => {});
    await closeDb().catch(() => {});
  },
});
// The worker serves no HTTP but its metrics (jobs, queue depth, money counters) and its health (the heartbeat and the
// running job; fly.toml's check), on METRICS_PORT like the app.
const metrics = await serveMetrics({ health: () => worker?.health() ?? { ok: false, problem: "starting" } });
if (metrics) logger.info(`worker: metrics on ${metrics.url}, health on ${metrics.url.replace(/\/metrics$/, "/healthz")}`);

try {
  worker = await startWorker({ tickSeconds, stopTimeoutMs: stopTimeoutSeconds * 1000 });
} catch (error) {
  logger.error({ err: error }, "worker: could not start");
  await metrics?.stop();
  await closeDb().catch(() => {});
  process.exit(1);
}

// A job stuck past JOB_STUCK_MS (a bank call that never returns, a lock that is never released): the worker exits, so
// that the platform restarts it (Fly does not restart a machine for a failing check, only for an exited process). Its
// shard is carried on by the next job meanwhile: the page's locks go with the process (ADR 044).
const watchdog = setInterval(() => {
  const health = worker?.health();
  if (health?.running && health.problem?.includes("running for")) {
    logger.error({ health }, "worker: a job is stuck; exiting so that the machine restarts");
    process.exit(1);
  }
}, 15_000);
watchdog.unref();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`worker: ${signal} received, stopping`);
  // Whatever hangs (a bank call, the pool), the process is gone before the platform has to kill it; a job it still
  // held is run again by another worker once its expiry passes.
  setTimeout(() => {
    logger.error("worker: stop took longer than 9.5 s; exiting");
    process.exit(1);
  }, 9_500).unref();
  try {
    await worker?.stop();
    await closeDb();
    await metrics?.stop();
    await flushErrorReports();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, "worker: unclean stop");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
