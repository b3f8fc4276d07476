/**
 * Two-factor authentication with TOTP (RFC 6238: 6 digits, 30 seconds, SHA-1, what every authenticator app speaks).
 *
 * Enrolment: a secret is generated and kept encrypted as the *pending* secret; it becomes the account's secret only
 * once the user proves their app has it by typing a code. Secrets are stored encrypted (crypto.server.ts) and never
 * leave the server except on the enrolment screen (QR code and text for manual entry).
 *
 * Login: a correct password for an account with 2FA does not start a session. A short-lived signed cookie remembers
 * who passed the password step; the code step turns it into a session.
 */
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import QRCode from "qrcode";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { createCookie } from "react-router";
import { decryptSecret, encryptSecret } from "../platform/crypto.server";
import { db } from "../db/client.server";
import { users, type User } from "../db/schema";
import { env, servedOverHttps } from "../platform/env.server";
import { notifyUrgent, URGENT } from "../notifications/account-alerts.server";
import { logger } from "../platform/log.server";

const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
export const TOTP_ISSUER = "Rosca";
/** How long the code step of a login stays open after the password step. */
export const PENDING_LOGIN_TTL_SECONDS = 300;

// ---------------------------------------------------------------------------------------------------------------
// Enrolment

/** Offer a new secret: stored encrypted as the pending secret, replacing any earlier offer. */
export async function startTwoFactorEnrolment(userId: string) {
  const { secret } = await generateTOTP(TOTP);
  await db()
    .update(users)
    .set({ totpPendingSecretEncrypted: encryptSecret(secret) })
    .where(eq(users.id, userId));
}

export type EnrolmentDetails = { secret: string; otpauthUri: string; qrCodeDataUrl: string };

/** The pending secret as the user's app needs it: the base32 text, the otpauth URI and a QR code (SVG data URL). */
export async function enrolmentDetails(user: Pick<User, "email" | "totpPendingSecretEncrypted">): Promise<EnrolmentDetails | null> {
  if (!user.totpPendingSecretEncrypted) return null;
  let secret: string;
  try {
    secret = decryptSecret(user.totpPendingSecretEncrypted);
  } catch (error) {
    // A key rotation or a damaged value: offer a fresh start instead of failing the page.
    logger.error({ err: error }, "enrolmentDetails: pending TOTP secret could not be decrypted");
    return null;
  }
  const otpauthUri = getTOTPAuthUri({ ...TOTP, secret, accountName: user.email, issuer: TOTP_ISSUER });
  const svg: string = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { secret, otpauthUri, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** The matching 30-second step (window ±1), or null. */
async function matchingStep(sealedSecret: string | null, code: string): Promise<number | null> {
  if (!sealedSecret) return null;
  let secret: string;
  try {
    secret = decryptSecret(sealedSecret);
  } catch (error) {
    logger.error({ err: error }, "two-factor: TOTP secret could not be decrypted");
    return null;
  }
  // window 1: the previous and next 30-second step also count, for clock drift and slow typing.
  const currentStep = Math.floor(Date.now() / (TOTP.period * 1000));
  const match = await verifyTOTP({ ...TOTP, otp: code, secret, window: 1 });
  return match ? currentStep + match.delta : null;
}

async function codeMatches(sealedSecret: string | null, code: string) {
  return (await matchingStep(sealedSecret, code)) !== null;
}

/** Turn 2FA on if the code matches the pending secret. */
export async function confirmTwoFactorEnrolment(userId: string, code: string, now = new Date()) {
  const [user] = await db().select({ pending: users.totpPendingSecretEncrypted }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.pending || !(await codeMatches(user.pending, code))) return false;
  await db()
    .update(users)
    .set({ totpSecretEncrypted: user.pending, totpEnabledAt: now, totpPendingSecretEncrypted: null, updatedAt: now })
    .where(eq(users.id, userId));
  await notifyUrgent(userId, URGENT.twoFactorEnabled(), now);
  return true;
}

export async function cancelTwoFactorEnrolment(userId: string) {
  await db().update(users).set({ totpPendingSecretEncrypted: null }).where(eq(users.id, userId));
}

export async function disableTwoFactor(userId: string, now = new Date()) {
  await db()
    .update(users)
    .set({ totpSecretEncrypted: null, totpEnabledAt: null, totpPendingSecretEncrypted: null, totpLastUsedStep: null, updatedAt: now })
    .where(eq(users.id, userId));
  await notifyUrgent(userId, URGENT.twoFactorDisabled(), now);
}

export function hasTwoFactor(user: Pick<User, "totpEnabledAt" | "totpSecretEncrypted">) {
  return user.totpEnabledAt !== null && user.totpSecretEncrypted !== null;
}

/**
 * Check a login code against the account's secret and spend it: each 30-second step's code is accepted once, and
 * never an older one than the last accepted (RFC 6238 section 5.2), so a code seen over a shoulder or in a log cannot
 * be replayed within its window. The compare-and-set is one UPDATE, so two racing logins cannot both use it.
 */
export async function verifyTwoFactorCode(user: Pick<User, "id" | "totpSecretEncrypted">, code: string) {
  const step = await matchingStep(user.totpSecretEncrypted, code);
  if (step === null) return false;
  const spent = await db()
    .update(users)
    .set({ totpLastUsedStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastUsedStep), lt(users.totpLastUsedStep, step))))
    .returning({ id: users.id });
  return spent.length === 1;
}

// ---------------------------------------------------------------------------------------------------------------
// The login's code step

export type PendingLogin = { userId: string; remember: boolean; redirectTo: string; expiresAt: number };

function pendingLoginCookie() {
  return createCookie("rosca_2fa", {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(),
    // "/", not "/login": with JavaScript, React Router fetches /login.data, which a "/login" cookie path does not match.
    path: "/",
    secrets: [...env().SESSION_SECRETS],
    maxAge: PENDING_LOGIN_TTL_SECONDS,
  });
}

export function startPendingLogin(login: Omit<PendingLogin, "expiresAt">, now = new Date()) {
  const value: PendingLogin = { ...login, expiresAt: now.getTime() + PENDING_LOGIN_TTL_SECONDS * 1000 };
  return pendingLoginCookie().serialize(value);
}

/** The login waiting for its code, or null (none, tampered with, or older than 5 minutes). */
export async function readPendingLogin(request: Request, now = new Date()): Promise<PendingLogin | null> {
  const value: unknown = await pendingLoginCookie().parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object") return null;
  const login = value as Partial<PendingLogin>;
  if (typeof login.userId !== "string" || typeof login.expiresAt !== "number" || typeof login.redirectTo !== "string") return null;
  if (login.expiresAt <= now.getTime()) return null;
  return { userId: login.userId, remember: login.remember === true, redirectTo: login.redirectTo, expiresAt: login.expiresAt };
}

export function clearPendingLogin() {
  return pendingLoginCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
