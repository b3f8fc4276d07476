/**
 * Crash safety (issue 6, "Correctness under stress"): worker processes killed with SIGKILL at random points — by the
 * test at random moments, and by failpoints inside the money code, including right after the bank accepted a transfer
 * and before we recorded it — 20 times over three group-clock days. After a clean restart: no duplicate transfer at
 * the bank or in our tables, nothing lost (every due debit and the payout made and settled), the ledger balanced and
 * in agreement with the bank.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";
import { workerArgs } from "../support/worker-processes";

await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const scheduler = await import("../../app/server/money/scheduler.server");
const { verifyLedger } = await import("../../app/server/money/verify.server");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { SETUP_FEE_CENTS } = await import("../../app/domain/groups");
const { addDays, daysBetween, todayIn } = await import("../../app/domain/schedule");
const { sandboxAvailableOn, sandboxSettlesOn } = await import("../../app/domain/money");
const { inArray, sql } = await import("drizzle-orm");

const GROUPS = 3;
const MEMBERS = 3;
const RUNS = 20;
const CONTRIBUTION_CENTS = 10_000;
const FAILPOINTS = [
  "after-row-insert:0.05",
  "after-bank-authorization:0.05",
  "after-bank-create:0.08",
  "inside-status-transaction:0.05",
  // The bank moved a transfer on (the sandbox settlement) and we have not recorded it: issue 12's root cause began here.
  "after-bank-simulate:0.05",
  "inside-payout-transaction:0.1",
  "before-day-recorded:0.1",
].join(",");

/** One worker process that may die at a failpoint, and is killed with SIGKILL after `killAfterMs` if still alive. */
function crashingWorker(killAfterMs: number) {
  const child = spawn(process.execPath, workerArgs(), {
    env: { ...process.env, WORKER_TICK_SECONDS: "1", ROSCA_FAILPOINTS: FAILPOINTS },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  return new Promise<{ signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on("exit", (_code, signal) => {
      clearTimeout(timer);
      resolve({ signal, output: output.join("") });
    }),
  );
}

describe("crash safety", () => {
  it(`${RUNS} SIGKILLed worker runs, then a clean one: nothing duplicated, nothing lost, the ledger balanced`, async () => {
    const now = new Date();
    const today = todayIn("America/New_York", now);
    const dayOfWeek = new Date(`${today}T12:00:00Z`).getUTCDay();
    const groups = [];
    for (let i = 0; i < GROUPS; i++) {
      groups.push(
        await money.startedGroup({
          now: new Date(now.getTime() - 6 * 86_400_000),
          size: MEMBERS,
          balanceCents: 100_000,
          draft: { contributionCents: CONTRIBUTION_CENTS, schedule: { frequency: "weekly", dayOfWeek, dayOfMonth: null } },
        }),
      );
    }
    const ids = groups.map((g) => g.group.id);

    // A seeded sequence of kill delays (reproducible); the failpoints add their own randomness inside the process.
    let seed = 20261122;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let killed = 0;
    for (let run = 0; run < RUNS; run++) {
      // Three group-clock days: the debits, their settlement, their funds available and the payout.
      if (run === 7 || run === 14) {
        await db()
          .update(schema.groups)
          .set({ clockOffsetSeconds: sql`${schema.groups.clockOffsetSeconds} + 86400` })
          .where(inArray(schema.groups.id, ids));
      }
      // 0.1-4.1 s after the process starts: a worker is up after about 0.6 s (compiled once per run with drizzle-orm in
      // the bundle; about 1.2 s with it imported from node_modules, with 0.7-4.7 s here; 1.9-2.7 s when tsx compiled it
      // in every process, with 1.5-5.5 s), so a kill lands from just before its first tick to 3.5 s into its work, as
      // before. The failpoints kill it sooner when they fire.
      const result = await crashingWorker(100 + Math.floor(random() * 4_000));
      if (result.signal === "SIGKILL") killed += 1;
    }
    expect(killed).toBeGreaterThanOrEqual(RUNS - 2);

    // The restart: clean passes (no failpoints) in this process until nothing is in flight. (A killed worker's database
    // session may hold its group lock for a moment after the kill; such a group is skipped and taken on the next pass.)
    // The payout goes out when the contributions are available (two bank days after the due day, ADR 030 and ADR 040)
    // and settles a bank day later. A crash can delay a step by a day (a payout started the day after it could have
    // been), so the groups are moved on to a day after that, as real time would give them.
    const arrives = sandboxSettlesOn(sandboxAvailableOn(today));
    const onward = daysBetween(addDays(today, 2), arrives) + 1;
    await db()
      .update(schema.groups)
      .set({ clockOffsetSeconds: sql`${schema.groups.clockOffsetSeconds} + ${onward * 86_400}` })
      .where(inArray(schema.groups.id, ids));
    for (let pass = 0; pass < 20; pass++) {
      await scheduler.processDueGroups(new Date());
      await cycle.syncBankEvents(new Date());
      const { rows } = await db().execute<{ n: number }>(sql`
        select count(*)::int as n from bank_transfers where status in ('created', 'pending', 'posted')
          or (kind = 'payout' and status not in ('settled', 'funds_available'))`);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const ours = await db().select().from(schema.bankTransfers).where(inArray(schema.bankTransfers.groupId, ids));
    const { rows: duplicateRows } = await db().execute(sql`
      select group_id, period_number, user_id, kind, attempt, count(*)::int as n from bank_transfers group by 1, 2, 3, 4, 5 having count(*) > 1`);
    expect(duplicateRows).toEqual([]);
    // Nothing lost: every member's contribution and fee, one payout per group, all through the bank.
    expect(ours.filter((t) => t.kind === "contribution" && t.periodNumber === 1)).toHaveLength(GROUPS * MEMBERS);
    expect(ours.filter((t) => t.kind === "fee")).toHaveLength(GROUPS * MEMBERS);
    expect(ours.filter((t) => t.kind === "payout")).toHaveLength(GROUPS);
    expect(ours.filter((t) => t.status === "created" || !t.providerTransferId)).toEqual([]);
    const { rows: groupDays } = await db().execute(
      sql`select id, processed_through::text, clock_offset_seconds from groups where id in ${sql.raw(`('${ids.join("','")}')`)}`,
    );
    const settled = (status: string) => status === "settled" || status === "funds_available";
    expect(
      ours.filter((t) => t.kind === "payout").map((t) => settled(t.status)),
      JSON.stringify({ today, groupDays, transfers: ours.map((t) => [t.kind, t.status, t.initiatedOn, t.statusOn, t.attempt]) }),
    ).toEqual(Array(GROUPS).fill(true));

    // No duplicate at the bank: one authorization per key, one transfer per authorization and per key.
    const { rows: bankDuplicates } = await db().execute(sql`
      select a.idempotency_key, count(distinct a.authorization_id)::int as authorizations, count(t.transfer_id)::int as transfers
      from sandbox_plaid.transfer_authorizations a left join sandbox_plaid.transfers t on t.authorization_id = a.authorization_id
      group by 1 having count(distinct a.authorization_id) <> 1 or count(t.transfer_id) <> 1`);
    expect(bankDuplicates).toEqual([]);
    const { rows: byKey } = await db().execute<{ n: number }>(sql`select count(*)::int as n from sandbox_plaid.transfers`);
    expect(byKey[0]!.n).toBe(ours.length);

    // The ledger: balanced, each member down exactly their contribution and fee (plus the payout for the recipient).
    const balances = await money.ledgerBalances();
    expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
    for (const { group, members } of groups) {
      expect(balances.get(`group_pool:${group.id}`)).toBe(0);
      const recipient = ours.find((t) => t.kind === "payout" && t.groupId === group.id)!.userId;
      for (const member of members) {
        const received = member.id === recipient ? CONTRIBUTION_CENTS * MEMBERS : 0;
        expect(balances.get(`member_bank:${member.id}`)).toBe(received - CONTRIBUTION_CENTS - SETUP_FEE_CENTS);
      }
    }
    const verified = await verifyLedger();
    const failed = verified.checks.filter((check) => !check.ok);
    expect(failed, JSON.stringify(failed)).toEqual([]);
    expect(verified.ok).toBe(true);
  }, 300_000);
});
