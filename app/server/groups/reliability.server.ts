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
 * as one JSON array. Set-based (ADR 059 part ten (p)): one grouped pass for the members' groups and one for their
 * attempts, each joined once to the members whose facts may be read, rather than two subplans per member; attempts are
 * found through the members' own memberships (group_members' user index, then the transfers' (group, period, user,
 * kind, attempt) key by group), in (group, period, attempt) order; a cover is looked for only on returned attempts.
 * Each row is written by json_agg from the row itself (its columns named as the keys): PostgreSQL's cheapest JSON.
 */
export function recordFactsJson(userIds: SQL, viewerId: SQL) {
  return sql<RecordFacts[]>`(
    select coalesce(json_agg(r), '[]'::json) from (
      select u.id as "userId", u.share_reliability and u.profile_visible as shared, not u.share_reliability as hidden,
        coalesce(gs.groups, '[]'::json) as groups, coalesce(ts.attempts, '[]'::json) as attempts
      from users u
      left join (
        select gm.user_id, json_agg(x) as groups
        from group_members gm
        join lateral (
          select g.id, g.status, g.time_zone as "timeZone", g.clock_offset_seconds as "clockOffsetSeconds"
          from groups g where g.id = gm.group_id and g.status <> 'forming') x on true
        where gm.user_id in (${userIds})
        group by gm.user_id) gs on gs.user_id = u.id
      left join (
        select gm.user_id, json_agg(x order by x."groupId", x."periodNumber", x.attempt) as attempts
        from group_members gm
        join lateral (
          select t.group_id as "groupId", t.period_number as "periodNumber", t.attempt, t.status, t.failure_code as "failureCode",
            t.initiated_on as "initiatedOn", t.status_on as "statusOn", t.retry_on as "retryOn",
            t.status = 'returned' and exists (
              select 1 from ledger_transfers l where l.bank_transfer_id = t.id and l.reason = 'shortfall_cover') as covered
          from bank_transfers t where t.group_id = gm.group_id and t.user_id = gm.user_id and t.kind = 'contribution') x on true
        where gm.user_id in (${userIds})
        group by gm.user_id) ts on ts.user_id = u.id
      where u.id in (${userIds}) and (
        (u.share_reliability and u.profile_visible) or u.id = ${viewerId}
        -- Hidden (ADR 050): still seen by the members of a group the member was in before hiding it, who shared it then.
        or (u.profile_visible and u.reliability_hidden_at is not null and exists (
          select 1 from group_members hm join group_members hv on hv.group_id = hm.group_id
          where hm.user_id = u.id and hv.user_id = ${viewerId} and hm.joined_at < u.reliability_hidden_at)))) r)`;
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
