/**
 * The dev mailbox loaders against a real database filled through the real sender and mail double, and who may read
 * what (app/server/email/mailbox.server.ts): an admin everything, a signed-in user their own address, a browser the
 * addresses it proved (created the account, or signed in with the password), nobody anything else — in the list and
 * by direct id.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { call, context, CookieJar, post } from "../../tests/support/routes";
import { useTestDatabase } from "../../tests/support/test-db";
import { saveMessage } from "../../sandbox/postmark/store";
import { closeDb, db } from "../server/db/client.server";
import { backgroundDeliveries, sendEmail } from "../server/email/email.server";
import { loader as messageLoader } from "./dev.mailbox.$messageId";
import { loader as listLoader } from "./dev.mailbox";

await useTestDatabase();
// The production and MAILBOX_OPEN tests below re-import modules; close this instance's pool ourselves (closeDb is idempotent).
afterAll(closeDb);
const { createUser, sessionJarFor, TEST_PASSWORD } = await import("../../tests/support/users");
const login = await import("./login");
const register = await import("./register");

type ListArgs = Parameters<typeof listLoader>[0];
type MessageArgs = Parameters<typeof messageLoader>[0];

function headers(jar?: CookieJar): Record<string, string> {
  return jar ? { Cookie: jar.header() } : {};
}

function listArgs(query = "", jar?: CookieJar): ListArgs {
  return {
    request: new Request(`http://localhost:3000/dev/mailbox${query}`, { headers: headers(jar) }),
    params: {},
    context: {},
  } as unknown as ListArgs;
}

function messageArgs(messageId: string, jar?: CookieJar): MessageArgs {
  return {
    request: new Request(`http://localhost:3000/dev/mailbox/${messageId}`, { headers: headers(jar) }),
    params: { messageId },
    context: {},
  } as unknown as MessageArgs;
}

async function thrownStatus(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
  throw new Error("expected the loader to throw a Response");
}

/** What a browser holding `jar` sees: the subjects listed, and whether it can open `messageId`. */
async function view(jar: CookieJar | undefined, to: string) {
  const list = await listLoader(listArgs(`?to=${encodeURIComponent(to)}`, jar));
  return list.messages.map((message) => message.subject);
}

async function opens(jar: CookieJar | undefined, messageId: string) {
  try {
    await messageLoader(messageArgs(messageId, jar));
    return true;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 404) return false;
    throw thrown;
  }
}

const admin = await createUser({ isAdmin: true, name: "Mail Admin" });
const adminJar = await sessionJarFor(admin.id);

const confirmUrl = "http://localhost:3000/auth/confirm?id=4f0c9a52-6a51-4c39-9d0b-3c1f2b8e7a11&token=tok_123";

describe("/dev/mailbox for an admin", () => {
  it("lists every message newest first and filters by recipient", async () => {
    const first = await sendEmail("mailbox-a@example.com", {
      template: "welcome",
      data: { name: "A", dashboardUrl: "http://localhost:3000/dashboard" },
    });
    const second = await sendEmail("mailbox-b@example.com", { template: "confirm-email", data: { name: "B", confirmUrl, expiresInHours: 24 } });
    if (first.status !== "sent" || second.status !== "sent") throw new Error("sending failed");

    const all = await listLoader(listArgs("", adminJar));
    expect(all.to).toBe("");
    expect(all.scope).toEqual({ kind: "all", why: "admin" });
    expect(all.messages.slice(0, 2).map((m) => [m.id, m.to, m.subject, m.tag])).toEqual([
      [second.messageId, "mailbox-b@example.com", "Confirm your email address for Rosca", "confirm-email"],
      [first.messageId, "mailbox-a@example.com", "Welcome to Rosca", "welcome"],
    ]);
    expect(all.messages[0]!.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const filtered = await listLoader(listArgs("?to=mailbox-a%40example.com", adminJar));
    expect(filtered.to).toBe("mailbox-a@example.com");
    expect(filtered.messages.map((m) => m.id)).toEqual([first.messageId]);

    const none = await listLoader(listArgs("?to=nobody%40example.com", adminJar));
    expect(none.messages).toEqual([]);
  });

  it("opens a message: headers, bodies, a top-target preview and the links", async () => {
    const sent = await sendEmail("mailbox-c@example.com", { template: "confirm-email", data: { name: "C", confirmUrl, expiresInHours: 24 } });
    if (sent.status !== "sent") throw new Error("sending failed");

    const result = await messageLoader(messageArgs(sent.messageId, adminJar));
    expect(result.message).toMatchObject({
      id: sent.messageId,
      from: "Rosca <hello@rosca.example>",
      to: "mailbox-c@example.com",
      subject: "Confirm your email address for Rosca",
      tag: "confirm-email",
      messageStream: "outbound",
    });
    expect(result.message.textBody).toContain(`Confirm email address: ${confirmUrl}`);
    expect(result.links).toEqual([confirmUrl]);
    expect(result.preview).toContain('<head><base target="_top">');
  });

  it.each(["00000000-0000-4000-8000-000000000000", "not-a-uuid", "%27%3B--"])("answers 404 for %s", async (id) => {
    expect(await thrownStatus(messageLoader(messageArgs(id, adminJar)))).toBe(404);
  });
});

describe("/dev/mailbox scoped to the visitor", () => {
  it("shows an anonymous browser nothing, in the list or by id", async () => {
    const sent = await sendEmail("someone-else@example.com", { template: "confirm-email", data: { name: "S", confirmUrl, expiresInHours: 24 } });
    if (sent.status !== "sent") throw new Error("sending failed");
    const list = await listLoader(listArgs());
    expect(list.scope).toEqual({ kind: "addresses", addresses: [], signedIn: false });
    expect(list.messages).toEqual([]);
    expect(await opens(undefined, sent.messageId)).toBe(false);
  });

  it("shows a signed-in user mail to their own address only", async () => {
    const user = await createUser({ email: "own-mail@example.com" });
    const jar = await sessionJarFor(user.id);
    const own = await sendEmail("own-mail@example.com", { template: "welcome", data: { name: "O", dashboardUrl: "http://x/d" } });
    const other = await sendEmail("other@example.com", { template: "confirm-email", data: { name: "X", confirmUrl, expiresInHours: 24 } });
    if (own.status !== "sent" || other.status !== "sent") throw new Error("sending failed");
    // Named, upper-case and Cc recipients count as the address too (the mail double stores them as sent).
    const copied = await saveMessage(db(), {
      fromAddress: "x@example.com",
      toAddress: "a@example.com",
      cc: "Own Mail <OWN-MAIL@example.com>, b@example.com",
      subject: "Copied",
    });

    const list = await listLoader(listArgs("", jar));
    expect(list.scope).toEqual({ kind: "addresses", addresses: ["own-mail@example.com"], signedIn: true });
    const ids = list.messages.map((message) => message.id);
    expect(ids).toEqual(expect.arrayContaining([own.messageId, copied.id]));
    expect(ids).not.toContain(other.messageId);
    expect(await opens(jar, copied.id)).toBe(true);
    expect(await opens(jar, own.messageId)).toBe(true);
    expect(await opens(jar, other.messageId)).toBe(false);
    // The filter cannot widen the scope.
    expect((await listLoader(listArgs("?to=other%40example.com", jar))).messages).toEqual([]);
  });

  it("a reset link: the browser that created the account reads it; an anonymous asker and another user do not", async () => {
    const email = `victim.${Date.now()}@example.com`;
    // The victim registers in their browser: the response remembers the address there.
    const victim = new CookieJar();
    const registered = await call(
      register.action,
      post("/register", { fullName: "Val Victim", email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: "on" }),
    );
    expect(registered.status).toBe(302);
    victim.store(registered.setCookies);
    expect(victim.get("rosca_mailbox")).toBeTruthy();
    expect(await view(victim, email)).toEqual(["Welcome to Rosca", "Confirm your email address for Rosca"]);

    // An attacker's browser asks for a reset of the victim's account: same answer as ever, but nothing remembered.
    const attacker = new CookieJar();
    const asked = await call(login.action, post("/login", { intent: "reset-request", email }));
    expect(asked.status).toBe(200);
    attacker.store(asked.setCookies);
    expect(attacker.get("rosca_mailbox")).toBeUndefined();
    // The answer does not wait for delivery (its timing would tell who has an account): the email follows.
    await backgroundDeliveries();

    const reset = (await listLoader(listArgs(`?to=${encodeURIComponent(email)}`, adminJar))).messages.find(
      (m) => m.subject === "Reset your Rosca password",
    );
    expect(reset, "the reset email was sent").toBeTruthy();
    expect(await view(attacker, email)).toEqual([]);
    expect(await opens(attacker, reset!.id)).toBe(false);

    // Another signed-in user cannot list or open it either.
    const other = await createUser();
    const otherJar = await sessionJarFor(other.id);
    expect(await view(otherJar, email)).toEqual([]);
    expect(await opens(otherJar, reset!.id)).toBe(false);

    // The person who asked from their own browser (where they created the account) can.
    expect(await view(victim, email)).toEqual(["Reset your Rosca password", "Welcome to Rosca", "Confirm your email address for Rosca"]);
    expect(await opens(victim, reset!.id)).toBe(true);
  });

  it("registering an address that already has an account remembers nothing", async () => {
    const existing = await createUser({ email: `taken.${Date.now()}@example.com` });
    const answer = await call(
      register.action,
      post("/register", { fullName: "Mallory", email: existing.email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: "on" }),
    );
    expect(answer.status).toBe(409);
    expect(answer.setCookies.some((cookie) => cookie.startsWith("rosca_mailbox="))).toBe(false);
  });

  it("signing in with the password remembers the address for after logging out", async () => {
    const user = await createUser({ email: `signs-in.${Date.now()}@example.com` });
    const sent = await sendEmail(user.email, { template: "welcome", data: { name: "S", dashboardUrl: "http://x/d" } });
    if (sent.status !== "sent") throw new Error("sending failed");
    const signedIn = await call(
      login.action,
      post("/login", { intent: "login", email: user.email, password: TEST_PASSWORD }),
      {},
      context("198.51.100.9"),
    );
    expect(signedIn.status).toBe(302);
    const browser = new CookieJar();
    browser.store(signedIn.setCookies.filter((cookie) => cookie.startsWith("rosca_mailbox=")));
    expect(await opens(browser, sent.messageId)).toBe(true);
  });

  it("a browser keeps every address it proved, newest first", async () => {
    const browser = new CookieJar();
    const stamp = Date.now();
    const created = `kept-a.${stamp}@example.com`;
    const registered = await call(
      register.action,
      post("/register", { fullName: "Kept A", email: created, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: "on" }),
    );
    browser.store(registered.setCookies);
    const other = await createUser({ email: `kept-b.${stamp}@example.com` });
    const signedIn = await call(
      login.action,
      post("/login", { intent: "login", email: other.email, password: TEST_PASSWORD }, browser),
      {},
      context("198.51.100.10"),
    );
    browser.store(signedIn.setCookies.filter((cookie) => cookie.startsWith("rosca_mailbox=")));
    const anonymous = new CookieJar();
    anonymous.store([`rosca_mailbox=${browser.get("rosca_mailbox")}`]);
    expect((await listLoader(listArgs("", anonymous))).scope).toEqual({ kind: "addresses", addresses: [other.email, created], signedIn: false });
  });

  it("a forged mailbox cookie counts for nothing", async () => {
    const sent = await sendEmail("forged@example.com", { template: "welcome", data: { name: "F", dashboardUrl: "http://x/d" } });
    if (sent.status !== "sent") throw new Error("sending failed");
    const forged = new CookieJar();
    forged.store([`rosca_mailbox=${Buffer.from(JSON.stringify(["forged@example.com"])).toString("base64")}; Path=/`]);
    expect(await opens(forged, sent.messageId)).toBe(false);
    expect((await listLoader(listArgs("", forged))).messages).toEqual([]);
  });
});

/** The two route modules re-imported under a stubbed environment (env() caches per module instance). */
async function withEnvironment(
  stubs: Record<string, string | undefined>,
  run: (modules: { list: typeof import("./dev.mailbox"); detail: typeof import("./dev.mailbox.$messageId") }) => Promise<void>,
) {
  vi.resetModules();
  for (const [name, value] of Object.entries(stubs)) vi.stubEnv(name, value);
  try {
    await run({ list: await import("./dev.mailbox"), detail: await import("./dev.mailbox.$messageId") });
  } finally {
    vi.unstubAllEnvs();
    vi.resetModules();
  }
}

describe("MAILBOX_OPEN=true (local development)", () => {
  it("shows everything to anyone", async () => {
    const sent = await sendEmail("open-mailbox@example.com", { template: "welcome", data: { name: "O", dashboardUrl: "http://x/d" } });
    if (sent.status !== "sent") throw new Error("sending failed");
    await withEnvironment({ MAILBOX_OPEN: "true" }, async ({ list, detail }) => {
      const listed = await list.loader(listArgs("?to=open-mailbox%40example.com"));
      expect(listed.scope).toEqual({ kind: "all", why: "open" });
      expect(listed.messages.map((message) => message.id)).toEqual([sent.messageId]);
      expect((await detail.loader(messageArgs(sent.messageId))).message.id).toBe(sent.messageId);
    });
  });
});

describe("in production", () => {
  it("both pages answer 404", async () => {
    await withEnvironment(
      {
        APP_ENV: "production",
        SESSION_SECRET: "x".repeat(40),
        APP_URL: "https://rosca.example",
        POSTMARK_SERVER_TOKEN: "real-token",
        MAIL_SANDBOX_URL: undefined,
        ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
        PLAID_ENV: "production",
        PLAID_CLIENT_ID: "client-id",
        PLAID_SECRET: "plaid-secret",
        PLAID_SANDBOX_URL: undefined,
      },
      async ({ list, detail }) => {
        expect(await thrownStatus(list.loader(listArgs()))).toBe(404);
        expect(await thrownStatus(detail.loader(messageArgs("00000000-0000-4000-8000-000000000000")))).toBe(404);
      },
    );
  });
});
