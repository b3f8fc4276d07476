import { generateTOTP } from "@epic-web/totp";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";
import { call, context, CookieJar, get, post } from "../support/routes";

const { databaseUrl } = await useTestDatabase();

const security = await import("../../app/routes/profile.security");
const login = await import("../../app/routes/login");
const { listMessages } = await import("../../sandbox/postmark/store");
const { createSession, lookupSession } = await import("../../app/server/auth/session.server");
const { hashPassword, verifyPassword } = await import("../../app/server/auth/password.server");
const { decryptSecret } = await import("../../app/server/platform/crypto.server");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { db } = await import("../../app/server/db/client.server");
const { sessions, users } = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");

const PASSWORD = "Secret123";
const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let counter = 0;
function uniqueEmail() {
  counter += 1;
  return `security${counter}.${Date.now()}@example.com`;
}

async function createUser(values: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db()
    .insert(users)
    .values({ email: uniqueEmail(), name: "Omar Farouk", passwordHash: await hashPassword(PASSWORD), emailConfirmedAt: new Date(), ...values })
    .returning();
  return user!;
}

async function sessionFor(userId: string, userAgent = CHROME_ON_WINDOWS, ipAddress = "203.0.113.7") {
  const jar = new CookieJar();
  jar.store([
    await createSession(userId, new Request("http://localhost:3000/login", { headers: { "user-agent": userAgent } }), { remember: false, ipAddress }),
  ]);
  return jar;
}

async function reload(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}

async function toastTitles(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  return (await takeToasts(get("/", jar))).toasts.map((toast) => toast.title);
}

function act(fields: Record<string, string>, jar: CookieJar) {
  return call(security.action, post("/profile/security", fields, jar));
}

async function currentCode(secret: string) {
  return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
}

/** A code that is not valid now (nor in the ±1 step window). */
async function wrongCode(secret: string) {
  const right = await currentCode(secret);
  return right === "000000" ? "111111" : "000000";
}

function uaRequest(path: string, fields: Record<string, string>, jar?: CookieJar) {
  const request = post(path, fields, jar);
  request.headers.set("user-agent", CHROME_ON_WINDOWS);
  return request;
}

describe("change password", () => {
  it("requires the current password, applies the register rules and ends the other sessions", async () => {
    const user = await createUser();
    const jar = await sessionFor(user.id);
    const other = await sessionFor(user.id, "curl/8.5.0", "198.51.100.1");

    const wrong = await act(
      { intent: "change-password", currentPassword: "Wrong1234", newPassword: "NewSecret1", confirmPassword: "NewSecret1" },
      jar,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.currentPassword).toEqual(["Current password is incorrect"]);

    const weak = await act(
      { intent: "change-password", currentPassword: PASSWORD, newPassword: "weakpassword", confirmPassword: "weakpassword" },
      jar,
    );
    expect(weak.data.result.error.newPassword).toEqual(["Password must contain at least one uppercase letter, one lowercase letter, and one number"]);

    const same = await act({ intent: "change-password", currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD }, jar);
    expect(same.data.result.error.newPassword).toEqual(["Your new password must be different from your current password."]);
    expect((await lookupSession(get("/", other), { touch: false })).status).toBe("active");

    const ok = await act({ intent: "change-password", currentPassword: PASSWORD, newPassword: "NewSecret1", confirmPassword: "NewSecret1" }, jar);
    expect(ok).toMatchObject({ status: 302, location: "/profile/security" });
    expect(await toastTitles(ok.setCookies)).toEqual(["Password Changed"]);
    expect(await verifyPassword((await reload(user.id)).passwordHash, "NewSecret1")).toBe(true);
    expect((await lookupSession(get("/", jar), { touch: false })).status).toBe("active");
    expect((await lookupSession(get("/", other), { touch: false })).status).toBe("invalid");

    const mail = await listMessages(databaseUrl, { to: user.email });
    expect(mail.map((message) => message.tag)).toEqual(["password-changed"]);
  });
});

describe("the Security page's password checks are limited like the login (ADR 038)", () => {
  const TOO_MANY = "Too many attempts. Please wait a few minutes before trying again.";

  function changeFrom(jar: CookieJar, ip: string, currentPassword: string) {
    return call(
      security.action,
      post("/profile/security", { intent: "change-password", currentPassword, newPassword: "NewSecret1", confirmPassword: "NewSecret1" }, jar),
      {},
      context(ip),
    );
  }

  it("answers 15 wrong current passwords on change-password with 10 refusals, then 429, even for the right one", async () => {
    const user = await createUser();
    const jar = await sessionFor(user.id);
    const answers: string[] = [];
    for (let attempt = 1; attempt <= 15; attempt += 1) {
      const result = await changeFrom(jar, "198.51.100.31", `Wrong${attempt}abc`);
      answers.push(`${result.status} ${result.data.result.error.currentPassword}`);
    }
    expect(answers).toEqual([...Array(10).fill("400 Current password is incorrect"), ...Array(5).fill(`429 ${TOO_MANY}`)]);
    const right = await changeFrom(jar, "198.51.100.31", PASSWORD);
    expect([right.status, right.data.result.error.currentPassword]).toEqual([429, [TOO_MANY]]);
    expect(await verifyPassword((await reload(user.id)).passwordHash, PASSWORD)).toBe(true);
    // The same counters as the login's: the login form is closed to the account too.
    const login = await import("../../app/routes/login");
    const signIn = await call(login.action, post("/login", { intent: "login", email: user.email, password: PASSWORD }), {}, context("198.51.100.32"));
    expect([signIn.status, signIn.data.error.message]).toEqual([429, "Too many login attempts. Please wait a few minutes before trying again."]);
  });

  it("limits the password that turns two-factor off the same way", async () => {
    const user = await createUser();
    const jar = await sessionFor(user.id);
    await act({ intent: "2fa-start" }, jar);
    const secret = (await call(security.loader, get("/profile/security", jar))).data.twoFactor.enrolment.secret;
    await act({ intent: "2fa-confirm", code: await currentCode(secret) }, jar);
    const answers: string[] = [];
    for (let attempt = 1; attempt <= 15; attempt += 1) {
      const result = await call(
        security.action,
        post("/profile/security", { intent: "2fa-disable", password: `Wrong${attempt}abc` }, jar),
        {},
        context("198.51.100.33"),
      );
      answers.push(`${result.status} ${result.data.result.error.password}`);
    }
    expect(answers).toEqual([...Array(10).fill("400 Password is incorrect"), ...Array(5).fill(`429 ${TOO_MANY}`)]);
    expect((await reload(user.id)).totpEnabledAt).not.toBeNull();
  });

  it("counts per network across accounts, and a right password clears only the account's counter", async () => {
    const ip = "198.51.100.34";
    // The per-IP limit (50 in 15 minutes by default): five accounts with 9 wrong tries and one right one each.
    for (let account = 0; account < 5; account += 1) {
      const user = await createUser();
      const jar = await sessionFor(user.id);
      for (let attempt = 0; attempt < 9; attempt += 1) expect((await changeFrom(jar, ip, "Wrong1234")).status).toBe(400);
      // The right password (then refused as the same one) clears this account's counter, not the network's.
      const same = await call(
        security.action,
        post("/profile/security", { intent: "change-password", currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD }, jar),
        {},
        context(ip),
      );
      expect(same.data.result.error.newPassword).toEqual(["Your new password must be different from your current password."]);
    }
    const sixth = await createUser();
    const blocked = await changeFrom(await sessionFor(sixth.id), ip, PASSWORD);
    expect([blocked.status, blocked.data.result.error.currentPassword]).toEqual([429, [TOO_MANY]]);
    // Another network is not affected.
    expect((await changeFrom(await sessionFor(sixth.id), "198.51.100.35", "Wrong1234")).status).toBe(400);
  });
});

describe("two-factor authentication", () => {
  it("enables with a confirming code, then login asks for the code, then disables with the password", async () => {
    const user = await createUser();
    const jar = await sessionFor(user.id);

    const start = await act({ intent: "2fa-start" }, jar);
    expect(start.status).toBe(302);
    const pending = await reload(user.id);
    expect(pending.totpPendingSecretEncrypted).toMatch(/^v2\.k0\./);
    expect(pending.totpEnabledAt).toBeNull();

    const page = await call(security.loader, get("/profile/security", jar));
    const enrolment = page.data.twoFactor.enrolment;
    expect(enrolment.secret).toBe(decryptSecret(pending.totpPendingSecretEncrypted!));
    expect(enrolment.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(enrolment.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(enrolment.otpauthUri).toContain("otpauth://totp/Rosca:");
    expect(enrolment.otpauthUri).toContain("issuer=Rosca");
    expect(decodeURIComponent(enrolment.otpauthUri)).toContain(user.email);

    const wrong = await act({ intent: "2fa-confirm", code: await wrongCode(enrolment.secret) }, jar);
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.code).toEqual(["Invalid MFA code"]);
    expect((await reload(user.id)).totpEnabledAt).toBeNull();

    const malformed = await act({ intent: "2fa-confirm", code: "12ab" }, jar);
    expect(malformed.data.result.error.code).toEqual(["Invalid MFA code"]);

    const confirmed = await act({ intent: "2fa-confirm", code: await currentCode(enrolment.secret) }, jar);
    expect(confirmed.status).toBe(302);
    expect(await toastTitles(confirmed.setCookies)).toEqual(["Two-Factor Authentication Enabled"]);
    const enabled = await reload(user.id);
    expect(enabled.totpEnabledAt).toBeInstanceOf(Date);
    expect(enabled.totpPendingSecretEncrypted).toBeNull();
    expect(decryptSecret(enabled.totpSecretEncrypted!)).toBe(enrolment.secret);
    expect((await call(security.loader, get("/profile/security", jar))).data.twoFactor).toMatchObject({ enabled: true, enrolment: null });

    // Login: the password alone starts no session.
    const sessionsBefore = (await db().select().from(sessions).where(eq(sessions.userId, user.id))).length;
    const first = await call(login.action, post("/login", { intent: "login", email: user.email, password: PASSWORD, redirectTo: "/profile" }));
    expect(first).toMatchObject({ status: 302, location: "/login?step=2fa" });
    expect(first.setCookies.some((cookie) => cookie.startsWith("rosca_session="))).toBe(false);
    const twoFactorCookie = first.setCookies.find((cookie) => cookie.startsWith("rosca_2fa="));
    expect(twoFactorCookie).toMatch(/HttpOnly/i);
    expect(twoFactorCookie).toMatch(/SameSite=Lax/i);
    expect(twoFactorCookie).toMatch(/Max-Age=300/i);
    expect((await db().select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(sessionsBefore);

    const loginJar = new CookieJar();
    loginJar.store(first.setCookies);
    expect((await call(login.loader, get("/login?step=2fa", loginJar))).data.step).toBe("2fa");
    // Without the cookie, the code step is not offered.
    expect(await call(login.loader, get("/login?step=2fa"))).toMatchObject({ status: 302, location: "/login" });

    const bad = await call(login.action, post("/login?step=2fa", { intent: "2fa", code: await wrongCode(enrolment.secret) }, loginJar));
    expect(bad.status).toBe(401);
    expect(bad.data.result.error.code).toEqual(["Invalid MFA code"]);

    const usedCode = await currentCode(enrolment.secret);
    const good = await call(login.action, uaRequest("/login?step=2fa", { intent: "2fa", code: usedCode }, loginJar));
    expect(good).toMatchObject({ status: 302, location: "/profile" });
    expect(good.setCookies.some((cookie) => cookie.startsWith("rosca_session="))).toBe(true);
    expect(good.setCookies.some((cookie) => /^rosca_2fa=;/.test(cookie))).toBe(true);
    expect(await toastTitles(good.setCookies)).toEqual(["Login Successful"]);
    expect((await reload(user.id)).lastSignInAt).toBeInstanceOf(Date);

    // A code is good once: replaying it in another login within its window is refused.
    const again = await call(login.action, post("/login", { intent: "login", email: user.email, password: PASSWORD }));
    const againJar = new CookieJar();
    againJar.store(again.setCookies);
    const replay = await call(login.action, post("/login?step=2fa", { intent: "2fa", code: usedCode }, againJar));
    expect(replay.status).toBe(401);
    expect(replay.data.result.error.code).toEqual(["Invalid MFA code"]);

    // A forged code-step cookie goes back to the start.
    const forged = new CookieJar();
    forged.store([
      `rosca_2fa=${encodeURIComponent(btoa(JSON.stringify({ userId: user.id, remember: false, redirectTo: "/", expiresAt: Date.now() + 60_000 })))}`,
    ]);
    const refused = await call(login.action, post("/login?step=2fa", { intent: "2fa", code: await currentCode(enrolment.secret) }, forged));
    expect(refused).toMatchObject({ status: 302, location: "/login" });
    expect(refused.setCookies.some((cookie) => cookie.startsWith("rosca_session="))).toBe(false);

    // Disable: the password is required.
    const noPassword = await act({ intent: "2fa-disable", password: "Wrong1234" }, jar);
    expect(noPassword.data.result.error.password).toEqual(["Password is incorrect"]);
    expect((await reload(user.id)).totpEnabledAt).toBeInstanceOf(Date);
    const disabled = await act({ intent: "2fa-disable", password: PASSWORD }, jar);
    expect(disabled.status).toBe(302);
    expect(await reload(user.id)).toMatchObject({ totpEnabledAt: null, totpSecretEncrypted: null, totpPendingSecretEncrypted: null });

    const plain = await call(login.action, post("/login", { intent: "login", email: user.email, password: PASSWORD }));
    expect(plain).toMatchObject({ status: 302, location: "/dashboard" });
  });

  it("limits guesses at the login code with the account's login limit", async () => {
    const user = await createUser();
    const jar = await sessionFor(user.id);
    await act({ intent: "2fa-start" }, jar);
    const secret = (await call(security.loader, get("/profile/security", jar))).data.twoFactor.enrolment.secret;
    await act({ intent: "2fa-confirm", code: await currentCode(secret) }, jar);

    const first = await call(
      login.action,
      post("/login", { intent: "login", email: user.email, password: PASSWORD }, undefined),
      {},
      context("198.51.100.77"),
    );
    const loginJar = new CookieJar();
    loginJar.store(first.setCookies);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const result = await call(
        login.action,
        post("/login?step=2fa", { intent: "2fa", code: await wrongCode(secret) }, loginJar),
        {},
        context("198.51.100.77"),
      );
      statuses.push(result.status);
    }
    // One attempt went to the password step: 9 wrong codes, then the limit.
    expect(statuses.slice(0, 9).every((status) => status === 401)).toBe(true);
    expect(statuses[9]).toBe(429);
    const blocked = await call(
      login.action,
      post("/login?step=2fa", { intent: "2fa", code: await currentCode(secret) }, loginJar),
      {},
      context("198.51.100.77"),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.data.error.message).toBe("Too many login attempts. Please wait a few minutes before trying again.");
  });

  it("cancels an unfinished setup", async () => {
    const user = await createUser();
    const jar = await sessionFor(user.id);
    await act({ intent: "2fa-start" }, jar);
    await act({ intent: "2fa-cancel" }, jar);
    expect((await reload(user.id)).totpPendingSecretEncrypted).toBeNull();
  });
});

describe("sessions", () => {
  it("lists devices, marks this one, signs out one or all others", async () => {
    const user = await createUser();
    const jar = await sessionFor(user.id);
    const phone = await sessionFor(
      user.id,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "198.51.100.9",
    );
    const laptop = await sessionFor(user.id, "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "198.51.100.10");
    const stranger = await createUser();
    const strangerJar = await sessionFor(stranger.id);

    const page = await call(security.loader, get("/profile/security", jar));
    const list = page.data.sessions as Array<{ id: string; device: string; ipAddress: string; current: boolean }>;
    expect(list.map((session) => [session.device, session.ipAddress, session.current]).sort()).toEqual(
      [
        ["Chrome on Windows", "203.0.113.7", true],
        ["Firefox on Linux", "198.51.100.10", false],
        ["Safari on iOS", "198.51.100.9", false],
      ].sort(),
    );

    // Someone else's session id changes nothing.
    const strangerId = (await call(security.loader, get("/profile/security", strangerJar))).data.sessions[0].id;
    await act({ intent: "sign-out-session", sessionId: strangerId }, jar);
    expect((await lookupSession(get("/", strangerJar), { touch: false })).status).toBe("active");

    const phoneId = list.find((session) => session.device === "Safari on iOS")!.id;
    const one = await act({ intent: "sign-out-session", sessionId: phoneId }, jar);
    expect(one.status).toBe(302);
    expect((await lookupSession(get("/", phone), { touch: false })).status).toBe("invalid");
    expect((await lookupSession(get("/", laptop), { touch: false })).status).toBe("active");

    const all = await act({ intent: "sign-out-others" }, jar);
    expect(await toastTitles(all.setCookies)).toEqual(["Signed Out Other Sessions"]);
    expect((await lookupSession(get("/", laptop), { touch: false })).status).toBe("invalid");
    expect((await lookupSession(get("/", jar), { touch: false })).status).toBe("active");
  });

  it("answers a tampered intent with 400, not 500", async () => {
    const user = await createUser();
    const jar = await sessionFor(user.id);
    expect((await act({ intent: "drop-tables" }, jar)).status).toBe(400);
    expect((await act({}, jar)).status).toBe(400);
    expect((await act({ intent: "sign-out-session" }, jar)).status).toBe(400);
  });
});

describe("login notifications and profile visibility", () => {
  it("stores the toggles", async () => {
    const user = await createUser();
    const jar = await sessionFor(user.id);
    expect(await reload(user.id)).toMatchObject({ loginNotifications: false, profileVisible: true });
    await act({ intent: "login-notifications", enabled: "on" }, jar);
    await act({ intent: "profile-visibility" }, jar);
    expect(await reload(user.id)).toMatchObject({ loginNotifications: true, profileVisible: false });
    const page = await call(security.loader, get("/profile/security", jar));
    expect(page.data).toMatchObject({ loginNotifications: true, profileVisible: false });
    await act({ intent: "login-notifications" }, jar);
    await act({ intent: "profile-visibility", enabled: "on" }, jar);
    expect(await reload(user.id)).toMatchObject({ loginNotifications: false, profileVisible: true });
  });

  it("emails a login alert on each sign-in only while the toggle is on", async () => {
    const user = await createUser();
    await call(login.action, uaRequest("/login", { intent: "login", email: user.email, password: PASSWORD }));
    expect(await listMessages(databaseUrl, { to: user.email })).toEqual([]);

    await db().update(users).set({ loginNotifications: true }).where(eq(users.id, user.id));
    const signedIn = await call(
      login.action,
      uaRequest("/login", { intent: "login", email: user.email, password: PASSWORD }),
      {},
      context("198.51.100.44"),
    );
    expect(signedIn.status).toBe(302);
    const mail = await listMessages(databaseUrl, { to: user.email });
    expect(mail.map((message) => message.tag)).toEqual(["login-alert"]);
    expect(mail[0]!.textBody).toContain("Chrome on Windows");
    expect(mail[0]!.textBody).toContain("198.51.100.44");
    expect(mail[0]!.textBody).toMatch(/E[SD]T/);
  });
});
