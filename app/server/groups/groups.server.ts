/**
 * Groups: the commands (create, join, decline, reorder, start). Every command re-checks who may do it, runs in one
 * transaction, and takes the group's row lock (SELECT … FOR UPDATE) before changing membership, so concurrent joins
 * serialise and the last seat goes to exactly one person. Notifications and emails are written in the same transaction
 * (emails into the outbox, ADR 010) and the emails are tried right after the commit: a rolled-back join sends nothing,
 * a committed one cannot lose its emails, and a mail outage delays them without undoing anything.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { formatDateTime } from "~/domain/format";
import { describeGroup, payoutPerTurnCents, SETUP_FEE_CENTS, type GroupDraft } from "~/domain/groups";
import { plannedDates } from "~/domain/payment-dates";
import { invitationExpiresAt, invitationState, type InvitationOutcome } from "~/domain/invitations";
import { commitmentFor, drawOrder, SEED_BYTES } from "~/domain/payout-order";
import { describeSchedule, firstDueOnOrAfter, periodDates, todayIn, type CalendarDay, type Schedule } from "~/domain/schedule";
import { consumeAttempt } from "../auth/rate-limit.server";
import { decryptSecret, encryptSecret } from "../platform/crypto.server";
import { db, type Db } from "../db/client.server";
import { groupEvents, groupInvitations, groupMembers, groupPeriods, groupRemovals, groups, idempotencyKeys, users } from "../db/schema";
import { deliverEmails, queueEmail } from "../email/email.server";
import { queueEmailToUser } from "../email/user-email.server";
import { appUrl } from "../platform/env.server";
import { notify } from "../notifications/notifications.server";
import { scheduleValues } from "../notifications/notice-text";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type GroupRow = typeof groups.$inferSelect;

export const NOT_AUTHORIZED_TO_CREATE = "You are not authorized to create ROSCA groups in demo mode. Please authorize your bank account first.";
export const NOT_AUTHORIZED_TO_JOIN = "You are not authorized to join ROSCA groups in demo mode. Please authorize your bank account first.";
export const INVALID_INVITATION = "The invitation link you followed is invalid or has expired.";
export const IDEMPOTENCY_KEY_REUSED = "This Idempotency-Key was already used for a different request";
export const IDEMPOTENCY_KEY_INVALID = "Idempotency-Key must be 1-255 visible ASCII characters";

/** 128 random bits, URL-safe: not guessable, not enumerable. */
export function newInviteCode() {
  return randomBytes(16).toString("base64url");
}

export const groupUrl = (groupId: string) => `/groups/${groupId}`;
export const joinUrl = (code: string) => `/groups/join/${code}`;

export function scheduleOf(group: Pick<GroupRow, "frequency" | "dayOfWeek" | "dayOfMonth">): Schedule {
  return { frequency: group.frequency, dayOfWeek: group.dayOfWeek, dayOfMonth: group.dayOfMonth };
}

/** The first due day if the group started on `now` (or on its start date, if later). */
export function projectedFirstDue(group: Pick<GroupRow, "frequency" | "dayOfWeek" | "dayOfMonth" | "timeZone" | "startOn">, now: Date): CalendarDay {
  const today = todayIn(group.timeZone, now);
  const from = group.startOn && group.startOn > today ? group.startOn : today;
  return firstDueOnOrAfter(scheduleOf(group), from);
}

export function isValidIdempotencyKey(key: string) {
  return /^[\x21-\x7e]{1,255}$/.test(key);
}

function hashDraft(draft: GroupDraft) {
  return createHash("sha256").update(JSON.stringify(draft)).digest("hex");
}

// ---------------------------------------------------------------------------------------------------------------
// Create

export type CreateGroupResult =
  | { ok: true; groupId: string; url: string; replayed: false; invitations: InvitationOutcome }
  /** A repeat of an earlier request (same idempotency key): nothing was created or sent this time. */
  | { ok: true; groupId: string; url: string; replayed: true }
  | { ok: false; status: 403 | 409 | 422; error: string }
  /** Over the daily limit: when the next group may be created. */
  | { ok: false; status: 429; error: string; retryAt: Date };

/**
 * How many groups one account may create in any 24 hours (ADR 038): each sends invitation emails with text of the
 * creator's choosing (the group's name), so an account must not be a free mass mailer. A person forming circles with
 * family, friends and colleagues needs a few.
 */
export const GROUPS_PER_DAY = positiveInteger(process.env.GROUP_CREATE_LIMIT_PER_DAY) ?? 5;

function positiveInteger(value: string | undefined) {
  const number = Number(value);
  return value !== undefined && Number.isInteger(number) && number > 0 ? number : null;
}
const DAY_MS = 24 * 60 * 60 * 1000;

/** Thrown inside createGroup's transaction to undo it (the idempotency key it claimed included) when over the limit. */
class DailyLimitReached extends Error {
  constructor(readonly retryAt: Date) {
    super("daily group creation limit reached");
  }
}

export function dailyLimitMessage(retryAt: Date) {
  return `You can create up to ${GROUPS_PER_DAY} groups in 24 hours. You can create another one after ${formatDateTime(retryAt)}.`;
}

type Creator = { id: string; email: string; name: string; isPlaidSandboxAuthorized: boolean };

/**
 * Create a forming group: the creator is member 1 and its admin; each invitee gets an email-bound invitation; the
 * group has an open invite link too. With an idempotency key, a repeat of the same request returns the first result
 * and creates nothing (concurrent repeats wait on the key's unique index and then see the first one's group).
 */
export async function createGroup(
  creator: Creator,
  draft: GroupDraft,
  options: { idempotencyKey?: string | null; now?: Date } = {},
): Promise<CreateGroupResult> {
  if (!creator.isPlaidSandboxAuthorized) return { ok: false, status: 403, error: NOT_AUTHORIZED_TO_CREATE };
  const key = options.idempotencyKey ?? null;
  if (key !== null && !isValidIdempotencyKey(key)) return { ok: false, status: 422, error: IDEMPOTENCY_KEY_INVALID };
  const requestHash = hashDraft(draft);
  const now = options.now ?? new Date();

  const creating = db().transaction(async (tx) => {
    const groupId = crypto.randomUUID();
    if (key !== null) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: creator.id, scope: "groups.create", key, requestHash, resourceId: groupId })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) return null;
    }
    // The daily limit, counted under the creator's row lock so that requests at once cannot all slip under it. A
    // replay (above) is not a new group and never counts.
    await tx.execute(sql`select id from ${users} where id = ${creator.id} for update`);
    const recent = await tx
      .select({ createdAt: groups.createdAt })
      .from(groups)
      .where(and(eq(groups.createdBy, creator.id), sql`${groups.createdAt} > ${new Date(now.getTime() - DAY_MS)}`))
      .orderBy(asc(groups.createdAt));
    if (recent.length >= GROUPS_PER_DAY) {
      // The next one may be created when enough of these are a day old.
      throw new DailyLimitReached(new Date(recent[recent.length - GROUPS_PER_DAY]!.createdAt.getTime() + DAY_MS));
    }

    const seed = draft.payoutOrder === "random" ? randomBytes(SEED_BYTES).toString("hex") : null;
    await tx.insert(groups).values({
      id: groupId,
      name: draft.name,
      description: describeGroup(draft),
      createdBy: creator.id,
      memberCount: draft.memberCount,
      contributionCents: draft.contributionCents,
      frequency: draft.schedule.frequency,
      dayOfWeek: draft.schedule.dayOfWeek,
      dayOfMonth: draft.schedule.dayOfMonth,
      timeZone: draft.timeZone,
      payoutOrder: draft.payoutOrder,
      swapsNeedApproval: draft.swapsNeedApproval ?? true,
      startOn: draft.startOn,
      inviteCode: newInviteCode(),
      drawCommitment: seed ? commitmentFor(seed) : null,
      drawSeedEncrypted: seed ? encryptSecret(seed) : null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(groupMembers).values({
      groupId,
      userId: creator.id,
      joinOrder: 1,
      payoutPosition: draft.payoutOrder === "fixed" ? 1 : null,
      isAdmin: true,
      joinedAt: now,
    });
    const invitations = draft.inviteeEmails.map((email) => ({
      groupId,
      email,
      code: newInviteCode(),
      invitedBy: creator.id,
      createdAt: now,
      expiresAt: invitationExpiresAt(now),
    }));
    if (invitations.length > 0) await tx.insert(groupInvitations).values(invitations);
    await tx.insert(groupEvents).values([
      { groupId, userId: creator.id, type: "created", occurredAt: now },
      { groupId, userId: creator.id, type: "join", occurredAt: now },
    ]);
    const [row] = await tx.select().from(groups).where(eq(groups.id, groupId));
    const announced = await announceNewGroup(tx, creator, row!, invitations, now);
    return { group: row!, announced };
  });
  let created: Awaited<typeof creating>;
  try {
    created = await creating;
  } catch (error) {
    if (error instanceof DailyLimitReached) return { ok: false, status: 429, error: dailyLimitMessage(error.retryAt), retryAt: error.retryAt };
    throw error;
  }

  if (created === null) {
    const [existing] = await db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, creator.id), eq(idempotencyKeys.scope, "groups.create"), eq(idempotencyKeys.key, key!)));
    if (!existing || existing.requestHash !== requestHash) return { ok: false, status: 422, error: IDEMPOTENCY_KEY_REUSED };
    return { ok: true, groupId: existing.resourceId, url: groupUrl(existing.resourceId), replayed: true };
  }

  const invitations = await deliverAnnouncements(created.announced);
  return { ok: true, groupId: created.group.id, url: groupUrl(created.group.id), replayed: false, invitations };
}

type Announced = { receiptId: string; invitationEmailIds: string[]; notifiedInApp: number };

/**
 * In createGroup's transaction: the creator's receipt, and for each invitee the invitation. Someone without an account
 * gets the email (it is the invitation itself). A member of ours always gets the in-app notification, and the email
 * too when their "New group invitations" preference is on (SPEC.md: off by default).
 */
async function announceNewGroup(
  tx: Tx,
  creator: Creator,
  group: GroupRow,
  invitations: Array<{ email: string; code: string }>,
  now: Date,
): Promise<Announced> {
  const base = appUrl();
  const scheduleLine = describeSchedule(scheduleOf(group));
  const payoutCents = payoutPerTurnCents(group.contributionCents, group.memberCount);
  const emails = invitations.map((invitation) => invitation.email);
  const existingUsers = emails.length
    ? await tx
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(sql`lower(${users.email}) in ${emails.map((email) => email.toLowerCase())}`)
    : [];
  const byEmail = new Map(existingUsers.map((user) => [user.email.toLowerCase(), user]));

  const receiptId = await queueEmail(
    tx,
    creator.email,
    {
      template: "group-created",
      data: {
        name: creator.name,
        groupName: group.name,
        memberCount: group.memberCount,
        amountCents: group.contributionCents,
        scheduleLine,
        schedule: scheduleOf(group),
        invitedEmails: emails,
        inviteUrl: `${base}${joinUrl(group.inviteCode)}`,
        groupUrl: `${base}${groupUrl(group.id)}`,
      },
    },
    { userId: creator.id, now },
  );
  const invitationEmailIds: string[] = [];
  let notifiedInApp = 0;
  for (const invitation of invitations) {
    const user = byEmail.get(invitation.email.toLowerCase());
    const message = {
      template: "group-invitation" as const,
      data: {
        // The name from the invitee's profile; without an account there is none (a neutral "Hi,"), never the local part.
        name: user?.name ?? null,
        invitedBy: creator.name,
        groupName: group.name,
        memberCount: group.memberCount,
        amountCents: group.contributionCents,
        payoutCents,
        setupFeeCents: SETUP_FEE_CENTS,
        scheduleLine,
        schedule: scheduleOf(group),
        joinUrl: `${base}${joinUrl(invitation.code)}`,
      },
    };
    if (user) {
      await notify(
        user.id,
        {
          message: "groupInvited",
          // The schedule itself (notice-text.ts writes its line in the reader's language).
          values: { inviterName: creator.name, groupName: group.name, memberCount: group.memberCount, ...scheduleValues(scheduleOf(group)) },
          link: joinUrl(invitation.code),
        },
        tx,
      );
      notifiedInApp += 1;
      const id = await queueEmailToUser(tx, user, message, { now });
      if (id) invitationEmailIds.push(id);
    } else {
      invitationEmailIds.push(await queueEmail(tx, invitation.email, message, { now }));
    }
  }
  return { receiptId, invitationEmailIds, notifiedInApp };
}

/** After the commit: try every email now, and count what became of the invitations (for the wizard's message). */
async function deliverAnnouncements(announced: Announced): Promise<InvitationOutcome> {
  const results = await deliverEmails([announced.receiptId, ...announced.invitationEmailIds]);
  const outcome: InvitationOutcome = { emailed: 0, queued: 0, failed: 0, notifiedInApp: announced.notifiedInApp };
  for (const id of announced.invitationEmailIds) {
    const result = results.get(id)!;
    if (result.status === "sent") outcome.emailed += 1;
    else if (result.status === "queued") outcome.queued += 1;
    else outcome.failed += 1;
  }
  return outcome;
}

// ---------------------------------------------------------------------------------------------------------------
// Invitations

export type InvitationLookup =
  | { ok: true; group: GroupRow; invitationId: string | null; alreadyMember: boolean }
  | { ok: false; reason: "invalid" | "rate-limited" }
  /**
   * An invitation addressed to this user that can no longer be accepted. Only its addressee learns this (and the
   * group's name): anyone else, and every other failure, gets "invalid".
   */
  | { ok: false; reason: "expired" | "revoked" | "closed"; groupName: string; expiresAt: Date }
  /** This user was removed from the group by its admin (ADR 038): no link they had lets them back in. */
  | { ok: false; reason: "removed"; groupName: string; removalReason: string }
  /** This user left the group before it started (ADR 041): the same, until the admin invites them again. */
  | { ok: false; reason: "left"; groupName: string };

/**
 * Whether a user was turned away from `group`: removed from it or left it (ADR 038, 041), and not invited again by
 * name since (ADR 050) — whatever link they follow, old or new, open or emailed; or (for the open link) their email
 * invitation revoked since the admin last replaced the link (a replaced link is the admin's to share again with
 * someone whose invitation they revoked). Null: nothing in the way.
 */
async function turnedAway(
  executor: Pick<Db, "select">,
  group: GroupRow,
  user: { id: string; email: string },
  link: { kind: "open" } | { kind: "email"; sentAt: Date },
): Promise<Extract<InvitationLookup, { reason: "removed" | "left" }> | { ok: false; reason: "revoked"; groupName: string; expiresAt: Date } | null> {
  const since = link.kind === "open" ? (group.inviteCodeRotatedAt ?? group.createdAt) : link.sentAt;
  // A removal or departure holds for every link, old or new, until the admin invites them again by name (ADR 050:
  // lifted_at; a trigger on group_members says the same).
  const [removal] = await executor
    .select({ reason: groupRemovals.reason, kind: groupRemovals.kind })
    .from(groupRemovals)
    .where(and(eq(groupRemovals.groupId, group.id), eq(groupRemovals.userId, user.id), isNull(groupRemovals.liftedAt)))
    .orderBy(desc(groupRemovals.removedAt))
    .limit(1);
  if (removal?.kind === "left") return { ok: false, reason: "left", groupName: group.name };
  if (removal) return { ok: false, reason: "removed", groupName: group.name, removalReason: removal.reason };
  if (link.kind === "email") return null;
  const [revoked] = await executor
    .select({ expiresAt: groupInvitations.expiresAt })
    .from(groupInvitations)
    .where(
      and(
        eq(groupInvitations.groupId, group.id),
        sql`lower(${groupInvitations.email}) = ${user.email.toLowerCase()}`,
        eq(groupInvitations.status, "revoked"),
        sql`${groupInvitations.revokedAt} >= ${since}`,
      ),
    )
    .limit(1);
  return revoked ? { ok: false, reason: "revoked", groupName: group.name, expiresAt: revoked.expiresAt } : null;
}

/**
 * Resolve an invite code for a user: an email-bound invitation (pending, unexpired, addressed to this user) or the
 * group's open link, for a forming group with a free seat. Every failure looks the same ("invalid") so codes cannot be
 * probed, except to the invitation's own addressee, who is told it expired, was revoked or closed, and to someone the
 * group's admin turned away (removed, or revoked and now trying the open link: turnedAway), who is told so; unknown
 * codes also count against a per-user limit.
 */
export async function lookupInvitation(
  userId: string,
  userEmail: string,
  code: string,
  executor: Pick<Db, "select"> = db(),
  now = new Date(),
): Promise<InvitationLookup> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(code)) return countMiss(userId);
  const [byInvitation] = await executor
    .select({ group: groups, invitation: groupInvitations })
    .from(groupInvitations)
    .innerJoin(groups, eq(groups.id, groupInvitations.groupId))
    .where(eq(groupInvitations.code, code));
  let group: GroupRow | undefined;
  let invitationId: string | null = null;
  let expiresAt: Date | null = null;
  let invitedAt: Date | null = null;
  if (byInvitation) {
    const { invitation } = byInvitation;
    if (invitation.email.toLowerCase() !== userEmail.toLowerCase()) return { ok: false, reason: "invalid" };
    // The person who accepted may come back through the same link: it leads to their group (checked below).
    const acceptedByThisUser = invitation.status === "accepted" && invitation.respondedBy === userId;
    if (invitation.status === "revoked") {
      return { ok: false, reason: "revoked", groupName: byInvitation.group.name, expiresAt: invitation.expiresAt };
    }
    if (invitation.status !== "pending" && !acceptedByThisUser) return { ok: false, reason: "invalid" };
    group = byInvitation.group;
    invitationId = invitation.id;
    invitedAt = invitation.createdAt;
    if (invitation.status === "pending") expiresAt = invitation.expiresAt;
  } else {
    [group] = await executor.select().from(groups).where(eq(groups.inviteCode, code));
    if (!group) return countMiss(userId);
  }
  const [membership] = await executor
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, userId)));
  if (membership) return { ok: true, group, invitationId, alreadyMember: true };
  // Removed, or revoked and now trying the open link: not through this link (an email invitation they accepted
  // before their removal included).
  const refused = await turnedAway(
    executor,
    group,
    { id: userId, email: userEmail },
    invitedAt ? { kind: "email", sentAt: invitedAt } : { kind: "open" },
  );
  if (refused) return refused;
  const [{ members } = { members: 0 }] = await executor
    .select({ members: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, group.id));
  if (invitationId && expiresAt) {
    const state = invitationState(
      { status: "pending", expiresAt },
      { status: group.status, joinedCount: members, memberCount: group.memberCount },
      now,
    );
    if (state === "expired" || state === "closed") return { ok: false, reason: state, groupName: group.name, expiresAt };
  }
  if (group.status !== "forming" || members >= group.memberCount) return { ok: false, reason: "invalid" };
  return { ok: true, group, invitationId, alreadyMember: false };
}

async function countMiss(userId: string): Promise<InvitationLookup> {
  const allowed = await consumeAttempt([["invite-user", userId]]);
  return { ok: false, reason: allowed ? "invalid" : "rate-limited" };
}

export type JoinResult =
  | {
      ok: true;
      groupId: string;
      firstDueOn: CalendarDay;
      /** The group is still forming after the join: `firstDueOn` is only projected (if it filled today). */
      forming: boolean;
      started: boolean;
      alreadyMember: boolean;
      contributionCents: number;
    }
  | { ok: false; reason: "not-authorized" | "invalid" | "rate-limited" | "no-bank-account" }
  | Extract<InvitationLookup, { reason: "expired" | "revoked" | "closed" | "removed" | "left" }>;

type Joiner = { id: string; email: string; name: string; isPlaidSandboxAuthorized: boolean; hasBankAccount: boolean };

/**
 * Accept an invitation. Under the group's row lock: re-check the code, the status and the free seats, add the member,
 * mark the invitation accepted, and start the group when this was the last seat.
 */
export async function joinGroup(user: Joiner, code: string, now = new Date()): Promise<JoinResult> {
  if (!user.isPlaidSandboxAuthorized) return { ok: false, reason: "not-authorized" };
  if (!user.hasBankAccount) return { ok: false, reason: "no-bank-account" };
  const first = await lookupInvitation(user.id, user.email, code, db(), now);
  if (!first.ok) return first;

  const outcome = await db().transaction(async (tx) => {
    await tx.execute(sql`select id from ${groups} where id = ${first.group.id} for update`);
    const again = await lookupInvitation(user.id, user.email, code, tx, now);
    if (!again.ok) return again;
    const group = again.group;
    if (again.alreadyMember) {
      return { ok: true as const, group, started: false, alreadyMember: true, emailIds: [] as string[] };
    }
    // Join orders are never reused (a removed member's stays taken); the seat and the fixed-order turn are counted.
    const [{ next, seated } = { next: 1, seated: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${groupMembers.joinOrder}), 0)::int + 1`, seated: sql<number>`count(*)::int` })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, group.id));
    await tx.insert(groupMembers).values({
      groupId: group.id,
      userId: user.id,
      joinOrder: next,
      payoutPosition: group.payoutOrder === "fixed" ? seated + 1 : null,
      isAdmin: false,
      joinedAt: now,
    });
    // The email-bound invitation used, or any pending one for this address (joined through the open link instead).
    await tx
      .update(groupInvitations)
      .set({ status: "accepted", respondedBy: user.id, respondedAt: now })
      .where(
        and(
          eq(groupInvitations.groupId, group.id),
          eq(groupInvitations.status, "pending"),
          again.invitationId ? eq(groupInvitations.id, again.invitationId) : sql`lower(${groupInvitations.email}) = ${user.email.toLowerCase()}`,
        ),
      );
    await tx.insert(groupEvents).values({ groupId: group.id, userId: user.id, type: "join", occurredAt: now });
    const started = seated + 1 === group.memberCount ? await startGroup(tx, group, now) : null;
    const emailIds = await announceJoin(tx, user, started ?? group, started !== null, now);
    return { ok: true as const, group: started ?? group, started: started !== null, alreadyMember: false, emailIds };
  });
  if (!outcome.ok) return outcome;

  const group = outcome.group;
  if (outcome.emailIds.length > 0) await deliverEmails(outcome.emailIds);
  const [firstDue] = group.firstDueOn ? [group.firstDueOn] : [projectedFirstDue(group, now)];
  return {
    ok: true,
    groupId: group.id,
    firstDueOn: firstDue!,
    forming: !group.firstDueOn,
    started: outcome.started,
    alreadyMember: outcome.alreadyMember,
    contributionCents: group.contributionCents,
  };
}

export type RevokeResult = { ok: true; email: string } | { ok: false; status: 403 | 404 | 409; error: string };

/**
 * The group's admin withdraws a pending invitation, before the group starts. The link then says "revoked" to its
 * addressee (and their inbox does); a seat it would have taken stays open for someone else.
 */
export async function revokeInvitation(adminUserId: string, groupId: string, invitationId: string, now = new Date()): Promise<RevokeResult> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ invitation: groupInvitations, group: groups, isAdmin: groupMembers.isAdmin })
      .from(groupInvitations)
      .innerJoin(groups, eq(groups.id, groupInvitations.groupId))
      .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, adminUserId)))
      .where(and(eq(groupInvitations.id, invitationId), eq(groupInvitations.groupId, groupId)))
      .for("update", { of: groupInvitations });
    // Not a member: the same 404 as for a group that does not exist.
    if (!row || row.isAdmin === null) return { ok: false, status: 404, error: "Group Not Found" };
    if (!row.isAdmin) return { ok: false, status: 403, error: "Only the group admin can revoke invitations." };
    if (row.invitation.status !== "pending") return { ok: false, status: 409, error: "This invitation was already answered or revoked." };
    await tx.update(groupInvitations).set({ status: "revoked", revokedAt: now, respondedAt: now }).where(eq(groupInvitations.id, invitationId));
    return { ok: true, email: row.invitation.email };
  });
}

/** Decline an email-bound invitation (an open link has nothing to decline). Idempotent; never reveals anything. */
export async function declineInvitation(user: { id: string; email: string }, code: string, now = new Date()): Promise<{ groupName: string } | null> {
  const [declined] = await db()
    .update(groupInvitations)
    .set({ status: "declined", respondedBy: user.id, respondedAt: now })
    .where(
      and(
        eq(groupInvitations.code, code),
        eq(groupInvitations.status, "pending"),
        sql`lower(${groupInvitations.email}) = ${user.email.toLowerCase()}`,
      ),
    )
    .returning({ groupId: groupInvitations.groupId });
  if (!declined) return null;
  const [group] = await db().select({ name: groups.name }).from(groups).where(eq(groups.id, declined.groupId));
  return group ? { groupName: group.name } : null;
}

/** In joinGroup's transaction: tell the admin; when this join started the group, tell everyone (in-app and email). Returns the queued emails. */
async function announceJoin(tx: Tx, user: Joiner, group: GroupRow, started: boolean, now: Date): Promise<string[]> {
  const link = groupUrl(group.id);
  if (group.createdBy !== user.id) {
    await notify(group.createdBy, { message: "memberJoined", values: { memberName: user.name, groupName: group.name }, link }, tx);
  }
  if (!started) return [];
  const rows = await tx
    .select({ user: { id: users.id, email: users.email, name: users.name }, position: groupMembers.payoutPosition })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, group.id));
  const periods = await tx.select().from(groupPeriods).where(eq(groupPeriods.groupId, group.id));
  const payoutCents = payoutPerTurnCents(group.contributionCents, group.memberCount);
  const emailIds: string[] = [];
  for (const row of rows) {
    const period = periods.find((p) => p.periodNumber === row.position);
    await notify(
      row.user.id,
      {
        message: "groupStarted",
        values: { groupName: group.name, firstDueOn: group.firstDueOn!, position: row.position!, memberCount: group.memberCount },
        link,
      },
      tx,
    );
    const id = await queueEmailToUser(
      tx,
      row.user,
      {
        template: "group-started",
        data: {
          name: row.user.name,
          groupName: group.name,
          amountCents: group.contributionCents,
          firstDueOn: group.firstDueOn!,
          payoutPosition: row.position!,
          memberCount: group.memberCount,
          // When the payout is expected in their bank, on the sandbox bank's schedule (payment-dates.ts, ADR 040).
          payoutOn: plannedDates(period!.periodNumber, period!.dueOn).arrival!.day,
          payoutCents,
          groupUrl: `${appUrl()}${link}`,
        },
      },
      { now },
    );
    if (id) emailIds.push(id);
  }
  return emailIds;
}

// ---------------------------------------------------------------------------------------------------------------
// Start

/**
 * Start a full group inside the caller's transaction (which holds the group's row lock): set the payout order (the
 * admin's fixed order, or the draw from the committed seed, which is revealed now), compute the schedule from the
 * first due day on or after today (or the requested start date), and write one period per member.
 */
export async function startGroup(tx: Tx, group: GroupRow, now: Date): Promise<GroupRow> {
  const members = await tx.select().from(groupMembers).where(eq(groupMembers.groupId, group.id)).orderBy(asc(groupMembers.joinOrder));
  if (members.length !== group.memberCount) throw new Error(`startGroup: group ${group.id} has ${members.length} of ${group.memberCount} members`);

  let seed: string | null = null;
  let ordered: typeof members;
  if (group.payoutOrder === "random") {
    seed = decryptSecret(group.drawSeedEncrypted!);
    ordered = drawOrder(seed, members);
  } else {
    ordered = [...members].sort((a, b) => (a.payoutPosition ?? a.joinOrder) - (b.payoutPosition ?? b.joinOrder));
  }
  for (const [index, member] of ordered.entries()) {
    await tx
      .update(groupMembers)
      .set({ payoutPosition: index + 1 })
      .where(eq(groupMembers.id, member.id));
  }

  const firstDue = projectedFirstDue(group, now);
  const dates = periodDates(scheduleOf(group), firstDue, group.memberCount);
  const payoutCents = payoutPerTurnCents(group.contributionCents, group.memberCount);
  await tx.insert(groupPeriods).values(
    ordered.map((member, index) => ({
      groupId: group.id,
      periodNumber: index + 1,
      dueOn: dates[index]!,
      recipientMemberId: member.id,
      payoutCents,
    })),
  );
  const [started] = await tx
    .update(groups)
    .set({
      status: "active",
      startedAt: now,
      firstDueOn: dates[0]!,
      lastDueOn: dates[dates.length - 1]!,
      drawSeed: seed,
      drawSeedEncrypted: null,
      updatedAt: now,
    })
    .where(eq(groups.id, group.id))
    .returning();
  await tx.insert(groupEvents).values({ groupId: group.id, type: "started", occurredAt: now });
  return started!;
}

// ---------------------------------------------------------------------------------------------------------------
// Reorder (fixed order, before the start, admin only)

export type MoveResult = { ok: true } | { ok: false; status: 403 | 404 | 409; error: string };

export async function moveMember(
  adminUserId: string,
  groupId: string,
  memberId: string,
  direction: "up" | "down",
  now = new Date(),
): Promise<MoveResult> {
  return db().transaction(async (tx) => {
    const [locked] = await tx.execute<{ id: string }>(sql`select id from ${groups} where id = ${groupId} for update`).then((r) => r.rows);
    if (!locked) return { ok: false, status: 404, error: "Group Not Found" };
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId));
    const [admin] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, adminUserId)));
    if (!group || !admin) return { ok: false, status: 404, error: "Group Not Found" };
    if (!admin.isAdmin) return { ok: false, status: 403, error: "Only the group admin can change the payout order." };
    if (group.status !== "forming" || group.payoutOrder !== "fixed") {
      return { ok: false, status: 409, error: "The payout order can only be changed before the group starts, for a fixed order." };
    }
    const members = await tx.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
    const ordered = [...members].sort((a, b) => a.payoutPosition! - b.payoutPosition!);
    const index = ordered.findIndex((member) => member.id === memberId);
    if (index === -1) return { ok: false, status: 404, error: "That member is not in this group." };
    const other = direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= ordered.length) return { ok: true };
    [ordered[index], ordered[other]] = [ordered[other]!, ordered[index]!];
    for (const [position, member] of ordered.entries()) {
      if (member.payoutPosition !== position + 1) {
        await tx
          .update(groupMembers)
          .set({ payoutPosition: position + 1 })
          .where(eq(groupMembers.id, member.id));
      }
    }
    await tx.update(groups).set({ updatedAt: now }).where(eq(groups.id, groupId));
    return { ok: true };
  });
}
