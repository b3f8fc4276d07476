/**
 * Issue 13: a due date's debits against a bank that pushes back (Plaid's RATE_LIMIT_EXCEEDED, 429). The worker backs
 * off with jitter and retries with the same idempotency key; what still fails waits for the next run's resubmission.
 * However many tries it takes: one authorization and one transfer per debit at the bank, one row per debit here, every
 * debit recorded pending, and the ledger verified.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const context = await useTestDatabase({ bank: true });
const scheduler = await import("../../app/server/money/scheduler.server");
const { plaidStats } = await import("../../app/server/bank/plaid.server");
const { verifyLedger } = await import("../../app/server/money/verify.server");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const { sql } = await import("drizzle-orm");

// Tuesday 2026-01-06 in New York; weekly on Friday: the first due day is Friday 2026-01-09.
const NOW = new Date("2026-01-06T17:00:00Z");
const DUE = new Date("2026-01-09T17:00:00Z");
const GROUPS = 3;
const MEMBERS = 8;

describe("a due date under the bank's rate limit", () => {
  it("debits every member exactly once, retrying what the bank refused", async () => {
    const groupIds: string[] = [];
    for (let g = 0; g < GROUPS; g++) {
      const { group } = await money.startedGroup({ now: NOW, size: MEMBERS, balanceCents: 100_000 });
      expect(group.firstDueOn).toBe("2026-01-09");
      groupIds.push(group.id);
    }
    const debits = GROUPS * MEMBERS;

    // From here the bank answers 6 requests a second per endpoint, and 429 to the rest.
    context.bank!.setRateLimit({ requests: 6, windowMs: 1_000 });
    const before = { retries: plaidStats.retries, refused: plaidStats.failures.RATE_LIMIT ?? 0 };
    let runs = 0;
    for (; runs < 6; runs++) {
      await scheduler.processDueGroups(DUE);
      const { rows } = await db().execute<{ waiting: number }>(sql`
        select count(*)::int as waiting from bank_transfers
        where kind = 'contribution' and group_id in ${sql.raw(`('${groupIds.join("','")}')`)} and provider_transfer_id is null`);
      if (rows[0]!.waiting === 0) break;
    }
    expect(runs).toBeLessThan(6);
    // The limit was really hit, and the worker really backed off and tried again.
    expect((plaidStats.failures.RATE_LIMIT ?? 0) - before.refused).toBeGreaterThan(0);
    expect(plaidStats.retries - before.retries).toBeGreaterThan(0);

    const ours = await db().execute<{ period_number: number; status: string; attempt: number; key: string; provider_transfer_id: string }>(sql`
      select period_number, status, attempt, bank_idempotency_key as key, provider_transfer_id from bank_transfers
      where kind = 'contribution' and group_id in ${sql.raw(`('${groupIds.join("','")}')`)}`);
    expect(ours.rows).toHaveLength(debits);
    expect(new Set(ours.rows.map((row) => row.key)).size).toBe(debits);
    expect(ours.rows.map((row) => [row.period_number, row.attempt, row.status])).toEqual(Array(debits).fill([1, 1, "pending"]));

    // At the bank: one authorization per idempotency key (our bank key) and one transfer per authorization, each ours.
    const keys = ours.rows.map((row) => row.key);
    const bank = await db().execute<{ authorizations: number; keys: number; transfers: number; authorized: number }>(sql`
      select
        (select count(*)::int from sandbox_plaid.transfer_authorizations where idempotency_key in ${sql.raw(`('${keys.join("','")}')`)}) as authorizations,
        (select count(distinct idempotency_key)::int from sandbox_plaid.transfer_authorizations where idempotency_key in ${sql.raw(`('${keys.join("','")}')`)}) as keys,
        (select count(*)::int from sandbox_plaid.transfers t join sandbox_plaid.transfer_authorizations a using (authorization_id)
          where a.idempotency_key in ${sql.raw(`('${keys.join("','")}')`)}) as transfers,
        (select count(distinct t.authorization_id)::int from sandbox_plaid.transfers t join sandbox_plaid.transfer_authorizations a using (authorization_id)
          where a.idempotency_key in ${sql.raw(`('${keys.join("','")}')`)}) as authorized`);
    expect(bank.rows[0]).toEqual({ authorizations: debits, keys: debits, transfers: debits, authorized: debits });
    const transferIds = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from sandbox_plaid.transfers where transfer_id in ${sql.raw(`('${ours.rows.map((r) => r.provider_transfer_id).join("','")}')`)}`);
    expect(transferIds.rows[0]!.n).toBe(debits);

    const verification = await verifyLedger();
    expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
  }, 180_000);
});
