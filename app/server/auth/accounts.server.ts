/**
 * Account commands: register, confirm, authenticate, reset password. Routes parse input and call these; these
 * own the transactions and the emails.
 */
import type { Locale } from "~/domain/locale";
import { and, eq, isNull, sql } from "drizzle-orm";
import { normalizeEmail, safeRedirect } from "~/domain/auth";
import { db, type Db } from "../db/client.server";
import { authTokens, sessions, userInvitations, users, type User } from "../db/schema";
import { notifyUrgent, URGENT } from "../notifications/account-alerts.server";
import { deliverEmails, deliverInBackground, queueEmail, type EmailResult } from "../email/email.server";
import { appUrl } from "../platform/env.server";
import { hashPassword, verifyPassword } from "./password.server";
import { consumeAttempt } from "./rate-limit.server";
import { randomToken, secretMatches, sha256 } from "./tokens.server";
import { failpoint } from "../platform/failpoints.server";
import { logger } from "../platform/log.server";

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

type Executor = Pick<Db, "insert">;

async function issueToken(userId: string, purpose: "confirm_email" | "reset_password", ttlMs: number, now: Date, executor: Executor = db()) {
  const secret = randomToken();
  const [row] = await executor
    .insert(authTokens)
    .values({ userId, purpose, secretHash: sha256(secret), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now })
    .returning({ id: authTokens.id });
  return { selector: row!.id, secret };
}

export type RegisterResult = { status: "created"; user: User; confirmation: EmailResult } | { status: "exists" } | { status: "db-error" };

/**
 * The link in a confirmation email. `redirectTo` (a same-origin path, e.g. the invitation someone was following when
 * they signed up) rides along so the confirmation and the login after it can take them back there; anything that is
 * not a safe path is dropped here, and checked again wherever it is used.
 */
function confirmUrlFor(selector: string, secret: string, redirectTo?: string | null) {
  const params = new URLSearchParams({ id: selector, token: secret });
  const target = safeRedirect(redirectTo, "");
  if (target && target !== "/dashboard") params.set("redirectTo", target);
  return `${appUrl()}/auth/confirm?${params}`;
}

/** Issue a confirmation token and queue its email, in the caller's transaction. */
async function queueConfirmation(
  tx: Executor,
  user: Pick<User, "id" | "email" | "name">,
  now: Date,
  redirectTo?: string | null,
  locale?: Locale | null,
) {
  const { selector, secret } = await issueToken(user.id, "confirm_email", CONFIRM_EMAIL_TTL_MS, now, tx);
  return queueEmail(
    tx,
    user.email,
    {
      template: "confirm-email",
      data: { name: user.name, confirmUrl: confirmUrlFor(selector, secret, redirectTo), expiresInHours: CONFIRM_EMAIL_TTL_MS / 3_600_000 },
    },
    { userId: user.id, now, locale },
  );
}

/**
 * Create an account with its confirmation token and its confirmation and welcome emails, in one transaction (the
 * emails go into the outbox, ADR 010): no account is left that cannot be confirmed. Delivery is tried right after the
 * commit; a mail outage delays the emails, it does not undo the account (SPEC.md section 7: welcome failures are ignored).
 */
export async function registerUser(
  /**
   * locale: the language the registration was made in (the emails' when the account has none stored, ADR 056);
   * chosenLocale: the language this visitor chose with the language switch (its cookie), stored as the account's choice
   * so that every later email follows it (null: never chosen; Accept-Language is only a guess, never stored).
   */
  input: {
    fullName: string;
    email: string;
    password: string;
    redirectTo?: string | null;
    locale?: Locale | null;
    chosenLocale?: Locale | null;
  },
  now = new Date(),
): Promise<RegisterResult> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(email)) return { status: "exists" };
  const passwordHash = await hashPassword(input.password);
  let created: { user: User; emailIds: string[] };
  try {
    created = await db().transaction(async (tx) => {
      // An address an admin invited (admin.server.ts addUserByEmail) starts with sandbox access; the invitation is used up.
      const [user] = await tx
        .insert(users)
        .values({
          email,
          name: input.fullName.trim(),
          ...splitName(input.fullName),
          passwordHash,
          locale: input.chosenLocale ?? null,
          isPlaidSandboxAuthorized: sql`exists (select 1 from ${userInvitations} where lower(${userInvitations.email}) = ${email})`,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx
        .update(userInvitations)
        .set({ acceptedAt: now })
        .where(and(sql`lower(${userInvitations.email}) = ${email}`, isNull(userInvitations.acceptedAt)));
      const confirmationId = await queueConfirmation(tx, user!, now, input.redirectTo, input.locale);
      const welcomeId = await queueEmail(
        tx,
        user!.email,
        { template: "welcome", data: { name: user!.name, dashboardUrl: `${appUrl()}/dashboard` } },
        { userId: user!.id, now, locale: input.locale },
      );
      return { user: user!, emailIds: [confirmationId, welcomeId] };
    });
  } catch (error) {
    // Two registrations for one address at once: the unique index decides, the loser sees "already exists".
    if (isUniqueViolation(error)) return { status: "exists" };
    logger.error({ err: error }, "registerUser: could not save the new user");
    return { status: "db-error" };
  }
  const delivered = await deliverEmails(created.emailIds);
  const confirmation = delivered.get(created.emailIds[0]!)!;
  if (!confirmation.ok) logger.error({ userId: created.user.id, reason: confirmation.error }, "registerUser: the confirmation email failed");
  const welcome = delivered.get(created.emailIds[1]!)!;
  if (!welcome.ok) logger.warn({ userId: created.user.id, reason: welcome.error }, "registerUser: the welcome email failed (ignored)");
  return { status: "created", user: created.user, confirmation };
}

/**
 * Queue a fresh confirmation link for an account that exists and is still unconfirmed: the token and its email in one
 * transaction (the outbox, ADR 010). Returns the outbox id, or null when there is nothing to send (no such account,
 * already confirmed, or no password to confirm). The caller answers the same whatever the outcome (no enumeration).
 * Earlier links stay valid until they expire.
 */
export async function queueNewConfirmation(
  email: string,
  options: { redirectTo?: string | null; now?: Date; locale?: Locale | null } = {},
): Promise<string | null> {
  const now = options.now ?? new Date();
  const user = await findUserByEmail(email);
  if (!user || !user.passwordHash || user.emailConfirmedAt) return null;
  return db().transaction((tx) => queueConfirmation(tx, user, now, options.redirectTo, options.locale));
}

function isUniqueViolation(error: unknown) {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === "23505" || cause.cause?.code === "23505";
}

export type TokenCheck = { status: "valid"; token: typeof authTokens.$inferSelect } | { status: "invalid" | "used" | "expired" | "revoked" };

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
  if (token.revokedAt) return { status: "revoked" };
  if (token.expiresAt <= now) return { status: "expired" };
  return { status: "valid", token };
}

/**
 * End every unused reset link of a user (ADR 038), in the caller's transaction: when a newer link is issued (one live
 * link per user) and whenever the password changes, by a reset link or on the Security page. Whoever holds an older
 * link, from a forwarded email or a shared mailbox, can no longer set a password with it.
 */
export async function revokeResetLinks(tx: Pick<Db, "update">, userId: string, now: Date) {
  await tx
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "reset_password"), isNull(authTokens.usedAt), isNull(authTokens.revokedAt)));
}

/** A live token (unused, unexpired, right purpose, right secret), or null. */
async function findLiveToken(purpose: "confirm_email" | "reset_password", selector: string, secret: string, now: Date) {
  const check = await checkToken(purpose, selector, secret, now);
  return check.status === "valid" ? check.token : null;
}

export async function isConfirmTokenValid(selector: string, secret: string, now = new Date()) {
  return (await findLiveToken("confirm_email", selector, secret, now)) !== null;
}

/**
 * Why a confirmation link does not work, for the page that says so: "expired" only for the holder of the right secret
 * (a guessed selector learns nothing), and then with the address it was for, so a new link can be asked for in one click.
 */
export async function confirmLinkState(
  selector: string,
  secret: string,
  now = new Date(),
): Promise<{ status: "valid" } | { status: "confirmed" } | { status: "expired"; email: string } | { status: "invalid" }> {
  if (!/^[0-9a-f-]{36}$/i.test(selector) || secret.length === 0 || secret.length > 200) return { status: "invalid" };
  const [row] = await db()
    .select({ token: authTokens, email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.id, selector), eq(authTokens.purpose, "confirm_email")))
    .limit(1);
  if (!row || !secretMatches(secret, row.token.secretHash)) return { status: "invalid" };
  // Already confirmed (this link used, or another one): nothing to resend, log in.
  if (row.confirmedAt) return { status: "confirmed" };
  if (row.token.usedAt || row.token.expiresAt <= now) return { status: "expired", email: row.email };
  return { status: "valid" };
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
  const check = await checkCredentials(email, password);
  return check.status === "ok" ? check.user : null;
}

/**
 * Like authenticate, but tells "right password, email not confirmed yet" apart: only someone who knows the password
 * learns that, and they are told so they can ask for a new confirmation link instead of registering again.
 */
export async function checkCredentials(
  email: string,
  password: string,
): Promise<{ status: "ok"; user: User } | { status: "invalid" | "unconfirmed" }> {
  const user = await findUserByEmail(email);
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid) return { status: "invalid" };
  if (!user.emailConfirmedAt) return { status: "unconfirmed" };
  return { status: "ok", user };
}

/**
 * After a successful sign-in: stamp last_sign_in_at, and complete a profile that lacks a name (SPEC.md section 3:
 * "a profile is created on first sign-in if missing ... else 'User'"). Says whether it was the account's first sign-in
 * (no earlier stamp): its greeting is "Welcome!", not "Welcome back!".
 */
export async function recordSignIn(userId: string, now = new Date()): Promise<{ firstSignIn: boolean }> {
  // The previous stamp is read under the row's lock in the same statement, so of two sign-ins racing for a brand-new
  // account only one is its first.
  const { rows } = await db().execute<{ previous: Date | null }>(sql`
    update ${users} set last_sign_in_at = ${now}, name = coalesce(nullif(trim(${users.name}), ''), 'User')
    from (select id, last_sign_in_at as previous from ${users} where id = ${userId} for update) as before
    where ${users.id} = before.id
    returning before.previous`);
  return { firstSignIn: rows.length > 0 && rows[0]!.previous === null };
}

/**
 * What became of a reset request: the link queued in the outbox, or no account to send one to. The two must look the
 * same to the person asking, in words and in time (no enumeration), so the answer never waits for the mail service:
 * the page says the link is on its way (true: it is in the outbox, which retries until the mail service takes it, ADR
 * 010) and delivery starts in the background. Only a request that could not be queued at all (the database failed;
 * the caller sees the error) says "Failed to send reset email".
 */
export type ResetRequestResult = { status: "queued" | "no-account" };

/** Queue a reset link if the account exists, and start delivering it without waiting. */
/** `locale`: the language the request was made in (the email's when the account has none stored, ADR 056). */
export async function requestPasswordReset(email: string, now = new Date(), locale: Locale | null = null): Promise<ResetRequestResult> {
  const user = await findUserByEmail(email);
  if (!user || !user.passwordHash) return { status: "no-account" };
  // The token and its email together (the outbox, ADR 010): a committed token always has its email on the way.
  const id = await db().transaction(async (tx) => {
    // One live link per user: the user's row lock orders two requests at once, so the second one ends the first's link.
    await tx.execute(sql`select id from ${users} where id = ${user.id} for update`);
    await revokeResetLinks(tx, user.id, now);
    const { selector, secret } = await issueToken(user.id, "reset_password", RESET_PASSWORD_TTL_MS, now, tx);
    // The link carries the Supabase-style parameters SPEC.md section 2 names: the secret as access_token, the
    // selector as refresh_token, and type=recovery.
    const resetUrl = `${appUrl()}/reset-password?${new URLSearchParams({ access_token: secret, refresh_token: selector, type: "recovery" })}`;
    const queued = await queueEmail(
      tx,
      user.email,
      { template: "password-reset", data: { name: user.name, resetUrl, expiresInMinutes: RESET_PASSWORD_TTL_MS / 60_000 } },
      { userId: user.id, now, locale },
    );
    failpoint("reset-before-commit");
    return queued;
  });
  deliverInBackground([id]);
  return { status: "queued" };
}

export async function isResetTokenValid(selector: string, secret: string, now = new Date()) {
  return (await findLiveToken("reset_password", selector, secret, now)) !== null;
}

/** Why a reset link does or does not work: the page says "expired" and "already used" apart from "invalid". */
export async function checkResetToken(selector: string, secret: string, now = new Date()): Promise<TokenCheck["status"]> {
  return (await checkToken("reset_password", selector, secret, now)).status;
}

export type ResetResult = { status: "ok" } | { status: "invalid" | "used" | "expired" | "revoked" } | { status: "same-password" };

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
    // Whoever held the old password is signed out everywhere, and any other reset link of theirs stops working.
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await revokeResetLinks(tx, user.id, now);
    return true;
  });
  if (!ok) return { status: "used" };
  await notifyUrgent(user.id, URGENT.passwordReset(), now);
  return { status: "ok" };
}

/**
 * "Resend confirmation email", as the login page and the confirmation link's page offer it: rate-limited per network
 * and per address, and answered the same whether or not there is an account waiting.
 */
export async function requestNewConfirmation(
  email: string,
  clientIp: string,
  options: { redirectTo?: string | null; now?: Date; locale?: Locale | null } = {},
): Promise<{ status: "done" | "rate-limited" }> {
  const address = normalizeEmail(email);
  const allowed = await consumeAttempt([
    ["confirm-ip", clientIp],
    ["confirm-account", address],
  ]);
  if (!allowed) return { status: "rate-limited" };
  const emailId = await queueNewConfirmation(address, options);
  // Delivery is not awaited. Awaiting it would make an existing unconfirmed account answer after a Postmark round trip
  // (up to the inline timeout when Postmark is slow) and any other address at once: the delay would tell who has an
  // account. The row is committed, so if this attempt fails the outbox job sends it (a failure for good is logged).
  if (emailId) deliverInBackground([emailId]);
  return { status: "done" };
}
