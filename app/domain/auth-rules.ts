/**
 * The account forms' messages and rules without a validation library (issue 15): /login and /register check their
 * forms in the browser with these functions, so those pages do not ship zod to every visitor. The server decides with
 * the zod schemas in auth.ts and profile.ts, which use the same messages and the same email pattern;
 * auth-rules.test.ts checks on random inputs that both give the same errors for the same fields.
 * Pure, and importable by client code (nothing here may import zod).
 */

/** The field errors of a form: field name → its messages, in the order the server gives them; no key when none. */
export type FieldErrors = Record<string, string[]>;

/** The account forms' field messages (SPEC.md section 5), copied exactly; auth.ts adds the rest of FIELD_MESSAGES. */
export const FIELD_MESSAGES = {
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

/**
 * What a valid email address looks like: zod's own default pattern (v4), given to the server's schemas explicitly so
 * that the browser's check here and the server's can never drift apart.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The security forms' messages (profile.ts re-exports them). */
export const SECURITY_MESSAGES = {
  currentPasswordRequired: "Current password is required",
  currentPasswordWrong: "Current password is incorrect",
  passwordRequired: "Password is required",
  passwordWrong: "Password is incorrect",
  codeRequired: "Enter the 6-digit code from your authenticator app",
  invalidCode: "Invalid MFA code",
  // SPEC.md section 8's login limit message, for the password checks of the Security page (they share its counters).
  tooManyPasswordAttempts: "Too many attempts. Please wait a few minutes before trying again.",
} as const;

/** A submitted text value as the server's parsing sees it: an empty or missing field is no value. */
function text(payload: Record<string, unknown>, name: string): string | undefined {
  const value = payload[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function collect(entries: Array<[string, string[]]>): FieldErrors {
  return Object.fromEntries(entries.filter(([, messages]) => messages.length > 0));
}

function emailErrors(value: string | undefined, required: string, invalid: string): string[] {
  if (value === undefined) return [required];
  const trimmed = value.trim();
  if (trimmed.length === 0) return [required];
  if (trimmed.length > EMAIL_MAX_LENGTH) return [invalid];
  return EMAIL_PATTERN.test(trimmed) ? [] : [invalid];
}

function newPasswordErrors(value: string | undefined): string[] {
  if (value === undefined) return [FIELD_MESSAGES.passwordRequired];
  const errors: string[] = [];
  if (value.length < 8) errors.push(FIELD_MESSAGES.passwordShort);
  if (value.length > PASSWORD_MAX_LENGTH) errors.push(FIELD_MESSAGES.passwordLong);
  if (value.length >= 8 && !(/[A-Z]/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value))) errors.push(FIELD_MESSAGES.passwordWeak);
  return errors;
}

/** The login form (email, password; remember and redirectTo are never wrong). */
export function loginFormErrors(payload: Record<string, unknown>): FieldErrors {
  const password = text(payload, "password");
  return collect([
    ["email", emailErrors(text(payload, "email"), FIELD_MESSAGES.loginEmailRequired, FIELD_MESSAGES.loginEmailInvalid)],
    [
      "password",
      password === undefined
        ? [FIELD_MESSAGES.loginPasswordRequired]
        : [
            ...(password.length < 6 ? [FIELD_MESSAGES.loginPasswordShort] : []),
            ...(password.length > PASSWORD_MAX_LENGTH ? [FIELD_MESSAGES.passwordLong] : []),
          ],
    ],
  ]);
}

/** The registration form. */
export function registerFormErrors(payload: Record<string, unknown>): FieldErrors {
  const fullName = text(payload, "fullName")?.trim();
  const password = text(payload, "password");
  const confirmPassword = text(payload, "confirmPassword");
  return collect([
    [
      "fullName",
      fullName === undefined || fullName.length === 0
        ? [FIELD_MESSAGES.fullNameRequired]
        : fullName.length < 2
          ? [FIELD_MESSAGES.fullNameShort]
          : fullName.length > 100
            ? [FIELD_MESSAGES.fullNameLong]
            : [],
    ],
    ["email", emailErrors(text(payload, "email"), FIELD_MESSAGES.emailRequired, FIELD_MESSAGES.emailInvalid)],
    ["password", newPasswordErrors(password)],
    [
      "confirmPassword",
      confirmPassword === undefined
        ? [FIELD_MESSAGES.confirmRequired]
        : password !== undefined && password !== confirmPassword
          ? [FIELD_MESSAGES.passwordsMismatch]
          : [],
    ],
    ["terms", payload.terms === "on" ? [] : [FIELD_MESSAGES.termsRequired]],
  ]);
}

/** "Forgot password?": an address, where an empty one is simply not a valid address. */
export function resetRequestFormErrors(payload: Record<string, unknown>): FieldErrors {
  return collect([["email", emailErrors(text(payload, "email"), FIELD_MESSAGES.emailInvalid, FIELD_MESSAGES.emailInvalid)]]);
}

/** "Resend confirmation email". */
export function resendConfirmationFormErrors(payload: Record<string, unknown>): FieldErrors {
  return collect([["email", emailErrors(text(payload, "email"), FIELD_MESSAGES.emailRequired, FIELD_MESSAGES.emailInvalid)]]);
}

/** The sign-in code (two-factor): six digits, spaces allowed anywhere. */
export function loginCodeFormErrors(payload: Record<string, unknown>): FieldErrors {
  const code = text(payload, "code");
  return collect([
    ["code", code === undefined ? [SECURITY_MESSAGES.codeRequired] : /^\d{6}$/.test(code.replace(/\s/g, "")) ? [] : [SECURITY_MESSAGES.invalidCode]],
  ]);
}
