/**
 * The roster before the start (ADR 038; issue 34's "roster" builds on it): the words and the one form of removing a
 * member from a forming group. Pure.
 */
import { z } from "zod";
import { nameCheck } from "./names";

/** A removal's reason is shown to the member removed, in the app and by email: one short line. */
export const REMOVAL_REASON_MAX = 200;

export const ROSTER_MESSAGES = {
  reasonRequired: "Please give a reason: the member will see it",
  reasonLong: `Reason must be at most ${REMOVAL_REASON_MAX} characters`,
  adminsOnlyRemove: "Only the group admin can remove members.",
  adminsOnlyLink: "Only the group admin can replace the invite link.",
  removeWhileForming: "Members can only be removed before the group starts.",
  linkWhileForming: "The invite link can only be replaced while the group is forming.",
  cannotRemoveAdmin: "The group's admin can't be removed.",
  notAMember: "That member is not in this group.",
  linkReplaced: { title: "Invite link replaced", description: "The old link no longer works. Share the new one with the people you trust." },
  removedTitle: "Member removed",
  removedToAdmin: (name: string) => `${name} was removed and told why. Their seat is open again.`,
  /** What the removed member reads (the bell, the email, the join page of any link they had). */
  removedNoticeTitle: (groupName: string) => `You were removed from ${groupName}`,
  removedNoticeBody: (adminName: string, reason: string) => `${adminName} removed you before the group started. Reason: ${reason}`,
  removedPageTitle: "Removed from Group",
  removedPage: (reason: string) =>
    `The group's admin removed you from this group, so its invite links no longer work for you. Reason given: ${reason}`,
} as const;

export const removeMemberSchema = z.object({
  memberId: z.uuid(),
  reason: z
    .string({ error: ROSTER_MESSAGES.reasonRequired })
    .trim()
    .normalize("NFC")
    .min(1, ROSTER_MESSAGES.reasonRequired)
    .max(REMOVAL_REASON_MAX, ROSTER_MESSAGES.reasonLong)
    .check(nameCheck("Reason")),
});
