import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";
import { call, context, CookieJar, get, post } from "../support/routes";

const { databaseUrl } = await useTestDatabase();

const { latestMessageTo, listMessages } = await import("../../sandbox/postmark/store");
const { extractLinks } = await import("../../sandbox/postmark/view");
const login = await import("../../app/routes/login");
const register = await import("../../app/routes/register");
const confirm = await import("../../app/routes/auth.confirm");
const resetPassword = await import("../../app/routes/reset-password");
const logout = await import("../../app/routes/logout");
const { requireUser } = await import("../../app/server/auth/guards.server");
const { lookupSession, SESSION_IDLE_MS } = await import("../../app/server/auth/session.server");
const { isResetTokenValid } = await import("../../app/server/auth/accounts.server");
const { backgroundDeliveries } = await import("../../app/server/email/email.server");
const { db } = await import("../../app/server/db/client.server");
const { sessions, users } = await import("../../app/server/db/schema");
const { eq, sql } = await import("drizzle-orm");

const INVALID_CREDENTIALS = "Invalid username, email, or password. Please check your credentials and try again.";
const TOO_MANY = "Too many login attempts. Please wait a few minutes before trying again.";

let counter = 0;
function uniqueEmail() {
  counter += 1;
  return `person${counter}.${Date.now()}@example.com`;
}

/** Each registration from its own address: the per-IP sign-up limit has its own test. */
async function registerAccount(email: string, password = "Secret123", fullName = "Test Person") {
  counter += 1;
  const ip = `198.18.${Math.floor(counter / 250)}.${counter % 250}`;
  return call(register.action, post("/register", { fullName, email, password, confirmPassword: password, terms: "on" }), {}, context(ip));
}

async function linkFromLatestEmail(to: string, pathPrefix: string) {
  const message = await latestMessageTo(databaseUrl, to);
  expect(message, `an email to ${to}`).not.toBeNull();
  const link = extractLinks(message!).find((href) => new URL(href).pathname === pathPrefix);
  expect(link, `a ${pathPrefix} link in "${message!.subject}"`).toBeDefined();
  const url = new URL(link!);
  return url.pathname + url.search;
}

async function confirmAccount(email: string) {
  const path = await linkFromLatestEmailBySubject(email, "/auth/confirm");
  const page = await call(confirm.loader, get(path));
  expect(page.status).toBe(200);
  const confirmed = await call(confirm.action, post("/auth/confirm", page.data));
  expect(confirmed).toMatchObject({ status: 302, location: "/auth-success" });
}

/** The confirmation email is not the newest one (the welcome email follows it), so search all of them. */
async function linkFromLatestEmailBySubject(to: string, pathPrefix: string) {
  const messages = await listMessages(databaseUrl, { to });
  for (const message of messages) {
    const link = extractLinks(message).find((href) => new URL(href).pathname === pathPrefix);
    if (link) return new URL(link).pathname + new URL(link).search;
  }
  throw new Error(`no ${pathPrefix} link in ${messages.length} emails to ${to}`);
}

async function logIn(email: string, password: string, extra: Record<string, string> = {}) {
  return call(login.action, post("/login", { intent: "login", email, password, ...extra }));
}

function sessionJar(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  return jar;
}

describe("register → confirm → login → logout", () => {
  it("walks the whole account lifecycle with real emails", async () => {
    const email = uniqueEmail();
    const registered = await registerAccount(email.toUpperCase(), "Secret123", "  Amina Yusuf  ");
    expect(registered.status).toBe(302);
    expect(registered.location).toBe("/login");

    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ email, name: "Amina Yusuf", firstName: "Amina", lastName: "Yusuf", emailConfirmedAt: null });
    expect(user!.isPlaidSandboxAuthorized).toBe(false);
    expect(user!.isAdmin).toBe(false);

    const sent = await listMessages(databaseUrl, { to: email });
    expect(sent.map((message) => message.tag).sort()).toEqual(["confirm-email", "welcome"]);

    // Unconfirmed with the right password: said so (only the password's holder learns it), with a way to a new link.
    const early = await logIn(email, "Secret123");
    expect(early.status).toBe(403);
    expect(early.data.error).toEqual({
      title: "Email Not Confirmed",
      message: "Your email address isn't confirmed yet. Follow the link in the confirmation email we sent you, or get a new one.",
    });
    expect(early.data.unconfirmed).toEqual({ email });
    // A wrong password on an unconfirmed account is just a wrong password (SPEC.md section 8).
    const wrong = await logIn(email, "NotThePassword1");
    expect(wrong.status).toBe(401);
    expect(wrong.data.error).toEqual({ title: "Login Failed", message: INVALID_CREDENTIALS });

    await confirmAccount(email);
    const [confirmed] = await db().select().from(users).where(eq(users.email, email));
    expect(confirmed!.emailConfirmedAt).toBeInstanceOf(Date);

    const success = await logIn(email, "Secret123", { redirectTo: "/profile" });
    expect(success.status).toBe(302);
    expect(success.location).toBe("/profile");
    const sessionCookie = success.setCookies.find((cookie) => cookie.startsWith("rosca_session="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Max-Age/i); // no remember-me: ends with the browser
    const [signedIn] = await db().select().from(users).where(eq(users.email, email));
    expect(signedIn!.lastSignInAt).toBeInstanceOf(Date);

    const jar = sessionJar(success.setCookies);
    const current = await requireUser(get("/dashboard", jar));
    expect(current.user.email).toBe(email);

    const out = await call(logout.action, post("/logout", {}, jar));
    expect(out).toMatchObject({ status: 302, location: "/login" });

    // The old cookie is dead: /login with 'Authentication Error', and the cookie is cleared.
    const after = await call(() => requireUser(get("/dashboard", jar)), get("/dashboard"));
    expect(after.status).toBe(302);
    expect(after.location).toBe("/login");
    expect(after.setCookies.some((cookie) => cookie.startsWith("rosca_session=;"))).toBe(true);
    const flash = new CookieJar();
    flash.store(after.setCookies);
    const { takeToasts } = await import("../../app/server/notifications/toast.server");
    const { toasts } = await takeToasts(get("/login", flash));
    // Toasts not yet shown (no page rendered in this test) queue up in order; the newest is the session error.
    expect(toasts.map((toast) => toast.title)).toEqual(["Login Successful", "Authentication Error"]);
  });

  it("greets a brand-new account's first sign-in with 'Welcome!' and every later one with 'Welcome back!'", async () => {
    const email = uniqueEmail();
    expect((await registerAccount(email)).status).toBe(302);
    await confirmAccount(email);
    const { takeToasts } = await import("../../app/server/notifications/toast.server");
    const greeting = async () => {
      const signedIn = await logIn(email, "Secret123");
      expect(signedIn.status).toBe(302);
      const { toasts } = await takeToasts(get("/dashboard", sessionJar(signedIn.setCookies)));
      return toasts.map((toast) => [toast.title, toast.description]);
    };
    expect(await greeting()).toEqual([["Login Successful", "Welcome!"]]);
    expect(await greeting()).toEqual([["Login Successful", "Welcome back!"]]);
  });

  it("never signs an invitee in as the demo user: the demo button's post with an invitation to go to is an ordinary login", async () => {
    const { seedDemoData } = await import("../../scripts/lib/seed");
    await seedDemoData();
    const invitee = await call(login.action, post("/login", { intent: "demo", redirectTo: "/groups/join/an-invite-code-0000" }));
    expect(invitee.status).toBe(400);
    expect(invitee.setCookies.some((cookie) => cookie.startsWith("rosca_session="))).toBe(false);
    expect((invitee.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({ email: ["Email is required"] });
    // Without one, the demo button signs in as the demo user (outside production), as SPEC.md says.
    const visitor = await call(login.action, post("/login", { intent: "demo", redirectTo: "/groups" }));
    expect(visitor).toMatchObject({ status: 302, location: "/groups" });
    expect(visitor.setCookies.some((cookie) => cookie.startsWith("rosca_session="))).toBe(true);
  });

  it("refuses a second account for the same email in any letter case", async () => {
    const email = uniqueEmail();
    expect((await registerAccount(email)).status).toBe(302);
    const again = await registerAccount(email.replace("person", "PERSON"));
    expect(again.status).toBe(409);
    expect(again.data.error).toEqual({
      title: "Account Already Exists",
      message: "An account with this email already exists. Please try logging in instead.",
    });
  });

  it("rejects an unticked terms box on the server", async () => {
    const response = await call(
      register.action,
      post("/register", { fullName: "No Terms", email: uniqueEmail(), password: "Secret123", confirmPassword: "Secret123" }),
    );
    expect(response.status).toBe(400);
    expect(response.data.result.error).toEqual({ terms: ["You must agree to the Terms of Service and Privacy Policy"] });
  });

  it("gives every login a new session id and honours remember-me", async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    await confirmAccount(email);
    const first = await logIn(email, "Secret123");
    const second = await logIn(email, "Secret123", { remember: "on" });
    const firstJar = sessionJar(first.setCookies);
    const secondJar = sessionJar(second.setCookies);
    expect(firstJar.get("rosca_session")).toBeTruthy();
    expect(firstJar.get("rosca_session")).not.toBe(secondJar.get("rosca_session"));
    expect(second.setCookies.find((cookie) => cookie.startsWith("rosca_session="))).toMatch(/Max-Age=2592000/);
    const rows = await db().select().from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, email));
    expect(rows).toHaveLength(2);
    // The database never holds the cookie's token itself, only its hash.
    const token = decodeURIComponent(firstJar.get("rosca_session")!);
    expect(rows.some((row) => token.includes(row.sessions.id))).toBe(false);
  });

  it("logs the demo account in without a password field (the no-JavaScript demo button)", async () => {
    const { seedDemoData } = await import("../../scripts/lib/seed");
    await seedDemoData();
    const response = await call(login.action, post("/login", { intent: "demo" }));
    expect(response.status).toBe(302);
    expect(response.location).toBe("/dashboard");
    const current = await requireUser(get("/dashboard", sessionJar(response.setCookies)));
    expect(current.user.email).toBe("demo@rosca.example");
    // Seeding twice adds nobody.
    const before = await db().select({ count: sql<number>`count(*)::int` }).from(users);
    expect((await seedDemoData()).created).toBe(0);
    const afterSeed = await db().select({ count: sql<number>`count(*)::int` }).from(users);
    expect(afterSeed[0]!.count).toBe(before[0]!.count);
  });

  it("sends only same-origin paths as redirectTo", async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    await confirmAccount(email);
    const response = await logIn(email, "Secret123", { redirectTo: "//evil.example/steal" });
    expect(response.location).toBe("/dashboard");
  });
});

describe("idle timeout (30 minutes, enforced on the server)", () => {
  it("keeps a session alive under 30 idle minutes and ends it at 30", async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    await confirmAccount(email);
    const jar = sessionJar((await logIn(email, "Secret123")).setCookies);
    const start = Date.now();
    const at = (minutes: number) => new Date(start + minutes * 60_000);

    const active = await lookupSession(get("/dashboard", jar), { now: at(29) });
    expect(active.status).toBe("active");
    // That request counted as activity: 29 more minutes are fine …
    expect((await lookupSession(get("/dashboard", jar), { now: at(58) })).status).toBe("active");
    // … but 30 idle minutes after the last request, the session is gone for good.
    const expired = await lookupSession(get("/dashboard", jar), { now: new Date(at(58).getTime() + SESSION_IDLE_MS) });
    expect(expired.status).toBe("expired");
    expect((await lookupSession(get("/dashboard", jar), { now: at(58) })).status).toBe("invalid");

    const redirected = await call(() => requireUser(get("/dashboard", jar)), get("/dashboard"));
    expect(redirected.location).toBe("/login");
  });

  it("sends an anonymous visitor of a protected page to /login with a safe redirectTo", async () => {
    const redirected = await call(() => requireUser(get("/profile/security?x=1")), get("/"));
    expect(redirected.status).toBe(302);
    expect(redirected.location).toBe("/login?redirectTo=%2Fprofile%2Fsecurity%3Fx%3D1");
  });

  it("treats a forged cookie as an authentication error", async () => {
    const forged = new Request("http://localhost:3000/dashboard", { headers: { Cookie: "rosca_session=forged-value" } });
    expect((await lookupSession(forged)).status).toBe("invalid");
  });
});

describe("password reset", () => {
  it("resets once with an emailed link, ends every session, and refuses reuse", async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    await confirmAccount(email);
    const oldSession = sessionJar((await logIn(email, "Secret123")).setCookies);

    const requested = await call(login.action, post("/login", { intent: "reset-request", email }));
    expect(requested.status).toBe(200);
    expect(requested.data.sent).toBe(
      "If an account exists for that address, a link to reset your password is on its way to it. The link expires in 1 hour.",
    );
    // The answer does not wait for delivery (its timing would tell who has an account): the email follows.
    await backgroundDeliveries();
    const message = await latestMessageTo(databaseUrl, email);
    expect(message!.tag).toBe("password-reset");
    expect(message!.textBody).toContain("expires in 1 hour");
    const path = await linkFromLatestEmail(email, "/reset-password");
    const params = new URL(path, "http://x").searchParams;
    expect(params.get("type")).toBe("recovery");

    const page = await call(resetPassword.loader, get(path));
    expect(page.data).toEqual({ done: false, token: params.get("access_token"), selector: params.get("refresh_token") });

    const same = await call(resetPassword.action, post("/reset-password", { ...page.data, password: "Secret123", confirmPassword: "Secret123" }));
    expect(same.status).toBe(400);
    expect(same.data.result.error).toEqual({ password: ["Your new password must be different from your current password."] });

    const done = await call(
      resetPassword.action,
      post("/reset-password", { ...page.data, password: "Newsecret456", confirmPassword: "Newsecret456" }),
    );
    expect(done).toMatchObject({ status: 302, location: "/reset-password?done=1" });

    // Every session of the user ended.
    expect((await lookupSession(get("/dashboard", oldSession))).status).toBe("invalid");
    expect((await logIn(email, "Secret123")).status).toBe(401);
    expect((await logIn(email, "Newsecret456")).status).toBe(302);

    // The link is spent: /login with 'Invalid Reset Link'.
    const reused = await call(resetPassword.loader, get(path));
    expect(reused).toMatchObject({ status: 302, location: "/login" });
    const flash = new CookieJar();
    flash.store(reused.setCookies);
    const { takeToasts } = await import("../../app/server/notifications/toast.server");
    expect((await takeToasts(get("/login", flash))).toasts[0]!.title).toBe("Invalid Reset Link");
  });

  it("expires the link after one hour", async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    await confirmAccount(email);
    await call(login.action, post("/login", { intent: "reset-request", email }));
    await backgroundDeliveries();
    const params = new URL(await linkFromLatestEmail(email, "/reset-password"), "http://x").searchParams;
    const selector = params.get("refresh_token")!;
    const secret = params.get("access_token")!;
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await isResetTokenValid(selector, secret, inMinutes(59))).toBe(true);
    expect(await isResetTokenValid(selector, secret, inMinutes(61))).toBe(false);
    expect(await isResetTokenValid(selector, secret.slice(0, -1) + "x", inMinutes(1))).toBe(false);
  });

  it("answers a request for an unknown email exactly like a known one, and sends nothing", async () => {
    const email = uniqueEmail();
    const response = await call(login.action, post("/login", { intent: "reset-request", email }));
    expect(response.status).toBe(200);
    expect(response.data.sent).toBe(
      "If an account exists for that address, a link to reset your password is on its way to it. The link expires in 1 hour.",
    );
    await backgroundDeliveries();
    expect(await listMessages(databaseUrl, { to: email })).toEqual([]);
  });

  /** Ask for a reset link (from an address of its own: the per-IP limit has its own test) and read it from the email. */
  async function requestResetLink(email: string) {
    counter += 1;
    const ip = `198.19.${Math.floor(counter / 250)}.${counter % 250}`;
    const requested = await call(login.action, post("/login", { intent: "reset-request", email }), {}, context(ip));
    expect(requested.status).toBe(200);
    await backgroundDeliveries();
    return linkFromLatestEmail(email, "/reset-password");
  }

  /** What a reset link does now: its page (the form, or where it sends the person and what the toast says) and a POST with it. */
  async function resetLinkOutcome(path: string, password = "Another789") {
    const { takeToasts } = await import("../../app/server/notifications/toast.server");
    const page = await call(resetPassword.loader, get(path));
    const params = new URL(path, "http://x").searchParams;
    const posted = await call(
      resetPassword.action,
      post("/reset-password", { token: params.get("access_token")!, selector: params.get("refresh_token")!, password, confirmPassword: password }),
    );
    const flash = new CookieJar();
    flash.store(page.setCookies);
    const toast = page.status === 302 ? (await takeToasts(get("/login", flash))).toasts[0] : undefined;
    return {
      page: page.status === 302 ? `${page.status} ${page.location}` : String(page.status),
      toast,
      post: `${posted.status} ${posted.location}`,
    };
  }

  const REVOKED = {
    page: "302 /login?mode=reset",
    toast: expect.objectContaining({
      title: "Invalid Reset Link",
      description:
        "This password reset link no longer works: a newer link was sent or the password was changed. Please request a new one if you still need it.",
    }),
    post: "302 /login?mode=reset",
  };

  it("keeps one live link per user: a newer link ends the older one, before and after it is used", async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    await confirmAccount(email);
    const first = await requestResetLink(email);
    const second = await requestResetLink(email);
    expect(second).not.toBe(first);

    // L1 is dead as soon as L2 is issued: neither its page nor a POST with it sets a password.
    expect(await resetLinkOutcome(first)).toEqual(REVOKED);
    expect((await logIn(email, "Another789")).status).toBe(401);

    // L2 works, once; L1 stays dead after it.
    const page = await call(resetPassword.loader, get(second));
    expect(page.status).toBe(200);
    const done = await call(
      resetPassword.action,
      post("/reset-password", { ...page.data, password: "Newsecret456", confirmPassword: "Newsecret456" }),
    );
    expect(done).toMatchObject({ status: 302, location: "/reset-password?done=1" });
    expect(await resetLinkOutcome(first)).toEqual(REVOKED);
    expect((await logIn(email, "Newsecret456")).status).toBe(302);
  });

  it("ends an unused link when the password is changed on the Security page", async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    await confirmAccount(email);
    const link = await requestResetLink(email);
    const session = sessionJar((await logIn(email, "Secret123")).setCookies);
    const security = await import("../../app/routes/profile.security");
    const changed = await call(
      security.action,
      post(
        "/profile/security",
        { intent: "change-password", currentPassword: "Secret123", newPassword: "Changed789", confirmPassword: "Changed789" },
        session,
      ),
    );
    expect([changed.status, changed.location]).toEqual([302, "/profile/security"]);

    // Whoever holds the older link cannot take the account back with it.
    expect(await resetLinkOutcome(link)).toEqual(REVOKED);
    expect((await logIn(email, "Another789")).status).toBe(401);
    expect((await logIn(email, "Changed789")).status).toBe(302);
  });

  it("ends every other unused link when the password is reset with one of them", async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    await confirmAccount(email);
    const first = await requestResetLink(email);
    const params = new URL(first, "http://x").searchParams;
    // A second live link of the same user, as one issued before this change would have left behind.
    const { db } = await import("../../app/server/db/client.server");
    const { authTokens } = await import("../../app/server/db/schema");
    const [row] = await db()
      .select()
      .from(authTokens)
      .where(eq(authTokens.id, params.get("refresh_token")!));
    const { createHash } = await import("node:crypto");
    const [older] = await db()
      .insert(authTokens)
      .values({
        userId: row!.userId,
        purpose: "reset_password",
        secretHash: createHash("sha256").update("older-secret").digest("hex"),
        expiresAt: row!.expiresAt,
      })
      .returning();
    const olderPath = `/reset-password?${new URLSearchParams({ access_token: "older-secret", refresh_token: older!.id, type: "recovery" })}`;
    expect((await call(resetPassword.loader, get(olderPath))).status).toBe(200);

    const page = await call(resetPassword.loader, get(first));
    await call(resetPassword.action, post("/reset-password", { ...page.data, password: "Newsecret456", confirmPassword: "Newsecret456" }));
    expect(await resetLinkOutcome(olderPath)).toEqual(REVOKED);
    expect((await logIn(email, "Newsecret456")).status).toBe(302);
  });

  it("redirects an invalid link to /login", async () => {
    const response = await call(resetPassword.loader, get("/reset-password?access_token=abc&refresh_token=nope&type=recovery"));
    expect(response).toMatchObject({ status: 302, location: "/login" });
  });
});

describe("rate limits (per account and per IP, in PostgreSQL)", () => {
  it("locks an account after 10 attempts in 15 minutes, even with the right password", async () => {
    const email = uniqueEmail();
    await registerAccount(email);
    await confirmAccount(email);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await logIn(email, "WrongPass1")).status).toBe(401);
    }
    const blocked = await logIn(email, "Secret123");
    expect(blocked.status).toBe(429);
    expect(blocked.data.error).toEqual({ title: "Login Failed", message: TOO_MANY });
  });

  it("limits one IP across many accounts", async () => {
    const ip = "198.51.100.23";
    let last;
    for (let attempt = 1; attempt <= 51; attempt += 1) {
      last = await call(login.action, post("/login", { intent: "login", email: uniqueEmail(), password: "Whatever1" }), {}, context(ip));
    }
    expect(last!.status).toBe(429);
    expect(last!.data.error.message).toBe(TOO_MANY);
    // Another IP is unaffected.
    const other = await call(
      login.action,
      post("/login", { intent: "login", email: uniqueEmail(), password: "Whatever1" }),
      {},
      context("198.51.100.24"),
    );
    expect(other.status).toBe(401);
  });

  it("limits sign-ups to 20 an hour per IP", async () => {
    const ip = "198.51.100.99";
    const attempt = () =>
      call(
        register.action,
        post("/register", { fullName: "Many Signups", email: uniqueEmail(), password: "Secret123", confirmPassword: "Secret123", terms: "on" }),
        {},
        context(ip),
      );
    for (let index = 0; index < 20; index += 1) expect((await attempt()).status).toBe(302);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.data.error).toEqual({
      title: "Too Many Requests",
      message: "Too many sign-up attempts from your network. Please wait an hour and try again.",
    });
  });

  it("limits reset requests per account without revealing anything else", async () => {
    const email = uniqueEmail();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await call(login.action, post("/login", { intent: "reset-request", email }))).status).toBe(200);
    }
    const blocked = await call(login.action, post("/login", { intent: "reset-request", email }));
    expect(blocked.status).toBe(429);
    expect(blocked.data.error.message).toBe("Too many password reset requests. Please wait an hour and try again.");
  });
});
