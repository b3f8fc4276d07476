/**
 * Email to a user, honouring their notification preferences. Every email about a user's groups goes through here;
 * sendEmail stays for addresses that are not (yet) users and for messages no preference governs.
 *
 * Security and account emails (confirmation, reset, login alert, password changed, sandbox access) always go: a
 * preference must never hide that someone else is in the account.
 */
import type { PreferenceKey } from "~/domain/profile";
import { getPreferences } from "../preferences.server";
import { sendEmail, type EmailMessage, type EmailResult } from "./email.server";
import { logger } from "../log.server";

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
};

export type UserEmailResult = EmailResult | { ok: true; skipped: "preference" };

/** Send unless the user turned this kind of email off. Never throws for an expected failure, like sendEmail. */
export async function sendEmailToUser(user: { id: string; email: string }, message: EmailMessage): Promise<UserEmailResult> {
  const preference = PREFERENCE_FOR_TEMPLATE[message.template];
  if (preference) {
    let preferences;
    try {
      preferences = await getPreferences(user.id);
    } catch (error) {
      // Unknown preferences: do not send what the user may have turned off.
      logger.error({ err: error, userId: user.id, template: message.template }, "sendEmailToUser: could not read preferences; not sent");
      return { ok: false, error: "Could not read notification preferences" };
    }
    if (!preferences[preference]) return { ok: true, skipped: "preference" };
  }
  return sendEmail(user.email, message);
}
