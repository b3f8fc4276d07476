/**
 * Plaid's ITEM webhooks (a member's bank connection changed state), applied to our bank_items through the
 * connection-health commands (ADR 037, ADR 030). Each is idempotent: a repeated or retried webhook changes nothing the
 * second time and tells nobody again.
 *
 * - ERROR with error_code ITEM_LOGIN_REQUIRED: the login at the bank stopped working; money stops moving through the
 *   item and the member is asked to reconnect (Link's update mode).
 * - PENDING_EXPIRATION (EU/UK consent) and PENDING_DISCONNECT (US/CA): the connection will stop working soon; it still
 *   works meanwhile, the member is asked to reconnect before then.
 * - LOGIN_REPAIRED: the login works again (the member fixed it, here or in another app using Plaid); what waited for
 *   it goes ahead.
 *
 * Anything else (other codes, an item that is not ours or was unlinked) is acknowledged and ignored.
 */
import { eq } from "drizzle-orm";
import { db } from "../db/client.server";
import { bankItems } from "../db/schema";
import { deliverInBackground } from "../email/outbox.server";
import { logger } from "../platform/log.server";
import { clearItemLoginRequired, type HealthChange, markItemLoginRequired } from "./account-health.server";

export type ItemWebhook = { webhook_type: "ITEM"; webhook_code: string; item_id: string; error?: { error_code?: unknown } | null };

/** Whether a parsed webhook body is an ITEM webhook we can read (an item_id and a code). */
export function isItemWebhook(event: Record<string, unknown>): event is ItemWebhook {
  return event.webhook_type === "ITEM" && typeof event.webhook_code === "string" && typeof event.item_id === "string" && event.item_id !== "";
}

export type ItemWebhookOutcome = "applied" | "unchanged" | "ignored" | "unknown_item";

export async function applyItemWebhook(event: ItemWebhook, now = new Date()): Promise<ItemWebhookOutcome> {
  const code = event.webhook_code;
  const errorCode = typeof event.error?.error_code === "string" ? event.error.error_code : null;
  const action =
    code === "ERROR" && errorCode === "ITEM_LOGIN_REQUIRED"
      ? ("login_required" as const)
      : code === "PENDING_EXPIRATION" || code === "PENDING_DISCONNECT"
        ? ("expiring" as const)
        : code === "LOGIN_REPAIRED"
          ? ("repaired" as const)
          : null;
  if (!action) return "ignored";
  const [item] = await db().select({ id: bankItems.id, status: bankItems.status }).from(bankItems).where(eq(bankItems.providerItemId, event.item_id));
  if (!item || item.status !== "active") {
    logger.info({ providerItemId: event.item_id, code }, "plaid webhook: an ITEM webhook for an item we do not have linked");
    return "unknown_item";
  }
  const change: HealthChange = await db().transaction((tx) =>
    action === "repaired"
      ? clearItemLoginRequired(tx, { itemId: item.id })
      : markItemLoginRequired(tx, { itemId: item.id, reason: action === "login_required" ? "ITEM_LOGIN_REQUIRED" : "PENDING_EXPIRATION", now }),
  );
  if (change.emailIds.length > 0) deliverInBackground(change.emailIds);
  return change.changed ? "applied" : "unchanged";
}
