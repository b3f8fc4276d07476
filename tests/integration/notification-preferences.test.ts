/**
 * The three notification preferences that used to change nothing now decide what is sent, on versus off, with real
 * PostgreSQL, the real sandbox bank and the mail double:
 * - urgent account notifications (on by default): new-device sign-in, password and two-factor changes, bank unlinked;
 * - daily reminders (off by default), with the sandbox clock driving time (advanceClock replays each day);
 * - the weekly summary (off by default), by its function and through its pg-boss job.
 */
import { generateTOTP } from "@epic-web/totp";
import { afterAll, describe, expect, it } from "vitest";
import { call, CookieJar, context, post } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl, stopMail } = await useTestDatabase({ bank: true });

const { listMessages } = await import("../../sandbox/postmark/store");
const login = await import("../../app/routes/login");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { savePreferences } = await import("../../app/server/notifications/preferences.server");
const { DEFAULT_PREFERENCES } = await import("../../app/domain/profile");
const { sandboxSettlesOn } = await import("../../app/domain/money");
const { nextStepAfterFailure } = await import("../../app/domain/failed-contribution");
const { changePassword } = await import("../../app/server/profile/security.server");
const { startTwoFactorEnrolment, confirmTwoFactorEnrolment, disableTwoFactor } = await import("../../app/server/auth/two-factor.server");
const { decryptSecret } = await import("../../app/server/platform/crypto.server");
const { unlinkItem } = await import("../../app/server/bank/bank.server");
const { notifyUrgent, URGENT } = await import("../../app/server/notifications/account-alerts.server");
const { sendDailyReminders } = await import("../../app/server/notifications/reminders.server");
const { sendWeeklySummaries } = await import("../../app/server/notifications/weekly-summary.server");
const { advanceClock, groupToday } = await import("../../app/server/money/cycle.server");
const queue = await import("../../app/server/jobs/queue.server");
const { startWorker } = await import("../../app/server/jobs/worker.server");
const { createUser, reloadUser, sessionJarFor, TEST_PASSWORD } = await import("../support/users");
const money = await import("../support/money");
const { addDays, todayIn } = await import("../../app/domain/schedule");
const { formatDate } = await import("../../app/domain/format");
const { asc, eq } = await import("drizzle-orm");

afterAll(() => queue.stopQueue());

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15";

async function setPreferences(userId: string, changes: Partial<typeof DEFAULT_PREFERENCES>) {
  await savePreferences(userId, { ...DEFAULT_PREFERENCES, ...changes });
}

async function bell(userId: string) {
  const rows = await db()
    .select({ title: schema.notifications.title, body: schema.notifications.body })
    .from(schema.notifications)
    .where(eq(schema.notifications.userId, userId))
    .orderBy(asc(schema.notifications.createdAt));
  return rows;
}

async function mail(to: string, tag?: string) {
  return (await listMessages(databaseUrl, { to })).filter((message) => !tag || message.tag === tag);
}

// ---------------------------------------------------------------------------------------------------------------

describe("urgent account notifications", () => {
  /** A sign-in through the login form from a browser with this user agent and these cookies. */
  async function signIn(email: string, userAgent: string, jar = new CookieJar()) {
    const request = post("/login", { intent: "login", email, password: TEST_PASSWORD }, jar);
    request.headers.set("user-agent", userAgent);
    const response = await call(login.action, request, {}, context("203.0.113.9"));
    expect(response.status).toBe(302);
    jar.store(response.setCookies.filter((cookie) => cookie.startsWith("rosca_device=")));
    return jar;
  }

  it("tells of a sign-in from a new device (not the first ever, not a known one), only while the preference is on", async () => {
    const user = await createUser();
    const laptop = await signIn(user.email, FIREFOX);
    // The very first sign-in is not news.
    expect(await bell(user.id)).toEqual([]);
    expect(await mail(user.email, "account-alert")).toEqual([]);

    // The same browser again: known.
    await signIn(user.email, FIREFOX, laptop);
    expect(await bell(user.id)).toEqual([]);

    // Another browser: urgent, in the bell and by email.
    await signIn(user.email, SAFARI);
    const expected = {
      title: "New sign-in to your Rosca account",
      body: "Someone signed in from Safari on macOS (IP 203.0.113.9), a device not used on this account before. If this wasn't you, change your password now and sign out your other sessions.",
    };
    expect(await bell(user.id)).toEqual([expected]);
    const alerts = await mail(user.email, "account-alert");
    expect(alerts.map((message) => message.subject)).toEqual(["New sign-in to your Rosca account"]);
    expect(alerts[0]!.textBody).toContain(expected.body);

    // Turned off: a third browser tells nothing, in the app or by email.
    await setPreferences(user.id, { pushUrgentAccount: false });
    await signIn(user.email, FIREFOX);
    expect(await bell(user.id)).toEqual([expected]);
    expect(await mail(user.email, "account-alert")).toHaveLength(1);
  });

  it("keeps the language a browser chose before signing in as the account's when it has none, so the emails follow it; never over a stored one", async () => {
    const spanishBrowser = () => {
      const jar = new CookieJar();
      jar.store(["rosca_lang=es-US; Path=/"]);
      return jar;
    };
    const user = await createUser({ locale: null });
    await signIn(user.email, FIREFOX, spanishBrowser());
    expect((await reloadUser(user.id)).locale).toBe("es-US");
    await signIn(user.email, SAFARI, spanishBrowser());
    expect((await mail(user.email, "account-alert")).map((message) => message.subject)).toEqual(["Nuevo inicio de sesión en su cuenta de Rosca"]);

    // A language the account chose stays, whatever the browser's cookie says.
    const english = await createUser({ locale: "en-US" });
    await signIn(english.email, FIREFOX, spanishBrowser());
    expect((await reloadUser(english.id)).locale).toBe("en-US");
    // Without a choice in the browser, nothing is stored (its Accept-Language is a guess, not a choice).
    const unchosen = await createUser({ locale: null });
    await signIn(unchosen.email, FIREFOX);
    expect((await reloadUser(unchosen.id)).locale).toBeNull();
  });

  it("tells a Spanish-speaking member of a new sign-in in Spanish, the device's words included, in the email and the stored notice's values", async () => {
    const user = await createUser({ locale: "es-US" });
    await signIn(user.email, FIREFOX);
    await signIn(user.email, SAFARI);
    const sentence =
      "Alguien inició sesión desde Safari en macOS (IP 203.0.113.9), un dispositivo que no se había usado antes en esta cuenta. Si no fue usted, cambie su contraseña ahora y cierre sus otras sesiones.";
    const alerts = await mail(user.email, "account-alert");
    expect(alerts.map((message) => message.subject)).toEqual(["Nuevo inicio de sesión en su cuenta de Rosca"]);
    expect(alerts[0]!.textBody).toContain(sentence);
    const stored = await db()
      .select({ message: schema.notifications.message, values: schema.notifications.values })
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, user.id));
    expect(stored).toEqual([{ message: "newDevice", values: { browser: "Safari", os: "macOS", ipAddress: "203.0.113.9" } }]);
  });

  it("adds the bell to the always-sent password-changed email while on; off, only that email", async () => {
    const on = await createUser();
    const jar = await sessionJarFor(on.id);
    const sessionId = jar.get("rosca_session")!;
    expect(await changePassword(on, sessionId, { currentPassword: TEST_PASSWORD, newPassword: "Another123", ip: "203.0.113.7" })).toEqual({
      status: "ok",
    });
    expect((await bell(on.id)).map((n) => n.title)).toEqual(["Your password was changed"]);
    expect((await mail(on.email)).map((m) => m.tag)).toEqual(["password-changed"]);

    const off = await createUser();
    await setPreferences(off.id, { pushUrgentAccount: false });
    expect(await changePassword(off, "no-session", { currentPassword: TEST_PASSWORD, newPassword: "Another123", ip: "203.0.113.7" })).toEqual({
      status: "ok",
    });
    expect(await bell(off.id)).toEqual([]);
    expect((await mail(off.email)).map((m) => m.tag)).toEqual(["password-changed"]);
  });

  it("tells of two-factor turned on and off, in the bell and by email, only while on", async () => {
    async function enableTwoFactor(userId: string) {
      await startTwoFactorEnrolment(userId);
      const secret = decryptSecret((await reloadUser(userId)).totpPendingSecretEncrypted!);
      const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" });
      expect(await confirmTwoFactorEnrolment(userId, otp)).toBe(true);
    }
    const on = await createUser();
    await enableTwoFactor(on.id);
    await disableTwoFactor(on.id);
    expect((await bell(on.id)).map((n) => n.title)).toEqual(["Two-factor authentication turned on", "Two-factor authentication turned off"]);
    expect((await mail(on.email, "account-alert")).map((m) => m.subject).sort()).toEqual([
      "Two-factor authentication turned off",
      "Two-factor authentication turned on",
    ]);

    const off = await createUser();
    await setPreferences(off.id, { pushUrgentAccount: false });
    await enableTwoFactor(off.id);
    await disableTwoFactor(off.id);
    expect(await bell(off.id)).toEqual([]);
    expect(await mail(off.email)).toEqual([]);
  });

  it("tells of a bank account unlinked, only while on", async () => {
    async function unlinkAll(userId: string) {
      const [item] = await db().select().from(schema.bankItems).where(eq(schema.bankItems.userId, userId));
      expect(await unlinkItem(userId, item!.id)).toEqual({ ok: true });
    }
    const on = await money.bankedMember("Unlinker");
    await unlinkAll(on.id);
    const titles = (await bell(on.id)).map((n) => n.title);
    expect(titles).toEqual(["Bank account connected", "Bank account unlinked"]);
    expect((await bell(on.id))[1]!.body).toBe(
      "First Platypus Bank was unlinked from your account. Contributions and payouts can't use it any more. If this wasn't you, change your password now.",
    );
    expect((await mail(on.email, "account-alert")).map((m) => m.subject)).toEqual(["Bank account unlinked"]);

    const off = await money.bankedMember("Quiet");
    await setPreferences(off.id, { pushUrgentAccount: false });
    await unlinkAll(off.id);
    expect((await bell(off.id)).map((n) => n.title)).toEqual(["Bank account connected"]);
    expect(await mail(off.email, "account-alert")).toEqual([]);
  });

  it("delivers the failed-debit notice the cycle sends through notifyUrgent, only while on", async () => {
    const failed = (attempt: number) => ({
      status: "declined" as const,
      failureCode: "NSF",
      attempt,
      amountCents: 10000,
      account: { institution: "First Platypus Bank", name: "Plaid Checking", mask: "0000" },
      statusOn: "2026-12-03",
      retryOn: "2026-12-07",
    });
    const group = { id: "00000000-0000-0000-0000-000000000000", name: "Family Savings Circle" };
    const notice = URGENT.contributionFailed(group, "Insufficient funds.", nextStepAfterFailure(failed(1)));
    expect(notice).toEqual({
      title: "Your contribution to Family Savings Circle did not go through",
      body: "Insufficient funds. Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Plaid Checking ••0000 again on Monday, December 7, 2026. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.",
      link: "/groups/00000000-0000-0000-0000-000000000000",
      actionLabel: "View your group",
    });
    expect(URGENT.contributionFailed(group, "Insufficient funds.", nextStepAfterFailure(failed(3))).body).toBe(
      "Insufficient funds. That was the last of 3 attempts to collect $100.00 from First Platypus Bank Plaid Checking ••0000. Nothing more is debited automatically: pay it now from the group page; the group's payout waits for it.",
    );
    const on = await createUser();
    expect(await notifyUrgent(on.id, notice)).toMatchObject({ delivered: true, email: { ok: true } });
    expect(await bell(on.id)).toEqual([{ title: notice.title, body: notice.body }]);
    expect((await mail(on.email, "account-alert")).map((m) => m.subject)).toEqual([notice.title]);

    const off = await createUser();
    await setPreferences(off.id, { pushUrgentAccount: false });
    expect(await notifyUrgent(off.id, notice)).toEqual({ delivered: false, reason: "preference-off" });
    expect(await bell(off.id)).toEqual([]);
    expect(await mail(off.email)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("daily reminders, with the sandbox clock driving time", () => {
  it("reminds each opted-in member once a day from three days before the due day until the debit settles", async () => {
    const now = new Date();
    // The first due day a week or more away, so the whole window is ahead of the group's clock.
    const startOn = addDays(todayIn("America/New_York", now), 7);
    const { group, members } = await money.startedGroup({ size: 3, now, balanceCents: 500_000, draft: { startOn } });
    const [admin, emailToo, appOnly] = [members[0]!, members[1]!, members[2]!];
    await setPreferences(emailToo.id, { pushDailyReminders: true });
    await setPreferences(appOnly.id, { pushDailyReminders: true, emailContributionReminders: false });
    // The admin keeps the defaults: daily reminders off.

    const due = group.firstDueOn!;
    for (let step = 0; ; step++) {
      const [current] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
      const today = groupToday(current!, now);
      // What the cycle's hook does for each day it processes (cycle.server.ts runDay → sendDailyReminders); once
      // the hook is wired, the cycle has sent them already and this call finds them claimed.
      await sendDailyReminders([current!], today, now);
      // A day processed twice (a retry, a second worker) sends nothing more.
      expect(await sendDailyReminders([current!], today, now)).toEqual({ sent: 0 });
      if (today > addDays(due, 2)) break;
      const moved = await advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 1 }, now);
      expect(moved).toMatchObject({ ok: true, days: 1 });
      expect(step).toBeLessThan(40);
    }

    const sentOn = await remindersByDay(group.id);
    const both = [emailToo.id, appOnly.id].sort();
    // Three days before, (two days before: the regular reminder's day), one day before, the due day and each day until
    // the debit settles: a bank day later on the ACH calendar (ADR 040) — a Friday's on Monday, so over the weekend
    // too (the loop stopped two days after the due day).
    const collecting: string[] = [];
    for (let day = due; day < sandboxSettlesOn(due) && day <= addDays(due, 2); day = addDays(day, 1)) collecting.push(day);
    expect([...sentOn.keys()]).toEqual([addDays(due, -3), addDays(due, -1), ...collecting]);
    for (const members of sentOn.values()) expect(members).toEqual(both);

    const titles = (await bell(emailToo.id)).map((n) => n.title).filter((title) => title.startsWith("Your $100.00 contribution"));
    expect(titles).toEqual([
      `Your $100.00 contribution to ${group.name} is due in 3 days`,
      `Your $100.00 contribution to ${group.name} is due tomorrow`,
      ...collecting.map(() => `Your $100.00 contribution to ${group.name} is being collected`),
    ]);
    expect((await bell(appOnly.id)).filter((n) => n.title.startsWith("Your $100.00 contribution"))).toHaveLength(2 + collecting.length);
    expect((await bell(admin.id)).filter((n) => n.title.startsWith("Your $100.00 contribution"))).toEqual([]);

    // Email only where the contribution-reminder email is on too.
    expect((await mail(emailToo.email, "daily-reminder")).map((m) => m.subject).sort()).toEqual([...titles].sort());
    expect(await mail(appOnly.email, "daily-reminder")).toEqual([]);
    expect(await mail(admin.email, "daily-reminder")).toEqual([]);
  });

  it("sends a whole set of groups' reminders for one day in one call, as the cycle's runDay does, and each once", async () => {
    const now = new Date();
    const startOn = addDays(todayIn("America/New_York", now), 7);
    const first = await money.startedGroup({ size: 3, now, draft: { startOn, name: "Set One" } });
    const second = await money.startedGroup({ size: 3, now, draft: { startOn, name: "Set Two", contributionCents: 2_500 } });
    const [one, two] = [first.members[1]!, second.members[1]!];
    await setPreferences(one.id, { pushDailyReminders: true });
    await setPreferences(two.id, { pushDailyReminders: true });
    const day = addDays(first.group.firstDueOn!, -1);
    expect(second.group.firstDueOn).toBe(first.group.firstDueOn);

    expect(await sendDailyReminders([first.group, second.group], day, now)).toEqual({ sent: 2 });
    expect(await sendDailyReminders([second.group, first.group], day, now)).toEqual({ sent: 0 });
    expect(await sendDailyReminders([], day, now)).toEqual({ sent: 0 });

    expect((await bell(one.id)).filter((n) => n.title.startsWith("Your $"))).toEqual([
      {
        title: "Your $100.00 contribution to Set One is due tomorrow",
        body: `It is debited from your linked bank account on ${formatDate(first.group.firstDueOn!)}. Please make sure the funds are available.`,
      },
    ]);
    expect((await mail(two.email, "daily-reminder")).map((m) => m.subject)).toEqual(["Your $25.00 contribution to Set Two is due tomorrow"]);
    for (const { members } of [first, second]) expect((await bell(members[0]!.id)).filter((n) => n.title.startsWith("Your $"))).toEqual([]);
  });

  /** day → the members reminded that day (sorted), in day order. */
  async function remindersByDay(groupId: string) {
    const rows = await db()
      .select({ day: schema.dailyReminders.day, userId: schema.dailyReminders.userId })
      .from(schema.dailyReminders)
      .where(eq(schema.dailyReminders.groupId, groupId))
      .orderBy(asc(schema.dailyReminders.day), asc(schema.dailyReminders.userId));
    const byDay = new Map<string, string[]>();
    for (const row of rows) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row.userId]);
    return byDay;
  }
});

// ---------------------------------------------------------------------------------------------------------------

describe("weekly summary", () => {
  // Monday, December 7, 2026, 9:00 in New York.
  const MONDAY_MORNING = new Date("2026-12-07T14:00:00Z");

  it("emails each opted-in user once a week about each of their groups, and nobody else", async () => {
    const now = new Date();
    const { group, members } = await money.startedGroup({ size: 3, now });
    const [optedIn, notOptedIn] = [members[0]!, members[1]!];
    await setPreferences(optedIn.id, { emailWeeklySummary: true });

    const early = await sendWeeklySummaries(new Date("2026-12-07T12:00:00Z")); // 7:00 in New York
    expect(early).toEqual({ weekOf: "2026-12-07", sent: 0, failed: 0, skipped: "too-early" });

    const run = await sendWeeklySummaries(MONDAY_MORNING);
    expect(run).toEqual({ weekOf: "2026-12-07", sent: 1, failed: 0 });
    const [summary] = await mail(optedIn.email, "weekly-summary");
    expect(summary!.subject).toBe("Your Rosca week: 1 group, week of December 7, 2026");
    expect(summary!.textBody).toContain(
      `Group: ${group.name}\nPeriod: 1 of 3\nPaid this period: No one yet\nStill to pay: You, ${members[1]!.name}, ${members[2]!.name}`,
    );
    expect(summary!.textBody).toContain(`Next payout: You · `);
    expect(await mail(notOptedIn.email, "weekly-summary")).toEqual([]);

    // Once a week, however often it runs; the next week again.
    expect(await sendWeeklySummaries(new Date("2026-12-10T18:00:00Z"))).toEqual({ weekOf: "2026-12-07", sent: 0, failed: 0 });
    expect(await sendWeeklySummaries(new Date("2026-12-14T14:00:00Z"))).toEqual({ weekOf: "2026-12-14", sent: 1, failed: 0 });
    expect(await mail(optedIn.email, "weekly-summary")).toHaveLength(2);

    // Turned off: nothing the week after.
    await setPreferences(optedIn.id, { emailWeeklySummary: false });
    expect(await sendWeeklySummaries(new Date("2026-12-21T14:00:00Z"))).toEqual({ weekOf: "2026-12-21", sent: 0, failed: 0 });
  });

  it("runs as an hourly pg-boss job on the worker", async () => {
    const user = await createUser();
    await setPreferences(user.id, { emailWeeklySummary: true });
    const done: Array<{ queue: string; result: unknown }> = [];
    const worker = await startWorker({ name: "summary-worker", pollingIntervalSeconds: 0.5, log: () => {}, onJobDone: (job) => done.push(job) });
    try {
      const { rows } = await db().execute<{ cron: string }>(`select cron from pgboss_v12.schedule where name = '${queue.WEEKLY_SUMMARY}'`);
      expect(rows).toEqual([{ cron: "0 * * * *" }]);
      const boss = await queue.startQueue({ role: "worker" });
      await boss.send(queue.WEEKLY_SUMMARY, { source: "test" });
      const until = Date.now() + 20_000;
      while (!done.some((job) => job.queue === queue.WEEKLY_SUMMARY) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      const result = done.find((job) => job.queue === queue.WEEKLY_SUMMARY)?.result as { sent: number; skipped?: string };
      // Real time decides: before 08:00 on a Monday (New York) the week's summaries wait.
      const nyNow = new Date();
      const monday = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", weekday: "long" }).format(nyNow) === "Monday";
      const hour = Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", hourCycle: "h23" }).format(nyNow));
      if (monday && hour < 8) expect(result).toMatchObject({ sent: 0, skipped: "too-early" });
      else {
        expect(result.sent).toBeGreaterThanOrEqual(1);
        expect(await mail(user.email, "weekly-summary")).toHaveLength(1);
      }
    } finally {
      await worker.stop();
    }
  });

  // Last in the file: it stops the mail double for good.
  it("keeps the week claimed when the mail service is down: the email waits in the outbox, which retries it (ADR 010)", async () => {
    const user = await createUser();
    await setPreferences(user.id, { emailWeeklySummary: true });
    const week = "2027-01-04";
    const { rows } = await db().execute<{ n: number }>("select count(*)::int as n from notification_preferences where email_weekly_summary");
    await stopMail();
    expect(await sendWeeklySummaries(new Date("2027-01-04T14:00:00Z"))).toEqual({ weekOf: week, sent: rows[0]!.n, failed: 0 });
    const claims = await db().select().from(schema.weeklySummaries).where(eq(schema.weeklySummaries.weekOf, week));
    expect(claims.map((claim) => claim.userId)).toContain(user.id);
    const queued = await db()
      .select({ status: schema.emailOutbox.status, template: schema.emailOutbox.template })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.toAddress, user.email));
    expect(queued).toEqual([{ status: "queued", template: "weekly-summary" }]);
    // The next hourly run sends nothing twice: the week is claimed.
    expect(await sendWeeklySummaries(new Date("2027-01-04T15:00:00Z"))).toEqual({ weekOf: week, sent: 0, failed: 0 });
  });
});
