/**
 * Urgent account notifications (Profile → Notifications, "Urgent account notifications", on by default): a sign-in
 * from a new device, a password or two-factor change, a bank account unlinked, a contribution debit that failed or came
 * back. While the preference is on, each is delivered at once in the app (the bell) and by email; turned off, neither.
 *
 * Security emails that always go (password changed, login alerts the user asked for on the Security page) are not
 * governed here; where one already tells the person by email, the urgent notice is in-app only (`email: false`), so
 * nobody gets two emails about one event. Browser push is not used (ADR 019).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { formatEventTime } from "~/domain/format";
import { type DeviceParts, deviceParts } from "~/domain/profile";
import { db, type Db } from "../db/client.server";
import { knownDevices, users } from "../db/schema";
import { queueEmail, sendEmail, type EmailMessage, type EmailResult } from "../email/email.server";
import { appUrl, servedOverHttps } from "../platform/env.server";
import { logger } from "../platform/log.server";
import { type NoticeId, noticeText, type NoticeValues } from "./notice-text";
import { notify } from "./notifications.server";
import { getPreferences } from "./preferences.server";

export type UrgentNotice = {
  /** The English words (the bell's rows keep them; the email's when the notice is not a message). */
  title: string;
  body: string;
  /** The notice as a message (ADR 062): the bell and the email write it in the reader's language. */
  message?: NoticeId;
  values?: NoticeValues;
  /** Same-origin path the bell and the email's button lead to. */
  link: string;
  /** The email's button. */
  actionLabel: string;
  /** False when another email about the same event always goes anyway (a security email). Default true. */
  email?: boolean;
  /**
   * News dated by the group's clock (a moved sandbox clock, a replayed day; sandboxDayOf, ADR 040): the group-clock
   * day it happened on, which the bell and the email's "When" show instead of the wall-clock time.
   */
  occurredOn?: string | null;
};

export type UrgentResult = { delivered: false; reason: "preference-off" | "no-user" } | { delivered: true; email: EmailResult | null };

/**
 * Tell a user about something urgent on their account, now: in-app and by email, if their urgent preference is on.
 * Never throws (it runs after the event it reports has happened, which must not be undone by a failed notice). If the
 * preferences cannot be read, it delivers: an unread preference must not silence a security notice.
 */
export async function notifyUrgent(userId: string, notice: UrgentNotice, now = new Date()): Promise<UrgentResult> {
  try {
    const [user] = await db().select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
    if (!user) return { delivered: false, reason: "no-user" };
    const wanted = await getPreferences(userId).then(
      (preferences) => preferences.pushUrgentAccount,
      (error: unknown) => {
        logger.error({ err: error, userId }, "notifyUrgent: could not read preferences; delivering anyway");
        return true;
      },
    );
    if (!wanted) return { delivered: false, reason: "preference-off" };
    const [, email] = await Promise.all([
      notify(userId, { ...noticeWords(notice), link: notice.link, occurredOn: notice.occurredOn }),
      notice.email === false ? null : sendEmail(user.email, accountAlertEmail(user, notice, now)),
    ]);
    if (email && !email.ok) logger.error({ userId, reason: email.error }, "notifyUrgent: the email failed");
    return { delivered: true, email };
  } catch (error) {
    logger.error({ err: error, userId, title: notice.title }, "notifyUrgent: not delivered");
    return { delivered: true, email: null };
  }
}

/** What the bell stores: the message when the notice is one, else its English words. */
function noticeWords(notice: UrgentNotice) {
  return notice.message ? { message: notice.message, values: notice.values ?? {} } : { title: notice.title, body: notice.body };
}

/** An urgent notice's English words and its message: URGENT's entries (and the late contributions' reminders). */
export function urgentText(message: NoticeId, values: NoticeValues = {}) {
  const { title, body } = noticeText({ message, values });
  return { title, body: body ?? "", message, values };
}

function accountAlertEmail(user: { name: string }, notice: UrgentNotice, now: Date): EmailMessage {
  return {
    template: "account-alert",
    data: {
      name: user.name,
      title: notice.title,
      body: notice.body,
      // The template writes these in the recipient's language (ADR 062); title and body stay for rows queued before.
      ...(notice.message ? { notice: { message: notice.message, values: notice.values ?? {} } } : {}),
      ...(notice.occurredOn ? { occurredOn: notice.occurredOn } : {}),
      occurredAt: notice.occurredOn ? formatEventTime(now, notice.occurredOn) : now.toISOString(),
      actionLabel: notice.actionLabel,
      actionUrl: `${appUrl()}${notice.link}`,
    },
  };
}

type Executor = Pick<Db, "select" | "insert">;

/**
 * notifyUrgent inside the transaction of the change it reports: the bell's row and the outbox's email row commit or
 * roll back with it (ADR 010), so a committed change always has its notice and a rolled-back one never does. Throws on
 * a database error (failing the transaction with it). Returns the outbox id to hand to deliverEmails (or
 * deliverInBackground) after the commit; the outbox job sends it within a minute otherwise.
 */
export async function queueUrgent(
  tx: Executor,
  userId: string,
  notice: UrgentNotice,
  now = new Date(),
): Promise<{ delivered: false; emailId: null } | { delivered: true; emailId: string | null }> {
  const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) return { delivered: false, emailId: null };
  if (!(await getPreferences(userId, tx)).pushUrgentAccount) return { delivered: false, emailId: null };
  await notify(userId, { ...noticeWords(notice), link: notice.link, occurredOn: notice.occurredOn }, tx);
  const emailId = notice.email === false ? null : await queueEmail(tx, user.email, accountAlertEmail(user, notice, now), { userId, now });
  return { delivered: true, emailId };
}

// ---------------------------------------------------------------------------------------------------------------
// The notices themselves (one wording each, used by the code that makes the change)

export const URGENT = {
  /**
   * The device as its names (`browser`, `os`; "" when not recognised), written in the reader's language when read
   * (notice-text.ts); a notice stored before kept its English `device`.
   */
  newDevice: (device: DeviceParts, ipAddress: string): UrgentNotice => ({
    ...urgentText("newDevice", { browser: device?.browser ?? "", os: device?.os ?? "", ipAddress }),
    link: "/profile/security",
    actionLabel: "Review account security",
  }),
  /** The "password-changed" email always goes; the notice adds the bell. */
  passwordChanged: (): UrgentNotice => ({
    ...urgentText("passwordChanged"),
    link: "/profile/security",
    actionLabel: "Review account security",
    email: false,
  }),
  /** The "email-changed" email always goes to the old address; the notice adds the bell. */
  emailChanged: (newEmail: string): UrgentNotice => ({
    ...urgentText("emailChanged", { newEmail }),
    link: "/profile/email",
    actionLabel: "Review your email address",
    email: false,
  }),
  passwordReset: (): UrgentNotice => ({
    ...urgentText("passwordReset"),
    link: "/login?mode=reset",
    actionLabel: "Reset your password",
  }),
  twoFactorEnabled: (): UrgentNotice => ({
    ...urgentText("twoFactorEnabled"),
    link: "/profile/security",
    actionLabel: "Review account security",
  }),
  twoFactorDisabled: (): UrgentNotice => ({
    ...urgentText("twoFactorDisabled"),
    link: "/profile/security",
    actionLabel: "Review account security",
  }),
  /**
   * The member's own failed, declined or returned contribution debit (the cycle's tellOutcomes): `reason` says what
   * the bank did (failureReason, app/domain/ach.ts), `nextStep` what happens now (nextStepAfterFailure). Words already
   * written in English; the cycle sends contributionFailedMessage, below, written in the member's language when read.
   */
  contributionFailed: (group: { id: string; name: string }, reason: string, nextStep: string): UrgentNotice => ({
    title: `Your contribution to ${group.name} did not go through`,
    body: `${reason} ${nextStep}`,
    link: `/groups/${group.id}`,
    actionLabel: "View your group",
  }),
  /**
   * The same notice as a message (ADR 062), written in the member's language when read: what the bank did
   * (failureReasonValues, app/domain/ach.ts) and what happens now (failureStepValues, app/domain/failed-contribution.ts).
   * The cycle sends this one; the English is contributionFailed's word for word (failure-notices.test.ts).
   */
  contributionFailedMessage: (group: { id: string; name: string }, reason: NoticeValues, step: NoticeValues): UrgentNotice => ({
    ...urgentText("contributionFailed", { groupName: group.name, ...reason, ...step }),
    link: `/groups/${group.id}`,
    actionLabel: "View your group",
  }),
  bankUnlinked: (institution: string | null): UrgentNotice => ({
    ...(institution ? urgentText("bankUnlinked", { institutionName: institution }) : urgentText("bankUnlinkedUnnamed")),
    link: "/profile/bank-accounts",
    actionLabel: "Review bank accounts",
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// Devices

/** A random id per browser, kept for a long time (browsers cap cookies at 400 days), httpOnly; stored only hashed. */
function deviceCookie() {
  return createCookie("rosca_device", {
    httpOnly: true,
    sameSite: "lax",
    // Secure wherever the site is served over HTTPS: production and a deployed demo alike.
    secure: servedOverHttps(),
    path: "/",
    maxAge: 400 * 24 * 60 * 60,
  });
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export type SignInDevice = { isNew: boolean; isFirst: boolean; setCookie: string };

/**
 * Remember the browser a user just signed in from. New: this user never signed in from it (no device cookie, or one
 * not on this user's list). First: the user has no device at all yet (their very first sign-in), which is not news.
 */
export async function recordSignInDevice(userId: string, request: Request, now = new Date()): Promise<SignInDevice> {
  const cookie = deviceCookie();
  const presented = await cookie.parse(request.headers.get("cookie"));
  const token = typeof presented === "string" && /^[A-Za-z0-9_-]{43}$/.test(presented) ? presented : randomBytes(32).toString("base64url");
  const deviceHash = hash(token);
  const userAgent = request.headers.get("user-agent")?.slice(0, 500) ?? null;
  const setCookie = await cookie.serialize(token);
  // One statement decides: an existing row is a known device; otherwise the insert wins (a concurrent double sign-in
  // from one browser inserts once).
  const [known] = await db()
    .update(knownDevices)
    .set({ lastSeenAt: now, userAgent })
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
    .returning({ userId: knownDevices.userId });
  if (known) return { isNew: false, isFirst: false, setCookie };
  const [{ devices } = { devices: 0 }] = await db().select({ devices: count() }).from(knownDevices).where(eq(knownDevices.userId, userId));
  const inserted = await db()
    .insert(knownDevices)
    .values({ userId, deviceHash, userAgent, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  return { isNew: inserted.length > 0, isFirst: devices === 0, setCookie };
}

/**
 * After a successful sign-in: record the device and, when it is new (and not the account's first), send the urgent
 * new-device notice. Returns the device cookie to set. Never throws: a sign-in must not fail because of its notice.
 */
export async function noticeSignIn(
  user: { id: string },
  request: Request,
  ipAddress: string | undefined,
  options: { email?: boolean; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  try {
    const device = await recordSignInDevice(user.id, request, now);
    if (device.isNew && !device.isFirst) {
      const notice = URGENT.newDevice(deviceParts(request.headers.get("user-agent")), ipAddress || "unknown");
      await notifyUrgent(user.id, { ...notice, email: options.email ?? true }, now);
    }
    return device.setCookie;
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "noticeSignIn: the device check failed");
    return null;
  }
}

/** For tests and the Security page: how many devices a user has signed in from. */
export async function deviceCount(userId: string) {
  const [row] = await db().select({ devices: sql<number>`count(*)::int` }).from(knownDevices).where(eq(knownDevices.userId, userId));
  return row?.devices ?? 0;
}
