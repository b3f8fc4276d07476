/**
 * Profile → Security: password change, sessions, login alerts and profile visibility. Two-factor enrolment lives in
 * auth/two-factor.server.ts.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import type { Words } from "~/domain/messages/words";
import { describeDevice } from "~/domain/profile";
import { revokeResetLinks } from "../auth/accounts.server";
import { hashPassword, verifyPassword } from "../auth/password.server";
import { consumeAttempt, resetAttempts } from "../auth/rate-limit.server";
import { destroyOtherSessions } from "../auth/session.server";
import { db } from "../db/client.server";
import { sessions, users, type User } from "../db/schema";
import { notifyUrgent, URGENT } from "../notifications/account-alerts.server";
import { sendEmailToUser } from "../email/user-email.server";
import { appUrl } from "../platform/env.server";
import { logger } from "../platform/log.server";

/** "Nov 22, 2026, 9:41 AM EST": how times appear in emails and on the Security page (the app's one formatter). */
export { formatDateTime } from "~/domain/format";

export type SessionSummary = {
  id: string;
  device: string;
  ipAddress: string | null;
  createdAt: Date;
  lastActiveAt: Date;
  current: boolean;
};

/**
 * The user's live sessions, most recently active first; the one making the request is marked. `words` names the
 * devices in the reader's language (English without).
 */
export async function listSessions(userId: string, currentSessionId: string, now = new Date(), words?: Words): Promise<SessionSummary[]> {
  const rows = await db().select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastActiveAt));
  return rows
    .filter((row) => row.expiresAt > now)
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent, words),
      ipAddress: row.ipAddress,
      createdAt: row.createdAt,
      lastActiveAt: row.lastActiveAt,
      current: row.id === currentSessionId,
    }));
}

/** End one of the user's other sessions. Someone else's session id, or the current one, changes nothing. */
export async function signOutSession(userId: string, sessionId: string, currentSessionId: string) {
  const deleted = await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

export async function signOutOtherSessions(userId: string, currentSessionId: string) {
  await destroyOtherSessions(userId, currentSessionId);
}

export type ChangePasswordResult = { status: "ok" } | { status: "wrong-password" | "rate-limited" } | { status: "same-password" };

export type PasswordCheck = "ok" | "wrong-password" | "rate-limited";

/**
 * Check the signed-in user's current password (to change it, or to turn two-factor off) under the login's limits,
 * counted against the login's own counters (ADR 038): 10 tries per account and LOGIN_RATE_LIMIT_PER_IP per network per
 * 15 minutes, whichever of the login form or these checks they were spent on. A stolen session cannot guess the
 * password here any faster than at the login. The right password clears the account's counter, as a login does.
 */
export async function checkCurrentPassword(user: Pick<User, "id" | "email">, password: string, ip: string): Promise<PasswordCheck> {
  if (
    !(await consumeAttempt([
      ["login-ip", ip],
      ["login-account", user.email],
    ]))
  ) {
    return "rate-limited";
  }
  const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!(await verifyPassword(row?.passwordHash, password))) return "wrong-password";
  await resetAttempts("login-account", user.email);
  return "ok";
}

/**
 * Change the password of a signed-in user: the current password is required, every other session ends (whoever
 * may have the old password is out), every unused reset link dies, and the "password-changed" email always goes.
 */
export async function changePassword(
  user: Pick<User, "id" | "email" | "name">,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string; ip: string },
  now = new Date(),
): Promise<ChangePasswordResult> {
  const check = await checkCurrentPassword(user, input.currentPassword, input.ip);
  if (check !== "ok") return { status: check };
  if (input.newPassword === input.currentPassword) return { status: "same-password" };
  const passwordHash = await hashPassword(input.newPassword);
  await db().transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId)));
    // A reset link asked for before the change (perhaps by whoever knew the old password) must not undo it.
    await revokeResetLinks(tx, user.id, now);
  });
  const sent = await sendEmailToUser(user, {
    template: "password-changed",
    data: { name: user.name, changedAt: now.toISOString(), resetUrl: `${appUrl()}/login?mode=reset` },
  });
  if (!sent.ok) logger.error({ userId: user.id, reason: sent.error }, "changePassword: the password-changed email failed");
  await notifyUrgent(user.id, URGENT.passwordChanged(), now);
  return { status: "ok" };
}

export async function setLoginNotifications(userId: string, enabled: boolean, now = new Date()) {
  await db().update(users).set({ loginNotifications: enabled, updatedAt: now }).where(eq(users.id, userId));
}

export async function setProfileVisible(userId: string, visible: boolean, now = new Date()) {
  await db().update(users).set({ profileVisible: visible, updatedAt: now }).where(eq(users.id, userId));
}

/** After a sign-in: the "login-alert" email, when the user asked for it. Never throws. */
export async function sendLoginAlert(
  user: Pick<User, "id" | "email" | "name" | "loginNotifications">,
  request: Request,
  ipAddress: string | undefined,
  now = new Date(),
) {
  if (!user.loginNotifications) return null;
  const result = await sendEmailToUser(user, {
    template: "login-alert",
    data: {
      name: user.name,
      signedInAt: now.toISOString(),
      device: describeDevice(request.headers.get("user-agent")),
      ipAddress: ipAddress || "Unknown",
      securityUrl: `${appUrl()}/profile/security`,
    },
  });
  if (!result.ok) logger.error({ userId: user.id, reason: result.error }, "sendLoginAlert: the login alert email failed");
  return result;
}
