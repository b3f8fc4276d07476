/**
 * A due date as many short jobs (issue 36, ADR 044): the planner counts the due groups per shard and queues one
 * money.shard job per shard that has any; a shard job processes its range of groups within a time budget and queues
 * the rest; two workers share the shards, and every debit is made exactly once.
 */
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

process.env.MONEY_SHARDS = "4";
await useTestDatabase({ bank: true });
const queue = await import("../../app/server/jobs/queue.server");
const { startWorker } = await import("../../app/server/jobs/worker.server");
const scheduler = await import("../../app/server/money/scheduler.server");
const { onStage } = await import("../../app/server/money/cycle.server");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { inArray, sql } = await import("drizzle-orm");

afterAll(() => queue.stopQueue());

const MEMBERS = 3;

const groupsDueToday = (count: number) => money.groupsDueToday(count, MEMBERS);

/**
 * Each group's debits for today, made once: MEMBERS contributions, one row and one bank transfer each (the setup fees
 * come once a contribution has gone through, ADR 040).
 */
async function expectDebitedOnce(ids: string[]) {
  const rows = await db().select().from(schema.bankTransfers).where(inArray(schema.bankTransfers.groupId, ids));
  for (const id of ids) {
    const mine = rows.filter((row) => row.groupId === id);
    expect(mine.map((row) => `${row.kind}:${row.attempt}`).sort()).toEqual(Array(MEMBERS).fill("contribution:1"));
  }
  const keys = rows.map((row) => row.bankIdempotencyKey!);
  const { rows: atBank } = await db().execute<{ idempotency_key: string; authorizations: number; transfers: number }>(sql`
    select a.idempotency_key, count(distinct a.authorization_id)::int as authorizations, count(distinct t.transfer_id)::int as transfers
    from sandbox_plaid.transfer_authorizations a left join sandbox_plaid.transfers t on t.authorization_id = a.authorization_id
    where a.idempotency_key in ${keys} group by 1`);
  expect(atBank).toHaveLength(keys.length);
  expect(atBank.filter((row) => row.authorizations !== 1 || row.transfers !== 1)).toEqual([]);
}

async function processedThrough(ids: string[]) {
  const rows = await db()
    .select({ id: schema.groups.id, day: schema.groups.processedThrough })
    .from(schema.groups)
    .where(inArray(schema.groups.id, ids));
  return new Map(rows.map((row) => [row.id, row.day]));
}

describe("shards", () => {
  it("split the uuid space into equal ranges by its first byte, and refuse a count that is not a power of two up to 256", () => {
    expect(scheduler.shardRange(0, 4)).toEqual({ from: "00000000-0000-0000-0000-000000000000", to: "40000000-0000-0000-0000-000000000000" });
    expect(scheduler.shardRange(3, 4)).toEqual({ from: "c0000000-0000-0000-0000-000000000000", to: null });
    expect(scheduler.shardRange(0, 1)).toEqual({ from: "00000000-0000-0000-0000-000000000000", to: null });
    expect(scheduler.shardRange(255, 256)).toEqual({ from: "ff000000-0000-0000-0000-000000000000", to: null });
    expect(() => scheduler.shardRange(4, 4)).toThrow("no shard 4 of 4");
    const saved = process.env.MONEY_SHARDS;
    try {
      for (const bad of ["3", "0", "512", "x"]) {
        process.env.MONEY_SHARDS = bad;
        expect(() => scheduler.shardCount()).toThrow(`MONEY_SHARDS must be a power of two from 1 to 256, not "${bad}"`);
      }
    } finally {
      process.env.MONEY_SHARDS = saved;
    }
    // Every id is in exactly one shard.
    for (const id of [
      "00000000-0000-4000-8000-000000000000",
      "3fffffff-ffff-4fff-bfff-ffffffffffff",
      "40000000-0000-4000-8000-000000000000",
      "ffffffff-ffff-4fff-bfff-ffffffffffff",
    ]) {
      expect([0, 1, 2, 3].filter((shard) => scheduler.inRange(id, scheduler.shardRange(shard, 4)))).toHaveLength(1);
    }
  });

  it("the planner's count per shard is the groups with work due today; a shard's run processes its range only, and its budget leaves the rest for the next job", async () => {
    const { ids, today } = await groupsDueToday(8);
    const now = new Date();
    const expected = new Map<number, number>();
    for (const id of ids) {
      const shard = [0, 1, 2, 3].find((s) => scheduler.inRange(id, scheduler.shardRange(s, 4)))!;
      expected.set(shard, (expected.get(shard) ?? 0) + 1);
    }
    expect(await scheduler.dueShards(now, 4)).toEqual(
      [...expected.entries()].sort((a, b) => a[0] - b[0]).map(([shard, groups]) => ({ shard, groups })),
    );

    // The fullest shard, one page of one group at a time, with its budget already spent after the first page.
    const [fullest] = [...expected.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const range = scheduler.shardRange(fullest, 4);
    const inShard = ids.filter((id) => scheduler.inRange(id, range)).sort();
    expect(inShard.length).toBeGreaterThanOrEqual(2);
    const first = await scheduler.processDueGroups(now, { range, pageSize: 1, deadline: Date.now() - 1 });
    // No page is started once the deadline has passed: nothing done, work left, no cursor yet.
    expect(first).toEqual({ processed: 0, more: true, after: null, runStartedAt: expect.any(Date) });

    // A job whose budget runs out during its first page (the page finishes; no second one starts): it returns where
    // the run stands, as its continuation's payload carries it (ADR 054).
    const deadline = Date.now() + 200;
    onStage(() => {
      while (Date.now() < deadline) {
        // The page outlasts the budget.
      }
    });
    const job = await scheduler.processDueGroups(now, { range, pageSize: 1, deadline }).finally(() => onStage(null));
    expect(job).toEqual({ processed: 1, more: true, after: inShard[0], runStartedAt: expect.any(Date) });
    // The continuation: the rest of the range, once each, from the cursor on.
    const rest = await scheduler.processDueGroups(now, { range, pageSize: 1, after: job.after, runStartedAt: job.runStartedAt });
    expect(rest).toEqual({ processed: inShard.length - 1, more: false, after: inShard.at(-1), runStartedAt: job.runStartedAt });
    // The first job retried (lost with its worker, say: the same payload, no cursor) with the run's start: every group
    // was finished by the run, so none is visited again although their money in flight keeps them due.
    expect(await scheduler.processDueGroups(now, { range, pageSize: 1, runStartedAt: job.runStartedAt })).toEqual({
      processed: 0,
      more: false,
      after: null,
      runStartedAt: job.runStartedAt,
    });
    // But a group the run stamped without reaching its today (a page a stopping worker left half done) is run again.
    await db().execute(sql`update groups set processed_through = processed_through - 1 where id = ${inShard[0]!}::uuid`);
    expect(await scheduler.processDueGroups(now, { range, pageSize: 1, runStartedAt: job.runStartedAt })).toEqual({
      processed: 1,
      more: false,
      after: inShard[0],
      runStartedAt: job.runStartedAt,
    });
    // And so is one with news from the bank since (a settlement may make a payout due at once).
    await db().execute(sql`update groups set bank_changes = bank_changes + 1 where id = ${inShard[1]!}::uuid`);
    expect(await scheduler.processDueGroups(now, { range, pageSize: 1, runStartedAt: job.runStartedAt })).toEqual({
      processed: 1,
      more: false,
      after: inShard[1],
      runStartedAt: job.runStartedAt,
    });
    const days = await processedThrough(ids);
    for (const id of ids) expect(days.get(id)).toBe(scheduler.inRange(id, range) ? today : null);
    // Processed through today, but their debits are pending: money in flight keeps them due, and the count says so.
    const again = await scheduler.dueShards(now, 4);
    expect(again.find((s) => s.shard === fullest)).toEqual({ shard: fullest, groups: inShard.length });

    // An aborted run starts no page.
    const aborted = new AbortController();
    aborted.abort();
    expect(await scheduler.processDueGroups(now, { signal: aborted.signal })).toEqual({
      processed: 0,
      more: true,
      after: null,
      runStartedAt: expect.any(Date),
    });

    await scheduler.processDueGroups(now);
    expect([...(await processedThrough(ids)).values()]).toEqual(Array(ids.length).fill(today));
    await expectDebitedOnce(ids);
  }, 180_000);
});

describe("workers share a due date", () => {
  it("the planner queues one job per shard with due groups (none twice while one waits), two workers take them, and every debit is made once", async () => {
    const bosses = [await queue.createBoss("worker"), await queue.createBoss("worker")];
    const { ids, today } = await groupsDueToday(10);
    const done: Array<{ queue: string; worker: string; result: unknown }> = [];

    // Planned twice before any worker runs: the second plan queues nothing new (one waiting job per shard).
    const producer = bosses[0]!;
    const due = await scheduler.dueShards(new Date(), 4);
    for (let i = 0; i < 2; i++) {
      await queue.enqueueShards(
        producer,
        due.map(({ shard }) => ({ shard, of: 4 })),
        "test",
      );
    }
    const { rows: waiting } = await db().execute<{ key: string }>(
      sql`select singleton_key as key from pgboss_v12.job where name = ${queue.MONEY_SHARD} and state = 'created' order by 1`,
    );
    expect(waiting.map((row) => row.key)).toEqual(due.map(({ shard }) => `shard:${shard}/4`).sort());

    const workers = await Promise.all(
      bosses.map((boss, i) =>
        startWorker({
          boss,
          name: `worker-${i + 1}`,
          schedule: false,
          pollingIntervalSeconds: 0.5,
          log: () => {},
          onJobDone: (event) => done.push(event),
        }),
      ),
    );
    try {
      const until = Date.now() + 60_000;
      for (;;) {
        const days = await processedThrough(ids);
        if ([...days.values()].every((day) => day === today)) break;
        if (Date.now() > until) throw new Error(`not every group was processed: ${JSON.stringify([...days.entries()])}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // A planner run now (money.tick): the groups have money in flight, so their shards are queued again and run
      // again, doing nothing new.
      // (The first test's groups are in flight too.)
      const planned = await scheduler.dueShards(new Date(), 4);
      expect(await queue.enqueueMoneyTick("test")).toMatchObject({ ok: true });
      const waitUntil = Date.now() + 30_000;
      while (!done.some((event) => event.queue === queue.MONEY_TICK) && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 250));
      expect(done.find((event) => event.queue === queue.MONEY_TICK)?.result).toEqual({
        shards: planned.length,
        groups: planned.reduce((sum, s) => sum + s.groups, 0),
      });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await Promise.all(bosses.map((boss) => boss.stop({ graceful: true, timeout: 5_000 })));
    }
    const shardRuns = done.filter((event) => event.queue === queue.MONEY_SHARD);
    // The shards were spread: with 0.5 s polls and several shards waiting, both workers took some.
    expect(new Set(shardRuns.map((event) => event.worker)).size).toBe(2);
    expect(shardRuns.map((event) => event.result)).toEqual(expect.arrayContaining(due.map(({ shard }) => expect.objectContaining({ shard, of: 4 }))));
    await expectDebitedOnce(ids);
  }, 240_000);
});
