/**
 * The email outbox (ADR 010) against a real PostgreSQL, the official Postmark SDK and the mail double over HTTP:
 * a mail outage that recovers (the double stopped, then started again on the same port: the email waits, then arrives
 * once), the pg-boss job delivering what is due, giving up after the last attempt (shown to admins, sent again from
 * /admin), a process that died mid-send, atomicity with the transaction that causes an email, and no secret at rest.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl, mailUrl, stopMail } = await useTestDatabase();
const register = await import("../../app/routes/register");
const admin = await import("../../app/routes/admin");
const outbox = await import("../../app/server/email/outbox.server");
const { JITTER, OUTBOX_POLICY } = await import("../../app/domain/email-outbox");
const { startMailSandbox } = await import("../../sandbox/postmark/server");
const { listMessages } = await import("../../sandbox/postmark/store");
const { extractLinks } = await import("../../sandbox/postmark/view");
const { db } = await import("../../app/server/db/client.server");
const { emailOutbox, users } = await import("../../app/server/db/schema");
const { call, context, get, post, CookieJar } = await import("../support/routes");
const { createUser, sessionJarFor } = await import("../support/users");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { createBoss } = await import("../../app/server/jobs/queue.server");
const { startWorker } = await import("../../app/server/jobs/worker.server");
const { EMAIL_OUTBOX } = await import("../../app/server/jobs/queue.server");
const { eq, inArray } = await import("drizzle-orm");
const { logger } = await import("../../app/server/platform/log.server");

const mailPort = Number(new URL(mailUrl).port);
let restarted: { stop(): Promise<void> } | null = null;
afterAll(async () => {
  await restarted?.stop();
});

/** The mail double down: nothing listens on its port (connections are refused). */
async function mailDown() {
  await stopMail();
}
/** The mail double back, on the same address the app is configured with. */
async function mailUp() {
  restarted = await startMailSandbox({ databaseUrl, port: mailPort });
}

async function rowsTo(address: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(emailOutbox.createdAt, emailOutbox.template);
}

async function toastsOf(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
  return toasts.map(({ type, title, description }) => ({ type, title, description }));
}

const at = (ms: number) => () => new Date(Date.now() + ms);

describe("atomic with what causes it", () => {
  it("a rolled-back transaction leaves no email; a committed one leaves exactly its own", async () => {
    const address = `rollback.${Date.now()}@example.com`;
    const message = { template: "welcome", data: { name: "R", dashboardUrl: "http://localhost:3000/dashboard" } } as const;
    await expect(
      db().transaction(async (tx) => {
        await outbox.queueEmail(tx, address, message);
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect(await rowsTo(address)).toEqual([]);

    const id = await db().transaction((tx) => outbox.queueEmail(tx, address, message));
    expect((await rowsTo(address)).map((row) => [row.id, row.status, row.attempts])).toEqual([[id, "queued", 0]]);
    // Nobody asked to deliver it now: the delivery job does.
    const run = await outbox.deliverDueEmails();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    expect((await listMessages(databaseUrl, { to: address })).map((m) => m.subject)).toEqual(["Welcome to Rosca"]);
  });

  it("sends one person's emails in the order they were queued (a new account's confirmation before its welcome)", async () => {
    for (let run = 0; run < 5; run += 1) {
      const address = `order${run}.${Date.now()}@example.com`;
      const ids = await db().transaction(async (tx) => [
        await outbox.queueEmail(tx, address, {
          template: "confirm-email",
          data: { name: "O", confirmUrl: "http://localhost:3000/auth/confirm?id=x&token=y", expiresInHours: 24 },
        }),
        await outbox.queueEmail(tx, address, { template: "welcome", data: { name: "O", dashboardUrl: "http://localhost:3000/dashboard" } }),
      ]);
      const results = await outbox.deliverEmails(ids);
      expect([...results.values()].map((result) => result.status)).toEqual(["sent", "sent"]);
      // Newest first: the welcome was sent after the confirmation.
      expect((await listMessages(databaseUrl, { to: address })).map((m) => m.tag)).toEqual(["welcome", "confirm-email"]);
    }
  });

  it("keeps single-use links encrypted while waiting and erases them once sent", async () => {
    const address = `secret.${Date.now()}@example.com`;
    const confirmUrl = "http://localhost:3000/auth/confirm?id=4f0c9a52-6a51-4c39-9d0b-3c1f2b8e7a11&token=very-secret-token";
    const id = await outbox.queueEmail(db(), address, { template: "confirm-email", data: { name: "S", confirmUrl, expiresInHours: 24 } });
    const [waiting] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(waiting!.payloadEncrypted).toMatch(/^v2\.k0\./);
    expect(waiting!.payloadEncrypted).not.toContain("very-secret-token");
    const results = await outbox.deliverEmails([id]);
    expect(results.get(id)).toMatchObject({ ok: true, status: "sent", outboxId: id });
    const [sent] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(sent).toMatchObject({ status: "sent", payloadEncrypted: null, attempts: 1, lastError: null });
    expect(sent!.providerMessageId).toBe((results.get(id) as { messageId: string }).messageId);
  });
});

describe("a mail outage that recovers", () => {
  it("registration succeeds while Postmark is down; the emails wait, retry with backoff, and arrive once when it is back", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    await mailDown();
    const email = `outage.${Date.now()}@example.com`;

    // The sign-up is not a 500, and not a false "sent": the account exists, its emails are queued.
    const registered = await call(
      register.action,
      post("/register", { fullName: "Olu Outage", email, password: "Secret123", confirmPassword: "Secret123", terms: "on" }),
      {},
      context("198.51.100.77"),
    );
    expect(registered).toMatchObject({ status: 302, location: "/login" });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toBeDefined();
    let rows = await rowsTo(email);
    expect(rows.map((row) => [row.template, row.status, row.attempts])).toEqual([
      ["confirm-email", "queued", 1],
      ["welcome", "queued", 1],
    ]);
    expect(rows[0]!.lastError).toBe(`Could not reach the mail sandbox at ${mailUrl}: fetch failed`);
    // The next attempt waits out the first backoff step (30 s), jittered by up to 20% either way.
    for (const row of rows) {
      const wait = row.nextAttemptAt.getTime() - row.createdAt.getTime();
      expect(wait).toBeGreaterThanOrEqual(OUTBOX_POLICY.baseDelaySeconds * 1000 * (1 - JITTER));
      expect(wait).toBeLessThan(OUTBOX_POLICY.baseDelaySeconds * 1000 * (1 + JITTER) + 1_000);
    }

    // The delivery job before the retry is due: nothing to do.
    expect(await outbox.deliverDueEmails()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    // When it is due and Postmark is still down: a second failed attempt, the next one twice as far out.
    expect(await outbox.deliverDueEmails({ now: at(37_000) })).toEqual({ sent: 0, retrying: 2, failed: 0 });
    rows = await rowsTo(email);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["queued", 2],
      ["queued", 2],
    ]);
    expect(rows[0]!.nextAttemptAt.getTime() - (Date.now() + 37_000)).toBeGreaterThan(60_000 * (1 - JITTER) - 1_000);
    expect(await listMessages(databaseUrl, { to: email })).toEqual([]);

    // Postmark is back. The next due run delivers each email once; runs after that send nothing more.
    await mailUp();
    expect(await outbox.deliverDueEmails({ now: at(120_000) })).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await outbox.deliverDueEmails({ now: at(10 * 3_600_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    rows = await rowsTo(email);
    expect(rows.map((row) => [row.template, row.status, row.attempts, row.payloadEncrypted])).toEqual([
      ["confirm-email", "sent", 3, null],
      ["welcome", "sent", 3, null],
    ]);
    const mail = await listMessages(databaseUrl, { to: email });
    expect(mail.map((message) => message.tag).sort()).toEqual(["confirm-email", "welcome"]);

    // The late confirmation link still confirms the account.
    const link = mail.flatMap((message) => extractLinks(message)).find((href) => new URL(href).pathname === "/auth/confirm")!;
    const confirm = await import("../../app/routes/auth.confirm");
    const page = await call(confirm.loader, get(new URL(link).pathname + new URL(link).search));
    expect(page.data.state).toBe("valid");
    const confirmed = await call(confirm.action, post("/auth/confirm", { id: page.data.id, token: page.data.token, redirectTo: "" }));
    expect(confirmed).toMatchObject({ status: 302, location: "/auth-success" });
  });
});

describe("the email.outbox job", () => {
  it("a worker delivers a waiting email when the job runs (pg-boss, the worker's own handler)", async () => {
    const address = `job.${Date.now()}@example.com`;
    const id = await outbox.queueEmail(db(), address, { template: "welcome", data: { name: "J", dashboardUrl: "http://localhost:3000/dashboard" } });
    const boss = await createBoss("worker");
    const done: Array<{ queue: string; result: unknown }> = [];
    const worker = await startWorker({
      boss,
      name: "outbox-test-worker",
      schedule: false,
      pollingIntervalSeconds: 0.5,
      log: () => {},
      onJobDone: (job) => done.push(job),
    });
    try {
      await boss.send(EMAIL_OUTBOX, { source: "test" });
      await vi.waitFor(() => expect(done.filter((job) => job.queue === EMAIL_OUTBOX)).toHaveLength(1), { timeout: 15_000, interval: 200 });
      expect(done.find((job) => job.queue === EMAIL_OUTBOX)!.result).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
      const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
      expect((await listMessages(databaseUrl, { to: address })).map((m) => m.tag)).toEqual(["welcome"]);
    } finally {
      await worker.stop();
      await boss.stop({ graceful: true, timeout: 5_000 });
    }
  });

  it("re-sends an email whose process died mid-send once its lease has run out, and only then", async () => {
    const address = `crash.${Date.now()}@example.com`;
    const id = await outbox.queueEmail(db(), address, { template: "welcome", data: { name: "C", dashboardUrl: "http://localhost:3000/dashboard" } });
    // What a process leaves behind when it dies after claiming the row.
    const leaseUntil = new Date(Date.now() + OUTBOX_POLICY.leaseSeconds * 1000);
    await db().update(emailOutbox).set({ status: "sending", attempts: 1, leaseUntil }).where(eq(emailOutbox.id, id));
    expect(await outbox.deliverDueEmails()).toMatchObject({ sent: 0 });
    expect(await listMessages(databaseUrl, { to: address })).toEqual([]);
    expect(await outbox.deliverDueEmails({ now: at((OUTBOX_POLICY.leaseSeconds + 1) * 1000) })).toMatchObject({ sent: 1 });
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(await listMessages(databaseUrl, { to: address })).toHaveLength(1);
  });
});

describe("after the last retry", () => {
  it("gives up, shows the email to admins, and an admin sends it again once Postmark answers", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    const address = `giveup.${Date.now()}@example.com`;
    const id = await outbox.queueEmail(db(), address, { template: "welcome", data: { name: "G", dashboardUrl: "http://localhost:3000/dashboard" } });
    // One attempt left, and Postmark down for it.
    await db()
      .update(emailOutbox)
      .set({ attempts: OUTBOX_POLICY.maxAttempts - 1 })
      .where(eq(emailOutbox.id, id));
    await restarted?.stop();
    restarted = null;
    expect(await outbox.deliverDueEmails()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const [failed] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(failed).toMatchObject({
      status: "failed",
      attempts: OUTBOX_POLICY.maxAttempts,
      lastError: `Could not reach the mail sandbox at ${mailUrl}: fetch failed`,
    });
    expect(failed!.failedAt).toBeInstanceOf(Date);
    expect(failed!.payloadEncrypted).not.toBeNull();
    // The delivery job leaves it alone from now on.
    expect(await outbox.deliverDueEmails({ now: at(48 * 3_600_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const adminUser = await createUser({ isAdmin: true, name: "Ada Admin" });
    const jar = await sessionJarFor(adminUser.id);
    const page = await call(admin.loader, get("/admin", jar));
    expect(page.data.email.failedTotal).toBeGreaterThanOrEqual(1);
    expect(page.data.email.failed.find((row: { id: string }) => row.id === id)).toMatchObject({
      toAddress: address,
      template: "welcome",
      attempts: OUTBOX_POLICY.maxAttempts,
    });

    // Still down: the admin's retry queues it again, honestly.
    const stillDown = await call(admin.action, post("/admin", { intent: "retry-email", emailId: id }, jar));
    expect(await toastsOf(stillDown.setCookies)).toEqual([
      {
        type: "warning",
        title: "The mail service still can't send: the email is queued again and will be retried automatically.",
        description: undefined,
      },
    ]);
    expect((await rowsTo(address)).map((row) => [row.status, row.attempts])).toEqual([["queued", 1]]);

    await mailUp();
    expect(await outbox.deliverDueEmails({ now: at(60_000) })).toMatchObject({ sent: 1 });
    expect((await listMessages(databaseUrl, { to: address })).map((m) => m.tag)).toEqual(["welcome"]);
    // A sent email cannot be "sent again" from the console.
    const refused = await call(admin.action, post("/admin", { intent: "retry-email", emailId: id }, jar));
    expect(await toastsOf(refused.setCookies)).toEqual([
      { type: "error", title: "That email can't be sent again (it was sent meanwhile, or it is not a failed email).", description: undefined },
    ]);
  });

  it("gives up at once on an address Postmark refuses for good (422), without retrying", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    const result = await outbox.sendEmail("not-an-address", {
      template: "welcome",
      data: { name: "X", dashboardUrl: "http://localhost:3000/dashboard" },
    });
    expect(result).toMatchObject({
      ok: false,
      status: "failed",
      error: "Error parsing 'To': Illegal email address 'not-an-address'. It must contain the '@' symbol.",
      errorCode: 300,
    });
    const rows = await db()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [result.outboxId!]));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([["failed", 1]]);
  });
});
