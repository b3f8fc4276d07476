/**
 * Reliability records (ADR 041): the facts app/domain/reliability.ts computes a member's record from — every attempt of
 * every contribution they owed in every group they are in, whether the platform covered it (a `shortfall_cover`
 * posting), and each group's status and clock — read set-based for a whole set of members at once: one JSON column
 * that the group page's single statement carries (group-views.server.ts), or one statement of its own for the join
 * page and the profile. Never one query per member.
 *
 * A member's facts are read only when they share their record (users.share_reliability, and their profile is visible:
 * users.profile_visible), when the viewer is in a group with them that they joined before hiding it (ADR 050), or are
 * the viewer themselves; nobody else's leave the database.
 */
import { type SQL, sql } from "drizzle-orm";
import { type ContributionChain, type ReliabilityRecord, recordSummary, reliabilityRecord, type Standing } from "~/domain/reliability";
import type { TransferStatus } from "~/domain/money";
import { type CalendarDay, todayIn } from "~/domain/schedule";
import { db } from "../db/client.server";
import type { GroupStatus } from "../db/schema";

/** What PostgreSQL hands back per member (dates as YYYY-MM-DD text). */
export type RecordFacts = {
  userId: string;
  shared: boolean;
  /** The member hid it (ADR 050): shown here only to a group they were in before hiding it. */
  hidden: boolean;
  groups: Array<{ id: string; status: GroupStatus; timeZone: string; clockOffsetSeconds: number }>;
  attempts: Array<{
    groupId: string;
    periodNumber: number;
    attempt: number;
    status: TransferStatus;
    failureCode: string | null;
    initiatedOn: CalendarDay;
    statusOn: CalendarDay;
    retryOn: CalendarDay | null;
    covered: boolean;
  }>;
};

/**
 * The facts of the members `userIds` (a subquery of user ids) who share their record, and of `viewerId` if among them,
 * as one JSON array. Attempts are found through the member's own memberships (group_members' user index, then the
 * transfers' (group, period, user, kind, attempt) key by group); a cover is looked for only on returned attempts.
 */
export function recordFactsJson(userIds: SQL, viewerId: SQL) {
  return sql<RecordFacts[]>`(
    select coalesce(json_agg(json_build_object(
      'userId', u.id,
      'shared', u.share_reliability and u.profile_visible,
      'hidden', not u.share_reliability,
      'groups', (
        select coalesce(json_agg(json_build_object(
          'id', g.id, 'status', g.status, 'timeZone', g.time_zone, 'clockOffsetSeconds', g.clock_offset_seconds)), '[]'::json)
        from group_members gm join groups g on g.id = gm.group_id
        where gm.user_id = u.id and g.status <> 'forming'),
      'attempts', (
        select coalesce(json_agg(json_build_object(
          'groupId', t.group_id, 'periodNumber', t.period_number, 'attempt', t.attempt, 'status', t.status,
          'failureCode', t.failure_code, 'initiatedOn', t.initiated_on, 'statusOn', t.status_on, 'retryOn', t.retry_on,
          'covered', t.status = 'returned' and exists (
            select 1 from ledger_transfers l where l.bank_transfer_id = t.id and l.reason = 'shortfall_cover'))), '[]'::json)
        from group_members gm join bank_transfers t on t.group_id = gm.group_id and t.user_id = gm.user_id and t.kind = 'contribution'
        where gm.user_id = u.id))), '[]'::json)
    from users u
    where u.id in (${userIds}) and (
      (u.share_reliability and u.profile_visible) or u.id = ${viewerId}
      -- Hidden (ADR 050): still seen by the members of a group the member was in before hiding it, who shared it then.
      or (u.profile_visible and u.reliability_hidden_at is not null and exists (
        select 1 from group_members hm join group_members hv on hv.group_id = hm.group_id
        where hm.user_id = u.id and hv.user_id = ${viewerId} and hm.joined_at < u.reliability_hidden_at))))`;
}

/** One member's record as pages show it. */
export type RecordView = { record: ReliabilityRecord; summary: string; standing: Standing; shared: boolean };

/** The records from `recordFactsJson`'s rows, by user id; each group's marks aged on that group's own clock at `now`. */
export function recordsFrom(facts: readonly RecordFacts[], now: Date): Map<string, RecordView> {
  const records = new Map<string, RecordView>();
  for (const member of facts) {
    const groups = new Map(member.groups.map((group) => [group.id, group]));
    const chains = new Map<string, ContributionChain & { attempts: RecordFacts["attempts"] }>();
    for (const attempt of member.attempts) {
      const group = groups.get(attempt.groupId);
      if (!group) continue;
      const key = `${attempt.groupId}:${attempt.periodNumber}`;
      let chain = chains.get(key);
      if (!chain) {
        const today = todayIn(group.timeZone, new Date(now.getTime() + Number(group.clockOffsetSeconds) * 1000));
        chain = { groupId: attempt.groupId, periodNumber: attempt.periodNumber, today, attempts: [] };
        chains.set(key, chain);
      }
      chain.attempts.push(attempt);
    }
    const record = reliabilityRecord({
      chains: [...chains.values()],
      cyclesCompleted: member.groups.filter((group) => group.status === "completed").length,
    });
    records.set(member.userId, { record, summary: recordSummary(record), standing: record.standing, shared: member.shared });
  }
  return records;
}

/** One member's own record (the profile page): one statement. */
export async function ownRecord(userId: string, now = new Date()): Promise<RecordView> {
  const { rows } = await db().execute<{ facts: RecordFacts[] }>(sql`select ${recordFactsJson(sql`${userId}::uuid`, sql`${userId}::uuid`)} as facts`);
  const view = recordsFrom(rows[0]?.facts ?? [], now).get(userId);
  if (!view) throw new Error(`ownRecord: no user ${userId}`);
  return view;
}
