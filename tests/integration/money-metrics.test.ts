/**
 * The money counters (ADR 013) count what the engine committed: each transfer once per stage, with its amount, through
 * a whole cycle against the sandbox bank and through a declined debit.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const money = await import("../support/money");
const { debitCentsTotal, debitsTotal, payoutCentsTotal, payoutsTotal } = await import("../../app/server/platform/metrics.server");

// Tuesday 2026-01-06, noon in New York. Weekly on Friday: due Jan 9, 16, 23.
const NOW = new Date("2026-01-06T17:00:00Z");
const STAGES = ["created", "submitted", "settled", "failed", "returned"] as const;

type Counter = typeof debitsTotal;

async function counterValue(counter: Counter, labels: Record<string, string>) {
  const { values } = await counter.get();
  return values.find((v) => Object.entries(labels).every(([key, value]) => (v.labels as Record<string, unknown>)[key] === value))?.value ?? 0;
}

/** Every money series as { "<series> <labels>": value }, to compare before and after. */
async function snapshot() {
  const out: Record<string, number> = {};
  for (const stage of STAGES) {
    for (const kind of ["contribution", "fee"]) {
      out[`debits ${kind} ${stage}`] = await counterValue(debitsTotal, { kind, stage });
      out[`debit cents ${kind} ${stage}`] = await counterValue(debitCentsTotal, { kind, stage });
    }
    out[`payouts ${stage}`] = await counterValue(payoutsTotal, { stage });
    out[`payout cents ${stage}`] = await counterValue(payoutCentsTotal, { stage });
  }
  return out;
}

/** What changed between two snapshots (series that did not move are left out). */
function delta(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(Object.entries(after).flatMap(([key, value]) => (value !== before[key] ? [[key, value - before[key]!]] : [])));
}

describe("money metrics", () => {
  it("count a whole 3-member cycle once per transfer and stage: 9 contributions, 3 fees and 3 payouts created, submitted and settled", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const before = await snapshot();
    const result = await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 30 }, NOW);
    expect(result).toMatchObject({ ok: true });
    // Event syncs after the fact change nothing (each move was counted when it was committed, once).
    await cycle.syncBankEvents(NOW);
    expect(delta(before, await snapshot())).toEqual({
      "debits contribution created": 9,
      "debit cents contribution created": 90_000,
      "debits fee created": 3,
      "debit cents fee created": 1_500,
      "payouts created": 3,
      "payout cents created": 90_000,
      "debits contribution submitted": 9,
      "debit cents contribution submitted": 90_000,
      "debits fee submitted": 3,
      "debit cents fee submitted": 1_500,
      "payouts submitted": 3,
      "payout cents submitted": 90_000,
      "debits contribution settled": 9,
      "debit cents contribution settled": 90_000,
      "debits fee settled": 3,
      "debit cents fee settled": 1_500,
      "payouts settled": 3,
      "payout cents settled": 90_000,
    });
  }, 120_000);

  it("count a declined debit as failed, and its retry as created and submitted again", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const late = members[2]!;
    await money.setSandboxBalance(late.id, 5_000);
    const admin = { id: members[0]!.id, isAdmin: false };
    const before = await snapshot();
    // To the first due day (Jan 9): the late member's $100 is declined ($50 available). No setup fee yet: it comes with
    // a member's first contribution that goes through (ADR 040).
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW);
    expect(delta(before, await snapshot())).toEqual({
      "debits contribution created": 3,
      "debit cents contribution created": 30_000,
      "debits contribution submitted": 2,
      "debit cents contribution submitted": 20_000,
      "debits contribution failed": 1,
      "debit cents contribution failed": 10_000,
    });
    // Three days later the retry (attempt 2) is made and, with the money there now, accepted.
    await money.setSandboxBalance(late.id, 100_000);
    const beforeRetry = await snapshot();
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW);
    const retry = delta(beforeRetry, await snapshot());
    expect(retry).toMatchObject({
      "debits contribution created": 1,
      "debit cents contribution created": 10_000,
      "debits contribution submitted": 1,
      "debit cents contribution submitted": 10_000,
    });
    expect(retry["debits contribution failed"]).toBeUndefined();
  }, 120_000);
});
