/**
 * The SQL planners (app/server/money/plan.server.ts) against the rules they implement (app/domain/money.ts: dueWork,
 * settledUp): fast-check builds random group states — members, periods due before or after the day, completed or
 * not, up to three attempts of every debit and payout with any final or in-flight status, any pool balance — writes
 * them to PostgreSQL as they are (the guards that would refuse impossible states are off for the set-up only), and
 * checks that each planner decides exactly what the domain decides for the same state on the same day.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
const plan = await import("../../app/server/money/plan.server");
const domain = await import("../../app/domain/money");
const { addDays } = await import("../../app/domain/schedule");
const { db } = await import("../../app/server/db/client.server");
const { createUser } = await import("../support/users");
const { sql } = await import("drizzle-orm");

const NUM_RUNS = Number(process.env.FC_NUM_RUNS_PLAN ?? 150);
const DAY = "2026-03-10";
const FEE = 500;
const STATUSES = ["created", "pending", "posted", "settled", "funds_available", "declined", "failed", "returned", "cancelled"] as const;
/** Failure codes: return codes of every rule in ach.ts (and one with none), decline rationales; null for none. */
const CODES = ["R01", "R09", "R02", "R10", "R06", "NSF", null] as const;

const people: string[] = [];
beforeAll(async () => {
  for (let i = 0; i < 5; i++) people.push((await createUser({ email: `planner${i}@example.com` })).id);
});

// Started the day of its status, a day before, or long ago (a return presented again only within 180 days).
const attemptsArb = fc.array(
  fc.record({
    status: fc.constantFrom(...STATUSES),
    daysAgo: fc.integer({ min: 0, max: 6 }),
    code: fc.constantFrom(...CODES),
    startedBefore: fc.constantFrom(0, 1, 178, 200),
    // The retry day a failure set (a payday's), or none (rows from before it existed: 3 days after the failure).
    retryIn: fc.option(fc.integer({ min: 1, max: 14 }), { freq: 2 }),
  }),
  { minLength: 0, maxLength: 3 },
);
type AttemptSpec = {
  status: (typeof STATUSES)[number];
  daysAgo: number;
  code: (typeof CODES)[number];
  startedBefore: number;
  retryIn: number | null;
};

const stateArb = fc.record({
  size: fc.integer({ min: 3, max: 5 }),
  // Due days relative to DAY, in order (periods may be due before, on, or after the day).
  firstDueIn: fc.integer({ min: -8, max: 3 }),
  spacing: fc.integer({ min: 1, max: 3 }),
  completed: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  contributions: fc.array(fc.array(attemptsArb, { minLength: 5, maxLength: 5 }), { minLength: 5, maxLength: 5 }),
  fees: fc.array(attemptsArb, { minLength: 5, maxLength: 5 }),
  payouts: fc.array(attemptsArb, { minLength: 5, maxLength: 5 }),
  poolCents: fc.constantFrom(0, 10_000, 30_000, 50_000, 60_000, 200_000),
});

let counter = 0;

/** Write a state to the database (guards off for this transaction only) and return it as the domain sees it. */
async function writeState(s: {
  size: number;
  firstDueIn: number;
  spacing: number;
  completed: boolean[];
  contributions: AttemptSpec[][][];
  fees: AttemptSpec[][];
  payouts: AttemptSpec[][];
  poolCents: number;
}) {
  counter += 1;
  const groupId = crypto.randomUUID();
  const members = people.slice(0, s.size);
  const contributionCents = 10_000;
  const payoutCents = contributionCents * s.size;
  const periods = members.map((userId, i) => ({
    periodNumber: i + 1,
    dueOn: addDays(DAY, s.firstDueIn + i * s.spacing),
    recipientUserId: userId,
    payoutCents,
    status: s.completed[i] ? ("completed" as const) : ("pending" as const),
  }));
  const transfers: Array<{
    kind: "contribution" | "fee" | "payout";
    periodNumber: number;
    userId: string;
    attempt: number;
    status: (typeof STATUSES)[number];
    statusOn: string;
    initiatedOn: string;
    failureCode: string | null;
    retryOn: string | null;
  }> = [];
  const add = (kind: "contribution" | "fee" | "payout", periodNumber: number, userId: string, attempts: AttemptSpec[]) => {
    for (const [i, a] of attempts.entries()) {
      transfers.push({
        kind,
        periodNumber,
        userId,
        attempt: i + 1,
        status: a.status,
        statusOn: addDays(DAY, -a.daysAgo),
        initiatedOn: addDays(DAY, -a.daysAgo - a.startedBefore),
        failureCode: ["declined", "returned", "failed"].includes(a.status) ? a.code : null,
        retryOn: a.retryIn === null ? null : addDays(DAY, -a.daysAgo + a.retryIn),
      });
    }
  };
  for (const [i, p] of periods.entries())
    for (const [m, userId] of members.entries()) add("contribution", p.periodNumber, userId, s.contributions[i]![m]!);
  for (const [m, userId] of members.entries()) add("fee", 0, userId, s.fees[m]!);
  for (const [i, p] of periods.entries()) add("payout", p.periodNumber, p.recipientUserId, s.payouts[i]!);

  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into groups (id, name, description, created_by, member_count, contribution_cents, frequency, time_zone, payout_order, status, invite_code, started_at, first_due_on, last_due_on, processed_through)
      values (${groupId}, ${`Plan ${counter}`}, '', ${members[0]}, ${s.size}, ${contributionCents}, 'daily', 'America/New_York', 'fixed', 'active', ${`plan-${groupId}`}, now(), ${periods[0]!.dueOn}, ${periods.at(-1)!.dueOn}, ${addDays(DAY, -1)})`);
    const memberIds: string[] = [];
    for (const [i, userId] of members.entries()) {
      const id = crypto.randomUUID();
      memberIds.push(id);
      await tx.execute(
        sql`insert into group_members (id, group_id, user_id, join_order, payout_position, is_admin) values (${id}, ${groupId}, ${userId}, ${i + 1}, ${i + 1}, ${i === 0})`,
      );
    }
    for (const [i, p] of periods.entries()) {
      await tx.execute(sql`insert into group_periods (group_id, period_number, due_on, recipient_member_id, payout_cents, status)
        values (${groupId}, ${p.periodNumber}, ${p.dueOn}, ${memberIds[i]}, ${payoutCents}, ${p.status})`);
    }
    for (const t of transfers) {
      const amount = t.kind === "fee" ? FEE : t.kind === "payout" ? payoutCents : contributionCents;
      await tx.execute(sql`insert into bank_transfers (idempotency_key, kind, group_id, period_number, user_id, attempt, amount_cents, status, initiated_on, status_on, failure_code, retry_on)
        values (${domain.transferKey(t.kind, groupId, t.periodNumber, t.userId, t.attempt)}, ${t.kind}, ${groupId}, ${t.periodNumber}, ${t.userId}, ${t.attempt}, ${amount}, ${t.status}, ${t.initiatedOn}, ${t.statusOn}, ${t.failureCode}, ${t.retryOn})`);
    }
  });
  if (s.poolCents > 0) {
    // The pool's balance, through a real posting (the database maintains balances from postings only).
    await db().execute(sql`insert into ledger_accounts (kind, user_id) values ('member_bank', ${members[0]}) on conflict do nothing`);
    await db().execute(sql`insert into ledger_accounts (kind, group_id) values ('group_pool', ${groupId})`);
    await db().execute(sql`
      insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_cents, reason, group_id, effective_on)
      select ${`plan-pool:${groupId}`}, m.id, p.id, ${s.poolCents}, 'contribution', ${groupId}, ${DAY}
      from ledger_accounts m, ledger_accounts p
      where m.kind = 'member_bank' and m.user_id = ${members[0]} and p.kind = 'group_pool' and p.group_id = ${groupId}`);
  }
  const state: import("../../app/domain/money").CycleState = {
    contributionCents,
    feeCents: FEE,
    memberUserIds: members,
    periods,
    transfers,
    poolCents: s.poolCents,
  };
  return { groupId, state };
}

const key = (t: { kind: string; periodNumber: number; userId: string; attempt: number }) => `${t.kind}:${t.periodNumber}:${t.userId}:${t.attempt}`;

describe("the SQL planners decide what the domain's rules decide", () => {
  it(`on ${NUM_RUNS} random group states`, async () => {
    await fc.assert(
      fc.asyncProperty(stateArb, async (s) => {
        const { groupId, state } = await writeState(s);
        const expected = domain.dueWork(state, DAY);

        const payouts = await plan.payoutsDue([groupId], DAY);
        expect(payouts.map((p) => ({ periodNumber: p.periodNumber, userId: p.userId, attempt: p.attempt, amountCents: p.amountCents }))).toEqual(
          expected.payouts,
        );

        // Settled up: the domain's rule, and every period marked completed (which the engine keeps in step with the
        // periods' payouts).
        const allCompleted = state.periods.every((p) => p.status === "completed");
        expect((await plan.settledUpGroups([groupId], DAY)).length === 1).toBe(domain.settledUp(state, DAY) && allCompleted);

        const debits = await plan.planDebits([groupId], DAY, FEE);
        expect(debits.map(key).sort()).toEqual(expected.debits.map(key).sort());
        expect(debits.every((d) => d.initiatedOn === DAY && d.statusOn === DAY && d.status === "created")).toBe(true);
        // Planned once: the same day again inserts nothing.
        expect(await plan.planDebits([groupId], DAY, FEE)).toEqual([]);

        const reminders = await plan.claimReminders([groupId], DAY);
        expect(reminders.map((r) => `${r.periodNumber}:${r.userId}:${r.dueOn}`).sort()).toEqual(
          expected.reminders.map((r) => `${r.periodNumber}:${r.userId}:${r.dueOn}`).sort(),
        );
        expect(await plan.claimReminders([groupId], DAY)).toEqual([]);

        // Completions: the open periods whose latest payout settled.
        expect(await plan.completePeriods([groupId], DAY, new Date())).toBe(expected.completions.length);
      }),
      { numRuns: NUM_RUNS },
    );
  }, 600_000);
});
