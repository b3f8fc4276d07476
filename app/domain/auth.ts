/**
 * Validation rules for the account forms (SPEC.md section 5). Messages are user-visible and copied exactly.
 * Pure: used by Conform in the browser and on the server, and by the JSON APIs.
 */
import { z } from "zod";

export const AUTH_MESSAGES = {
  loginEmailRequired: "Email is required",
  loginEmailInvalid: "Email is invalid",
  loginPasswordRequired: "Password is required",
  loginPasswordShort: "Password must be at least 6 characters",
  fullNameRequired: "Full name is required",
  fullNameShort: "Full name must be at least 2 characters",
  fullNameLong: "Full name must be at most 100 characters",
  emailRequired: "Email address is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordShort: "Password must be at least 8 characters long",
  passwordLong: "Password must be at most 128 characters",
  passwordWeak: "Password must contain at least one uppercase letter, one lowercase letter, and one number",
  confirmRequired: "Please confirm your password",
  passwordsMismatch: "Passwords do not match",
  termsRequired: "You must agree to the Terms of Service and Privacy Policy",
  // SPEC.md section 8
  invalidCredentials: "Invalid username, email, or password. Please check your credentials and try again.",
  tooManyAttempts: "Too many login attempts. Please wait a few minutes before trying again.",
  accountExists: "An account with this email already exists. Please try logging in instead.",
  // On its way, not "sent": the answer never waits for the mail service (accounts.server.ts requestPasswordReset).
  resetSent: "If an account exists for that address, a link to reset your password is on its way to it. The link expires in 1 hour.",
  samePassword: "Your new password must be different from your current password.",
} as const;

/** Registration failures (SPEC.md section 8, Registration), title and message. */
export const REGISTER_ERRORS = {
  tooMany: { title: "Too Many Requests", message: "Too many sign-up attempts from your network. Please wait an hour and try again." },
  saveFailed: {
    title: "Account Creation Issue",
    message: "We hit a temporary issue saving your account. Our team has been notified. Please try again shortly.",
  },
  serverError: { title: "Server Error", message: "Our servers are experiencing issues. Please try again in a few minutes." },
  unexpected: { title: "Registration Failed", message: "Oops—couldn't create your account right now. Please try again in a moment." },
} as const;

/** Password reset requests (SPEC.md section 8, Reset request): their own limit message, and the honest send failure. */
export const RESET_MESSAGES = {
  tooMany: "Too many password reset requests. Please wait an hour and try again.",
  sendFailed: "Failed to send reset email. Please try again.",
  invalidLink: "This password reset link is invalid. Please request a new one.",
  usedLink: "This password reset link has already been used. Please request a new one if you still need it.",
  expiredLink: "This password reset link has expired (links are valid for 1 hour). Please request a new one.",
} as const;

/** Confirmation emails: the login page's unconfirmed state, re-sending, and the confirmation link's own page. */
export const CONFIRM_MESSAGES = {
  notConfirmedTitle: "Email Not Confirmed",
  notConfirmed: "Your email address isn't confirmed yet. Follow the link in the confirmation email we sent you, or get a new one.",
  resentTitle: "Check Your Email",
  /** The same answer whether or not the address has an account waiting (no enumeration). */
  resent: "If an account with that address is waiting for confirmation, a new confirmation link is on its way. It expires in 24 hours.",
  tooMany: "Too many confirmation emails requested. Please wait an hour and try again.",
  expiredTitle: "Confirmation Link Expired",
  expired: "This confirmation link has expired. Your account is waiting: get a new link and confirm your email to log in.",
  invalidTitle: "Invalid Confirmation Link",
  invalid: "This confirmation link is invalid. Check that you copied the whole link, or get a new one with your email address.",
  alreadyConfirmedTitle: "Email Already Confirmed",
  alreadyConfirmed: "Your email address is already confirmed. Log in to continue.",
} as const;

/** Where a page that needs an account sends people: with an invitation in hand, the login page says why. */
export function isInvitationPath(path: string) {
  return /^\/groups\/join\/[A-Za-z0-9_-]+(?:\?.*)?$/.test(path);
}

/** Longest password we hash: bounds the cost an attacker can make us spend. */
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** Normalise an email address for storage and lookup. Uniqueness is case-insensitive (lower(email) index). */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

const strictEmail = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(EMAIL_MAX_LENGTH, invalid)
    .pipe(z.email({ error: invalid }))
    .transform(normalizeEmail);

/** New-password rules shared by registration and reset (SPEC.md section 5). */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(8, AUTH_MESSAGES.passwordShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordLong)
  // One problem at a time: the character-class rule speaks once the length is right.
  .refine(
    (password) => password.length < 8 || (/[A-Z]/.test(password) && /[a-z]/.test(password) && /[0-9]/.test(password)),
    AUTH_MESSAGES.passwordWeak,
  );

function withConfirmation<T extends z.ZodObject<{ password: z.ZodType<string>; confirmPassword: z.ZodType<string> }>>(schema: T) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    message: AUTH_MESSAGES.passwordsMismatch,
    path: ["confirmPassword"],
    // Compare as soon as both were typed, even while another field (say, a weak password) is still wrong.
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof value?.password === "string" && typeof value?.confirmPassword === "string";
    },
  });
}

export const loginSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.loginEmailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.loginEmailRequired)
    .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.loginEmailInvalid)
    .pipe(z.email({ error: AUTH_MESSAGES.loginEmailInvalid }))
    .transform(normalizeEmail),
  password: z
    .string({ error: AUTH_MESSAGES.loginPasswordRequired })
    .min(6, AUTH_MESSAGES.loginPasswordShort)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordLong),
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
});

export const registerSchema = withConfirmation(
  z.object({
    fullName: z
      .string({ error: AUTH_MESSAGES.fullNameRequired })
      .trim()
      .min(1, { error: AUTH_MESSAGES.fullNameRequired, abort: true })
      .min(2, AUTH_MESSAGES.fullNameShort)
      .max(100, AUTH_MESSAGES.fullNameLong),
    email: strictEmail(AUTH_MESSAGES.emailRequired, AUTH_MESSAGES.emailInvalid),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmRequired }),
    terms: z.boolean({ error: AUTH_MESSAGES.termsRequired }).refine((ticked) => ticked, AUTH_MESSAGES.termsRequired),
  }),
);

export const resetRequestSchema = z.object({
  email: strictEmail(AUTH_MESSAGES.emailInvalid, AUTH_MESSAGES.emailInvalid),
});

/** "Resend confirmation email" with an address typed in. */
export const resendConfirmationSchema = z.object({
  email: strictEmail(AUTH_MESSAGES.emailRequired, AUTH_MESSAGES.emailInvalid),
  redirectTo: z.string().optional(),
});

export const resetPasswordSchema = withConfirmation(
  z.object({
    selector: z.string().uuid(),
    token: z.string().min(1).max(200),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmRequired }),
  }),
);

/**
 * Where to go after login. Only same-origin absolute paths are allowed: `//evil.example` and `/\evil.example` are
 * protocol-relative tricks browsers follow off-site, so they fall back to the dashboard.
 */
export function safeRedirect(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  return target;
}
