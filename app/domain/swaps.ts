/**
 * Turn swaps with consent (ADR 041), pure: when a turn may still be swapped, who acts at each step, the words, and the
 * payout order as it was before any swap (for the draw's record). Time is a parameter (the group's calendar day).
 *
 * The rules:
 * - Only in a group that has started (before the start its admin sets a fixed order; a random order is drawn then).
 * - A turn may be swapped while it is open: its period is pending, its due day is still ahead of the group's today,
 *   and no bank transfer exists for its period (no contribution debit has been made for it, no payout). From its due
 *   day on, the turn is "in flight": its contributions are being collected and its payout follows them.
 * - One open swap per turn: a turn held by a proposal (proposed or accepted) is not offered to anyone else.
 * - The other member accepts or declines; then the group's admin approves or refuses when the group asks for it and
 *   the admin is neither of the two. The proposer may withdraw until it is done.
 * - Done, the two members exchange turns: each takes the other's period (its date and its payout) in one transaction
 *   under the group's lock, re-checking that both turns are still open.
 */
import { z } from "zod";
import { formatCalendarDay } from "./format";
import { payoutDaysText, plannedDates } from "./payment-dates";
import type { CalendarDay } from "./schedule";

/**
 * A turn's payout in words, by its days (issue 45: never the due day): a turn open to a swap has no transfer yet and its
 * due day ahead, so its days are the planned ones (payment-dates.ts). "Payout goes out December 2, 2026; expected in
 * your bank December 3, 2026".
 */
export function turnPayoutText(turn: number, dueOn: CalendarDay, options: { yours?: boolean } = {}): string {
  return payoutDaysText(plannedDates(turn, dueOn), { yours: options.yours, style: "long" });
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** A turn as a swap's message names it: "turn 2 (payout goes out …; expected in your bank …)". */
/** The day an open swap of turns due on these days closes unanswered: the earlier due day (a turn is not swapped from then on). */
export function swapClosesOn(a: CalendarDay, b: CalendarDay): CalendarDay {
  return a < b ? a : b;
}

export function turnWithDays(turn: number, dueOn: CalendarDay, options: { yours?: boolean } = {}): string {
  return `turn ${turn} (${lower(turnPayoutText(turn, dueOn, options))})`;
}

export type SwapStatus = "proposed" | "accepted" | "swapped" | "declined" | "refused" | "withdrawn" | "cancelled";

export const OPEN_SWAP_STATUSES: readonly SwapStatus[] = ["proposed", "accepted"];

/** A period as the swap rules see it. */
export type TurnFacts = { periodNumber: number; dueOn: CalendarDay; status: "pending" | "completed"; hasTransfers: boolean };

/** Whether a turn may still be swapped on `today` (the group's calendar day). */
export function turnOpen(turn: TurnFacts, today: CalendarDay): boolean {
  return turn.status === "pending" && turn.dueOn > today && !turn.hasTransfers;
}

/** Whether the admin's approval is needed for a swap between these two members. */
export function needsApproval(groupRequiresIt: boolean, adminMemberId: string, proposerMemberId: string, counterpartMemberId: string) {
  return groupRequiresIt && adminMemberId !== proposerMemberId && adminMemberId !== counterpartMemberId;
}

export const SWAP_MESSAGES = {
  onlyActive: "Turns can be swapped only once the group has started.",
  notAMember: "That member is not in this group.",
  notYourself: "Choose another member to swap turns with.",
  yourTurnClosed: "Your turn is already being paid (or was paid), so it can't be swapped any more.",
  theirTurnClosed: "That member's turn is already being paid (or was paid), so it can't be swapped any more.",
  turnClosed: "One of these turns is already being paid, so the swap can't happen. It was cancelled.",
  turnHeld: "One of these turns is already part of another swap proposal. Wait until that one is answered.",
  busy: "The group's payments are being processed right now. Try again in a minute.",
  notFound: "That swap proposal was not found in this group.",
  notYours: "Only the member it was proposed to can answer this swap.",
  notProposer: "Only the member who proposed this swap can withdraw it.",
  adminsOnly: "Only the group admin can approve or refuse a swap.",
  alreadyClosed: "This swap was already answered.",
  alreadyWithdrawn: "This swap was withdrawn by the member who proposed it.",
  noApprovalNeeded: "This swap needs no approval.",
  notYetAccepted: "The other member hasn't accepted this swap yet.",
  proposedTitle: "Swap proposed",
  proposedToYou: (name: string) => `We asked ${name}. You'll be told when they answer.`,
  acceptedTitle: "Swap accepted",
  acceptedAwaitingAdmin: "The group's admin has been asked to approve it.",
  swappedTitle: "Turns swapped",
  swappedToYou: (turn: number, dueOn: CalendarDay) => `Your turn is now ${turn}: ${lower(turnPayoutText(turn, dueOn, { yours: true }))}.`,
  declinedTitle: "Swap declined",
  refusedTitle: "Swap refused",
  withdrawnTitle: "Swap withdrawn",
} as const;

/** A turn as another member's notice names it. */
type Turn = { turn: number; dueOn: CalendarDay };

/** The sentence that tells another member their turn stays; for a turn in payment or paid, only that it is not affected. */
const yourTurnStays = (yours: Turn | null, beforeAndAfter: string) =>
  yours
    ? `Your turn stays ${yours.turn}${beforeAndAfter}: ${lower(turnPayoutText(yours.turn, yours.dueOn, { yours: true }))}.`
    : "Your turn is not affected.";

/**
 * What each member is told, in the app and by email (issue 45: every member, each with their own turn before and
 * after, and a turn's payout by its days, never its due day). `turn` is a period number; days are the periods' due days.
 */
export const SWAP_NOTICES = {
  proposed: (proposer: string, group: string, theirTurn: number, theirDay: CalendarDay, yourTurn: number, yourDay: CalendarDay) => ({
    title: `${proposer} asks to swap turns in ${group}`,
    body: `${proposer} would take your ${turnWithDays(yourTurn, yourDay, { yours: true })} and give you ${turnWithDays(theirTurn, theirDay, { yours: true })}. Accept or decline on the group's page before ${formatCalendarDay(swapClosesOn(theirDay, yourDay), "long")}: from that day the turns can no longer be swapped.`,
  }),
  /**
   * Every other member, when a swap is proposed: theirs does not move. `yours` null: their turn is in payment or paid
   * already, so its planned days are not told as if still ahead (likewise below).
   */
  proposedToOthers: (proposer: string, counterpart: string, group: string, a: number, b: number, needsApproval: boolean, yours: Turn | null) => ({
    title: `${proposer} and ${counterpart} may swap turns in ${group}`,
    body: `${proposer} (turn ${a}) asked ${counterpart} (turn ${b}) to swap turns${needsApproval ? "; if they agree, the group's admin approves or refuses it" : ""}. ${yourTurnStays(yours, " before and after")} You'll be told what happens.`,
  }),
  accepted: (counterpart: string, group: string) => ({
    title: `${counterpart} accepted your turn swap in ${group}`,
    body: "The group's admin has been asked to approve it. Your turns change once it is approved.",
  }),
  approvalNeeded: (proposer: string, counterpart: string, group: string, a: number, b: number) => ({
    title: `Approve a turn swap in ${group}?`,
    body: `${proposer} (turn ${a}) and ${counterpart} (turn ${b}) agreed to swap turns. Approve or refuse on the group's page.`,
  }),
  swapped: (group: string, otherName: string, turn: number, dueOn: CalendarDay, before?: Turn) => ({
    title: `Your turn in ${group} changed`,
    body: `You swapped turns with ${otherName}. ${before ? `Your turn was ${turnWithDays(before.turn, before.dueOn, { yours: true })}. ` : ""}Your turn is now ${turn}: ${lower(turnPayoutText(turn, dueOn, { yours: true }))}.`,
  }),
  /** Every other member, once two members swapped turns. */
  swappedToOthers: (group: string, proposer: string, counterpart: string, a: number, b: number, yours: Turn | null) => ({
    title: `${proposer} and ${counterpart} swapped turns in ${group}`,
    body: `${proposer} now has turn ${b} and ${counterpart} turn ${a}. ${yourTurnStays(yours, " before and after")}`,
  }),
  /** Every other member, when a proposed swap ends without happening (declined, refused, withdrawn, cancelled). */
  offForOthers: (group: string, proposer: string, counterpart: string, a: number, b: number, yours: Turn | null) => ({
    title: `The turn swap proposed in ${group} won't happen`,
    body: `${proposer} keeps turn ${a} and ${counterpart} turn ${b}. ${yourTurnStays(yours, "")}`,
  }),
  /** The two members of a swap that a turn's going into payment ended (cancelIfClosed, closeStaleSwaps). */
  cancelled: (group: string, other: string, yourTurn: number, otherTurn: number) => ({
    title: `A turn swap in ${group} was cancelled`,
    body: `Your turn ${yourTurn} and ${other}'s turn ${otherTurn} won't be swapped: one of them is already being paid. Both stay as they were.`,
  }),
  declined: (counterpart: string, group: string) => ({
    title: `${counterpart} declined your turn swap in ${group}`,
    body: "Your turn stays as it was.",
  }),
  refused: (group: string) => ({
    title: `The admin of ${group} refused a turn swap`,
    body: "The swap you agreed on was refused by the group's admin. Your turn stays as it was.",
  }),
  withdrawn: (proposer: string, group: string) => ({
    title: `${proposer} withdrew a turn swap in ${group}`,
    body: "The swap they proposed is off. Your turn stays as it was.",
  }),
} as const;

/**
 * The help text of the swaps panel (issue 45): says an approval follows only when one does — the group asks for it and
 * the viewer is not its admin (a swap with the admin as one side needs none).
 */
export function swapHelpText(groupAsksApproval: boolean, viewerIsAdmin: boolean): string {
  const approval = groupAsksApproval && !viewerIsAdmin ? ", then the group's admin approves or refuses (unless the admin is the other member)" : "";
  return `Before either turn is paid, you can offer to swap turns with another member. They accept or decline${approval}. A turn can't be swapped from its due day on, when its contributions start being collected.`;
}

/** What an open swap's status line says to this viewer: the person asked is asked, not told to wait. */
export function swapStatusLine(status: SwapStatus, viewerIsAsked: boolean, viewerApproves = false): string {
  if (status === "proposed" && viewerIsAsked) return "Waiting for your answer";
  if (status === "accepted" && viewerApproves) return "Waiting for your approval";
  return SWAP_STATUS_LABELS[status];
}

export const proposeSwapSchema = z.object({ memberId: z.uuid({ error: SWAP_MESSAGES.notYourself }) });
export const swapActionSchema = z.object({ swapId: z.uuid({ error: SWAP_MESSAGES.notFound }) });

/** A swap done, as the order's record lists it: the two turns exchanged. */
export type AppliedSwap = { firstPeriod: number; secondPeriod: number };

/**
 * The payout order before any swap, from the order now (the member of each turn, turn 1 first) and the swaps done, in
 * the order they were done: each undone from the last. Positions are 1-based period numbers.
 */
export function orderBeforeSwaps<T>(current: readonly T[], swapsInOrder: readonly AppliedSwap[]): T[] {
  const order = [...current];
  for (const swap of [...swapsInOrder].reverse()) {
    const a = swap.firstPeriod - 1;
    const b = swap.secondPeriod - 1;
    if (a < 0 || b < 0 || a >= order.length || b >= order.length)
      throw new RangeError(`a swap of turns ${swap.firstPeriod} and ${swap.secondPeriod} is outside the order`);
    [order[a], order[b]] = [order[b]!, order[a]!];
  }
  return order;
}

export const SWAP_STATUS_LABELS: Record<SwapStatus, string> = {
  proposed: "Waiting for an answer",
  accepted: "Waiting for the admin's approval",
  swapped: "Swapped",
  declined: "Declined",
  refused: "Refused by the admin",
  withdrawn: "Withdrawn",
  cancelled: "Cancelled: a turn went into payment",
};
