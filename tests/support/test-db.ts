/**
 * Per-file test database. Call `await useTestDatabase()` at the top level of an integration test file, before
 * anything touches the app's db(): it clones the migrated template into a fresh database, points DATABASE_URL at
 * it, and starts the mail double so emails are really sent over HTTP and stored.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";

/** A fresh database cloned from the migrated template; `empty`: with no schema at all (tests of the migrations themselves). */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<string> {
  const serverUrl = inject("postgresServerUrl");
  const template = inject("templateDatabase");
  const name = `rosca_test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(options.empty ? `create database "${name}"` : `create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export type TestContext = {
  databaseUrl: string;
  mailUrl: string;
  /** Stop the mail double early, to test what happens when email is down. */
  stopMail: () => Promise<void>;
  /** The mail double itself: configure() its Postmark account (token, senders, approval, webhook). */
  mail: import("../../sandbox/postmark/server.ts").MailSandbox;
  /** The sandbox bank, when asked for. */
  bank: import("../../sandbox/plaid/server.ts").BankSandbox | null;
};

/**
 * `bank`: start the sandbox bank too (true), with options of its own where a test needs them (its clock, transfer
 * limits).
 */
export async function useTestDatabase(
  options: {
    bank?: boolean | Omit<Partial<import("../../sandbox/plaid/server.ts").BankSandboxOptions>, "databaseUrl">;
    /** A migrated database of the test's own (one on a PostgreSQL server it restarts) instead of a clone of the template. */
    databaseUrl?: string;
  } = {},
): Promise<TestContext> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  process.env.DATABASE_URL = databaseUrl;
  process.env.APP_ENV = "test";
  process.env.APP_URL = "http://localhost:3000";
  delete process.env.POSTMARK_SERVER_TOKEN;
  const { startMailSandbox } = await import("../../sandbox/postmark/server.ts");
  // Webhook retries a few milliseconds apart (Postmark's are minutes apart), so that tests need not wait for them.
  const mail = await startMailSandbox({ databaseUrl, webhookRetryDelaysMs: [20, 50] });
  process.env.MAIL_SANDBOX_URL = mail.url;
  // The sandbox bank, for tests of the app's bank module (the bank's own contract tests start theirs).
  let bank: import("../../sandbox/plaid/server.ts").BankSandbox | null = null;
  if (options.bank) {
    const { startBankSandbox } = await import("../../sandbox/plaid/server.ts");
    // Money-movement tests drive hundreds of transfers a minute through the sandbox; Plaid's per-client rate limit
    // (1000 a minute per endpoint) is tested on its own in the bank's contract tests.
    bank = await startBankSandbox({
      databaseUrl,
      rateLimit: { requests: 1_000_000, windowMs: 60_000 },
      ...(typeof options.bank === "object" ? options.bank : {}),
    });
    process.env.PLAID_SANDBOX_URL = bank.url;
    process.env.PLAID_CLIENT_ID = "sandbox-client-id";
    process.env.PLAID_SECRET = "sandbox-secret";
  }
  let mailStopped = false;
  const stopMail = async () => {
    if (mailStopped) return;
    mailStopped = true;
    await mail.stop();
  };
  afterAll(async () => {
    const { closeDb } = await import("../../app/server/db/client.server.ts");
    await closeDb();
    await stopMail();
    await bank?.stop();
  });
  return { databaseUrl, mailUrl: mail.url, stopMail, mail, bank };
}
