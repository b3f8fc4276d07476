/**
 * rosca_job_queue_depth's source: how many jobs wait (created, retry) and run (active) per queue, read from pg-boss's
 * table at scrape time. Zeros are reported for every known queue and state, so an empty queue is a 0, not a gap.
 */
import { getPool } from "../db/client.server";
import type { QueueDepth } from "../platform/metrics.server";
import { QUEUE_SCHEMA } from "./queue.server";

const STATES = ["created", "retry", "active"] as const;

export async function readQueueDepth(queues: readonly string[]): Promise<QueueDepth> {
  const { rows } = await getPool().query<{ queue: string; state: (typeof STATES)[number]; count: number }>(
    `select name as queue, state::text as state, count(*)::int as count from ${QUEUE_SCHEMA}.job
      where state in ('created', 'retry', 'active') group by name, state`,
  );
  const depth: QueueDepth = [];
  for (const queue of new Set([...queues, ...rows.map((row) => row.queue)])) {
    for (const state of STATES) {
      depth.push({ queue, state, count: rows.find((row) => row.queue === queue && row.state === state)?.count ?? 0 });
    }
  }
  return depth;
}
