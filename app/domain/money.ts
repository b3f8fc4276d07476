/**
 * Money movement rules (ADR 008), pure: what each bank event posts to the ledger, what work is due on a group-clock
 * day, and the ledger's invariants. No I/O; the day is a parameter.
 */
import { type AttemptFacts, MAX_RETRIES_AFTER_RETURN, RETURN_RETRY_WINDOW_DAYS, returnAction, returnedRun } from "./ach";
import { addBankDays } from "./bank-days";
import type { MessageId } from "./messages/en-US";
import { addDays, type CalendarDay, daysBetween } from "./schedule";

// ---------------------------------------------------------------------------------------------------------------
// Policy constants

/** Reminders go out this many days before a due day (and on the due day if the group started late). */
export const REMINDER_DAYS_BEFORE = 2;
/** A failed or returned debit is tried again this many days after the failure… */
export const RETRY_AFTER_DAYS = 3;
/** …up to this many attempts in all (the first plus two retries). */
export const MAX_ATTEMPTS = 3;
/**
 * Sandbox settlement, as a bank would run it, on the ACH calendar (bank-days.ts, ADR 040): a transfer is posted and
 * settled the bank day after it entered the network (a transfer made on a weekend or a holiday enters on the next bank
 * day); a debit's money is available in the platform's Plaid Ledger (funds_available) the bank day after that. A
 * credit (payout) ends at settled: the money is in the member's account (Plaid: funds_available applies to debits
 * only).
 */
export const SANDBOX_SETTLE_AFTER_DAYS = 1;
export const SANDBOX_AVAILABLE_AFTER_DAYS = 2;

/** The day a transfer made on `initiatedOn` settles on the sandbox bank's schedule (and, in production, is expected to). */
export function sandboxSettlesOn(initiatedOn: CalendarDay): CalendarDay {
  return addBankDays(initiatedOn, SANDBOX_SETTLE_AFTER_DAYS);
}

/** The day a debit made on `initiatedOn` reaches the platform's available balance on the sandbox bank's schedule. */
export function sandboxAvailableOn(initiatedOn: CalendarDay): CalendarDay {
  return addBankDays(initiatedOn, SANDBOX_AVAILABLE_AFTER_DAYS);
}

export type TransferKind = "contribution" | "payout" | "fee";
export type TransferStatus = "created" | "declined" | "pending" | "posted" | "settled" | "funds_available" | "failed" | "returned" | "cancelled";

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
  cancelled: "Cancelled",
};

/** A statement row's kind as the ledger names it (ledger.server.ts KIND_LABELS): its message, in the reader's language. */
export const STATEMENT_KIND_IDS: Readonly<Record<string, MessageId>> = {
  Contribution: "groupPage.statementPage.kind.contribution",
  "Contribution returned": "groupPage.statementPage.kind.contributionReturned",
  "Covered by platform": "groupPage.statementPage.kind.covered",
  "Shortfall repaid": "groupPage.statementPage.kind.repaid",
  "Payout sent": "groupPage.statementPage.kind.payoutSent",
  "Payout returned": "groupPage.statementPage.kind.payoutReturned",
  "Setup fee": "groupPage.statementPage.kind.fee",
  "Setup fee returned": "groupPage.statementPage.kind.feeReturned",
};

/** Final failures: the money did not move (or came back). */
export const FAILED_STATUSES: readonly TransferStatus[] = ["declined", "failed", "returned", "cancelled"];
/** The money moved. */
export const SETTLED_STATUSES: readonly TransferStatus[] = ["settled", "funds_available"];
/**
 * A debit whose money the platform may spend: the Plaid Ledger releases a debit's money only at funds_available (a
 * hold after settlement), and payouts are paid from the Ledger's available balance. A period pays out once every
 * contribution of it is here.
 */
export const AVAILABLE_STATUS: TransferStatus = "funds_available";

const RANK: Record<TransferStatus, number> = {
  created: 0,
  pending: 1,
  posted: 2,
  settled: 3,
  funds_available: 4,
  declined: 5,
  failed: 5,
  cancelled: 5,
  returned: 6,
};

/**
 * Whether an event of Plaid's transfer event stream (/transfer/event/sync) moves one of our transfers' status. The
 * stream also carries the Plaid Ledger's own sweeps (`sweep.*`, with a sweep_id and no transfer of ours), refunds
 * (`refund.*`) and the sweep-account events of the older, non-Ledger setup (`swept`, `swept_settled`, `return_swept`),
 * which tell of money between the Ledger (or a sweep account) and our business account, not of a member's transfer:
 * they are skipped, never looked up (ADR 049).
 */
export function isTransferStatusEvent(eventType: string): eventType is TransferStatus {
  return Object.hasOwn(RANK, eventType);
}

/**
 * Whether a transfer may move from one status to another. Statuses never move backwards; a return may follow
 * settlement (ACH returns arrive days later); failed, declined, cancelled and returned are final. A transfer can be
 * cancelled only before the bank sends it to the network (Plaid: while `cancellable`, i.e. pending).
 */
export function canAdvance(from: TransferStatus, to: TransferStatus): boolean {
  if (from === to) return false;
  if (from === "declined" || from === "failed" || from === "returned" || from === "cancelled") return false;
  if (to === "declined") return from === "created";
  if (to === "cancelled") return from === "created" || from === "pending";
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
  /** The day it was started (a returned debit may be presented again only within 180 days of the original). */
  initiatedOn: CalendarDay;
  /** The decline rationale or the NACHA return code, when it failed. */
  failureCode: string | null;
  /** After a failure, the day the next attempt is due (payday.ts `retryDay`); null: RETRY_AFTER_DAYS after statusOn. */
  retryOn?: CalendarDay | null;
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

/** Every attempt of one member's money of one kind for one period, in attempt order. */
function attemptsOf(transfers: readonly CycleTransfer[], kind: TransferKind, periodNumber: number, userId: string) {
  return transfers.filter((t) => t.kind === kind && t.periodNumber === periodNumber && t.userId === userId).sort((a, b) => a.attempt - b.attempt);
}

function latest(transfers: readonly CycleTransfer[], kind: TransferKind, periodNumber: number, userId: string) {
  return attemptsOf(transfers, kind, periodNumber, userId).at(-1);
}

const asFacts = (t: CycleTransfer): AttemptFacts => ({
  attempt: t.attempt,
  status: t.status,
  failureCode: t.failureCode,
  initiatedOn: t.initiatedOn,
});

/**
 * Whether another attempt of this money may ever be made after its latest one (whatever the day): the latest failed
 * (declined, failed or returned; a cancelled one was stopped on purpose and is not retried), fewer than MAX_ATTEMPTS
 * were made, and a return allows it — an R01/R09 return is presented again at most twice within 180 days of the
 * original (`today` decides the window; without it the window is not checked), another code listed in ach.ts allows a
 * new debit (once the member links another account or authorises again), any other code none. A payout is paid again
 * whatever came back (the money is the recipient's), within MAX_ATTEMPTS.
 */
export function retryAllowed(attempts: readonly CycleTransfer[], today?: CalendarDay): boolean {
  const last = attempts.at(-1);
  if (!last) return true;
  if (!FAILED_STATUSES.includes(last.status) || last.status === "cancelled") return false;
  if (last.attempt >= MAX_ATTEMPTS) return false;
  if (last.kind === "payout") return true;
  if (last.status === "returned" && returnAction(last.failureCode) === "final") return false;
  const run = returnedRun(attempts.map(asFacts));
  if (run.length > MAX_RETRIES_AFTER_RETURN) return false;
  if (today !== undefined && run.length > 0 && daysBetween(run[0]!.initiatedOn, today) > RETURN_RETRY_WINDOW_DAYS) return false;
  return true;
}

/**
 * Whether a failed payout of a consented turn (ADR 053 step 4: what arrived, then each rest) is made again: the
 * consent's own rule (turn-consent.server.ts), which counts the period's failed payouts, not attempt numbers (a rest
 * payout's attempt number follows the payout of what arrived). `payouts`: the period's payouts in attempt order.
 */
export function consentedPayoutRetryAllowed(payouts: readonly Pick<CycleTransfer, "status">[]): boolean {
  const last = payouts.at(-1);
  if (!last || !FAILED_STATUSES.includes(last.status) || last.status === "cancelled") return false;
  return payouts.filter((payout) => FAILED_STATUSES.includes(payout.status)).length < MAX_ATTEMPTS;
}

/** The next attempt of some money that is due today, or null (in flight, settled, out of attempts, or waiting to retry). */
function nextAttempt(attempts: readonly CycleTransfer[], today: CalendarDay): number | null {
  const last = attempts.at(-1);
  if (!last) return 1;
  if (!retryAllowed(attempts, today)) return null;
  return (last.retryOn ?? addDays(last.statusOn, RETRY_AFTER_DAYS)) <= today ? last.attempt + 1 : null;
}

/**
 * Whether a member has a contribution to the group that went through (settled, or its money available): from then on
 * their setup fee is due (ADR 040: the fee is taken with the first contribution that succeeds, never before one).
 */
export function hasContributed(transfers: readonly Pick<CycleTransfer, "kind" | "userId" | "status">[], userId: string) {
  return transfers.some((t) => t.kind === "contribution" && t.userId === userId && SETTLED_STATUSES.includes(t.status));
}

/**
 * What is due on `today` for an active group. The setup fee is debited once per member, on the first day one of their
 * contributions has gone through (`hasContributed`; ADR 040), as its own transfer. Each period's payout goes once its
 * due day has come, every member's contribution for it has reached the platform's available balance
 * (funds_available) and the pool holds the whole payout.
 */
export function dueWork(state: CycleState, today: CalendarDay): DueWork {
  const work: DueWork = { reminders: [], debits: [], payouts: [], completions: [] };
  for (const period of state.periods) {
    if (period.status !== "completed" && addDays(period.dueOn, -REMINDER_DAYS_BEFORE) <= today && today <= period.dueOn) {
      for (const userId of state.memberUserIds) work.reminders.push({ periodNumber: period.periodNumber, userId, dueOn: period.dueOn });
    }
    // Completed periods too: a contribution returned after its period's payout is still owed, and retried.
    if (period.dueOn > today) continue;
    for (const userId of state.memberUserIds) {
      const attempt = nextAttempt(attemptsOf(state.transfers, "contribution", period.periodNumber, userId), today);
      if (attempt !== null)
        work.debits.push({ kind: "contribution", periodNumber: period.periodNumber, userId, attempt, amountCents: state.contributionCents });
    }
  }
  if (state.feeCents > 0) {
    for (const userId of state.memberUserIds) {
      if (!hasContributed(state.transfers, userId)) continue;
      const attempt = nextAttempt(attemptsOf(state.transfers, "fee", 0, userId), today);
      if (attempt !== null) work.debits.push({ kind: "fee", periodNumber: 0, userId, attempt, amountCents: state.feeCents });
    }
  }

  // Each period's payout on its own: due, its contributions collected, the pool holding it, and (after a decline,
  // a failure or a return) its retry due. A period waiting on a late member does not hold up the next period's
  // recipient; the pool check (and, when it is made, the payout's own locked re-check) keeps any payout from
  // spending money that is not there.
  let pool = state.poolCents;
  for (const period of state.periods) {
    const payouts = attemptsOf(state.transfers, "payout", period.periodNumber, period.recipientUserId);
    const payout = payouts.at(-1);
    if (payout && SETTLED_STATUSES.includes(payout.status)) {
      if (period.status !== "completed") work.completions.push(period.periodNumber);
      continue;
    }
    if (payout && !FAILED_STATUSES.includes(payout.status)) continue; // in flight
    if (period.dueOn > today) continue;
    // A declined, failed or returned payout is sent again on the retry policy of debits (3 days later, 3 attempts).
    const attempt = nextAttempt(payouts, today);
    if (attempt === null) continue;
    if (!contributionsCollected(state, period.periodNumber) || pool < period.payoutCents) continue;
    work.payouts.push({ periodNumber: period.periodNumber, userId: period.recipientUserId, attempt, amountCents: period.payoutCents });
    pool -= period.payoutCents;
  }
  return work;
}

/** Whether every member's latest contribution for a period has reached the platform's available balance. */
export function contributionsCollected(state: Pick<CycleState, "memberUserIds" | "transfers">, periodNumber: number) {
  return state.memberUserIds.every((userId) => latest(state.transfers, "contribution", periodNumber, userId)?.status === AVAILABLE_STATUS);
}

/**
 * Whether a group has nothing left to do: every period paid out and settled, nothing at the bank in flight, and no
 * contribution or fee that will still be retried. A member whose attempts ran out (or whose return allows none) is not
 * waited for (the platform's fronted shortfall, if any, shows in the money-health panel).
 */
export function settledUp(state: Pick<CycleState, "periods" | "transfers" | "memberUserIds" | "feeCents">, today?: CalendarDay) {
  for (const period of state.periods) {
    const payout = latest(state.transfers, "payout", period.periodNumber, period.recipientUserId);
    if (!payout || !SETTLED_STATUSES.includes(payout.status)) return false;
  }
  const chains = new Map<string, CycleTransfer[]>();
  for (const t of state.transfers) {
    const key = `${t.kind}:${t.periodNumber}:${t.userId}`;
    chains.set(key, [...(chains.get(key) ?? []), t]);
  }
  for (const chain of chains.values()) {
    chain.sort((a, b) => a.attempt - b.attempt);
    const last = chain.at(-1)!;
    if (!FAILED_STATUSES.includes(last.status) && !SETTLED_STATUSES.includes(last.status)) return false; // in flight
    if (last.kind !== "payout" && FAILED_STATUSES.includes(last.status) && retryAllowed(chain, today)) return false; // a retry is owed
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
