/**
 * Confirmation emails that can be sent again, and an invitation that survives sign-up, through the routes' loaders
 * and actions with real emails in the mail double: "Resend confirmation email" on the login page (after a login with
 * the right password, or with an address typed in) and on an expired link's page, rate-limited and never telling
 * whether an account exists; the expired and used links' pages (never "register again"); and redirectTo carried from
 * register through the confirmation link and /auth-success to the login, never off-site.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase();
const register = await import("../../app/routes/register");
const login = await import("../../app/routes/login");
const confirm = await import("../../app/routes/auth.confirm");
const authSuccess = await import("../../app/routes/auth-success");
const { listMessages } = await import("../../sandbox/postmark/store");
const { extractLinks } = await import("../../sandbox/postmark/view");
const { db } = await import("../../app/server/db/client.server");
const { authTokens, emailOutbox, users } = await import("../../app/server/db/schema");
const { call, context, get, post, CookieJar } = await import("../support/routes");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { and, eq } = await import("drizzle-orm");

const INVITE = "/groups/join/AbCdEfGhIjKlMnOpQrStUv";

let counter = 0;
function uniqueEmail(prefix = "confirm") {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}
/** Each test from its own network, so per-IP limits never leak between tests. */
function ip() {
  counter += 1;
  return `198.18.${Math.floor(counter / 250)}.${counter % 250}`;
}

async function signUp(email: string, redirectTo?: string) {
  const search = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
  return call(
    register.action,
    post(`/register${search}`, {
      fullName: "Cora Confirm",
      email,
      password: "Secret123",
      confirmPassword: "Secret123",
      terms: "on",
      ...(redirectTo !== undefined ? { redirectTo } : {}),
    }),
    {},
    context(ip()),
  );
}

/** The /auth/confirm links in every email to `to`, newest first, as paths. */
async function confirmLinks(to: string) {
  const messages = await listMessages(databaseUrl, { to });
  return messages
    .flatMap((message) => extractLinks(message))
    .filter((href) => new URL(href).pathname === "/auth/confirm")
    .map((href) => new URL(href).pathname + new URL(href).search);
}

async function toastsOf(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
  return toasts.map(({ type, title, description }) => ({ type, title, description }));
}

async function expireTokensOf(email: string) {
  const [user] = await db().select().from(users).where(eq(users.email, email));
  await db()
    .update(authTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(authTokens.userId, user!.id), eq(authTokens.purpose, "confirm_email")));
}

describe("an invitation survives sign-up (redirectTo)", () => {
  it("register → confirmation link → /auth-success → login lands on the invitation", async () => {
    const email = uniqueEmail("invitee");
    const registered = await signUp(email, INVITE);
    expect(registered).toMatchObject({ status: 302, location: `/login?${new URLSearchParams({ redirectTo: INVITE })}` });

    const [link] = await confirmLinks(email);
    expect(new URL(link!, "http://x").searchParams.get("redirectTo")).toBe(INVITE);
    const page = await call(confirm.loader, get(link!));
    expect(page.data).toMatchObject({ state: "valid", redirectTo: INVITE });
    const confirmed = await call(
      confirm.action,
      post("/auth/confirm", { intent: "confirm", id: page.data.id, token: page.data.token, redirectTo: INVITE }),
    );
    expect(confirmed).toMatchObject({ status: 302, location: `/auth-success?${new URLSearchParams({ redirectTo: INVITE })}` });

    const success = await call(authSuccess.loader, get(confirmed.location!));
    expect(success.data).toEqual({ redirectTo: INVITE });
    const signedIn = await call(
      login.action,
      post(`/login?${new URLSearchParams({ redirectTo: INVITE })}`, { intent: "login", email, password: "Secret123", redirectTo: INVITE }),
    );
    expect(signedIn).toMatchObject({ status: 302, location: INVITE });
  });

  it("never carries an off-site target: not in the email, not on /auth-success, not after login", async () => {
    const email = uniqueEmail("offsite");
    for (const target of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      expect(await call(authSuccess.loader, get(`/auth-success?${new URLSearchParams({ redirectTo: target })}`))).toMatchObject({
        data: { redirectTo: "" },
      });
    }
    const registered = await signUp(email, "//evil.example/groups/join/x");
    expect(registered).toMatchObject({ status: 302, location: "/login" });
    const [link] = await confirmLinks(email);
    expect(new URL(link!, "http://x").searchParams.has("redirectTo")).toBe(false);
    // A hand-edited link: the page drops what is not a same-origin path.
    const edited = `${link}&${new URLSearchParams({ redirectTo: "https://evil.example/" })}`;
    const page = await call(confirm.loader, get(edited));
    expect(page.data).toMatchObject({ state: "valid", redirectTo: "" });
    const confirmed = await call(confirm.action, post("/auth/confirm", { id: page.data.id, token: page.data.token, redirectTo: "//evil.example" }));
    expect(confirmed).toMatchObject({ status: 302, location: "/auth-success" });
    const signedIn = await call(login.action, post("/login", { intent: "login", email, password: "Secret123", redirectTo: "//evil.example" }));
    expect(signedIn).toMatchObject({ status: 302, location: "/dashboard" });
  });
});

describe("Resend confirmation email", () => {
  it("on login with the right password: says the email is unconfirmed, and one click sends a new, working link", async () => {
    const email = uniqueEmail();
    await signUp(email, INVITE);
    const attempt = await call(login.action, post("/login", { intent: "login", email, password: "Secret123" }));
    expect(attempt.status).toBe(403);
    expect(attempt.data).toMatchObject({
      error: {
        title: "Email Not Confirmed",
        message: "Your email address isn't confirmed yet. Follow the link in the confirmation email we sent you, or get a new one.",
      },
      unconfirmed: { email },
    });
    const resent = await call(login.action, post("/login", { intent: "resend-confirmation", email, redirectTo: INVITE }), {}, context(ip()));
    expect(resent.status).toBe(200);
    expect(resent.data).toMatchObject({
      intent: "resend-confirmation",
      sent: "If an account with that address is waiting for confirmation, a new confirmation link is on its way. It expires in 24 hours.",
      error: null,
    });
    // Delivery is not awaited by the answer (its timing would tell who has an account): the email follows.
    await expect.poll(async () => (await confirmLinks(email)).length).toBe(2);
    const links = await confirmLinks(email);
    const page = await call(confirm.loader, get(links[0]!));
    expect(page.data).toMatchObject({ state: "valid", redirectTo: INVITE });
  });

  it("answers the same for an unknown address and a confirmed account, and sends nothing", async () => {
    const confirmedEmail = uniqueEmail("done");
    await signUp(confirmedEmail);
    const [link] = await confirmLinks(confirmedEmail);
    const page = await call(confirm.loader, get(link!));
    await call(confirm.action, post("/auth/confirm", { id: page.data.id, token: page.data.token }));
    const before = (await listMessages(databaseUrl, { to: confirmedEmail })).length;

    const unknown = uniqueEmail("nobody");
    for (const address of [unknown, confirmedEmail]) {
      const reply = await call(login.action, post("/login", { intent: "resend-confirmation", email: address }), {}, context(ip()));
      expect(reply.status).toBe(200);
      expect(reply.data).toMatchObject({
        intent: "resend-confirmation",
        sent: "If an account with that address is waiting for confirmation, a new confirmation link is on its way. It expires in 24 hours.",
        error: null,
      });
    }
    // Nothing queued (the outbox row is written before the answer; its delivery is not awaited)…
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, unknown))).toEqual([]);
    const queuedForConfirmed = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, confirmedEmail));
    expect(queuedForConfirmed.map((row) => row.template).sort()).toEqual(["confirm-email", "welcome"]);
    // …and so nothing sent.
    expect(await listMessages(databaseUrl, { to: unknown })).toEqual([]);
    expect(await listMessages(databaseUrl, { to: confirmedEmail })).toHaveLength(before);
  });

  it("is rate-limited per address (3 an hour), with its own message", async () => {
    const email = uniqueEmail("limited");
    await signUp(email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await call(login.action, post("/login", { intent: "resend-confirmation", email }), {}, context(ip()))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await call(login.action, post("/login", { intent: "resend-confirmation", email }), {}, context(ip()));
    expect(limited.data.error).toEqual({
      title: "Too Many Requests",
      message: "Too many confirmation emails requested. Please wait an hour and try again.",
    });
    // The registration's one plus three (their delivery is not awaited by the action, so polled).
    await expect.poll(async () => (await confirmLinks(email)).length).toBe(4);
  });

  it("validates the address typed in", async () => {
    const reply = await call(login.action, post("/login", { intent: "resend-confirmation", email: "not an email" }), {}, context(ip()));
    expect(reply.status).toBe(400);
    expect(reply.data.result.error).toEqual({ email: ["Please enter a valid email address"] });
  });
});

describe("a confirmation link that no longer works", () => {
  it("expired: its own page (410), never 'register again', and a new link in one click", async () => {
    const email = uniqueEmail("expired");
    await signUp(email, INVITE);
    const [link] = await confirmLinks(email);
    await expireTokensOf(email);

    const page = await call(confirm.loader, get(link!));
    expect(page.status).toBe(410);
    expect(page.data).toMatchObject({ state: "expired", redirectTo: INVITE, sent: false });
    expect(JSON.stringify(page.data)).not.toMatch(/register/i);

    const resent = await call(
      confirm.action,
      post("/auth/confirm", { intent: "resend", id: page.data.id, token: page.data.token, redirectTo: INVITE }),
      {},
      context(ip()),
    );
    expect(resent.status).toBe(200);
    expect(resent.data).toMatchObject({ state: "expired", sent: true, error: null });
    // Delivery is not awaited by the answer (its timing would tell who has an account): the email follows.
    await expect.poll(async () => (await confirmLinks(email)).length).toBe(2);
    const links = await confirmLinks(email);
    const fresh = await call(confirm.loader, get(links[0]!));
    expect(fresh.data).toMatchObject({ state: "valid", redirectTo: INVITE });

    // Confirming with the expired link itself says "expired" again, and confirms nothing.
    const stale = await call(confirm.action, post("/auth/confirm", { intent: "confirm", id: page.data.id, token: page.data.token }));
    expect(stale).toMatchObject({ status: 410, data: { state: "expired" } });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user!.emailConfirmedAt).toBeNull();
  });

  it("a resend from an expired page needs that link's secret", async () => {
    const email = uniqueEmail("forged");
    await signUp(email);
    const [link] = await confirmLinks(email);
    await expireTokensOf(email);
    const page = await call(confirm.loader, get(link!));
    const forged = await call(confirm.action, post("/auth/confirm", { intent: "resend", id: page.data.id, token: "guessed" }), {}, context(ip()));
    expect(forged).toMatchObject({ status: 400, data: { state: "invalid" } });
    expect(await confirmLinks(email)).toHaveLength(1);
  });

  it("already used: to the login with 'Email Already Confirmed' (and where they were going)", async () => {
    const email = uniqueEmail("used");
    await signUp(email, INVITE);
    const [link] = await confirmLinks(email);
    const page = await call(confirm.loader, get(link!));
    await call(confirm.action, post("/auth/confirm", { id: page.data.id, token: page.data.token, redirectTo: INVITE }));
    const again = await call(confirm.loader, get(link!));
    expect(again).toMatchObject({ status: 302, location: `/login?${new URLSearchParams({ redirectTo: INVITE })}` });
    expect(await toastsOf(again.setCookies)).toEqual([
      { type: "info", title: "Email Already Confirmed", description: "Your email address is already confirmed. Log in to continue." },
    ]);
  });

  it("invalid (a mangled link): its own page (400) that offers a new link by address", async () => {
    const page = await call(confirm.loader, get("/auth/confirm?id=4f0c9a52-6a51-4c39-9d0b-3c1f2b8e7a11&token=nope"));
    expect(page.status).toBe(400);
    expect(page.data).toMatchObject({ state: "invalid", id: "", token: "" });
  });
});
