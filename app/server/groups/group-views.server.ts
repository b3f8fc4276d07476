/**
 * Groups: the reads behind the group page, /groups, the dashboard, the join page and the calendar file. Every read is
 * scoped by membership: a non-member and an unknown id get the same null (no existence leak). A few set-based
 * queries per page, never one per member or group.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { payoutPerTurnCents } from "~/domain/groups";
import { nextDebitDay } from "~/domain/failed-contribution";
import { daysBetween, describeSchedule, periodDates, todayIn, type CalendarDay } from "~/domain/schedule";
import { db, preparedQuery } from "../db/client.server";
import { FAILED_STATUSES, SETTLED_STATUSES, type TransferStatus } from "~/domain/money";
import {
  type ConsentedPayoutState,
  consentedPayoutState,
  type DatedAttempt,
  type DatedStep,
  headlineStep,
  type PaymentDates,
  paymentDates,
  payoutDay,
  payoutDaysText,
  payoutNextSteps,
  plannedDates,
} from "~/domain/payment-dates";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { formatCalendarDay } from "~/domain/format";
import { translator } from "../platform/locale.server";
import { groupDescription } from "../email/email-words";
import { scheduleWords } from "../email/templates";
import { groupMembers, groups, type GroupEventType, type GroupInvitationStatus, type GroupRemovalKind, type GroupStatus } from "../db/schema";
import { visibleProfile, type VisibleProfile } from "../profile/profile.server";
import { type MemberTotals, type PoolMovement, poolMovementsFrom, type SavingsProgress, savingsFrom } from "~/domain/charts";
import { joinUrl, projectedFirstDue, scheduleOf } from "./groups.server";
import { type SentInvitation, sentInvitationViews } from "./invitations.server";
import { type GroupMoney, type GroupMoneyJson, groupMoneyFrom, groupMoneyJson } from "../money/debit-choice.server";
import { type RecordFacts, type RecordView, recordFactsJson, recordsFrom } from "./reliability.server";
import { recordSummary, type Standing } from "~/domain/reliability";
import { ROSTER_HISTORY_LIMIT, type RosterHistoryEntry } from "~/domain/roster";
import {
  OPEN_SWAP_STATUSES,
  orderBeforeSwaps,
  SWAP_MESSAGES,
  type SwapStatus,
  swapHelpText,
  swapClosesOn,
  swapStatusLine,
  turnOpen,
  turnPayoutText,
} from "~/domain/swaps";

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
  /**
   * Their reliability record's short summary (ADR 041), when they share it (and their profile is visible), or their
   * own to the viewer; null otherwise.
   */
  record: { summary: string; standing: Standing } | null;
};

/** A period's dates (payment-dates.ts), as the page shows them: each planned or done. */
export type ScheduleDatesView = { due: CalendarDay; collected: DatedStep | null; sent: DatedStep | null; arrival: DatedStep | null };

/**
 * A turn whose recipient accepted what had arrived (ADR 053 step 4): what went out at the consent, and each late
 * member's part, owed to the recipient or collected and sent on.
 */
export type PartialPayout = {
  arrivedCents: number;
  consentedOn: CalendarDay;
  /** Where the payout of what arrived is (being sent, sent, failed and sent again, or not sent again): its latest attempt. */
  payout: ConsentedPayoutState;
  debts: Array<{
    name: string;
    amountCents: number;
    status: "owed" | "collected";
    collectedOn: CalendarDay | null;
    /** Once collected: where its rest payout is. */
    rest: ConsentedPayoutState | null;
  }>;
};

/** A period's consent as the page's statement reads it: the attempt numbers of its payouts, looked up in its attempts. */
type PageConsent = {
  arrivedCents: number;
  consentedOn: CalendarDay;
  payoutAttempt: number | null;
  debts: Array<{ name: string; amountCents: number; status: "owed" | "collected"; collectedOn: CalendarDay | null; restAttempt: number | null }>;
};

export type ScheduleRowView = {
  position: number;
  recipientName: string | null;
  isYou: boolean;
  /** The period's due day. */
  date: CalendarDay;
  amountCents: number;
  /** Set when the recipient accepted what had arrived: then `amountCents` is the full pot, not what was sent. */
  partial: PartialPayout | null;
  status: "completed" | "pending";
  /** Due, collected, payout sent and arrival (expected or arrived), from the one model of a payment's dates. */
  dates: ScheduleDatesView;
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
  /**
   * Active: the next due day from today on (the current period's, once every due day has passed). Forming: projected
   * (if the group filled today). Completed: null.
   */
  nextContributionOn: CalendarDay | null;
  nextContributionProjected: boolean;
  /**
   * The "Next contribution" card: for an active group the viewer's own next debit, by the dashboard's rule
   * (`nextDebitDay`): the earliest of their next scheduled contribution and each late one's next automatic attempt, or
   * today for a late one with nothing automatic left (Pay now); null when there is none (never a day gone by). Forming:
   * the projected day; completed: null. `nextContributionOn` stays the group's.
   */
  yourNextContributionOn: CalendarDay | null;
  /** The viewer's next contribution is a late one only Pay now pays (the card says so). */
  yourNextIsPayNow: boolean;
  /**
   * The Next Payout card's line: negative ("deadline has passed") once every due day has gone by; otherwise, for an
   * active group, days until `yourNextContributionOn` (null when the viewer has none ahead), and for a forming one
   * until `nextContributionOn`.
   */
  daysUntilNextContribution: number | null;
  nextPayout: {
    recipientName: string | null;
    isYou: boolean;
    date: CalendarDay;
    amountCents: number;
    /** The recipient accepted what had arrived (ADR 053 step 4): what was sent and what is still owed, by whom. */
    partial: PartialPayout | null;
    projected: boolean;
    /** Its dates (payment-dates.ts): the arrival is null while it cannot be told (a contribution will not come in by itself). */
    dates: ScheduleDatesView;
    /** Once its due day has passed: when it goes out, or what happens about a contribution that failed (payoutNextSteps). */
    nextSteps: string[];
  } | null;
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
  /** Turn swaps (ADR 041); null before the group starts. */
  swaps: SwapsView | null;
  /** While forming (ADR 050): who joined, left, was removed or invited again, newest first; null once it starts. */
  rosterHistory: RosterHistoryEntry[] | null;
};

/** One swap as the page shows it, with what the viewer may do with it. */
export type SwapView = {
  id: string;
  status: SwapStatus;
  /** Each side's turn, with its payout's days in words (turnPayoutText; null once the period is gone). */
  proposer: { name: string; isYou: boolean; period: number; dueOn: CalendarDay | null; payoutText: string | null };
  counterpart: { name: string; isYou: boolean; period: number; dueOn: CalendarDay | null; payoutText: string | null };
  /** What this viewer reads as its status ("Waiting for your answer" to the person asked). */
  statusLine: string;
  needsApproval: boolean;
  createdAt: string;
  swappedAt: string | null;
  decidedByName: string | null;
  /** Its turns went into payment meanwhile: it can't happen any more (the next step on it cancels it). */
  stale: boolean;
  /** An open swap closes unanswered on this day (the earlier turn's due day, swapClosesOn); null once it can't happen. */
  closesOn: CalendarDay | null;
  canAnswer: boolean;
  canDecide: boolean;
  canWithdraw: boolean;
};

export type SwapsView = {
  /** Whether the admin approves swaps the two members agreed on. */
  needApproval: boolean;
  /** Members whose turn the viewer may propose to take (both turns open, neither held); empty when the viewer's isn't open. */
  candidates: Array<{ memberId: string; name: string; period: number; dueOn: CalendarDay; payoutText: string }>;
  /** The viewer's own turn, with its payout's days, when it is open to a swap. */
  yourTurn: { period: number; payoutText: string } | null;
  /** The help text, matching whether an approval follows (swapHelpText). */
  helpText: string;
  /** Why the viewer can't propose one, when they can't. */
  cannotPropose: string | null;
  /** Open swaps the viewer is part of, or all of them for the admin. */
  open: SwapView[];
  /** Swaps done, in the order they were done (the draw's and the order's record). */
  done: SwapView[];
  /** Each turn's member before any swap (names, turn 1 first), when there was a swap. */
  orderBeforeSwaps: string[] | null;
};

type GroupRow = typeof groups.$inferSelect;

type PageMember = {
  id: string;
  isAdmin: boolean;
  joinOrder: number;
  payoutPosition: number | null;
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  profileVisible: boolean;
};
type PagePeriod = {
  periodNumber: number;
  recipientMemberId: string;
  dueOn: CalendarDay;
  payoutCents: number;
  status: "pending" | "completed";
  /** A bank transfer exists for the period (its collection began): its turn is in flight (ADR 041). */
  hasTransfers: boolean;
  /** The recipient accepted what had arrived (ADR 053 step 4), with what each late member owes or has paid on. */
  consent: PageConsent | null;
};
type PageSwap = {
  id: string;
  status: SwapStatus;
  proposerMemberId: string;
  counterpartMemberId: string;
  proposerPeriod: number;
  counterpartPeriod: number;
  needsApproval: boolean;
  createdAt: string;
  swappedAt: string | null;
  decidedByName: string | null;
};
type PageAttempt = {
  kind: "contribution" | "payout";
  periodNumber: number;
  userId: string;
  attempt: number;
  status: TransferStatus;
  statusOn: CalendarDay;
  initiatedOn: CalendarDay;
  retryOn: CalendarDay | null;
  failureCode: string | null;
  waitingForMember: boolean;
  settledOn: CalendarDay | null;
  expectedFundsAvailableOn: CalendarDay | null;
  /** The member's own Pay now (ADR 052). */
  payNow: boolean;
};
type PagePoolDay = { day: CalendarDay; inCents: number; outCents: number };
type PageHistory = {
  id: string;
  kind: "join" | "left" | "removed" | "invited_again";
  name: string;
  at: string;
  day: CalendarDay;
  reason: string | null;
  userId: string | null;
};
type PageInvitation = {
  id: string;
  email: string;
  status: GroupInvitationStatus;
  createdAt: string;
  expiresAt: string;
  /** The invitee joined and is no longer a member: they left, or the admin removed them, after it was sent. */
  afterwards: GroupRemovalKind | null;
};

/**
 * The whole group page in one statement (issue 15: each query held a pooled connection for a turn of the event loop,
 * so a page's queries, not PostgreSQL's work, were what ran out): the group found through the viewer's membership —
 * no row for anyone else, and then none of the rest is read — with its members, periods and the current period's
 * latest contribution attempt per member as JSON, and, when `panels` is set, the pool's movements per day (once the
 * group runs) and, for its admin, the invitations sent.
 */
const groupPageRow = preparedQuery("group_page", (database, name) => {
  const panels = sql`${sql.placeholder("panels")}::boolean`;
  return database
    .select({
      group: groups,
      viewer: groupMembers,
      // Each list's rows are written by json_agg from the row itself, its columns named as the keys: a fraction of what
      // json_build_object costs PostgreSQL per value (ADR 059 part ten (p)).
      members: sql<PageMember[]>`(
        select coalesce(json_agg(x order by x."joinOrder"), '[]'::json) from (
          select m.id, m.is_admin as "isAdmin", m.join_order as "joinOrder", m.payout_position as "payoutPosition",
            u.id as "userId", u.name, u.email, u.phone, u.city, u.state, u.profile_visible as "profileVisible"
          from group_members m join users u on u.id = m.user_id
          where m.group_id = ${groups.id}) x)`,
      // A period's consent (at most one: turn_consents_period_idx) joined once rather than looked for per period.
      periods: sql<PagePeriod[]>`(
        select coalesce(json_agg(x order by x."periodNumber"), '[]'::json) from (
          select p.period_number as "periodNumber", p.recipient_member_id as "recipientMemberId", p.due_on as "dueOn",
            p.payout_cents as "payoutCents", p.status,
            exists (select 1 from bank_transfers t where t.group_id = p.group_id and t.period_number = p.period_number) as "hasTransfers",
            case when c.id is not null then json_build_object('arrivedCents', c.arrived_cents, 'consentedOn', c.consented_on,
              'payoutAttempt', (select t.attempt from bank_transfers t where t.id = c.payout_transfer_id),
              'debts', (select coalesce(json_agg(json_build_object('name', du.name, 'amountCents', d.amount_cents, 'status', d.status,
                'collectedOn', d.collected_on, 'restAttempt', (select t.attempt from bank_transfers t where t.id = d.rest_transfer_id))
                order by du.name), '[]'::json)
                from turn_debts d join users du on du.id = d.debtor_user_id where d.consent_id = c.id)) end as consent
          from group_periods p
          left join turn_consents c on c.group_id = p.group_id and c.period_number = p.period_number
          where p.group_id = ${groups.id}) x)`,
      // Turn swaps (ADR 041), oldest first.
      swaps: sql<PageSwap[]>`(
        select coalesce(json_agg(json_build_object(
          'id', s.id, 'status', s.status, 'proposerMemberId', s.proposer_member_id, 'counterpartMemberId', s.counterpart_member_id,
          'proposerPeriod', s.proposer_period, 'counterpartPeriod', s.counterpart_period, 'needsApproval', s.needs_approval,
          'createdAt', s.created_at, 'swappedAt', s.swapped_at, 'decidedByName', d.name) order by s.created_at, s.id), '[]'::json)
        from turn_swaps s left join users d on d.id = s.decided_by
        where s.group_id = ${groups.id})`,
      // Every contribution and payout attempt (at most members × periods × MAX_ATTEMPTS rows, and once a group starts),
      // by period, kind, member and attempt, with the day its settlement was posted: the facts of the payment dates
      // (payment-dates.ts). Set-based (ADR 059 part ten (p)): the settlement days come from one grouped pass over the
      // group's postings (ledger_transfers' group index; a posting's group is its bank transfer's, which the ledger
      // verification checks) rather than a subplan per attempt, and each row is written by json_agg from the row itself
      // (its columns named as the keys), which costs PostgreSQL a fraction of json_build_object's per-value work.
      attempts: sql<PageAttempt[]>`case when ${groups.status} <> 'forming' then (
        select coalesce(json_agg(x order by x."periodNumber", x.kind, x."userId", x.attempt), '[]'::json) from (
          select t.kind, t.period_number as "periodNumber", t.user_id as "userId", t.attempt, t.status,
            t.status_on as "statusOn", t.initiated_on as "initiatedOn", t.retry_on as "retryOn", t.failure_code as "failureCode",
            t.waiting_for_member_at is not null as "waitingForMember", t.expected_funds_available_on as "expectedFundsAvailableOn",
            s.settled_on as "settledOn", t.pay_now as "payNow"
          from bank_transfers t
          left join (
            select l.bank_transfer_id, min(l.effective_on) as settled_on from ledger_transfers l
            where l.group_id = ${groups.id} and l.reason in ('contribution', 'shortfall_repaid', 'payout_settled')
            group by l.bank_transfer_id) s on s.bank_transfer_id = t.id
          where t.group_id = ${groups.id} and t.kind in ('contribution', 'payout')) x) else '[]'::json end`,
      pool: sql<PagePoolDay[] | null>`case when ${panels} and ${groups.status} <> 'forming' then (
        select coalesce(json_agg(days order by days.day), '[]'::json)
        from (
          select l.effective_on as day,
            coalesce(sum(l.amount_cents) filter (where l.credit_account_id = a.id), 0) as "inCents",
            coalesce(sum(l.amount_cents) filter (where l.debit_account_id = a.id), 0) as "outCents"
          from ledger_accounts a join ledger_transfers l on l.credit_account_id = a.id or l.debit_account_id = a.id
          where a.kind = 'group_pool' and a.group_id = ${groups.id}
          group by l.effective_on
        ) days) end`,
      // Every member's reliability facts (ADR 041), for those who share them and the viewer: reliability.server.ts.
      records: recordFactsJson(sql`select m.user_id from group_members m where m.group_id = ${groups.id}`, sql`${sql.placeholder("userId")}::uuid`),
      // A forming group's roster history (ADR 050): who joined, left, was removed or invited again, newest first; a
      // removal's reason only for the admin; whether the admin may invite that person again now.
      history: sql<PageHistory[] | null>`case when ${groups.status} = 'forming' then (
        select coalesce(json_agg(h order by h."at" desc), '[]'::json) from (
          select ev.id as "id", ev.type as "kind", coalesce(u.name, 'A former member') as "name", ev.occurred_at as "at",
            coalesce(ev.occurred_on, (ev.occurred_at at time zone ${groups.timeZone})::date) as "day",
            case when ${groupMembers.isAdmin} and ev.type = 'removed' then (
              select r.reason from group_removals r
              where r.group_id = ev.group_id and r.user_id = ev.user_id and r.removed_at <= ev.occurred_at
              order by r.removed_at desc limit 1) end as "reason",
            case when ${groupMembers.isAdmin} and ev.type in ('removed', 'left')
              and exists (select 1 from group_removals r where r.group_id = ev.group_id and r.user_id = ev.user_id and r.lifted_at is null)
              and not exists (select 1 from group_members m where m.group_id = ev.group_id and m.user_id = ev.user_id)
              then ev.user_id end as "userId"
          from group_events ev left join users u on u.id = ev.user_id
          where ev.group_id = ${groups.id} and ev.type in ('join', 'left', 'removed', 'invited_again')
          order by ev.occurred_at desc limit ${ROSTER_HISTORY_LIMIT}) h) end`,
      invitations: sql<PageInvitation[] | null>`case when ${panels} and ${groupMembers.isAdmin} then (
        select coalesce(json_agg(json_build_object(
          'id', i.id, 'email', i.email, 'status', i.status, 'createdAt', i.created_at, 'expiresAt', i.expires_at,
          'afterwards', (select r.kind from group_removals r join users u on u.id = r.user_id
            where r.group_id = i.group_id and lower(u.email) = lower(i.email) and r.removed_at >= i.created_at
              and not exists (select 1 from group_members m where m.group_id = r.group_id and m.user_id = r.user_id)
            order by r.removed_at desc limit 1))
          order by i.created_at, i.email), '[]'::json)
        from group_invitations i
        where i.group_id = ${groups.id}) end`,
      // Which account pays and the late contributions (issue 44), until the group completes: the viewer's, or every
      // member's for the admin (debit-choice.server.ts). Part of this statement since issue 47 (ADR 059).
      money: sql<GroupMoneyJson | null>`case when ${panels} and ${groups.status} <> 'completed' then ${groupMoneyJson({
        userId: sql.placeholder("userId"),
        groupId: sql`${groups.id}`,
        chosen: sql`${groupMembers.debitBankAccountId}`,
        isAdmin: sql`${groupMembers.isAdmin}`,
      })} end`,
      // A turn of the viewer's that waits on a failed contribution with no payout under way, a consent they gave, or a
      // debt they owe a recipient (ADR 053 step 4): only then does the page read the consent panel (turn-consent.server.ts).
      turnWaiting: sql<boolean>`case when ${panels} and ${groups.status} = 'active' then (
        exists (select 1 from turn_consents c where c.group_id = ${groups.id} and c.recipient_user_id = ${groupMembers.userId})
        or exists (select 1 from turn_debts d where d.group_id = ${groups.id} and d.debtor_user_id = ${groupMembers.userId} and d.status = 'owed')
        or exists (select 1 from group_periods p where p.group_id = ${groups.id} and p.recipient_member_id = ${groupMembers.id}
          and exists (select 1 from bank_transfers t where t.group_id = p.group_id and t.period_number = p.period_number
            and t.kind = 'contribution' and t.status in ('declined', 'failed', 'returned'))
          and not exists (select 1 from bank_transfers t where t.group_id = p.group_id and t.period_number = p.period_number
            and t.kind = 'payout' and t.status not in ('declined', 'failed', 'returned', 'cancelled')))) else false end`,
    })
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, sql.placeholder("userId"))))
    .where(eq(groups.id, sql.placeholder("groupId")))
    .prepare(name);
});

/**
 * The page's panels beyond the group itself: the pool over the cycle (once it runs), for its admin the invitations
 * sent, and the viewer's money until the group completes (which account pays, late contributions).
 */
export type GroupPagePanels = {
  poolMovements: PoolMovement[] | null;
  sentInvitations: SentInvitation[] | null;
  money: GroupMoney | null;
  /** Whether the viewer has a turn a consent could resolve, gave one, or owes a recipient (ADR 053 step 4). */
  turnWaiting: boolean;
};

/** The group page for one of its members, or null (unknown id, malformed id, or not a member: the same to the caller). */
export async function groupPageFor(userId: string, groupId: string, now = new Date()): Promise<GroupPageView | null> {
  return (await groupPageWithPanels(userId, groupId, now, { panels: false }))?.group ?? null;
}

/**
 * The group page with its panels, in one query whatever the size of the group (groupPageRow).
 */
export async function groupPageWithPanels(
  userId: string,
  groupId: string,
  now = new Date(),
  { panels = true, locale = DEFAULT_LOCALE }: { panels?: boolean; locale?: Locale } = {},
): Promise<({ group: GroupPageView } & GroupPagePanels) | null> {
  if (!isUuid(groupId)) return null;
  const [row] = await groupPageRow().execute({ groupId, userId, panels });
  if (!row) return null;
  const { group, viewer, periods } = row;
  const poolMovements = row.pool ? poolMovementsFrom(row.pool) : null;
  const invitationRows = row.invitations
    ? row.invitations.map((invitation) => ({ ...invitation, createdAt: new Date(invitation.createdAt), expiresAt: new Date(invitation.expiresAt) }))
    : null;
  // The group's own clock: real time plus its sandbox offset (zero unless its admin moved it).
  const clockNow = new Date(now.getTime() + group.clockOffsetSeconds * 1000);
  const today = todayIn(group.timeZone, clockNow);
  const payoutCents = payoutPerTurnCents(group.contributionCents, group.memberCount);
  const attempts: DatedAttempt[] = row.attempts;
  const current = periods.find((period) => period.status === "pending") ?? null;
  const { paid: paidNow, late: lateNow } = paymentsByOutcome(attempts, current?.periodNumber ?? null);
  const records = recordsFrom(row.records, now);

  const members: MemberView[] = row.members.map((member) => {
    const user = { id: member.userId, name: member.name, email: member.email, phone: member.phone, city: member.city, state: member.state };
    return {
      memberId: member.id,
      profile: user.id === userId ? user : visibleProfile({ ...user, profileVisible: member.profileVisible }),
      isAdmin: member.isAdmin,
      isYou: user.id === userId,
      joinOrder: member.joinOrder,
      payoutPosition: member.payoutPosition,
      hasPaid: paidNow.has(user.id),
      isLate: lateNow.has(user.id),
      record: recordLine(records.get(user.id), locale),
    };
  });
  const byMemberId = new Map(members.map((member) => [member.memberId, member]));
  const userIdOf = new Map(row.members.map((member) => [member.id, member.userId]));
  const memberUserIds = row.members.map((member) => member.userId);
  const byUserId = new Map(row.members.map((member, index) => [member.userId, members[index]!]));

  let schedule: ScheduleRowView[];
  let scheduleProjected = false;
  if (periods.length > 0) {
    schedule = periods.map((period) => {
      const recipient = byMemberId.get(period.recipientMemberId);
      const dates = paymentDates(
        { ...period, consented: period.consent !== null },
        memberUserIds,
        userIdOf.get(period.recipientMemberId) ?? null,
        attempts,
        today,
      );
      return {
        position: period.periodNumber,
        recipientName: recipient?.profile.name ?? null,
        isYou: recipient?.isYou ?? false,
        date: period.dueOn,
        amountCents: period.payoutCents,
        partial: period.consent ? partialPayoutOf(period.consent, period.periodNumber, attempts, today) : null,
        status: period.status,
        dates: { due: dates.due, collected: dates.collected, sent: dates.sent, arrival: dates.arrival },
      };
    });
  } else {
    scheduleProjected = true;
    const dates = periodDates(scheduleOf(group), projectedFirstDue(group, clockNow), group.memberCount);
    const byPosition = new Map(members.filter((m) => m.payoutPosition !== null).map((m) => [m.payoutPosition!, m]));
    schedule = dates.map((date, index) => {
      const recipient = group.payoutOrder === "fixed" ? byPosition.get(index + 1) : undefined;
      const planned = plannedDates(index + 1, date);
      return {
        position: index + 1,
        recipientName: recipient?.profile.name ?? null,
        isYou: recipient?.isYou ?? false,
        date,
        amountCents: payoutCents,
        partial: null,
        status: "pending",
        dates: { due: planned.due, collected: planned.collected, sent: planned.sent, arrival: planned.arrival },
      };
    });
  }

  const swaps =
    group.status === "forming"
      ? null
      : swapsView(row.swaps, periods, members, byMemberId, viewer.id, viewer.isAdmin, today, group.swapsNeedApproval, locale);
  const next = group.status === "completed" ? null : (schedule.find((entry) => entry.status === "pending") ?? null);
  // The next contribution is the next due day from today on; once every due day has passed, the current period's (its
  // deadline has passed, and the Next Payout card says what happens next).
  const nextDue = group.status === "completed" ? null : (schedule.find((entry) => entry.date >= today)?.date ?? next?.date ?? null);
  const nextDates =
    next && current && group.status === "active"
      ? paymentDates(
          { ...current, consented: current.consent !== null },
          memberUserIds,
          userIdOf.get(current.recipientMemberId) ?? null,
          attempts,
          today,
        )
      : null;
  const joinedCount = members.length;
  const viewerMember = byMemberId.get(viewer.id)!;
  const view: GroupPageView = {
    id: group.id,
    name: group.name,
    description: groupDescription(group, scheduleOf(group), locale),
    status: group.status,
    memberCount: group.memberCount,
    joinedCount,
    contributionCents: group.contributionCents,
    payoutCents,
    // English is describeSchedule word for word (SPEC.md); another language the emails' and cards' scheduleWords.
    scheduleLine: locale === DEFAULT_LOCALE ? describeSchedule(scheduleOf(group)) : scheduleWords(scheduleOf(group), locale),
    timeZone: group.timeZone,
    payoutOrder: group.payoutOrder,
    drawCommitment: group.drawCommitment,
    drawSeed: group.drawSeed,
    today,
    nextContributionOn: nextDue,
    nextContributionProjected: scheduleProjected,
    // Active: set below, from the viewer's own contributions; forming: projected; completed: none.
    yourNextContributionOn: group.status === "forming" ? nextDue : null,
    yourNextIsPayNow: false,
    daysUntilNextContribution: nextDue ? daysBetween(today, nextDue) : null,
    nextPayout: next
      ? {
          recipientName: next.recipientName,
          isYou: next.isYou,
          date: next.date,
          amountCents: next.amountCents,
          partial: next.partial,
          projected: scheduleProjected,
          dates: next.dates,
          nextSteps: nextDates
            ? payoutNextSteps({
                dates: nextDates,
                today,
                recipient: { name: next.recipientName ?? "The recipient", isYou: next.isYou },
                payoutCents: next.amountCents,
                words: locale === DEFAULT_LOCALE ? undefined : { t: translator(locale), locale },
                person: (id) => {
                  const member = byUserId.get(id);
                  return { name: member?.profile.name ?? "A member", isYou: member?.isYou ?? false };
                },
              })
            : [],
        }
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
    swaps,
    rosterHistory: row.history
      ? row.history.map((entry) => ({
          id: entry.id,
          kind: entry.kind === "join" ? "joined" : entry.kind,
          name: entry.name,
          day: entry.day,
          reason: entry.reason,
          userId: entry.userId,
        }))
      : null,
  };
  const money = row.money ? groupMoneyFrom(row.money, userId, viewer.isAdmin, now, locale) : null;
  if (group.status === "active") {
    // The dashboard's rule (dashboard.server.ts), so the two cards agree: the first period none of the viewer's
    // contributions was attempted for, weighed against their late ones' next attempts (issue: a past due day shown).
    const attempted = new Set(attempts.filter((a) => a.kind === "contribution" && a.userId === userId).map((a) => a.periodNumber));
    const scheduled = periods.find((period) => !attempted.has(period.periodNumber))?.dueOn ?? null;
    const lateMine = money?.late ?? [];
    view.yourNextContributionOn = nextDebitDay(scheduled, lateMine, today);
    view.yourNextIsPayNow =
      view.yourNextContributionOn !== null && lateMine.some((late) => late.nextAttemptOn === null && late.today === view.yourNextContributionOn);
    // The Next Payout card's days-until line counts to the day the "Next contribution" card shows, so the two never
    // disagree (a late member's retry, or a debit already sent for this period's due day, read "10 December" beside "6
    // days until next contribution"); with none of the viewer's ahead it is not said. A deadline gone by is the
    // group's, and still said.
    if (view.daysUntilNextContribution !== null && view.daysUntilNextContribution >= 0)
      view.daysUntilNextContribution = view.yourNextContributionOn !== null ? daysBetween(today, view.yourNextContributionOn) : null;
  }
  return {
    group: view,
    poolMovements,
    money,
    turnWaiting: row.turnWaiting === true,
    sentInvitations: invitationRows
      ? sentInvitationViews(invitationRows, { status: group.status, joinedCount, memberCount: group.memberCount }, now)
      : null,
  };
}

/**
 * A consented period's amount facts (ADR 053 step 4): what arrived and each late part, with where each payout of it is
 * (consentedPayoutState, read from the period's payout attempts: the same rows the page's payment dates read).
 */
function partialPayoutOf(consent: PageConsent, periodNumber: number, attempts: readonly DatedAttempt[], today: CalendarDay): PartialPayout {
  const payouts = attempts.filter((a) => a.kind === "payout" && a.periodNumber === periodNumber);
  const failures = payouts.filter((a) => FAILED_STATUSES.includes(a.status)).length;
  const stateOf = (attempt: number | null) =>
    consentedPayoutState(
      payouts.find((a) => a.attempt === attempt),
      failures,
      today,
    );
  return {
    arrivedCents: Number(consent.arrivedCents),
    consentedOn: consent.consentedOn,
    payout: stateOf(consent.payoutAttempt),
    debts: consent.debts.map((d) => ({
      name: d.name,
      amountCents: Number(d.amountCents),
      status: d.status,
      collectedOn: d.collectedOn,
      rest: d.status === "collected" ? stateOf(d.restAttempt) : null,
    })),
  };
}

/**
 * The page's turn swaps (ADR 041): what the viewer may propose (to whom), the open swaps they are part of (all of them
 * for the admin) with what they may do, the swaps done, and the order before them. The rules are app/domain/swaps.ts;
 * the server checks them again, under the group's lock, whatever the page offered.
 */
function swapsView(
  rows: PageSwap[],
  periods: PagePeriod[],
  members: MemberView[],
  byMemberId: Map<string, MemberView>,
  viewerMemberId: string,
  viewerIsAdmin: boolean,
  today: CalendarDay,
  needApproval: boolean,
  locale: Locale = DEFAULT_LOCALE,
): SwapsView {
  // The lines written here in the reader's language (ADR 056): English is app/domain/swaps.ts's own words.
  const english = locale === DEFAULT_LOCALE;
  const t = translator(locale);
  const payoutText = (turn: number, dueOn: CalendarDay, options: { yours?: boolean } = {}) =>
    english ? turnPayoutText(turn, dueOn, options) : payoutDaysTextIn(plannedDates(turn, dueOn), options.yours ?? false, locale);
  const periodOf = new Map(periods.map((period) => [period.periodNumber, period]));
  const open = (period: PagePeriod | undefined) => period !== undefined && turnOpen(period, today);
  // A swap that can't happen any more (a turn of it went into payment) holds no turn: the next proposal ends it.
  const possible = (swap: PageSwap) => open(periodOf.get(swap.proposerPeriod)) && open(periodOf.get(swap.counterpartPeriod));
  const held = new Set(
    rows
      .filter((swap) => OPEN_SWAP_STATUSES.includes(swap.status) && possible(swap))
      .flatMap((swap) => [swap.proposerPeriod, swap.counterpartPeriod]),
  );
  const mine = periods.find((period) => period.recipientMemberId === viewerMemberId);
  let cannotPropose: string | null = null;
  if (!mine || !open(mine)) cannotPropose = english ? SWAP_MESSAGES.yourTurnClosed : t("groupPage.swaps.yourTurnClosed");
  else if (held.has(mine.periodNumber)) cannotPropose = english ? "Your turn is part of a swap proposal already." : t("groupPage.swaps.yourTurnHeld");
  const candidates =
    cannotPropose === null
      ? periods
          .filter((period) => period.recipientMemberId !== viewerMemberId && open(period) && !held.has(period.periodNumber))
          .map((period) => ({
            memberId: period.recipientMemberId,
            name: byMemberId.get(period.recipientMemberId)?.profile.name ?? "A member",
            period: period.periodNumber,
            dueOn: period.dueOn,
            payoutText: payoutText(period.periodNumber, period.dueOn),
          }))
      : [];
  if (cannotPropose === null && candidates.length === 0)
    cannotPropose = english ? "No other member's turn can be swapped right now." : t("groupPage.swaps.noneOpen");
  const view = (swap: PageSwap): SwapView => {
    const side = (memberId: string, period: number) => ({
      name: byMemberId.get(memberId)?.profile.name ?? "A former member",
      isYou: memberId === viewerMemberId,
      period,
      dueOn: periodOf.get(period)?.dueOn ?? null,
      payoutText: periodOf.has(period) ? payoutText(period, periodOf.get(period)!.dueOn, { yours: memberId === viewerMemberId }) : null,
    });
    const isOpen = OPEN_SWAP_STATUSES.includes(swap.status);
    return {
      id: swap.id,
      status: swap.status,
      statusLine: english
        ? swapStatusLine(swap.status, swap.counterpartMemberId === viewerMemberId, viewerIsAdmin)
        : swap.status === "proposed" && swap.counterpartMemberId === viewerMemberId
          ? t("groupPage.swaps.status.yourAnswer")
          : swap.status === "accepted" && viewerIsAdmin
            ? t("groupPage.swaps.status.yourApproval")
            : t(`groupPage.swaps.status.${swap.status}`),
      proposer: side(swap.proposerMemberId, swap.proposerPeriod),
      counterpart: side(swap.counterpartMemberId, swap.counterpartPeriod),
      needsApproval: swap.needsApproval,
      createdAt: new Date(swap.createdAt).toISOString(),
      swappedAt: swap.swappedAt ? new Date(swap.swappedAt).toISOString() : null,
      decidedByName: swap.decidedByName,
      stale: isOpen && !possible(swap),
      closesOn: (() => {
        const [a, b] = [periodOf.get(swap.proposerPeriod)?.dueOn, periodOf.get(swap.counterpartPeriod)?.dueOn];
        return isOpen && possible(swap) && a && b ? swapClosesOn(a, b) : null;
      })(),
      canAnswer: swap.status === "proposed" && swap.counterpartMemberId === viewerMemberId,
      canDecide: swap.status === "accepted" && viewerIsAdmin,
      canWithdraw: isOpen && swap.proposerMemberId === viewerMemberId,
    };
  };
  const openSwaps = rows
    .filter((swap) => OPEN_SWAP_STATUSES.includes(swap.status))
    .filter((swap) => viewerIsAdmin || swap.proposerMemberId === viewerMemberId || swap.counterpartMemberId === viewerMemberId)
    .map(view);
  const doneRows = rows.filter((swap) => swap.status === "swapped").sort((a, b) => (a.swappedAt ?? "").localeCompare(b.swappedAt ?? ""));
  const current = periods.map((period) => byMemberId.get(period.recipientMemberId)?.profile.name ?? "A member");
  return {
    needApproval,
    candidates,
    yourTurn:
      mine && cannotPropose === null ? { period: mine.periodNumber, payoutText: payoutText(mine.periodNumber, mine.dueOn, { yours: true }) } : null,
    helpText: english
      ? swapHelpText(needApproval, viewerIsAdmin)
      : t(needApproval && !viewerIsAdmin ? "groupPage.swaps.helpApproval" : "groupPage.swaps.help"),
    cannotPropose,
    open: openSwaps,
    done: doneRows.map(view),
    orderBeforeSwaps:
      doneRows.length > 0 && current.length === members.length
        ? orderBeforeSwaps(
            current,
            doneRows.map((swap) => ({ firstPeriod: swap.proposerPeriod, secondPeriod: swap.counterpartPeriod })),
          )
        : null,
  };
}

/** What a page shows of a member's record: the summary, when there is one to show. */
export function recordLine(view: RecordView | undefined, locale: Locale = DEFAULT_LOCALE): MemberView["record"] {
  if (!view) return null;
  // In another language than English the same record in the catalogue's words (ADR 056).
  return { summary: locale === DEFAULT_LOCALE ? view.summary : recordSummary(view.record, translator(locale)), standing: view.standing };
}

/**
 * The current period's contributions (the first pending period's; none before the start or after the end), from each
 * member's latest attempt: who has paid — settled at the bank — and who is late — failed. Read from the bank
 * transfers, the same facts the ledger posts from.
 */
function paymentsByOutcome(attempts: readonly DatedAttempt[], periodNumber: number | null): { paid: Set<string>; late: Set<string> } {
  const paid = new Set<string>();
  const late = new Set<string>();
  if (periodNumber === null) return { paid, late };
  const latest = new Map<string, DatedAttempt>();
  for (const attempt of attempts) {
    if (attempt.kind !== "contribution" || attempt.periodNumber !== periodNumber) continue;
    const seen = latest.get(attempt.userId);
    if (!seen || attempt.attempt > seen.attempt) latest.set(attempt.userId, attempt);
  }
  for (const attempt of latest.values()) {
    if (SETTLED_STATUSES.includes(attempt.status)) paid.add(attempt.userId);
    else if (FAILED_STATUSES.includes(attempt.status)) late.add(attempt.userId);
  }
  return { paid, late };
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
  /**
   * The next payout, dated by the one model of a payment's dates (ADR 040): `day` is its arrival, expected or done
   * (null while it cannot be told), `text` its sent and arrival days in words (payoutDaysText). Never the turn's due day.
   */
  nextPayout: {
    recipientName: string | null;
    isYou: boolean;
    amountCents: number;
    day: { label: string; day: CalendarDay } | null;
    text: string;
  } | null;
  /** The viewer's own payout, dated the same way. */
  yourPayout: { status: "completed" | "pending"; day: { label: string; day: CalendarDay } | null; text: string } | null;
  startOn: CalendarDay | null;
  endOn: CalendarDay | null;
  completedPeriods: number;
};

/** The user's groups, newest first, with the figures the cards show. One query whatever the number of groups. */
export async function groupCardsFor(userId: string, now = new Date()): Promise<GroupCardView[]> {
  return (await groupCardsWithSavings(userId, now)).cards;
}

/**
 * The cards and each one's savings at a glance (what the member paid in and received): /groups' one read. `locale` is
 * the reader's: the lines the server writes (schedule, payout days) are in it.
 */
export async function groupCardsWithSavings(userId: string, now = new Date(), locale: Locale = DEFAULT_LOCALE): Promise<CardsWithSavings> {
  return cardsWithSavingsFrom(await cardRows().execute({ userId }), userId, now, locale);
}

/**
 * payoutDaysText (app/domain/payment-dates.ts) in the reader's language: English is that function's own line, other
 * languages the catalogue's `groupCard.payoutDays` with the locale's dates.
 */
export function payoutDaysTextIn(dates: Pick<PaymentDates, "due" | "sent" | "arrival">, yours: boolean, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return payoutDaysText(dates, { yours });
  const t = translator(locale);
  const day = (value: CalendarDay) => formatCalendarDay(value, "medium", locale);
  if (!dates.sent || !dates.arrival) return t("groupCard.payoutWaiting", { date: day(dates.due) });
  const sentOn = { date: day(dates.sent.day) };
  const arrivalOn = { date: day(dates.arrival.day) };
  return t("groupCard.payoutDays", {
    sent: dates.sent.planned ? t("groupCard.payoutGoesOut", sentOn) : t("groupCard.payoutSent", sentOn),
    arrival: !dates.arrival.planned
      ? t("groupCard.arrived", arrivalOn)
      : yours
        ? t("groupCard.expectedInYourBank", arrivalOn)
        : t("groupCard.expectedToArrive", arrivalOn),
  });
}

export type CardsWithSavings = { cards: GroupCardView[]; savings: Record<string, SavingsProgress> };

/**
 * What each card shows, as columns of a statement over the viewer's memberships (`group_members`) joined to their
 * groups: seats taken, the next payout (the first pending period, with its recipient), the viewer's own turn, the
 * periods completed, and what the viewer has paid in and received (settled contributions and payouts). Shared by
 * /groups' statement and the dashboard's (app/server/groups/dashboard.server.ts).
 */
export const cardFields = {
  group: groups,
  member: groupMembers,
  joined: sql<number>`(select count(*)::int from group_members seats where seats.group_id = ${groups.id})`,
  next: sql<{ periodNumber: number; dueOn: CalendarDay; payoutCents: number; recipientName: string; recipientUserId: string } | null>`(
    select json_build_object('periodNumber', p.period_number, 'dueOn', p.due_on, 'payoutCents', p.payout_cents, 'recipientName', u.name, 'recipientUserId', u.id)
    from group_periods p join group_members m on m.id = p.recipient_member_id join users u on u.id = m.user_id
    where p.group_id = ${groups.id} and p.status = 'pending'
    order by p.period_number limit 1)`,
  mine: sql<{ periodNumber: number; dueOn: CalendarDay; status: "pending" | "completed" } | null>`(
    select json_build_object('periodNumber', p.period_number, 'dueOn', p.due_on, 'status', p.status)
    from group_periods p
    where p.group_id = ${groups.id} and p.recipient_member_id = ${groupMembers.id}
    order by p.period_number limit 1)`,
  // The facts of the payment dates (payment-dates.ts, ADR 040) for the two periods a card names — the next payout's and
  // the viewer's own — so that a card dates a payout as the group page does (issue 45): every member, and those
  // periods' contribution and payout attempts with their settlement day. Nothing before the start.
  dated: sql<{ members: string[]; attempts: PageAttempt[] } | null>`case when ${groups.status} <> 'forming' then json_build_object(
    'members', (select coalesce(json_agg(dm.user_id), '[]'::json) from group_members dm where dm.group_id = ${groups.id}),
    'attempts', (select coalesce(json_agg(json_build_object(
        'kind', t.kind, 'periodNumber', t.period_number, 'userId', t.user_id, 'attempt', t.attempt, 'status', t.status,
        'statusOn', t.status_on, 'initiatedOn', t.initiated_on, 'retryOn', t.retry_on, 'failureCode', t.failure_code,
        'waitingForMember', t.waiting_for_member_at is not null, 'expectedFundsAvailableOn', t.expected_funds_available_on,
        'payNow', t.pay_now, 'settledOn', (select min(l.effective_on) from ledger_transfers l where l.bank_transfer_id = t.id
          and l.reason in ('contribution', 'shortfall_repaid', 'payout_settled')))), '[]'::json)
      from bank_transfers t
      where t.group_id = ${groups.id} and t.kind in ('contribution', 'payout') and t.period_number in (
        select dp.period_number from group_periods dp where dp.group_id = ${groups.id}
          and (dp.recipient_member_id = ${groupMembers.id}
            or dp.period_number = (select min(np.period_number) from group_periods np where np.group_id = ${groups.id} and np.status = 'pending'))))) end`,
  completed: sql<number>`(select count(*)::int from group_periods p where p.group_id = ${groups.id} and p.status = 'completed')`,
  /**
   * The viewer's next contribution: the first period they have not paid or started paying (issue 44: a period whose
   * payout waits on someone else's late contribution is not the viewer's next one once theirs went through).
   */
  myNextDue: sql<CalendarDay | null>`(
    select min(p.due_on)::text from group_periods p
    where p.group_id = ${groups.id} and not exists (select 1 from bank_transfers t where t.group_id = p.group_id
      and t.period_number = p.period_number and t.user_id = ${groupMembers.userId} and t.kind = 'contribution'
      and t.status not in ('declined', 'failed', 'returned', 'cancelled')))`,
  /**
   * The viewer's next scheduled debit: the first period no contribution of theirs has been attempted for. A period whose
   * attempt failed is late (late-contributions.server.ts): its next debit is its retry, which the dashboard weighs
   * against this one.
   */
  myNextScheduled: sql<CalendarDay | null>`(
    select min(p.due_on)::text from group_periods p
    where p.group_id = ${groups.id} and not exists (select 1 from bank_transfers t where t.group_id = p.group_id
      and t.period_number = p.period_number and t.user_id = ${groupMembers.userId} and t.kind = 'contribution'))`,
  paidInCents: sql<string>`(
    select coalesce(sum(t.amount_cents), 0) from bank_transfers t
    where t.user_id = ${groupMembers.userId} and t.group_id = ${groups.id} and t.kind = 'contribution' and t.status in ${[...SETTLED_STATUSES]})`,
  receivedCents: sql<string>`(
    select coalesce(sum(t.amount_cents), 0) from bank_transfers t
    where t.user_id = ${groupMembers.userId} and t.group_id = ${groups.id} and t.kind = 'payout' and t.status in ${[...SETTLED_STATUSES]})`,
};

/** One row of `cardFields` (as /groups' statement returns it). */
export type CardRow = Awaited<ReturnType<ReturnType<typeof cardRows>["execute"]>>[number];

const cardRows = preparedQuery("group_cards", (database, name) =>
  database
    .select(cardFields)
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, sql.placeholder("userId")))
    .orderBy(desc(groups.createdAt))
    .prepare(name),
);

/** The cards (in the rows' order) and each one's savings, from rows of `cardFields` for `userId`. */
export function cardsWithSavingsFrom(rows: CardRow[], userId: string, now = new Date(), locale: Locale = DEFAULT_LOCALE): CardsWithSavings {
  const totals = new Map<string, MemberTotals>(
    rows.map((row) => [row.group.id, { paidInCents: Number(row.paidInCents), receivedCents: Number(row.receivedCents) }]),
  );
  const cards = rows.map(({ group, member, joined, next: pending, mine, completed, dated, myNextDue }): GroupCardView => {
    const next = group.status === "active" ? pending : null;
    // The group's own clock, as on its page (groupPageWithPanels).
    const today = todayIn(group.timeZone, new Date(now.getTime() + group.clockOffsetSeconds * 1000));
    const datesOf = (period: { periodNumber: number; dueOn: CalendarDay }, recipientUserId: string) =>
      dated ? paymentDates(period, dated.members, recipientUserId, dated.attempts, today) : plannedDates(period.periodNumber, period.dueOn);
    const nextDates = next ? datesOf(next, next.recipientUserId) : null;
    const myDates = mine ? datesOf(mine, userId) : null;
    return {
      id: group.id,
      name: group.name,
      status: group.status,
      memberCount: group.memberCount,
      joinedCount: joined,
      contributionCents: group.contributionCents,
      payoutCents: payoutPerTurnCents(group.contributionCents, group.memberCount),
      scheduleLine: scheduleWords(scheduleOf(group), locale),
      isAdmin: member.isAdmin,
      yourPosition:
        member.payoutPosition !== null && group.status !== "forming"
          ? member.payoutPosition
          : group.payoutOrder === "fixed"
            ? member.payoutPosition
            : null,
      // Never a day gone by (nextDebitDay's rule, as the group page's card): a due day the group's run has not reached yet
      // is taken on its next run.
      nextContributionOn: group.status === "active" ? nextDebitDay(myNextDue, [], today) : null,
      nextPayout:
        next && nextDates
          ? {
              recipientName: next.recipientName,
              isYou: next.recipientUserId === userId,
              amountCents: next.payoutCents,
              day: payoutDay(nextDates, { yours: next.recipientUserId === userId }),
              text: payoutDaysTextIn(nextDates, next.recipientUserId === userId, locale),
            }
          : null,
      yourPayout:
        mine && myDates ? { status: mine.status, day: payoutDay(myDates, { yours: true }), text: payoutDaysTextIn(myDates, true, locale) } : null,
      startOn: group.firstDueOn,
      endOn: group.lastDueOn,
      completedPeriods: completed,
    };
  });
  return { cards, savings: savingsFrom(cards, totals) };
}

export type ActivityView = {
  id: string;
  type: Extract<GroupEventType, "contribution" | "payout" | "join" | "removed" | "left" | "swapped">;
  groupId: string;
  groupName: string;
  /** Who joined, contributed, was paid, was removed or left; "You" is decided by the page. */
  personName: string | null;
  isYou: boolean;
  /** The other member of a turn swap. */
  relatedName?: string | null;
  relatedIsYou?: boolean;
  amountCents: number | null;
  occurredAt: string;
  /** The group-clock day, for an event dated by the group's clock (sandboxDayOf, ADR 040); else null. */
  occurredOn: CalendarDay | null;
};

/** One entry of `recentActivityJson`, as PostgreSQL writes it (instants as ISO text). */
export type ActivityJson = Omit<ActivityView, "isYou" | "relatedIsYou"> & { userId: string | null; relatedUserId: string | null };

/** How many contributions, payouts, joins and removals the dashboard lists. */
export const RECENT_ACTIVITY = 10;

/**
 * The newest contributions, payouts, joins, removals (ADR 038), departures and turn swaps done (ADR 041) across the groups of the member `sql.placeholder("userId")`, newest
 * first, as one JSON array (a subquery for the dashboard's statement). The newest few per group come from the
 * (group_id, occurred_at) index, the newest of those are kept, and only they are joined to their names.
 */
export const recentActivityJson = sql<ActivityJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', e.id, 'type', e.type, 'groupId', e.group_id, 'groupName', g.name, 'userId', e.user_id, 'personName', u.name,
    'relatedUserId', e.related_user_id, 'relatedName', r.name,
    'amountCents', e.amount_cents, 'occurredAt', e.occurred_at, 'occurredOn', e.occurred_on) order by e.occurred_at desc, e.id desc), '[]'::json)
  from (
    select recent.* from group_members mine
    cross join lateral (
      select ev.id, ev.type, ev.group_id, ev.user_id, ev.related_user_id, ev.amount_cents, ev.occurred_at, ev.occurred_on from group_events ev
      where ev.group_id = mine.group_id and ev.type in ('contribution', 'payout', 'join', 'removed', 'left', 'swapped')
      order by ev.occurred_at desc, ev.id desc limit ${sql.raw(String(RECENT_ACTIVITY))}) recent
    where mine.user_id = ${sql.placeholder("userId")}
    order by recent.occurred_at desc, recent.id desc limit ${sql.raw(String(RECENT_ACTIVITY))}
  ) e
  join groups g on g.id = e.group_id
  left join users u on u.id = e.user_id
  left join users r on r.id = e.related_user_id)`;

/** The activity entries as the dashboard shows them, for the viewer `userId`. */
export function activityFrom(entries: ActivityJson[], userId: string): ActivityView[] {
  return entries.map(({ userId: personId, relatedUserId, occurredAt, ...entry }) => ({
    ...entry,
    isYou: personId === userId,
    relatedIsYou: relatedUserId !== null && relatedUserId === userId,
    occurredAt: new Date(occurredAt).toISOString(),
  }));
}

export type DashboardStats = {
  activeGroups: number;
  nextContributionOn: CalendarDay | null;
  nextPayoutCents: number | null;
  /** The day the user's own next payout is expected in their bank (payment-dates.ts), not its turn's due day. */
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
    .filter((card) => card.yourPayout?.status === "pending" && card.yourPayout.day !== null)
    .map((card) => ({ date: card.yourPayout!.day!.day, amountCents: card.payoutCents }))
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
  /** The members so far who share their reliability record (ADR 041), in join order, with its summary. */
  sharedRecords: Array<{ name: string; isAdmin: boolean; summary: string }>;
  /** How many members so far keep their record to themselves. */
  privateRecords: number;
};

/**
 * The join page's view of a group, for someone invited (not a member yet): one statement with the members so far (the
 * admin's name, the seats taken) and the records of those who share them.
 */
export async function invitationView(group: GroupRow, viewerId: string, now = new Date(), locale: Locale = DEFAULT_LOCALE): Promise<InvitationView> {
  const { rows } = await db().execute<{ members: Array<{ userId: string; name: string; isAdmin: boolean }>; facts: RecordFacts[] }>(sql`
    select
      (select coalesce(json_agg(json_build_object('userId', u.id, 'name', u.name, 'isAdmin', m.is_admin) order by m.join_order), '[]'::json)
       from group_members m join users u on u.id = m.user_id where m.group_id = ${group.id}) as members,
      ${recordFactsJson(sql`select m.user_id from group_members m where m.group_id = ${group.id}`, sql`${viewerId}::uuid`)} as facts`);
  const members = rows[0]?.members ?? [];
  const records = recordsFrom(rows[0]?.facts ?? [], now);
  const shared = members.filter((member) => records.get(member.userId)?.shared);
  const joined = members.length;
  return {
    groupId: group.id,
    groupName: group.name,
    description: groupDescription(group, scheduleOf(group), locale),
    adminName: members.find((member) => member.isAdmin)?.name ?? translator(locale)("invitation.groupAdmin"),
    memberCount: group.memberCount,
    joinedCount: joined,
    contributionCents: group.contributionCents,
    payoutCents: payoutPerTurnCents(group.contributionCents, group.memberCount),
    scheduleLine: scheduleWords(scheduleOf(group), locale),
    firstContributionOn: projectedFirstDue(group, now),
    yourPosition: group.payoutOrder === "fixed" ? joined + 1 : null,
    payoutOrder: group.payoutOrder,
    drawCommitment: group.drawCommitment,
    sharedRecords: shared.map((member) => ({ name: member.name, isAdmin: member.isAdmin, summary: records.get(member.userId)!.summary })),
    privateRecords: joined - shared.length,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The calendar file

/**
 * One event of the calendar file. A payout's facts are its schedule row's on the group page (the same statement, so the
 * file never says what the page contradicts): `amountCents` is the full pot and `partial` what a consent sent and what
 * is still owed (ADR 053 step 4), named by the same rule as the page's (partialPayoutLines).
 */
export type CalendarEntry = {
  kind: "contribution" | "payout";
  date: CalendarDay;
  amountCents: number;
  periodNumber: number;
  partial?: PartialPayout | null;
  /**
   * A payout whose arrival cannot be told yet (a contribution will not come in by itself, or the payout failed for
   * good): dated by the due day it waits on, as the page names it, never by a day it is expected in the bank.
   */
  waiting?: boolean;
  /** A payout that has arrived (the schedule's "Arrived"): `date` is its arrival day, told as done, never "expected". */
  arrived?: boolean;
};

/**
 * The member's contribution due days and the day their payout is expected, read from their group page
 * (groupPageFor); null for non-members and groups not started (a forming group's schedule is only projected).
 */
export async function calendarEntriesFor(userId: string, groupId: string, now = new Date()) {
  const view = await groupPageFor(userId, groupId, now);
  if (!view || view.scheduleProjected) return null;
  const entries: CalendarEntry[] = [];
  for (const row of view.schedule) {
    entries.push({ kind: "contribution", date: row.date, amountCents: view.contributionCents, periodNumber: row.position });
    if (row.isYou) {
      // On the day the page names it by (headlineStep): expected in their bank, or arrived (ADR 040); while that cannot
      // be told, the due day it waits on.
      const headline = headlineStep(row.dates);
      entries.push({
        kind: "payout",
        date: headline.step.day,
        amountCents: row.amountCents,
        periodNumber: row.position,
        partial: row.partial,
        waiting: headline.kind !== "arrival",
        arrived: headline.kind === "arrival" && !headline.step.planned,
      });
    }
  }
  return { group: { id: view.id, name: view.name }, entries };
}
