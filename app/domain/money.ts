/**
 * Money movement rules (ADR 008), pure: what each bank event posts to the ledger, what work is due on a group-clock
 * day, and the ledger's invariants. No I/O; the day is a parameter.
 */
import { addDays, type CalendarDay } from "./schedule";

// ---------------------------------------------------------------------------------------------------------------
// Policy constants

/** Reminders go out this many days before a due day (and on the due day if the group started late). */
export const REMINDER_DAYS_BEFORE = 2;
/** A failed or returned debit is tried again this many days after the failure… */
export const RETRY_AFTER_DAYS = 3;
/** …up to this many attempts in all (the first plus two retries). */
export const MAX_ATTEMPTS = 3;
/** Sandbox settlement: posted on the day it is created, settled the next day, funds available the day after. */
export const SANDBOX_SETTLE_AFTER_DAYS = 1;
export const SANDBOX_AVAILABLE_AFTER_DAYS = 2;

export type TransferKind = "contribution" | "payout" | "fee";
export type TransferStatus = "created" | "declined" | "pending" | "posted" | "settled" | "funds_available" | "failed" | "returned";

/** How a transfer's status reads on statements. */
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  created: "Processing",
  pending: "Pending",
  posted: "Posted",
  settled: "Settled",
  funds_available: "Available",
  declined: "Declined",
  failed: "Failed",
  returned: "Returned",
};

/** Final failures: the money did not move (or came back). */
export const FAILED_STATUSES: readonly TransferStatus[] = ["declined", "failed", "returned"];
/** The money moved. */
export const SETTLED_STATUSES: readonly TransferStatus[] = ["settled", "funds_available"];

const RANK: Record<TransferStatus, number> = {
  created: 0,
  pending: 1,
  posted: 2,
  settled: 3,
  funds_available: 4,
  declined: 5,
  failed: 5,
  returned: 6,
};

/**
 * Whether a transfer may move from one status to another. Statuses never move backwards; a return may follow
 * settlement (ACH returns arrive days later); failed, declined and returned are final.
 */
export function canAdvance(from: TransferStatus, to: TransferStatus): boolean {
  if (from === to) return false;
  if (from === "declined" || from === "failed" || from === "returned") return false;
  if (to === "declined") return from === "created";
  if (to === "failed") return from === "created" || from === "pending";
  if (to === "returned") return from === "posted" || from === "settled" || from === "funds_available";
  return RANK[to] > RANK[from];
}

// ---------------------------------------------------------------------------------------------------------------
// Ledger postings

export type AccountRef =
  | { kind: "member_bank"; userId: string }
  | { kind: "group_pool"; groupId: string }
  | { kind: "group_shortfall"; groupId: string }
  | { kind: "payouts_in_transit" }
  | { kind: "platform_fees" };

export type LedgerReason =
  | "contribution"
  | "contribution_reversal"
  | "shortfall_cover"
  | "shortfall_repaid"
  | "payout_sent"
  | "payout_settled"
  | "payout_reversal"
  | "fee"
  | "fee_reversal";

export type Posting = { key: string; debit: AccountRef; credit: AccountRef; amountCents: number; reason: LedgerReason };

export type TransferFacts = {
  id: string;
  kind: TransferKind;
  groupId: string;
  userId: string;
  amountCents: number;
};

/**
 * The posting that reserves a payout: pool → payouts_in_transit, written in the same transaction that creates the
 * payout (under the pool's lock, after checking the pool holds it), before the bank hears of it. From then on no
 * other payout and no return can spend those cents; if the bank declines or fails the payout, `postingsFor` puts
 * them back.
 */
export function payoutReservation(transfer: TransferFacts): Posting {
  return {
    key: `${transfer.id}:sent`,
    debit: { kind: "group_pool", groupId: transfer.groupId },
    credit: { kind: "payouts_in_transit" },
    amountCents: transfer.amountCents,
    reason: "payout_sent",
  };
}

/**
 * The postings for a transfer reaching a status. Keys are deterministic (transfer id + event), so applying the same
 * event twice posts once. `pool` is the group's pool balance and `shortfall` what the platform has fronted the group
 * (a positive number), both before this event; `previous` is the status the transfer is leaving; `reserved` says
 * whether the payout's reservation (`payoutReservation`) is posted.
 *
 * - contribution settled: member_bank → pool (first repaying any shortfall the platform fronted).
 * - contribution returned after it settled: pool → member_bank, as far as the pool covers; the rest is fronted by
 *   the platform (group_shortfall), so no pool ever goes negative.
 * - payout: reserved (pool → payouts_in_transit) when it is created; settled: in transit → member_bank; declined,
 *   failed or returned before settling: back from in transit to the pool; returned after settling: from the member
 *   back to the pool. A payout created before reservations existed (no `sent` posting yet) posts it on its first move
 *   that is not a failure.
 * - fee settled: member_bank → platform_fees; returned after settling: reversed.
 */
export function postingsFor(
  transfer: TransferFacts,
  to: TransferStatus,
  context: { previous: TransferStatus; pool: number; shortfall: number; reserved?: boolean },
): Posting[] {
  const member: AccountRef = { kind: "member_bank", userId: transfer.userId };
  const pool: AccountRef = { kind: "group_pool", groupId: transfer.groupId };
  const shortfall: AccountRef = { kind: "group_shortfall", groupId: transfer.groupId };
  const transit: AccountRef = { kind: "payouts_in_transit" };
  const fees: AccountRef = { kind: "platform_fees" };
  const amount = transfer.amountCents;
  const key = (event: string) => `${transfer.id}:${event}`;
  const wasSettled = SETTLED_STATUSES.includes(context.previous);
  const settlesNow = SETTLED_STATUSES.includes(to) && !wasSettled;
  const postings: Posting[] = [];

  switch (transfer.kind) {
    case "contribution": {
      if (settlesNow) {
        const repay = Math.min(context.shortfall, amount);
        if (repay > 0)
          postings.push({ key: key("shortfall-repaid"), debit: member, credit: shortfall, amountCents: repay, reason: "shortfall_repaid" });
        if (amount - repay > 0)
          postings.push({ key: key("settled"), debit: member, credit: pool, amountCents: amount - repay, reason: "contribution" });
      } else if (to === "returned" && wasSettled) {
        const fromPool = Math.min(Math.max(context.pool, 0), amount);
        if (fromPool > 0)
          postings.push({ key: key("returned"), debit: pool, credit: member, amountCents: fromPool, reason: "contribution_reversal" });
        if (amount - fromPool > 0) {
          postings.push({
            key: key("returned-fronted"),
            debit: shortfall,
            credit: member,
            amountCents: amount - fromPool,
            reason: "shortfall_cover",
          });
        }
      }
      break;
    }
    case "payout": {
      const failing = FAILED_STATUSES.includes(to);
      // Reserved at creation; a payout from before reservations is reserved on its first move out of created.
      const reserved = context.reserved === true || context.previous !== "created";
      if (!reserved && !failing) postings.push(payoutReservation(transfer));
      if (settlesNow) {
        postings.push({ key: key("settled"), debit: transit, credit: member, amountCents: amount, reason: "payout_settled" });
      } else if (to === "returned" && wasSettled) {
        postings.push({ key: key("returned"), debit: member, credit: pool, amountCents: amount, reason: "payout_reversal" });
      } else if (failing && reserved) {
        postings.push({ key: key("failed"), debit: transit, credit: pool, amountCents: amount, reason: "payout_reversal" });
      }
      break;
    }
    case "fee": {
      if (settlesNow) postings.push({ key: key("settled"), debit: member, credit: fees, amountCents: amount, reason: "fee" });
      else if (to === "returned" && wasSettled)
        postings.push({ key: key("returned"), debit: fees, credit: member, amountCents: amount, reason: "fee_reversal" });
      break;
    }
  }
  return postings;
}

// ---------------------------------------------------------------------------------------------------------------
// Due work on a day

export type CyclePeriod = { periodNumber: number; dueOn: CalendarDay; recipientUserId: string; payoutCents: number; status: "pending" | "completed" };
export type CycleTransfer = {
  kind: TransferKind;
  periodNumber: number;
  userId: string;
  attempt: number;
  status: TransferStatus;
  statusOn: CalendarDay;
};

export type CycleState = {
  contributionCents: number;
  feeCents: number;
  memberUserIds: readonly string[];
  periods: readonly CyclePeriod[];
  transfers: readonly CycleTransfer[];
  poolCents: number;
};

export type DueWork = {
  reminders: Array<{ periodNumber: number; userId: string; dueOn: CalendarDay }>;
  debits: Array<{ kind: "contribution" | "fee"; periodNumber: number; userId: string; attempt: number; amountCents: number }>;
  payouts: Array<{ periodNumber: number; userId: string; attempt: number; amountCents: number }>;
  /** Periods whose payout settled and are not marked completed yet. */
  completions: number[];
};

function latest(transfers: readonly CycleTransfer[], kind: TransferKind, periodNumber: number, userId: string) {
  let found: CycleTransfer | undefined;
  for (const t of transfers) {
    if (t.kind === kind && t.periodNumber === periodNumber && t.userId === userId && (!found || t.attempt > found.attempt)) found = t;
  }
  return found;
}

/** The next attempt of a debit that is due today, or null (in flight, settled, out of attempts, or waiting to retry). */
function nextAttempt(previous: CycleTransfer | undefined, today: CalendarDay): number | null {
  if (!previous) return 1;
  if (!FAILED_STATUSES.includes(previous.status)) return null;
  if (previous.attempt >= MAX_ATTEMPTS) return null;
  return addDays(previous.statusOn, RETRY_AFTER_DAYS) <= today ? previous.attempt + 1 : null;
}

/**
 * What is due on `today` for an active group. The setup fee is debited with the first contribution (period 1's due
 * day), once per member. Each period's payout goes once its due day has come, every member's contribution for it has
 * settled and the pool holds the whole payout.
 */
export function dueWork(state: CycleState, today: CalendarDay): DueWork {
  const work: DueWork = { reminders: [], debits: [], payouts: [], completions: [] };
  const first = state.periods[0];
  for (const period of state.periods) {
    if (period.status !== "completed" && addDays(period.dueOn, -REMINDER_DAYS_BEFORE) <= today && today <= period.dueOn) {
      for (const userId of state.memberUserIds) work.reminders.push({ periodNumber: period.periodNumber, userId, dueOn: period.dueOn });
    }
    // Completed periods too: a contribution returned after its period's payout is still owed, and retried.
    if (period.dueOn > today) continue;
    for (const userId of state.memberUserIds) {
      const attempt = nextAttempt(latest(state.transfers, "contribution", period.periodNumber, userId), today);
      if (attempt !== null)
        work.debits.push({ kind: "contribution", periodNumber: period.periodNumber, userId, attempt, amountCents: state.contributionCents });
    }
  }
  if (first && first.dueOn <= today && state.feeCents > 0) {
    for (const userId of state.memberUserIds) {
      const attempt = nextAttempt(latest(state.transfers, "fee", 0, userId), today);
      if (attempt !== null) work.debits.push({ kind: "fee", periodNumber: 0, userId, attempt, amountCents: state.feeCents });
    }
  }

  // Each period's payout on its own: due, its contributions collected, the pool holding it, and (after a decline,
  // a failure or a return) its retry due. A period waiting on a late member does not hold up the next period's
  // recipient; the pool check (and, when it is made, the payout's own locked re-check) keeps any payout from
  // spending money that is not there.
  let pool = state.poolCents;
  for (const period of state.periods) {
    const payout = latest(state.transfers, "payout", period.periodNumber, period.recipientUserId);
    if (payout && SETTLED_STATUSES.includes(payout.status)) {
      if (period.status !== "completed") work.completions.push(period.periodNumber);
      continue;
    }
    if (payout && !FAILED_STATUSES.includes(payout.status)) continue; // in flight
    if (period.dueOn > today) continue;
    // A declined, failed or returned payout is sent again on the retry policy of debits (3 days later, 3 attempts).
    const attempt = nextAttempt(payout, today);
    if (attempt === null) continue;
    if (!contributionsCollected(state, period.periodNumber) || pool < period.payoutCents) continue;
    work.payouts.push({ periodNumber: period.periodNumber, userId: period.recipientUserId, attempt, amountCents: period.payoutCents });
    pool -= period.payoutCents;
  }
  return work;
}

/** Whether every member's latest contribution for a period has settled. */
export function contributionsCollected(state: Pick<CycleState, "memberUserIds" | "transfers">, periodNumber: number) {
  return state.memberUserIds.every((userId) => {
    const contribution = latest(state.transfers, "contribution", periodNumber, userId);
    return contribution !== undefined && SETTLED_STATUSES.includes(contribution.status);
  });
}

/**
 * Whether a group has nothing left to do: every period paid out and settled, nothing at the bank in flight, and no
 * contribution or fee waiting for a retry. A member whose attempts ran out is not waited for (the platform's fronted
 * shortfall, if any, shows in the money-health panel).
 */
export function settledUp(state: Pick<CycleState, "periods" | "transfers" | "memberUserIds" | "feeCents">) {
  for (const period of state.periods) {
    const payout = latest(state.transfers, "payout", period.periodNumber, period.recipientUserId);
    if (!payout || !SETTLED_STATUSES.includes(payout.status)) return false;
  }
  const open = new Map<string, CycleTransfer>();
  for (const t of state.transfers) {
    const key = `${t.kind}:${t.periodNumber}:${t.userId}`;
    const seen = open.get(key);
    if (!seen || t.attempt > seen.attempt) open.set(key, t);
  }
  for (const t of open.values()) {
    if (!FAILED_STATUSES.includes(t.status) && !SETTLED_STATUSES.includes(t.status)) return false; // in flight
    if (t.kind !== "payout" && FAILED_STATUSES.includes(t.status) && t.attempt < MAX_ATTEMPTS) return false; // a retry is owed
  }
  return true;
}

/** Members whose contribution for a due period failed and has not (yet) succeeded. */
export function lateMembers(state: Pick<CycleState, "periods" | "transfers" | "memberUserIds">, today: CalendarDay) {
  const late: Array<{ periodNumber: number; userId: string; attempts: number }> = [];
  for (const period of state.periods) {
    if (period.dueOn > today) continue;
    for (const userId of state.memberUserIds) {
      const contribution = latest(state.transfers, "contribution", period.periodNumber, userId);
      if (contribution && FAILED_STATUSES.includes(contribution.status))
        late.push({ periodNumber: period.periodNumber, userId, attempts: contribution.attempt });
    }
  }
  return late;
}

/** Deterministic idempotency key: one per group, period, member, kind and attempt. */
export function transferKey(kind: TransferKind, groupId: string, periodNumber: number, userId: string, attempt: number) {
  return `${kind}:${groupId}:${periodNumber}:${userId}:${attempt}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Invariants

export type LedgerRow = { debitAccountId: string; creditAccountId: string; amountCents: number };

/** Balances (credits minus debits) per account. */
export function balances(rows: readonly LedgerRow[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const row of rows) {
    result.set(row.creditAccountId, (result.get(row.creditAccountId) ?? 0) + row.amountCents);
    result.set(row.debitAccountId, (result.get(row.debitAccountId) ?? 0) - row.amountCents);
  }
  return result;
}
