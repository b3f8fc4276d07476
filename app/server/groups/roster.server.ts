/**
 * The roster before the start (ADR 038; issue 34 builds on it): the group's admin replaces the open invite link,
 * removes a member of a forming group with a reason that member is shown, and invites a removed or departed member
 * again by name (ADR 050). Like joins, each runs in one transaction under the group's row lock, so a removal and a
 * join, or two removals, never interleave; what the removed member is told is written in the same transaction (the
 * email into the outbox, ADR 010) and delivered after the commit.
 *
 * Who may: the group's admin only. Anyone who is not a member gets the same "Group Not Found" as for a group that
 * does not exist; a member who is not the admin is told why not. Leaving (issue 34) is the other way round: any member
 * but the admin, for themselves.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { ROSTER_MESSAGES } from "~/domain/roster";
import { db, type Db } from "../db/client.server";
import { groupEvents, groupInvitations, groupMembers, groupRemovals, groups, users } from "../db/schema";
import { deliverEmails } from "../email/email.server";
import { queueEmailToUser } from "../email/user-email.server";
import { notify } from "../notifications/notifications.server";
import { appUrl } from "../platform/env.server";
import { groupUrl, joinUrl, newInviteCode } from "./groups.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type RosterFailure = { ok: false; status: 403 | 404 | 409; error: string };

const GROUP_NOT_FOUND: RosterFailure = { ok: false, status: 404, error: "Group Not Found" };

/** Lock the group and read it with the acting user's membership; null when there is no such group or no such member. */
async function lockWithMembership(tx: Tx, groupId: string, userId: string) {
  const locked = await tx.execute<{ id: string }>(sql`select id from ${groups} where id = ${groupId} for update`);
  if (locked.rows.length === 0) return null;
  const [row] = await tx
    .select({ group: groups, isAdmin: groupMembers.isAdmin })
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(eq(groups.id, groupId));
  return row ?? null;
}

/**
 * A new open invite link for a forming group: the old one stops working at once (it matches no group any more), for
 * everyone. People removed or revoked before now cannot use the old one either way; the new one is the admin's to share.
 */
export async function rotateInviteLink(
  adminUserId: string,
  groupId: string,
  now = new Date(),
): Promise<{ ok: true; inviteCode: string } | RosterFailure> {
  return db().transaction(async (tx) => {
    const row = await lockWithMembership(tx, groupId, adminUserId);
    if (!row) return GROUP_NOT_FOUND;
    if (!row.isAdmin) return { ok: false, status: 403, error: ROSTER_MESSAGES.adminsOnlyLink };
    if (row.group.status !== "forming") return { ok: false, status: 409, error: ROSTER_MESSAGES.linkWhileForming };
    const inviteCode = newInviteCode();
    await tx.update(groups).set({ inviteCode, inviteCodeRotatedAt: now, updatedAt: now }).where(eq(groups.id, groupId));
    await tx.insert(groupEvents).values({ groupId, userId: adminUserId, type: "link_rotated", occurredAt: now });
    return { ok: true, inviteCode };
  });
}

/**
 * Remove a member from a forming group. Their seat opens again; a fixed payout order closes the gap (everyone after
 * them moves up one turn); no money has moved (nothing is charged before the start). They are told, in the app and by
 * email, who removed them and why, and the removal is kept: it is what stops every link they had (lookupInvitation).
 */
export async function removeMember(
  admin: { id: string; name: string },
  groupId: string,
  memberId: string,
  reason: string,
  now = new Date(),
): Promise<{ ok: true; name: string } | RosterFailure> {
  const outcome = await db().transaction(async (tx) => {
    const row = await lockWithMembership(tx, groupId, admin.id);
    if (!row) return GROUP_NOT_FOUND;
    if (!row.isAdmin) return { ok: false as const, status: 403 as const, error: ROSTER_MESSAGES.adminsOnlyRemove };
    if (row.group.status !== "forming") return { ok: false as const, status: 409 as const, error: ROSTER_MESSAGES.removeWhileForming };
    const [target] = await tx
      .select({ member: groupMembers, user: { id: users.id, email: users.email, name: users.name } })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.id, memberId), eq(groupMembers.groupId, groupId)));
    if (!target) return { ok: false as const, status: 404 as const, error: ROSTER_MESSAGES.notAMember };
    if (target.member.isAdmin) return { ok: false as const, status: 409 as const, error: ROSTER_MESSAGES.cannotRemoveAdmin };

    await tx.delete(groupMembers).where(eq(groupMembers.id, memberId));
    // Fixed order: the turns after theirs move up, so the turns stay 1..n (a random order has none before the draw).
    // One statement: positions are unique per group only by convention, kept under this lock.
    const removedPosition = target.member.payoutPosition;
    if (removedPosition !== null) {
      await tx
        .update(groupMembers)
        .set({ payoutPosition: sql`${groupMembers.payoutPosition} - 1` })
        .where(and(eq(groupMembers.groupId, groupId), gt(groupMembers.payoutPosition, removedPosition)));
    }
    await tx.insert(groupRemovals).values({ groupId, userId: target.user.id, removedBy: admin.id, reason, removedAt: now });
    await tx.insert(groupEvents).values({ groupId, userId: target.user.id, type: "removed", occurredAt: now });
    await tx.update(groups).set({ updatedAt: now }).where(eq(groups.id, groupId));
    await notify(
      target.user.id,
      { message: "memberRemoved", values: { groupName: row.group.name, adminName: admin.name, reason }, link: "/dashboard" },
      tx,
    );
    const emailId = await queueEmailToUser(
      tx,
      target.user,
      {
        template: "group-member-removed",
        data: { name: target.user.name, groupName: row.group.name, removedBy: admin.name, reason, dashboardUrl: `${appUrl()}/dashboard` },
      },
      { now },
    );
    return { ok: true as const, name: target.user.name, emailIds: emailId ? [emailId] : [] };
  });
  if (!outcome.ok) return outcome;
  await deliverEmails(outcome.emailIds);
  return { ok: true, name: outcome.name };
}

/**
 * A member leaves a forming group (ADR 041): the same as a removal, by themselves. Their seat opens; a fixed order
 * closes up; the email invitation they accepted becomes declined (the admin's list says so); the departure is kept in
 * group_removals (kind "left"), so no link lets them back in until the admin invites them again by name (inviteAgain,
 * ADR 050). Nothing is charged: no money moves before a group starts (the cycle only runs active groups). The admin is told in
 * the app and by email.
 */
export async function leaveGroup(
  member: { id: string; name: string },
  groupId: string,
  now = new Date(),
): Promise<{ ok: true; groupName: string } | RosterFailure> {
  const outcome = await db().transaction(async (tx) => {
    const row = await lockWithMembership(tx, groupId, member.id);
    if (!row) return GROUP_NOT_FOUND;
    if (row.isAdmin) return { ok: false as const, status: 409 as const, error: ROSTER_MESSAGES.adminCannotLeave };
    if (row.group.status !== "forming") return { ok: false as const, status: 409 as const, error: ROSTER_MESSAGES.leaveWhileForming };
    const [left] = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, member.id)))
      .returning({ payoutPosition: groupMembers.payoutPosition });
    if (left?.payoutPosition != null) {
      await tx
        .update(groupMembers)
        .set({ payoutPosition: sql`${groupMembers.payoutPosition} - 1` })
        .where(and(eq(groupMembers.groupId, groupId), gt(groupMembers.payoutPosition, left.payoutPosition)));
    }
    await tx
      .update(groupInvitations)
      .set({ status: "declined", respondedAt: now })
      .where(and(eq(groupInvitations.groupId, groupId), eq(groupInvitations.status, "accepted"), eq(groupInvitations.respondedBy, member.id)));
    await tx
      .insert(groupRemovals)
      .values({ groupId, userId: member.id, removedBy: member.id, kind: "left", reason: ROSTER_MESSAGES.leftReason, removedAt: now });
    await tx.insert(groupEvents).values({ groupId, userId: member.id, type: "left", occurredAt: now });
    await tx.update(groups).set({ updatedAt: now }).where(eq(groups.id, groupId));
    const [admin] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.isAdmin, true)));
    const emailIds: string[] = [];
    // The member who left is told by email too (ADR 050): what happened and that nothing was charged.
    const [leaver] = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, member.id));
    if (leaver) {
      const leftEmailId = await queueEmailToUser(
        tx,
        leaver,
        {
          template: "group-notice",
          data: {
            name: leaver.name,
            groupName: row.group.name,
            title: ROSTER_MESSAGES.leftEmailTitle(row.group.name),
            body: ROSTER_MESSAGES.leftEmailBody(row.group.name),
            // A message (ADR 062): the email is written in the leaver's language.
            notice: { message: "memberLeftSelf", values: { groupName: row.group.name } },
            actionLabel: "Go to your dashboard",
            actionUrl: `${appUrl()}/dashboard`,
          },
        },
        { now },
      );
      if (leftEmailId) emailIds.push(leftEmailId);
    }
    if (admin) {
      const title = ROSTER_MESSAGES.leftNoticeTitle(member.name, row.group.name);
      const body = ROSTER_MESSAGES.leftNoticeBody(member.name);
      const link = `/groups/${groupId}`;
      const notice = { message: "memberLeft", values: { memberName: member.name, groupName: row.group.name } } as const;
      await notify(admin.id, { ...notice, link }, tx);
      const emailId = await queueEmailToUser(
        tx,
        admin,
        {
          template: "group-notice",
          data: { name: admin.name, groupName: row.group.name, title, body, notice, actionLabel: "View your group", actionUrl: `${appUrl()}${link}` },
        },
        { now },
      );
      if (emailId) emailIds.push(emailId);
    }
    return { ok: true as const, groupName: row.group.name, emailIds };
  });
  if (!outcome.ok) return outcome;
  await deliverEmails(outcome.emailIds);
  return { ok: true, groupName: outcome.groupName };
}

/**
 * The group's admin invites a removed or departed person again, by name (ADR 050): their refusal is lifted (every
 * open removal row of theirs gets lifted_at), so the group's current invite link lets them in; they are told in the app
 * and by email, with the link. Under the group's lock, like joins and removals. Only while the group forms.
 */
export async function inviteAgain(
  admin: { id: string; name: string },
  groupId: string,
  userId: string,
  now = new Date(),
): Promise<{ ok: true; name: string } | RosterFailure> {
  const outcome = await db().transaction(async (tx) => {
    const row = await lockWithMembership(tx, groupId, admin.id);
    if (!row) return GROUP_NOT_FOUND;
    if (!row.isAdmin) return { ok: false as const, status: 403 as const, error: ROSTER_MESSAGES.adminsOnlyInviteAgain };
    if (row.group.status !== "forming") return { ok: false as const, status: 409 as const, error: ROSTER_MESSAGES.inviteAgainWhileForming };
    const [member] = await tx
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    if (member) return { ok: false as const, status: 409 as const, error: ROSTER_MESSAGES.alreadyBack };
    const lifted = await tx
      .update(groupRemovals)
      .set({ liftedAt: now, liftedBy: admin.id })
      .where(and(eq(groupRemovals.groupId, groupId), eq(groupRemovals.userId, userId), isNull(groupRemovals.liftedAt)))
      .returning({ id: groupRemovals.id });
    if (lifted.length === 0) return { ok: false as const, status: 409 as const, error: ROSTER_MESSAGES.notRefused };
    const [person] = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
    if (!person) return { ok: false as const, status: 409 as const, error: ROSTER_MESSAGES.notRefused };
    await tx.insert(groupEvents).values({ groupId, userId, type: "invited_again", occurredAt: now });
    await tx.update(groups).set({ updatedAt: now }).where(eq(groups.id, groupId));
    // The group's page, not the invite link of today: the admin may replace that link before they come (QA pass 3), and
    // the group page sends whoever was invited again to the link current when they open it (invitedAgainJoinPath).
    const link = groupUrl(groupId);
    const title = ROSTER_MESSAGES.invitedAgainNoticeTitle(row.group.name);
    const body = ROSTER_MESSAGES.invitedAgainNoticeBody(admin.name);
    const notice = { message: "invitedAgain", values: { groupName: row.group.name, adminName: admin.name } } as const;
    await notify(person.id, { ...notice, link }, tx);
    const emailId = await queueEmailToUser(
      tx,
      person,
      {
        template: "group-notice",
        data: { name: person.name, groupName: row.group.name, title, body, notice, actionLabel: "Join the group", actionUrl: `${appUrl()}${link}` },
      },
      { now },
    );
    return { ok: true as const, name: person.name, emailIds: emailId ? [emailId] : [] };
  });
  if (!outcome.ok) return outcome;
  await deliverEmails(outcome.emailIds);
  return { ok: true, name: outcome.name };
}

/**
 * Where someone the admin invited again (ADR 050) joins today: the forming group's current invite link, whatever link
 * they were sent (the admin may have replaced it since). Null for anyone else: a member, someone whose removal or
 * departure still holds, someone never removed, or a group no longer forming (the group page then answers as for any
 * non-member). The invitedAgain notice and email link to the group's page, which sends them here.
 */
export async function invitedAgainJoinPath(userId: string, groupId: string): Promise<string | null> {
  const { rows } = await db().execute<{ invite_code: string }>(sql`
    select g.invite_code from ${groups} g
    where g.id = ${groupId}::uuid and g.status = 'forming'
      and exists (select 1 from ${groupRemovals} r where r.group_id = g.id and r.user_id = ${userId}::uuid and r.lifted_at is not null)
      and not exists (select 1 from ${groupRemovals} r where r.group_id = g.id and r.user_id = ${userId}::uuid and r.lifted_at is null)
      and not exists (select 1 from ${groupMembers} m where m.group_id = g.id and m.user_id = ${userId}::uuid)`);
  return rows[0] ? joinUrl(rows[0].invite_code) : null;
}
