/**
 * Issue 31: what the outbox does with each way the mail service can say no, against a real PostgreSQL and the mail
 * double over HTTP through the official SDK (the double refusing as Postmark refuses: sandbox/postmark/README.md).
 *
 * - The account (a From address that is not a confirmed sender signature, an account pending approval, a wrong server
 *   token): the outbox pauses with nothing given up or counted, the admin console and /readyz say "Email paused:
 *   <reason>" with the count waiting, one probe at a time while it lasts, and it resumes by itself once the cause is
 *   fixed (or on the admin's "Try again"), every email then sent once.
 * - The recipient (406 inactive, 300 naming the address): that email is given up on and the address marked; the member
 *   sees the banner on the dashboard and the profile; in-app notifications carry on; other members' mail is unaffected.
 * - Nothing lasting (429, 5xx): retried with backoff and jitter, at least once.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl, mail } = await useTestDatabase();
const outbox = await import("../../app/server/email/outbox.server");
const admin = await import("../../app/routes/admin");
const dashboard = await import("../../app/routes/dashboard");
const profileLayout = await import("../../app/routes/profile");
const readyz = await import("../../app/routes/readyz");
const { OUTBOX_POLICY, JITTER } = await import("../../app/domain/email-outbox");
const { PAUSE_POLICY } = await import("../../app/domain/email-delivery");
const { db } = await import("../../app/server/db/client.server");
const { emailOutbox, emailOutboxPause, notifications, undeliverableAddresses } = await import("../../app/server/db/schema");
const { notifyUrgent, URGENT } = await import("../../app/server/notifications/account-alerts.server");
const { listMessages } = await import("../../sandbox/postmark/store");
const { call, get, post, CookieJar } = await import("../support/routes");
const { createUser, sessionJarFor } = await import("../support/users");
const { renderRoute, textOf } = await import("../support/render");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { logger } = await import("../../app/server/platform/log.server");
const { eq, inArray } = await import("drizzle-orm");
const { suppress: suppressAt } = await import("../support/postmark");

const HEALTHY = mail.account();
const at = (ms: number) => () => new Date(Date.now() + ms);
const welcome = (name: string) => ({ template: "welcome", data: { name, dashboardUrl: "http://localhost:3000/dashboard" } }) as const;

let counter = 0;
function address(local: string) {
  counter += 1;
  return `${local}.${Date.now()}.${counter}@example.com`;
}

async function rows(ids: string[]) {
  const found = await db().select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
  return ids.map((id) => found.find((row) => row.id === id)!);
}

async function toastsOf(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
  return toasts.map(({ type, title, description }) => ({ type, title, description }));
}

async function readiness() {
  const response = await readyz.loader();
  return { status: response.status, body: await response.text() };
}

/** The double's Suppressions API, as an operator (or a hard bounce) would fill it: sends to these answer 406. */

beforeEach(async () => {
  vi.spyOn(logger, "error").mockImplementation(() => {});
  vi.spyOn(logger, "warn").mockImplementation(() => {});
  mail.configure(HEALTHY);
  // Each test starts with an empty outbox and running mail, so the counts it asserts are its own.
  await db().delete(emailOutbox);
  await db().delete(emailOutboxPause);
  return () => vi.restoreAllMocks();
});

describe("an account-level refusal pauses the outbox: nothing given up, resumed by itself once fixed", () => {
  it.each([
    [
      "a From address that is not a sender signature",
      { senders: [{ domain: "elsewhere.example" }] },
      400,
      "the From address (EMAIL_FROM) is not a sender signature on the Postmark account",
    ],
    [
      "a sender signature not confirmed yet",
      { senders: [{ address: "hello@rosca.example", confirmed: false }] },
      401,
      "the From address (EMAIL_FROM) is a sender signature Postmark has not confirmed yet",
    ],
    ["an account pending approval", { pending: true }, 412, "the Postmark account is pending approval"],
    ["a wrong server token", { serverToken: "the-token-was-rotated" }, 10, "Postmark refused the server token (check POSTMARK_SERVER_TOKEN)"],
  ])("%s", async (_label, misconfiguration, errorCode, reason) => {
    mail.configure(misconfiguration);
    const recipients = [address("ama"), address("kofi"), address("lena")];
    const ids = await db().transaction(async (tx) => Promise.all(recipients.map((to, index) => outbox.queueEmail(tx, to, welcome(`M${index}`)))));

    // Tried right after the commit: refused for the account, so every email waits, none counted, none given up.
    const results = await outbox.deliverEmails(ids);
    expect([...results.values()].map((result) => [result.status, result.ok && result.status === "queued" ? result.error : null])).toEqual(
      recipients.map(() => ["queued", `Email paused: ${reason}`]),
    );
    const [pause] = await db().select().from(emailOutboxPause);
    expect(pause).toMatchObject({ reason, errorCode, probes: 0 });
    expect(pause!.nextProbeAt.getTime() - pause!.pausedAt.getTime()).toBe(PAUSE_POLICY.firstProbeSeconds * 1000);
    expect((await rows(ids)).map((row) => [row.status, row.attempts, row.failedAt])).toEqual(recipients.map(() => ["queued", 0, null]));

    // The admin console and the health check say so, with the count waiting.
    const adminUser = await createUser({ isAdmin: true, name: "Ada Admin" });
    const jar = await sessionJarFor(adminUser.id);
    const page = await call(admin.loader, get("/admin", jar));
    expect(page.data.email.paused).toMatchObject({ reason, probes: 0 });
    expect(page.data.email.pending).toBe(3);
    const text = textOf(renderRoute(admin.default, "/admin", page.data));
    expect(text).toContain(`Email paused: ${reason} 3 emails waiting. Nothing is given up while email is paused.`);
    expect(await readiness()).toEqual({ status: 200, body: `ready\nEmail paused: ${reason} (3 emails waiting)` });

    // Two days of delivery runs while it lasts: one probe per due turn, every email still waiting, none counted.
    let probes = 0;
    for (let hour = 1; hour <= 48; hour += 1) {
      const run = await outbox.deliverDueEmails({ now: at(hour * 3_600_000) });
      expect(run).toEqual({ sent: 0, retrying: 1, failed: 0, paused: true });
      probes += 1;
    }
    expect((await db().select().from(emailOutboxPause))[0]!.probes).toBe(probes);
    expect((await rows(ids)).map((row) => [row.status, row.attempts])).toEqual(recipients.map(() => ["queued", 0]));
    for (const to of recipients) expect(await listMessages(databaseUrl, { to })).toEqual([]);

    // The operator fixes it; the next probe is accepted and the whole backlog goes, each email once.
    mail.configure(HEALTHY);
    expect(await outbox.deliverDueEmails({ now: at(49 * 3_600_000) })).toEqual({ sent: 3, retrying: 0, failed: 0 });
    expect(await db().select().from(emailOutboxPause)).toEqual([]);
    expect((await rows(ids)).map((row) => [row.status, row.attempts])).toEqual(recipients.map(() => ["sent", 1]));
    for (const to of recipients) expect((await listMessages(databaseUrl, { to })).map((message) => message.tag)).toEqual(["welcome"]);
    expect(await outbox.deliverDueEmails({ now: at(50 * 3_600_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await readiness()).toEqual({ status: 200, body: "ready" });
    expect((await call(admin.loader, get("/admin", jar))).data.email.paused).toBeNull();
  });

  it("waits for the probe's turn: while paused and before it, new emails are not sent and the mail service is not asked", async () => {
    mail.configure({ senders: [] });
    const first = await outbox.sendEmail(address("first"), welcome("F"));
    expect(first).toMatchObject({ status: "queued" });
    mail.configure(HEALTHY);
    // Fixed, but the probe is not due for a minute: a new email waits rather than racing ahead of the backlog.
    const to = address("second");
    expect(await outbox.sendEmail(to, welcome("S"))).toMatchObject({
      status: "queued",
      error: "Email paused: the From address (EMAIL_FROM) is not a sender signature on the Postmark account",
    });
    expect(await outbox.deliverDueEmails()).toEqual({ sent: 0, retrying: 0, failed: 0, paused: true });
    expect(await listMessages(databaseUrl, { to })).toEqual([]);
    // Its turn: both go.
    expect(await outbox.deliverDueEmails({ now: at((PAUSE_POLICY.firstProbeSeconds + 1) * 1000) })).toEqual({ sent: 2, retrying: 0, failed: 0 });
  });

  it("an inline probe is the first email the caller queued (a confirmation before its welcome), the rest follow", async () => {
    mail.configure({ senders: [] });
    await outbox.sendEmail(address("pauser"), welcome("P"));
    mail.configure(HEALTHY);
    const to = address("order");
    const ids = await db().transaction(async (tx) => [
      await outbox.queueEmail(tx, to, {
        template: "confirm-email",
        data: { name: "O", confirmUrl: "http://localhost:3000/auth/confirm?id=x&token=y", expiresInHours: 24 },
      }),
      await outbox.queueEmail(tx, to, welcome("O")),
    ]);
    const results = await outbox.deliverEmails(ids, { now: new Date(Date.now() + (PAUSE_POLICY.firstProbeSeconds + 1) * 1000) });
    expect([...results.values()].map((result) => result.status)).toEqual(["sent", "sent"]);
    // Newest first: the welcome went after the confirmation.
    expect((await listMessages(databaseUrl, { to })).map((message) => message.tag)).toEqual(["welcome", "confirm-email"]);
    expect(await db().select().from(emailOutboxPause)).toEqual([]);
  });

  it("the admin's Try again: still paused while the cause lasts, resumed at once when it is fixed", async () => {
    mail.configure({ pending: true });
    const recipients = [address("try1"), address("try2")];
    for (const to of recipients) await outbox.sendEmail(to, welcome("T"));
    const adminUser = await createUser({ isAdmin: true, name: "Ada Admin" });
    const jar = await sessionJarFor(adminUser.id);

    const refused = await call(admin.action, post("/admin", { intent: "retry-paused-email" }, jar));
    expect(refused).toMatchObject({ status: 302, location: "/admin" });
    expect(await toastsOf(refused.setCookies)).toEqual([
      {
        type: "error",
        title: "Email is still paused: the mail service refused the email we tried with.",
        description: "Email paused: the Postmark account is pending approval",
      },
    ]);
    expect((await db().select().from(emailOutboxPause))[0]!.probes).toBe(1);

    mail.configure(HEALTHY);
    const resumed = await call(admin.action, post("/admin", { intent: "retry-paused-email" }, jar));
    expect(await toastsOf(resumed.setCookies)).toEqual([
      { type: "success", title: "Email resumed: the mail service accepted a waiting email, and the rest are on their way.", description: undefined },
    ]);
    await outbox.backgroundDeliveries();
    for (const to of recipients) expect(await listMessages(databaseUrl, { to })).toHaveLength(1);
    expect(await db().select().from(emailOutboxPause)).toEqual([]);

    // Not paused any more: the button says so and changes nothing.
    const idle = await call(admin.action, post("/admin", { intent: "retry-paused-email" }, jar));
    expect(await toastsOf(idle.setCookies)).toEqual([{ type: "info", title: "Email isn't paused.", description: undefined }]);
  });

  it("a probe that got no answer while paused goes at once with the rest when Try again is accepted, not after its backoff", async () => {
    mail.configure({ pending: true });
    const steady = address("steady");
    await outbox.sendEmail(steady, welcome("S"));
    // Postmark answers this address 503 once (sandbox/postmark/README.md): the probe that meets it gets no lasting answer.
    const flaky = `status-503-1+${Date.now()}@api-errors.mail-sandbox.test`;
    const { outboxId } = await outbox.sendEmail(flaky, welcome("F"));
    const jar = await sessionJarFor((await createUser({ isAdmin: true, name: "Ada Admin" })).id);

    // The probe is the email due first: the one to the flaky address. 503: still paused, that email backed off.
    const refused = await call(admin.action, post("/admin", { intent: "retry-paused-email" }, jar));
    expect((await toastsOf(refused.setCookies))[0]).toMatchObject({
      type: "error",
      description: "Email paused: the Postmark account is pending approval",
    });
    const [backedOff] = await rows([outboxId!]);
    expect(backedOff).toMatchObject({ status: "queued", attempts: 1 });
    expect(backedOff!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + (OUTBOX_POLICY.baseDelaySeconds * (1 - JITTER) - 5) * 1000);

    // Fixed: the next probe is accepted, and the backed-off email goes with the backlog, now.
    mail.configure(HEALTHY);
    const resumed = await call(admin.action, post("/admin", { intent: "retry-paused-email" }, jar));
    expect((await toastsOf(resumed.setCookies))[0]).toMatchObject({ type: "success" });
    await outbox.backgroundDeliveries();
    expect((await rows([outboxId!])).map((row) => [row.status, row.attempts])).toEqual([["sent", 2]]);
    for (const to of [steady, flaky]) expect(await listMessages(databaseUrl, { to })).toHaveLength(1);
  });

  it("Try again with nothing waiting lifts the pause, and says why", async () => {
    mail.configure({ serverToken: "old" });
    const result = await outbox.sendEmail(address("gone"), welcome("G"));
    await db().delete(emailOutbox).where(eq(emailOutbox.id, result.outboxId!));
    const adminUser = await createUser({ isAdmin: true, name: "Ada Admin" });
    const response = await call(admin.action, post("/admin", { intent: "retry-paused-email" }, await sessionJarFor(adminUser.id)));
    expect(await toastsOf(response.setCookies)).toEqual([
      {
        type: "success",
        title: "Email resumed. Nothing was waiting to try with, so the next email will show whether the problem is fixed.",
        description: undefined,
      },
    ]);
    expect(await db().select().from(emailOutboxPause)).toEqual([]);
  });
});

describe("a per-recipient refusal marks that address, and only that email is given up", () => {
  it("406 inactive: the member's banner on the dashboard and profile, in-app notices carry on, the others' mail goes", async () => {
    const amina = await createUser({ name: "Amina Yusuf", email: address("amina") });
    const omar = await createUser({ name: "Omar Haddad", email: address("omar") });
    await suppressAt(mail.url, amina.email);

    const ids = await db().transaction(async (tx) => [
      await outbox.queueEmail(tx, amina.email, welcome("Amina"), { userId: amina.id }),
      await outbox.queueEmail(tx, omar.email, welcome("Omar"), { userId: omar.id }),
    ]);
    const results = await outbox.deliverEmails(ids);
    expect(results.get(ids[0]!)).toEqual({
      ok: false,
      status: "failed",
      error: `You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ${amina.email}. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.`,
      errorCode: 406,
      outboxId: ids[0],
    });
    expect(results.get(ids[1]!)).toMatchObject({ ok: true, status: "sent" });
    expect((await rows(ids)).map((row) => [row.status, row.attempts])).toEqual([
      ["failed", 1],
      ["sent", 1],
    ]);
    // Not a pause: the account is fine. Admins see the failure for what it is.
    expect(await db().select().from(emailOutboxPause)).toEqual([]);
    const adminUser = await createUser({ isAdmin: true, name: "Ada Admin" });
    const panel = await call(admin.loader, get("/admin", await sessionJarFor(adminUser.id)));
    expect(panel.data.email.failed.find((row: { id: string }) => row.id === ids[0])).toMatchObject({
      toAddress: amina.email,
      undeliverable: "inactive",
    });
    expect(textOf(renderRoute(admin.default, "/admin", panel.data))).toContain(
      "Undeliverable address: sending again won't help unless Postmark reactivates it. You tried to send to recipient(s)",
    );

    const marks = await db()
      .select()
      .from(undeliverableAddresses)
      .where(inArray(undeliverableAddresses.address, [amina.email, omar.email]));
    expect(marks.map((mark) => [mark.address, mark.reason, mark.source])).toEqual([[amina.email, "inactive", "send"]]);

    // The member is told once, in the app.
    const bell = await db().select().from(notifications).where(eq(notifications.userId, amina.id));
    expect(bell.map((row) => [row.title, row.link])).toEqual([["We can't reach your email address", "/profile/email"]]);

    // The banner, on the dashboard and every profile page; not for Omar.
    const aminaJar = await sessionJarFor(amina.id);
    const board = await call(dashboard.loader, get("/dashboard", aminaJar));
    expect(board.data.emailProblem).toEqual({ address: amina.email, reason: "inactive" });
    const boardText = textOf(renderRoute(dashboard.default, "/dashboard", board.data));
    expect(boardText).toContain(`We can't reach ${amina.email}: update your email`);
    expect(boardText).toContain("Change your email address");
    const profile = await call(profileLayout.loader, get("/profile", aminaJar));
    expect(profile.data).toEqual({ emailProblem: { address: amina.email, reason: "inactive" } });
    expect(textOf(renderRoute(profileLayout.default, "/profile", profile.data))).toContain(`We can't reach ${amina.email}: update your email`);
    const omarBoard = await call(dashboard.loader, get("/dashboard", await sessionJarFor(omar.id)));
    expect(omarBoard.data.emailProblem).toBeNull();
    expect(textOf(renderRoute(dashboard.default, "/dashboard", omarBoard.data))).not.toContain("We can't reach");

    // In-app notifications carry on: the bell gets the notice though its email cannot be delivered.
    const urgent = await notifyUrgent(amina.id, URGENT.twoFactorEnabled());
    expect(urgent).toMatchObject({ delivered: true, email: { ok: false, status: "failed", errorCode: 406 } });
    expect((await db().select().from(notifications).where(eq(notifications.userId, amina.id))).map((row) => row.title)).toContain(
      "Two-factor authentication turned on",
    );
    // Marked once: a second refusal changes neither the mark nor the bell's one notice about it.
    const [markBefore] = await db().select().from(undeliverableAddresses).where(eq(undeliverableAddresses.address, amina.email));
    expect(markBefore!.markedAt).toEqual(marks[0]!.markedAt);
    expect(
      (await db().select().from(notifications).where(eq(notifications.userId, amina.id))).filter(
        (row) => row.title === "We can't reach your email address",
      ),
    ).toHaveLength(1);
  });

  it("300 naming the address marks it invalid; a refusal of the message itself marks nothing", async () => {
    const result = await outbox.sendEmail("not-an-address", welcome("X"));
    expect(result).toMatchObject({ ok: false, status: "failed", errorCode: 300 });
    const [mark] = await db().select().from(undeliverableAddresses).where(eq(undeliverableAddresses.address, "not-an-address"));
    expect(mark).toMatchObject({
      reason: "invalid",
      source: "send",
      detail: "Error parsing 'To': Illegal email address 'not-an-address'. It must contain the '@' symbol.",
    });
  });
});

describe("429 and 5xx: retried with backoff and jitter, at least once", () => {
  it("retries a rate limit and an outage until accepted, each email sent once, nothing marked or paused", async () => {
    const busy = `status-429-1+${Date.now()}@api-errors.mail-sandbox.test`;
    const down = `status-503-2+${Date.now()}@api-errors.mail-sandbox.test`;
    const ids = await db().transaction(async (tx) => [
      await outbox.queueEmail(tx, busy, welcome("B")),
      await outbox.queueEmail(tx, down, welcome("D")),
    ]);
    const results = await outbox.deliverEmails(ids);
    // In the order queued (the map fills in the order the attempts, made side by side, finish).
    expect(ids.map((id) => results.get(id)!).map((result) => [result.status, result.ok && result.status === "queued" ? result.error : null])).toEqual(
      [
        ["queued", "Rate limit exceeded: too many requests. Please slow down and try again later."],
        ["queued", "Postmark is offline for maintenance. Please try again later."],
      ],
    );
    for (const row of await rows(ids)) {
      const wait = row.nextAttemptAt.getTime() - row.createdAt.getTime();
      expect(wait).toBeGreaterThanOrEqual(OUTBOX_POLICY.baseDelaySeconds * 1000 * (1 - JITTER));
      expect(wait).toBeLessThan(OUTBOX_POLICY.baseDelaySeconds * 1000 * (1 + JITTER) + 1_000);
    }
    // The next pass: the rate-limited one goes; the outage lasts one more answer.
    expect(await outbox.deliverDueEmails({ now: at(37_000) })).toEqual({ sent: 1, retrying: 1, failed: 0 });
    expect(await outbox.deliverDueEmails({ now: at(37_000 + 73_000) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect((await rows(ids)).map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 2],
      ["sent", 3],
    ]);
    expect(await listMessages(databaseUrl, { to: busy })).toHaveLength(1);
    expect(await listMessages(databaseUrl, { to: down })).toHaveLength(1);
    expect(await db().select().from(emailOutboxPause)).toEqual([]);
    expect(
      await db()
        .select()
        .from(undeliverableAddresses)
        .where(inArray(undeliverableAddresses.address, [busy, down])),
    ).toEqual([]);
  });

  it("spreads the retries of emails refused together over the jitter window", async () => {
    const run = Date.now();
    const ids = await db().transaction(async (tx) =>
      Promise.all(
        Array.from({ length: 20 }, (_, index) => outbox.queueEmail(tx, `status-500+${run}.${index}@api-errors.mail-sandbox.test`, welcome("R"))),
      ),
    );
    const start = Date.now();
    expect(await outbox.deliverDueEmails()).toEqual({ sent: 0, retrying: 20, failed: 0 });
    const waits = (await rows(ids)).map((row) => row.nextAttemptAt.getTime() - start);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(OUTBOX_POLICY.baseDelaySeconds * 1000 * (1 - JITTER) - 1_000);
      expect(wait).toBeLessThan(OUTBOX_POLICY.baseDelaySeconds * 1000 * (1 + JITTER) + 5_000);
    }
    // Not one moment for all of them: twenty draws over the 12-second window land in more than twelve of its 120 tenths of a
    // second (about 18 on average; twelve or fewer, about five runs in a million).
    expect(new Set(waits.map((wait) => Math.floor(wait / 100))).size).toBeGreaterThan(12);
  });
});
