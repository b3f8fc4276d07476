import { describe, expect, it } from "vitest";
import { call, CookieJar, get, post } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl, stopMail } = await useTestDatabase();
const admin = await import("../../app/routes/admin");
const { createSession } = await import("../../app/server/auth/session.server");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { registerUser } = await import("../../app/server/auth/accounts.server");
const { addUserByEmail, likePattern, searchUsers } = await import("../../app/server/admin/admin.server");
const { latestMessageTo } = await import("../../sandbox/postmark/store");
const { extractLinks } = await import("../../sandbox/postmark/view");
const { db } = await import("../../app/server/db/client.server");
const { auditLog, emailOutbox, notifications, sandboxAccessRequests, userInvitations, users } = await import("../../app/server/db/schema");
const { desc, eq, sql } = await import("drizzle-orm");

let counter = 0;
async function makeUser(options: { admin?: boolean; sandbox?: boolean; name?: string; email?: string } = {}) {
  counter += 1;
  const [user] = await db()
    .insert(users)
    .values({
      email: options.email ?? `user${counter}.${Date.now()}@example.com`,
      name: options.name ?? `Test User ${counter}`,
      isAdmin: options.admin ?? false,
      isPlaidSandboxAuthorized: options.sandbox ?? false,
      emailConfirmedAt: new Date(),
    })
    .returning();
  return user!;
}

async function jarFor(userId: string) {
  const jar = new CookieJar();
  jar.store([await createSession(userId, get("/login"), { remember: false })]);
  return jar;
}

/** The toasts a redirect queued, read the way the root loader reads them. */
async function toastsOf(result: { setCookies: string[] }) {
  const jar = new CookieJar();
  jar.store(result.setCookies);
  return (await takeToasts(get("/", jar))).toasts.map((toast) => ({ type: toast.type, title: toast.title, description: toast.description }));
}

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}

const adminUser = await makeUser({ admin: true, sandbox: true, name: "Ada Admin" });
const adminJar = await jarFor(adminUser.id);
const plainUser = await makeUser({ name: "Pat Plain" });
const userJar = await jarFor(plainUser.id);

const ACCESS_DENIED = { type: "error", title: "Access Denied", description: "Administrator privileges required to access this page." };
const AUTH_REQUIRED = { type: "error", title: "Authentication Required", description: "Please log in to access the admin dashboard." };

describe("/admin guards", () => {
  it("sends anonymous visitors to /login with 'Authentication Required'", async () => {
    const result = await call(admin.loader, get("/admin?q=x"));
    expect(result).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fadmin%3Fq%3Dx" });
    expect(await toastsOf(result)).toEqual([AUTH_REQUIRED]);
  });

  it("sends signed-in non-admins to /dashboard with 'Access Denied'", async () => {
    const result = await call(admin.loader, get("/admin", userJar));
    expect(result).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await toastsOf(result)).toEqual([ACCESS_DENIED]);
  });

  it("keeps the session-expired message for a stale cookie (not 'Authentication Required')", async () => {
    const jar = new CookieJar();
    jar.store(["rosca_session=garbage"]);
    const result = await call(admin.loader, get("/admin", jar));
    expect(result.status).toBe(302);
    expect((await toastsOf(result)).map((toast) => toast.title)).toEqual(["Authentication Error"]);
  });

  it("shows admins the console", async () => {
    const result = await call(admin.loader, get("/admin", adminJar));
    expect(result.status).toBe(200);
    expect(result.data.currentUserId).toBe(adminUser.id);
    expect(result.data.results.users.map((user: { id: string }) => user.id)).toContain(plainUser.id);
  });

  const target = { userId: "00000000-0000-4000-8000-000000000000", requestId: "00000000-0000-4000-8000-000000000000" };
  const intents: Record<string, string>[] = [
    { intent: "grant", userId: target.userId },
    { intent: "revoke", userId: target.userId },
    { intent: "decline", requestId: target.requestId },
    { intent: "add-user", email: "someone.new@example.com" },
    { intent: "nonsense" },
  ];

  it.each(intents)("refuses the $intent action to anonymous visitors", async (fields) => {
    const result = await call(admin.action, post("/admin", fields));
    expect(result).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fadmin" });
    expect(await toastsOf(result)).toEqual([AUTH_REQUIRED]);
  });

  it.each(intents)("refuses the $intent action to non-admins", async (fields) => {
    const result = await call(admin.action, post("/admin", fields, userJar));
    expect(result).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await toastsOf(result)).toEqual([ACCESS_DENIED]);
  });

  it("changes nothing when a non-admin posts a real grant or add-user", async () => {
    const victim = await makeUser();
    await call(admin.action, post("/admin", { intent: "grant", userId: victim.id }, userJar));
    await call(admin.action, post("/admin", { intent: "grant", userId: plainUser.id }, userJar));
    await call(admin.action, post("/admin", { intent: "add-user", email: "sneaky@example.com" }, userJar));
    expect((await userRow(victim.id)).isPlaidSandboxAuthorized).toBe(false);
    expect((await userRow(plainUser.id)).isPlaidSandboxAuthorized).toBe(false);
    expect(await db().select().from(userInvitations).where(eq(userInvitations.email, "sneaky@example.com"))).toEqual([]);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetUserId, victim.id))).toEqual([]);
  });

  it("answers malformed admin posts with 400, never 500", async () => {
    const malformed: Record<string, string>[] = [
      {},
      { intent: "nonsense" },
      { intent: "grant" },
      { intent: "grant", userId: "not-a-uuid" },
      { intent: "revoke", userId: "1; drop table users" },
      { intent: "decline", requestId: "" },
    ];
    for (const fields of malformed) {
      const result = await call(admin.action, post("/admin", fields, adminJar));
      expect(result.status, JSON.stringify(fields)).toBe(400);
    }
  });
});

describe("grant, revoke, decline", () => {
  it("grants: flag, request resolved, audit row, notification and the sandbox-granted email", async () => {
    const person = await makeUser({ name: "Gina Grant" });
    await db().insert(sandboxAccessRequests).values({ userId: person.id, message: "please" });
    const result = await call(admin.action, post("/admin", { intent: "grant", userId: person.id, q: "gina", page: "2" }, adminJar));
    expect(result).toMatchObject({ status: 302, location: "/admin?q=gina&page=2" });
    expect(await toastsOf(result)).toEqual([{ type: "success", title: "Sandbox access granted successfully", description: undefined }]);

    expect((await userRow(person.id)).isPlaidSandboxAuthorized).toBe(true);
    const [request] = await db().select().from(sandboxAccessRequests).where(eq(sandboxAccessRequests.userId, person.id));
    expect(request).toMatchObject({ status: "granted", resolvedBy: adminUser.id });
    expect(request!.resolvedAt).toBeInstanceOf(Date);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetUserId, person.id));
    expect(audit).toMatchObject([{ actorId: adminUser.id, action: "sandbox.grant", targetEmail: person.email }]);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, person.id));
    expect(notes).toMatchObject([{ title: "Sandbox access granted", link: "/profile/bank-accounts" }]);
    const email = await latestMessageTo(databaseUrl, person.email);
    expect(email!.subject).toBe("Sandbox access granted on Rosca");
    expect(extractLinks(email!)).toContain("http://localhost:3000/profile/bank-accounts");

    // The console shows it: the request is gone from the pending list, the audit entry is listed.
    const page = await call(admin.loader, get("/admin", adminJar));
    expect(page.data.requests.map((row: { userId: string }) => row.userId)).not.toContain(person.id);
    expect(page.data.audit[0]).toMatchObject({
      action: "sandbox.grant",
      actorName: "Ada Admin",
      targetName: "Gina Grant",
      targetEmail: person.email,
    });
  });

  it("revokes: flag off, audit row and notification, no email", async () => {
    const person = await makeUser({ sandbox: true });
    const result = await call(admin.action, post("/admin", { intent: "revoke", userId: person.id }, adminJar));
    expect(result).toMatchObject({ status: 302, location: "/admin" });
    expect(await toastsOf(result)).toEqual([{ type: "success", title: "Sandbox access revoked successfully", description: undefined }]);
    expect((await userRow(person.id)).isPlaidSandboxAuthorized).toBe(false);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetUserId, person.id))).toMatchObject([
      { action: "sandbox.revoke", actorId: adminUser.id },
    ]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, person.id))).toMatchObject([{ title: "Sandbox access revoked" }]);
    expect(await latestMessageTo(databaseUrl, person.email)).toBeNull();
  });

  it("reports 'Failed to update sandbox access' for a user that does not exist", async () => {
    const result = await call(admin.action, post("/admin", { intent: "grant", userId: "00000000-0000-4000-8000-000000000001" }, adminJar));
    expect(result).toMatchObject({ status: 302, location: "/admin" });
    expect(await toastsOf(result)).toEqual([{ type: "error", title: "Failed to update sandbox access", description: undefined }]);
  });

  it("declines an open request once", async () => {
    const person = await makeUser();
    const [request] = await db().insert(sandboxAccessRequests).values({ userId: person.id }).returning();
    const first = await call(admin.action, post("/admin", { intent: "decline", requestId: request!.id }, adminJar));
    expect(await toastsOf(first)).toEqual([{ type: "success", title: "Sandbox access request declined", description: undefined }]);
    const [row] = await db().select().from(sandboxAccessRequests).where(eq(sandboxAccessRequests.id, request!.id));
    expect(row).toMatchObject({ status: "declined", resolvedBy: adminUser.id });
    expect((await userRow(person.id)).isPlaidSandboxAuthorized).toBe(false);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetUserId, person.id))).toMatchObject([{ action: "sandbox.request.decline" }]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, person.id))).toMatchObject([
      { title: "Sandbox access request declined" },
    ]);
    const again = await call(admin.action, post("/admin", { intent: "decline", requestId: request!.id }, adminJar));
    expect(await toastsOf(again)).toEqual([{ type: "error", title: "Failed to decline the request", description: undefined }]);
  });
});

describe("add user by email", () => {
  async function addUser(email: string) {
    return call(admin.action, post("/admin", { intent: "add-user", email }, adminJar));
  }

  it("rejects an empty or invalid address with 'Please enter a valid email address'", async () => {
    for (const email of ["", "   ", "not-an-email", "a@b"]) {
      const result = await addUser(email);
      expect(result.status, email).toBe(400);
      expect(result.data.error.email).toEqual(["Please enter a valid email address"]);
    }
  });

  it("says 'User already exists in the system' for an account that already has sandbox access", async () => {
    const person = await makeUser({ sandbox: true });
    const result = await addUser(person.email.toUpperCase());
    expect(result.status).toBe(409);
    expect(result.data.error.email).toEqual(["User already exists in the system"]);
  });

  it("grants an existing account without sandbox access", async () => {
    const person = await makeUser();
    const result = await addUser(` ${person.email} `);
    expect(result).toMatchObject({ status: 302, location: "/admin" });
    expect(await toastsOf(result)).toEqual([{ type: "success", title: "User found and granted sandbox access!", description: undefined }]);
    expect((await userRow(person.id)).isPlaidSandboxAuthorized).toBe(true);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetUserId, person.id))).toMatchObject([
      { action: "sandbox.grant", details: { via: "add-user" } },
    ]);
  });

  it("invites a new address; registering with it grants sandbox access and accepts the invitation", async () => {
    const email = `invitee.${Date.now()}@example.com`;
    const result = await addUser(email.replace("invitee", "Invitee"));
    expect(await toastsOf(result)).toEqual([{ type: "success", title: "Invitation email sent successfully!", description: undefined }]);
    const [invitation] = await db().select().from(userInvitations).where(sql`lower(${userInvitations.email}) = ${email}`);
    expect(invitation).toMatchObject({ email, invitedBy: adminUser.id, acceptedAt: null });
    const [audit] = await db().select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit).toMatchObject({ action: "user.invite", targetEmail: email, actorId: adminUser.id });

    const message = await latestMessageTo(databaseUrl, email);
    expect(message!.subject).toBe("Ada Admin invited you to Rosca");
    // No account, so no name to greet: a plain "Hi,", never the address's local part.
    expect(message!.textBody).toMatch(/^Hi,$/m);
    expect(message!.textBody).not.toContain(email.split("@")[0]);
    expect(extractLinks(message!)).toContain("http://localhost:3000/register");

    // Inviting again keeps one row per address.
    await addUser(email);
    expect(await db().select().from(userInvitations).where(sql`lower(${userInvitations.email}) = ${email}`)).toHaveLength(1);

    const registered = await registerUser({ fullName: "Ivy Invitee", email, password: "Secret123" });
    expect(registered.status).toBe("created");
    if (registered.status !== "created") return;
    expect(registered.user.isPlaidSandboxAuthorized).toBe(true);
    const [accepted] = await db().select().from(userInvitations).where(eq(userInvitations.id, invitation!.id));
    expect(accepted!.acceptedAt).toBeInstanceOf(Date);

    // Someone who was not invited still starts without access.
    const other = await registerUser({ fullName: "Otto Other", email: `other.${Date.now()}@example.com`, password: "Secret123" });
    expect(other.status === "created" && other.user.isPlaidSandboxAuthorized).toBe(false);
  });

  it("reports 'Failed to invite user' when the invitation cannot be recorded", async () => {
    // An actor id with no user row breaks the foreign key: the command fails without throwing.
    const result = await addUserByEmail("00000000-0000-4000-8000-000000000002", `ghost.${Date.now()}@example.com`);
    expect(result).toEqual({ status: "failed" });
  });
});

describe("search and stats", () => {
  it("searches email and name case-insensitively, treats % and _ literally, and paginates newest first", async () => {
    const tag = `zq${Date.now()}`;
    const made = [];
    for (let index = 0; index < 5; index += 1) {
      made.push(await makeUser({ name: `Sam ${tag} ${index}`, email: `sam${index}.${tag}@example.com` }));
    }
    const underscore = await makeUser({ name: `Under_${tag}`, email: `u.${tag}@example.com` });
    const first = await searchUsers({ q: tag.toUpperCase(), page: 1, pageSize: 4 });
    expect(first).toMatchObject({ total: 6, pageCount: 2, page: 1 });
    expect(first.users.map((user) => user.id)).toEqual([underscore.id, made[4]!.id, made[3]!.id, made[2]!.id]);
    const second = await searchUsers({ q: tag, page: 2, pageSize: 4 });
    expect(second.users.map((user) => user.id)).toEqual([made[1]!.id, made[0]!.id]);
    expect((await searchUsers({ q: `r_${tag}` })).users.map((user) => user.id)).toEqual([underscore.id]);
    expect((await searchUsers({ q: `m_${tag}` })).total).toBe(0);
    expect((await searchUsers({ q: "%" })).total).toBe(0);
    expect(likePattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");

    const viaLoader = await call(admin.loader, get(`/admin?q=${tag}&page=2`, adminJar));
    expect(viaLoader.data.results).toMatchObject({ q: tag, page: 2, total: 6 });
    const empty = await call(admin.loader, get(`/admin?q=nobody-${tag}&page=abc`, adminJar));
    expect(empty.data.results).toMatchObject({ total: 0, page: 1, users: [] });
  });

  it("counts users, sandbox users and admins", async () => {
    const [expected] = await db()
      .select({
        totalUsers: sql<number>`count(*)::int`,
        sandboxUsers: sql<number>`(count(*) filter (where is_plaid_sandbox_authorized))::int`,
        admins: sql<number>`(count(*) filter (where is_admin))::int`,
      })
      .from(users);
    const result = await call(admin.loader, get("/admin", adminJar));
    expect(result.data.stats).toEqual(expected);
    expect(result.data.stats.admins).toBeGreaterThanOrEqual(1);
  });
});

// Last: it stops the mail double.
describe("when email is down", () => {
  it("still records the grant, and says the invitation's email is queued (not sent, not lost)", async () => {
    await stopMail();
    const person = await makeUser();
    const granted = await call(admin.action, post("/admin", { intent: "grant", userId: person.id }, adminJar));
    expect(await toastsOf(granted)).toEqual([{ type: "success", title: "Sandbox access granted successfully", description: undefined }]);
    expect((await userRow(person.id)).isPlaidSandboxAuthorized).toBe(true);

    const email = `offline.${Date.now()}@example.com`;
    const invited = await call(admin.action, post("/admin", { intent: "add-user", email }, adminJar));
    expect(await toastsOf(invited)).toEqual([
      {
        type: "warning",
        title: "Invitation saved. Our mail service can't send right now, so the email is queued and will be sent automatically.",
        description: undefined,
      },
    ]);
    expect(await db().select().from(userInvitations).where(eq(userInvitations.email, email))).toHaveLength(1);
    // Both emails wait in the outbox for the delivery job: the grant's and the invitation's.
    const waiting = await db().select().from(emailOutbox).where(eq(emailOutbox.status, "queued"));
    expect(waiting.map((row) => [row.toAddress, row.template, row.attempts]).sort()).toEqual(
      [
        [person.email, "sandbox-granted", 1],
        [email, "invitation", 1],
      ].sort(),
    );
  });
});
