/** Money movement (ADR 008): bank transfers we ask the bank to make, and the double-entry ledger they post to. */
import { sql } from "drizzle-orm";
import type { LedgerReason, TransferKind, TransferStatus } from "../../../domain/money";
import {
  bigint,
  bigserial,
  boolean,
  check,
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
import { users } from "./accounts";
import { groups } from "./groups";

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
    /**
     * After a failure: the group-clock day the next attempt is due (`retryDay`: the day after the member's payday after
     * a failure for want of money, else RETRY_AFTER_DAYS after the failure). Null before migration 0018 and while the
     * transfer has not failed: status_on + RETRY_AFTER_DAYS then.
     */
    retryOn: date("retry_on"),
    /**
     * A debit's money is expected in the platform's Plaid Ledger on this group-clock day: Plaid's
     * `expected_funds_available_date`, read from /transfer/create (or /transfer/get) and moved onto the group's clock in
     * the sandbox (funds-available.ts, migration 0029). Null for payouts, where Plaid gives none, and for rows from
     * before: the calendar estimate (`sandboxAvailableOn`) then.
     */
    expectedFundsAvailableOn: date("expected_funds_available_on"),
    providerAuthorizationId: text("provider_authorization_id"),
    providerTransferId: text("provider_transfer_id").unique(),
    failureCode: text("failure_code"),
    failureDescription: text("failure_description"),
    /** The status members were last told about (claimed with a conditional update, so each outcome is told once). */
    notifiedStatus: varchar("notified_status", { length: 16 }).$type<BankTransferStatus>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The authorization round (ADR 030): 0 at first; one more each time an authorization died unused (Plaid's expire
     * after an hour) or the key may have expired at the bank (after 48 hours) and the bank was reconciled first.
     */
    bankKeyRound: integer("bank_key_round").notNull().default(0),
    /**
     * The key Plaid sees (its `idempotency_key`, at most 50 characters): `bankIdempotencyKey(idempotency_key,
     * bank_key_round)`, 48 hex characters of SHA-256, written by a trigger on every insert and round change (migration
     * 0017), so that no code path can send another. Our logical key travels in the transfer's metadata.
     */
    bankIdempotencyKey: varchar("bank_idempotency_key", { length: 50 }),
    /** When the current round began (null: round 0, which began with the row). A key is never sent 47 hours after. */
    bankKeyRotatedAt: timestamp("bank_key_rotated_at", { withTimezone: true }),
    /** Written just before a row is sent to the bank again (a retry of an unanswered or unrecorded attempt). */
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /**
     * Set while the row waits for its member (no usable account: a login to renew, debits not authorised, an unusable
     * account): it is not sent, and the scheduler does not count it as money in flight until the member acts.
     */
    waitingForMemberAt: timestamp("waiting_for_member_at", { withTimezone: true }),
    /**
     * The member's account it was sent from or to: ours and the bank's id. No foreign key: an unlinked account's row
     * is deleted while its transfers stay, and the check's KEY SHARE lock would wait on the account's health updates
     * (FOR UPDATE) in the middle of recording a batch.
     */
    bankAccountId: uuid("bank_account_id"),
    providerAccountId: text("provider_account_id"),
    /**
     * Made by the member from the app (Pay now, issue 44, ADR 052) rather than by the schedule: the next attempt of its
     * chain, under the same key scheme; a new web authorisation, so never presented as "Retry N" of a returned debit.
     */
    payNow: boolean("pay_now").notNull().default(false),
  },
  (t) => [
    check("bank_transfers_amount_positive", sql`${t.amountCents} > 0`),
    uniqueIndex("bank_transfers_attempt_key").on(t.groupId, t.periodNumber, t.userId, t.kind, t.attempt),
    uniqueIndex("bank_transfers_bank_idempotency_key").on(t.bankIdempotencyKey),
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

export type LateNudgeKind = "reminder" | "pay_now_request";

/**
 * What a group admin sent a member whose contribution is late (issue 44): a reminder or a request to pay now.
 * Rate-limited from these rows (one per member and period a day, money/late-contributions.server.ts).
 */
export const lateContributionNudges = pgTable(
  "late_contribution_nudges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    periodNumber: integer("period_number").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sentBy: uuid("sent_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 16 }).$type<LateNudgeKind>().notNull(),
    /** When it was sent on the group's clock (real time plus the group's sandbox clock offset then): one a group day. */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("late_contribution_nudges_member_idx").on(t.groupId, t.periodNumber, t.userId, t.sentAt)],
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
  /**
   * When a read last reached the end of the stream (the time its request was sent): every transfer the bank had made
   * by then is known to us, or was resolved from its metadata (bank_foreign_transfers). A key that may have expired is
   * only replaced once this is later than its row's last attempt (transfers.server.ts, ADR 030).
   */
  readToEndAt: timestamp("read_to_end_at", { withTimezone: true }),
});

/**
 * Transfers at the bank that the event stream named and none of our rows did, looked up once (/transfer/get) and
 * found not to be ours by their metadata (a transfer made by hand in Plaid's dashboard, say): their events are
 * skipped without asking again. A transfer that is ours is recorded on its row instead.
 */
export const bankForeignTransfers = pgTable("bank_foreign_transfers", {
  providerTransferId: text("provider_transfer_id").primaryKey(),
  /** What we found: `foreign` (no rosca key), or `duplicate` (a second transfer for a key that already has one). */
  kind: varchar("kind", { length: 16 }).$type<"foreign" | "duplicate">().notNull(),
  rosca: text("rosca"),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A recipient's consent to be paid what arrived for their turn (ADR 053, step 4): given once per group and period,
 * from UNPAID_TURN_DAYS after the due day, while the payout has not gone out and a contribution is still missing.
 * `arrived_cents` is what the partial payout pays (the contributions that had reached the pool), `owed_cents` what
 * the missing members owe the recipient (`turn_debts`). The payout guard (migration 0030) reads it: a consented
 * period's payouts together never exceed what has arrived for it.
 */
export const turnConsents = pgTable(
  "turn_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    periodNumber: integer("period_number").notNull(),
    recipientUserId: uuid("recipient_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    arrivedCents: bigint("arrived_cents", { mode: "number" }).notNull(),
    owedCents: bigint("owed_cents", { mode: "number" }).notNull(),
    /** The group-clock day it was given. */
    consentedOn: date("consented_on", { mode: "string" }).notNull(),
    /** The partial payout made for it (the latest attempt if one failed); null until the engine makes it. */
    payoutTransferId: uuid("payout_transfer_id").references(() => bankTransfers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("turn_consents_period_idx").on(t.groupId, t.periodNumber),
    uniqueIndex("turn_consents_payout_idx").on(t.payoutTransferId),
    check("turn_consents_arrived_positive", sql`${t.arrivedCents} > 0`),
    check("turn_consents_owed_positive", sql`${t.owedCents} > 0`),
  ],
);

export type TurnDebtStatus = "owed" | "collected";

/**
 * What member M owes recipient R for period k after R consented to be paid what arrived: one row per missing member
 * (unique), owed → collected. It is collected when M's contribution for k has arrived and the rest of the payout
 * (`rest_transfer_id`, a payout transfer of its own key) was made from it, in the same transaction, so it is paid on
 * once and never lost: owed rows keep the group active until they are collected.
 */
export const turnDebts = pgTable(
  "turn_debts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    consentId: uuid("consent_id")
      .notNull()
      .references(() => turnConsents.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    periodNumber: integer("period_number").notNull(),
    debtorUserId: uuid("debtor_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientUserId: uuid("recipient_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    status: varchar("status", { length: 16 }).$type<TurnDebtStatus>().notNull().default("owed"),
    /** The rest of the payout, made from the debtor's contribution when it arrived (the latest attempt if one failed). */
    restTransferId: uuid("rest_transfer_id").references(() => bankTransfers.id),
    collectedOn: date("collected_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("turn_debts_member_idx").on(t.groupId, t.periodNumber, t.debtorUserId),
    uniqueIndex("turn_debts_rest_idx").on(t.restTransferId),
    index("turn_debts_owed_idx").on(t.groupId, t.status),
    check("turn_debts_amount_positive", sql`${t.amountCents} > 0`),
    check("turn_debts_not_self", sql`${t.debtorUserId} <> ${t.recipientUserId}`),
    check("turn_debts_status", sql`${t.status} in ('owed', 'collected')`),
    check(
      "turn_debts_collected_has_rest",
      sql`(${t.status} = 'owed' and ${t.restTransferId} is null and ${t.collectedOn} is null) or (${t.status} = 'collected' and ${t.restTransferId} is not null and ${t.collectedOn} is not null)`,
    ),
  ],
);
