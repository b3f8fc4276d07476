/** Accounts: users, their sessions, single-use tokens (confirmation, password reset) and the rate limiter's counters. */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

/** A person with an account. Profile fields (SPEC.md section 3) and what auth needs live together. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull().default("User"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    dateOfBirth: date("date_of_birth"),
    isAdmin: boolean("is_admin").notNull().default(false),
    isPlaidSandboxAuthorized: boolean("is_plaid_sandbox_authorized").notNull().default(false),
    hasBankAccount: boolean("has_bank_account").notNull().default(false),
    /** argon2id PHC string; null for an account invited but never registered. */
    passwordHash: text("password_hash"),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** TOTP secret, encrypted (crypto.server.ts); set while two-factor authentication is on. */
    totpSecretEncrypted: text("totp_secret_encrypted"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The 30-second TOTP step of the last code accepted at login: a code is good once (no replay). */
    totpLastUsedStep: bigint("totp_last_used_step", { mode: "number" }),
    /** Secret offered during enrolment, encrypted; becomes totp_secret once a code from it is confirmed. */
    totpPendingSecretEncrypted: text("totp_pending_secret_encrypted"),
    /** Email me on each new sign-in. */
    loginNotifications: boolean("login_notifications").notNull().default(false),
    /** Let members of my groups see my profile details (name is always shown). */
    profileVisible: boolean("profile_visible").notNull().default(true),
    /**
     * Show a short summary of my payment record (ADR 041) to the members of my groups and on their join pages. Shown
     * only while profile_visible is on too: hiding one's profile hides the record.
     */
    shareReliability: boolean("share_reliability").notNull().default(true),
    /**
     * When the member last hid their record (ADR 050): the groups they were in before then keep seeing it (they shared
     * it when they joined together); groups joined afterwards, and invitees, do not. Null while shared. Migration 0024.
     */
    reliabilityHiddenAt: timestamp("reliability_hidden_at", { withTimezone: true }),
    /**
     * When the member is usually paid (`paydayValue`, app/domain/payday.ts: "weekly:5", "semimonthly", "monthly:31"),
     * or null: a debit that failed for want of money is tried again the day after it (ADR 030).
     */
    payday: varchar("payday", { length: 16 }),
    /**
     * The account new groups take this member's contributions from (issue 44), until they choose one for a group
     * (group_members.debit_bank_account_id); null: the first usable account. No foreign key (see that column).
     */
    defaultDebitBankAccountId: uuid("default_debit_bank_account_id"),
    /**
     * The language the member chose ("en-US" or "es-US", app/domain/locale.ts; ADR 056), or null: never chosen, so
     * pages follow the browser and emails go out in English.
     */
    locale: varchar("locale", { length: 8 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_payday", sql`${t.payday} is null or ${t.payday} ~ '^(weekly:[0-6]|semimonthly|monthly:([1-9]|[12][0-9]|3[01]))$'`),
    check("users_locale", sql`${t.locale} is null or ${t.locale} in ('en-US', 'es-US')`),
  ],
);

/**
 * Server-side sessions. The cookie holds a random token; we store only its SHA-256, so a database leak does not hand
 * out live sessions. Idle timeout is enforced from last_active_at (SPEC.md section 9: 30 minutes).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remember: boolean("remember").notNull().default(false),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute lifetime cap, whatever the activity. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/**
 * Single-use tokens sent by email (confirm email, reset password, confirm a new email address). Selector/verifier: the id is looked up, the
 * secret is stored only as a SHA-256 and compared in constant time.
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 32 }).$type<"confirm_email" | "reset_password" | "change_email">().notNull(),
    /** change_email only: the address the link confirms (lower-cased); it becomes the account's email when used. */
    newEmail: text("new_email"),
    secretHash: text("secret_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the link stopped working before it was used (ADR 038): a newer reset link was issued (one live reset
     * link per user), or the password changed by any route.
     */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("auth_tokens_user_purpose_idx").on(t.userId, t.purpose)],
);

/** Counters for rate-limiter-flexible's Postgres store (table layout is the library's). */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

export type User = typeof users.$inferSelect;
