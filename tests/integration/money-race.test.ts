/**
 * Exactly once under concurrency (issue 6, "Correctness under stress"): workers racing over the same due periods make
 * exactly one debit per (group, period, member, kind, attempt), at the bank and in the ledger.
 *
 * Two races over the same group-clock days, from the first due day to the day its payout arrives, on the ACH calendar
 * (ADR 040): the due day (the contributions), the bank day after (they settle; the setup fees are debited with them), the
 * next (their money is available: the payout goes out; the fees settle), the next (the payout settles, period 1
 * completes) — with a weekend or a holiday between them when the calendar has one:
 * - in this process, 4 concurrent processDueGroups() per day;
 * - 4 separate `scripts/worker.ts` processes (WORKER_TICK_SECONDS=1, plus their pg-boss cron and polls), while the test
 *   moves the groups' clocks a day at a time.
 * The bank is the sandbox double; its tables are read directly to count authorizations, transfers and events.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";
import { workerArgs } from "../support/worker-processes";

// Four processDueGroups in one process share one pool, each holding a connection for its group lock and up to 6 bank
// calls with their transactions: the pool is made big enough for four at once. Production runs one money job at a
// time per worker process (worker.server.ts) with the default pool.
process.env.DATABASE_POOL_SIZE = "40";
await useTestDatabase({ bank: true });
const scheduler = await import("../../app/server/money/scheduler.server");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { SETUP_FEE_CENTS } = await import("../../app/domain/groups");
const { todayIn, addDays, daysBetween } = await import("../../app/domain/schedule");
const { sandboxAvailableOn, sandboxSettlesOn } = await import("../../app/domain/money");
const { inArray, sql } = await import("drizzle-orm");

const GROUPS = 5;
const MEMBERS = 4;
const CONTRIBUTION_CENTS = 10_000;
const WORKERS = 4;
/** How long the four worker processes may take to start (see the test). */
const WORKERS_START_MS = 240_000;

const children: ChildProcess[] = [];
afterAll(() => {
  // A failed test must not leave workers polling a database that is about to be dropped.
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

type Started = Awaited<ReturnType<typeof money.startedGroup>>;

/** GROUPS groups of MEMBERS, started 6 days ago, weekly on today's weekday: the first due day is today. */
async function groupsDueToday(): Promise<Started[]> {
  const now = new Date();
  const today = todayIn("America/New_York", now);
  const dayOfWeek = new Date(`${today}T12:00:00Z`).getUTCDay();
  const started: Started[] = [];
  for (let i = 0; i < GROUPS; i++) {
    const group = await money.startedGroup({
      now: new Date(now.getTime() - 6 * 86_400_000),
      size: MEMBERS,
      balanceCents: 100_000,
      draft: { contributionCents: CONTRIBUTION_CENTS, schedule: { frequency: "weekly", dayOfWeek, dayOfMonth: null } },
    });
    expect(group.group.firstDueOn).toBe(today);
    started.push(group);
  }
  return started;
}

/** The sandbox clock, moved by the test: every one of these groups is a day further on (what advanceClock does first). */
async function nextDay(groupIds: string[]) {
  await db()
    .update(schema.groups)
    .set({ clockOffsetSeconds: sql`${schema.groups.clockOffsetSeconds} + 86400` })
    .where(inArray(schema.groups.id, groupIds));
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Per group: how far it has been processed, and its transfers by kind and status ("contribution:pending" → 4). */
async function progress(groupIds: string[]) {
  const { rows } = await db().execute<{
    id: string;
    processed_through: string | null;
    today: string;
    status: string;
    transfers: Record<string, number> | null;
    completed: number;
  }>(sql`
    select g.id, g.processed_through::text, (((now() + make_interval(secs => g.clock_offset_seconds)) at time zone g.time_zone)::date)::text as today,
      g.status,
      (select jsonb_object_agg(k, n) from (select t.kind || ':' || t.status as k, count(*)::int as n from bank_transfers t where t.group_id = g.id group by 1) x) as transfers,
      (select count(*)::int from group_periods p where p.group_id = g.id and p.status = 'completed') as completed
    from groups g where g.id in ${sql.raw(`('${groupIds.join("','")}')`)}`);
  return rows;
}

const allAt = (rows: Awaited<ReturnType<typeof progress>>, check: (row: (typeof rows)[number]) => boolean) => rows.length > 0 && rows.every(check);

/** Everything the race could have duplicated, across every group in the database. */
async function assertExactlyOnce(groups: Started[]) {
  const groupIds = groups.map((g) => g.group.id);
  const ours = await db().select().from(schema.bankTransfers).where(inArray(schema.bankTransfers.groupId, groupIds));

  // Our rows: one per (group, period, member, kind, attempt), and exactly the debits and payouts the three days call for.
  const { rows: duplicateRows } = await db().execute(sql`
    select group_id, period_number, user_id, kind, attempt, count(*)::int as n from bank_transfers
    group by 1, 2, 3, 4, 5 having count(*) > 1`);
  expect(duplicateRows).toEqual([]);
  const perGroup = (kind: string) => ours.filter((t) => t.kind === kind).length;
  expect(perGroup("contribution")).toBe(GROUPS * MEMBERS);
  expect(perGroup("fee")).toBe(GROUPS * MEMBERS);
  expect(perGroup("payout")).toBe(GROUPS);
  expect(ours.every((t) => t.attempt === 1 && (t.kind === "fee" ? t.periodNumber === 0 : t.periodNumber === 1))).toBe(true);
  expect(ours.every((t) => t.providerAuthorizationId && t.providerTransferId)).toBe(true);

  // The bank: exactly one authorization per key (Plaid's idempotency_key = our bank key), exactly one transfer per key
  // (metadata.rosca_key: our logical key), and they are the very ones our rows point at. Nothing at the bank that we
  // do not know of.
  const { rows: bank } = await db().execute<{
    idempotency_key: string;
    authorizations: number;
    authorization_ids: string[];
    transfers: number;
    transfer_ids: string[];
  }>(sql`
    select a.idempotency_key, count(distinct a.authorization_id)::int as authorizations, array_agg(distinct a.authorization_id) as authorization_ids,
      count(distinct t.transfer_id)::int as transfers, array_remove(array_agg(distinct t.transfer_id), null) as transfer_ids
    from sandbox_plaid.transfer_authorizations a left join sandbox_plaid.transfers t on t.authorization_id = a.authorization_id
    group by a.idempotency_key`);
  const { rows: byMetadata } = await db().execute<{ key: string; n: number }>(sql`
    select metadata->>'rosca_key' as key, count(*)::int as n from sandbox_plaid.transfers group by 1`);
  const { rows: allOurs } = await db().execute<{ n: number }>(sql`select count(*)::int as n from bank_transfers`);
  expect(bank).toHaveLength(allOurs[0]!.n);
  expect(byMetadata).toHaveLength(allOurs[0]!.n);
  expect(byMetadata.filter((row) => row.n !== 1)).toEqual([]);
  const bankByKey = new Map(bank.map((row) => [row.idempotency_key, row]));
  for (const transfer of ours) {
    expect(transfer.bankIdempotencyKey).toMatch(/^[0-9a-f]{48}$/);
    expect(bankByKey.get(transfer.bankIdempotencyKey!)).toEqual({
      idempotency_key: transfer.bankIdempotencyKey,
      authorizations: 1,
      authorization_ids: [transfer.providerAuthorizationId],
      transfers: 1,
      transfer_ids: [transfer.providerTransferId],
    });
  }
  // Each status reached once at the bank too (the sandbox's settlement was asked for by every racer).
  const { rows: repeatedEvents } = await db().execute(sql`
    select transfer_id, event_type, count(*)::int as n from sandbox_plaid.transfer_events group by 1, 2 having count(*) > 1`);
  expect(repeatedEvents).toEqual([]);

  // Where the days leave each transfer: debits funds available, the payout settled, period 1 completed.
  expect(ours.filter((t) => t.kind !== "payout" && t.status !== "funds_available")).toEqual([]);
  expect(ours.filter((t) => t.kind === "payout").map((t) => t.status)).toEqual(Array(GROUPS).fill("settled"));

  // The ledger: one posting per (bank transfer, event), amounts as at the bank, and the balances of a clean period.
  const postings = await db().select().from(schema.ledgerTransfers).where(inArray(schema.ledgerTransfers.groupId, groupIds));
  const postingKeys = postings.map((p) => `${p.bankTransferId}:${p.reason}`);
  expect(new Set(postingKeys).size).toBe(postingKeys.length);
  for (const transfer of ours) {
    const reasons = postings.filter((p) => p.bankTransferId === transfer.id).map((p) => [p.reason, p.amountCents]);
    const expected =
      transfer.kind === "payout"
        ? [
            ["payout_sent", transfer.amountCents],
            ["payout_settled", transfer.amountCents],
          ]
        : [[transfer.kind, transfer.amountCents]];
    expect(reasons.sort()).toEqual(expected.sort());
  }
  const balances = await money.ledgerBalances();
  for (const { group, members } of groups) {
    expect(balances.get(`group_pool:${group.id}`)).toBe(0);
    const recipient = ours.find((t) => t.kind === "payout" && t.groupId === group.id)!.userId;
    for (const member of members) {
      const received = member.id === recipient ? CONTRIBUTION_CENTS * MEMBERS : 0;
      expect(balances.get(`member_bank:${member.id}`)).toBe(received - CONTRIBUTION_CENTS - SETUP_FEE_CENTS);
    }
  }
  expect(balances.get("payouts_in_transit")).toBe(0);
  const { rows: ledgerDuplicates } = await db().execute(sql`select idempotency_key from ledger_transfers group by 1 having count(*) > 1`);
  expect(ledgerDuplicates).toEqual([]);
  expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
}

describe("exactly once under racing workers", () => {
  it(`${WORKERS} concurrent processDueGroups per day → one debit per (group, period, member, attempt) at the bank and in the ledger`, async () => {
    const groups = await groupsDueToday();
    const ids = groups.map((g) => g.group.id);
    const today = todayIn("America/New_York", new Date());
    const arrives = sandboxSettlesOn(sandboxAvailableOn(today));
    for (let day = 0; day <= daysBetween(today, arrives); day++) {
      if (day > 0) await nextDay(ids);
      const results = await Promise.all(Array.from({ length: WORKERS }, () => scheduler.processDueGroups(new Date())));
      // Every group was processed (by someone) up to its today; the advisory lock turned the rest away.
      expect(results.reduce((sum, r) => sum + r.processed, 0)).toBeGreaterThanOrEqual(GROUPS);
      const rows = await progress(ids);
      expect(rows.map((r) => r.processed_through)).toEqual(Array(GROUPS).fill(addDays(today, day)));
    }
    const rows = await progress(ids);
    expect(rows.map((r) => r.completed)).toEqual(Array(GROUPS).fill(1));
    await assertExactlyOnce(groups);
  }, 240_000);

  it(
    `${WORKERS} worker processes (scripts/worker.ts, WORKER_TICK_SECONDS=1) → the same, and each stops cleanly on SIGTERM`,
    async () => {
      const groups = await groupsDueToday();
      const ids = groups.map((g) => g.group.id);
      const output: string[][] = [];
      const exits: Array<Promise<{ code: number | null; signal: NodeJS.Signals | null }>> = [];
      for (let i = 0; i < WORKERS; i++) {
        // node and the compiled worker, as Fly runs it: no npm/npx process in between, so SIGTERM reaches the worker itself.
        const child = spawn(process.execPath, workerArgs(), {
          // The production pool size (this process's larger pool is for its in-process race only).
          env: { ...process.env, WORKER_TICK_SECONDS: "1", WORKER_STOP_TIMEOUT_SECONDS: "10", DATABASE_POOL_SIZE: "10", MONEY_PAGE_SIZE: "1" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        children.push(child);
        const lines: string[] = [];
        output.push(lines);
        child.stdout!.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
        child.stderr!.on("data", (chunk: Buffer) =>
          lines.push(
            ...chunk
              .toString()
              .split("\n")
              .filter(Boolean)
              .map((l) => `stderr: ${l}`),
          ),
        );
        exits.push(new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal }))));
      }
      const log = () => output.map((lines, i) => lines.map((l) => `[${i + 1}] ${l}`).join("\n")).join("\n");
      try {
        // Four Node processes starting at once on a loaded 2-core machine (the rest of npm test runs beside this): 60 s
        // was not always enough when each compiled TypeScript with tsx (3 of 12 runs at load average 13), with no money
        // assertion failing.
        await waitFor(
          "4 workers to start",
          async () => output.map((lines) => lines.some((l) => l.includes("working money.tick"))),
          (up) => up.every(Boolean),
          WORKERS_START_MS,
        );

        const today = todayIn("America/New_York", new Date());
        // The due day: debits (no setup fee yet). The bank day after: they settle, and the fees are debited. The next:
        // their money is available, the payout goes out. The next: the payout settles, period 1 completes. (Days between
        // them, over a weekend or a holiday, change nothing.)
        const settles = sandboxSettlesOn(today);
        const available = sandboxAvailableOn(today);
        const arrives = sandboxSettlesOn(available);
        type Row = Awaited<ReturnType<typeof progress>>[number];
        const reached = (day: string) => (r: Row) => {
          if (day === today) return r.transfers?.["contribution:pending"] === MEMBERS && r.transfers?.["fee:pending"] === undefined;
          if (day === settles) return r.transfers?.["contribution:settled"] === MEMBERS && r.transfers?.["fee:pending"] === MEMBERS;
          if (day === available) return r.transfers?.["payout:pending"] === 1;
          if (day === arrives) return r.completed === 1;
          return true;
        };
        for (let day = 0; day <= daysBetween(today, arrives); day++) {
          if (day > 0) await nextDay(ids);
          await waitFor(
            `day ${day} processed by the workers`,
            () => progress(ids),
            (rows) => allAt(rows, (r) => r.processed_through === addDays(today, day) && reached(addDays(today, day))(r)),
          );
          // Let every worker tick over the finished day a few more times: each of those runs must change nothing.
          await new Promise((resolve) => setTimeout(resolve, 2_500));
        }
      } catch (error) {
        throw new Error(`${error instanceof Error ? error.message : error}\n--- worker output ---\n${log()}`);
      } finally {
        for (const child of children) child.kill("SIGTERM");
      }
      const exited = await Promise.all(exits);
      expect(exited, log()).toEqual(Array(WORKERS).fill({ code: 0, signal: null }));
      // They raced: the groups' work was taken by more than one of them (a page is one group here, so a worker that
      // finds a group locked takes the next), every one stopped cleanly, and nobody logged an error.
      const worked = output.filter((lines) => lines.some((l) => l.includes("interval tick processed") || l.includes("done in")));
      expect(worked.length, log()).toBeGreaterThanOrEqual(2);
      for (const lines of output) {
        expect(
          lines.some((l) => l.includes("stopped")),
          log(),
        ).toBe(true);
      }
      expect(
        output.flat().filter((l) => l.startsWith("stderr:")),
        log(),
      ).toEqual([]);

      // Every group processed from today to the day its payout arrived by the worker processes, none of it by this process.
      await assertExactlyOnce(groups);
    },
    240_000 + WORKERS_START_MS,
  );
});
