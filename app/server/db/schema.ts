import { sql } from "drizzle-orm";
import type { LoginRequiredReason } from "../../domain/bank-health";
import type { LedgerReason, TransferKind, TransferStatus } from "../../domain/money";
import {
  bigint,
  bigserial,
  check,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
    /**
     * Set while the member must log in to the bank again through Link's update mode (ADR 037): since when, and why
     * (Plaid's ITEM_LOGIN_REQUIRED or PENDING_EXPIRATION webhook, or an authorization answered user_action_required).
     * Both null while the connection is healthy; set and cleared together (app/server/bank/account-health.server.ts).
     */
    loginRequiredAt: timestamp("login_required_at", { withTimezone: true }),
    loginRequiredReason: varchar("login_required_reason", { length: 32 }).$type<LoginRequiredReason>(),
    /**
     * The transfer authorization answered user_action_required that put the item in this state, if one did: Plaid
     * wants the update-mode Link token made with `transfer.authorization_id` for it rather than the access token.
     */
    loginRequiredAuthorizationId: text("login_required_authorization_id"),
  },
  (t) => [
    index("bank_items_user_id_idx").on(t.userId),
    check(
      "bank_items_login_required_reason",
      sql`(${t.loginRequiredAt} is null and ${t.loginRequiredReason} is null) or (${t.loginRequiredAt} is not null and ${t.loginRequiredReason} is not null and ${t.loginRequiredReason} in ('ITEM_LOGIN_REQUIRED', 'PENDING_EXPIRATION', 'USER_ACTION_REQUIRED'))`,
    ),
  ],
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
    /**
     * Set when a debit came back with a NACHA return code saying the account cannot be used at all (R02 closed, R03
     * no account, R04 invalid number…): nothing is debited from or paid into it again; the member links another.
     */
    unusableAt: timestamp("unusable_at", { withTimezone: true }),
    unusableCode: varchar("unusable_code", { length: 3 }),
    /**
     * Set when a debit came back with a return code saying the member's authorisation is gone (R05, R07, R08, R10,
     * R29): the account is never debited again until the member authorises debits anew in our form
     * (debit_authorizations), which clears both.
     */
    debitAuthorizationRevokedAt: timestamp("debit_authorization_revoked_at", { withTimezone: true }),
    debitAuthorizationRevokedCode: varchar("debit_authorization_revoked_code", { length: 3 }),
  },
  (t) => [
    uniqueIndex("bank_accounts_item_provider_account_key").on(t.itemId, t.providerAccountId),
    index("bank_accounts_user_id_idx").on(t.userId),
    check(
      "bank_accounts_unusable_code",
      sql`(${t.unusableAt} is null and ${t.unusableCode} is null) or (${t.unusableAt} is not null and ${t.unusableCode} is not null and ${t.unusableCode} ~ '^R[0-9]{2}$')`,
    ),
    check(
      "bank_accounts_debit_authorization_revoked_code",
      sql`(${t.debitAuthorizationRevokedAt} is null and ${t.debitAuthorizationRevokedCode} is null) or (${t.debitAuthorizationRevokedAt} is not null and ${t.debitAuthorizationRevokedCode} is not null and ${t.debitAuthorizationRevokedCode} ~ '^R[0-9]{2}$')`,
    ),
  ],
);

export type DebitAuthorizationSource = "reauthorization";

/**
 * A member's authorisation of debits from one bank account, given in our web form (NACHA's WEB entry class): what they
 * were shown, when, from where. Append-only: the record of consent is kept (NACHA asks for two years) even after the
 * account is unlinked, so the account is referenced loosely and its name and mask are copied in.
 */
export const debitAuthorizations = pgTable(
  "debit_authorizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bankAccountId: uuid("bank_account_id").references(() => bankAccounts.id, { onDelete: "set null" }),
    source: varchar("source", { length: 24 }).$type<DebitAuthorizationSource>().notNull(),
    institutionName: text("institution_name"),
    accountName: text("account_name").notNull(),
    accountMask: text("account_mask"),
    /** The exact words the member agreed to. */
    wording: text("wording").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("debit_authorizations_user_idx").on(t.userId, t.givenAt), index("debit_authorizations_account_idx").on(t.bankAccountId)],
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

export type GroupStatus = "forming" | "active" | "completed";
export type GroupFrequency = "daily" | "weekly" | "biweekly" | "monthly";
export type GroupPayoutOrder = "fixed" | "random";

/**
 * A rotating savings group (SPEC.md section 3). Money is integer cents. Dates that members see (due days, payout days)
 * are calendar days in the group's time zone, stored as `date`.
 *
 * Random draws are verifiable (ADR 006): draw_commitment (SHA-256 of the seed) is public from creation; the seed
 * itself is stored encrypted and copied to draw_seed, in the clear, only when the group starts.
 */
export const groups = pgTable(
  "groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    memberCount: integer("member_count").notNull(),
    contributionCents: bigint("contribution_cents", { mode: "number" }).notNull(),
    frequency: varchar("frequency", { length: 16 }).$type<GroupFrequency>().notNull(),
    dayOfWeek: integer("day_of_week"),
    dayOfMonth: integer("day_of_month"),
    timeZone: text("time_zone").notNull().default("America/New_York"),
    payoutOrder: varchar("payout_order", { length: 16 }).$type<GroupPayoutOrder>().notNull(),
    status: varchar("status", { length: 16 }).$type<GroupStatus>().notNull().default("forming"),
    /** The earliest day the first contribution may fall on (the create payload's startDate); null for "as soon as full". */
    startOn: date("start_on"),
    /** The open invite link's code: /groups/join/{invite_code}. 128 random bits, base64url. */
    inviteCode: text("invite_code").notNull().unique(),
    drawCommitment: text("draw_commitment"),
    drawSeedEncrypted: text("draw_seed_encrypted"),
    /** Revealed at the start (random order only), so any member can recompute the order. */
    drawSeed: text("draw_seed"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    firstDueOn: date("first_due_on"),
    lastDueOn: date("last_due_on"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The sandbox clock (ADR 008): the group's time is real time plus this many seconds. Only ever grows. */
    clockOffsetSeconds: bigint("clock_offset_seconds", { mode: "number" }).notNull().default(0),
    /** The group-clock day up to which due work has been processed (reminders, debits, payouts). */
    processedThrough: date("processed_through"),
    /** When a worker last finished processing it (workers of one scheduler tick skip what another just did). */
    lastProcessedAt: timestamp("last_processed_at", { withTimezone: true }),
    /**
     * News from the bank (ADR 008): bumped in the same transaction as any status change the bank's event stream brings
     * for this group's transfers, whoever applies it. `bankChangesSeen` is what the group's last day run had seen when
     * it read the stream; while it is behind, the group is due again (a payout may have become due after its run).
     */
    bankChanges: bigint("bank_changes", { mode: "number" }).notNull().default(0),
    bankChangesSeen: bigint("bank_changes_seen", { mode: "number" }).notNull().default(0),
    /**
     * Money processing health (ADR 008): consecutive failed runs of this group's money work, the last error, and when
     * it was parked (after MAX_PROCESSING_FAILURES failures in a row it is no longer retried automatically; an admin
     * resumes it from the money-health panel).
     */
    moneyFailures: integer("money_failures").notNull().default(0),
    moneyLastError: text("money_last_error"),
    moneyLastFailedAt: timestamp("money_last_failed_at", { withTimezone: true }),
    moneyParkedAt: timestamp("money_parked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("groups_member_count_range", sql`${t.memberCount} between 3 and 12`),
    check("groups_contribution_range", sql`${t.contributionCents} between 1000 and 100000 and ${t.contributionCents} % 100 = 0`),
    check("groups_day_of_week_range", sql`${t.dayOfWeek} is null or ${t.dayOfWeek} between 0 and 6`),
    check("groups_day_of_month_range", sql`${t.dayOfMonth} is null or ${t.dayOfMonth} between 1 and 31`),
    index("groups_created_by_idx").on(t.createdBy),
  ],
);

/**
 * A member of a group. join_order is 1 for the creator and counts up as people join (never reused). payout_position
 * is the member's turn: for a fixed order it starts as join_order and the admin may reorder before the start; for a
 * random draw it is null until the start. Uniqueness of positions is kept under the group's row lock (a swap would
 * trip a non-deferrable unique index).
 */
export const groupMembers = pgTable(
  "group_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    joinOrder: integer("join_order").notNull(),
    payoutPosition: integer("payout_position"),
    isAdmin: boolean("is_admin").notNull().default(false),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("group_members_group_user_key").on(t.groupId, t.userId),
    uniqueIndex("group_members_group_join_order_key").on(t.groupId, t.joinOrder),
    index("group_members_user_id_idx").on(t.userId),
  ],
);

/** An email-bound invitation. Its code is single-use: accepted or declined once. */
export const groupInvitations = pgTable(
  "group_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    code: text("code").notNull().unique(),
    status: varchar("status", { length: 16 }).$type<GroupInvitationStatus>().notNull().default("pending"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    respondedBy: uuid("responded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /** A pending invitation stops working at this instant (INVITATION_TTL_DAYS after it was sent, app/domain/invitations.ts). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the group's admin withdrew the invitation (status "revoked"). */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("group_invitations_group_email_key").on(t.groupId, sql`lower(${t.email})`),
    // The invitations inbox looks invitations up by the signed-in user's address.
    index("group_invitations_email_idx").on(sql`lower(${t.email})`),
  ],
);

export type GroupInvitationStatus = "pending" | "accepted" | "declined" | "revoked";

/**
 * One row per period of an active group (its schedule): every member contributes on due_on and the recipient
 * receives contribution x members. Created when the group starts.
 */
export const groupPeriods = pgTable(
  "group_periods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    periodNumber: integer("period_number").notNull(),
    dueOn: date("due_on").notNull(),
    recipientMemberId: uuid("recipient_member_id")
      .notNull()
      .references(() => groupMembers.id, { onDelete: "restrict" }),
    payoutCents: bigint("payout_cents", { mode: "number" }).notNull(),
    status: varchar("status", { length: 16 }).$type<"pending" | "completed">().notNull().default("pending"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The group-clock day the payout settled. */
    completedOn: date("completed_on"),
  },
  (t) => [uniqueIndex("group_periods_group_period_key").on(t.groupId, t.periodNumber), index("group_periods_due_on_idx").on(t.dueOn)],
);

export type GroupEventType = "created" | "join" | "started" | "contribution" | "payout" | "completed";

/** What happened in a group, for activity feeds. Append-only. */
export const groupEvents = pgTable(
  "group_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    /** The member the event is about (who joined, contributed, or was paid). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    type: varchar("type", { length: 16 }).$type<GroupEventType>().notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }),
    periodNumber: integer("period_number"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("group_events_group_occurred_idx").on(t.groupId, t.occurredAt)],
);

/**
 * Idempotency keys for requests that create things (POST /api/groups/create and the wizard's final step). The key is
 * the client's; request_hash detects a key reused for a different request. Scoped per user.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    resourceId: uuid("resource_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);

// ---------------------------------------------------------------------------------------------------------------
// Money movement (ADR 008): bank transfers we ask the bank to make, and the double-entry ledger they post to.

export type LedgerAccountKind = "member_bank" | "group_pool" | "group_shortfall" | "payouts_in_transit" | "platform_fees";

/**
 * A ledger account. member_bank: money between a member's own bank account and us (negative = the member paid in
 * more than they received). group_pool: what a group holds. group_shortfall: what the platform fronted a group when a
 * settled contribution came back after its payout left. payouts_in_transit: payouts reserved or sent, not yet
 * settled. platform_fees: setup fees earned.
 *
 * balance_cents (credits minus debits) is maintained by the database itself: a trigger on ledger_transfers updates
 * both accounts of every posting in the posting's own transaction, under the accounts' row locks, and nothing else
 * may change it (migration 0010, ADR 008). The checks below are the ledger's invariants, enforced by PostgreSQL: a
 * posting that would take a pool below zero fails its transaction, whatever code asked for it.
 * last_effective_on is the latest effective day posted to the account; a group account's postings are never dated
 * before it, so date order is commit order on every pool.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: varchar("kind", { length: 24 }).$type<LedgerAccountKind>().notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "restrict" }),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "restrict" }),
    balanceCents: bigint("balance_cents", { mode: "number" }).notNull().default(0),
    lastEffectiveOn: date("last_effective_on"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_owner_key").on(
      t.kind,
      sql`coalesce(${t.userId}, '00000000-0000-0000-0000-000000000000')`,
      sql`coalesce(${t.groupId}, '00000000-0000-0000-0000-000000000000')`,
    ),
    check("ledger_accounts_pool_not_negative", sql`${t.kind} <> 'group_pool' or ${t.balanceCents} >= 0`),
    check("ledger_accounts_shortfall_not_positive", sql`${t.kind} <> 'group_shortfall' or ${t.balanceCents} <= 0`),
    check("ledger_accounts_in_transit_not_negative", sql`${t.kind} <> 'payouts_in_transit' or ${t.balanceCents} >= 0`),
    check("ledger_accounts_fees_not_negative", sql`${t.kind} <> 'platform_fees' or ${t.balanceCents} >= 0`),
  ],
);

/** The rules' own names (app/domain/money.ts), so the columns and the rules cannot drift apart. */
export type BankTransferKind = TransferKind;
export type BankTransferStatus = TransferStatus;

/**
 * A transfer we ask the bank to make. The row is written (status created) BEFORE the bank is called, under an
 * idempotency key that is deterministic per group, period, member, kind and attempt; the bank authorization uses the
 * same key, so a crash between the bank accepting and us recording can only ever lead back to the same transfer.
 */
export const bankTransfers = pgTable(
  "bank_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: varchar("kind", { length: 16 }).$type<BankTransferKind>().notNull(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "restrict" }),
    periodNumber: integer("period_number").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    attempt: integer("attempt").notNull().default(1),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    status: varchar("status", { length: 16 }).$type<BankTransferStatus>().notNull().default("created"),
    /** The group-clock day the transfer was started for (its due day for contributions). */
    initiatedOn: date("initiated_on").notNull(),
    /** The group-clock day of the last status change (retries are timed from a failure). */
    statusOn: date("status_on").notNull(),
    providerAuthorizationId: text("provider_authorization_id"),
    providerTransferId: text("provider_transfer_id").unique(),
    failureCode: text("failure_code"),
    failureDescription: text("failure_description"),
    /** The status members were last told about (claimed with a conditional update, so each outcome is told once). */
    notifiedStatus: varchar("notified_status", { length: 16 }).$type<BankTransferStatus>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("bank_transfers_amount_positive", sql`${t.amountCents} > 0`),
    uniqueIndex("bank_transfers_attempt_key").on(t.groupId, t.periodNumber, t.userId, t.kind, t.attempt),
    index("bank_transfers_status_idx").on(t.status),
  ],
);
export type TransferRow = typeof bankTransfers.$inferSelect;

/** An immutable posting: amount moves from the debit account to the credit account. Corrections are new rows. */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    debitAccountId: uuid("debit_account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    creditAccountId: uuid("credit_account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    reason: varchar("reason", { length: 32 }).$type<LedgerReason>().notNull(),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "restrict" }),
    periodNumber: integer("period_number"),
    bankTransferId: uuid("bank_transfer_id").references(() => bankTransfers.id, { onDelete: "restrict" }),
    reversesId: uuid("reverses_id"),
    /** The group-clock day it took effect (statements and replays compare by this, not by wall time). */
    effectiveOn: date("effective_on").notNull(),
    /**
     * Commit order per account: assigned by the posting trigger while it holds both accounts' row locks, so on any
     * one account a later seq was committed later. Running balances are read in (effective_on, seq) order.
     */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_transfers_amount_positive", sql`${t.amountCents} > 0`),
    check("ledger_transfers_distinct_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index("ledger_transfers_group_idx").on(t.groupId, t.effectiveOn),
    index("ledger_transfers_debit_idx").on(t.debitAccountId),
    index("ledger_transfers_credit_idx").on(t.creditAccountId),
    index("ledger_transfers_bank_transfer_idx").on(t.bankTransferId),
  ],
);

/** Payment reminders sent: one per group, period and member, whatever retries or workers do. */
export const groupReminders = pgTable(
  "group_reminders",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    periodNumber: integer("period_number").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.periodNumber, t.userId] })],
);

export type MoneyIncidentKind = "payout_refused" | "processing_failed" | "group_parked";

/**
 * What the money engine refused or failed to do, for operators (the admin console's money-health panel, ADR 008): a
 * payout the invariant guard refused (with the pool and the amount), a failed run of a group's money work, a group
 * parked after too many failures in a row. One open row per (group, period, kind): a repeat counts occurrences and
 * keeps the latest detail. resolved_at is set when an admin resumes the group.
 */
export const moneyIncidents = pgTable(
  "money_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    /** 0 when the incident is about the group as a whole. */
    periodNumber: integer("period_number").notNull().default(0),
    kind: varchar("kind", { length: 24 }).$type<MoneyIncidentKind>().notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
    occurrences: integer("occurrences").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("money_incidents_open_key").on(t.groupId, t.periodNumber, t.kind).where(sql`${t.resolvedAt} is null`),
    index("money_incidents_last_seen_idx").on(t.lastSeenAt),
  ],
);

/** Where the bank's transfer event stream was read up to (/transfer/event/sync after_id). One row. */
export const bankEventCursor = pgTable("bank_event_cursor", {
  id: integer("id").primaryKey().default(1),
  afterId: bigint("after_id", { mode: "number" }).notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------------
// Email (ADR 010): every email is a row here first, written in the transaction of whatever caused it.

export type EmailOutboxStatus = "queued" | "sending" | "sent" | "failed";

/**
 * The email outbox. A row is written (status "queued") in the same transaction as the event that causes the email, so
 * a committed event always has its email and a rolled-back one never does. Delivery (app/server/email/outbox.server.ts)
 * claims a row by moving it to "sending" with a lease, hands it to Postmark, and records "sent", or "queued" again with
 * next_attempt_at pushed out by the backoff, or "failed" after the last attempt (or a refusal no retry can fix).
 * A "sending" row whose lease ran out (its process died mid-send) is claimed again.
 *
 * payload_encrypted is the template data, encrypted (crypto.server.ts): confirmation and reset emails carry single-use
 * links. It is erased once the email is sent; a failed row keeps it so an admin can send it again.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    template: varchar("template", { length: 64 }).notNull(),
    payloadEncrypted: text("payload_encrypted"),
    /** The user the email is to or about, when there is one (for the admin view; never used to address the email). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: varchar("status", { length: 16 }).$type<EmailOutboxStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    check("email_outbox_status", sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    // What the delivery job scans: rows waiting for an attempt, or stuck mid-send.
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    index("email_outbox_failed_idx").on(t.failedAt).where(sql`${t.status} = 'failed'`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Notifications that preferences govern (issue 18): devices seen at sign-in, daily reminders and weekly summaries sent.

/**
 * Browsers a user has signed in from: a random id in a long-lived cookie (rosca_device), stored here only as its
 * SHA-256. A sign-in from a browser not listed is a new-device sign-in (an urgent account notification).
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    userAgent: text("user_agent"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * Daily reminders sent (the "Daily reminders" preference): one per group, period, member and group-clock day, claimed
 * by inserting the row first, so re-runs and concurrent workers send it once.
 */
export const dailyReminders = pgTable(
  "daily_reminders",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    periodNumber: integer("period_number").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The group-clock day it is for. */
    day: date("day").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.periodNumber, t.userId, t.day] })],
);

/** Weekly summary emails sent: one per user and week (the Monday it starts on, in the product's zone), claimed first. */
export const weeklySummaries = pgTable(
  "weekly_summaries",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekOf: date("week_of").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekOf] })],
);
