/** Groups: the group, its members, invitations, periods and events, and the idempotency keys of the requests that create them. */
import { sql } from "drizzle-orm";
import { bigint, check, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { timestamps } from "./columns";

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
    /**
     * A turn swap two members agreed on also needs the admin's approval (ADR 041; the wizard's choice, on by default).
     * Added by migration 0021.
     */
    swapsNeedApproval: boolean("swaps_need_approval").notNull().default(true),
    status: varchar("status", { length: 16 }).$type<GroupStatus>().notNull().default("forming"),
    /** The earliest day the first contribution may fall on (the create payload's startDate); null for "as soon as full". */
    startOn: date("start_on"),
    /** The open invite link's code: /groups/join/{invite_code}. 128 random bits, base64url. */
    inviteCode: text("invite_code").notNull().unique(),
    /**
     * When the group's admin last replaced the open invite link (ADR 038); null: the link the group was created with.
     * Someone removed from the group, or whose invitation was revoked, since then cannot join through it.
     */
    inviteCodeRotatedAt: timestamp("invite_code_rotated_at", { withTimezone: true }),
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
 * random draw it is null until the start; a turn swap (ADR 041) exchanges two. Positions are unique per group by a
 * constraint drizzle does not model, DEFERRABLE INITIALLY DEFERRED (migration 0021: checked at commit, so a swap or a
 * reorder may pass through a moment with two members on one turn within its transaction).
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
    /**
     * The account this member's contributions to this group are taken from, chosen by the member (issue 44); null: their
     * default (users.default_debit_bank_account_id), else the first usable account (funding.server.ts). No foreign key,
     * as bank_transfers.bank_account_id: an unlinked account's row goes, and the choice then falls back.
     */
    debitBankAccountId: uuid("debit_bank_account_id"),
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
 * receives contribution x members. Created when the group starts. Each member is the recipient of exactly one period:
 * unique (group_id, recipient_member_id), DEFERRABLE INITIALLY DEFERRED (migration 0021), so a turn swap exchanges two
 * recipients in one transaction.
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

export type GroupEventType =
  | "created"
  | "join"
  | "started"
  | "contribution"
  | "payout"
  | "completed"
  | "removed"
  | "left"
  | "link_rotated"
  // The admin invited a removed or departed member again by name (ADR 050): user_id is that member.
  | "invited_again"
  // Turn swaps (ADR 041): user_id is who acted, related_user_id the other member of the swap.
  | "swap_proposed"
  | "swap_accepted"
  | "swap_declined"
  | "swap_refused"
  | "swap_withdrawn"
  | "swap_cancelled"
  | "swapped";

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
    /** Another member the event is about (a turn swap's other member); added by migration 0021. */
    relatedUserId: uuid("related_user_id").references(() => users.id, { onDelete: "set null" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The group-clock day the event happened on, when the group's sandbox clock had been moved or the day was replayed
     * to catch up with a sandbox bank (sandboxDayOf, ADR 040): feeds show this day rather than the wall-clock time.
     * Null: the event happened at occurred_at's own time (every group in production; events from before migration
     * 0022).
     */
    occurredOn: date("occurred_on"),
  },
  (t) => [index("group_events_group_occurred_idx").on(t.groupId, t.occurredAt)],
);

export type TurnSwapStatus =
  /** Waiting for the other member. */
  | "proposed"
  /** The other member accepted; waiting for the group's admin. */
  | "accepted"
  /** Done: the payout order changed. */
  | "swapped"
  | "declined"
  | "refused"
  | "withdrawn"
  /** One of the turns went into payment before the swap was done. */
  | "cancelled";

/**
 * A turn swap between two members of an active group (ADR 041): proposed by one, accepted or declined by the other,
 * approved or refused by the admin when the group asks for it (needs_approval, fixed when proposed). The periods are
 * the two turns as they were when proposed. Kept for good: the verifiable draw's record lists the swaps done.
 */
export const turnSwaps = pgTable(
  "turn_swaps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    proposerMemberId: uuid("proposer_member_id")
      .notNull()
      .references(() => groupMembers.id, { onDelete: "cascade" }),
    counterpartMemberId: uuid("counterpart_member_id")
      .notNull()
      .references(() => groupMembers.id, { onDelete: "cascade" }),
    proposerPeriod: integer("proposer_period").notNull(),
    counterpartPeriod: integer("counterpart_period").notNull(),
    status: varchar("status", { length: 16 }).$type<TurnSwapStatus>().notNull().default("proposed"),
    needsApproval: boolean("needs_approval").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** When the payout order changed (status swapped). */
    swappedAt: timestamp("swapped_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    check("turn_swaps_two_members", sql`${t.proposerMemberId} <> ${t.counterpartMemberId}`),
    check("turn_swaps_two_turns", sql`${t.proposerPeriod} <> ${t.counterpartPeriod}`),
    index("turn_swaps_group_idx").on(t.groupId, t.createdAt),
  ],
);

export type TurnSwapRow = typeof turnSwaps.$inferSelect;

/**
 * The turns an open swap (proposed or accepted) holds, one row per turn: the primary key lets no turn be in two open
 * swaps at once, whatever two requests do at the same moment (ADR 041). Deleted when the swap closes.
 */
export const turnSwapHolds = pgTable(
  "turn_swap_holds",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    periodNumber: integer("period_number").notNull(),
    swapId: uuid("swap_id")
      .notNull()
      .references(() => turnSwaps.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.periodNumber] }), index("turn_swap_holds_swap_idx").on(t.swapId)],
);

/** Why someone is no longer in a forming group: the admin removed them, or they left (issue 34). */
export type GroupRemovalKind = "removed" | "left";

/**
 * A member the group's admin removed before the start, with the reason they were shown (ADR 038), or who left the
 * group themselves before the start (kind "left", removed_by their own id, ADR 041). Append-only: it is what keeps them
 * from rejoining through a link they had (lookupInvitation), and the record of why.
 */
export const groupRemovals = pgTable(
  "group_removals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    removedBy: uuid("removed_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** Added by migration 0021 (default "removed": every row before it was a removal). */
    kind: varchar("kind", { length: 8 }).$type<GroupRemovalKind>().notNull().default("removed"),
    removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the group's admin invited them again by name ("Invite again", ADR 050): from then on their links work for
     * them again. Null: refused by every link, old or new (the join checks it, and a trigger on group_members refuses
     * the row). Added by migration 0024.
     */
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftedBy: uuid("lifted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("group_removals_group_user_idx").on(t.groupId, t.userId),
    // A person's own rows, whatever the group: the invitations inbox lists the groups whose admin invited them again
    // (inboxJson, on /invitations and the dashboard; migration 0032).
    index("group_removals_user_idx").on(t.userId),
  ],
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
