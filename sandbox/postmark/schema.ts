import { jsonb, pgSchema, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
