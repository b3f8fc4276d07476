/**
 * The money rules (ADR 008): the status machine as a full table, the postings of every kind × transition, the
 * ledger's invariants under random forward moves, and what is due on a day.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  balances,
  canAdvance,
  isTransferStatusEvent,
  contributionsCollected,
  dueWork,
  hasContributed,
  lateMembers,
  MAX_ATTEMPTS,
  payoutReservation,
  postingsFor,
  REMINDER_DAYS_BEFORE,
  RETRY_AFTER_DAYS,
  SETTLED_STATUSES,
  settledUp,
  transferKey,
  type AccountRef,
  type CycleState,
  type CycleTransfer,
  type Posting,
  type TransferFacts,
  type TransferKind,
  type TransferStatus,
} from "./money";

const STATUSES: TransferStatus[] = ["created", "declined", "pending", "posted", "settled", "funds_available", "failed", "returned", "cancelled"];
const KINDS: TransferKind[] = ["contribution", "payout", "fee"];

// -----------------------------------------------------------------------------------------------------------------
// canAdvance

/** Every allowed move, written out by hand; everything else is refused. */
const ALLOWED: Record<TransferStatus, TransferStatus[]> = {
  created: ["pending", "posted", "settled", "funds_available", "declined", "failed", "cancelled"],
  pending: ["posted", "settled", "funds_available", "failed", "cancelled"],
  posted: ["settled", "funds_available", "returned"],
  settled: ["funds_available", "returned"],
  funds_available: ["returned"],
  declined: [],
  failed: [],
  returned: [],
  cancelled: [],
};

describe("isTransferStatusEvent", () => {
  it("takes the transfer statuses of Plaid's event stream and skips sweeps, refunds and sweep-account events", () => {
    for (const moved of ["pending", "posted", "settled", "funds_available", "failed", "returned", "cancelled"]) {
      expect(isTransferStatusEvent(moved)).toBe(true);
    }
    for (const other of [
      "swept",
      "swept_settled",
      "return_swept",
      "sweep.pending",
      "sweep.settled",
      "sweep.funds_available",
      "refund.posted",
      "toString",
      "constructor",
    ]) {
      expect(isTransferStatusEvent(other)).toBe(false);
    }
  });
});

describe("canAdvance", () => {
  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to, ALLOWED[from].includes(to)] as const));
  it.each(pairs)("%s → %s: %s", (from, to, allowed) => {
    expect(canAdvance(from, to)).toBe(allowed);
  });

  it("never moves backwards along the happy path, and never to the same status", () => {
    const path: TransferStatus[] = ["created", "pending", "posted", "settled", "funds_available"];
    for (let i = 0; i < path.length; i++) {
      for (let j = 0; j <= i; j++) expect(canAdvance(path[i]!, path[j]!)).toBe(false);
    }
  });

  it("failed, declined, cancelled and returned are final", () => {
    for (const final of ["failed", "declined", "returned", "cancelled"] as const)
      for (const to of STATUSES) expect(canAdvance(final, to)).toBe(false);
  });

  it("only a transfer the bank has not sent on yet can be cancelled", () => {
    expect(STATUSES.filter((from) => canAdvance(from, "cancelled"))).toEqual(["created", "pending"]);
  });

  it("a return may follow posting or settlement only", () => {
    expect(STATUSES.filter((from) => canAdvance(from, "returned"))).toEqual(["posted", "settled", "funds_available"]);
  });
});

// -----------------------------------------------------------------------------------------------------------------
// postingsFor

const member: AccountRef = { kind: "member_bank", userId: "u1" };
const pool: AccountRef = { kind: "group_pool", groupId: "g1" };
const shortfall: AccountRef = { kind: "group_shortfall", groupId: "g1" };
const transit: AccountRef = { kind: "payouts_in_transit" };
const fees: AccountRef = { kind: "platform_fees" };

function facts(kind: TransferKind, amountCents = 10_000): TransferFacts {
  return { id: "t1", kind, groupId: "g1", userId: "u1", amountCents };
}

const P = (event: string, debit: AccountRef, credit: AccountRef, amountCents: number, reason: Posting["reason"]): Posting => ({
  key: `t1:${event}`,
  debit,
  credit,
  amountCents,
  reason,
});

/**
 * What each allowed move posts, with a pool that covers everything and nothing fronted. Written out by hand from
 * ADR 008: settlement moves the money; a return after settlement reverses it; a payout leaves the pool when it is sent.
 */
function expectedPostings(kind: TransferKind, from: TransferStatus, to: TransferStatus): Posting[] {
  const A = 10_000;
  const settledBefore = from === "settled" || from === "funds_available";
  const settlesNow = (to === "settled" || to === "funds_available") && !settledBefore;
  if (kind === "contribution") {
    if (settlesNow) return [P("settled", member, pool, A, "contribution")];
    if (to === "returned" && settledBefore) return [P("returned", pool, member, A, "contribution_reversal")];
    return [];
  }
  if (kind === "fee") {
    if (settlesNow) return [P("settled", member, fees, A, "fee")];
    if (to === "returned" && settledBefore) return [P("returned", fees, member, A, "fee_reversal")];
    return [];
  }
  // payout: it leaves the pool the moment the bank has it (the first move out of created that is not a failure).
  const sent =
    from === "created" && ["pending", "posted", "settled", "funds_available"].includes(to) ? [P("sent", pool, transit, A, "payout_sent")] : [];
  if (settlesNow) return [...sent, P("settled", transit, member, A, "payout_settled")];
  if (to === "returned" && settledBefore) return [P("returned", member, pool, A, "payout_reversal")];
  if ((to === "failed" || to === "returned" || to === "cancelled") && from !== "created") return [P("failed", transit, pool, A, "payout_reversal")];
  return sent;
}

describe("postingsFor: every kind × allowed transition (pool covers, nothing fronted)", () => {
  const rows = KINDS.flatMap((kind) => STATUSES.flatMap((from) => ALLOWED[from].map((to) => [kind, from, to] as const)));
  it.each(rows)("%s %s → %s", (kind, from, to) => {
    expect(postingsFor(facts(kind), to, { previous: from, pool: 1_000_000, shortfall: 0 })).toEqual(expectedPostings(kind, from, to));
  });

  it("the happy path of a payout posts sent then settled, and nothing for funds available", () => {
    const t = facts("payout", 30_000);
    expect(postingsFor(t, "pending", { previous: "created", pool: 30_000, shortfall: 0 })).toEqual([P("sent", pool, transit, 30_000, "payout_sent")]);
    expect(postingsFor(t, "posted", { previous: "pending", pool: 0, shortfall: 0 })).toEqual([]);
    expect(postingsFor(t, "settled", { previous: "posted", pool: 0, shortfall: 0 })).toEqual([
      P("settled", transit, member, 30_000, "payout_settled"),
    ]);
    expect(postingsFor(t, "funds_available", { previous: "settled", pool: 0, shortfall: 0 })).toEqual([]);
  });
});

describe("postingsFor: shortfalls", () => {
  it("a contribution returned after settlement with a pool too small is split: what the pool holds, the rest fronted", () => {
    expect(postingsFor(facts("contribution"), "returned", { previous: "funds_available", pool: 3_000, shortfall: 0 })).toEqual([
      P("returned", pool, member, 3_000, "contribution_reversal"),
      P("returned-fronted", shortfall, member, 7_000, "shortfall_cover"),
    ]);
  });

  it("an empty (or, defensively, negative) pool fronts the whole return", () => {
    for (const poolCents of [0, -500]) {
      expect(postingsFor(facts("contribution"), "returned", { previous: "settled", pool: poolCents, shortfall: 0 })).toEqual([
        P("returned-fronted", shortfall, member, 10_000, "shortfall_cover"),
      ]);
    }
  });

  it("a pool holding exactly the amount reverses it all from the pool", () => {
    expect(postingsFor(facts("contribution"), "returned", { previous: "settled", pool: 10_000, shortfall: 0 })).toEqual([
      P("returned", pool, member, 10_000, "contribution_reversal"),
    ]);
  });

  it("settlement repays a shortfall first, then the rest goes to the pool", () => {
    expect(postingsFor(facts("contribution"), "settled", { previous: "posted", pool: 0, shortfall: 4_000 })).toEqual([
      P("shortfall-repaid", member, shortfall, 4_000, "shortfall_repaid"),
      P("settled", member, pool, 6_000, "contribution"),
    ]);
  });

  it("a shortfall larger than the contribution takes it all", () => {
    expect(postingsFor(facts("contribution"), "funds_available", { previous: "pending", pool: 0, shortfall: 25_000 })).toEqual([
      P("shortfall-repaid", member, shortfall, 10_000, "shortfall_repaid"),
    ]);
  });

  it("fees and payouts never touch the shortfall", () => {
    expect(postingsFor(facts("fee", 500), "settled", { previous: "posted", pool: 0, shortfall: 9_000 })).toEqual([
      P("settled", member, fees, 500, "fee"),
    ]);
    expect(postingsFor(facts("payout"), "settled", { previous: "posted", pool: 0, shortfall: 9_000 })).toEqual([
      P("settled", transit, member, 10_000, "payout_settled"),
    ]);
  });

  it("keys are the transfer id and the event: the same event twice gives the same keys", () => {
    const a = postingsFor(facts("contribution"), "settled", { previous: "posted", pool: 0, shortfall: 4_000 });
    const b = postingsFor(facts("contribution"), "settled", { previous: "posted", pool: 0, shortfall: 4_000 });
    expect(a.map((p) => p.key)).toEqual(["t1:shortfall-repaid", "t1:settled"]);
    expect(b).toEqual(a);
  });
});

// -----------------------------------------------------------------------------------------------------------------
// Property: random transfers, random forward moves

function refKey(ref: AccountRef) {
  return ref.kind === "member_bank"
    ? `member:${ref.userId}`
    : ref.kind === "group_pool" || ref.kind === "group_shortfall"
      ? `${ref.kind}:${ref.groupId}`
      : ref.kind;
}

type SimTransfer = TransferFacts & { status: TransferStatus };

/** A tiny in-memory ledger driven by postingsFor, as applyStatus drives the real one. */
class Sim {
  rows: Array<{ debitAccountId: string; creditAccountId: string; amountCents: number }> = [];
  keys = new Set<string>();
  transfers: SimTransfer[] = [];
  balance(key: string) {
    return balances(this.rows).get(key) ?? 0;
  }
  move(t: SimTransfer, to: TransferStatus) {
    if (!canAdvance(t.status, to)) return;
    const postings = postingsFor(t, to, {
      previous: t.status,
      pool: this.balance("group_pool:g"),
      shortfall: Math.max(0, -this.balance("group_shortfall:g")),
    });
    for (const p of postings) {
      expect(p.amountCents).toBeGreaterThan(0);
      expect(refKey(p.debit)).not.toBe(refKey(p.credit));
      if (this.keys.has(p.key)) continue;
      this.keys.add(p.key);
      this.rows.push({ debitAccountId: refKey(p.debit), creditAccountId: refKey(p.credit), amountCents: p.amountCents });
    }
    t.status = to;
  }
  inTransitExpected() {
    return this.transfers
      .filter((t) => t.kind === "payout" && (t.status === "pending" || t.status === "posted"))
      .reduce((sum, t) => sum + t.amountCents, 0);
  }
}

const action = fc.oneof(
  fc.record({
    type: fc.constant("start" as const),
    kind: fc.constantFrom<TransferKind>("contribution", "contribution", "fee", "payout"),
    user: fc.nat(3),
    amount: fc.integer({ min: 1, max: 40_000 }),
  }),
  fc.record({ type: fc.constant("move" as const), pick: fc.nat(), to: fc.constantFrom(...STATUSES) }),
);

describe("postingsFor: ledger invariants under random forward moves", () => {
  it("balances sum to 0 and no pool ever goes negative when payouts start only if the pool covers them (dueWork's rule)", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 80 }), (actions) => {
        const sim = new Sim();
        let n = 0;
        for (const a of actions) {
          if (a.type === "start") {
            const t: SimTransfer = { id: `t${n++}`, kind: a.kind, groupId: "g", userId: `u${a.user}`, amountCents: a.amount, status: "created" };
            if (a.kind === "payout") {
              // dueWork starts a payout only when the pool holds it; submitToBank takes it to the bank's first status.
              if (sim.balance("group_pool:g") < a.amount) continue;
              sim.transfers.push(t);
              sim.move(t, "pending");
            } else sim.transfers.push(t);
          } else if (sim.transfers.length > 0) {
            sim.move(sim.transfers[a.pick % sim.transfers.length]!, a.to);
          }
          const all = balances(sim.rows);
          expect([...all.values()].reduce((s, v) => s + v, 0)).toBe(0);
          expect(sim.balance("group_pool:g")).toBeGreaterThanOrEqual(0);
          // The platform fronts, it is never owed a negative amount: the shortfall account only ever goes down to -fronted.
          expect(sim.balance("group_shortfall:g")).toBeLessThanOrEqual(0);
          expect(sim.balance("payouts_in_transit")).toBe(sim.inTransitExpected());
        }
      }),
      { numRuns: 300 },
    );
  });

  it("payouts_in_transit equals the payouts sent and not yet settled or failed, whatever forward path a payout takes", () => {
    // canAdvance lets a transfer skip statuses (created → posted/settled when the bank is ahead of us, e.g. a re-run
    // of submitToBank after a crash reads the bank's current status); the pool must be debited all the same.
    fc.assert(
      fc.property(fc.array(fc.record({ to: fc.constantFrom(...STATUSES) }), { maxLength: 6 }), (moves) => {
        const sim = new Sim();
        const c: SimTransfer = { id: "c", kind: "contribution", groupId: "g", userId: "u0", amountCents: 50_000, status: "created" };
        sim.transfers.push(c);
        sim.move(c, "settled");
        const p: SimTransfer = { id: "p", kind: "payout", groupId: "g", userId: "u1", amountCents: 30_000, status: "created" };
        sim.transfers.push(p);
        for (const m of moves) {
          sim.move(p, m.to);
          expect(sim.balance("payouts_in_transit")).toBe(sim.inTransitExpected());
          expect(sim.balance("member:u1")).toBe(SETTLED_STATUSES.includes(p.status) ? 30_000 : 0);
          expect(sim.balance("group_pool:g")).toBe(
            50_000 -
              (p.status === "created" || p.status === "declined" || p.status === "failed" || p.status === "returned" || p.status === "cancelled"
                ? 0
                : 30_000),
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});

// -----------------------------------------------------------------------------------------------------------------
// dueWork and lateMembers

const MEMBERS = ["a", "b", "c"];
const DUE = ["2026-01-09", "2026-01-16", "2026-01-23"];

function state(overrides: Partial<CycleState> = {}): CycleState {
  return {
    contributionCents: 10_000,
    feeCents: 500,
    memberUserIds: MEMBERS,
    periods: DUE.map((dueOn, i) => ({ periodNumber: i + 1, dueOn, recipientUserId: MEMBERS[i]!, payoutCents: 30_000, status: "pending" as const })),
    transfers: [],
    poolCents: 0,
    ...overrides,
  };
}

/** A transfer of the cycle; a return without a code given is an R01 (insufficient funds), the commonest. */
const T = (
  kind: TransferKind,
  periodNumber: number,
  userId: string,
  status: TransferStatus,
  statusOn = "2026-01-09",
  attempt = 1,
  failureCode: string | null = status === "returned" ? "R01" : null,
  initiatedOn = statusOn,
): CycleTransfer => ({
  kind,
  periodNumber,
  userId,
  attempt,
  status,
  statusOn,
  initiatedOn,
  failureCode,
});

/** Period 1's contributions and the fees, all settled. */
const PAID_1 = [...MEMBERS.map((u) => T("contribution", 1, u, "funds_available")), ...MEMBERS.map((u) => T("fee", 0, u, "funds_available"))];

describe("dueWork: reminders", () => {
  it(`go out from ${REMINDER_DAYS_BEFORE} days before the due day through the due day, to every member`, () => {
    expect(dueWork(state(), "2026-01-06").reminders).toEqual([]);
    for (const day of ["2026-01-07", "2026-01-08", "2026-01-09"]) {
      expect(dueWork(state(), day).reminders).toEqual(MEMBERS.map((userId) => ({ periodNumber: 1, userId, dueOn: "2026-01-09" })));
    }
    expect(dueWork(state({ transfers: PAID_1 }), "2026-01-10").reminders).toEqual([]);
    expect(dueWork(state({ transfers: PAID_1 }), "2026-01-14").reminders.map((r) => r.periodNumber)).toEqual([2, 2, 2]);
  });

  it("not for completed periods", () => {
    const s = state();
    const periods = s.periods.map((p) => (p.periodNumber === 1 ? { ...p, status: "completed" as const } : p));
    expect(dueWork({ ...s, periods }, "2026-01-08").reminders).toEqual([]);
  });
});

describe("dueWork: debits", () => {
  it("contributions are debited on the due day, not before; the fee waits for a contribution that went through", () => {
    expect(dueWork(state(), "2026-01-08").debits).toEqual([]);
    expect(dueWork(state(), "2026-01-09").debits).toEqual(
      MEMBERS.map((userId) => ({ kind: "contribution", periodNumber: 1, userId, attempt: 1, amountCents: 10_000 })),
    );
  });

  it("the fee is debited once a contribution of the member's has gone through (settled or available), never before", () => {
    const fees = (transfers: CycleTransfer[], day = "2026-01-12") => dueWork(state({ transfers }), day).debits.filter((d) => d.kind === "fee");
    // In flight, failed or returned: no fee yet.
    for (const status of ["created", "pending", "posted", "declined", "failed", "returned", "cancelled"] as const) {
      expect(fees(MEMBERS.map((u) => T("contribution", 1, u, status, "2026-01-09")))).toEqual([]);
    }
    // Settled for a and available for b: their fees; c's debit is still on its way.
    expect(fees([T("contribution", 1, "a", "settled"), T("contribution", 1, "b", "funds_available"), T("contribution", 1, "c", "pending")])).toEqual([
      { kind: "fee", periodNumber: 0, userId: "a", attempt: 1, amountCents: 500 },
      { kind: "fee", periodNumber: 0, userId: "b", attempt: 1, amountCents: 500 },
    ]);
    // A member whose first period failed for good and whose second went through pays the fee then.
    expect(
      fees(
        [
          ...[1, 2, 3].map((attempt) => T("contribution", 1, "c", "declined", "2026-01-09", attempt, "NSF")),
          T("contribution", 2, "c", "settled", "2026-01-19"),
          ...["a", "b"].flatMap((u) => [T("contribution", 1, u, "funds_available"), T("fee", 0, u, "funds_available")]),
        ],
        "2026-01-19",
      ),
    ).toEqual([{ kind: "fee", periodNumber: 0, userId: "c", attempt: 1, amountCents: 500 }]);
    expect(hasContributed([T("contribution", 1, "a", "returned")], "a")).toBe(false);
    expect(hasContributed([T("fee", 0, "a", "settled")], "a")).toBe(false);
    expect(hasContributed([T("contribution", 2, "a", "funds_available")], "a")).toBe(true);
  });

  it("nothing is debited twice while a debit is in flight or settled", () => {
    for (const status of ["created", "pending", "posted", "settled", "funds_available"] as const) {
      const transfers = [...MEMBERS.map((u) => T("contribution", 1, u, status)), ...MEMBERS.map((u) => T("fee", 0, u, status))];
      expect(dueWork(state({ transfers }), "2026-01-12").debits).toEqual([]);
    }
  });

  it("the fee is charged once per member, and never again", () => {
    const later = dueWork(state({ transfers: PAID_1, poolCents: 0 }), "2026-01-16").debits;
    expect(later.filter((d) => d.kind === "fee")).toEqual([]);
    expect(later.map((d) => [d.kind, d.periodNumber])).toEqual([
      ["contribution", 2],
      ["contribution", 2],
      ["contribution", 2],
    ]);
    expect(dueWork(state({ feeCents: 0 }), "2026-01-09").debits.filter((d) => d.kind === "fee")).toEqual([]);
  });

  it(`a failed debit is retried ${RETRY_AFTER_DAYS} days after the failure, up to ${MAX_ATTEMPTS} attempts in all`, () => {
    const others = [
      T("contribution", 1, "a", "funds_available"),
      T("contribution", 1, "b", "funds_available"),
      ...MEMBERS.map((u) => T("fee", 0, u, "funds_available")),
    ];
    for (const failure of ["declined", "failed", "returned"] as const) {
      const first = state({ transfers: [...others, T("contribution", 1, "c", failure, "2026-01-09", 1)] });
      expect(dueWork(first, "2026-01-11").debits).toEqual([]);
      expect(dueWork(first, "2026-01-12").debits).toEqual([{ kind: "contribution", periodNumber: 1, userId: "c", attempt: 2, amountCents: 10_000 }]);
      expect(dueWork(first, "2026-01-13").debits).toEqual([{ kind: "contribution", periodNumber: 1, userId: "c", attempt: 2, amountCents: 10_000 }]);
    }
    const second = state({
      transfers: [...others, T("contribution", 1, "c", "declined", "2026-01-09", 1), T("contribution", 1, "c", "declined", "2026-01-13", 2)],
    });
    expect(dueWork(second, "2026-01-15").debits).toEqual([]);
    expect(dueWork(second, "2026-01-16").debits.filter((d) => d.periodNumber === 1)).toEqual([
      { kind: "contribution", periodNumber: 1, userId: "c", attempt: 3, amountCents: 10_000 },
    ]);
    const third = state({
      transfers: [...others, ...[1, 2, 3].map((attempt) => T("contribution", 1, "c", "failed", "2026-01-13", attempt))],
    });
    for (const day of ["2026-01-16", "2026-01-20", "2026-02-28"]) expect(dueWork(third, day).debits.filter((d) => d.periodNumber === 1)).toEqual([]);
  });

  it("the fee is retried like a contribution", () => {
    const transfers = [
      ...MEMBERS.map((u) => T("contribution", 1, u, "funds_available")),
      T("fee", 0, "a", "declined", "2026-01-09"),
      T("fee", 0, "b", "settled"),
      T("fee", 0, "c", "settled"),
    ];
    expect(dueWork(state({ transfers }), "2026-01-12").debits).toEqual([{ kind: "fee", periodNumber: 0, userId: "a", attempt: 2, amountCents: 500 }]);
  });

  it("every due period with a missing contribution gets its debit (a group that started late catches up)", () => {
    expect(new Set(dueWork(state(), "2026-01-16").debits.map((d) => `${d.kind}:${d.periodNumber}`))).toEqual(
      new Set(["contribution:1", "contribution:2"]),
    );
  });
});

describe("dueWork: payouts and completions", () => {
  it("pays the period's recipient once every contribution of the period settled and the pool covers it", () => {
    expect(dueWork(state({ transfers: PAID_1, poolCents: 30_000 }), "2026-01-11").payouts).toEqual([
      { periodNumber: 1, userId: "a", attempt: 1, amountCents: 30_000 },
    ]);
  });

  it("waits while any contribution of the period has not reached the available balance (settled is not enough)", () => {
    for (const status of ["created", "pending", "posted", "settled", "declined", "failed", "returned", "cancelled"] as const) {
      const transfers = [...PAID_1.filter((t) => !(t.kind === "contribution" && t.userId === "c")), T("contribution", 1, "c", status)];
      expect(dueWork(state({ transfers, poolCents: 30_000 }), "2026-01-11").payouts).toEqual([]);
    }
    const missing = PAID_1.filter((t) => !(t.kind === "contribution" && t.userId === "c"));
    expect(dueWork(state({ transfers: missing, poolCents: 30_000 }), "2026-01-11").payouts).toEqual([]);
  });

  it("waits while the pool is short, even with every contribution settled", () => {
    expect(dueWork(state({ transfers: PAID_1, poolCents: 29_999 }), "2026-01-11").payouts).toEqual([]);
  });

  it("pays each period on its own: a late member or a payout in flight holds up only their own period", () => {
    const both = [...PAID_1, ...MEMBERS.map((u) => T("contribution", 2, u, "funds_available", "2026-01-16"))];
    // Both periods collected and the pool holds both payouts: both go, in period order.
    expect(dueWork(state({ transfers: both, poolCents: 60_000 }), "2026-01-18").payouts).toEqual([
      { periodNumber: 1, userId: "a", attempt: 1, amountCents: 30_000 },
      { periodNumber: 2, userId: "b", attempt: 1, amountCents: 30_000 },
    ]);
    // The pool holds only one: the earlier period's.
    expect(dueWork(state({ transfers: both, poolCents: 30_000 }), "2026-01-18").payouts).toEqual([
      { periodNumber: 1, userId: "a", attempt: 1, amountCents: 30_000 },
    ]);
    // Period 1's payout in flight: period 2's goes.
    const inFlight = [...both, T("payout", 1, "a", "pending", "2026-01-18")];
    expect(dueWork(state({ transfers: inFlight, poolCents: 30_000 }), "2026-01-18").payouts).toEqual([
      { periodNumber: 2, userId: "b", attempt: 1, amountCents: 30_000 },
    ]);
    // Period 1 is waiting on a late member; period 2 is collected: period 2's recipient is paid.
    const unpaid = [
      ...both.filter((t) => !(t.periodNumber === 1 && t.userId === "b" && t.kind === "contribution")),
      T("contribution", 1, "b", "declined"),
    ];
    expect(dueWork(state({ transfers: unpaid, poolCents: 50_000 }), "2026-01-18").payouts).toEqual([
      { periodNumber: 2, userId: "b", attempt: 1, amountCents: 30_000 },
    ]);
    // Not collected, not paid, whatever the pool holds.
    expect(dueWork(state({ transfers: unpaid.filter((t) => t.periodNumber !== 2), poolCents: 90_000 }), "2026-01-18").payouts).toEqual([]);
  });

  it("completes a period when its payout settled, and moves on to the next payout the same day", () => {
    const transfers = [
      ...PAID_1,
      T("payout", 1, "a", "settled", "2026-01-12"),
      ...MEMBERS.map((u) => T("contribution", 2, u, "funds_available", "2026-01-16")),
    ];
    const work = dueWork(state({ transfers, poolCents: 30_000 }), "2026-01-18");
    expect(work.completions).toEqual([1]);
    expect(work.payouts).toEqual([{ periodNumber: 2, userId: "b", attempt: 1, amountCents: 30_000 }]);
  });

  it("does not complete a period while its payout is only sent or posted", () => {
    for (const status of ["created", "pending", "posted"] as const) {
      expect(dueWork(state({ transfers: [...PAID_1, T("payout", 1, "a", status)], poolCents: 0 }), "2026-01-12").completions).toEqual([]);
    }
  });

  it("a failed payout is tried again with the next attempt, 3 days after the failure, at most 3 attempts", () => {
    const failed = state({ transfers: [...PAID_1, T("payout", 1, "a", "failed", "2026-01-12")], poolCents: 30_000 });
    expect(dueWork(failed, "2026-01-14").payouts).toEqual([]);
    expect(dueWork(failed, "2026-01-15").payouts).toEqual([{ periodNumber: 1, userId: "a", attempt: 2, amountCents: 30_000 }]);
    const exhausted = state({ transfers: [...PAID_1, T("payout", 1, "a", "failed", "2026-01-12", 3)], poolCents: 30_000 });
    expect(dueWork(exhausted, "2026-01-30").payouts).toEqual([]);
  });

  it("skips completed periods", () => {
    const s = state({ transfers: [...PAID_1, T("payout", 1, "a", "settled")], poolCents: 0 });
    const periods = s.periods.map((p) => (p.periodNumber === 1 ? { ...p, status: "completed" as const } : p));
    expect(dueWork({ ...s, periods }, "2026-01-12")).toMatchObject({ completions: [], payouts: [] });
  });
});

describe("payouts reserved when they are made (issue 12)", () => {
  const t = { id: "p", kind: "payout" as const, groupId: "g", userId: "u", amountCents: 30_000 };
  const pool: AccountRef = { kind: "group_pool", groupId: "g" };
  const transit: AccountRef = { kind: "payouts_in_transit" };
  const member: AccountRef = { kind: "member_bank", userId: "u" };
  const reserved = { pool: 0, shortfall: 0, reserved: true };

  it("the reservation moves the payout from the pool to in transit under the key the bank's acceptance used to post", () => {
    expect(payoutReservation(t)).toEqual({ key: "p:sent", debit: pool, credit: transit, amountCents: 30_000, reason: "payout_sent" });
  });

  it("a reserved payout posts nothing more when the bank accepts it, and settles from in transit", () => {
    for (const to of ["pending", "posted"] as const) expect(postingsFor(t, to, { previous: "created", ...reserved })).toEqual([]);
    expect(postingsFor(t, "settled", { previous: "created", ...reserved })).toEqual([
      { key: "p:settled", debit: transit, credit: member, amountCents: 30_000, reason: "payout_settled" },
    ]);
  });

  it("a reserved payout the bank declines or fails gives the pool its money back, once per key", () => {
    for (const [previous, to] of [
      ["created", "declined"],
      ["created", "failed"],
      ["pending", "failed"],
      ["posted", "returned"],
    ] as const) {
      expect(postingsFor(t, to, { previous, ...reserved }), `${previous} → ${to}`).toEqual([
        { key: "p:failed", debit: transit, credit: pool, amountCents: 30_000, reason: "payout_reversal" },
      ]);
    }
  });

  it("a payout from before reservations is reserved on its first move that is not a failure, and a failure then returns nothing", () => {
    expect(postingsFor(t, "pending", { previous: "created", pool: 30_000, shortfall: 0 })).toEqual([payoutReservation(t)]);
    expect(postingsFor(t, "declined", { previous: "created", pool: 30_000, shortfall: 0 })).toEqual([]);
  });
});

describe("contributionsCollected and settledUp", () => {
  it("collected means every member's latest contribution for the period reached the available balance", () => {
    expect(contributionsCollected(state({ transfers: PAID_1 }), 1)).toBe(true);
    expect(contributionsCollected(state({ transfers: PAID_1 }), 2)).toBe(false);
    const retried = [
      ...PAID_1.filter((t) => !(t.kind === "contribution" && t.userId === "b")),
      T("contribution", 1, "b", "returned", "2026-01-10"),
      T("contribution", 1, "b", "pending", "2026-01-13", 2),
    ];
    expect(contributionsCollected(state({ transfers: retried }), 1)).toBe(false);
    expect(contributionsCollected(state({ transfers: [...retried.slice(0, -1), T("contribution", 1, "b", "settled", "2026-01-14", 2)] }), 1)).toBe(
      false,
    );
    expect(
      contributionsCollected(state({ transfers: [...retried.slice(0, -1), T("contribution", 1, "b", "funds_available", "2026-01-15", 2)] }), 1),
    ).toBe(true);
  });

  const allPaid = [
    ...[1, 2, 3].flatMap((p) => MEMBERS.map((u) => T("contribution", p, u, "funds_available"))),
    ...MEMBERS.map((u) => T("fee", 0, u, "funds_available")),
    ...[1, 2, 3].map((p) => T("payout", p, MEMBERS[p - 1]!, "settled")),
  ];

  it("a group is settled up when every payout settled, nothing is in flight and no retry is owed", () => {
    expect(settledUp(state({ transfers: allPaid }))).toBe(true);
    // A payout not settled, or returned and owed again.
    expect(settledUp(state({ transfers: [...allPaid.slice(0, -1), T("payout", 3, "c", "posted")] }))).toBe(false);
    expect(settledUp(state({ transfers: [...allPaid.slice(0, -1), T("payout", 3, "c", "returned")] }))).toBe(false);
    // A contribution returned after its payout, with attempts left: the member owes a retry.
    const returned = [
      ...allPaid.filter((t) => !(t.kind === "contribution" && t.periodNumber === 2 && t.userId === "b")),
      T("contribution", 2, "b", "returned"),
    ];
    expect(settledUp(state({ transfers: returned }))).toBe(false);
    // …and once the attempts ran out, nothing more is owed by the cycle (the platform's shortfall shows to admins).
    const exhausted = [...returned.slice(0, -1), T("contribution", 2, "b", "returned", "2026-01-20", MAX_ATTEMPTS)];
    expect(settledUp(state({ transfers: exhausted }))).toBe(true);
    // A fee retry in flight.
    expect(settledUp(state({ transfers: [...allPaid, T("fee", 0, "a", "pending", "2026-01-20", 2)] }))).toBe(false);
  });
});

describe("lateMembers", () => {
  it("lists members whose latest contribution for a due, open period failed, with the attempts made", () => {
    const transfers = [
      T("contribution", 1, "a", "funds_available"),
      T("contribution", 1, "b", "declined", "2026-01-09", 1),
      T("contribution", 1, "b", "returned", "2026-01-12", 2),
      T("contribution", 1, "c", "failed", "2026-01-09", 1),
      T("contribution", 1, "c", "settled", "2026-01-12", 2),
    ];
    expect(lateMembers(state({ transfers }), "2026-01-13")).toEqual([{ periodNumber: 1, userId: "b", attempts: 2 }]);
  });

  it("ignores periods not yet due; a contribution returned after its period completed is still late", () => {
    const transfers = [T("contribution", 1, "a", "declined"), T("contribution", 2, "a", "declined", "2026-01-16")];
    expect(lateMembers(state({ transfers }), "2026-01-10")).toEqual([{ periodNumber: 1, userId: "a", attempts: 1 }]);
    const s = state({ transfers });
    const periods = s.periods.map((p) => (p.periodNumber === 1 ? { ...p, status: "completed" as const } : p));
    expect(lateMembers({ ...s, periods }, "2026-01-16")).toEqual([
      { periodNumber: 1, userId: "a", attempts: 1 },
      { periodNumber: 2, userId: "a", attempts: 1 },
    ]);
  });

  it("retries a contribution returned after its period completed", () => {
    const others = PAID_1.filter((t) => !(t.kind === "contribution" && t.userId === "b"));
    const s = state({ transfers: [...others, T("payout", 1, "a", "settled"), T("contribution", 1, "b", "returned", "2026-01-13")] });
    const periods = s.periods.map((p) => (p.periodNumber === 1 ? { ...p, status: "completed" as const } : p));
    expect(dueWork({ ...s, periods }, "2026-01-16").debits).toContainEqual({
      kind: "contribution",
      periodNumber: 1,
      userId: "b",
      attempt: 2,
      amountCents: 10_000,
    });
  });
});

describe("transferKey and balances", () => {
  it("the key is deterministic per kind, group, period, member and attempt", () => {
    expect(transferKey("contribution", "g", 2, "u", 3)).toBe("contribution:g:2:u:3");
    expect(new Set([transferKey("fee", "g", 0, "u", 1), transferKey("fee", "g", 0, "u", 2), transferKey("contribution", "g", 0, "u", 1)]).size).toBe(
      3,
    );
  });

  it("balances are credits minus debits", () => {
    const result = balances([
      { debitAccountId: "m", creditAccountId: "p", amountCents: 100 },
      { debitAccountId: "p", creditAccountId: "t", amountCents: 60 },
    ]);
    expect(Object.fromEntries(result)).toEqual({ m: -100, p: 40, t: 60 });
  });
});

describe("retries by what the bank said (ADR 030)", () => {
  const others = [
    T("contribution", 1, "a", "funds_available"),
    T("contribution", 1, "b", "funds_available"),
    ...MEMBERS.map((u) => T("fee", 0, u, "funds_available")),
  ];
  const debitsOfC = (transfers: CycleTransfer[], day: string) =>
    dueWork(state({ transfers: [...others, ...transfers] }), day).debits.filter((d) => d.userId === "c" && d.periodNumber === 1);
  const next = (attempt: number) => [{ kind: "contribution", periodNumber: 1, userId: "c", attempt, amountCents: 10_000 }];

  it.each([
    ["R01", true],
    ["R09", true],
    ["R02", true],
    ["R03", true],
    ["R04", true],
    ["R16", true],
    ["R20", true],
    ["R05", true],
    ["R07", true],
    ["R08", true],
    ["R10", true],
    ["R29", true],
    ["R06", false],
    ["R11", false],
    [null, false],
  ])("a debit returned with %s is tried again: %s", (code, retried) => {
    expect(debitsOfC([T("contribution", 1, "c", "returned", "2026-01-09", 1, code)], "2026-01-12")).toEqual(retried ? next(2) : []);
  });

  it("a cancelled debit is not tried again", () => {
    expect(debitsOfC([T("contribution", 1, "c", "cancelled", "2026-01-09", 1)], "2026-01-20")).toEqual([]);
  });

  it("a returned R01 debit is presented again only within 180 days of the original", () => {
    const returned = [T("contribution", 1, "c", "returned", "2026-07-05", 1, "R01", "2026-01-09")];
    expect(debitsOfC(returned, "2026-07-08")).toEqual(next(2));
    expect(debitsOfC(returned, "2026-07-09")).toEqual([]);
    // The window runs from the original: the first of the returned presentments, not the latest retry.
    const retried = [
      T("contribution", 1, "c", "returned", "2026-01-12", 1, "R01", "2026-01-09"),
      T("contribution", 1, "c", "declined", "2026-01-15", 2, "NSF"),
    ];
    expect(debitsOfC(retried, "2026-07-08")).toEqual(next(3));
    expect(debitsOfC(retried, "2026-07-09")).toEqual([]);
  });

  it("a retry window is not opened by a return with another code after a new entry", () => {
    // An R10 (the member disputed it) is not presented again as a retry: after it, the next debit is a new entry and
    // the 180 days do not apply.
    expect(debitsOfC([T("contribution", 1, "c", "returned", "2026-09-01", 1, "R10", "2026-01-09")], "2026-09-04")).toEqual(next(2));
  });

  it("settledUp waits for a retry the rules still allow, and not for one they do not", () => {
    const allPaid = [
      ...[1, 2, 3].flatMap((p) => MEMBERS.map((u) => T("contribution", p, u, "funds_available"))),
      ...MEMBERS.map((u) => T("fee", 0, u, "funds_available")),
      ...[1, 2, 3].map((p) => T("payout", p, MEMBERS[p - 1]!, "settled")),
    ];
    const without = allPaid.filter((t) => !(t.kind === "contribution" && t.periodNumber === 2 && t.userId === "b"));
    expect(settledUp(state({ transfers: [...without, T("contribution", 2, "b", "returned", "2026-01-20", 1, "R01")] }))).toBe(false);
    expect(settledUp(state({ transfers: [...without, T("contribution", 2, "b", "returned", "2026-01-20", 1, "R06")] }))).toBe(true);
    expect(settledUp(state({ transfers: [...without, T("contribution", 2, "b", "cancelled", "2026-01-20", 1)] }))).toBe(true);
    const old = T("contribution", 2, "b", "returned", "2026-07-20", 1, "R01", "2026-01-16");
    expect(settledUp(state({ transfers: [...without, old] }), "2026-07-14")).toBe(false);
    expect(settledUp(state({ transfers: [...without, old] }), "2026-07-16")).toBe(true);
  });
});

describe("retry days", () => {
  it("a retry waits for the day its failure set (the member's payday)", () => {
    const others = [
      T("contribution", 1, "a", "funds_available"),
      T("contribution", 1, "b", "funds_available"),
      ...MEMBERS.map((u) => T("fee", 0, u, "funds_available")),
    ];
    const failed = { ...T("contribution", 1, "c", "returned", "2026-01-09", 1, "R01"), retryOn: "2026-01-13" };
    const debitsOn = (day: string) => dueWork(state({ transfers: [...others, failed] }), day).debits.filter((d) => d.userId === "c");
    expect(debitsOn("2026-01-12")).toEqual([]);
    expect(debitsOn("2026-01-13")).toEqual([{ kind: "contribution", periodNumber: 1, userId: "c", attempt: 2, amountCents: 10_000 }]);
  });
});
