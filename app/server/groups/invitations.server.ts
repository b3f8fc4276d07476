/**
 * Invitations as people see them: the invitee's inbox (/invitations and the dashboard) and the group admin's list of
 * invitations sent. Each is one set-based query (the seats taken counted per group in the same statement).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { payoutPerTurnCents, SETUP_FEE_CENTS } from "~/domain/groups";
import { invitationState, type InvitationState } from "~/domain/invitations";
import { describeSchedule } from "~/domain/schedule";
import { preparedQuery } from "../db/client.server";
import { groupInvitations, groupMembers, groups, users, type GroupStatus } from "../db/schema";
import { scheduleOf } from "./groups.server";

/** How long an invitation that can no longer be accepted (expired, revoked, closed) stays in the inbox, saying so. */
const INBOX_HISTORY_DAYS = 30;

export type InboxInvitation = {
  code: string;
  state: Exclude<InvitationState, "accepted" | "declined">;
  groupId: string;
  groupName: string;
  inviterName: string;
  memberCount: number;
  joinedCount: number;
  contributionCents: number;
  payoutCents: number;
  scheduleLine: string;
  frequency: "daily" | "weekly" | "biweekly" | "monthly";
  payoutOrder: "fixed" | "random";
  setupFeeCents: number;
  sentAt: string;
  expiresAt: string;
};

/** Invitations to an email (lowercased) that are pending, or were revoked since `since`, for groups `userId` is not in. */
const inboxRows = preparedQuery("invitation_inbox", (database, name) =>
  database
    .select({
      invitation: groupInvitations,
      group: groups,
      inviterName: users.name,
      joinedCount: sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`,
    })
    .from(groupInvitations)
    .innerJoin(groups, eq(groups.id, groupInvitations.groupId))
    .leftJoin(users, eq(users.id, groupInvitations.invitedBy))
    .where(
      and(
        sql`lower(${groupInvitations.email}) = ${sql.placeholder("email")}`,
        sql`(${groupInvitations.status} = 'pending' or (${groupInvitations.status} = 'revoked' and ${groupInvitations.revokedAt} >= ${sql.placeholder("since")}))`,
        sql`not exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.userId} = ${sql.placeholder("userId")})`,
      ),
    )
    .orderBy(desc(groupInvitations.createdAt))
    .prepare(name),
);

/**
 * The signed-in user's invitations, addressed to their email: the open ones first (newest first), then the ones that
 * expired, were revoked or closed in the last 30 days. Answered ones, and groups they are already in, are not listed.
 */
export async function invitationInboxFor(user: { id: string; email: string }, now = new Date()): Promise<InboxInvitation[]> {
  const since = new Date(now.getTime() - INBOX_HISTORY_DAYS * 86_400_000);
  const rows = await inboxRows().execute({ email: user.email.toLowerCase(), since, userId: user.id });
  const inbox: InboxInvitation[] = [];
  for (const row of rows) {
    const state = invitationState(
      row.invitation,
      { status: row.group.status, joinedCount: row.joinedCount, memberCount: row.group.memberCount },
      now,
    ) as InboxInvitation["state"];
    // Closed and expired ones fade out of the inbox after a while, like revoked ones.
    if (state === "expired" && row.invitation.expiresAt < since) continue;
    if (state === "closed" && row.invitation.createdAt < since) continue;
    inbox.push({
      code: row.invitation.code,
      state,
      groupId: row.group.id,
      groupName: row.group.name,
      inviterName: row.inviterName ?? "The group admin",
      memberCount: row.group.memberCount,
      joinedCount: row.joinedCount,
      contributionCents: row.group.contributionCents,
      payoutCents: payoutPerTurnCents(row.group.contributionCents, row.group.memberCount),
      scheduleLine: describeSchedule(scheduleOf(row.group)),
      frequency: row.group.frequency,
      payoutOrder: row.group.payoutOrder,
      setupFeeCents: SETUP_FEE_CENTS,
      sentAt: row.invitation.createdAt.toISOString(),
      expiresAt: row.invitation.expiresAt.toISOString(),
    });
  }
  // Open first; the order within each part stays newest first.
  return [...inbox.filter((entry) => entry.state === "open"), ...inbox.filter((entry) => entry.state !== "open")];
}

export type SentInvitation = { id: string; email: string; state: InvitationState; sentAt: string; expiresAt: string };

type InvitationRow = typeof groupInvitations.$inferSelect;

/** What became of each invitation sent, given the group's status and seats taken. */
export function sentInvitationViews(
  rows: Array<Pick<InvitationRow, "id" | "email" | "status" | "createdAt" | "expiresAt">>,
  group: { status: GroupStatus; joinedCount: number; memberCount: number },
  now = new Date(),
): SentInvitation[] {
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    state: invitationState(row, group, now),
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}
