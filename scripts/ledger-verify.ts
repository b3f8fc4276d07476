/**
 * `npm run ledger:verify`: check the ledger's invariants and its agreement with the bank (ADR 008); exit 1 on any
 * failure. The checks live in app/server/money/verify.server.ts.
 *
 * Database: DATABASE_URL, or else the embedded PostgreSQL of a running `npm start` (data in ./.data/pg; its port is
 * read from the server's postmaster.pid, since `npm start` picks a free port each time).
 * Bank: PLAID_ENV or PLAID_SANDBOX_URL with PLAID_CLIENT_ID/PLAID_SECRET, or else (outside production) the sandbox
 * bank double is started here on the same database: its state lives there, so it answers as `npm start`'s would.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

function embeddedDatabaseUrl(): string | null {
  const pidFile = path.resolve(".data/pg/postmaster.pid");
  if (!existsSync(pidFile)) return null;
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address, …
  const port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
  return Number.isInteger(port) && port > 0 ? `postgres://postgres:postgres@127.0.0.1:${port}/rosca` : null;
}

if (!process.env.DATABASE_URL) {
  const url = embeddedDatabaseUrl();
  if (!url) {
    console.error("DATABASE_URL is not set and no embedded database is running (start it with `npm start`).");
    process.exit(2);
  }
  process.env.DATABASE_URL = url;
}

let stopBank: (() => Promise<void>) | undefined;
if (!process.env.PLAID_ENV && !process.env.PLAID_SANDBOX_URL && process.env.APP_ENV !== "production") {
  // Not in the compiled build/host/ledger-verify.js (the image has no sandbox/): there, name the bank.
  const { startBankSandbox } = await import("../sandbox/plaid/server.ts").catch(() => {
    console.error("No bank configured (PLAID_ENV or PLAID_SANDBOX_URL), and the sandbox bank is not part of this build.");
    process.exit(2);
  });
  const bank = await startBankSandbox({ databaseUrl: process.env.DATABASE_URL, rateLimit: { requests: 1_000_000, windowMs: 60_000 } });
  stopBank = bank.stop;
  process.env.PLAID_SANDBOX_URL = bank.url;
  process.env.PLAID_CLIENT_ID ??= "sandbox-client-id";
  process.env.PLAID_SECRET ??= "sandbox-secret";
}

const { verifyLedger } = await import("../app/server/money/verify.server.ts");
const { closeDb } = await import("../app/server/db/client.server.ts");

let code = 0;
try {
  const result = await verifyLedger();
  for (const check of result.checks) console.log(`${check.ok ? "PASS" : "FAIL"}  ${check.name}: ${check.detail}`);
  console.log(result.ok ? "Ledger verified." : "Ledger verification FAILED.");
  code = result.ok ? 0 : 1;
} catch (error) {
  console.error("ledger:verify could not run:", error instanceof Error ? error.message : error);
  code = 2;
} finally {
  await closeDb();
  await stopBank?.();
}
process.exit(code);
