/**
 * The mail double's message store (table sandbox_postmark.messages), for the double itself, the app's dev mailbox
 * and tests.
 *
 * Every function takes a `source`: either a Drizzle node-postgres database (the app passes its `db()`, the double
 * its own) or a database URL, for which a short-lived connection is opened and closed around the call (handy in
 * tests that only know the URL).
 */
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { sandboxBounces, sandboxMessages, sandboxSuppressions, type SandboxMessage } from "./schema";

/** Any node-postgres Drizzle database, whatever schema it was created with. */
export type MailStoreDb = NodePgDatabase<Record<string, unknown>>;
export type MailStoreSource = MailStoreDb | string;

export type { SandboxMessage };
export type NewSandboxMessage = typeof sandboxMessages.$inferInsert;

async function withDb<T>(source: MailStoreSource, run: (db: MailStoreDb) => Promise<T>): Promise<T> {
  if (typeof source !== "string") return run(source);
  const client = new pg.Client({ connectionString: source });
  await client.connect();
  try {
    return await run(drizzle(client));
  } finally {
    await client.end();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be a message id (a UUID). Anything else is simply not found, never a database error. */
export function isMessageId(value: string): boolean {
  return UUID.test(value);
}

/**
 * Does any recipient (To, Cc or Bcc) have exactly this address, case-insensitively? Recipient fields are stored as
 * sent: comma-separated, each either "address" or "Name <address>".
 */
function hasRecipient(address: string): SQL {
  const wanted = address.trim().toLowerCase();
  const recipients = sql`concat_ws(',', ${sandboxMessages.toAddress}, ${sandboxMessages.cc}, ${sandboxMessages.bcc})`;
  return sql`exists (
    select 1 from regexp_split_to_table(lower(${recipients}), ',') as r(part)
    where btrim(r.part) = ${wanted} or right(btrim(r.part), ${wanted.length + 2}) = ${`<${wanted}>`}
  )`;
}

export type ListMessagesOptions = {
  /** Only messages with this exact recipient address (To, Cc or Bcc; case-insensitive). */
  to?: string;
  /** Only messages to at least one of these addresses (the dev mailbox's scope); an empty list matches nothing. */
  anyOf?: string[];
  /** At most this many, newest first. Default 50, capped at 500. */
  limit?: number;
};

/** Messages newest first. */
export function listMessages(source: MailStoreSource, options: ListMessagesOptions = {}): Promise<SandboxMessage[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), 500);
  const to = options.to?.trim();
  if (options.anyOf && options.anyOf.length === 0) return Promise.resolve([]);
  const conditions = [to ? hasRecipient(to) : undefined, options.anyOf ? or(...options.anyOf.map(hasRecipient)) : undefined];
  return withDb(source, (db) =>
    db
      .select()
      .from(sandboxMessages)
      .where(and(...conditions))
      .orderBy(desc(sandboxMessages.submittedAt), desc(sandboxMessages.id))
      .limit(limit),
  );
}

/** The newest message to an address, or null: what a test reads after an action that sends email. */
export async function latestMessageTo(source: MailStoreSource, to: string): Promise<SandboxMessage | null> {
  const [message] = await listMessages(source, { to, limit: 1 });
  return message ?? null;
}

/** One message by id (the MessageID the double answered with), or null for an unknown or malformed id. */
export async function getMessage(source: MailStoreSource, id: string): Promise<SandboxMessage | null> {
  if (!isMessageId(id)) return null;
  const [message] = await withDb(source, (db) => db.select().from(sandboxMessages).where(eq(sandboxMessages.id, id)).limit(1));
  return message ?? null;
}

/** Store an accepted message; returns the stored row (its id is the MessageID). */
export async function saveMessage(source: MailStoreSource, message: NewSandboxMessage): Promise<SandboxMessage> {
  const [row] = await withDb(source, (db) => db.insert(sandboxMessages).values(message).returning());
  return row!;
}

/** Delete every stored message (a reset for demos and tests). Returns how many were deleted. */
export async function clearMessages(source: MailStoreSource): Promise<number> {
  const deleted = await withDb(source, (db) => db.delete(sandboxMessages).returning({ id: sandboxMessages.id }));
  return deleted.length;
}

// ---------------------------------------------------------------------------------------------------------------
// The suppression list and bounces (what makes a recipient inactive)

export type SuppressionReason = "HardBounce" | "SpamComplaint" | "ManualSuppression";
export type SuppressionOrigin = "Recipient" | "Customer" | "Admin";
export type SandboxSuppression = typeof sandboxSuppressions.$inferSelect;

/** Which of these addresses (lower-cased) are on the stream's suppression list. */
export async function suppressedAmong(source: MailStoreSource, messageStream: string, addresses: string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  const wanted = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const rows = await withDb(source, (db) =>
    db
      .select({ email: sandboxSuppressions.email })
      .from(sandboxSuppressions)
      .where(and(eq(sandboxSuppressions.messageStream, messageStream), inArray(sandboxSuppressions.email, wanted))),
  );
  const found = new Set(rows.map((row) => row.email));
  return wanted.filter((address) => found.has(address));
}

/** Put an address on the stream's suppression list (again: the first reason stays). */
export async function suppress(source: MailStoreSource, messageStream: string, email: string, reason: SuppressionReason, origin: SuppressionOrigin) {
  await withDb(source, (db) =>
    db.insert(sandboxSuppressions).values({ messageStream, email: email.toLowerCase(), reason, origin }).onConflictDoNothing(),
  );
}

/** Take an address off the list; whether it was on it. */
export async function unsuppress(source: MailStoreSource, messageStream: string, email: string): Promise<boolean> {
  const deleted = await withDb(source, (db) =>
    db
      .delete(sandboxSuppressions)
      .where(and(eq(sandboxSuppressions.messageStream, messageStream), eq(sandboxSuppressions.email, email.toLowerCase())))
      .returning({ email: sandboxSuppressions.email }),
  );
  return deleted.length > 0;
}

export function listSuppressions(source: MailStoreSource, messageStream: string): Promise<SandboxSuppression[]> {
  return withDb(source, (db) =>
    db.select().from(sandboxSuppressions).where(eq(sandboxSuppressions.messageStream, messageStream)).orderBy(desc(sandboxSuppressions.createdAt)),
  );
}

export type SandboxBounce = typeof sandboxBounces.$inferSelect;

/** Record a bounce (its id is the Bounce webhook's ID). */
export async function recordBounce(source: MailStoreSource, bounce: typeof sandboxBounces.$inferInsert): Promise<SandboxBounce> {
  const [row] = await withDb(source, (db) => db.insert(sandboxBounces).values(bounce).returning());
  return row!;
}
