/**
 * Changing the account's email address (/profile/email; issue 31). The profile form keeps the address read-only
 * (SPEC.md: "Email cannot be changed" there); this is the way to change it, the one a member whose address is marked
 * undeliverable is sent to:
 *
 * 1. request: the current password (whoever sits at an open session cannot take the account by changing its address;
 *    counted against the login's limits, as the Security page's checks are, ADR 038), then a single-use link (auth_tokens, purpose change_email, the new address beside it) emailed to the new address,
 *    through the outbox in the same transaction. Asking again replaces the earlier link. At most 5 an hour per member.
 * 2. confirm: the link opened while signed in as the same member shows a button; pressing it (a POST: mail scanners
 *    that open links change nothing) makes the new address the account's, confirmed, in one transaction that also
 *    revokes every other change link and every password-reset link sent to the old address (revokeResetLinks). The old address is told
 *    (a security email, always sent) and the bell says so too.
 *
 * Since an undeliverable mark belongs to the address (undeliverable.server.ts), the member's banner is gone with the
 * old address; it comes back only if the new one is marked in its turn.
 */
import type { Locale } from "~/domain/locale";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { normalizeEmail } from "~/domain/auth";
import { revokeResetLinks } from "../auth/accounts.server";
import { consumeAttempt } from "../auth/rate-limit.server";
import { randomToken, secretMatches, sha256 } from "../auth/tokens.server";
import { db } from "../db/client.server";
import { pgErrorCode } from "../db/errors.server";
import { authTokens, users, type User } from "../db/schema";
import { deliverEmails, queueEmail, type EmailResult } from "../email/email.server";
import { queueUrgent, URGENT } from "../notifications/account-alerts.server";
import { appUrl, env } from "../platform/env.server";
import { logger } from "../platform/log.server";
import { checkCurrentPassword } from "./security.server";

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type EmailChangeRequest =
  | { status: "wrong-password" }
  | { status: "password-rate-limited" }
  | { status: "same-address" }
  | { status: "taken" }
  | { status: "rate-limited" }
  | { status: "requested"; newEmail: string; email: EmailResult };

/** Ask to change the address: checks, then the link to the new address (see the top of this file). */
export async function requestEmailChange(
  user: Pick<User, "id" | "email" | "name">,
  /** locale: the page's language, the link's email's when the account has none stored (ADR 056's outbox rule). */
  input: { newEmail: string; currentPassword: string; ip: string; locale?: Locale | null },
  now = new Date(),
): Promise<EmailChangeRequest> {
  const check = await checkCurrentPassword(user, input.currentPassword, input.ip);
  if (check === "rate-limited") return { status: "password-rate-limited" };
  if (check === "wrong-password") return { status: "wrong-password" };
  const newEmail = normalizeEmail(input.newEmail);
  if (newEmail === normalizeEmail(user.email)) return { status: "same-address" };
  if (!(await consumeAttempt([["email-change-user", user.id]]))) return { status: "rate-limited" };
  // The registration page says as much to anyone; here it takes the password and is rate limited.
  const [owner] = await db().select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${newEmail}`).limit(1);
  if (owner) return { status: "taken" };

  const emailId = await db().transaction(async (tx) => {
    await retireChangeLinks(tx, user.id, now);
    const secret = randomToken();
    const [token] = await tx
      .insert(authTokens)
      .values({
        userId: user.id,
        purpose: "change_email",
        newEmail,
        secretHash: sha256(secret),
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
        createdAt: now,
      })
      .returning({ id: authTokens.id });
    const confirmUrl = `${appUrl()}/profile/email?${new URLSearchParams({ id: token!.id, token: secret })}`;
    return queueEmail(
      tx,
      newEmail,
      { template: "confirm-new-email", data: { name: user.name, newEmail, confirmUrl, expiresInHours: EMAIL_CHANGE_TTL_MS / 3_600_000 } },
      { userId: user.id, now, locale: input.locale },
    );
  });
  const email = (await deliverEmails([emailId])).get(emailId)!;
  return { status: "requested", newEmail, email };
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** One live change link per member: asking again, cancelling or finishing revokes the others. */
async function retireChangeLinks(tx: Pick<Tx, "update">, userId: string, now: Date) {
  await tx
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "change_email"), isNull(authTokens.usedAt), isNull(authTokens.revokedAt)));
}

/** The member's change waiting for its link to be opened, or null. */
export async function pendingEmailChange(userId: string, now = new Date()): Promise<{ newEmail: string; requestedAt: Date; expiresAt: Date } | null> {
  const [row] = await db()
    .select({ newEmail: authTokens.newEmail, requestedAt: authTokens.createdAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, "change_email"),
        isNull(authTokens.usedAt),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .orderBy(sql`${authTokens.createdAt} desc`)
    .limit(1);
  return row?.newEmail ? { newEmail: row.newEmail, requestedAt: row.requestedAt, expiresAt: row.expiresAt } : null;
}

/** Withdraw the waiting change: its link stops working. */
export async function cancelEmailChange(userId: string, now = new Date()) {
  await db().transaction((tx) => retireChangeLinks(tx, userId, now));
}

export type ChangeLinkState = { status: "valid"; newEmail: string } | { status: "invalid" } | { status: "expired" };

/**
 * What a change link is worth to this member: "invalid" for a malformed one, someone else's or a wrong secret (a
 * guessed id learns nothing), "expired" for theirs once used, replaced or past its time.
 */
export async function emailChangeLinkState(userId: string, selector: string, secret: string, now = new Date()): Promise<ChangeLinkState> {
  if (!UUID.test(selector) || secret.length === 0 || secret.length > 200) return { status: "invalid" };
  const [token] = await db()
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.id, selector), eq(authTokens.purpose, "change_email")))
    .limit(1);
  if (!token || token.userId !== userId || !secretMatches(secret, token.secretHash) || !token.newEmail) return { status: "invalid" };
  if (token.usedAt || token.revokedAt || token.expiresAt <= now) return { status: "expired" };
  return { status: "valid", newEmail: token.newEmail };
}

export type EmailChangeResult =
  | { status: "changed"; previousEmail: string; newEmail: string }
  | { status: "invalid" }
  | { status: "expired" }
  | { status: "taken" };

/** Open the link: the new address becomes the account's (see the top of this file). */
export async function confirmEmailChange(
  user: Pick<User, "id" | "email" | "name">,
  selector: string,
  secret: string,
  now = new Date(),
): Promise<EmailChangeResult> {
  const state = await emailChangeLinkState(user.id, selector, secret, now);
  if (state.status !== "valid") return state;
  let outcome: { status: "changed"; previousEmail: string; newEmail: string; emailIds: string[] } | { status: "expired" | "taken" };
  try {
    outcome = await db().transaction(async (tx) => {
      // Claim the link atomically: of two presses, one changes the address.
      const claimed = await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(eq(authTokens.id, selector), isNull(authTokens.usedAt), isNull(authTokens.revokedAt)))
        .returning({ id: authTokens.id });
      if (claimed.length === 0) return { status: "expired" as const };
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id)).for("update");
      const previousEmail = before!.email;
      await tx
        .update(users)
        .set({ email: state.newEmail, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})`, updatedAt: now })
        .where(eq(users.id, user.id));
      // Every other change link, and any reset link sent to the old address, stop working.
      await retireChangeLinks(tx, user.id, now);
      await revokeResetLinks(tx, user.id, now);
      const noticeId = await queueEmail(
        tx,
        previousEmail,
        {
          template: "email-changed",
          data: { name: user.name, newEmail: state.newEmail, changedAt: now.toISOString(), supportEmail: env().SUPPORT_EMAIL },
        },
        { userId: user.id, now },
      );
      await queueUrgent(tx, user.id, URGENT.emailChanged(state.newEmail), now);
      return { status: "changed" as const, previousEmail, newEmail: state.newEmail, emailIds: [noticeId] };
    });
  } catch (error) {
    // The address was taken by another account between the request and now (the unique index decides).
    if (pgErrorCode(error) === "23505") return { status: "taken" };
    throw error;
  }
  if (outcome.status !== "changed") return outcome;
  // The old address may be the undeliverable one: the notice is tried, and the outbox records whatever becomes of it.
  const delivered = await deliverEmails(outcome.emailIds);
  for (const result of delivered.values()) {
    if (!result.ok) logger.warn({ userId: user.id, reason: result.error }, "confirmEmailChange: the notice to the old address was not delivered");
  }
  return { status: "changed", previousEmail: outcome.previousEmail, newEmail: outcome.newEmail };
}
