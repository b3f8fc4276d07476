/**
 * Every failure state SPEC.md section 8 names, reached for real: a failing table, a statement that outlives the web
 * statement_timeout because another connection holds a lock, a mail service that is down. Each asserts the exact words.
 */
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { call, context, CookieJar, get, post } from "../support/routes";
import { renderRoute, textOf } from "../support/render";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl, stopMail } = await useTestDatabase();

const { latestMessageTo } = await import("../../sandbox/postmark/store");
const { extractLinks } = await import("../../sandbox/postmark/view");
const register = await import("../../app/routes/register");
const login = await import("../../app/routes/login");
const resetPassword = await import("../../app/routes/reset-password");
const profile = await import("../../app/routes/profile._index");
const root = await import("../../app/root");
const { closeDb, db, setStatementTimeout, MIGRATION_STATEMENT_TIMEOUT_MS, WEB_STATEMENT_TIMEOUT_MS, WORKER_STATEMENT_TIMEOUT_MS } = await import(
  "../../app/server/db/client.server"
);
const { migrateDatabase } = await import("../../app/server/db/migrate.server");
const { authTokens, emailOutbox } = await import("../../app/server/db/schema");
const { backgroundDeliveries } = await import("../../app/server/email/email.server");
const { armFailpoint, disarmFailpoints } = await import("../../app/server/platform/failpoints.server");
const { AUTH_MESSAGES } = await import("../../app/domain/auth");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { createUser, sessionJarFor } = await import("../support/users");
const { eq } = await import("drizzle-orm");

let counter = 0;
function uniqueEmail() {
  counter += 1;
  return `state${counter}.${Date.now()}@example.com`;
}
function freshIp() {
  counter += 1;
  return `198.19.${Math.floor(counter / 250)}.${counter % 250}`;
}

function registerForm(email = uniqueEmail()) {
  return post("/register", { fullName: "Amina Yusuf", email, password: "Secret123", confirmPassword: "Secret123", terms: "on" });
}

/** Another connection that takes a lock and keeps it until released: what a slow migration or a stuck job does. */
async function holdLock(table: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("begin");
  await client.query(`lock table ${table} in access exclusive mode`);
  return async () => {
    await client.query("rollback");
    await client.end();
  };
}

/** The web server's statement_timeout, short so the tests are quick; connections are reopened with it. */
async function withStatementTimeout<T>(ms: number, work: () => Promise<T>) {
  await closeDb();
  setStatementTimeout(ms);
  try {
    return await work();
  } finally {
    await closeDb();
    setStatementTimeout(0);
  }
}

async function toastsOf(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  return (await takeToasts(get("/login", jar))).toasts.map(({ title, description }) => ({ title, description }));
}

afterEach(() => setStatementTimeout(0));

describe("registration failures", () => {
  it("shows the default 'Oops' message on the form for an unexpected failure, never the error page", async () => {
    // The rate-limit store's table is missing (a botched deploy): an error no branch expects.
    await db().execute("alter table rate_limits rename to rate_limits_gone");
    try {
      const response = await call(register.action, registerForm(), {}, context(freshIp()));
      expect(response.status).toBe(500);
      expect(response.data.error).toEqual({
        title: "Registration Failed",
        message: "Oops—couldn't create your account right now. Please try again in a moment.",
      });
      // On the registration page itself, not an error page.
      expect(textOf(renderRoute(register.default, "/register", null, response.data))).toContain(
        "Registration Failed Oops—couldn't create your account right now. Please try again in a moment.",
      );
      // The form keeps what was typed (minus the passwords).
      expect(response.data.result.initialValue).toMatchObject({ fullName: "Amina Yusuf" });
      expect(response.data.result.initialValue.password).toBeUndefined();
    } finally {
      await db().execute("alter table rate_limits_gone rename to rate_limits");
    }
  });

  it("says 'Server Error' when the database does not answer in time", async () => {
    const release = await holdLock("rate_limits");
    try {
      const response = await withStatementTimeout(300, () => call(register.action, registerForm(), {}, context(freshIp())));
      expect(response.status).toBe(503);
      expect(response.data.error).toEqual({
        title: "Server Error",
        message: "Our servers are experiencing issues. Please try again in a few minutes.",
      });
    } finally {
      await release();
    }
  });
});

describe("password reset states", () => {
  async function resetLinkFor(email: string) {
    expect((await call(login.action, post("/login", { intent: "reset-request", email }), {}, context(freshIp()))).data.sent).toBe(
      "If an account exists for that address, a link to reset your password is on its way to it. The link expires in 1 hour.",
    );
    await backgroundDeliveries();
    const message = await latestMessageTo(databaseUrl, email);
    const link = extractLinks(message!).find((href) => new URL(href).pathname === "/reset-password")!;
    const url = new URL(link);
    return { path: url.pathname + url.search, selector: url.searchParams.get("refresh_token")!, token: url.searchParams.get("access_token")! };
  }

  it("has its own rate-limit message for reset requests", async () => {
    const email = uniqueEmail();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await call(login.action, post("/login", { intent: "reset-request", email }), {}, context(freshIp()))).status).toBe(200);
    }
    const blocked = await call(login.action, post("/login", { intent: "reset-request", email }), {}, context(freshIp()));
    expect(blocked.status).toBe(429);
    expect(blocked.data.error).toEqual({
      title: "Too Many Requests",
      message: "Too many password reset requests. Please wait an hour and try again.",
    });
  });

  it("tells an expired link from an invalid one", async () => {
    const user = await createUser({ email: uniqueEmail() });
    const link = await resetLinkFor(user.email);
    await db()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.id, link.selector));

    const expired = await call(resetPassword.loader, get(link.path));
    expect(expired).toMatchObject({ status: 302, location: "/login?mode=reset" });
    expect(await toastsOf(expired.setCookies)).toEqual([
      { title: "Reset Link Expired", description: "This password reset link has expired (links are valid for 1 hour). Please request a new one." },
    ]);

    // The same selector with a wrong secret is not "expired": it is invalid, and says nothing about the real link.
    const forged = await call(
      resetPassword.loader,
      get(`/reset-password?${new URLSearchParams({ access_token: `${link.token.slice(0, -2)}xx`, refresh_token: link.selector, type: "recovery" })}`),
    );
    expect(forged).toMatchObject({ status: 302, location: "/login" });
    expect(await toastsOf(forged.setCookies)).toEqual([
      { title: "Invalid Reset Link", description: "This password reset link is invalid. Please request a new one." },
    ]);

    // An expired link posted anyway (the form was left open past the hour) is refused the same way.
    const late = await call(
      resetPassword.action,
      post("/reset-password", { selector: link.selector, token: link.token, password: "Newpass123", confirmPassword: "Newpass123" }),
    );
    expect(late).toMatchObject({ status: 302, location: "/login?mode=reset" });
  });

  it("calls a spent link invalid, saying it was used", async () => {
    const user = await createUser({ email: uniqueEmail() });
    const link = await resetLinkFor(user.email);
    const done = await call(
      resetPassword.action,
      post("/reset-password", { selector: link.selector, token: link.token, password: "Newpass123", confirmPassword: "Newpass123" }),
    );
    expect(done.location).toBe("/reset-password?done=1");
    const reused = await call(resetPassword.loader, get(link.path));
    expect(reused).toMatchObject({ status: 302, location: "/login" });
    expect(await toastsOf(reused.setCookies)).toEqual([
      { title: "Invalid Reset Link", description: "This password reset link has already been used. Please request a new one if you still need it." },
    ]);
  });
});

describe("profile and pages when the database is slow", () => {
  it("shows 'Profile loading timed out...' when the profile read outlives the statement timeout", async () => {
    const user = await createUser({ email: uniqueEmail(), name: "Omar Haddad", city: "Dearborn" });
    const jar = await sessionJarFor(user.id);
    // The profile's own read needs bank_accounts; a migration holding it stalls that read and nothing else.
    const release = await holdLock("bank_accounts");
    let page;
    try {
      page = await withStatementTimeout(300, () => call(profile.loader, get("/profile", jar)));
    } finally {
      await release();
    }
    expect(page.status).toBe(200);
    expect(page.data.loadState).toBe("timeout");
    // What the session knows is still shown.
    expect(page.data.profile).toMatchObject({ name: "Omar Haddad", city: "Dearborn" });
    const text = textOf(renderRoute(profile.default, "/profile", page.data));
    expect(text).toContain("Profile Unavailable Profile loading timed out. Please refresh the page to try again. Refresh");
    expect(text).toContain("Omar Haddad");
  });

  it("loads the profile normally, with the linked banks, when nothing is in the way", async () => {
    const user = await createUser({ email: uniqueEmail() });
    const page = await call(profile.loader, get("/profile", await sessionJarFor(user.id)));
    expect(page.data.loadState).toBe("ok");
    expect(page.data.account).toMatchObject({ bankConnected: false, bankInstitutions: [] });
    expect(textOf(renderRoute(profile.default, "/profile", page.data))).not.toContain("timed out");
  });

  it("answers any page with a retryable 503 when even the session lookup times out", async () => {
    const user = await createUser({ email: uniqueEmail() });
    const jar = await sessionJarFor(user.id);
    const release = await holdLock("sessions");
    let response;
    try {
      response = await withStatementTimeout(300, () => call(root.loader, get("/dashboard", jar)));
    } finally {
      await release();
    }
    expect(response.status).toBe(503);
    expect(response.data).toEqual({ reason: "busy", message: "This is taking longer than it should. Please try again in a moment." });
  });
});

// Last: the mail double stays down for the rest of this file.
describe("statement timeouts by kind of process", () => {
  it("gives web requests 5 s, workers 5 min and migrations 15 min by default, each on its own connections", async () => {
    expect([WEB_STATEMENT_TIMEOUT_MS, WORKER_STATEMENT_TIMEOUT_MS, MIGRATION_STATEMENT_TIMEOUT_MS]).toEqual([5_000, 300_000, 900_000]);
    const shown = await withStatementTimeout(WORKER_STATEMENT_TIMEOUT_MS, () =>
      db().execute<{ statement_timeout: string }>("show statement_timeout"),
    );
    expect(shown.rows[0]!.statement_timeout).toBe("5min");
  });

  it("fails a migration stuck behind another's migration lock loudly instead of waiting forever", async () => {
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock(724001)");
      const started = Date.now();
      await expect(migrateDatabase(databaseUrl, { statementTimeoutMs: 300 })).rejects.toThrow("canceling statement due to statement timeout");
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await other.end();
    }
    // Once the lock is free, the same call succeeds (nothing left to apply).
    await expect(migrateDatabase(databaseUrl, { statementTimeoutMs: 300 })).resolves.toEqual({ applied: [] });
  });
});

describe("password reset when email is down", () => {
  it("queues the email in the outbox (retried until the mail service is back, ADR 010) and says it is on its way, like for an unknown address", async () => {
    const user = await createUser({ email: uniqueEmail() });
    await stopMail();
    const queued = await call(login.action, post("/login", { intent: "reset-request", email: user.email }), {}, context(freshIp()));
    expect(queued.status).toBe(200);
    expect(queued.data).toMatchObject({
      sent: "If an account exists for that address, a link to reset your password is on its way to it. The link expires in 1 hour.",
      error: null,
    });
    // The page's words promise delivery, not that it happened.
    expect(AUTH_MESSAGES.resetSent).toBe(
      "If an account exists for that address, a link to reset your password is on its way to it. The link expires in 1 hour.",
    );
    // The answer did not wait for the mail service; the attempt it started failed and left the email queued.
    await backgroundDeliveries();
    const rows = await db()
      .select({ status: emailOutbox.status, template: emailOutbox.template })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, user.email));
    expect(rows).toEqual([{ status: "queued", template: "password-reset" }]);

    const unknown = await call(login.action, post("/login", { intent: "reset-request", email: uniqueEmail() }), {}, context(freshIp()));
    expect(unknown.status).toBe(200);
    expect(unknown.data.sent).toBe(
      "If an account exists for that address, a link to reset your password is on its way to it. The link expires in 1 hour.",
    );
  });

  it("says the request failed, and writes nothing, when the link cannot be saved", async () => {
    const user = await createUser({ email: uniqueEmail() });
    armFailpoint("reset-before-commit");
    try {
      const failed = await call(login.action, post("/login", { intent: "reset-request", email: user.email }), {}, context(freshIp()));
      expect(failed.status).toBe(503);
      expect(failed.data).toMatchObject({ sent: null, error: { title: "Reset Failed", message: "Failed to send reset email. Please try again." } });
    } finally {
      disarmFailpoints();
    }
    expect(await db().select().from(authTokens).where(eq(authTokens.userId, user.id))).toEqual([]);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email))).toEqual([]);
  });
});
