/**
 * What money work runs when (ADR 044): which groups have work due, split into shards that any worker may take.
 *
 * A due date used to be one long job: the minute's money.tick walked every group on one worker while the others ran
 * empty ticks, and a worker killed mid-run held that job (and with it all money work) until its hour-long expiry. Now:
 * - the planner (money.tick, every minute and on a member's action) counts the groups with work due in each shard, one
 *   statement, and queues one money.shard job per shard that has any;
 * - a shard is a fixed range of group ids (the first bits of the uuid, random for every group), so a shard's job is
 *   always the same key: pg-boss keeps at most one of them waiting (the "short" policy, keyed by shard), and the
 *   next minute's planner adds nothing while one waits;
 * - a shard job processes its range's due groups a page at a time until its time budget is spent, then queues itself
 *   again and ends: every job is short, so its expiry can be a minute. A worker that dies takes its page's locks with
 *   it, so the shard's next job (the next minute's plan, at the latest) carries on at once; the lost job itself is
 *   retried after its expiry and finds little left (ADR 044 has the timings).
 * Every step stays idempotent with per-group try-locks (processPage), so a job run twice, or a shard taken by two
 * workers at once, costs time, never money.
 */
import { and, asc, gt, gte, lt, sql, type SQL } from "drizzle-orm";
import { db } from "../db/client.server";
import { bankTransfers, groups } from "../db/schema";
import { PAGE_SIZE, processPage } from "./cycle.server";
import { groupTodayAt } from "./group-clock.server";

/** How many shards group ids are split into: a power of two from 1 to 256 (MONEY_SHARDS, default 16). */
export function shardCount(): number {
  const raw = process.env.MONEY_SHARDS;
  const count = raw === undefined || raw.trim() === "" ? 16 : Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 256 || (count & (count - 1)) !== 0) {
    throw new Error(`MONEY_SHARDS must be a power of two from 1 to 256, not "${raw}"`);
  }
  return count;
}

export type IdRange = { from: string; to: string | null };

function uuidFromFirstByte(byte: number) {
  return `${byte.toString(16).padStart(2, "0")}000000-0000-0000-0000-000000000000`;
}

/** Shard `shard` of `count`: the group ids from its first uuid (inclusive) to the next shard's (exclusive; null: the end). */
export function shardRange(shard: number, count = shardCount()): IdRange {
  if (!Number.isInteger(shard) || shard < 0 || shard >= count) throw new Error(`no shard ${shard} of ${count}`);
  const width = 256 / count;
  const next = (shard + 1) * width;
  return { from: uuidFromFirstByte(shard * width), to: next >= 256 ? null : uuidFromFirstByte(next) };
}

/**
 * The groups with work due at `now`: active, not parked (those wait for an admin: the money-health panel), and
 * - whose clock day is past what was processed, or never processed;
 * - or with money in flight (a payout may be due as soon as contributions settle). A row waiting for its member is not
 *   in flight: nothing happens until they act (which wakes the group);
 * - or with news from the bank its last day run had not seen (applied meanwhile by another worker's sync or a
 *   webhook): its contributions may have settled since, and a payout be due today.
 * The group's today is its clock's (real time plus its sandbox offset) in its time zone, as groupToday() computes it.
 */
function dueAt(now: Date): SQL {
  return sql`${groups.status} = 'active' and ${groups.moneyParkedAt} is null and (
    ${groups.processedThrough} is null
    or ${groups.processedThrough} < ${groupTodayAt(now)}
    or ${groups.bankChanges} > ${groups.bankChangesSeen}
    or exists (select 1 from ${bankTransfers} b where b.group_id = ${groups}.id
      and (b.status in ('pending', 'posted') or (b.status = 'created' and b.waiting_for_member_at is null))))`;
}

/**
 * Groups a run has finished: processed since the run began, through their today, with no bank news since. Not merely
 * "processed since": a page a stopping worker left half done was stamped too, and its groups must be run again to today
 * by the next job; and news from the bank (a settlement) may make a payout due at once.
 */
function finishedSince(now: Date, runStartedAt: Date): SQL {
  return sql`(${groups.lastProcessedAt} > ${runStartedAt.toISOString()}::timestamptz and ${groups.processedThrough} >= ${groupTodayAt(now)}
    and ${groups.bankChanges} <= ${groups.bankChangesSeen})`;
}

/** The planner's read: how many groups have work due in each shard (only shards with some). One statement. */
export async function dueShards(now: Date, count = shardCount()): Promise<Array<{ shard: number; groups: number }>> {
  const width = 256 / count;
  const { rows } = await db().execute<{ shard: number; groups: number }>(sql`
    select (get_byte(uuid_send(${groups.id}), 0) / ${width})::int as shard, count(*)::int as groups
    from ${groups} where ${dueAt(now)}
    group by 1 order by 1`);
  return rows;
}

export type DueRun = {
  /** Groups processed (at least one day run) by this call. */
  processed: number;
  /** Work was left when the time budget ran out or the worker began to stop: the caller queues the rest. */
  more: boolean;
  /**
   * Where the rest starts: the last group id of the last page this call finished (null: none finished). The next job
   * of the run passes it back as `after`, with `runStartedAt`, so no group is visited twice (ADR 054).
   */
  after: string | null;
  /** When the run began (this call, or the first job of the run when `runStartedAt` was given). */
  runStartedAt: Date;
};

export type DueOptions = {
  pageSize?: number;
  /** Only groups in this id range (a shard). Default: every group. */
  range?: IdRange;
  /** Start no new page after this time (Date.now() milliseconds): the job's time budget. */
  deadline?: number;
  /** Start no new page, and no new day within a page, once aborted (the worker is stopping). */
  signal?: AbortSignal;
  /** Resume a run after this group id (a continuation: the `after` its previous job returned). */
  after?: string | null;
  /** The run's start, when this call continues a run (a continuation); default: now, a new run. */
  runStartedAt?: Date;
};

/**
 * Process the groups with work due, a page at a time (in id order, each page locked by processPage; a group another
 * worker holds is skipped, and one this run finished already, in this call or an earlier job of the run, or another
 * worker of the same run, is skipped too: left out of the page's read, and checked again under the page's locks).
 */
export async function processDueGroups(now = new Date(), options: DueOptions = {}): Promise<DueRun> {
  const runStartedAt = options.runStartedAt ?? new Date();
  const pageSize = options.pageSize ?? PAGE_SIZE;
  let processed = 0;
  // The cursor: the last id of the last page finished. The range's first id is in the range (a uuid may equal the bound).
  let after = options.after ?? null;
  const from = options.range ? gte(groups.id, options.range.from) : undefined;
  const to = options.range?.to ? lt(groups.id, options.range.to) : undefined;
  const due = (limit: number) =>
    db()
      .select({ id: groups.id })
      .from(groups)
      .where(and(dueAt(now), sql`${finishedSince(now, runStartedAt)} is not true`, from, after === null ? undefined : gt(groups.id, after), to))
      .orderBy(asc(groups.id))
      .limit(limit);
  for (;;) {
    if (options.signal?.aborted || (options.deadline !== undefined && Date.now() >= options.deadline)) {
      // Anything left? (One cheap read, so that a finished shard does not queue itself again for nothing.)
      return { processed, more: (await due(1)).length > 0, after, runStartedAt };
    }
    const page = await due(pageSize);
    if (page.length === 0) return { processed, more: false, after, runStartedAt };
    const results = await processPage(
      page.map((group) => group.id),
      now,
      { skipIfProcessedSince: runStartedAt, signal: options.signal },
    );
    for (const result of results.values()) if (result.status === "processed") processed += 1;
    // A page cut short by a stopping worker is not finished: the next job starts at it (its finished groups skipped).
    if (!options.signal?.aborted) after = page[page.length - 1]!.id;
  }
}

/** Whether a group is in a shard's range (tests). */
export function inRange(id: string, range: IdRange) {
  return id >= range.from && (range.to === null || id < range.to);
}
