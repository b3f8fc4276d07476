/**
 * Validation rules for the account forms (SPEC.md section 5). Messages are user-visible and copied exactly.
 * Pure: used by Conform in the browser and on the server, and by the JSON APIs.
 */
import { z } from "zod";
import { nameError } from "./names";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, FIELD_MESSAGES, normalizeEmail, PASSWORD_MAX_LENGTH } from "./auth-rules";

// The messages, limits and helpers the browser needs too live in auth-rules.ts (no zod there); re-exported here.
export {
  EMAIL_MAX_LENGTH,
  isInvitationPath,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  safeRedirect,
} from "./auth-rules";

export const AUTH_MESSAGES = {
  ...FIELD_MESSAGES,
  // SPEC.md section 8
  invalidCredentials: "Invalid username, email, or password. Please check your credentials and try again.",
  tooManyAttempts: "Too many login attempts. Please wait a few minutes before trying again.",
  accountExists: "An account with this email already exists. Please try logging in instead.",
  // On its way, not "sent": the answer never waits for the mail service (accounts.server.ts requestPasswordReset).
  resetSent: "If an account exists for that address, a link to reset your password is on its way to it. The link expires in 1 hour.",
  samePassword: "Your new password must be different from your current password.",
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

/** Password reset requests (SPEC.md section 8, Reset request): their own limit message, and the honest send failure. */
export const RESET_MESSAGES = {
  tooMany: "Too many password reset requests. Please wait an hour and try again.",
  sendFailed: "Failed to send reset email. Please try again.",
  invalidLink: "This password reset link is invalid. Please request a new one.",
  usedLink: "This password reset link has already been used. Please request a new one if you still need it.",
  expiredLink: "This password reset link has expired (links are valid for 1 hour). Please request a new one.",
  // An unused link ended early (ADR 038): a newer one was sent, or the password changed since.
  revokedLink:
    "This password reset link no longer works: a newer link was sent or the password was changed. Please request a new one if you still need it.",
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

/** A typed address: required, at most EMAIL_MAX_LENGTH, an email by the app's pattern, normalised (trimmed, lower case). */
export const strictEmail = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(EMAIL_MAX_LENGTH, invalid)
    .pipe(z.email({ error: invalid, pattern: EMAIL_PATTERN }))
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
    .pipe(z.email({ error: AUTH_MESSAGES.loginEmailInvalid, pattern: EMAIL_PATTERN }))
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
    // One check with one message (not min(1) with abort, then min(2)): an aborted field stops zod's object-level
    // checks, which hid "Passwords do not match" while the name was blank.
    fullName: z
      .string({ error: AUTH_MESSAGES.fullNameRequired })
      .trim()
      .normalize("NFC")
      .check((ctx) => {
        const name = ctx.value;
        const message =
          name.length === 0
            ? AUTH_MESSAGES.fullNameRequired
            : (nameError(name, "Full name") ??
              (name.length < 2 ? AUTH_MESSAGES.fullNameShort : name.length > 100 ? AUTH_MESSAGES.fullNameLong : null));
        if (message) ctx.issues.push({ code: "custom", message, input: name });
      }),
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
