/**
 * Account commands: register, confirm, authenticate, reset password. Routes parse input and call these; these
 * own the transactions and the emails.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { normalizeEmail } from "~/domain/auth";
import { db } from "../db/client.server";
import { authTokens, sessions, userInvitations, users, type User } from "../db/schema";
import { notifyUrgent, URGENT } from "../account-alerts.server";
import { sendEmail } from "../email/email.server";
import { appUrl } from "../env.server";
import { hashPassword, verifyPassword } from "./password.server";
import { randomToken, secretMatches, sha256 } from "./tokens.server";
import { logger } from "../log.server";

export const CONFIRM_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000; // SPEC.md section 9: reset link valid 1 hour

export async function findUserByEmail(email: string) {
  const [user] = await db()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user ?? null;
}

function splitName(fullName: string) {
  const parts = fullName.trim().split(/\s+/);
  const first = parts[0] ?? "";
  const last = parts.slice(1).join(" ");
  return { firstName: first || null, lastName: last || null };
}

type Executor = Pick<ReturnType<typeof db>, "insert">;

async function issueToken(userId: string, purpose: "confirm_email" | "reset_password", ttlMs: number, now: Date, executor: Executor = db()) {
  const secret = randomToken();
  const [row] = await executor
    .insert(authTokens)
    .values({ userId, purpose, secretHash: sha256(secret), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now })
    .returning({ id: authTokens.id });
  return { selector: row!.id, secret };
}

export type RegisterResult = { status: "created"; user: User } | { status: "exists" } | { status: "db-error" };

/**
 * Create an account and send the confirmation and welcome emails. An email that fails to send does not undo the
 * account (SPEC.md section 7: welcome failures are ignored); it is logged.
 */
export async function registerUser(input: { fullName: string; email: string; password: string }, now = new Date()): Promise<RegisterResult> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(email)) return { status: "exists" };
  const passwordHash = await hashPassword(input.password);
  let user: User;
  let confirmToken: { selector: string; secret: string };
  try {
    // The account and its confirmation token together, or neither: no account is left that cannot be confirmed.
    const [created, token] = await db().transaction(async (tx) => {
      // An address an admin invited (admin.server.ts addUserByEmail) starts with sandbox access; the invitation is used up.
      const rows = await tx
        .insert(users)
        .values({
          email,
          name: input.fullName.trim(),
          ...splitName(input.fullName),
          passwordHash,
          isPlaidSandboxAuthorized: sql`exists (select 1 from ${userInvitations} where lower(${userInvitations.email}) = ${email})`,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx
        .update(userInvitations)
        .set({ acceptedAt: now })
        .where(and(sql`lower(${userInvitations.email}) = ${email}`, isNull(userInvitations.acceptedAt)));
      return [rows[0]!, await issueToken(rows[0]!.id, "confirm_email", CONFIRM_EMAIL_TTL_MS, now, tx)] as const;
    });
    user = created;
    confirmToken = token;
  } catch (error) {
    // Two registrations for one address at once: the unique index decides, the loser sees "already exists".
    if (isUniqueViolation(error)) return { status: "exists" };
    logger.error({ err: error }, "registerUser: could not save the new user");
    return { status: "db-error" };
  }

  const { selector, secret } = confirmToken;
  const confirmUrl = `${appUrl()}/auth/confirm?${new URLSearchParams({ id: selector, token: secret })}`;
  const confirmation = await sendEmail(user.email, {
    template: "confirm-email",
    data: { name: user.name, confirmUrl, expiresInHours: CONFIRM_EMAIL_TTL_MS / 3_600_000 },
  });
  if (!confirmation.ok) logger.error({ userId: user.id, reason: confirmation.error }, "registerUser: the confirmation email failed");
  const welcome = await sendEmail(user.email, { template: "welcome", data: { name: user.name, dashboardUrl: `${appUrl()}/dashboard` } });
  if (!welcome.ok) logger.warn({ userId: user.id, reason: welcome.error }, "registerUser: the welcome email failed (ignored)");
  return { status: "created", user };
}

function isUniqueViolation(error: unknown) {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === "23505" || cause.cause?.code === "23505";
}

export type TokenCheck = { status: "valid"; token: typeof authTokens.$inferSelect } | { status: "invalid" | "used" | "expired" };

/**
 * Look up a token by selector and verify its secret in constant time. "used" and "expired" are told apart from
 * "invalid" only for the holder of the right secret: a guessed selector learns nothing.
 */
async function checkToken(purpose: "confirm_email" | "reset_password", selector: string, secret: string, now: Date): Promise<TokenCheck> {
  if (!/^[0-9a-f-]{36}$/i.test(selector) || secret.length === 0 || secret.length > 200) return { status: "invalid" };
  const [token] = await db()
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.id, selector), eq(authTokens.purpose, purpose)))
    .limit(1);
  if (!token || !secretMatches(secret, token.secretHash)) return { status: "invalid" };
  if (token.usedAt) return { status: "used" };
  if (token.expiresAt <= now) return { status: "expired" };
  return { status: "valid", token };
}

/** A live token (unused, unexpired, right purpose, right secret), or null. */
async function findLiveToken(purpose: "confirm_email" | "reset_password", selector: string, secret: string, now: Date) {
  const check = await checkToken(purpose, selector, secret, now);
  return check.status === "valid" ? check.token : null;
}

export async function isConfirmTokenValid(selector: string, secret: string, now = new Date()) {
  return (await findLiveToken("confirm_email", selector, secret, now)) !== null;
}

/** Mark the email confirmed. Returns false for an invalid, used or expired link. */
export async function confirmEmail(selector: string, secret: string, now = new Date()) {
  const token = await findLiveToken("confirm_email", selector, secret, now);
  if (!token) return false;
  return db().transaction(async (tx) => {
    // Claim the token atomically: of two concurrent clicks, one wins.
    const claimed = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.id, token.id), isNull(authTokens.usedAt)))
      .returning({ id: authTokens.id });
    if (claimed.length === 0) return false;
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})`, updatedAt: now })
      .where(eq(users.id, token.userId));
    return true;
  });
}

/**
 * Check a login. Unknown email, wrong password and unconfirmed email are indistinguishable to the caller
 * (SPEC.md section 8 gives them one message), and cost the same time.
 */
export async function authenticate(email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(email);
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid || !user.emailConfirmedAt) return null;
  return user;
}

/**
 * After a successful sign-in: stamp last_sign_in_at, and complete a profile that lacks a name (SPEC.md section 3:
 * "a profile is created on first sign-in if missing ... else 'User'").
 */
export async function recordSignIn(userId: string, now = new Date()) {
  await db()
    .update(users)
    .set({ lastSignInAt: now, name: sql`coalesce(nullif(trim(${users.name}), ''), 'User')` })
    .where(eq(users.id, userId));
}

/**
 * What became of a reset request. "no-account" and "sent" must look the same to the person asking (no enumeration);
 * "queued" is an email accepted for later delivery (an outbox) and reads like "sent"; "send-failed" is an email that
 * could not be handed to the mail service at all, which the person is told honestly so they can try again.
 */
export type ResetRequestResult = { status: "sent" | "queued" | "no-account" | "send-failed" };

/** Send a reset link if the account exists. */
export async function requestPasswordReset(email: string, now = new Date()): Promise<ResetRequestResult> {
  const user = await findUserByEmail(email);
  if (!user || !user.passwordHash) return { status: "no-account" };
  const { selector, secret } = await issueToken(user.id, "reset_password", RESET_PASSWORD_TTL_MS, now);
  // The link carries the Supabase-style parameters SPEC.md section 2 names: the secret as access_token, the
  // selector as refresh_token, and type=recovery.
  const resetUrl = `${appUrl()}/reset-password?${new URLSearchParams({ access_token: secret, refresh_token: selector, type: "recovery" })}`;
  const result = await sendEmail(user.email, {
    template: "password-reset",
    data: { name: user.name, resetUrl, expiresInMinutes: RESET_PASSWORD_TTL_MS / 60_000 },
  });
  if (!result.ok) {
    logger.error({ userId: user.id, reason: result.error }, "requestPasswordReset: the reset email failed");
    return { status: "send-failed" };
  }
  // An outbox answers "queued" (accepted, delivered by a worker); a direct send answers with the provider's message id.
  return { status: "queued" in result && result.queued ? "queued" : "sent" };
}

export async function isResetTokenValid(selector: string, secret: string, now = new Date()) {
  return (await findLiveToken("reset_password", selector, secret, now)) !== null;
}

/** Why a reset link does or does not work: the page says "expired" and "already used" apart from "invalid". */
export async function checkResetToken(selector: string, secret: string, now = new Date()): Promise<TokenCheck["status"]> {
  return (await checkToken("reset_password", selector, secret, now)).status;
}

export type ResetResult = { status: "ok" } | { status: "invalid" | "used" | "expired" } | { status: "same-password" };

/** Set a new password from a reset link; the link is spent and every session of the user ends. */
export async function resetPassword(selector: string, secret: string, password: string, now = new Date()): Promise<ResetResult> {
  const check = await checkToken("reset_password", selector, secret, now);
  if (check.status !== "valid") return { status: check.status };
  const token = check.token;
  const [user] = await db().select().from(users).where(eq(users.id, token.userId)).limit(1);
  if (!user) return { status: "invalid" };
  if (await verifyPassword(user.passwordHash, password)) return { status: "same-password" };
  const passwordHash = await hashPassword(password);
  const ok = await db().transaction(async (tx) => {
    const claimed = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.id, token.id), isNull(authTokens.usedAt)))
      .returning({ id: authTokens.id });
    if (claimed.length === 0) return false;
    // Following the emailed link proves the address, so a reset also confirms it.
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})` })
      .where(eq(users.id, user.id));
    // Whoever held the old password is signed out everywhere.
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return true;
  });
  if (!ok) return { status: "used" };
  await notifyUrgent(user.id, URGENT.passwordReset(), now);
  return { status: "ok" };
}
