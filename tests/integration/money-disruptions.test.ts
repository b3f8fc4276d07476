/**
 * The operator's drill of issue 42, in small: two real worker processes (`scripts/worker.ts`) doing a due date through
 * its shard jobs, while the test disrupts their database at random moments in the middle of the work — every client
 * backend terminated (pg_terminate_backend), PostgreSQL restarted with a fast shutdown (as `pg_ctl restart -m fast`),
 * and PostgreSQL stopped for a few seconds — with no pause point: the workers are wherever the disruption finds them
 * (a bank call, a page's transaction, pg-boss completing or fetching a job). Both workers must still be alive at the
 * end, and the due date done exactly once: one contribution debit per member, one authorization and one transfer at
 * the bank per key, the ledger verified.
 *
 * Its own embedded PostgreSQL (the other test files share the suite's, which this one restarts), on a fixed port so
 * that the workers' DATABASE_URL stays right across restarts. The sandbox bank answers after BANK_LATENCY_MS (from the
 * due date's start; the groups are made without it) and the workers make one bank call at a time, so that the due date
 * lasts long enough to be disrupted several times. The test
 * sends money.tick every few seconds, as the per-minute cron would (a shard job lost with its connection is planned
 * again at once instead of after its expiry).
 *
 * DISRUPTION_RUNS=N repeats the whole drill N times in one file (reported in ADR 047 and the final report).
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, type RunningPostgres, startEmbeddedPostgres } from "../../scripts/lib/postgres";
import { useTestDatabase } from "../support/test-db";
import { killWorkerProcesses, startWorkerProcess, waitFor, type WorkerProcess, workerOutput, workerStarted } from "../support/worker-processes";

const SHARDS = "4";
const MEMBERS = 3;
const GROUPS = 12;
const BANK_LATENCY_MS = 150;
const RUNS = Number(process.env.DISRUPTION_RUNS ?? 1);
/** How long a worker may take to start on a loaded 2-core machine. */
const START_MS = 240_000;

const scratch = mkdtempSync(path.join(tmpdir(), "rosca-disruptions-"));
// Readable by the OS user the embedded PostgreSQL runs as when the tests run as root.
chmodSync(scratch, 0o755);
const port = await freePort();
// The same port and socket directory at every start, so that the URL of the first start reaches the restarted cluster.
const startServer = () =>
  startEmbeddedPostgres({
    dataDir: path.join(scratch, "pg"),
    database: "rosca_disruptions",
    port,
    socketDir: path.join(scratch, "socket"),
    throwaway: true,
    log: () => {},
  });
let server: RunningPostgres = await startServer();
const { migrateDatabase } = await import("../../app/server/db/migrate.server");
await migrateDatabase(server.url, { log: { info: () => {}, warn: () => {} } });

process.env.MONEY_SHARDS = SHARDS;
// The bank's latency is set once the groups are made (their members' bank links are a dozen calls each, which it
// would hold 150 ms apiece: most of the file's time), for the due date it is there to stretch.
const { bank } = await useTestDatabase({ bank: true, databaseUrl: server.url });
const queue = await import("../../app/server/jobs/queue.server");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { verifyLedger } = await import("../../app/server/money/verify.server");
const { and, inArray, ne, sql } = await import("drizzle-orm");

afterAll(async () => {
  killWorkerProcesses();
  await queue.stopQueue({ timeoutMs: 1_000 }).catch(() => {});
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Every client backend of the cluster but this one's own session: what an operator's pg_terminate_backend sweep does. */
async function terminateAll() {
  const { rows } = await db().execute<{ terminated: number }>(sql`
    select count(*)::int as terminated from (select pg_terminate_backend(pid) from pg_stat_activity
      where backend_type = 'client backend' and pid <> pg_backend_pid()) t`);
  return rows[0]!.terminated;
}

/** PostgreSQL stopped (fast shutdown: every session ended, in-flight transactions rolled back), `downMs` later started. */
async function restart(downMs: number) {
  await server.stop();
  await sleep(downMs);
  server = await startServer();
}

const DISRUPTIONS = [
  { name: "pg_terminate_backend of every client backend", run: () => retrying(terminateAll) },
  { name: "restart (fast shutdown)", run: () => restart(0) },
  { name: "stop for 3 s", run: () => restart(3_000) },
] as const;

/** The test's own pool lives through the disruptions too: a query that meets a dead connection is tried again. */
async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 20) throw error;
      await sleep(250);
    }
  }
}

async function progress(ids: string[], today: string) {
  return retrying(async () => {
    {
      const groups = await db().select({ day: schema.groups.processedThrough }).from(schema.groups).where(inArray(schema.groups.id, ids));
      // A debit counts once the bank has it: a row still "created" is an intent whose create a disruption cut off, which
      // the group's next run sends again under the same key (the scheduler's dueAt). Counting intents, the test once
      // checked while one of them was still on its way (contribution:1:created).
      const debits = await db()
        .select({ id: schema.bankTransfers.id })
        .from(schema.bankTransfers)
        .where(and(inArray(schema.bankTransfers.groupId, ids), ne(schema.bankTransfers.status, "created")));
      return { processed: groups.filter((row) => row.day === today).length, debits: debits.length };
    }
  });
}

/** Each group's debits for today made once, at the bank once, and the ledger verified. */
async function expectDoneOnce(ids: string[]) {
  const rows = await db().select().from(schema.bankTransfers).where(inArray(schema.bankTransfers.groupId, ids));
  for (const id of ids) {
    expect(
      rows
        .filter((row) => row.groupId === id)
        .map((row) => `${row.kind}:${row.attempt}:${row.status}`)
        .sort(),
    ).toEqual(Array(MEMBERS).fill("contribution:1:pending"));
  }
  const keys = rows.map((row) => row.bankIdempotencyKey!);
  expect(new Set(keys).size).toBe(ids.length * MEMBERS);
  const { rows: atBank } = await db().execute<{ idempotency_key: string; authorizations: number; transfers: number }>(sql`
    select a.idempotency_key, count(distinct a.authorization_id)::int as authorizations, count(distinct t.transfer_id)::int as transfers
    from sandbox_plaid.transfer_authorizations a left join sandbox_plaid.transfers t on t.authorization_id = a.authorization_id
    where a.idempotency_key in ${keys} group by 1`);
  expect(atBank).toHaveLength(keys.length);
  expect(atBank.filter((row) => row.authorizations !== 1 || row.transfers !== 1)).toEqual([]);
  const { rows: byMetadata } = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from sandbox_plaid.transfers where metadata->>'rosca_key' in ${rows.map((row) => row.idempotencyKey)}`);
  expect(byMetadata[0]!.n).toBe(rows.length);
  const ledger = await verifyLedger();
  expect(ledger.checks.filter((check) => !check.ok)).toEqual([]);
  expect(ledger.ok).toBe(true);
}

describe("a due date while its database is disrupted (issue 42)", () => {
  it(
    `two worker processes survive ${DISRUPTIONS.length} disruptions at random moments of the work, and the due date is done exactly once (${RUNS} run${RUNS === 1 ? "" : "s"})`,
    async () => {
      const workers: WorkerProcess[] = [0, 1].map(() =>
        startWorkerProcess({ MONEY_SHARDS: SHARDS, MONEY_PAGE_SIZE: "1", BANK_CONCURRENCY: "1", LOG_LEVEL: "info" }),
      );
      const log = () => workerOutput(...workers);
      await waitFor(
        "2 workers to start",
        () => workers.map(workerStarted),
        (up) => up.every(Boolean),
        START_MS,
        log,
      );

      for (let run = 1; run <= RUNS; run++) {
        bank!.setLatency(0);
        const { ids, today } = await money.groupsDueToday(GROUPS, MEMBERS);
        bank!.setLatency(BANK_LATENCY_MS);
        const started = Date.now();
        const total = ids.length * MEMBERS;
        const done = (state: { processed: number; debits: number }) => state.processed === ids.length && state.debits === total;
        // The cron's tick, every 3 s instead of every minute; a failed send (the database is away) is the next one's job.
        const ticking = { on: true };
        const ticker = (async () => {
          while (ticking.on) {
            await queue.enqueueMoneyTick("test").catch(() => {});
            await sleep(3_000);
          }
        })();

        const done_: string[] = [];
        try {
          // The work under way: the first debit at the bank. (Main's set-up, slowed by the bank's latency, gave the
          // per-minute cron time to start the due date before the test's tick; now the tick starts it.)
          await waitFor(
            "the first debit",
            () => progress(ids, today),
            (state) => state.debits > 0,
            120_000,
            log,
          );
          for (const disruption of [...DISRUPTIONS].sort(() => Math.random() - 0.5)) {
            // A random moment while the work is under way: after 0.5–2.5 s more of it, and only while debits are left.
            await sleep(500 + Math.random() * 2_000);
            const before = await progress(ids, today);
            if (done(before)) break;
            await disruption.run();
            done_.push(`${disruption.name} at ${before.debits}/${total} debits`);
          }
          await waitFor("the due date to finish", () => progress(ids, today), done, 120_000, log);
        } finally {
          ticking.on = false;
          await ticker;
        }
        console.log(`run ${run}: ${done_.join("; ")}; finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        // Every disruption hit the work in the middle of it.
        expect(done_, log()).toHaveLength(DISRUPTIONS.length);
        for (const worker of workers) expect(worker.child.exitCode, log()).toBeNull();
        await expectDoneOnce(ids);
        // This run's groups keep being worked while their debits are pending at the bank: parked, so that the next
        // run's due date is the same amount of work as this one's.
        await retrying(() => db().update(schema.groups).set({ moneyParkedAt: new Date() }).where(inArray(schema.groups.id, ids)));
      }

      // Nothing ended a process: no uncaught exception, and every worker still answers SIGTERM with a clean stop.
      expect(log()).not.toContain("uncaught exception");
      const rejections = log()
        .split("\n")
        .filter((line) => line.includes("unhandled promise rejection"));
      console.log(`unhandled rejections logged (and survived) by the process guard: ${rejections.length}`);
      for (const worker of workers) worker.child.kill("SIGTERM");
      for (const worker of workers) expect(await worker.exited, log()).toMatchObject({ code: 0, signal: null });
    },
    START_MS + 180_000 * RUNS,
  );
});
