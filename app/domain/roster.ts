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

  // Leaving a forming group (issue 34): any member but its admin, before the start.
  adminCannotLeave: "The group's admin can't leave the group. Remove the other members first if the group should not go ahead.",
  leaveWhileForming: "You can only leave a group before it starts. Once it runs, other members count on your contributions.",
  leftTitle: "You left the group",
  leftToYou: (groupName: string) => `You left ${groupName}. Nothing was charged: contributions and the setup fee only start once a group starts.`,
  /** Kept as the removal's reason (group_removals.kind = "left"), so a version that predates "left" still reads sensibly. */
  leftReason: "You left the group before it started.",
  /** What the group's admin is told (the bell, the email). */
  leftNoticeTitle: (name: string, groupName: string) => `${name} left ${groupName}`,
  leftNoticeBody: (name: string) => `${name} left the group before it started. Their seat is open again; the invite link works for someone new.`,
  /** The join page of any link the member had before leaving. */
  leftPageTitle: "You Left This Group",
  leftPage:
    "You left this group before it started, so the invite links you had no longer work for you. To join again, ask the group's admin for a new invitation.",
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
