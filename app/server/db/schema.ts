import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

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
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
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
 * Single-use tokens sent by email (confirm email, reset password). Selector/verifier: the id is looked up, the
 * secret is stored only as a SHA-256 and compared in constant time.
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 32 }).$type<"confirm_email" | "reset_password">().notNull(),
    secretHash: text("secret_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_tokens_user_purpose_idx").on(t.userId, t.purpose)],
);

/** Counters for rate-limiter-flexible's Postgres store (table layout is the library's). */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/** Messages sent through the public contact form. */
export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  topic: text("topic").notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;

/** Which messages a user wants (SPEC.md section 2, Notifications). Defaults are the spec's. Security emails ignore these. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailContributionReminders: boolean("email_contribution_reminders").notNull().default(true),
  emailPayoutNotifications: boolean("email_payout_notifications").notNull().default(true),
  emailGroupInvitations: boolean("email_group_invitations").notNull().default(false),
  emailWeeklySummary: boolean("email_weekly_summary").notNull().default(false),
  pushUrgentAccount: boolean("push_urgent_account").notNull().default(true),
  pushDailyReminders: boolean("push_daily_reminders").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** In-app notifications (the bell). Unread while read_at is null. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body"),
    /** Same-origin path to follow when clicked, e.g. /groups/…; null for none. */
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt)],
);

/** A user's request for sandbox bank access, reviewed by an admin. At most one open request per user. */
export const sandboxAccessRequests = pgTable(
  "sandbox_access_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message"),
    status: varchar("status", { length: 16 }).$type<"open" | "granted" | "declined">().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("sandbox_access_requests_one_open_idx").on(t.userId).where(sql`${t.status} = 'open'`)],
);

/** Every admin action: who did what to whom, when. Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "set null" }),
    targetEmail: text("target_email"),
    details: jsonb("details"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * People an admin invited by email before they had an account (SPEC.md section 2, admin add-user). Registering
 * with an invited address grants sandbox access at once. One row per address (lower-cased).
 */
export const userInvitations = pgTable(
  "user_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("user_invitations_email_lower_key").on(sql`lower(${t.email})`)],
);

/**
 * A bank connection (a Plaid "item"): one login at one institution. The provider's access token is stored encrypted
 * (crypto.server.ts) and is decrypted only inside app/server/bank/. Unlinking keeps the row as 'removed' (history,
 * audit), deletes its accounts, and never reuses it.
 */
export const bankItems = pgTable(
  "bank_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerItemId: text("provider_item_id").notNull().unique(),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    institutionId: text("institution_id"),
    institutionName: text("institution_name"),
    status: varchar("status", { length: 16 }).$type<"active" | "removed">().notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [index("bank_items_user_id_idx").on(t.userId)],
);

/**
 * The accounts of a bank item, normalised from the provider's shape. Balances are integer cents (the provider sends
 * dollars as JSON numbers); null when the provider does not know. user_id is denormalised from the item so every
 * query can be scoped by owner without a join.
 */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => bankItems.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerAccountId: text("provider_account_id").notNull(),
    name: text("name").notNull(),
    officialName: text("official_name"),
    type: text("type").notNull(),
    subtype: text("subtype"),
    mask: text("mask"),
    availableCents: bigint("available_cents", { mode: "number" }),
    currentCents: bigint("current_cents", { mode: "number" }),
    currencyCode: text("currency_code"),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bank_accounts_item_provider_account_key").on(t.itemId, t.providerAccountId),
    index("bank_accounts_user_id_idx").on(t.userId),
  ],
);

/**
 * The user's current Plaid Link token, reused for 5 minutes (SPEC.md section 9). In PostgreSQL, not process memory,
 * so every app machine sees the same cached token.
 */
export const bankLinkTokens = pgTable("bank_link_tokens", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull(),
  /** The redirect_uri the token was created with; a request for another one gets a new token. */
  redirectUri: text("redirect_uri"),
  /** The provider's own expiry of the token (4 hours at Plaid). */
  providerExpiresAt: timestamp("provider_expires_at", { withTimezone: true }).notNull(),
  /** When we stop reusing it: created + 5 minutes. */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
