/**
 * The worker (ADR 007): fetches money.tick (the planner), money.shard (a shard's due groups, ADR 044), bank.sync,
 * email.outbox (ADR 010), the weekly summary, the rate limiter's cleanup and swaps.close-stale (ADR 041), and runs the
 * work they wake up. Any number of workers may run at once, in any number of processes: pg-boss hands each job to one
 * of them (at least once), the shards of a due date spread over all of them, and the work itself is idempotent and
 * takes a per-group advisory lock (ADR 008), so overlaps cost time, never money.
 */
import type { Job, PgBoss } from "pg-boss";
import { deliverDueEmails } from "../email/outbox.server";
import { logger } from "../platform/log.server";
import { setQueueDepthSource } from "../platform/metrics.server";
import { syncBankEvents } from "../money/cycle.server";
import { dueShards, processDueGroups, shardCount, shardRange } from "../money/scheduler.server";
import { getPool } from "../db/client.server";
import { readQueueDepth } from "./queue-depth.server";
import {
  BANK_SYNC,
  EMAIL_OUTBOX,
  enqueueShards,
  MONEY_SHARD,
  MONEY_SHARD_BUDGET_SECONDS,
  MONEY_TICK,
  type ShardJob,
  startQueue,
  stopQueue,
  RATE_LIMIT_CLEANUP,
  SWAPS_CLOSE_STALE,
  WEEKLY_SUMMARY,
} from "./queue.server";
import { closeStaleSwaps } from "../groups/swaps.server";
import { deleteExpiredRateLimits } from "../auth/rate-limit.server";
import { runJob } from "./run-job.server";
import { sendWeeklySummaries } from "../notifications/weekly-summary.server";

export type JobDone = { queue: string; jobId: string; worker: string; result: unknown };

export type WorkerOptions = {
  /** The boss to work with. Default: the process's queue, started as a worker (and stopped by stop()). */
  boss?: PgBoss;
  /** Shown in logs and in onJobDone; defaults to "worker-<pid>". */
  name?: string;
  log?: (line: string) => void;
  /** Called after each job finished (tests watch which worker ran what). */
  onJobDone?: (done: JobDone) => void;
  /** Also run processDueGroups every N seconds, besides the per-minute cron (WORKER_TICK_SECONDS; tests, demos). */
  tickSeconds?: number;
  /** How often an idle worker asks for jobs (pg-boss polls). */
  pollingIntervalSeconds?: number;
  /** Register the cron schedules (default true). */
  schedule?: boolean;
  /** How long stop() waits for running jobs before giving up on them (they are redelivered after expiry). */
  stopTimeoutMs?: number;
};

/** What the worker's /healthz says (scripts/worker.ts serves it beside /metrics; fly.toml checks it). */
export type WorkerHealth = {
  ok: boolean;
  /** Why not ok, in a line. */
  problem: string | null;
  /** The last time this worker's heartbeat reached the database. */
  lastHeartbeatAt: string | null;
  /** The job this worker is running, if any, and since when. */
  running: { queue: string; jobId: string; startedAt: string } | null;
};

export type Worker = { name: string; stop: () => Promise<void>; health: () => WorkerHealth };

/** The heartbeat: a round trip to the database every few seconds, on the event loop that runs the jobs. */
const HEARTBEAT_MS = 5_000;
/** A heartbeat older than this: the database is unreachable, or the event loop is stuck. */
export const HEARTBEAT_STALE_MS = 30_000;
/** A job running longer than this is stuck (a shard job starts no new page after its budget; see ADR 044). */
export const JOB_STUCK_MS = 5 * 60_000;

export async function startWorker(options: WorkerOptions = {}): Promise<Worker> {
  const name = options.name ?? `worker-${process.pid}`;
  const log = options.log ?? ((line: string) => logger.info(line));
  const ownsBoss = !options.boss;
  const boss = options.boss ?? (await startQueue({ role: "worker" }));
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  // The queues exist (created by startQueue/createBoss). Schedules are upserts keyed by queue name, so every worker
  // may (re)declare them; pg-boss's clock sends each cron job once per minute however many workers run it.
  if (options.schedule ?? true) {
    await boss.schedule(MONEY_TICK, "* * * * *", { source: "cron" });
    await boss.schedule(BANK_SYNC, "*/5 * * * *", { source: "poll" });
    await boss.schedule(WEEKLY_SUMMARY, "0 * * * *", { source: "cron" });
    await boss.schedule(RATE_LIMIT_CLEANUP, "17 * * * *", { source: "cron" });
    await boss.schedule(EMAIL_OUTBOX, "* * * * *", { source: "cron" });
    await boss.schedule(SWAPS_CLOSE_STALE, "* * * * *", { source: "cron" });
  }

  // One piece of money work at a time in this process (the cron tick, the interval tick, a bank sync). Running them
  // side by side in one process gains nothing (they take the same per-group and cursor locks) and multiplies the
  // connections they hold: the ledger resolves accounts on a second pooled connection while a posting transaction
  // holds the first, so enough concurrent runs on one pool can exhaust it and wait on each other forever.
  // Concurrency comes from more worker processes, each with its own pool.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => {});
    return next;
  };

  // Aborted by stop(): money work starts no new page or day, so a stopping worker hands its shard back in seconds.
  const stopping = new AbortController();
  let running: WorkerHealth["running"] = null;

  const run = async (queue: string, jobs: Job<unknown>[], work: (job: Job<unknown>) => Promise<unknown>) => {
    // batchSize 1: one job per call. Several waiting jobs of the same queue would do the same work anyway.
    for (const job of jobs) {
      // Logged and measured by runJob; a failure is rethrown so pg-boss marks the job failed (and retries it per
      // the queue's policy).
      const result = await serial(async () => {
        running = { queue, jobId: job.id, startedAt: new Date().toISOString() };
        try {
          return await runJob({ name: queue, id: job.id, data: job.data, worker: name }, () => work(job));
        } finally {
          running = null;
        }
      });
      options.onJobDone?.({ queue, jobId: job.id, worker: name, result });
    }
  };

  // The planner: which shards have due work, one statement, and a job for each (ADR 044). Not in the money chain: it
  // holds nothing, and must not wait behind a shard.
  const plan = async () => {
    const of = shardCount();
    const shards = await dueShards(new Date(), of);
    await enqueueShards(
      boss,
      shards.map(({ shard }) => ({ shard, of })),
      "plan",
    );
    return { shards: shards.length, groups: shards.reduce((sum, s) => sum + s.groups, 0) };
  };

  // A shard: its due groups, a page at a time, until the budget is spent; then the rest is queued as the next job.
  const shard = async (job: Job<unknown>) => {
    const { shard: index, of, after, runStartedAt, requestedAt } = job.data as ShardJob;
    // A continuation (ADR 054) resumes its run where the previous job stopped. The planner's job starts a run, which
    // began when it was queued: so that the job run again by pg-boss (it failed, or expired with a page that outlasted
    // it on a busy machine) skips what the first attempt and its continuations finished, rather than starting over.
    const result = await processDueGroups(new Date(), {
      range: shardRange(index, of),
      deadline: Date.now() + MONEY_SHARD_BUDGET_SECONDS * 1000,
      signal: stopping.signal,
      after: after ?? null,
      runStartedAt: new Date(runStartedAt ?? requestedAt ?? Date.now()),
    });
    const cursor = { after: result.after, runStartedAt: result.runStartedAt.toISOString() };
    if (result.more) await enqueueShards(boss, [{ shard: index, of, ...cursor }], "continue");
    return { shard: index, of, processed: result.processed, more: result.more, ...cursor };
  };

  const runEmail = async (jobs: Job<unknown>[]) => {
    for (const job of jobs) {
      // Logged and measured by runJob like the money jobs; a failure is rethrown so pg-boss retries it.
      const result = await runJob({ name: EMAIL_OUTBOX, id: job.id, data: job.data, worker: name }, () => deliverDueEmails());
      options.onJobDone?.({ queue: EMAIL_OUTBOX, jobId: job.id, worker: name, result });
    }
  };

  // pg-boss 12 hands each handler an array of jobs (batchSize 1: one); offWork needs the queue's name beside the id.
  const register = async (queue: string, handler: (jobs: Job<unknown>[]) => Promise<unknown>) => ({
    queue,
    id: await boss.work<unknown>(queue, { batchSize: 1, pollingIntervalSeconds }, handler),
  });
  const workIds = [
    await register(MONEY_TICK, async (jobs) => {
      for (const job of jobs) {
        const result = await runJob({ name: MONEY_TICK, id: job.id, data: job.data, worker: name }, plan);
        options.onJobDone?.({ queue: MONEY_TICK, jobId: job.id, worker: name, result });
      }
    }),
    await register(MONEY_SHARD, (jobs) => run(MONEY_SHARD, jobs, shard)),
    await register(BANK_SYNC, (jobs) => run(BANK_SYNC, jobs, async () => ({ applied: await syncBankEvents(new Date()) }))),
    // Email is not money work: it does not wait behind a long money run (nor holds one up), so it skips `serial`.
    await register(EMAIL_OUTBOX, (jobs) => runEmail(jobs)),
    // Deleting the rate limiter's ended windows is not money work: outside the money chain.
    await register(RATE_LIMIT_CLEANUP, async (jobs) => {
      for (const job of jobs) {
        const result = await runJob({ name: RATE_LIMIT_CLEANUP, id: job.id, data: job.data, worker: name }, async () => ({
          deleted: await deleteExpiredRateLimits(),
        }));
        options.onJobDone?.({ queue: RATE_LIMIT_CLEANUP, jobId: job.id, worker: name, result });
      }
    }),
    // Ending swaps that can't happen any more is not money work (it reads the group's transfers, moves none): outside
    // the money chain.
    await register(SWAPS_CLOSE_STALE, async (jobs) => {
      for (const job of jobs) {
        const result = await runJob({ name: SWAPS_CLOSE_STALE, id: job.id, data: job.data, worker: name }, () => closeStaleSwaps(new Date()));
        options.onJobDone?.({ queue: SWAPS_CLOSE_STALE, jobId: job.id, worker: name, result });
      }
    }),
    // The weekly summary is not money work either: outside the money chain, so a long send never delays a tick.
    await register(WEEKLY_SUMMARY, async (jobs) => {
      for (const job of jobs) {
        const result = await runJob({ name: WEEKLY_SUMMARY, id: job.id, data: job.data, worker: name }, () => sendWeeklySummaries(new Date()));
        options.onJobDone?.({ queue: WEEKLY_SUMMARY, jobId: job.id, worker: name, result });
      }
    }),
  ];

  // The fixed-interval tick: every worker runs it on its own clock, racing the others (and the cron job) on purpose.
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let stopped = false;
  if (options.tickSeconds && options.tickSeconds > 0) {
    const intervalMs = options.tickSeconds * 1000;
    const tick = async () => {
      try {
        const result = await serial(() => processDueGroups(new Date(), { signal: stopping.signal }));
        if (result.processed > 0) log(`${name}: interval tick processed ${result.processed} groups`);
      } catch (error) {
        logger.error({ err: error, worker: name }, "interval tick failed");
      }
    };
    const loop = () => {
      if (stopped) return;
      // Never overlapping itself: the next tick is set once this one has finished.
      ticking = tick().finally(() => {
        ticking = undefined;
        if (!stopped) timer = setTimeout(loop, intervalMs);
      });
    };
    timer = setTimeout(loop, 0);
  }

  // rosca_job_queue_depth, read at scrape time from the queue's table (any worker's answer is the whole queue's).
  setQueueDepthSource(() =>
    readQueueDepth([MONEY_TICK, MONEY_SHARD, BANK_SYNC, EMAIL_OUTBOX, WEEKLY_SUMMARY, RATE_LIMIT_CLEANUP, SWAPS_CLOSE_STALE]),
  );

  // The heartbeat (the worker's /healthz): a database round trip on the event loop that runs the jobs.
  let lastHeartbeatAt: Date | null = null;
  const beat = async () => {
    try {
      await getPool().query("select 1");
      lastHeartbeatAt = new Date();
    } catch (error) {
      logger.warn({ err: error, worker: name }, "worker heartbeat: the database did not answer");
    }
  };
  void beat();
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
  heartbeat.unref();

  log(
    `${name}: working ${MONEY_TICK}, ${MONEY_SHARD}, ${BANK_SYNC}, ${EMAIL_OUTBOX}, ${WEEKLY_SUMMARY}, ${RATE_LIMIT_CLEANUP} and ${SWAPS_CLOSE_STALE}${options.tickSeconds ? `, ticking every ${options.tickSeconds} s` : ""}`,
  );

  return {
    name,
    health: () => {
      const now = Date.now();
      let problem: string | null = null;
      if (stopped) problem = "stopping";
      else if (!lastHeartbeatAt || now - lastHeartbeatAt.getTime() > HEARTBEAT_STALE_MS)
        problem = lastHeartbeatAt ? `no heartbeat for ${Math.round((now - lastHeartbeatAt.getTime()) / 1000)} s` : "no heartbeat yet";
      else if (running && now - Date.parse(running.startedAt) > JOB_STUCK_MS)
        problem = `${running.queue} job ${running.jobId} running for ${Math.round((now - Date.parse(running.startedAt)) / 1000)} s`;
      return { ok: problem === null, problem, lastHeartbeatAt: lastHeartbeatAt?.toISOString() ?? null, running };
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      stopping.abort();
      clearInterval(heartbeat);
      clearTimeout(timer);
      await ticking;
      if (ownsBoss) {
        // Graceful: stops fetching, waits for the running jobs, then forgets the boss.
        await stopQueue({ timeoutMs: options.stopTimeoutMs });
      } else {
        // Stop fetching. The caller owns the boss; its stop({ graceful: true }) waits for jobs still running.
        for (const { queue, id } of workIds) await boss.offWork(queue, { id });
      }
      log(`${name}: stopped`);
    },
  };
}
