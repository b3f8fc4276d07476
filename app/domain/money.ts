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
 * The postings for a transfer reaching a status. Keys are deterministic (transfer id + event), so applying the same
 * event twice posts once. `pool` is the group's pool balance and `shortfall` what the platform has fronted the group
 * (a positive number), both before this event; `previous` is the status the transfer is leaving.
 *
 * - contribution settled: member_bank → pool (first repaying any shortfall the platform fronted).
 * - contribution returned after it settled: pool → member_bank, as far as the pool covers; the rest is fronted by
 *   the platform (group_shortfall), so no pool ever goes negative.
 * - payout sent (when created): pool → payouts_in_transit; settled: in transit → member_bank; failed or returned:
 *   back to the pool (from in transit, or from the member if it had settled).
 * - fee settled: member_bank → platform_fees; returned after settling: reversed.
 */
export function postingsFor(
  transfer: TransferFacts,
  to: TransferStatus,
  context: { previous: TransferStatus; pool: number; shortfall: number },
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
      // The payout leaves the pool when the bank accepts it, whichever status we first see it in (after a crash
      // the first status we record may already be posted or settled).
      if (context.previous === "created" && !FAILED_STATUSES.includes(to)) {
        postings.push({ key: key("sent"), debit: pool, credit: transit, amountCents: amount, reason: "payout_sent" });
      }
      if (settlesNow) {
        postings.push({ key: key("settled"), debit: transit, credit: member, amountCents: amount, reason: "payout_settled" });
      } else if (to === "returned" && wasSettled) {
        postings.push({ key: key("returned"), debit: member, credit: pool, amountCents: amount, reason: "payout_reversal" });
      } else if ((to === "failed" || to === "returned") && context.previous !== "created") {
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
 * day), once per member. Payouts go in period order, each once every member's contribution for it has settled and the
 * pool holds the whole payout.
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

  let pool = state.poolCents;
  for (const period of state.periods) {
    if (period.status === "completed") continue;
    const payout = latest(state.transfers, "payout", period.periodNumber, period.recipientUserId);
    if (payout && SETTLED_STATUSES.includes(payout.status)) {
      work.completions.push(period.periodNumber);
      continue;
    }
    if (payout && !FAILED_STATUSES.includes(payout.status)) break; // in flight: later periods wait their turn
    if (period.dueOn > today) break;
    // A failed payout is sent again on the retry policy of debits (3 days later, 3 attempts); then it waits for people.
    const attempt = nextAttempt(payout, today);
    if (attempt === null) break;
    const allPaid = state.memberUserIds.every((userId) => {
      const contribution = latest(state.transfers, "contribution", period.periodNumber, userId);
      return contribution !== undefined && SETTLED_STATUSES.includes(contribution.status);
    });
    if (!allPaid || pool < period.payoutCents) break;
    work.payouts.push({ periodNumber: period.periodNumber, userId: period.recipientUserId, attempt, amountCents: period.payoutCents });
    pool -= period.payoutCents;
    break;
  }
  return work;
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
