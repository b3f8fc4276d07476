/** Email (ADR 010): every email is a row here first, written in the transaction of whatever caused it. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import type { UndeliverableReason } from "../../../domain/email-delivery";
import { users } from "./accounts";

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
    /**
     * The language of the request that caused the email ("en-US" or "es-US"; ADR 056), for a recipient with no language
     * on an account: the outbox renders in the recipient's account's language when it sends, else this, else English.
     */
    locale: varchar("locale", { length: 8 }),
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
    check("email_outbox_locale", sql`${t.locale} is null or ${t.locale} in ('en-US', 'es-US')`),
    // What the delivery job scans: rows waiting for an attempt, or stuck mid-send.
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    index("email_outbox_failed_idx").on(t.failedAt).where(sql`${t.status} = 'failed'`),
  ],
);

/**
 * The outbox paused (ADR 010, issue 31): the mail service refused the account itself (a wrong server token, the From
 * address not a confirmed sender signature, an account pending approval). One row while paused, none while sending.
 * Nothing is given up or counted while it lasts: every email waits as it is, and one probe at a time (a real queued
 * email) is tried when next_probe_at comes, or at once on an admin's "Try again"; the first that is accepted deletes the
 * row and sending resumes.
 */
export const emailOutboxPause = pgTable(
  "email_outbox_pause",
  {
    /** Always 1: there is one outbox. */
    id: smallint("id").primaryKey().default(1),
    pausedAt: timestamp("paused_at", { withTimezone: true }).notNull(),
    /** For people: "the Postmark account is pending approval" (app/domain/email-delivery.ts pauseReason). */
    reason: text("reason").notNull(),
    /** Postmark's own message, and its codes, from the refusal that paused (or last kept paused) the outbox. */
    detail: text("detail"),
    errorCode: integer("error_code"),
    httpStatus: integer("http_status"),
    /** Probes refused since the pause (the wait between probes doubles with each). */
    probes: integer("probes").notNull().default(0),
    nextProbeAt: timestamp("next_probe_at", { withTimezone: true }).notNull(),
    lastProbeAt: timestamp("last_probe_at", { withTimezone: true }),
  },
  (t) => [check("email_outbox_pause_one_row", sql`${t.id} = 1`)],
);

/**
 * Addresses the mail service will not deliver to (issue 31): marked when Postmark refuses a recipient (ErrorCode 406
 * inactive, or 300 naming the address) or a bounce or spam-complaint webhook says it deactivated the address. Keyed by
 * the address, lower-cased, so a member's banner follows their current address: changing it clears the mark for them,
 * while the old address stays marked for whoever else writes to it (an invitation, say).
 */
export const undeliverableAddresses = pgTable(
  "undeliverable_addresses",
  {
    address: text("address").primaryKey(),
    reason: varchar("reason", { length: 32 }).$type<UndeliverableReason>().notNull(),
    /** What the mail service said (Postmark's message, or the bounce's description). */
    detail: text("detail"),
    source: varchar("source", { length: 16 }).$type<"send" | "webhook">().notNull(),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("undeliverable_addresses_lower", sql`${t.address} = lower(${t.address})`),
    check("undeliverable_addresses_reason", sql`${t.reason} in ('inactive', 'invalid', 'bounced', 'spam-complaint')`),
    check("undeliverable_addresses_source", sql`${t.source} in ('send', 'webhook')`),
  ],
);

/**
 * Postmark's bounce and spam-complaint webhooks as received (app/routes/webhooks.postmark.ts), one row per Postmark
 * record: the unique (record_type, postmark_id) makes a webhook delivered twice (Postmark retries until it gets a 200)
 * count once. `marked` says whether this record is the one that marked its address undeliverable.
 */
export const emailDeliveryEvents = pgTable(
  "email_delivery_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recordType: varchar("record_type", { length: 32 }).$type<"Bounce" | "SpamComplaint">().notNull(),
    /**
     * Postmark's bounce ID (the ID field), as the decimal digits it sent: Postmark's IDs are 64-bit, beyond what a
     * JavaScript number holds exactly (the route reads them from the raw body).
     */
    postmarkId: varchar("postmark_id", { length: 20 }).notNull(),
    /** Postmark's MessageID: the email_outbox row's provider_message_id. */
    messageId: text("message_id").notNull(),
    address: text("address").notNull(),
    type: varchar("type", { length: 64 }).notNull(),
    typeCode: integer("type_code").notNull(),
    inactive: boolean("inactive").notNull(),
    marked: boolean("marked").notNull().default(false),
    occurredAt: timestamp("occurred_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_delivery_events_record_key").on(t.recordType, t.postmarkId),
    index("email_delivery_events_message_idx").on(t.messageId),
    check("email_delivery_events_postmark_id", sql`${t.postmarkId} ~ '^[0-9]{1,20}$'`),
  ],
);
