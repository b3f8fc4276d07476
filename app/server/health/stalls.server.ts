/**
 * The stall gauges' source (app/server/platform/metrics.server.ts, "Stalls"): how long the oldest piece of work has
 * waited or run, read from the database at scrape time, so that a stuck job (active for an hour) is told apart from a
 * running one (active for seconds), and money or email that nobody moves shows before anyone complains.
 *
 * Every app process reports them (watchStalls, from app/entry.server.tsx): they must still be there when every worker
 * is down, which is one of the things they are for. Two statements per scrape, both on small partial sets (active and
 * due jobs; transfers still `created`; emails due), whatever the size of the tables.
 */
import { sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { bankTransfers, emailOutbox, emailOutboxPause } from "../db/schema";
import { setStallsSource, type Stalls } from "../platform/metrics.server";

/** pg-boss's schema (app/server/jobs/queue.server.ts's QUEUE_SCHEMA; named here so that this module needs no queue). */
const QUEUE_SCHEMA = "pgboss_v12";

async function readJobs(): Promise<Stalls["jobs"]> {
  // Every queue of ours pg-boss knows (its queue table; not its own __pgboss__ ones), zeros included, so an idle queue
  // is a 0, not a gap.
  const { rows } = await db().execute<{ queue: string; active: number | null; waiting: number | null }>(sql`
    select q.name as queue,
      extract(epoch from now() - min(j.started_on) filter (where j.state = 'active'))::float8 as active,
      extract(epoch from now() - min(j.start_after) filter (where j.state in ('created', 'retry') and j.start_after <= now()))::float8 as waiting
    from ${sql.identifier(QUEUE_SCHEMA)}.queue q
    left join ${sql.identifier(QUEUE_SCHEMA)}.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
    where not starts_with(q.name, '__pgboss__')
    group by q.name
    order by q.name`);
  return rows.map((row) => ({
    queue: row.queue,
    oldestActiveSeconds: Math.max(0, row.active ?? 0),
    oldestWaitingSeconds: Math.max(0, row.waiting ?? 0),
  }));
}

async function readMoneyAndEmail() {
  const { rows } = await db().execute<{ transfer: number | null; paused: boolean; email: number | null }>(sql`
    select
      extract(epoch from now() - (
        select min(t.created_at) from ${bankTransfers} t where t.status = 'created' and t.waiting_for_member_at is null))::float8 as transfer,
      exists (select 1 from ${emailOutboxPause}) as paused,
      extract(epoch from now() - (
        select min(case when e.status = 'queued' then e.next_attempt_at else coalesce(e.lease_until, e.next_attempt_at) end)
        from ${emailOutbox} e
        where e.status in ('queued', 'sending')
          and case when e.status = 'queued' then e.next_attempt_at else coalesce(e.lease_until, e.next_attempt_at) end <= now()))::float8 as email`);
  const row = rows[0];
  return {
    oldestCreatedTransferSeconds: Math.max(0, row?.transfer ?? 0),
    emailPaused: row?.paused ?? false,
    oldestDueEmailSeconds: Math.max(0, row?.email ?? 0),
  };
}

/** null for "pg-boss's schema or tables do not exist"; any other error is thrown on. */
function noQueueYet(error: unknown): null {
  const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  if (code === "3F000" || code === "42P01") return null;
  throw error;
}

/** One reading of every stall gauge. The jobs part is null while pg-boss's tables do not exist (no queue started yet). */
export async function readStalls(): Promise<Stalls> {
  const [jobs, rest] = await Promise.all([readJobs().catch(noQueueYet), readMoneyAndEmail()]);
  return { jobs, ...rest };
}

/** Report the stall gauges from this process (idempotent). */
export function watchStalls() {
  setStallsSource(readStalls);
}
