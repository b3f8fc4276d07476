/**
 * Applies the committed SQL migrations in ./drizzle (`npm run db:migrate`, Fly's release_command, `npm start`, the test
 * set-up). ADR 043 says why it is not drizzle-orm's migrator and what a migration may contain.
 *
 * The release command runs while the previous release still serves, so a migration must never queue behind live
 * traffic for long: a DDL statement waiting for its lock holds every later reader of that table behind it (an
 * `ALTER TABLE` queued behind a worker's row lock made /dashboard answer 500 after 6.5 s, issue 36). Hence:
 * - **one transaction per migration** (drizzle's migrator runs every pending one in a single transaction): a failing
 *   migration leaves the ones before it applied and recorded, and no lock is held longer than one migration needs;
 * - **wait outside the lock queue** (ADR 048): before each attempt, the migrator reads pg_locks for transactions that
 *   hold a lock on the tables the migration names and were already there at the previous look (a long holder: a
 *   worker's page, a long report), and waits while there are any, polling every LOCK_POLL_MS. Reading pg_locks takes
 *   no lock, so readers of those tables are not held up by the wait at all;
 * - **`SET LOCAL lock_timeout`** (DATABASE_MIGRATION_LOCK_TIMEOUT_MS, default 200 ms) in each attempt: one that still
 *   cannot get its lock (a holder arrived between the look and the attempt) gives up (SQLSTATE 55P03, or 40P01 when
 *   PostgreSQL picks it as a deadlock's victim), rolls back, lets the queued traffic through, and goes back to waiting.
 *   So a reader stalls behind the migration's queued lock at most for that short lock_timeout, once per holder that
 *   slipped in, instead of 2 s on every retry (issue 42's measurement, ADR 048). All within a total deadline
 *   (DATABASE_MIGRATION_RETRY_DEADLINE_MS, default 3 min), after which the release fails loudly;
 * - the advisory lock that serialises concurrent release commands, and the statement_timeout (ADR 020), as before.
 *
 * Bookkeeping is drizzle's own, unchanged: `drizzle.__drizzle_migrations` (hash = SHA-256 of the file, created_at =
 * the journal's `when`), and a migration is pending when its `when` is newer than the newest recorded one. A database
 * migrated by drizzle's migrator continues here, and the other way round.
 *
 * A migration whose SQL starts with the line `-- migration: no-transaction` runs statement by statement outside a
 * transaction, for what PostgreSQL refuses inside one (`CREATE INDEX CONCURRENTLY`); its statements must be safe to run
 * again (a retry or a crash reruns it from its first statement: `DROP INDEX CONCURRENTLY IF EXISTS` before the create).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { logger } from "../platform/log.server";
import { MIGRATION_STATEMENT_TIMEOUT_MS } from "./client.server";

/** The advisory lock every migrator takes first: concurrent release commands apply each migration once. */
export const MIGRATION_ADVISORY_LOCK = 724001;

/** The first line that makes a migration run outside a transaction (`CREATE INDEX CONCURRENTLY`). */
export const NO_TRANSACTION_DIRECTIVE = "-- migration: no-transaction";

/** SQLSTATEs after which a migration is rolled back and tried again: lock_not_available (lock_timeout), deadlock_detected. */
const RETRYABLE = new Set(["55P03", "40P01"]);

function millisFromEnv(name: string, fallback: number) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const ms = Number(raw);
  return Number.isFinite(ms) && ms >= 0 ? Math.floor(ms) : fallback;
}

export const MIGRATION_LOCK_TIMEOUT_MS = millisFromEnv("DATABASE_MIGRATION_LOCK_TIMEOUT_MS", 200);
/** How often the migrator looks at pg_locks while a long holder is in the way. */
export const LOCK_POLL_MS = 100;
export const MIGRATION_RETRY_DEADLINE_MS = millisFromEnv("DATABASE_MIGRATION_RETRY_DEADLINE_MS", 3 * 60_000);

export type Migration = { tag: string; when: number; hash: string; statements: string[]; transaction: boolean };

export type MigrateOptions = {
  /** Default: ./drizzle. */
  migrationsFolder?: string;
  /** statement_timeout of the migrator's connection (0: none). Default DATABASE_MIGRATION_STATEMENT_TIMEOUT_MS, 15 min. */
  statementTimeoutMs?: number;
  /** lock_timeout of each migration's transaction. Default DATABASE_MIGRATION_LOCK_TIMEOUT_MS, 200 ms. */
  lockTimeoutMs?: number;
  /** No new attempt starts this long after the first one. Default DATABASE_MIGRATION_RETRY_DEADLINE_MS, 3 min. */
  retryDeadlineMs?: number;
  /** The first backoff (doubling each attempt, up to maxBackoffMs), before jitter. Default 500 ms and 15 s. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * Wait, outside the lock queue, while a transaction that held a lock on the migration's tables at the previous look
   * still holds one (default true). false: try at once, as before ADR 048 (the measurement's "before").
   */
  waitForHolders?: boolean;
  /** Where progress and retries are logged. Default: the process's logger. */
  log?: MigrationLog;
};

export type MigrationLog = { info(fields: object, message: string): void; warn(fields: object, message: string): void };

export type MigrationResult = {
  /** What this call applied, in order, with how many attempts each took. Empty when the database was up to date. */
  applied: Array<{ tag: string; attempts: number; ms: number }>;
};

/** The migrations of a drizzle folder, in journal order, as drizzle-orm's readMigrationFiles reads them. */
export function readMigrations(migrationsFolder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(path.join(migrationsFolder, `${tag}.sql`), "utf8");
    return {
      tag,
      when,
      // drizzle's hash: of the whole file as read.
      hash: createHash("sha256").update(text).digest("hex"),
      statements: text.split("--> statement-breakpoint").filter((statement) => statement.trim() !== ""),
      transaction: !text.trimStart().startsWith(NO_TRANSACTION_DIRECTIVE),
    };
  });
}

/** Full-jitter-ish backoff: half of the doubled step fixed, half random, so that several migrators spread out. */
export function backoffMs(attempt: number, initialMs: number, maxMs: number, random = Math.random) {
  const step = Math.min(maxMs, initialMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Apply the pending migrations of `migrationsFolder` to `databaseUrl`, each in its own transaction under a lock_timeout,
 * retrying one that could not get its locks. Safe to run repeatedly and concurrently.
 */
export async function migrateDatabase(databaseUrl: string, options: MigrateOptions = {}): Promise<MigrationResult> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve("drizzle");
  const statementTimeoutMs = options.statementTimeoutMs ?? MIGRATION_STATEMENT_TIMEOUT_MS;
  const lockTimeoutMs = options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS;
  const deadlineMs = options.retryDeadlineMs ?? MIGRATION_RETRY_DEADLINE_MS;
  const initialBackoffMs = options.initialBackoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 15_000;
  const log: MigrationLog = options.log ?? logger;
  const migrations = readMigrations(migrationsFolder);

  const client = new pg.Client({ connectionString: databaseUrl, ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}) });
  // A connection dropped while idle between attempts is reported by the next query; without a listener it would crash.
  client.on("error", (error) => log.warn({ err: error }, "migrate: connection error"));
  await client.connect();
  const applied: MigrationResult["applied"] = [];
  try {
    // Two release commands (or machines starting at once) must not both migrate: serialise on an advisory lock. Its
    // wait is bounded by the statement_timeout; lock_timeout is set only inside each migration's transaction.
    await client.query("select pg_advisory_lock($1)", [MIGRATION_ADVISORY_LOCK]);
    await client.query("create schema if not exists drizzle");
    await client.query("create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)");
    const last = await client.query<{ created_at: string | null }>(
      "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    const lastWhen = last.rows[0]?.created_at == null ? null : Number(last.rows[0].created_at);
    const pending = migrations.filter((migration) => lastWhen === null || lastWhen < migration.when);
    if (pending.length === 0) return { applied };
    log.info({ pending: pending.map((migration) => migration.tag), lockTimeoutMs }, "migrate: applying");

    const started = Date.now();
    for (const migration of pending) {
      const migrationStarted = Date.now();
      const tables = tablesOf(migration);
      for (let attempt = 1; ; attempt++) {
        try {
          if (options.waitForHolders ?? true) await waitForHolders(client, migration.tag, tables, started + deadlineMs, log);
          await applyOne(client, migration, lockTimeoutMs);
          applied.push({ tag: migration.tag, attempts: attempt, ms: Date.now() - migrationStarted });
          log.info({ migration: migration.tag, attempts: attempt, ms: Date.now() - migrationStarted }, "migrate: applied");
          break;
        } catch (error) {
          const code = sqlState(error);
          const message = error instanceof Error ? error.message : String(error);
          const elapsed = Date.now() - started;
          if (!code || !RETRYABLE.has(code)) {
            throw new Error(
              `Migration ${migration.tag} failed (${code ?? "no SQLSTATE"}): ${message}. ` +
                `It was rolled back${applied.length > 0 ? `; ${applied.map((one) => one.tag).join(", ")} stay applied` : ""}.`,
              { cause: error },
            );
          }
          if (elapsed >= deadlineMs) {
            throw new Error(
              `Migration ${migration.tag} could not get its locks within ${lockTimeoutMs} ms in ${attempt} attempts over ` +
                `${(elapsed / 1000).toFixed(1)} s (${message}); gave up at the ${deadlineMs / 1000} s deadline. ` +
                "Something holds a lock on its tables for long (a long transaction, a stuck job): find it in pg_stat_activity, " +
                "then run the release again.",
              { cause: error },
            );
          }
          // Waiting for holders (the default) already spaces the attempts; a short pause spreads concurrent migrators.
          const backoff =
            (options.waitForHolders ?? true)
              ? Math.min(backoffMs(1, initialBackoffMs, initialBackoffMs), 500)
              : backoffMs(attempt, initialBackoffMs, maxBackoffMs);
          const wait = Math.min(backoff, Math.max(0, deadlineMs - elapsed));
          log.warn(
            { migration: migration.tag, attempt, code, lockTimeoutMs, retryInMs: wait, elapsedMs: elapsed },
            `migrate: ${migration.tag} waited ${lockTimeoutMs} ms for a lock (${message}); rolled back, retrying`,
          );
          await sleep(wait);
        }
      }
    }
    return { applied };
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_ADVISORY_LOCK]).catch(() => {});
    await client.end();
  }
}

/**
 * The tables a migration's statements name (ALTER/DROP/TRUNCATE/LOCK TABLE, CREATE INDEX … ON, REFERENCES, CREATE
 * TRIGGER … ON), as written, for the wait below. A name that is not a table (a new one, `ON DELETE`) is dropped there.
 */
export function tablesOf(migration: Pick<Migration, "statements">): string[] {
  const name = String.raw`((?:"[^"]+"|[A-Za-z_][\w$]*)(?:\.(?:"[^"]+"|[A-Za-z_][\w$]*))?)`;
  const patterns = [
    new RegExp(String.raw`\b(?:ALTER|DROP|TRUNCATE|LOCK)\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${name}`, "gi"),
    new RegExp(String.raw`\bON\s+(?:ONLY\s+)?${name}`, "gi"),
    new RegExp(String.raw`\bREFERENCES\s+${name}`, "gi"),
  ];
  const found = new Set<string>();
  for (const statement of migration.statements) {
    for (const pattern of patterns) for (const match of statement.matchAll(pattern)) found.add(match[1]!);
  }
  return [...found];
}

/**
 * Wait until no transaction that already held a lock on one of `tables` at the previous look (LOCK_POLL_MS ago) still
 * holds one: a long holder, behind which the migration's lock would queue and hold up every reader. Short ones (a page's
 * reads) come and go between looks and are not waited for. Reads pg_locks only, which takes no lock. Logs once when it
 * starts waiting and every 10 s after; gives up waiting at `deadline` (the attempt then meets the lock_timeout).
 */
async function waitForHolders(client: pg.Client, tag: string, tables: string[], deadline: number, log: MigrationLog) {
  if (tables.length === 0) return;
  const look = async () => {
    const { rows } = await client.query<{ holder: string; pid: number; relation: string }>(
      `select distinct l.virtualtransaction as holder, l.pid, l.relation::regclass::text as relation
         from pg_locks l
        where l.granted and l.locktype = 'relation' and l.pid <> pg_backend_pid()
          and l.relation = any (select to_regclass(t) from unnest($1::text[]) t where to_regclass(t) is not null)`,
      [tables],
    );
    return rows;
  };
  let previous = new Set((await look()).map((row) => row.holder));
  const waitStarted = Date.now();
  let loggedAt = 0;
  while (Date.now() < deadline) {
    await sleep(LOCK_POLL_MS);
    const now = await look();
    const long = now.filter((row) => previous.has(row.holder));
    if (long.length === 0) return;
    if (Date.now() - loggedAt >= 10_000) {
      loggedAt = Date.now();
      log.warn(
        { migration: tag, holders: long.map((row) => ({ pid: row.pid, relation: row.relation })), waitedMs: Date.now() - waitStarted },
        `migrate: ${tag} waits for ${new Set(long.map((row) => row.pid)).size} transaction(s) holding locks on ${[...new Set(long.map((row) => row.relation))].join(", ")} (pid ${[...new Set(long.map((row) => row.pid))].join(", ")})`,
      );
    }
    previous = new Set(now.map((row) => row.holder));
  }
}

async function applyOne(client: pg.Client, migration: Migration, lockTimeoutMs: number) {
  const record = () => client.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [migration.hash, migration.when]);
  if (!migration.transaction) {
    // Outside a transaction: the session's lock_timeout, for each statement; recorded once all have run.
    await client.query(`set lock_timeout = ${Math.floor(lockTimeoutMs)}`);
    try {
      for (const statement of migration.statements) await client.query(statement);
      await record();
    } finally {
      await client.query("reset lock_timeout").catch(() => {});
    }
    return;
  }
  await client.query("begin");
  try {
    // SET LOCAL: for this transaction only. 0 would mean no limit; a lock wait of more than this fails the attempt.
    await client.query(`set local lock_timeout = ${Math.floor(lockTimeoutMs)}`);
    for (const statement of migration.statements) await client.query(statement);
    await record();
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}
