/**
 * Issue 31: a member whose address the mail service will not deliver to changes it at /profile/email, and the banner
 * goes. The current password first, then a link to the new address (read from the mail double, as a person reads their
 * inbox), opened signed in as the same person, confirmed with a POST. The old address is told; the links that went to it
 * stop working; the old address stays marked for anyone else who writes to it.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl, mail } = await useTestDatabase();
const page = await import("../../app/routes/profile.email");
const dashboard = await import("../../app/routes/dashboard");
const mailbox = await import("../../app/routes/dev.mailbox");
const outbox = await import("../../app/server/email/outbox.server");
const { db } = await import("../../app/server/db/client.server");
const { authTokens, emailOutbox, notifications, undeliverableAddresses, users } = await import("../../app/server/db/schema");
const { requestPasswordReset, checkResetToken } = await import("../../app/server/auth/accounts.server");
const { listMessages, latestMessageTo } = await import("../../sandbox/postmark/store");
const { extractLinks } = await import("../../sandbox/postmark/view");
const { call, context, get, post } = await import("../support/routes");
const { createUser, sessionJarFor, TEST_PASSWORD, toastTitles, reloadUser } = await import("../support/users");
const { renderRoute, textOf } = await import("../support/render");
const { logger } = await import("../../app/server/platform/log.server");
const { and, eq } = await import("drizzle-orm");
const { suppress: suppressAt } = await import("../support/postmark");

let counter = 0;
function address(local: string) {
  counter += 1;
  return `${local}.${Date.now()}.${counter}@example.com`;
}

/** The confirmation link in the newest email to `email`, as a path with its query. */
async function changeLink(email: string) {
  const message = await latestMessageTo(databaseUrl, email);
  expect(message?.subject).toBe("Confirm your new email address for Rosca");
  const href = extractLinks(message!).find((link) => new URL(link).pathname === "/profile/email")!;
  const url = new URL(href);
  return { path: `${url.pathname}${url.search}`, id: url.searchParams.get("id")!, token: url.searchParams.get("token")! };
}

/** A member whose address has bounced: marked, with the banner showing. */
async function bouncedMember() {
  const member = await createUser({ name: "Amina Yusuf", email: address("amina") });
  await suppressAt(mail.url, member.email);
  await outbox.sendEmail(member.email, { template: "welcome", data: { name: "Amina", dashboardUrl: "http://localhost:3000/dashboard" } });
  const jar = await sessionJarFor(member.id);
  expect((await call(dashboard.loader, get("/dashboard", jar))).data.emailProblem).toEqual({ address: member.email, reason: "inactive" });
  return { member, jar };
}

beforeEach(() => {
  vi.spyOn(logger, "warn").mockImplementation(() => {});
  vi.spyOn(logger, "error").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

describe("changing the address clears the mark", () => {
  it("password, link to the new address, confirm: the email changes, the banner goes, the old address is told", async () => {
    const { member, jar } = await bouncedMember();
    const newEmail = address("amina.new");

    // The page: the address, the banner (unlinked here: this is where it leads), the form.
    const before = await call(page.loader, get("/profile/email", jar));
    expect(before.data).toEqual({ email: member.email, pending: null, link: null });
    expect(textOf(renderRoute(page.default, "/profile/email", before.data))).toContain(
      `We send sign-in links, reminders and notices to ${member.email}`,
    );

    const requested = await call(
      page.action,
      post("/profile/email", { intent: "request", newEmail: ` ${newEmail.toUpperCase()} `, currentPassword: TEST_PASSWORD }, jar),
    );
    expect(requested).toMatchObject({ status: 302, location: "/profile/email" });
    expect(await toastTitles(requested.setCookies)).toEqual(["Check your new inbox"]);
    // Nothing changed yet; the change waits for its link.
    expect((await reloadUser(member.id)).email).toBe(member.email);
    const waiting = await call(page.loader, get("/profile/email", jar));
    expect(waiting.data.pending).toMatchObject({ newEmail });

    // In a demo the member reads the link in the mailbox (their own pending address), not anyone else.
    const box = await call(mailbox.loader, get("/dev/mailbox", jar));
    expect(box.data.messages.map((message: { to: string; subject: string }) => [message.to, message.subject])).toContainEqual([
      newEmail,
      "Confirm your new email address for Rosca",
    ]);

    const link = await changeLink(newEmail);
    const opened = await call(page.loader, get(link.path, jar));
    expect(opened.data.link).toEqual({ status: "valid", newEmail, id: link.id, token: link.token });
    expect(textOf(renderRoute(page.default, link.path, opened.data))).toContain(`Change your email from ${member.email} to ${newEmail}`);
    // Opening the link changes nothing by itself (a mail scanner may open it).
    expect((await reloadUser(member.id)).email).toBe(member.email);

    const confirmed = await call(page.action, post("/profile/email", { intent: "confirm", id: link.id, token: link.token }, jar));
    expect(confirmed).toMatchObject({ status: 302, location: "/profile" });
    expect(await toastTitles(confirmed.setCookies)).toEqual(["Email Address Changed"]);
    const after = await reloadUser(member.id);
    expect(after.email).toBe(newEmail);
    expect(after.emailConfirmedAt).toBeInstanceOf(Date);

    // The banner is gone; the old address stays marked (for invitations and the like).
    const board = await call(dashboard.loader, get("/dashboard", jar));
    expect(board.data.emailProblem).toBeNull();
    expect(textOf(renderRoute(dashboard.default, "/dashboard", board.data))).not.toContain("We can't reach");
    const [oldMark] = await db().select().from(undeliverableAddresses).where(eq(undeliverableAddresses.address, member.email));
    expect(oldMark).toMatchObject({ reason: "inactive" });

    // The old address is told (refused as inactive here, and the outbox says so), and the bell says it too.
    const notices = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, member.email), eq(emailOutbox.template, "email-changed")));
    expect(notices.map((row) => [row.status, row.lastError?.slice(0, 40)])).toEqual([["failed", "You tried to send to recipient(s) that h"]]);
    const bell = await db().select().from(notifications).where(eq(notifications.userId, member.id));
    expect(bell.map((row) => row.title)).toContain("Your email address was changed");

    // The link is spent.
    const again = await call(page.action, post("/profile/email", { intent: "confirm", id: link.id, token: link.token }, jar));
    expect(again).toMatchObject({
      status: 410,
      data: { intent: "error", error: "This confirmation link has expired or was already used. Ask for a new one below." },
    });
  });

  it("the old address's notice is delivered when it still works", async () => {
    const member = await createUser({ email: address("works") });
    const jar = await sessionJarFor(member.id);
    const newEmail = address("works.new");
    await call(page.action, post("/profile/email", { intent: "request", newEmail, currentPassword: TEST_PASSWORD }, jar));
    const link = await changeLink(newEmail);
    await call(page.action, post("/profile/email", { intent: "confirm", id: link.id, token: link.token }, jar));
    const notice = await latestMessageTo(databaseUrl, member.email);
    expect(notice?.subject).toBe("Your Rosca email address was changed");
    expect(notice?.textBody).toContain(`The email address of your Rosca account was changed to ${newEmail}`);
  });

  it("retires the password-reset links sent to the old address", async () => {
    const member = await createUser({ email: address("reset") });
    await requestPasswordReset(member.email);
    await outbox.backgroundDeliveries();
    const resetLink = extractLinks((await latestMessageTo(databaseUrl, member.email))!).find((href) => href.includes("/reset-password"))!;
    const resetUrl = new URL(resetLink);
    // The secret rides as access_token, the selector as refresh_token (SPEC.md's parameter names).
    const [selector, secret] = [resetUrl.searchParams.get("refresh_token")!, resetUrl.searchParams.get("access_token")!];
    expect(await checkResetToken(selector, secret)).toBe("valid");

    const jar = await sessionJarFor(member.id);
    const newEmail = address("reset.new");
    await call(page.action, post("/profile/email", { intent: "request", newEmail, currentPassword: TEST_PASSWORD }, jar));
    const link = await changeLink(newEmail);
    await call(page.action, post("/profile/email", { intent: "confirm", id: link.id, token: link.token }, jar));
    expect(await checkResetToken(selector, secret)).toBe("revoked");
  });
});

describe("what the form refuses", () => {
  it.each([
    [
      "a wrong password",
      () => ({ newEmail: address("x"), currentPassword: "Wrong123" }),
      400,
      { currentPassword: ["Current password is incorrect"] },
    ],
    [
      "the same address",
      (email: string) => ({ newEmail: email.toUpperCase(), currentPassword: TEST_PASSWORD }),
      400,
      { newEmail: ["That's already your email address"] },
    ],
    ["no address", () => ({ newEmail: "", currentPassword: TEST_PASSWORD }), 400, { newEmail: ["Email address is required"] }],
    ["not an address", () => ({ newEmail: "amina@", currentPassword: TEST_PASSWORD }), 400, { newEmail: ["Please enter a valid email address"] }],
    ["no password", () => ({ newEmail: address("x"), currentPassword: "" }), 400, { currentPassword: ["Current password is required"] }],
  ])("%s", async (_label, fields, status, errors) => {
    const member = await createUser({ email: address("form") });
    const result = await call(page.action, post("/profile/email", { intent: "request", ...fields(member.email) }, await sessionJarFor(member.id)));
    expect(result.status).toBe(status);
    expect(result.data.result.error).toEqual(errors);
    // The password is never sent back to the page.
    expect(result.data.result.initialValue?.currentPassword).toBeUndefined();
    expect(
      await db()
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, member.id), eq(authTokens.purpose, "change_email"))),
    ).toEqual([]);
  });

  it("an address another account has (409), and one the mail service refuses (422, nothing pending)", async () => {
    const member = await createUser({ email: address("taken-by") });
    const other = await createUser({ email: address("other") });
    const jar = await sessionJarFor(member.id);
    const taken = await call(page.action, post("/profile/email", { intent: "request", newEmail: other.email, currentPassword: TEST_PASSWORD }, jar));
    expect(taken).toMatchObject({ status: 409, data: { result: { error: { newEmail: ["An account with this email address already exists"] } } } });

    const dead = address("dead");
    await suppressAt(mail.url, dead);
    const refused = await call(page.action, post("/profile/email", { intent: "request", newEmail: dead, currentPassword: TEST_PASSWORD }, jar));
    expect(refused).toMatchObject({
      status: 422,
      data: {
        result: {
          error: {
            newEmail: [
              `We couldn't send a confirmation link to ${dead}: our mail service won't deliver to that address. Please check it, or use another one.`,
            ],
          },
        },
      },
    });
    expect((await call(page.loader, get("/profile/email", jar))).data.pending).toBeNull();
  });

  it("wrong passwords count against the login's limits (ADR 038): the 11th try is a 429, even with the right password", async () => {
    const member = await createUser({ email: address("guesser") });
    const jar = await sessionJarFor(member.id);
    const attempt = (currentPassword: string) =>
      call(
        page.action,
        post("/profile/email", { intent: "request", newEmail: address("guess"), currentPassword }, jar),
        {},
        context("198.51.100.31"),
      );
    for (let index = 0; index < 10; index += 1) expect((await attempt(`Wrong${index}Pass`)).status).toBe(400);
    const blocked = await attempt(TEST_PASSWORD);
    expect(blocked).toMatchObject({ status: 429 });
    expect(blocked.data.result.error).toEqual({ currentPassword: ["Too many attempts. Please wait a few minutes before trying again."] });
    expect((await reloadUser(member.id)).email).toBe(member.email);
  });

  it("five requests an hour per member, then 429", async () => {
    const member = await createUser({ email: address("many") });
    const jar = await sessionJarFor(member.id);
    for (let index = 0; index < 5; index += 1) {
      const ok = await call(
        page.action,
        post("/profile/email", { intent: "request", newEmail: address(`many${index}`), currentPassword: TEST_PASSWORD }, jar),
      );
      expect(ok.status).toBe(302);
    }
    const sixth = await call(
      page.action,
      post("/profile/email", { intent: "request", newEmail: address("many6"), currentPassword: TEST_PASSWORD }, jar),
    );
    expect(sixth).toMatchObject({
      status: 429,
      data: { intent: "error", error: "Too many email change requests. Please wait an hour and try again." },
    });
    // Each new request replaced the one before: one link works, the newest.
    const live = await db()
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, member.id), eq(authTokens.purpose, "change_email")));
    expect(live.filter((token) => token.usedAt === null && token.revokedAt === null).map((token) => token.newEmail)).toHaveLength(1);
  });
});

describe("links", () => {
  it("someone else's link is invalid for this member and changes nothing; a cancelled change's link has expired", async () => {
    const owner = await createUser({ email: address("owner") });
    const ownerJar = await sessionJarFor(owner.id);
    const newEmail = address("owner.new");
    await call(page.action, post("/profile/email", { intent: "request", newEmail, currentPassword: TEST_PASSWORD }, ownerJar));
    const link = await changeLink(newEmail);

    const intruder = await createUser({ email: address("intruder") });
    const intruderJar = await sessionJarFor(intruder.id);
    expect((await call(page.loader, get(link.path, intruderJar))).data.link).toEqual({ status: "invalid" });
    const stolen = await call(page.action, post("/profile/email", { intent: "confirm", id: link.id, token: link.token }, intruderJar));
    expect(stolen).toMatchObject({ status: 400, data: { error: "This confirmation link isn't valid for your account. Ask for a new one below." } });
    expect((await reloadUser(intruder.id)).email).toBe(intruder.email);
    expect((await reloadUser(owner.id)).email).toBe(owner.email);

    // A wrong secret, or a malformed id: invalid too.
    expect((await call(page.loader, get(`/profile/email?id=${link.id}&token=wrong`, ownerJar))).data.link).toEqual({ status: "invalid" });
    expect((await call(page.loader, get("/profile/email?id=../../etc&token=x", ownerJar))).data.link).toEqual({ status: "invalid" });

    const cancelled = await call(page.action, post("/profile/email", { intent: "cancel" }, ownerJar));
    expect(await toastTitles(cancelled.setCookies)).toEqual(["Email change cancelled"]);
    expect((await call(page.loader, get(link.path, ownerJar))).data.link).toEqual({ status: "expired" });
    expect((await call(page.action, post("/profile/email", { intent: "confirm", id: link.id, token: link.token }, ownerJar))).status).toBe(410);
  });

  it("an address taken by another account between the request and the click: refused, nothing changed", async () => {
    const member = await createUser({ email: address("racer") });
    const jar = await sessionJarFor(member.id);
    const newEmail = address("contested");
    await call(page.action, post("/profile/email", { intent: "request", newEmail, currentPassword: TEST_PASSWORD }, jar));
    const link = await changeLink(newEmail);
    await createUser({ email: newEmail });
    const result = await call(page.action, post("/profile/email", { intent: "confirm", id: link.id, token: link.token }, jar));
    expect(result).toMatchObject({ status: 409, data: { error: "That address now belongs to another account, so your email stays as it was." } });
    expect((await reloadUser(member.id)).email).toBe(member.email);
  });

  it("a signed-out visitor with the link is sent to log in and back", async () => {
    const result = await call(page.loader, get("/profile/email?id=00000000-0000-4000-8000-000000000000&token=x"));
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?${new URLSearchParams({ redirectTo: "/profile/email?id=00000000-0000-4000-8000-000000000000&token=x" })}`);
  });

  it("an unknown intent is a 400", async () => {
    const member = await createUser({ email: address("intent") });
    expect(await call(page.action, post("/profile/email", { intent: "delete-everything" }, await sessionJarFor(member.id)))).toMatchObject({
      status: 400,
      data: { intent: "error", error: "Unknown action." },
    });
    expect((await db().select().from(users).where(eq(users.id, member.id)))[0]!.email).toBe(member.email);
    expect(await listMessages(databaseUrl, { to: member.email })).toEqual([]);
  });
});

describe("in the reader's language (ADR 056, part five (h))", () => {
  it("a Spanish reader's request: the link's email, the toast's sentence, the refusal and the waiting time in Spanish", async () => {
    const { takeToasts } = await import("../../app/server/notifications/toast.server");
    const member = await createUser({ name: "Rita Reyes", email: address("rita") });
    const jar = await sessionJarFor(member.id);
    const newEmail = address("rita.nueva");
    const spanish = (request: Request) => {
      request.headers.set("Accept-Language", "es-US,es;q=0.9");
      return request;
    };

    // A wrong password: the field's message travels in English (the page shows it in Spanish), the address is kept.
    const refused = await call(page.action, spanish(post("/profile/email", { intent: "request", newEmail, currentPassword: "NotMine123" }, jar)));
    expect(refused).toMatchObject({ status: 400 });
    expect(refused.data.result).toMatchObject({ initialValue: { newEmail }, error: { currentPassword: ["Current password is incorrect"] } });

    const requested = await call(page.action, spanish(post("/profile/email", { intent: "request", newEmail, currentPassword: TEST_PASSWORD }, jar)));
    expect(requested).toMatchObject({ status: 302, location: "/profile/email" });
    const cookies = new (await import("../support/routes")).CookieJar();
    cookies.store(requested.setCookies);
    const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: cookies.header() } }));
    expect(toasts).toMatchObject([
      {
        title: "Check your new inbox",
        description: `Enviamos un enlace de confirmación a ${newEmail}. Su correo electrónico cambia cuando usted lo abra.`,
      },
    ]);
    // The account stores no language: the link's email follows the request's (the outbox row's locale).
    expect((await latestMessageTo(databaseUrl, newEmail))?.subject).toBe("Confirme su nuevo correo electrónico para Rosca");
    const [row] = await db().select({ locale: emailOutbox.locale }).from(emailOutbox).where(eq(emailOutbox.toAddress, newEmail));
    expect(row?.locale).toBe("es-US");

    const waiting = await call(page.loader, spanish(get("/profile/email", jar)));
    expect(waiting.data.pending?.requestedAt).toMatch(/^\d{1,2} [a-z]+\.? \d{4}, \d{1,2}:\d{2}\s?[ap]\.\s?m\./);
  });
});
