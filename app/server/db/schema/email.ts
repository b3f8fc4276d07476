/** Email (ADR 010): every email is a row here first, written in the transaction of whatever caused it. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
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
