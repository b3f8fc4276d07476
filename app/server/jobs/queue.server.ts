/**
 * The job queue (ADR 007, ADR 047): pg-boss 12 in its own PostgreSQL schema, `pgboss_v12`, beside the app's tables.
 * The previous release's pg-boss 10 keeps `pgboss` while a rolling deploy replaces it (ADR 047: both run side by side
 * for minutes; each works its own schema's jobs, and what they wake up moves money once whoever runs it).
 *
 * The queue delivers each job at least once; it is not what makes money move exactly once. Every job here only wakes
 * up idempotent work (processDueGroups, syncBankEvents), whose effects are made exactly-once by deterministic keys,
 * row-first transfers and advisory locks (ADR 008). A job run twice, or by two workers, costs time, not money.
 *
 * One boss per process, shared by whatever started it first:
 * - "worker" (scripts/worker.ts, or in-process for `npm start`): fetches jobs, runs pg-boss's cron and maintenance.
 * - "producer" (the web app, lazily on the first enqueue): only sends. No timers, so nothing to keep the process alive.
 * Both talk to the database through the app's own connection pool (no second pool per process), so closeDb() after
 * stopQueue() releases every connection.
 */
import { type Db, type Job, PgBoss, type Queue } from "pg-boss";
import { getPool } from "../db/client.server";
import { logger } from "../platform/log.server";

/** pg-boss 12's schema (ADR 047). Not `pgboss`: pg-boss 10's, which the previous release still works during a deploy. */
export const QUEUE_SCHEMA = "pgboss_v12";
/** pg-boss 10's schema, left to the previous release; a later release drops it (ADR 047's contract step). */
export const PREVIOUS_QUEUE_SCHEMA = "pgboss";
export type { Job };
/** Every minute (cron), and when a member's action may have unblocked money: plan the due work, one job per shard. */
export const MONEY_TICK = "money.tick";
/** A shard of the groups (scheduler.server.ts): its due groups processed, a page at a time, within a time budget. */
export const MONEY_SHARD = "money.shard";
/**
 * How long a money.shard job may run before pg-boss counts it lost and hands it to another worker (ADR 044). A job
 * starts no new page after MONEY_SHARD_BUDGET_SECONDS, so a live one ends well within this; a page already started
 * finishes first.
 */
export const MONEY_SHARD_EXPIRE_SECONDS = Number(process.env.MONEY_SHARD_EXPIRE_SECONDS ?? 60);
export const MONEY_SHARD_BUDGET_SECONDS = Number(process.env.MONEY_SHARD_BUDGET_SECONDS ?? 20);
/**
 * How often pg-boss's maintenance deletes finished jobs. (ADR 044 counted on it to fail expired jobs too; pg-boss 12
 * does that in its supervisor's pass, below.)
 */
export const QUEUE_MAINTENANCE_SECONDS = 15;
/**
 * How often pg-boss's supervisor runs its pass, in which pg-boss 12 fails expired jobs into retry (and its monitor, at
 * most this often too). pg-boss's own default is 60 s, with which a lost shard would be retried 60-120 s after it
 * started; 15 s keeps ADR 044's promise (a killed worker's shard is retried within expiry + 15 s = 75 s) for the cost
 * of one claimed pass every 15 s across all workers. Tests that kill workers set it (and MONEY_SHARD_EXPIRE_SECONDS)
 * lower, to prove the same recovery in seconds (ADR 060).
 */
export const QUEUE_SUPERVISE_SECONDS = Number(process.env.QUEUE_SUPERVISE_SECONDS ?? QUEUE_MAINTENANCE_SECONDS);
/** On each TRANSFER_EVENTS_UPDATE webhook, and every 5 minutes as a poll: read the bank's transfer events. */
export const BANK_SYNC = "bank.sync";
/** Every hour (cron): send the week's summaries not sent yet (weekly-summary.server.ts claims one per user and week). */
export const WEEKLY_SUMMARY = "notifications.weekly-summary";
/** Every hour (cron): delete the rate limiter's ended windows (deleteExpiredRateLimits). */
export const RATE_LIMIT_CLEANUP = "maintenance.rate-limits";
/** Every minute (cron): deliver the email outbox's due rows (ADR 010). */
export const EMAIL_OUTBOX = "email.outbox";
/** Every minute (cron): end the open turn swaps that can't happen any more, and tell their members (closeStaleSwaps). */
export const SWAPS_CLOSE_STALE = "swaps.close-stale";

export type QueueRole = "worker" | "producer";

/**
 * "stately": at most one job waiting and one running per queue. A burst of webhooks (or ticks piling up behind a slow
 * run) collapses into one waiting job, and no wake-up is lost: an event that arrives while a sync runs finds the
 * waiting slot free (the running job has left it) and queues the next sync, which reads from the cursor onwards.
 */
const QUEUES: Queue[] = [
  // The planner is one statement and a few inserts. A tick that fails is not retried: the next minute's does the same.
  // Its expiry is short because "stately" lets no other tick run while one counts as running: a tick whose end could
  // not be written (its database cut off at that moment) held every tick back for its whole expiry, once two minutes,
  // and a debit left "created" by the same cut waited for it (money-disruptions.test.ts, 1 run in 10). Two ticks at
  // once are harmless: the shard jobs they queue are singletons.
  { name: MONEY_TICK, policy: "stately", retryLimit: 0, expireInSeconds: 30 },
  // "short" per shard (singletonKey "shard:<n>/<of>"): at most one waiting for each, any number running. Not
  // "stately" (one running per key): pg-boss 10 activates the oldest waiting job with an UPDATE that the one-active
  // index then refuses while that shard runs, and the whole fetch fails, so one long or lost shard would hold up every
  // other shard's jobs (head-of-line). Two jobs of one shard running at once only share its pages: each takes the
  // groups the other has not locked. A job that fails (the database went away mid-page) or was lost with its worker is
  // retried by whichever worker is free.
  { name: MONEY_SHARD, policy: "short", retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: MONEY_SHARD_EXPIRE_SECONDS },
  { name: BANK_SYNC, policy: "stately", retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
  // Not retried: the next hour's run sends whatever this one did not.
  { name: WEEKLY_SUMMARY, policy: "stately", retryLimit: 0, expireInSeconds: 30 * 60 },
  // Batches of short deletes; the next hour's run deletes whatever this one did not.
  { name: RATE_LIMIT_CLEANUP, policy: "stately", retryLimit: 0, expireInSeconds: 15 * 60 },
  // Retries and backoff are per email, in the outbox rows (app/domain/email-outbox.ts); a failed run is just the next
  // minute's run early.
  { name: EMAIL_OUTBOX, policy: "stately", retryLimit: 0, expireInSeconds: 15 * 60 },
  // One read, and a short step for each group with a swap to end; a failed run is the next minute's run early.
  { name: SWAPS_CLOSE_STALE, policy: "stately", retryLimit: 0, expireInSeconds: 5 * 60 },
];

type Started = { boss: PgBoss; role: QueueRole };
let current: Promise<Started> | undefined;

/**
 * pg-boss's database adapter over the app's pool (the same call pg-boss makes on its own pool). Once the boss has
 * stopped it answers nothing, as pg-boss's own adapter does when closed: a polling loop that wakes up once more after
 * stop() must not reopen the pool that closeDb() is about to end (or has ended).
 */
function sharedPoolAdapter(): Db & { close(): void } {
  let open = true;
  return {
    executeSql: async (text, values) => (open ? getPool().query(text, values) : { rows: [] }),
    close: () => {
      open = false;
    },
  };
}

/**
 * A new, started boss. Most code wants startQueue() (the process's one boss); tests use this to run two workers in
 * one process. Installs or migrates the `pgboss` schema if needed (pg-boss serialises that with an advisory lock, so
 * several processes may start at once) and creates the queues (idempotent).
 */
export async function createBoss(role: QueueRole): Promise<PgBoss> {
  const db = sharedPoolAdapter();
  const boss = new PgBoss({
    db,
    schema: QUEUE_SCHEMA,
    // Producers only insert jobs. Workers also run the cron clock and maintenance (expiry, archiving); pg-boss
    // elects one of them per interval through its own tables, so any number of workers may run these.
    schedule: role === "worker",
    supervise: role === "worker",
    maintenanceIntervalSeconds: QUEUE_MAINTENANCE_SECONDS,
    superviseIntervalSeconds: QUEUE_SUPERVISE_SECONDS,
    monitorIntervalSeconds: QUEUE_SUPERVISE_SECONDS,
  });
  // An EventEmitter "error" without a listener would crash the process: a polling error (the database restarting, a
  // backend terminated) is logged, and pg-boss polls again. pg-boss 12 awaits its own complete/fail calls and reports
  // their failures here (pg-boss 10 left them unawaited: an unhandled rejection that ended the worker, issue 42).
  boss.on("error", (error) => logger.error({ err: error, role }, "job queue: error"));
  boss.on("warning", (warning) => logger.warn({ warning: warning.data, role }, `job queue: ${warning.message}`));
  boss.on("stopped", () => db.close());
  // One process at a time through start-up: pg-boss locks its schema install, but queue creation and updates of
  // processes starting together deadlocked on pg-boss 10 (seen in the race test); the lock costs nothing, so it stays.
  await withStartupLock(async () => {
    await boss.start();
    // createQueue leaves an existing queue as it was; updateQueue brings its settings to this code's (the shard
    // design shortened money.tick's expiry from an hour to two minutes).
    for (const { name, policy, ...settings } of QUEUES) {
      await boss.createQueue(name, { policy, ...settings });
      // A queue's policy is fixed at creation (pg-boss 12 refuses to change it); the rest follows this code.
      await boss.updateQueue(name, settings);
    }
  });
  return boss;
}

async function withStartupLock(work: () => Promise<void>) {
  const client = await getPool().connect();
  try {
    await client.query("select pg_advisory_lock(hashtextextended('pgboss:startup', 0))");
    try {
      await work();
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended('pgboss:startup', 0))");
    }
  } finally {
    client.release();
  }
}

/**
 * The process's boss, started once. A producer request is satisfied by a running worker (it can send too); asking for
 * a worker when only a producer runs is a programming error (the web app never turns itself into a worker).
 */
export async function startQueue(options: { role: QueueRole }): Promise<PgBoss> {
  if (!current) {
    const starting = createBoss(options.role).then((boss) => ({ boss, role: options.role }));
    current = starting;
    // A failed start (database down) is not cached: the next call tries again.
    starting.catch(() => {
      if (current === starting) current = undefined;
    });
  }
  const started = await current;
  if (options.role === "worker" && started.role !== "worker") {
    throw new Error("The job queue was started as a producer in this process; a worker needs its own process or startWorker() first.");
  }
  return started.boss;
}

/**
 * Stop the process's boss: stop fetching, wait up to `timeoutMs` for running jobs (graceful), then forget it. Call it
 * before closeDb(). Safe to call when nothing was started.
 */
export async function stopQueue(options: { timeoutMs?: number } = {}) {
  const starting = current;
  current = undefined;
  if (!starting) return;
  const started = await starting.catch(() => null);
  await started?.boss.stop({ graceful: true, timeout: options.timeoutMs ?? 30_000 });
}

export type EnqueueResult = { ok: true; jobId: string | null } | { ok: false; error: string };

/** Send one job; never throws (the caller's answer must not depend on the queue), logs what failed. */
async function enqueue(queue: string, data: Record<string, unknown>): Promise<EnqueueResult> {
  try {
    const boss = await startQueue({ role: "producer" });
    const jobId = await boss.send(queue, { ...data, requestedAt: new Date().toISOString() });
    return { ok: true, jobId };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ err: error, queue }, "job queue: could not enqueue");
    return { ok: false, error: message };
  }
}

/**
 * Ask a worker to read the bank's transfer events now (the TRANSFER_EVENTS_UPDATE webhook). Never throws: the webhook
 * must answer 200 whatever happens here, and the 5-minute poll picks up what a lost wake-up would have read.
 * jobId is null when a sync was already waiting (stately queue): that one will read these events too.
 */
export function enqueueBankSync(reason = "webhook"): Promise<EnqueueResult> {
  return enqueue(BANK_SYNC, { reason });
}

/**
 * Ask a worker to run the money tick now rather than at the next minute: a member just did what their groups' waiting
 * debits or payouts needed (authorised debits again, reconnected their bank, linked an account; funding.server.ts
 * wakeMemberGroups). Never throws: the per-minute tick runs them anyway. jobId is null when a tick was already waiting.
 */
export function enqueueMoneyTick(source: string): Promise<EnqueueResult> {
  return enqueue(MONEY_TICK, { source });
}

export type ShardJob = {
  shard: number;
  of: number;
  /**
   * A continuation's place in its run (ADR 054): the last group id its previous job finished (null: none yet) and the
   * run's start (ISO), so it neither walks its range again nor runs a group the run finished. The planner's jobs have
   * neither: each starts a new run at the range's first id, begun when it was queued (requestedAt).
   */
  after?: string | null;
  runStartedAt?: string;
  /** When the job was queued (ISO; enqueueShards sets it): a planner's job's run starts then. */
  requestedAt?: string;
};

/** The singleton key of a shard's jobs: the shard and how many there are (a job keeps its range if MONEY_SHARDS changes). */
export function shardKey(job: ShardJob) {
  return `shard:${job.shard}/${job.of}`;
}

/**
 * Queue a job for each of these shards, in one statement. A shard that already has a job waiting gets none (the
 * queue's "short" policy per key: the insert skips it), so planners running every minute never pile jobs up.
 */
export async function enqueueShards(boss: PgBoss, shards: ShardJob[], source: string) {
  if (shards.length === 0) return;
  const requestedAt = new Date().toISOString();
  await boss.insert(
    MONEY_SHARD,
    shards.map((job) => ({ data: { ...job, source, requestedAt }, singletonKey: shardKey(job) })),
  );
}
