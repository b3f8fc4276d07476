/**
 * Turn swaps with consent (ADR 041; the rules are app/domain/swaps.ts): a member proposes to exchange turns with another
 * member, the other accepts or declines, the group's admin approves or refuses when the group asks for it, and the
 * proposer may withdraw. Every step is one transaction under the group's row lock (so two steps on one group never
 * interleave), writes the swap's new state, the group's activity (group_events) and what each member is told (the bell,
 * and the email into the outbox, ADR 010), and the emails go out after the commit.
 *
 * The payout order changes only in `swapTurns`, which also takes the advisory lock the money worker holds while it runs
 * the group (never waiting for it: a busy group answers "try again"), and re-checks that both turns are still open (no
 * bank transfer for their periods, due day ahead): so a turn whose debits or payout exist, or are being made at that
 * moment, is never swapped. A turn is held by at most one open swap (turn_swap_holds' primary key).
 *
 * Who may: members of the group only (anyone else: "Group Not Found", as for a group that does not exist); the other
 * member answers; the admin approves or refuses; the proposer withdraws.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { needsApproval, OPEN_SWAP_STATUSES, SWAP_MESSAGES, SWAP_NOTICES, swapClosesOn, turnOpen, type TurnFacts } from "~/domain/swaps";
import { plannedDates } from "~/domain/payment-dates";
import type { SwapToast } from "~/domain/toast-wording";
import type { CalendarDay } from "~/domain/schedule";
import { db, type Db } from "../db/client.server";
import {
  groupEvents,
  groupMembers,
  groupPeriods,
  groups,
  turnSwapHolds,
  turnSwaps,
  users,
  type TurnSwapRow,
  type TurnSwapStatus,
} from "../db/schema";
import { deliverEmails } from "../email/email.server";
import { queueEmailToUser } from "../email/user-email.server";
import { groupToday, groupTodayAt, sandboxDayOf } from "../money/group-clock.server";
import { tryGroupMoneyLock } from "../money/locks.server";
import { englishWords, type NoticeId, type NoticeMessage, type NoticeValues } from "../notifications/notice-text";
import { notify } from "../notifications/notifications.server";
import { appUrl } from "../platform/env.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type GroupRow = typeof groups.$inferSelect;

export type SwapFailure = { ok: false; status: 403 | 404 | 409; error: string };
/**
 * `description` is the toast's English; `toast`, when the description names someone or a turn, its facts, so the page's
 * action says it in the reader's language (app/domain/toast-wording.ts).
 */
export type SwapSuccess = { ok: true; title: string; description?: string; toast?: SwapToast };
export type SwapResult = SwapSuccess | SwapFailure;

const GROUP_NOT_FOUND: SwapFailure = { ok: false, status: 404, error: "Group Not Found" };
const fail = (status: SwapFailure["status"], error: string): SwapFailure => ({ ok: false, status, error });

type Member = { id: string; userId: string; name: string; email: string; isAdmin: boolean };
type Period = TurnFacts & { recipientMemberId: string };

/** The group locked (its row, FOR NO KEY UPDATE: the money code's UPDATEs of it wait, its foreign keys do not), its members and periods. */
async function lockGroupState(tx: Tx, groupId: string) {
  const locked = await tx.execute<{ id: string }>(sql`select id from ${groups} where id = ${groupId} for no key update`);
  if (locked.rows.length === 0) return null;
  const [group] = await tx.select().from(groups).where(eq(groups.id, groupId));
  if (!group) return null;
  const members: Member[] = await tx
    .select({ id: groupMembers.id, userId: groupMembers.userId, name: users.name, email: users.email, isAdmin: groupMembers.isAdmin })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId));
  const { rows } = await tx.execute<{
    period_number: number;
    due_on: CalendarDay;
    status: "pending" | "completed";
    recipient_member_id: string;
    has_transfers: boolean;
  }>(sql`
    select p.period_number, p.due_on::text as due_on, p.status, p.recipient_member_id,
      exists (select 1 from bank_transfers t where t.group_id = p.group_id and t.period_number = p.period_number) as has_transfers
    from ${groupPeriods} p where p.group_id = ${groupId} order by p.period_number`);
  const periods: Period[] = rows.map((row) => ({
    periodNumber: Number(row.period_number),
    dueOn: row.due_on,
    status: row.status,
    recipientMemberId: row.recipient_member_id,
    hasTransfers: row.has_transfers,
  }));
  return { group, members, periods };
}

/** lockGroupState, for a member of the group (`me`); null for anyone else. */
async function lockGroup(tx: Tx, groupId: string, userId: string) {
  const state = await lockGroupState(tx, groupId);
  const me = state?.members.find((member) => member.userId === userId);
  return state && me ? { ...state, me } : null;
}

type GroupState = NonNullable<Awaited<ReturnType<typeof lockGroupState>>>;
type Locked = NonNullable<Awaited<ReturnType<typeof lockGroup>>>;

const groupLink = (groupId: string) => `/groups/${groupId}`;

/** A swap's news is dated by the group's clock where that names another day than the wall clock (ADR 040). */
const newsDay = (group: GroupRow, now: Date) => sandboxDayOf(group, groupToday(group, now), now);

/**
 * A turn as a swap notice's values (ADR 062): its number and its planned payout days, `<prefix>Turn`,
 * `<prefix>SentOnLong`, `<prefix>ArrivesOnLong` (swaps.ts turnPayoutText's days). Null when the days cannot be told.
 */
function turnValues(prefix: string, turn: number, dueOn: CalendarDay): NoticeValues | null {
  const dates = plannedDates(turn, dueOn);
  if (!dates.sent || !dates.arrival) return null;
  return { [`${prefix}Turn`]: turn, [`${prefix}SentOnLong`]: dates.sent.day, [`${prefix}ArrivesOnLong`]: dates.arrival.day };
}

/** A swap notice as a message with its turns' values, or — when a turn's days cannot be told — its English words. */
function asMessage(
  message: NoticeId,
  values: NoticeValues,
  turns: Array<NoticeValues | null>,
  english: () => { title: string; body: string },
): NoticeMessage | { title: string; body: string } {
  if (turns.some((turn) => turn === null)) return english();
  return { message, values: Object.assign({}, values, ...turns) };
}

/**
 * Tell a member in the app and queue the email (the "group-notice" template); returns the outbox id, if any. A message
 * (ADR 062) is written in the member's language, in the bell and in the email; English words stay English.
 */
async function tell(tx: Tx, member: Member, group: GroupRow, notice: { title: string; body: string } | NoticeMessage, now: Date) {
  const link = groupLink(group.id);
  await notify(member.userId, { ...notice, link, occurredOn: newsDay(group, now) }, tx);
  const words = "message" in notice ? { ...englishWords(notice), notice: { message: notice.message, values: notice.values ?? {} } } : notice;
  return queueEmailToUser(
    tx,
    { id: member.userId, email: member.email },
    {
      template: "group-notice",
      data: { name: member.name, groupName: group.name, ...words, actionLabel: "Open the group", actionUrl: `${appUrl()}${link}` },
    },
    { now },
  );
}

/**
 * Tell every member but the two of a swap (issue 45): in the app always, by email as their "Payout notifications"
 * preference says (the "swap-notice" template), each with their own turn (which a swap of others does not move).
 */
async function tellOthers(
  tx: Tx,
  locked: GroupState,
  swap: Pick<TurnSwapRow, "proposerMemberId" | "counterpartMemberId">,
  notice: (yours: { turn: number; dueOn: CalendarDay } | null) => { title: string; body: string } | NoticeMessage,
  emails: Array<string | null>,
  now: Date,
) {
  const link = groupLink(locked.group.id);
  const occurredOn = newsDay(locked.group, now);
  const today = groupToday(locked.group, now);
  for (const member of locked.members) {
    if (member.id === swap.proposerMemberId || member.id === swap.counterpartMemberId) continue;
    const turn = locked.periods.find((period) => period.recipientMemberId === member.id);
    if (!turn) continue;
    // A turn in payment or paid already is not told by its planned days, as if still ahead.
    const said = notice(turnOpen(turn, today) ? { turn: turn.periodNumber, dueOn: turn.dueOn } : null);
    await notify(member.userId, { ...said, link, occurredOn }, tx);
    const words = "message" in said ? { ...englishWords(said), notice: { message: said.message, values: said.values ?? {} } } : said;
    emails.push(
      await queueEmailToUser(
        tx,
        { id: member.userId, email: member.email },
        {
          template: "swap-notice",
          data: { name: member.name, groupName: locked.group.name, ...words, actionLabel: "Open the group", actionUrl: `${appUrl()}${link}` },
        },
        { now },
      ),
    );
  }
}

/** Run a step in a transaction; deliver the emails it queued once it committed. */
async function step<T = SwapResult>(work: (tx: Tx, emails: Array<string | null>) => Promise<T>): Promise<T> {
  const emails: Array<string | null> = [];
  const result = await db().transaction((tx) => work(tx, emails));
  const ids = emails.filter((id): id is string => id !== null);
  if (ids.length > 0) await deliverEmails(ids);
  return result;
}

async function event(
  tx: Tx,
  groupId: string,
  type: typeof groupEvents.$inferInsert.type,
  userId: string,
  relatedUserId: string,
  periodNumber: number,
  now: Date,
) {
  await tx.insert(groupEvents).values({ groupId, type, userId, relatedUserId, periodNumber, occurredAt: now });
}

/** Close an open swap: its new status, its turns released. */
async function close(tx: Tx, swapId: string, status: TurnSwapStatus, now: Date, extra: Partial<typeof turnSwaps.$inferInsert> = {}) {
  await tx
    .update(turnSwaps)
    .set({ status, closedAt: now, ...extra })
    .where(eq(turnSwaps.id, swapId));
  await tx.delete(turnSwapHolds).where(eq(turnSwapHolds.swapId, swapId));
}

// ---------------------------------------------------------------------------------------------------------------
// Propose

/** A member proposes to exchange their turn with `counterpartMemberId`'s. */
export async function proposeSwap(actor: { id: string }, groupId: string, counterpartMemberId: string, now = new Date()): Promise<SwapResult> {
  return step(async (tx, emails) => {
    const locked = await lockGroup(tx, groupId, actor.id);
    if (!locked) return GROUP_NOT_FOUND;
    const { group, members, me, periods } = locked;
    if (group.status !== "active") return fail(409, SWAP_MESSAGES.onlyActive);
    const other = members.find((member) => member.id === counterpartMemberId);
    if (!other) return fail(404, SWAP_MESSAGES.notAMember);
    if (other.id === me.id) return fail(409, SWAP_MESSAGES.notYourself);
    const today = groupToday(group, now);
    const mine = periods.find((period) => period.recipientMemberId === me.id);
    const theirs = periods.find((period) => period.recipientMemberId === other.id);
    if (!mine || !turnOpen(mine, today)) return fail(409, SWAP_MESSAGES.yourTurnClosed);
    if (!theirs || !turnOpen(theirs, today)) return fail(409, SWAP_MESSAGES.theirTurnClosed);
    const held = await tx
      .select({ swapId: turnSwapHolds.swapId })
      .from(turnSwapHolds)
      .where(and(eq(turnSwapHolds.groupId, groupId), inArray(turnSwapHolds.periodNumber, [mine.periodNumber, theirs.periodNumber])));
    // An open swap whose other turn went into payment can't happen any more: it ends here (cancelled, its two members
    // and the others told, as any step on it would), so it no longer holds these turns. One that still can holds them.
    for (const swapId of new Set(held.map((hold) => hold.swapId))) {
      const swap = await findSwap(tx, groupId, swapId);
      if (!swap || !(await cancelIfClosed(tx, locked, swap, emails, now))) return fail(409, SWAP_MESSAGES.turnHeld);
    }

    const admin = members.find((member) => member.isAdmin)!;
    const [swap] = await tx
      .insert(turnSwaps)
      .values({
        groupId,
        proposerMemberId: me.id,
        counterpartMemberId: other.id,
        proposerPeriod: mine.periodNumber,
        counterpartPeriod: theirs.periodNumber,
        needsApproval: needsApproval(group.swapsNeedApproval, admin.id, me.id, other.id),
        createdAt: now,
      })
      .returning({ id: turnSwaps.id });
    // The primary key is the backstop: a turn in another open swap fails this insert (and the whole step).
    await tx.insert(turnSwapHolds).values([
      { groupId, periodNumber: mine.periodNumber, swapId: swap!.id },
      { groupId, periodNumber: theirs.periodNumber, swapId: swap!.id },
    ]);
    await event(tx, groupId, "swap_proposed", me.userId, other.userId, mine.periodNumber, now);
    emails.push(
      await tell(
        tx,
        other,
        group,
        asMessage(
          "swapProposed",
          { proposerName: me.name, groupName: group.name, closesOnLong: swapClosesOn(mine.dueOn, theirs.dueOn) },
          [turnValues("your", theirs.periodNumber, theirs.dueOn), turnValues("their", mine.periodNumber, mine.dueOn)],
          () => SWAP_NOTICES.proposed(me.name, group.name, mine.periodNumber, mine.dueOn, theirs.periodNumber, theirs.dueOn),
        ),
        now,
      ),
    );
    const approval = needsApproval(group.swapsNeedApproval, admin.id, me.id, other.id);
    await tellOthers(
      tx,
      locked,
      { proposerMemberId: me.id, counterpartMemberId: other.id },
      (yours) =>
        asMessage(
          yours ? "swapProposedOthers" : "swapProposedOthersDone",
          {
            proposerName: me.name,
            counterpartName: other.name,
            groupName: group.name,
            proposerTurn: mine.periodNumber,
            counterpartTurn: theirs.periodNumber,
            approval: approval ? "yes" : "no",
          },
          yours ? [turnValues("your", yours.turn, yours.dueOn)] : [],
          () => SWAP_NOTICES.proposedToOthers(me.name, other.name, group.name, mine.periodNumber, theirs.periodNumber, approval, yours),
        ),
      emails,
      now,
    );
    return {
      ok: true,
      title: SWAP_MESSAGES.proposedTitle,
      description: SWAP_MESSAGES.proposedToYou(other.name),
      toast: { kind: "proposed", name: other.name },
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Answer, decide, withdraw

async function findSwap(tx: Tx, groupId: string, swapId: string): Promise<TurnSwapRow | null> {
  const [swap] = await tx
    .select()
    .from(turnSwaps)
    .where(and(eq(turnSwaps.id, swapId), eq(turnSwaps.groupId, groupId)));
  return swap ?? null;
}

/** A step on a swap that has ended: why, when it was cancelled (by a step or by closeStaleSwaps) or withdrawn, not "answered". */
const closedAlready = (swap: TurnSwapRow) =>
  fail(
    409,
    swap.status === "cancelled"
      ? SWAP_MESSAGES.turnClosed
      : swap.status === "withdrawn"
        ? SWAP_MESSAGES.alreadyWithdrawn
        : SWAP_MESSAGES.alreadyClosed,
  );

function partiesOf(locked: GroupState, swap: TurnSwapRow) {
  const proposer = locked.members.find((member) => member.id === swap.proposerMemberId)!;
  const counterpart = locked.members.find((member) => member.id === swap.counterpartMemberId)!;
  return { proposer, counterpart };
}

/** The other member accepts (the swap is done, or goes to the admin) or declines. */
export async function answerSwap(
  actor: { id: string },
  groupId: string,
  swapId: string,
  answer: "accept" | "decline",
  now = new Date(),
): Promise<SwapResult> {
  return step(async (tx, emails) => {
    const locked = await lockGroup(tx, groupId, actor.id);
    if (!locked) return GROUP_NOT_FOUND;
    const swap = await findSwap(tx, groupId, swapId);
    if (!swap) return fail(404, SWAP_MESSAGES.notFound);
    if (swap.counterpartMemberId !== locked.me.id) return fail(403, SWAP_MESSAGES.notYours);
    if (swap.status !== "proposed") return closedAlready(swap);
    const { proposer, counterpart } = partiesOf(locked, swap);
    const { group } = locked;
    if (answer === "decline") {
      await close(tx, swap.id, "declined", now, { respondedAt: now });
      await event(tx, groupId, "swap_declined", counterpart.userId, proposer.userId, swap.counterpartPeriod, now);
      emails.push(
        await tell(tx, proposer, group, { message: "swapDeclined", values: { counterpartName: counterpart.name, groupName: group.name } }, now),
      );
      await tellOthersOff(tx, locked, swap, emails, now);
      return { ok: true, title: SWAP_MESSAGES.declinedTitle };
    }
    if (!swap.needsApproval) return swapTurns(tx, locked, swap, emails, now, { respondedAt: now });
    // Still possible? Otherwise it ends here rather than waiting for an approval that cannot take effect.
    const closed = await cancelIfClosed(tx, locked, swap, emails, now);
    if (closed) return closed;
    await tx.update(turnSwaps).set({ status: "accepted", respondedAt: now }).where(eq(turnSwaps.id, swap.id));
    await event(tx, groupId, "swap_accepted", counterpart.userId, proposer.userId, swap.counterpartPeriod, now);
    const admin = locked.members.find((member) => member.isAdmin)!;
    emails.push(
      await tell(tx, proposer, group, { message: "swapAccepted", values: { counterpartName: counterpart.name, groupName: group.name } }, now),
    );
    emails.push(
      await tell(
        tx,
        admin,
        group,
        {
          message: "swapApproval",
          values: {
            proposerName: proposer.name,
            counterpartName: counterpart.name,
            groupName: group.name,
            proposerTurn: swap.proposerPeriod,
            counterpartTurn: swap.counterpartPeriod,
          },
        },
        now,
      ),
    );
    return { ok: true, title: SWAP_MESSAGES.acceptedTitle, description: SWAP_MESSAGES.acceptedAwaitingAdmin };
  });
}

/** The group's admin approves (the swap is done) or refuses a swap both members agreed on. */
export async function decideSwap(
  actor: { id: string },
  groupId: string,
  swapId: string,
  decision: "approve" | "refuse",
  now = new Date(),
): Promise<SwapResult> {
  return step(async (tx, emails) => {
    const locked = await lockGroup(tx, groupId, actor.id);
    if (!locked) return GROUP_NOT_FOUND;
    if (!locked.me.isAdmin) return fail(403, SWAP_MESSAGES.adminsOnly);
    const swap = await findSwap(tx, groupId, swapId);
    if (!swap) return fail(404, SWAP_MESSAGES.notFound);
    if (swap.status === "proposed") return fail(409, swap.needsApproval ? SWAP_MESSAGES.notYetAccepted : SWAP_MESSAGES.noApprovalNeeded);
    if (swap.status !== "accepted") return closedAlready(swap);
    const decided = { decidedBy: actor.id, decidedAt: now };
    if (decision === "approve") return swapTurns(tx, locked, swap, emails, now, decided);
    const { proposer, counterpart } = partiesOf(locked, swap);
    await close(tx, swap.id, "refused", now, decided);
    await event(tx, groupId, "swap_refused", locked.me.userId, proposer.userId, swap.proposerPeriod, now);
    for (const member of [proposer, counterpart])
      emails.push(await tell(tx, member, locked.group, { message: "swapRefused", values: { groupName: locked.group.name } }, now));
    await tellOthersOff(tx, locked, swap, emails, now);
    return { ok: true, title: SWAP_MESSAGES.refusedTitle };
  });
}

/** The proposer withdraws a swap not done yet. */
export async function withdrawSwap(actor: { id: string }, groupId: string, swapId: string, now = new Date()): Promise<SwapResult> {
  return step(async (tx, emails) => {
    const locked = await lockGroup(tx, groupId, actor.id);
    if (!locked) return GROUP_NOT_FOUND;
    const swap = await findSwap(tx, groupId, swapId);
    if (!swap) return fail(404, SWAP_MESSAGES.notFound);
    if (swap.proposerMemberId !== locked.me.id) return fail(403, SWAP_MESSAGES.notProposer);
    if (!OPEN_SWAP_STATUSES.includes(swap.status)) return closedAlready(swap);
    const { proposer, counterpart } = partiesOf(locked, swap);
    await close(tx, swap.id, "withdrawn", now);
    await event(tx, groupId, "swap_withdrawn", proposer.userId, counterpart.userId, swap.proposerPeriod, now);
    emails.push(
      await tell(
        tx,
        counterpart,
        locked.group,
        { message: "swapWithdrawn", values: { proposerName: proposer.name, groupName: locked.group.name } },
        now,
      ),
    );
    await tellOthersOff(tx, locked, swap, emails, now);
    return { ok: true, title: SWAP_MESSAGES.withdrawnTitle };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The change of order

/**
 * If either turn is no longer open (its period has a transfer, is due or paid) or is no longer theirs, the swap is
 * cancelled (committed with the step) and both are told why; null when it can still happen.
 */
async function cancelIfClosed(tx: Tx, locked: GroupState, swap: TurnSwapRow, emails: Array<string | null>, now: Date): Promise<SwapFailure | null> {
  const today = groupToday(locked.group, now);
  const a = locked.periods.find((period) => period.periodNumber === swap.proposerPeriod);
  const b = locked.periods.find((period) => period.periodNumber === swap.counterpartPeriod);
  const stillTheirs = a?.recipientMemberId === swap.proposerMemberId && b?.recipientMemberId === swap.counterpartMemberId;
  if (a && b && stillTheirs && turnOpen(a, today) && turnOpen(b, today)) return null;
  const { proposer, counterpart } = partiesOf(locked, swap);
  await close(tx, swap.id, "cancelled", now);
  await event(tx, locked.group.id, "swap_cancelled", proposer.userId, counterpart.userId, swap.proposerPeriod, now);
  const sides = [
    { member: proposer, other: counterpart, yourTurn: swap.proposerPeriod, otherTurn: swap.counterpartPeriod },
    { member: counterpart, other: proposer, yourTurn: swap.counterpartPeriod, otherTurn: swap.proposerPeriod },
  ];
  for (const { member, other, yourTurn, otherTurn } of sides) {
    const notice = { message: "swapEnded", values: { groupName: locked.group.name, otherName: other.name, yourTurn, otherTurn } } as const;
    emails.push(await tell(tx, member, locked.group, notice, now));
  }
  await tellOthersOff(tx, locked, swap, emails, now);
  return fail(409, SWAP_MESSAGES.turnClosed);
}

/**
 * Open swaps that can't happen any more, ended without waiting for someone to act (the swaps.close-stale job, every
 * minute): a turn of theirs went into payment (its due day came, or its debits were made) while the other member or the
 * admin had still to answer. Each ends as it would at the next step on it (cancelIfClosed: cancelled, its turns
 * released, both members and the rest of the group told), instead of lingering on the group page until someone clicks.
 *
 * Active groups only (a group the platform cancelled, or one that completed, has no turn left to go into payment; its
 * page shows no swaps). One read finds the groups with such a swap (by the same rule as turnOpen, in SQL); each group is then a step of its
 * own under the group's row lock, which decides by the locked state (a swap that a member's step closed meanwhile, or
 * that is still possible, is left as it is). Returns how many swaps it cancelled.
 */
export async function closeStaleSwaps(now = new Date()): Promise<{ cancelled: number }> {
  const open = sql.join(
    OPEN_SWAP_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const { rows } = await db().execute<{ group_id: string }>(sql`
    select distinct s.group_id from ${turnSwaps} s
    join ${groups} on ${groups.id} = s.group_id
    join ${groupPeriods} p on p.group_id = s.group_id and p.period_number in (s.proposer_period, s.counterpart_period)
    where s.status in (${open}) and ${groups.status} = 'active' and (
      p.status <> 'pending'
      or p.due_on <= ${groupTodayAt(now)}
      or p.recipient_member_id <> case when p.period_number = s.proposer_period then s.proposer_member_id else s.counterpart_member_id end
      or exists (select 1 from bank_transfers t where t.group_id = p.group_id and t.period_number = p.period_number))`);
  let cancelled = 0;
  for (const { group_id: groupId } of rows) {
    cancelled += await step(async (tx, emails) => {
      const locked = await lockGroupState(tx, groupId);
      if (!locked) return 0;
      const swaps = await tx
        .select()
        .from(turnSwaps)
        .where(and(eq(turnSwaps.groupId, groupId), inArray(turnSwaps.status, [...OPEN_SWAP_STATUSES])))
        .orderBy(turnSwaps.createdAt);
      let ended = 0;
      for (const swap of swaps) if (await cancelIfClosed(tx, locked, swap, emails, now)) ended += 1;
      return ended;
    });
  }
  return { cancelled };
}

/**
 * Exchange the two turns: each member takes the other's period (its date and its payout) and position, in this
 * transaction, under the group's row lock and the money worker's lock (no debit or payout is being made for the group
 * meanwhile), after checking both turns are still open. Two UPDATEs; the uniqueness of turns and recipients is checked
 * at commit (deferred constraints, migration 0021).
 */
async function swapTurns(
  tx: Tx,
  locked: Locked,
  swap: TurnSwapRow,
  emails: Array<string | null>,
  now: Date,
  extra: Partial<typeof turnSwaps.$inferInsert>,
): Promise<SwapResult> {
  const { group } = locked;
  if (!(await tryGroupMoneyLock(tx, group.id))) return fail(409, SWAP_MESSAGES.busy);
  const closed = await cancelIfClosed(tx, locked, swap, emails, now);
  if (closed) return closed;
  const a = swap.proposerPeriod;
  const b = swap.counterpartPeriod;
  await tx.execute(sql`
    update ${groupPeriods} set recipient_member_id = case period_number
      when ${a}::int then ${swap.counterpartMemberId}::uuid else ${swap.proposerMemberId}::uuid end
    where group_id = ${group.id} and period_number in (${a}::int, ${b}::int)`);
  await tx.execute(sql`
    update ${groupMembers} set payout_position = case id
      when ${swap.proposerMemberId}::uuid then ${b}::int else ${a}::int end
    where group_id = ${group.id} and id in (${swap.proposerMemberId}::uuid, ${swap.counterpartMemberId}::uuid)`);
  await close(tx, swap.id, "swapped", now, { swappedAt: now, ...extra });
  await tx.update(groups).set({ updatedAt: now }).where(eq(groups.id, group.id));
  const { proposer, counterpart } = partiesOf(locked, swap);
  await event(tx, group.id, "swapped", proposer.userId, counterpart.userId, b, now);
  const dueOf = (period: number) => locked.periods.find((row) => row.periodNumber === period)!.dueOn;
  const swapped = (otherName: string, turn: number, before: number) =>
    asMessage(
      "swapSwapped",
      { groupName: group.name, otherName },
      [turnValues("your", turn, dueOf(turn)), turnValues("before", before, dueOf(before))],
      () => SWAP_NOTICES.swapped(group.name, otherName, turn, dueOf(turn), { turn: before, dueOn: dueOf(before) }),
    );
  emails.push(await tell(tx, proposer, group, swapped(counterpart.name, b, a), now));
  emails.push(await tell(tx, counterpart, group, swapped(proposer.name, a, b), now));
  await tellOthers(
    tx,
    locked,
    swap,
    (yours) =>
      asMessage(
        yours ? "swapSwappedOthers" : "swapSwappedOthersDone",
        { groupName: group.name, proposerName: proposer.name, counterpartName: counterpart.name, proposerTurn: a, counterpartTurn: b },
        yours ? [turnValues("your", yours.turn, yours.dueOn)] : [],
        () => SWAP_NOTICES.swappedToOthers(group.name, proposer.name, counterpart.name, a, b, yours),
      ),
    emails,
    now,
  );
  const you = locked.me.id === proposer.id ? { turn: b, on: dueOf(b) } : locked.me.id === counterpart.id ? { turn: a, on: dueOf(a) } : null;
  if (!you) return { ok: true, title: SWAP_MESSAGES.swappedTitle };
  return {
    ok: true,
    title: SWAP_MESSAGES.swappedTitle,
    description: SWAP_MESSAGES.swappedToYou(you.turn, you.on),
    toast: { kind: "swapped", turn: you.turn, dueOn: you.on },
  };
}

/** The other members, when a proposed swap ends without happening: the two keep their turns, and so do they. */
async function tellOthersOff(tx: Tx, locked: GroupState, swap: TurnSwapRow, emails: Array<string | null>, now: Date) {
  const { proposer, counterpart } = partiesOf(locked, swap);
  await tellOthers(
    tx,
    locked,
    swap,
    (yours) =>
      asMessage(
        yours ? "swapOffOthers" : "swapOffOthersDone",
        {
          groupName: locked.group.name,
          proposerName: proposer.name,
          counterpartName: counterpart.name,
          proposerTurn: swap.proposerPeriod,
          counterpartTurn: swap.counterpartPeriod,
        },
        yours ? [turnValues("your", yours.turn, yours.dueOn)] : [],
        () => SWAP_NOTICES.offForOthers(locked.group.name, proposer.name, counterpart.name, swap.proposerPeriod, swap.counterpartPeriod, yours),
      ),
    emails,
    now,
  );
}
