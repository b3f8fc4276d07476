/**
 * Postmark's bounce and spam-complaint webhooks (issue 31; ADR 010's amendment), received at /webhooks/postmark.
 *
 * - Authentication: Postmark's webhook "HttpAuth", HTTP basic auth with credentials set on both sides
 *   (POSTMARK_WEBHOOK_USERNAME / POSTMARK_WEBHOOK_PASSWORD). Unset, the endpoint does not exist (404): nothing is
 *   accepted unauthenticated. Compared as SHA-256 digests in constant time.
 * - Idempotency: one row per Postmark record (email_delivery_events, unique on record type and Postmark's bounce ID).
 *   Postmark retries a webhook until it gets a 200, so the same record may arrive more than once: the first applies it,
 *   the others change nothing and count nothing.
 * - Effect: a record after which Postmark deactivated the address (Inactive: true, and every spam complaint) marks it
 *   undeliverable (undeliverable.server.ts), in the same transaction as the record; a soft bounce is recorded only.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { undeliverableFromWebhook, type PostmarkBounceWebhook } from "~/domain/email-delivery";
import { db } from "../db/client.server";
import { emailDeliveryEvents } from "../db/schema";
import { env } from "../platform/env.server";
import { logger } from "../platform/log.server";
import { markUndeliverable } from "./undeliverable.server";

/** The webhook's credentials, or null when the endpoint is off. */
export function bounceWebhookCredentials(): { username: string; password: string } | null {
  const { POSTMARK_WEBHOOK_USERNAME: username, POSTMARK_WEBHOOK_PASSWORD: password } = env();
  return username && password ? { username, password } : null;
}

function digest(value: string) {
  return createHash("sha256").update(value, "utf8").digest();
}

/** Credentials from a Basic Authorization header, or null when there are none or they are malformed. */
export function basicCredentials(header: string | null): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Whether an Authorization header carries exactly these credentials (both compared, in constant time). */
export function authorized(header: string | null, expected: { username: string; password: string }): boolean {
  const given = basicCredentials(header);
  if (!given) return false;
  const userOk = timingSafeEqual(digest(given.username), digest(expected.username));
  const passwordOk = timingSafeEqual(digest(given.password), digest(expected.password));
  return userOk && passwordOk;
}

export type BounceApplied = { duplicate: boolean; marked: boolean };

/** Record one bounce or spam complaint and apply it, once. `recordId`: Postmark's ID, exactly (postmarkRecordId). */
export async function applyBounceWebhook(event: PostmarkBounceWebhook, recordId: string, now = new Date()): Promise<BounceApplied> {
  const reason = undeliverableFromWebhook(event);
  const applied = await db().transaction(async (tx) => {
    const inserted = await tx
      .insert(emailDeliveryEvents)
      .values({
        recordType: event.RecordType,
        postmarkId: recordId,
        messageId: event.MessageID,
        address: event.Email.trim().toLowerCase(),
        type: event.Type,
        typeCode: event.TypeCode,
        inactive: event.Inactive,
        occurredAt: event.BouncedAt ? new Date(event.BouncedAt) : null,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: emailDeliveryEvents.id });
    if (inserted.length === 0) return { duplicate: true, marked: false };
    if (!reason) return { duplicate: false, marked: false };
    const marked = await markUndeliverable(tx, {
      address: event.Email,
      reason,
      detail: [event.Description, event.Details].filter(Boolean).join(" ") || event.Type,
      source: "webhook",
      now,
    });
    if (marked) await tx.update(emailDeliveryEvents).set({ marked: true }).where(sql`${emailDeliveryEvents.id} = ${inserted[0]!.id}`);
    return { duplicate: false, marked };
  });
  logger.info(
    { recordType: event.RecordType, postmarkId: recordId, type: event.Type, inactive: event.Inactive, ...applied },
    applied.duplicate ? "postmark webhook: already applied" : "postmark webhook: applied",
  );
  return applied;
}
