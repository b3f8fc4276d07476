/**
 * Groups: the reads behind the group page, /groups, the dashboard, the join page and the calendar file. Every read is
 * scoped by membership: a non-member and an unknown id get the same null (no existence leak). A few set-based
 * queries per page, never one per member or group.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { payoutPerTurnCents } from "~/domain/groups";
import { daysBetween, describeSchedule, periodDates, todayIn, type CalendarDay } from "~/domain/schedule";
import { db } from "../db/client.server";
import { FAILED_STATUSES, SETTLED_STATUSES } from "~/domain/money";
import { bankTransfers, groupEvents, groupMembers, groupPeriods, groups, users, type GroupEventType, type GroupStatus } from "../db/schema";
import { visibleProfile, type VisibleProfile } from "../profile.server";
import { joinUrl, projectedFirstDue, scheduleOf } from "./groups.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export type MemberView = {
  memberId: string;
  profile: VisibleProfile;
  isAdmin: boolean;
  isYou: boolean;
  joinOrder: number;
  payoutPosition: number | null;
  /** Paid for the current period (false before the start and after the end). */
  hasPaid: boolean;
  /** The current period's debit failed (declined, failed or returned) and has not succeeded yet. */
  isLate: boolean;
};

export type ScheduleRowView = {
  position: number;
  recipientName: string | null;
  isYou: boolean;
  date: CalendarDay;
  amountCents: number;
  status: "completed" | "pending";
};

export type GroupPageView = {
  id: string;
  name: string;
  description: string;
  status: GroupStatus;
  memberCount: number;
  joinedCount: number;
  contributionCents: number;
  payoutCents: number;
  scheduleLine: string;
  timeZone: string;
  payoutOrder: "fixed" | "random";
  drawCommitment: string | null;
  drawSeed: string | null;
  /** The group's calendar day (its time zone, its clock) the page was computed for. */
  today: CalendarDay;
  /** Days the sandbox clock has been moved forward (0 = real time). */
  clockOffsetDays: number;
  /** Active: the current period's due day. Forming: projected (if the group filled today). Completed: null. */
  nextContributionOn: CalendarDay | null;
  nextContributionProjected: boolean;
  daysUntilNextContribution: number | null;
  nextPayout: { recipientName: string | null; isYou: boolean; date: CalendarDay; amountCents: number; projected: boolean } | null;
  members: MemberView[];
  schedule: ScheduleRowView[];
  /** Projected while forming (dates if the group filled today; names only for a fixed order). */
  scheduleProjected: boolean;
  startOn: CalendarDay | null;
  endOn: CalendarDay | null;
  createdAt: string;
  startedAt: string | null;
  inviteUrlPath: string | null;
  viewer: { memberId: string; isAdmin: boolean; canReorder: boolean; payoutPosition: number | null };
};

type GroupRow = typeof groups.$inferSelect;

/** The group page for one of its members, or null (unknown id, malformed id, or not a member: the same to the caller). */
export async function groupPageFor(userId: string, groupId: string, now = new Date()): Promise<GroupPageView | null> {
  if (!isUuid(groupId)) return null;
  const [row] = await db()
    .select({ group: groups, viewer: groupMembers })
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(eq(groups.id, groupId));
  if (!row) return null;
  const { group, viewer } = row;

  const [memberRows, periods, paid] = await Promise.all([
    db()
      .select({ member: groupMembers, user: users })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, group.id))
      .orderBy(asc(groupMembers.joinOrder)),
    db().select().from(groupPeriods).where(eq(groupPeriods.groupId, group.id)).orderBy(asc(groupPeriods.periodNumber)),
    paidUserIds(group.id),
  ]);
  // The group's own clock: real time plus its sandbox offset (zero unless its admin moved it).
  const clockNow = new Date(now.getTime() + group.clockOffsetSeconds * 1000);
  const today = todayIn(group.timeZone, clockNow);
  const payoutCents = payoutPerTurnCents(group.contributionCents, group.memberCount);
  const current = periods.find((period) => period.status === "pending") ?? null;
  const paidNow = current ? (paid.get(current.periodNumber) ?? new Set<string>()) : new Set<string>();
  const lateNow = current ? (paid.late.get(current.periodNumber) ?? new Set<string>()) : new Set<string>();

  const members: MemberView[] = memberRows.map(({ member, user }) => ({
    memberId: member.id,
    profile:
      user.id === userId
        ? { id: user.id, name: user.name, email: user.email, phone: user.phone, city: user.city, state: user.state }
        : visibleProfile(user),
    isAdmin: member.isAdmin,
    isYou: user.id === userId,
    joinOrder: member.joinOrder,
    payoutPosition: member.payoutPosition,
    hasPaid: paidNow.has(user.id),
    isLate: lateNow.has(user.id),
  }));
  const byMemberId = new Map(members.map((member) => [member.memberId, member]));

  let schedule: ScheduleRowView[];
  let scheduleProjected = false;
  if (periods.length > 0) {
    schedule = periods.map((period) => {
      const recipient = byMemberId.get(period.recipientMemberId);
      return {
        position: period.periodNumber,
        recipientName: recipient?.profile.name ?? null,
        isYou: recipient?.isYou ?? false,
        date: period.dueOn,
        amountCents: period.payoutCents,
        status: period.status,
      };
    });
  } else {
    scheduleProjected = true;
    const dates = periodDates(scheduleOf(group), projectedFirstDue(group, clockNow), group.memberCount);
    const byPosition = new Map(members.filter((m) => m.payoutPosition !== null).map((m) => [m.payoutPosition!, m]));
    schedule = dates.map((date, index) => {
      const recipient = group.payoutOrder === "fixed" ? byPosition.get(index + 1) : undefined;
      return {
        position: index + 1,
        recipientName: recipient?.profile.name ?? null,
        isYou: recipient?.isYou ?? false,
        date,
        amountCents: payoutCents,
        status: "pending",
      };
    });
  }

  const next = group.status === "completed" ? null : (schedule.find((entry) => entry.status === "pending") ?? null);
  const joinedCount = members.length;
  const viewerMember = byMemberId.get(viewer.id)!;
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    status: group.status,
    memberCount: group.memberCount,
    joinedCount,
    contributionCents: group.contributionCents,
    payoutCents,
    scheduleLine: describeSchedule(scheduleOf(group)),
    timeZone: group.timeZone,
    payoutOrder: group.payoutOrder,
    drawCommitment: group.drawCommitment,
    drawSeed: group.drawSeed,
    today,
    nextContributionOn: next?.date ?? null,
    nextContributionProjected: scheduleProjected,
    daysUntilNextContribution: next ? daysBetween(today, next.date) : null,
    nextPayout: next
      ? { recipientName: next.recipientName, isYou: next.isYou, date: next.date, amountCents: next.amountCents, projected: scheduleProjected }
      : null,
    members,
    schedule,
    scheduleProjected,
    startOn: schedule[0]?.date ?? null,
    endOn: schedule[schedule.length - 1]?.date ?? null,
    clockOffsetDays: Math.round(group.clockOffsetSeconds / 86_400),
    createdAt: group.createdAt.toISOString(),
    startedAt: group.startedAt?.toISOString() ?? null,
    inviteUrlPath: group.status === "forming" && joinedCount < group.memberCount && joinedCount < 12 ? joinUrl(group.inviteCode) : null,
    viewer: {
      memberId: viewer.id,
      isAdmin: viewer.isAdmin,
      canReorder: viewer.isAdmin && group.status === "forming" && group.payoutOrder === "fixed",
      payoutPosition: viewerMember.payoutPosition,
    },
  };
}

/**
 * period number → user ids whose contribution for that period has settled at the bank (the latest attempt), and the
 * ones whose latest attempt failed (late). Read from the bank transfers, the same facts the ledger posts from.
 */
async function paidUserIds(groupId: string) {
  const rows = await db()
    .select({ periodNumber: bankTransfers.periodNumber, userId: bankTransfers.userId, attempt: bankTransfers.attempt, status: bankTransfers.status })
    .from(bankTransfers)
    .where(and(eq(bankTransfers.groupId, groupId), eq(bankTransfers.kind, "contribution")));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.periodNumber}:${row.userId}`;
    const seen = latest.get(key);
    if (!seen || row.attempt > seen.attempt) latest.set(key, row);
  }
  const paid = new Map<number, Set<string>>();
  const late = new Map<number, Set<string>>();
  for (const row of latest.values()) {
    const target = SETTLED_STATUSES.includes(row.status) ? paid : FAILED_STATUSES.includes(row.status) ? late : null;
    if (!target) continue;
    if (!target.has(row.periodNumber)) target.set(row.periodNumber, new Set());
    target.get(row.periodNumber)!.add(row.userId);
  }
  return Object.assign(paid, { late });
}

// ---------------------------------------------------------------------------------------------------------------
// Lists: /groups and the dashboard

export type GroupCardView = {
  id: string;
  name: string;
  status: GroupStatus;
  memberCount: number;
  joinedCount: number;
  contributionCents: number;
  payoutCents: number;
  scheduleLine: string;
  isAdmin: boolean;
  /** Your turn (null until the order is set). */
  yourPosition: number | null;
  nextContributionOn: CalendarDay | null;
  nextPayout: { date: CalendarDay; recipientName: string | null; isYou: boolean; amountCents: number } | null;
  yourPayout: { date: CalendarDay; status: "completed" | "pending" } | null;
  startOn: CalendarDay | null;
  endOn: CalendarDay | null;
  completedPeriods: number;
};

/** The user's groups, newest first, with the figures the cards show. Three queries whatever the number of groups. */
export async function groupCardsFor(userId: string): Promise<GroupCardView[]> {
  const rows = await db()
    .select({ group: groups, member: groupMembers })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(desc(groups.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.group.id);
  const [counts, periods] = await Promise.all([
    db()
      .select({ groupId: groupMembers.groupId, joined: sql<number>`count(*)::int` })
      .from(groupMembers)
      .where(inArray(groupMembers.groupId, ids))
      .groupBy(groupMembers.groupId),
    db()
      .select({ period: groupPeriods, recipientName: users.name, recipientUserId: users.id })
      .from(groupPeriods)
      .innerJoin(groupMembers, eq(groupMembers.id, groupPeriods.recipientMemberId))
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(inArray(groupPeriods.groupId, ids))
      .orderBy(asc(groupPeriods.groupId), asc(groupPeriods.periodNumber)),
  ]);
  const joinedBy = new Map(counts.map((c) => [c.groupId, c.joined]));
  return rows.map(({ group, member }) => {
    const own = periods.filter((p) => p.period.groupId === group.id);
    const next = group.status === "active" ? own.find((p) => p.period.status === "pending") : undefined;
    const mine = own.find((p) => p.recipientUserId === userId);
    return {
      id: group.id,
      name: group.name,
      status: group.status,
      memberCount: group.memberCount,
      joinedCount: joinedBy.get(group.id) ?? 0,
      contributionCents: group.contributionCents,
      payoutCents: payoutPerTurnCents(group.contributionCents, group.memberCount),
      scheduleLine: describeSchedule(scheduleOf(group)),
      isAdmin: member.isAdmin,
      yourPosition:
        member.payoutPosition !== null && group.status !== "forming"
          ? member.payoutPosition
          : group.payoutOrder === "fixed"
            ? member.payoutPosition
            : null,
      nextContributionOn: next?.period.dueOn ?? null,
      nextPayout: next
        ? { date: next.period.dueOn, recipientName: next.recipientName, isYou: next.recipientUserId === userId, amountCents: next.period.payoutCents }
        : null,
      yourPayout: mine ? { date: mine.period.dueOn, status: mine.period.status } : null,
      startOn: group.firstDueOn,
      endOn: group.lastDueOn,
      completedPeriods: own.filter((p) => p.period.status === "completed").length,
    };
  });
}

export type ActivityView = {
  id: string;
  type: Extract<GroupEventType, "contribution" | "payout" | "join">;
  groupId: string;
  groupName: string;
  /** Who joined, contributed or was paid; "You" is decided by the page. */
  personName: string | null;
  isYou: boolean;
  amountCents: number | null;
  occurredAt: string;
};

/** Recent contributions, payouts and joins across the user's groups, newest first. */
export async function recentActivityFor(userId: string, limit = 10): Promise<ActivityView[]> {
  const rows = await db()
    .select({ event: groupEvents, groupName: groups.name, personName: users.name })
    .from(groupEvents)
    .innerJoin(groups, eq(groups.id, groupEvents.groupId))
    .leftJoin(users, eq(users.id, groupEvents.userId))
    .where(
      and(
        inArray(groupEvents.type, ["contribution", "payout", "join"]),
        inArray(groupEvents.groupId, db().select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId))),
      ),
    )
    .orderBy(desc(groupEvents.occurredAt), desc(groupEvents.id))
    .limit(limit);
  return rows.map(({ event, groupName, personName }) => ({
    id: event.id,
    type: event.type as ActivityView["type"],
    groupId: event.groupId,
    groupName,
    personName,
    isYou: event.userId === userId,
    amountCents: event.amountCents,
    occurredAt: event.occurredAt.toISOString(),
  }));
}

export type DashboardStats = {
  activeGroups: number;
  nextContributionOn: CalendarDay | null;
  nextPayoutCents: number | null;
  nextPayoutOn: CalendarDay | null;
};

/** SPEC.md section 2, dashboard stat cards, from the cards already loaded. "Next payout" is the user's own next payout. */
export function dashboardStats(cards: GroupCardView[]): DashboardStats {
  const active = cards.filter((card) => card.status === "active");
  const nextContributionOn =
    active
      .map((card) => card.nextContributionOn)
      .filter((day): day is string => day !== null)
      .sort()[0] ?? null;
  const payouts = active
    .filter((card) => card.yourPayout?.status === "pending")
    .map((card) => ({ date: card.yourPayout!.date, amountCents: card.payoutCents }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return {
    activeGroups: active.length,
    nextContributionOn,
    nextPayoutCents: payouts[0]?.amountCents ?? null,
    nextPayoutOn: payouts[0]?.date ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The join page

export type InvitationView = {
  groupId: string;
  groupName: string;
  description: string;
  adminName: string;
  memberCount: number;
  joinedCount: number;
  contributionCents: number;
  payoutCents: number;
  scheduleLine: string;
  firstContributionOn: CalendarDay;
  /** Your turn if you join now (fixed order), or null: drawn at the start (random). */
  yourPosition: number | null;
  payoutOrder: "fixed" | "random";
  drawCommitment: string | null;
};

export async function invitationView(group: GroupRow, now = new Date()): Promise<InvitationView> {
  const [[admin], [{ joined } = { joined: 0 }]] = await Promise.all([
    db()
      .select({ name: users.name })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.isAdmin, true)))
      .limit(1),
    db().select({ joined: sql<number>`count(*)::int` }).from(groupMembers).where(eq(groupMembers.groupId, group.id)),
  ]);
  return {
    groupId: group.id,
    groupName: group.name,
    description: group.description,
    adminName: admin?.name ?? "The group admin",
    memberCount: group.memberCount,
    joinedCount: joined,
    contributionCents: group.contributionCents,
    payoutCents: payoutPerTurnCents(group.contributionCents, group.memberCount),
    scheduleLine: describeSchedule(scheduleOf(group)),
    firstContributionOn: projectedFirstDue(group, now),
    yourPosition: group.payoutOrder === "fixed" ? joined + 1 : null,
    payoutOrder: group.payoutOrder,
    drawCommitment: group.drawCommitment,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The calendar file

export type CalendarEntry = { kind: "contribution" | "payout"; date: CalendarDay; amountCents: number; periodNumber: number };

/** The member's contribution due days and their payout day; null for non-members and groups not started. */
export async function calendarEntriesFor(userId: string, groupId: string) {
  if (!isUuid(groupId)) return null;
  const [row] = await db()
    .select({ group: groups, member: groupMembers })
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(eq(groups.id, groupId));
  if (!row) return null;
  const periods = await db().select().from(groupPeriods).where(eq(groupPeriods.groupId, groupId)).orderBy(asc(groupPeriods.periodNumber));
  const entries: CalendarEntry[] = [];
  for (const period of periods) {
    entries.push({ kind: "contribution", date: period.dueOn, amountCents: row.group.contributionCents, periodNumber: period.periodNumber });
    if (period.recipientMemberId === row.member.id) {
      entries.push({ kind: "payout", date: period.dueOn, amountCents: period.payoutCents, periodNumber: period.periodNumber });
    }
  }
  return { group: row.group, entries };
}
