/**
 * Addresses the mail service will not deliver to (issue 31; ADR 010's amendment): marked when Postmark refuses a
 * recipient (the outbox) or deactivates one after a bounce or a spam complaint (the webhook). The mark belongs to the
 * address, not to a person: a member sees it as long as it is their address (the session's statement reads it beside
 * the user, app/server/auth/session.server.ts), and changing the address clears it for them.
 *
 * Marking is idempotent: the first mark of an address stays (its reason and time), a second one changes nothing and
 * tells nobody. The member whose address it is hears of it once, in the app (an email would not arrive), as an urgent
 * account notification (ADR 019 governs it; the banner shows whatever the preference).
 */
import { eq, sql } from "drizzle-orm";
import { normalizeEmail } from "~/domain/auth";
import { undeliverableNotice, type UndeliverableReason } from "~/domain/email-delivery";
import type { Db } from "../db/client.server";
import { db } from "../db/client.server";
import { undeliverableAddresses, users } from "../db/schema";
import { notify } from "../notifications/notifications.server";
import { getPreferences } from "../notifications/preferences.server";

type Executor = Pick<Db, "insert" | "select">;

export type UndeliverableMark = { address: string; reason: UndeliverableReason; markedAt: Date };

/**
 * Mark an address undeliverable in the caller's transaction, and tell the member who has it (in the app). Returns
 * whether this call marked it (false: it was marked already).
 */
export async function markUndeliverable(
  tx: Executor,
  input: { address: string; reason: UndeliverableReason; detail: string | null; source: "send" | "webhook"; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const address = normalizeEmail(input.address);
  const inserted = await tx
    .insert(undeliverableAddresses)
    .values({ address, reason: input.reason, detail: input.detail?.slice(0, 2000) ?? null, source: input.source, markedAt: now })
    .onConflictDoNothing()
    .returning({ address: undeliverableAddresses.address });
  if (inserted.length === 0) return false;
  const owners = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${address}`);
  // What queueUrgent does for an in-app-only notice, without its email path (which would import the outbox back).
  // A message (ADR 062): written in the owner's language when read; the words are undeliverableNotice's.
  const notice = {
    message: "undeliverable",
    values: { reason: input.reason, address },
    link: undeliverableNotice(address, input.reason).link,
  } as const;
  for (const owner of owners) {
    if ((await getPreferences(owner.id, tx)).pushUrgentAccount) await notify(owner.id, notice, tx);
  }
  return true;
}

/** The mark on an address, or null. */
export async function undeliverableMark(address: string): Promise<UndeliverableMark | null> {
  const [row] = await db()
    .select({ address: undeliverableAddresses.address, reason: undeliverableAddresses.reason, markedAt: undeliverableAddresses.markedAt })
    .from(undeliverableAddresses)
    .where(eq(undeliverableAddresses.address, normalizeEmail(address)))
    .limit(1);
  return row ?? null;
}
