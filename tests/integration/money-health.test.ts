/**
 * The invariant guards and what operators see (issue 12, parts 2 and 5): PostgreSQL refuses a payout before its
 * contributions and any posting that would take a pool below zero; a payout the guarded transaction refuses is
 * logged (group, period, amounts) and counted in the admin console's money-health panel; a group whose runs keep
 * failing stops after MAX_PROCESSING_FAILURES and waits for an admin, who resumes it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, get, post } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const scheduler = await import("../../app/server/money/scheduler.server");
const { MAX_PROCESSING_FAILURES } = await import("../../app/server/money/health.server");
const { startPayout } = await import("../../app/server/money/transfers.server");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { returnTransfer } = await import("../support/bank");
const admin = await import("../../app/routes/admin");
const money = await import("../support/money");
const { signedInUser, toastTitles } = await import("../support/users");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, eq, sql } = await import("drizzle-orm");
const { logger } = await import("../../app/server/platform/log.server");

type Logged = { event?: string; groupId?: string; failures?: number; [field: string]: unknown };

/** What the money engine logs at error level from now on (its fields, as pino receives them), kept off the output. */
function captureErrorLog() {
  const logged: Logged[] = [];
  vi.spyOn(logger, "error").mockImplementation(((fields: unknown) => {
    if (typeof fields === "object" && fields !== null) logged.push(fields as Logged);
  }) as typeof logger.error);
  return logged;
}

// Tuesday 2026-01-06, noon in New York. Weekly on Friday: due Jan 9, 16, 23.
const NOW = new Date("2026-01-06T17:00:00Z");

afterEach(() => {
  vi.restoreAllMocks();
});

async function contributionsOf(groupId: string, periodNumber: number) {
  return db()
    .select()
    .from(schema.bankTransfers)
    .where(
      and(
        eq(schema.bankTransfers.groupId, groupId),
        eq(schema.bankTransfers.kind, "contribution"),
        eq(schema.bankTransfers.periodNumber, periodNumber),
      ),
    );
}

describe("the database's guards", () => {
  it("refuses a payout row before its period's contributions are collected, whatever code inserts it", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    // Jan 9: the debits are pending, nothing collected.
    await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 3 }, NOW);
    const insert = db()
      .insert(schema.bankTransfers)
      .values({
        idempotencyKey: `payout:${group.id}:1:${members[0]!.id}:1`,
        kind: "payout",
        groupId: group.id,
        periodNumber: 1,
        userId: members[0]!.id,
        amountCents: 30_000,
        initiatedOn: "2026-01-09",
        statusOn: "2026-01-09",
      });
    await expect(insert).rejects.toMatchObject({
      cause: expect.objectContaining({
        code: "23514",
        message: `payout payout:${group.id}:1:${members[0]!.id}:1 refused: 0 of 3 contributions for period 1 available`,
      }),
    });
  });
});

describe("a payout the guard refuses", () => {
  it("is refused inside its transaction on the locked pool, logged with group, period and amounts, and counted for admins", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const clockAdmin = { id: members[0]!.id, isAdmin: false };
    // Jan 9: debits made. Settle them at the bank (and release their money to the available balance) and read the
    // events, but don't run the day yet (no payout).
    await cycle.advanceClock(clockAdmin, group.id, { days: 3 }, NOW);
    const contributions = await contributionsOf(group.id, 1);
    for (const transfer of contributions) {
      for (const event of ["posted", "settled", "funds_available"] as const) {
        const result = await plaidCall((api) => api.sandboxTransferSimulate({ transfer_id: transfer.providerTransferId!, event_type: event }));
        expect(result.ok).toBe(true);
      }
    }
    await cycle.syncBankEvents(NOW);
    // What dueWork read a moment ago says pay; meanwhile one contribution came back, taking its share of the pool.
    const state = await cycle.cycleState(group);
    const work = (await import("../../app/domain/money")).dueWork(state, "2026-01-10");
    expect(work.payouts).toEqual([{ periodNumber: 1, userId: members[0]!.id, attempt: 1, amountCents: 30_000 }]);
    // After funds_available: a late return (tests/support/bank.ts returnTransfer).
    const result = await returnTransfer(contributions[1]!.providerTransferId!, "R01");
    expect(result.ok).toBe(true);
    await cycle.syncBankEvents(NOW);

    const logged = captureErrorLog();
    const decision = await cycle.payOut(group, work.payouts[0]!, "2026-01-10");
    expect(decision).toEqual({
      ok: false,
      reason: "refused",
      detail: { poolCents: 20_000, payoutCents: 30_000, contributionsCollected: 2, members: 3 },
    });
    // Nothing was made: no payout row, nothing reserved.
    const payouts = await db()
      .select()
      .from(schema.bankTransfers)
      .where(and(eq(schema.bankTransfers.groupId, group.id), eq(schema.bankTransfers.kind, "payout")));
    expect(payouts).toEqual([]);
    const line = logged.find((l) => l.event === "money.payout_refused");
    expect(line).toMatchObject({
      event: "money.payout_refused",
      groupId: group.id,
      periodNumber: 1,
      poolCents: 20_000,
      payoutCents: 30_000,
      contributionsCollected: 2,
      members: 3,
    });
    // The same again is one incident seen twice.
    await cycle.payOut(group, work.payouts[0]!, "2026-01-10");
    const [incident] = await db().select().from(schema.moneyIncidents).where(eq(schema.moneyIncidents.groupId, group.id));
    expect(incident).toMatchObject({ kind: "payout_refused", periodNumber: 1, occurrences: 2, resolvedAt: null });

    // startPayout alone says the same (the refusal is decided inside the transaction, from the ledger).
    expect(
      await startPayout({ groupId: group.id, periodNumber: 1, userId: members[0]!.id, attempt: 1, amountCents: 30_000, day: "2026-01-10" }),
    ).toMatchObject({
      ok: false,
      reason: "refused",
    });

    const { jar } = await signedInUser({ isAdmin: true });
    const page = await call(admin.loader, get("/admin", jar));
    const row = page.data.health.groups.find((g: { id: string }) => g.id === group.id);
    expect(row).toMatchObject({ refusals: 2, failures: 0, parkedAt: null });
    expect(page.data.health.totals.refusals).toBeGreaterThanOrEqual(2);
  });
});

describe("a group whose money work keeps failing", () => {
  it(`is parked after ${MAX_PROCESSING_FAILURES} failures in a row, skipped by the scheduler, shown to admins, and resumed by one`, async () => {
    const { group } = await money.startedGroup({ now: new Date(Date.now() - 6 * 86_400_000), balanceCents: 100_000 });
    const other = await money.startedGroup({ now: new Date(Date.now() - 6 * 86_400_000), balanceCents: 100_000 });
    // A fault only this group's runs hit: the database refuses its bank transfers (as a broken deploy might).
    await db().execute(
      sql.raw(`create function fail_group_transfers() returns trigger language plpgsql as $$ begin
        if new.group_id = '${group.id}' then raise exception 'simulated fault for group ${group.id}'; end if; return new; end $$`),
    );
    await db().execute(
      sql.raw("create trigger fail_group_transfers before insert on bank_transfers for each row execute function fail_group_transfers()"),
    );
    const logged = captureErrorLog();
    try {
      for (let run = 1; run <= MAX_PROCESSING_FAILURES; run++) {
        const result = await cycle.processGroup(group.id, new Date());
        expect(result).toEqual({ status: "failed", parked: run === MAX_PROCESSING_FAILURES });
      }
      const [parked] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
      expect(parked).toMatchObject({
        moneyFailures: MAX_PROCESSING_FAILURES,
        moneyLastError: expect.stringContaining(`simulated fault for group ${group.id}`),
      });
      expect(parked!.moneyParkedAt).toBeInstanceOf(Date);
      const events = logged;
      expect(events.filter((e) => e.event === "money.group_failed" && e.groupId === group.id).map((e) => e.failures)).toEqual([1, 2, 3, 4, 5]);
      expect(events.filter((e) => e.event === "money.group_parked" && e.groupId === group.id)).toHaveLength(1);

      // The scheduler leaves it alone (no sixth failure) and goes on with the others.
      await scheduler.processDueGroups(new Date());
      const [still] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
      expect(still!.moneyFailures).toBe(MAX_PROCESSING_FAILURES);
      const [fine] = await db().select().from(schema.groups).where(eq(schema.groups.id, other.group.id));
      expect(fine!.processedThrough).not.toBeNull();
      expect(fine!.moneyFailures).toBe(0);
    } finally {
      await db().execute(sql.raw("drop trigger fail_group_transfers on bank_transfers; drop function fail_group_transfers()"));
    }

    const { jar } = await signedInUser({ isAdmin: true });
    const page = await call(admin.loader, get("/admin", jar));
    const row = page.data.health.groups.find((g: { id: string }) => g.id === group.id);
    expect(row).toMatchObject({ failures: MAX_PROCESSING_FAILURES, parkedAt: expect.any(Date) });
    expect(page.data.health.totals.parked).toBeGreaterThanOrEqual(1);
    const incidents = await db().select().from(schema.moneyIncidents).where(eq(schema.moneyIncidents.groupId, group.id));
    expect(incidents.map((i) => [i.kind, i.occurrences]).sort()).toEqual([
      ["group_parked", 1],
      ["processing_failed", MAX_PROCESSING_FAILURES],
    ]);

    // A non-admin can't resume it; the admin can, and the next tick processes it.
    const member = await signedInUser();
    const refused = await call(admin.action, post("/admin", { intent: "resume-group", groupId: group.id }, member.jar));
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/dashboard");
    const resumed = await call(admin.action, post("/admin", { intent: "resume-group", groupId: group.id }, jar));
    expect(await toastTitles(resumed.setCookies)).toEqual(["Group resumed: its money work runs again on the next tick"]);
    const open = await db()
      .select()
      .from(schema.moneyIncidents)
      .where(and(eq(schema.moneyIncidents.groupId, group.id), sql`resolved_at is null`));
    expect(open).toEqual([]);
    await scheduler.processDueGroups(new Date());
    const [after] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
    expect(after).toMatchObject({ moneyFailures: 0, moneyParkedAt: null });
    expect(after!.processedThrough).not.toBeNull();
  });
});

describe("a job that fails after its retries", () => {
  it("stops (no retry forever) and shows in the money-health panel with its last error", async () => {
    const queue = await import("../../app/server/jobs/queue.server");
    const { moneyHealth } = await import("../../app/server/money/health.server");
    const boss = await queue.createBoss("worker");
    try {
      const name = "test.always-fails";
      await boss.createQueue(name, { retryLimit: 1, retryDelay: 0 });
      await boss.send(name, {});
      let attempts = 0;
      await boss.work(name, { pollingIntervalSeconds: 0.5 }, async () => {
        attempts += 1;
        throw new Error("the bank answered 503 twice");
      });
      const until = Date.now() + 20_000;
      let failed = (await moneyHealth()).failedJobs;
      while (!failed.some((job) => job.queue === name) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        failed = (await moneyHealth()).failedJobs;
      }
      expect(failed.find((job) => job.queue === name)).toMatchObject({ queue: name, count: 1, lastError: "the bank answered 503 twice" });
      // One try and one retry, then it stays failed.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(attempts).toBe(2);
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});
