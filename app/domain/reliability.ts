/**
 * A member's reliability record (ADR 041), pure: computed from what the bank and the ledger recorded of their
 * contributions, never typed in by anyone. Each contribution a member owed (one per period of each group they were in)
 * becomes one mark once its outcome is known:
 *
 * - on time: paid on the first attempt;
 * - late: paid on a retry;
 * - missed: never paid after every attempt the rules allow (the turn waited for it), or taken back by the member's
 *   bank after the payout left, so that the platform covered it ("Covered by platform"); a covered contribution later
 *   paid by a retry is "repaid".
 *
 * A contribution still in flight, waiting for a retry or for its member, is not a mark yet; nor is one the platform's
 * admin cancelled (nobody's fault). Recent behaviour weighs more and old marks fade: a mark's weight halves every
 * HALF_LIFE_DAYS, and a mark older than FADE_AFTER_DAYS no longer counts at all. What a member still owes is a fact,
 * not a mark: it is shown whatever its age, and it does not weigh in the score.
 *
 * The record informs; it never decides. Nothing in the app reads it to let anyone in or keep anyone out (ADR 041).
 * Time is a parameter: each group's mark is aged on that group's own calendar day (its clock, sandbox offset included).
 */
import type { Words } from "./messages/words";
import { type CycleTransfer, retryAllowed, SETTLED_STATUSES, type TransferStatus } from "./money";
import { type CalendarDay, daysBetween } from "./schedule";

/** A mark's weight halves every this many days… */
export const HALF_LIFE_DAYS = 180;
/** …and a mark older than this no longer counts (two years). */
export const FADE_AFTER_DAYS = 730;

/** What each kind of mark is worth in the score (0 to 1). */
export const MARK_VALUES = { onTime: 1, late: 0.5, missedRepaid: 0.25, missed: 0 } as const;

/** One attempt of one member's contribution for one period, as bank_transfers has it, with whether the platform covered it. */
export type ContributionAttempt = {
  attempt: number;
  status: TransferStatus;
  failureCode: string | null;
  initiatedOn: CalendarDay;
  statusOn: CalendarDay;
  retryOn?: CalendarDay | null;
  /** A `shortfall_cover` posting exists for this attempt: it was taken back after the payout left. */
  covered: boolean;
};

/** Every attempt of one contribution (a member, a group, a period), and that group's calendar day now. */
export type ContributionChain = { groupId: string; periodNumber: number; today: CalendarDay; attempts: readonly ContributionAttempt[] };

export type MarkKind = "onTime" | "late" | "missed";

export type Mark = {
  kind: MarkKind;
  /** The contribution's due day (its first attempt's day). */
  on: CalendarDay;
  ageDays: number;
  /** The platform covered it (returned after the payout left). */
  covered: boolean;
  /** Missed, then paid by a later attempt. */
  repaid: boolean;
  /** Missed and not paid since. */
  owed: boolean;
};

/** The mark a contribution leaves, or null while its outcome is open (in flight, a retry to come) or it was cancelled. */
export function markOf(chain: ContributionChain): Mark | null {
  const attempts = [...chain.attempts].sort((a, b) => a.attempt - b.attempt);
  const first = attempts[0];
  const last = attempts.at(-1);
  if (!first || !last) return null;
  const on = first.initiatedOn;
  const ageDays = Math.max(0, daysBetween(on, chain.today));
  const paid = SETTLED_STATUSES.includes(last.status);
  const coveredAt = attempts.find((attempt) => attempt.covered);
  if (coveredAt) {
    const repaid = paid && last.attempt > coveredAt.attempt;
    return { kind: "missed", on, ageDays, covered: true, repaid, owed: !repaid };
  }
  if (paid) return { kind: last.attempt === 1 ? "onTime" : "late", on, ageDays, covered: false, repaid: false, owed: false };
  if (last.status === "cancelled") return null;
  const asTransfers: CycleTransfer[] = attempts.map((attempt) => ({
    kind: "contribution",
    periodNumber: chain.periodNumber,
    userId: "",
    attempt: attempt.attempt,
    status: attempt.status,
    statusOn: attempt.statusOn,
    initiatedOn: attempt.initiatedOn,
    failureCode: attempt.failureCode,
    retryOn: attempt.retryOn ?? null,
  }));
  // Failed, and the rules allow no further attempt: missed. Anything else is still open.
  const failed = last.status === "declined" || last.status === "failed" || last.status === "returned";
  if (failed && !retryAllowed(asTransfers, chain.today)) return { kind: "missed", on, ageDays, covered: false, repaid: false, owed: true };
  return null;
}

/** A mark's weight: 1 today, halving every HALF_LIFE_DAYS, 0 past FADE_AFTER_DAYS. */
export function markWeight(ageDays: number): number {
  if (ageDays > FADE_AFTER_DAYS) return 0;
  return 0.5 ** (Math.max(0, ageDays) / HALF_LIFE_DAYS);
}

function markValue(mark: Mark) {
  if (mark.kind === "onTime") return MARK_VALUES.onTime;
  if (mark.kind === "late") return MARK_VALUES.late;
  return mark.repaid ? MARK_VALUES.missedRepaid : MARK_VALUES.missed;
}

export type Standing = "new" | "onTime" | "mostlyOnTime" | "recentProblems";

export type ReliabilityRecord = {
  cyclesCompleted: number;
  /** Marks that still count (not older than FADE_AFTER_DAYS). */
  onTime: number;
  late: number;
  missed: number;
  /** Of the missed that count: covered by the platform, and of those repaid since. */
  covered: number;
  repaid: number;
  /** Contributions missed and not paid since, whatever their age. */
  owed: number;
  /** Marks too old to count any more. */
  faded: number;
  /** Contributions whose outcome is not known yet and are on their way (a debit made, not settled). */
  open: number;
  /** Contributions whose latest debit was declined, failed or returned and that wait for a retry or for the member: not counted yet. */
  declined: number;
  /** 0–100: the weighted share of what counts that was paid on time (late counts half), or null with nothing counted. */
  score: number | null;
  standing: Standing;
};

/** Score thresholds for the standing's words. */
export const STANDING_THRESHOLDS = { onTime: 90, mostlyOnTime: 70 } as const;

/**
 * The "new member" rule (ADR 050): below this many contributions that count, a member is "new" — the record shows
 * their counts, never a score, so that one first miss (perhaps the wrong account debited) does not read as "0 out of
 * 100". From this many on, the score and its standing are shown.
 */
export const NEW_MEMBER_MARKS = 5;

/** The record of one member from their contributions in every group they are or were in, and their cycles completed. */
export function reliabilityRecord(input: { chains: readonly ContributionChain[]; cyclesCompleted: number }): ReliabilityRecord {
  const record: ReliabilityRecord = {
    cyclesCompleted: input.cyclesCompleted,
    onTime: 0,
    late: 0,
    missed: 0,
    covered: 0,
    repaid: 0,
    owed: 0,
    faded: 0,
    open: 0,
    declined: 0,
    score: null,
    standing: "new",
  };
  let weighted = 0;
  let weights = 0;
  for (const chain of input.chains) {
    const mark = markOf(chain);
    if (!mark) {
      if (chain.attempts.length > 0 && !chain.attempts.some((attempt) => attempt.status === "cancelled")) {
        const last = [...chain.attempts].sort((a, b) => a.attempt - b.attempt).at(-1)!;
        // A declined debit is "declined" (waiting for its retry), not "on the way" (issue 45).
        if (last.status === "declined" || last.status === "failed" || last.status === "returned") record.declined += 1;
        else record.open += 1;
      }
      continue;
    }
    if (mark.owed) record.owed += 1;
    const weight = markWeight(mark.ageDays);
    if (weight === 0) {
      record.faded += 1;
      continue;
    }
    record[mark.kind] += 1;
    if (mark.covered) record.covered += 1;
    if (mark.repaid) record.repaid += 1;
    weighted += weight * markValue(mark);
    weights += weight;
  }
  if (weights > 0 && record.onTime + record.late + record.missed >= NEW_MEMBER_MARKS) {
    record.score = Math.round((100 * weighted) / weights);
    record.standing =
      record.score >= STANDING_THRESHOLDS.onTime ? "onTime" : record.score >= STANDING_THRESHOLDS.mostlyOnTime ? "mostlyOnTime" : "recentProblems";
  }
  return record;
}

// ---------------------------------------------------------------------------------------------------------------
// The words

export const STANDING_LABELS: Record<Standing, string> = {
  new: "New member",
  onTime: "Pays on time",
  mostlyOnTime: "Mostly on time",
  recentProblems: "Recent late or missed payments",
};

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The short summary other members see (group page, join page): "Pays on time · 11 on time, 1 late, 0 missed · 2
 * cycles completed". A member still owing a contribution says so.
 */
export function recordSummary(record: ReliabilityRecord, t?: Words): string {
  if (t) {
    const standing =
      record.standing === "new" && record.onTime + record.late + record.missed === 0
        ? t("groupPage.record.noHistory")
        : t(`groupPage.record.standing.${record.standing}`);
    const parts = [standing];
    if (record.onTime + record.late + record.missed > 0)
      parts.push(t("groupPage.record.counts", { onTime: record.onTime, late: record.late, missed: record.missed }));
    parts.push(t("groupPage.record.cycles", { count: record.cyclesCompleted }));
    if (record.owed > 0) parts.push(t("groupPage.record.owed", { count: record.owed }));
    return parts.join(" · ");
  }
  const parts: string[] = [standingLabel(record)];
  if (record.onTime + record.late + record.missed > 0) parts.push(`${record.onTime} on time, ${record.late} late, ${record.missed} missed`);
  parts.push(plural(record.cyclesCompleted, "cycle completed", "cycles completed"));
  if (record.owed > 0) parts.push(`${plural(record.owed, "contribution")} still owed`);
  return parts.join(" · ");
}

/** The standing in words: "No payment history yet" before any contribution counts, "New member" below NEW_MEMBER_MARKS. */
export function standingLabel(record: Pick<ReliabilityRecord, "standing" | "onTime" | "late" | "missed">): string {
  if (record.standing === "new" && record.onTime + record.late + record.missed === 0) return "No payment history yet";
  return STANDING_LABELS[record.standing];
}

/** Where a record is shown, its scope said (issue 45): it counts every group, not only the one on the page. */
export const RECORD_SCOPE = "Payment record across all their groups";

/** How the record is computed, for the member's own profile. */
export const RECORD_EXPLANATION = [
  "Your record is computed from what the bank and our ledger recorded of your contributions, in every group you are or were in. Nobody types it in, and nobody can change it.",
  "Each contribution counts once its outcome is known: on time (paid on the first attempt), late (paid on a retry) or missed (not paid after every attempt, or taken back by your bank after the payout left so that Rosca covered it). A covered contribution you paid later shows as repaid.",
  `Recent behaviour weighs more: a contribution's weight halves every ${HALF_LIFE_DAYS} days, and after ${FADE_AFTER_DAYS / 365} years it no longer counts at all. The score is the weighted share paid on time, a late payment counting half and a repaid one a quarter. It is shown from ${NEW_MEMBER_MARKS} counted contributions on; before that you are a new member, and your counts are shown instead.`,
  "A contribution you still owe is shown whatever its age, until it is paid.",
  "The record only informs: it never stops anyone joining a group. Whoever runs a group decides whom to invite.",
];

/** The profile's sharing setting, saved. */
export const RECORD_SHARING = {
  shared: { title: "Payment record shared", description: "Members of your groups, and people invited to them, see its summary." },
  private: {
    title: "Payment record hidden",
    description:
      "Groups you join from now on, and people invited to them, don't see it. The members of the groups you are already in keep seeing it: you shared it when you joined them together.",
  },
} as const;
