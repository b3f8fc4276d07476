import { bigserial, boolean, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The mail double keeps its own schema, apart from the app's tables. */
export const sandboxPostmark = pgSchema("sandbox_postmark");

/** Every message accepted by the double, as rendered (templates are rendered before storing). */
export const sandboxMessages = sandboxPostmark.table("messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  fromAddress: text("from_address").notNull(),
  toAddress: text("to_address").notNull(),
  cc: text("cc"),
  bcc: text("bcc"),
  replyTo: text("reply_to"),
  subject: text("subject").notNull(),
  htmlBody: text("html_body"),
  textBody: text("text_body"),
  tag: text("tag"),
  messageStream: text("message_stream").notNull().default("outbound"),
  templateAlias: text("template_alias"),
  templateModel: jsonb("template_model"),
  metadata: jsonb("metadata"),
  submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SandboxMessage = typeof sandboxMessages.$inferSelect;

/**
 * Bounces the double generated (mail to Postmark's black hole domain, bounce-testing.postmarkapp.com). The id is
 * Postmark's bounce ID, the ID of the Bounce webhook.
 */
export const sandboxBounces = sandboxPostmark.table("bounces", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  recordType: text("record_type").notNull(),
  messageId: uuid("message_id").notNull(),
  type: text("type").notNull(),
  typeCode: integer("type_code").notNull(),
  email: text("email").notNull(),
  inactive: boolean("inactive").notNull(),
  messageStream: text("message_stream").notNull(),
  bouncedAt: timestamp("bounced_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The message stream's suppression list, as Postmark keeps it: an address here is an inactive recipient, and a send to
 * it answers 422 with ErrorCode 406. Filled by hard bounces and spam complaints, and by the Suppressions API
 * (ManualSuppression); emptied by its delete endpoint.
 */
export const sandboxSuppressions = sandboxPostmark.table(
  "suppressions",
  {
    messageStream: text("message_stream").notNull(),
    /** Lower-cased. */
    email: text("email").notNull(),
    /** HardBounce, SpamComplaint or ManualSuppression. */
    reason: text("reason").notNull(),
    /** Recipient (a bounce or complaint), Customer (the Suppressions API) or Admin. */
    origin: text("origin").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageStream, t.email] })],
);
