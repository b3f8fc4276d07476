/**
 * Email to a user, honouring their notification preferences. Every email about a user's groups goes through here;
 * sendEmail / queueEmail stay for addresses that are not (yet) users and for messages no preference governs.
 *
 * Security and account emails (confirmation, reset, login alert, password changed, sandbox access) always go: a
 * preference must never hide that someone else is in the account.
 *
 * Both go through the outbox (ADR 010): queueEmailToUser inside the caller's transaction, sendEmailToUser on its own.
 */
import type { PreferenceKey } from "~/domain/profile";
import type { Db } from "../db/client.server";
import { db } from "../db/client.server";
import { getPreferences } from "../notifications/preferences.server";
import { deliverEmails, queueEmail, type EmailResult } from "./outbox.server";
import type { EmailMessage } from "./templates";
import { logger } from "../platform/log.server";

/**
 * Which preference governs which template. "account-alert" is governed by the urgent preference in
 * account-alerts.server.ts (in-app and email together), so it is not listed here.
 */
export const PREFERENCE_FOR_TEMPLATE: Readonly<Record<string, PreferenceKey>> = {
  "payment-reminder": "emailContributionReminders",
  "daily-reminder": "emailContributionReminders",
  "payout-notification": "emailPayoutNotifications",
  "group-invitation": "emailGroupInvitations",
  "weekly-summary": "emailWeeklySummary",
  "swap-notice": "emailPayoutNotifications",
};

export type UserEmailResult = EmailResult | { ok: true; skipped: "preference" };

type UserAddress = { id: string; email: string };

/**
 * Queue an email to a user in the caller's transaction unless they turned this kind of email off. Returns the outbox
 * id, or null when the preference says no. Throws on a database error, failing the transaction with it.
 */
export async function queueEmailToUser(
  executor: Pick<Db, "insert" | "select">,
  user: UserAddress,
  message: EmailMessage,
  options: { now?: Date } = {},
): Promise<string | null> {
  const preference = PREFERENCE_FOR_TEMPLATE[message.template];
  if (preference) {
    const preferences = await getPreferences(user.id, executor);
    if (!preferences[preference]) return null;
  }
  return queueEmail(executor, user.email, message, { userId: user.id, now: options.now });
}

/** Send unless the user turned this kind of email off. Never throws for an expected failure, like sendEmail. */
export async function sendEmailToUser(user: UserAddress, message: EmailMessage): Promise<UserEmailResult> {
  let outboxId: string | null;
  try {
    outboxId = await queueEmailToUser(db(), user, message);
  } catch (error) {
    // Unknown preferences, or no outbox: do not send what the user may have turned off, and say it was not sent.
    logger.error({ err: error, userId: user.id, template: message.template }, "sendEmailToUser: could not be queued; not sent");
    return { ok: false, status: "failed", error: "The email could not be queued" };
  }
  if (outboxId === null) return { ok: true, skipped: "preference" };
  return (await deliverEmails([outboxId])).get(outboxId)!;
}
