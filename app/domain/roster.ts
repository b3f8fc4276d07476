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
    `The group's admin removed you from this group, so its invite links, old or new, no longer work for you unless the admin invites you again. Reason given: ${reason}`,

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
    "You left this group before it started, so its invite links no longer work for you. To join again, ask the group's admin to invite you again.",
  /** The email to the member who left (ADR 050): what happened, and what it cost (nothing). */
  leftEmailTitle: (groupName: string) => `You left ${groupName}`,
  leftEmailBody: (groupName: string) =>
    `You left ${groupName} before it started. Nothing was charged: contributions and the setup fee only start once a group starts. The invite links you had no longer work for you; to join again, ask the group's admin to invite you again.`,

  // Invited again by name (ADR 050): the admin lifts a removal or a departure.
  adminsOnlyInviteAgain: "Only the group admin can invite someone again.",
  inviteAgainWhileForming: "People can only be invited again before the group starts.",
  notRefused: "That person can already join this group.",
  alreadyBack: "That person is already a member of this group.",
  invitedAgainTitle: "Invited again",
  invitedAgainToAdmin: (name: string) => `${name} can join again through the group's invite link. They were told, with the link.`,
  invitedAgainNoticeTitle: (groupName: string) => `You can join ${groupName} again`,
  invitedAgainNoticeBody: (adminName: string) => `${adminName} invited you to join the group again. Its invite link works for you now.`,
} as const;

/** One line of a forming group's roster history (ADR 050), newest first. */
export type RosterHistoryKind = "joined" | "left" | "removed" | "invited_again";
export type RosterHistoryEntry = {
  id: string;
  kind: RosterHistoryKind;
  name: string;
  /** The group-clock or wall-clock day it happened (YYYY-MM-DD). */
  day: string;
  /** A removal's reason: shown to the group's admin only (null for everyone else, and for other kinds). */
  reason: string | null;
  /** The admin may invite this person again (removed or left, not lifted since, not a member now). */
  userId: string | null;
};

/** How many entries the forming group's page shows (the newest). */
export const ROSTER_HISTORY_LIMIT = 20;

/** The words of one history line (the date is added beside it). */
export function rosterHistoryLine(entry: Pick<RosterHistoryEntry, "kind" | "name">): string {
  switch (entry.kind) {
    case "joined":
      return `${entry.name} joined`;
    case "left":
      return `${entry.name} left`;
    case "removed":
      return `${entry.name} was removed`;
    case "invited_again":
      return `${entry.name} was invited again`;
  }
}

export const inviteAgainSchema = z.object({ userId: z.uuid() });

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
