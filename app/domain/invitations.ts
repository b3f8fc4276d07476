import { formatCalendarDay, formatMoney } from "./format";
import { plural, pluralWord } from "./plural";

const INVITATION_EMAILS = { one: "invitation email", other: "invitation emails" };

/**
 * Group invitations: how long one lasts, what state it is in for the person it was sent to, and how the wizard tells
 * the group's creator what became of the invitations it just sent. Pure: `now` is a parameter.
 */

/** An email-bound invitation stops working this many days after it was sent. */
export const INVITATION_TTL_DAYS = 14;

export function invitationExpiresAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_TTL_DAYS * 86_400_000);
}

/**
 * What an invitation is to the person it was sent to:
 * - open: it can be accepted (pending, not expired, the group still forming with a free seat);
 * - expired: pending, but past its expiry;
 * - revoked: the group's admin withdrew it;
 * - closed: pending, but the group filled up or started meanwhile;
 * - accepted / declined: answered.
 */
export type InvitationState = "open" | "expired" | "revoked" | "closed" | "accepted" | "declined";

export function invitationState(
  invitation: { status: "pending" | "accepted" | "declined" | "revoked"; expiresAt: Date },
  group: { status: string; joinedCount: number; memberCount: number },
  now: Date,
): InvitationState {
  if (invitation.status !== "pending") return invitation.status;
  if (invitation.expiresAt <= now) return "expired";
  if (group.status !== "forming" || group.joinedCount >= group.memberCount) return "closed";
  return "open";
}

/** What the inbox and the join page say about an invitation that can no longer be accepted. */
export const INVITATION_STATE_MESSAGES = {
  expiredTitle: "Invitation Expired",
  expired: (expiredOn: string) => `This invitation expired on ${expiredOn}. Ask the group's admin to invite you again.`,
  revokedTitle: "Invitation Revoked",
  revoked: "The group's admin withdrew this invitation. To join the group, ask the group's admin to invite you again.",
  closedTitle: "Invitation Closed",
  closed: "This group has filled up or started, so the invitation can no longer be accepted.",
} as const;

/** How the invitations of a new group went out (counted by the server after it tried to send them). */
export type InvitationOutcome = {
  /** Invitation emails Postmark accepted. */
  emailed: number;
  /** Invitation emails waiting in the outbox because the mail service did not answer; they are sent automatically. */
  queued: number;
  /** Invitation emails that will not be sent (the address was refused). */
  failed: number;
  /** Invitees who already have an account: each got an in-app notification (and the email only if they want it). */
  notifiedInApp: number;
};

/**
 * One sentence, exactly what happened: "2 invitations emailed, 1 member notified in the app." Nothing is called
 * emailed that the mail service has not accepted.
 */
export function describeInvitationOutcome(outcome: InvitationOutcome): string {
  const parts: string[] = [];
  if (outcome.emailed > 0) parts.push(`${plural(outcome.emailed, { one: "invitation", other: "invitations" })} emailed`);
  if (outcome.notifiedInApp > 0) parts.push(`${plural(outcome.notifiedInApp, { one: "member", other: "members" })} notified in the app`);
  if (outcome.queued > 0) {
    parts.push(
      `${plural(outcome.queued, INVITATION_EMAILS)} queued: our mail service can't send right now, so we'll send ${pluralWord(outcome.queued, { one: "it", other: "them" })} automatically`,
    );
  }
  if (outcome.failed > 0) parts.push(`${plural(outcome.failed, INVITATION_EMAILS)} could not be delivered`);
  if (parts.length === 0) return "No one was invited by email: share the group's invite link from its page.";
  return `${parts.join(", ")}.`;
}

/**
 * The 'Successfully Joined' toast's description (SPEC.md section 8: with the first contribution's due date). While the
 * group is still forming the date is only projected (the schedule is fixed when the last member joins), and says so.
 */
export function joinedDescription(contributionCents: number, firstDueOn: string, projected = false) {
  const amount = formatMoney(contributionCents);
  const date = formatCalendarDay(firstDueOn, "long");
  return projected
    ? `Your first contribution of ${amount} would be due ${date} if the group filled today: the schedule is fixed when the last member joins.`
    : `Your first contribution of ${amount} is due ${date}.`;
}

/**
 * Ways to pass a group's invite link on that work without JavaScript: an email and a text message, prefilled. Spaces
 * are %20 (not "+", which mail and SMS apps show literally). `sms:?&body=` is the form both iOS and Android read.
 */
export function inviteShareLinks(inviteUrl: string, groupName: string) {
  const subject = `Join my savings group ${groupName} on Rosca`;
  const body = `I'd like you to join ${groupName}, our rotating savings group on Rosca: everyone contributes the same amount on a schedule and each of us takes a turn receiving the whole pot, interest-free.\n\nJoin here: ${inviteUrl}`;
  const text = `Join my savings group ${groupName} on Rosca: ${inviteUrl}`;
  return {
    subject,
    body,
    text,
    mailto: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`,
    sms: `sms:?&body=${encodeURIComponent(text)}`,
  };
}
