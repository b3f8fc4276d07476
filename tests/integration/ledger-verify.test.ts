/**
 * ledger:verify (ADR 008): a small cycle through the sandbox clock, including a contribution returned after its
 * payout (the platform fronts the shortfall), verifies clean; tampering with the ledger or with a transfer's status
 * makes the right check fail, in verifyLedger() and in the script's exit code.
 */
import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const { verifyLedger } = await import("../../app/server/money/verify.server");
const { returnTransfer } = await import("../support/bank");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, eq, sql } = await import("drizzle-orm");

// Tuesday 2026-01-06, noon in New York. Weekly on Friday: due Jan 9, 16, 23.
const NOW = new Date("2026-01-06T17:00:00Z");

/** Run the script as `npm run ledger:verify` would, against this test's database and bank. Asynchronous on purpose:
 * the sandbox bank it talks to runs in this process. */
function runScript(): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      "npx",
      ["tsx", "scripts/ledger-verify.ts"],
      {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          PLAID_SANDBOX_URL: process.env.PLAID_SANDBOX_URL,
          PLAID_CLIENT_ID: process.env.PLAID_CLIENT_ID,
          PLAID_SECRET: process.env.PLAID_SECRET,
          APP_ENV: "test",
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** What only a bug that went around the database's guards could do: triggers off, for one transaction. */
async function bypassingGuards(work: (tx: Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0]) => Promise<unknown>) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work(tx);
  });
}

function check(result: Awaited<ReturnType<typeof verifyLedger>>, name: string) {
  const found = result.checks.find((c) => c.name === name);
  if (!found) throw new Error(`no check named ${name}`);
  return found;
}

describe("ledger:verify", () => {
  it("passes after a cycle with a return after settlement, and fails the right check after tampering", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    // To Jan 14 (the ACH calendar, ADR 040): period 1 debited Friday Jan 9, settled Monday 12, available and paid out
    // Tuesday 13, payout settled Wednesday 14 (period completed).
    await cycle.advanceClock(admin, group.id, { days: 8 }, NOW);
    const transfers = await db().select().from(schema.bankTransfers).where(eq(schema.bankTransfers.groupId, group.id));
    expect(transfers.filter((t) => t.kind === "payout").map((t) => t.status)).toEqual(["settled"]);

    // Member 2's period-1 contribution comes back (R01) after the payout emptied the pool: the platform fronts it.
    const returned = transfers.find((t) => t.kind === "contribution" && t.periodNumber === 1 && t.userId === members[1]!.id)!;
    // After settlement: a late return (tests/support/bank.ts returnTransfer).
    const simulated = await returnTransfer(returned.providerTransferId!);
    expect(simulated.ok).toBe(true);
    await cycle.syncBankEvents(NOW);
    const reasons = await db()
      .select({ reason: schema.ledgerTransfers.reason })
      .from(schema.ledgerTransfers)
      .where(eq(schema.ledgerTransfers.bankTransferId, returned.id));
    expect(reasons.map((r) => r.reason).sort()).toEqual(["contribution", "shortfall_cover"]);
    // And on into period 2 (debits in flight at the end: due Friday 16, they settle Tuesday 20).
    await cycle.advanceClock(admin, group.id, { days: 2 }, NOW);

    const clean = await verifyLedger();
    expect(clean.checks.filter((c) => !c.ok)).toEqual([]);
    expect(clean.ok).toBe(true);
    expect(clean.checks.map((c) => c.name)).toEqual([
      "postings are positive and between two accounts",
      "the sum of all account balances is 0",
      "no group pool ever goes negative",
      "payouts_in_transit equals the payouts sent and not settled",
      "no payout before its period's contributions are posted",
      "the ledger agrees with the bank",
      "postings match the transfers' statuses",
    ]);
    expect(check(clean, "the ledger agrees with the bank").detail).toMatch(/0 disagreeing/);

    const script = await runScript();
    expect(script.stderr).not.toMatch(/could not run/);
    expect(script.stdout).toMatch(/^PASS {2}the sum of all account balances is 0: /m);
    expect(script.stdout).toContain("Ledger verified.");
    expect(script.code).toBe(0);

    // Tamper 1: a posting takes more out of the pool than it holds (and parks it in transit, with no bank transfer).
    // PostgreSQL refuses it (the pool's balance check, in the posting's own transaction)…
    const [pool] = await db()
      .select()
      .from(schema.ledgerAccounts)
      .where(and(eq(schema.ledgerAccounts.kind, "group_pool"), eq(schema.ledgerAccounts.groupId, group.id)));
    const [transit] = await db().select().from(schema.ledgerAccounts).where(eq(schema.ledgerAccounts.kind, "payouts_in_transit"));
    const overdraw = {
      idempotencyKey: "tamper:overdraw",
      debitAccountId: pool!.id,
      creditAccountId: transit!.id,
      amountCents: 1_000_000,
      reason: "payout_sent" as const,
      groupId: group.id,
      periodNumber: 2,
      effectiveOn: "2026-01-13",
    };
    await expect(db().insert(schema.ledgerTransfers).values(overdraw)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "23514", constraint: "ledger_accounts_pool_not_negative" }),
    });
    // …and postings can't be edited or deleted, nor balances set by hand, nor a status moved backwards.
    await expect(db().delete(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.groupId, group.id))).rejects.toMatchObject({
      cause: expect.objectContaining({ message: "ledger postings are immutable (DELETE refused); post a reversal instead" }),
    });
    await expect(
      db().update(schema.ledgerAccounts).set({ balanceCents: 123_45 }).where(eq(schema.ledgerAccounts.id, pool!.id)),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: `ledger account ${pool!.id} balance changes only through postings` }),
    });
    // So a bug would have to go around the database's guards (triggers off) to do it; verify still finds it.
    await bypassingGuards((tx) => tx.insert(schema.ledgerTransfers).values(overdraw));
    const overdrawn = await verifyLedger();
    expect(overdrawn.ok).toBe(false);
    expect(check(overdrawn, "no group pool ever goes negative")).toMatchObject({ ok: false });
    expect(check(overdrawn, "no group pool ever goes negative").detail).toMatch(
      new RegExp(`1 went negative, 0 postings dated before an earlier one: group ${group.id} at -\\d+ on 2026-01-13 after tamper:overdraw`),
    );
    expect(check(overdrawn, "payouts_in_transit equals the payouts sent and not settled")).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^payouts_in_transit 1000000; /),
    });
    expect(check(overdrawn, "postings match the transfers' statuses").detail).toContain(
      "posting tamper:overdraw (payout_sent, 1000000) has no bank transfer",
    );
    // Double entry: still balanced; but the maintained balances never saw the posting.
    expect(check(overdrawn, "the sum of all account balances is 0")).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/, sum 0; maintained balances sum 0, 2 differ from their postings: /),
    });
    expect(check(overdrawn, "the ledger agrees with the bank").ok).toBe(true);
    await bypassingGuards((tx) => tx.delete(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.idempotencyKey, "tamper:overdraw")));
    expect((await verifyLedger()).ok).toBe(true);

    // Tamper 2: a contribution that settled at the bank is flipped to failed in our records.
    const settled = transfers.find((t) => t.kind === "contribution" && t.periodNumber === 1 && t.userId === members[2]!.id)!;
    await expect(db().update(schema.bankTransfers).set({ status: "failed" }).where(eq(schema.bankTransfers.id, settled.id))).rejects.toMatchObject({
      cause: expect.objectContaining({ message: `bank transfer ${settled.idempotencyKey} cannot move from funds_available to failed` }),
    });
    await bypassingGuards((tx) => tx.update(schema.bankTransfers).set({ status: "failed" }).where(eq(schema.bankTransfers.id, settled.id)));
    const flipped = await verifyLedger();
    expect(flipped.ok).toBe(false);
    const bank = check(flipped, "the ledger agrees with the bank");
    expect(bank.ok).toBe(false);
    expect(bank.detail).toContain(`${settled.idempotencyKey}: we show failed, the bank went created → pending → posted → settled → funds_available`);
    expect(bank.detail).toMatch(/1 disagreeing/);
    const match = check(flipped, "postings match the transfers' statuses");
    expect(match.ok).toBe(false);
    expect(match.detail).toContain(`${settled.idempotencyKey}: never settled (failed) but postings {"contribution":10000}`);
    expect(flipped.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      "the ledger agrees with the bank",
      "postings match the transfers' statuses",
    ]);

    const failing = await runScript();
    expect(failing.stdout).toMatch(/^FAIL {2}the ledger agrees with the bank: .*we show failed/m);
    expect(failing.stdout).toContain("Ledger verification FAILED.");
    expect(failing.code).toBe(1);

    // Tamper 3: a settled contribution loses its posting (the bank settled it, the ledger never heard).
    await bypassingGuards(async (tx) => {
      await tx.update(schema.bankTransfers).set({ status: settled.status }).where(eq(schema.bankTransfers.id, settled.id));
      await tx.delete(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.bankTransferId, settled.id));
    });
    const unposted = await verifyLedger();
    expect(check(unposted, "the ledger agrees with the bank").detail).toContain(
      `${settled.idempotencyKey}: settled at the bank (contribution, 10000) without its contribution posting`,
    );
    expect(check(unposted, "postings match the transfers' statuses").detail).toContain(`${settled.idempotencyKey}: funds_available but postings {}`);
  }, 180_000);
});
