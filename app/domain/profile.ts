/**
 * Profile rules (SPEC.md sections 2, 3 and 5) and the forms of /profile, /profile/security and
 * /profile/notifications. Pure: `today` is a parameter (a calendar day, YYYY-MM-DD), never read from the clock.
 *
 * Choices the spec leaves open, written down here:
 * - Phone: a US number (NANP). Any common format is accepted ("313-555-0142", "+1 313 555 0142", "(313)5550142")
 *   and stored as "(313) 555-0142".
 * - State: the product is for US residents, so a US state, DC or a US territory, typed as its two-letter code or its
 *   name in any letter case; stored as the upper-case code ("MI").
 * - ZIP: 5 digits or ZIP+4; 9 digits without the dash are accepted and stored as "12345-6789".
 * - Date of birth: a real calendar day, not in the future, making the user at least 18 today and at most 120.
 */
import { z } from "zod";
import { nameCheck } from "./names";
import { newPasswordSchema, AUTH_MESSAGES, PASSWORD_MAX_LENGTH, strictEmail } from "./auth";
import { SECURITY_MESSAGES } from "./auth-rules";
import type { Words } from "./messages/words";

export const PROFILE_MESSAGES = {
  updated: { title: "Profile Updated", description: "Your profile information has been saved successfully." },
  updateFailed: { title: "Update Failed", description: "Failed to update profile. Please try again." },
  // SPEC.md section 8, Profile: a load that timed out, and any other load failure (limited access, defaults shown).
  loadTimedOut: { title: "Profile Unavailable", description: "Profile loading timed out. Please refresh the page to try again." },
  loadFailed: {
    title: "Limited Access",
    description: "We couldn't load your full profile right now, so some details may be missing or out of date. Please refresh to try again.",
  },
  emailLocked: "Email cannot be changed",
  dateOfBirthLocked: "Date of birth cannot be changed once set",
  nameLong: "Display name must be at most 100 characters",
  phoneInvalid: "Please enter a valid US phone number, e.g. (313) 555-0142",
  addressLong: "Street address must be at most 200 characters",
  cityLong: "City must be at most 100 characters",
  stateInvalid: "Please enter a US state as its two-letter code or name, e.g. MI or Michigan",
  zipInvalid: "Please enter a valid ZIP code: 5 digits (12345) or ZIP+4 (12345-6789)",
  dateOfBirthInvalid: "Please enter a valid date of birth",
  dateOfBirthFuture: "Date of birth cannot be in the future",
  underage: "You must be at least 18 years old to use Rosca.",
} as const;

export const MINIMUM_AGE = 18;
const MAXIMUM_AGE = 120;
export const DEFAULT_DISPLAY_NAME = "User";

// ---------------------------------------------------------------------------------------------------------------
// Display name

/**
 * What a display name becomes in the users table: blank → 'User' with no first/last name; otherwise the first
 * word is the first name and the rest the last name (null when there is none).
 */
export function splitDisplayName(raw: string | null | undefined) {
  const name = (raw ?? "").trim().replace(/\s+/g, " ");
  if (name === "") return { name: DEFAULT_DISPLAY_NAME, firstName: null, lastName: null };
  const [first, ...rest] = name.split(" ");
  return { name, firstName: first || null, lastName: rest.join(" ") || null };
}

// ---------------------------------------------------------------------------------------------------------------
// Phone

/** "(313) 555-0142" for a valid US number in any common format, else null. */
export function normalizeUsPhone(raw: string): string | null {
  const trimmed = raw.trim();
  // Only digits, spaces and the usual separators; letters (vanity numbers) and extensions are refused.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  else if (trimmed.startsWith("+")) return null; // a non-US country code
  if (digits.length !== 10) return null;
  // NANP: neither the area code nor the exchange starts with 0 or 1.
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// ZIP

/** "12345" or "12345-6789", else null. */
export function normalizeZip(raw: string): string | null {
  const trimmed = raw.trim();
  const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(trimmed);
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
}

// ---------------------------------------------------------------------------------------------------------------
// State

export const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  AS: "American Samoa",
  GU: "Guam",
  MP: "Northern Mariana Islands",
  PR: "Puerto Rico",
  VI: "U.S. Virgin Islands",
};

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));

/** The two-letter code for a US state typed as a code or a name, else null. */
export function normalizeState(raw: string): string | null {
  const trimmed = raw.trim().replace(/\s+/g, " ");
  const upper = trimmed.toUpperCase();
  if (upper in US_STATES) return upper;
  return STATE_BY_NAME.get(trimmed.toLowerCase()) ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Date of birth

/** A real calendar day "YYYY-MM-DD" (no 2023-02-30), else null. */
function parseCalendarDay(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years between a birthday and `today` (both YYYY-MM-DD). A 29 February birthday counts on 1 March. */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const born = parseCalendarDay(dateOfBirth);
  const now = parseCalendarDay(today);
  if (!born || !now) return null;
  let age = now.year - born.year;
  if (now.month < born.month || (now.month === born.month && now.day < born.day)) age -= 1;
  return age;
}

export type DateOfBirthCheck = { ok: true; value: string } | { ok: false; message: string };

export function checkDateOfBirth(raw: string, today: string): DateOfBirthCheck {
  const value = raw.trim();
  if (!parseCalendarDay(value)) return { ok: false, message: PROFILE_MESSAGES.dateOfBirthInvalid };
  if (value > today) return { ok: false, message: PROFILE_MESSAGES.dateOfBirthFuture };
  const age = ageOn(value, today)!;
  if (age < MINIMUM_AGE) return { ok: false, message: PROFILE_MESSAGES.underage };
  if (age > MAXIMUM_AGE) return { ok: false, message: PROFILE_MESSAGES.dateOfBirthInvalid };
  return { ok: true, value };
}

/** Today's calendar day in a time zone (the product's is America/New_York). */
export function calendarDayIn(now: Date, timeZone = "America/New_York") {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

// ---------------------------------------------------------------------------------------------------------------
// The Profile Information form

/**
 * Every field is optional: Conform turns an empty input into undefined, which the server stores as null (name: 'User').
 * Date of birth is also optional; once stored, the server refuses to change it (profile.server.ts).
 */
export function profileSchema(today: string) {
  return z.object({
    name: z.string().trim().normalize("NFC").max(100, PROFILE_MESSAGES.nameLong).check(nameCheck("Display name")).optional(),
    phone: z
      .string()
      .max(40, PROFILE_MESSAGES.phoneInvalid)
      .refine((value) => normalizeUsPhone(value) !== null, PROFILE_MESSAGES.phoneInvalid)
      .transform((value) => normalizeUsPhone(value)!)
      .optional(),
    address: z.string().trim().max(200, PROFILE_MESSAGES.addressLong).optional(),
    city: z.string().trim().max(100, PROFILE_MESSAGES.cityLong).optional(),
    state: z
      .string()
      .max(40, PROFILE_MESSAGES.stateInvalid)
      .refine((value) => normalizeState(value) !== null, PROFILE_MESSAGES.stateInvalid)
      .transform((value) => normalizeState(value)!)
      .optional(),
    zipCode: z
      .string()
      .max(20, PROFILE_MESSAGES.zipInvalid)
      .refine((value) => normalizeZip(value) !== null, PROFILE_MESSAGES.zipInvalid)
      .transform((value) => normalizeZip(value)!)
      .optional(),
    dateOfBirth: z
      .string()
      .max(20, PROFILE_MESSAGES.dateOfBirthInvalid)
      .superRefine((value, ctx) => {
        const check = checkDateOfBirth(value, today);
        if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
      })
      .transform((value) => value.trim())
      .optional(),
  });
}

export type ProfileInput = z.infer<ReturnType<typeof profileSchema>>;

// ---------------------------------------------------------------------------------------------------------------
// Security forms. The `intent` that picks the form comes from the submit button and is read by the route, not here.

// The security messages live with the browser-side form rules (auth-rules.ts); re-exported for the server's schemas.
export { SECURITY_MESSAGES };

const currentPassword = (required: string) => z.string({ error: required }).min(1, required).max(PASSWORD_MAX_LENGTH, required);

export const changePasswordSchema = z
  .object({
    currentPassword: currentPassword(SECURITY_MESSAGES.currentPasswordRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmRequired }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: AUTH_MESSAGES.passwordsMismatch,
    path: ["confirmPassword"],
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown };
      return typeof value?.newPassword === "string" && typeof value?.confirmPassword === "string";
    },
  });

/**
 * A TOTP code: six digits. Spaces are allowed (apps show "123 456"). A wrong shape gets the same message as a
 * wrong code (SPEC.md section 5: 'Invalid MFA code').
 */
export const totpCodeField = z
  .string({ error: SECURITY_MESSAGES.codeRequired })
  .transform((value) => value.replace(/\s/g, ""))
  // The inner string's own error too: Conform turns the empty string that a blank code becomes into a missing value.
  .pipe(z.string({ error: SECURITY_MESSAGES.invalidCode }).regex(/^\d{6}$/, SECURITY_MESSAGES.invalidCode));

export const confirmTwoFactorSchema = z.object({ code: totpCodeField });

export const disableTwoFactorSchema = z.object({
  password: currentPassword(SECURITY_MESSAGES.passwordRequired),
});

export const loginCodeSchema = z.object({ code: totpCodeField });

// ---------------------------------------------------------------------------------------------------------------
// Changing the account's email address (/profile/email; issue 31): the current password, then a link to the new
// address; the change happens when the link is opened (signed in as the same person).

export const EMAIL_CHANGE_MESSAGES = {
  sameAddress: "That's already your email address",
  taken: "An account with this email address already exists",
  tooMany: "Too many email change requests. Please wait an hour and try again.",
  sentTitle: "Check your new inbox",
  sent: (address: string) => `We sent a confirmation link to ${address}. Your email changes once you open it.`,
  queued: (address: string) =>
    `Our mail service can't send right now, so the confirmation link for ${address} is queued and will be sent automatically.`,
  notDelivered: (address: string) =>
    `We couldn't send a confirmation link to ${address}: our mail service won't deliver to that address. Please check it, or use another one.`,
  changedTitle: "Email Address Changed",
  changed: (address: string) => `Your email address is now ${address}.`,
  cancelled: "Email change cancelled",
  linkInvalid: "This confirmation link isn't valid for your account. Ask for a new one below.",
  linkExpired: "This confirmation link has expired or was already used. Ask for a new one below.",
  takenAtConfirm: "That address now belongs to another account, so your email stays as it was.",
} as const;

export const changeEmailSchema = z.object({
  newEmail: strictEmail(AUTH_MESSAGES.emailRequired, AUTH_MESSAGES.emailInvalid),
  currentPassword: currentPassword(SECURITY_MESSAGES.currentPasswordRequired),
});

export const toggleSchema = z.object({ enabled: z.boolean().optional() });

// ---------------------------------------------------------------------------------------------------------------
// Notification preferences (SPEC.md section 2, Notifications)

export const PREFERENCE_KEYS = [
  "emailContributionReminders",
  "emailPayoutNotifications",
  "emailGroupInvitations",
  "emailWeeklySummary",
  "pushUrgentAccount",
  "pushDailyReminders",
] as const;

export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
export type Preferences = Record<PreferenceKey, boolean>;

export const DEFAULT_PREFERENCES: Preferences = {
  emailContributionReminders: true,
  emailPayoutNotifications: true,
  emailGroupInvitations: false,
  emailWeeklySummary: false,
  pushUrgentAccount: true,
  pushDailyReminders: false,
};

/** An unticked checkbox is absent from the form: absent means off. */
export const preferencesSchema = z
  .object(Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, z.boolean().optional()])) as Record<PreferenceKey, z.ZodOptional<z.ZodBoolean>>)
  .transform((value) => Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, value[key] === true])) as Preferences);

// ---------------------------------------------------------------------------------------------------------------
// Sessions list

/**
 * "Firefox on Windows" from a user agent, simply: the browser family and the operating system. Given the reader's
 * words (ADR 056), the same in their language ("Firefox en Windows"); the browsers' and systems' names are names.
 */
export function describeDevice(userAgent: string | null | undefined, t?: Words): string {
  return deviceLabel(deviceParts(userAgent), t);
}

/** A device as its names: the browser's and the system's (null when not recognised); null for no user agent at all. */
export type DeviceParts = { browser: string | null; os: string | null } | null;

/**
 * A device's words from its names (describeDevice's, and a stored new-sign-in notice's, written in its reader's
 * language when it is read: ADR 062).
 */
export function deviceLabel(parts: DeviceParts, t?: Words): string {
  if (!parts) return t ? t("profile.security.unknownDevice") : "Unknown device";
  const named = parts.browser ?? (t ? t("profile.security.unknownBrowser") : "Unknown browser");
  if (!parts.os) return named;
  return t ? t("profile.security.device", { browser: named, os: parts.os }) : `${named} on ${parts.os}`;
}

/** The browser family and the operating system a user agent names. */
export function deviceParts(userAgent: string | null | undefined): DeviceParts {
  const ua = userAgent ?? "";
  if (ua.trim() === "") return null;
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\/|FxiOS\//.test(ua)
        ? "Firefox"
        : /SamsungBrowser\//.test(ua)
          ? "Samsung Internet"
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? "Safari"
              : /curl\//i.test(ua)
                ? "curl"
                : null;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  return { browser, os };
}
