/**
 * A turn never paid, resolved (issue 44, ADR 053 step 4): the recipient of a turn that waits on a missing contribution
 * may, from UNPAID_TURN_DAYS after its due day, consent to be paid what arrived. The engine then pays that out as the
 * period's payout (same row-first protocol, keys, reservation and guard as any payout: ADR 008), and what each missing
 * member owes stays in `turn_debts`, owed to the recipient; when their contribution for the period arrives (Pay now),
 * the rest of the payout goes to the recipient as a payout of its own key, once, and the debt is collected.
 *
 * Exactly once, whatever races it:
 * - the consent and every payout of a consented period are decided under the group's pool lock (the pool's ledger
 *   account row, as `startPayout` and every pool posting take it), so a consent, the scheduled payout run and a
 *   contribution settling are serialized: whichever comes first, the others see it;
 * - one consent per period (unique), one debt per member and period (unique), a debt is collected in the transaction
 *   that makes the rest payout (forward-only trigger);
 * - the payout guard (migration 0030) refuses any payout that would take a consented period's payouts past what has
 *   arrived for it: never a full payout and a rest, never a cent that has not arrived.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { FAILED_STATUSES, MAX_ATTEMPTS, RETRY_AFTER_DAYS } from "~/domain/money";
import { fullDate } from "~/domain/failed-contribution";
import { addDays, type CalendarDay } from "~/domain/schedule";
import { consentConsequence, consentNotices, consentOpen, consentOpensOn, restSentNotices } from "~/domain/turn-consent";
import { db } from "../db/client.server";
import { bankTransfers, groupMembers, groupPeriods, groups, type TransferRow, turnConsents, turnDebts, users } from "../db/schema";
import { notify } from "../notifications/notifications.server";
import { failpoint } from "../platform/failpoints.server";
import { logger } from "../platform/log.server";
import { recordTransfers } from "../platform/metrics.server";
import { groupToday, sandboxDayOf } from "./group-clock.server";
import { lockAccounts, lockedBalance, resolveAccounts, type Tx } from "./ledger.server";
import { accountsOf, insertReservedPayout, submitTransfers } from "./transfers.server";

type Executor = Pick<Tx, "execute">;

export type MemberShare = { userId: string; name: string; amountCents: number; arrived: boolean };

/** A period of `recipientUserId`'s whose payout has not gone out, with each member's contribution arrived or not. */
type TurnFacts = { periodNumber: number; dueOn: CalendarDay; payoutCents: number; recipientUserId: string; members: MemberShare[] };

const failedList = sql.raw(FAILED_STATUSES.map((s) => `'${s}'`).join(", "));

/**
 * The turns of `recipientUserId` in the group that have no payout under way (none made, or only failed ones), with
 * each member's latest contribution for the period: arrived when it reached funds_available and was posted in full
 * (the payout guard's test). `periodNumber` narrows it to one.
 */
async function turnFacts(executor: Executor, groupId: string, recipientUserId: string, periodNumber?: number): Promise<TurnFacts[]> {
  const { rows } = await executor.execute<{
    period_number: number;
    due_on: string;
    payout_cents: string;
    user_id: string;
    name: string;
    contribution_cents: string;
    arrived: boolean;
  }>(sql`
    select p.period_number, p.due_on::text as due_on, p.payout_cents, m.user_id, u.name, g.contribution_cents,
      coalesce(lc.status = 'funds_available' and (select coalesce(sum(l.amount_cents), 0) from ledger_transfers l
        where l.bank_transfer_id = lc.id and l.reason in ('contribution', 'shortfall_repaid')) = lc.amount_cents, false) as arrived
    from ${groupPeriods} p
    join ${groups} g on g.id = p.group_id
    join ${groupMembers} r on r.id = p.recipient_member_id
    join ${groupMembers} m on m.group_id = p.group_id
    join ${users} u on u.id = m.user_id
    left join lateral (select t.id, t.status, t.amount_cents from ${bankTransfers} t
      where t.group_id = p.group_id and t.kind = 'contribution' and t.period_number = p.period_number and t.user_id = m.user_id
      order by t.attempt desc limit 1) lc on true
    where p.group_id = ${groupId}::uuid and r.user_id = ${recipientUserId}::uuid
      and (${periodNumber ?? null}::int is null or p.period_number = ${periodNumber ?? null}::int)
      and not exists (select 1 from ${bankTransfers} pt where pt.group_id = p.group_id and pt.period_number = p.period_number
        and pt.kind = 'payout' and pt.status not in (${failedList}))
    order by p.period_number, u.name, m.user_id`);
  const byPeriod = new Map<number, TurnFacts>();
  for (const row of rows) {
    const k = Number(row.period_number);
    const facts = byPeriod.get(k) ?? {
      periodNumber: k,
      dueOn: row.due_on,
      payoutCents: Number(row.payout_cents),
      recipientUserId,
      members: [],
    };
    facts.members.push({ userId: row.user_id, name: row.name, amountCents: Number(row.contribution_cents), arrived: row.arrived === true });
    byPeriod.set(k, facts);
  }
  return [...byPeriod.values()];
}

/** Why a turn cannot be resolved by consent now (`notYet`: only the day has not come), or null when it can. */
function refusal(facts: TurnFacts, today: CalendarDay): { notYet: boolean; message: string } | null {
  const why = refusalText(facts, today);
  return why === null ? null : { notYet: why === NOT_YET, message: why === NOT_YET ? notYetMessage(consentOpensOn(facts.dueOn)) : why };
}

/** The refusal before the day comes, in English (the accept-payout page writes it in the reader's language). */
export function notYetMessage(opensOn: CalendarDay): string {
  return `You can accept what has arrived from ${fullDate(opensOn)}.`;
}

const NOT_YET = "not yet";

function refusalText(facts: TurnFacts, today: CalendarDay): string | null {
  const missing = facts.members.filter((m) => !m.arrived);
  if (missing.length === 0) return "Every contribution for this turn has arrived: the full payout goes out by itself.";
  if (missing.some((m) => m.userId === facts.recipientUserId))
    return "Your own contribution for this turn hasn't arrived yet: pay it first (Pay now on the group page).";
  if (!facts.members.some((m) => m.arrived)) return "No contribution for this turn has arrived yet, so there is nothing to pay out.";
  if (!consentOpen(facts.dueOn, today)) return NOT_YET;
  return null;
}

export type TurnConsentOffer = {
  groupId: string;
  periodNumber: number;
  dueOn: CalendarDay;
  opensOn: CalendarDay;
  /** Whether the recipient may consent today (the day has come). */
  open: boolean;
  payoutCents: number;
  arrivedCents: number;
  arrived: Array<{ name: string; amountCents: number }>;
  owed: Array<{ name: string; amountCents: number }>;
  /** The exact consequence the checkbox states. */
  consequence: string;
};

export type TurnConsentGiven = {
  periodNumber: number;
  consentedOn: CalendarDay;
  arrivedCents: number;
  /** The partial payout's status, or null until the engine has made it. */
  payoutStatus: TransferRow["status"] | null;
  debts: Array<{ name: string; amountCents: number; status: "owed" | "collected"; collectedOn: CalendarDay | null }>;
};

/** What the viewer owes a recipient who accepted what arrived (they pay it with Pay now; it is sent on when it arrives). */
export type TurnDebtOwing = { periodNumber: number; recipientName: string; amountCents: number; consentedOn: CalendarDay };

export type TurnConsentView = { offers: TurnConsentOffer[]; given: TurnConsentGiven[]; owing: TurnDebtOwing[] };

/**
 * What the group page shows the member about their own turns (ADR 053 step 4): each turn of theirs that waits on a
 * missing contribution while others' arrived (from the due day; consent possible from `opensOn`), the consents they
 * gave with what is still owed to them, and what they themselves owe a recipient who accepted what arrived.
 */
export async function turnConsentView(userId: string, groupId: string, now?: Date): Promise<TurnConsentView>;
export async function turnConsentView(userId: string, groupId: string, now: Date, options: { membersOnly: true }): Promise<TurnConsentView | null>;
export async function turnConsentView(
  userId: string,
  groupId: string,
  now = new Date(),
  options: { membersOnly?: boolean } = {},
): Promise<TurnConsentView | null> {
  // The group with the viewer's membership: a page of its own (accept-payout) answers a non-member as every group
  // route does (404, the same as an unknown id); the group page has checked membership already.
  const [group] = await db()
    .select({ timeZone: groups.timeZone, clockOffsetSeconds: groups.clockOffsetSeconds, status: groups.status, memberId: groupMembers.id })
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(eq(groups.id, groupId));
  if (options.membersOnly && !group?.memberId) return null;
  if (!group || group.status !== "active") return { offers: [], given: [], owing: [] };
  const today = groupToday(group, now);
  const consents = await db()
    .select()
    .from(turnConsents)
    .where(and(eq(turnConsents.groupId, groupId), eq(turnConsents.recipientUserId, userId)));
  const consented = new Set(consents.map((c) => c.periodNumber));
  const offers: TurnConsentOffer[] = [];
  for (const facts of await turnFacts(db(), groupId, userId)) {
    if (consented.has(facts.periodNumber) || facts.dueOn > today) continue;
    const why = refusal(facts, today);
    const open = why === null;
    // Shown from the due day while it waits on someone else's contribution; the form only once the day has come.
    if (why && !why.notYet) continue;
    const arrived = facts.members.filter((m) => m.arrived);
    const owed = facts.members.filter((m) => !m.arrived);
    const arrivedCents = arrived.reduce((sum, m) => sum + m.amountCents, 0);
    offers.push({
      groupId,
      periodNumber: facts.periodNumber,
      dueOn: facts.dueOn,
      opensOn: consentOpensOn(facts.dueOn),
      open,
      payoutCents: facts.payoutCents,
      arrivedCents,
      arrived: arrived.map((m) => ({ name: m.name, amountCents: m.amountCents })),
      owed: owed.map((m) => ({ name: m.name, amountCents: m.amountCents })),
      consequence: consentConsequence({ arrivedCents, owed }),
    });
  }
  const given: TurnConsentGiven[] = [];
  if (consents.length > 0) {
    const debts = await db()
      .select({
        consentId: turnDebts.consentId,
        name: users.name,
        amountCents: turnDebts.amountCents,
        status: turnDebts.status,
        collectedOn: turnDebts.collectedOn,
      })
      .from(turnDebts)
      .innerJoin(users, eq(users.id, turnDebts.debtorUserId))
      .where(
        inArray(
          turnDebts.consentId,
          consents.map((c) => c.id),
        ),
      );
    const payoutIds = consents.map((c) => c.payoutTransferId).filter((id): id is string => id !== null);
    const payouts =
      payoutIds.length > 0
        ? new Map(
            (
              await db()
                .select({ id: bankTransfers.id, status: bankTransfers.status })
                .from(bankTransfers)
                .where(inArray(bankTransfers.id, payoutIds))
            ).map((p) => [p.id, p.status]),
          )
        : new Map();
    for (const c of consents.sort((a, b) => a.periodNumber - b.periodNumber)) {
      given.push({
        periodNumber: c.periodNumber,
        consentedOn: c.consentedOn,
        arrivedCents: c.arrivedCents,
        payoutStatus: c.payoutTransferId ? (payouts.get(c.payoutTransferId) ?? null) : null,
        debts: debts
          .filter((d) => d.consentId === c.id)
          .map((d) => ({ name: d.name, amountCents: d.amountCents, status: d.status, collectedOn: d.collectedOn })),
      });
    }
  }
  const owing = (
    await db()
      .select({
        periodNumber: turnDebts.periodNumber,
        recipientName: users.name,
        amountCents: turnDebts.amountCents,
        consentedOn: turnConsents.consentedOn,
      })
      .from(turnDebts)
      .innerJoin(turnConsents, eq(turnConsents.id, turnDebts.consentId))
      .innerJoin(users, eq(users.id, turnDebts.recipientUserId))
      .where(and(eq(turnDebts.groupId, groupId), eq(turnDebts.debtorUserId, userId), eq(turnDebts.status, "owed")))
  ).sort((a, b) => a.periodNumber - b.periodNumber);
  return { offers, given, owing };
}

export type ConsentResult =
  | {
      ok: true;
      alreadyGiven: boolean;
      periodNumber: number;
      arrivedCents: number;
      owedCents: number;
      /** What is still owed to the recipient now (the debts not yet collected): less than `owedCents` once some arrived. */
      stillOwedCents: number;
      payout: TransferRow | null;
    }
  | { ok: false; status: 403 | 404 | 409; error: string };

export const NOT_YOUR_TURN = "Only the member whose turn it is can accept what has arrived.";
export const NO_SUCH_TURN = "There is no such turn in this group.";

/**
 * The recipient of period `periodNumber` consents to be paid what arrived (ADR 053 step 4). Once: a second consent
 * (a double submit, two at once) finds the first and changes nothing. Only while the period's payout has not gone out
 * and a contribution is still missing, from UNPAID_TURN_DAYS after the due day. Then the partial payout is made and
 * sent at once (the group's next run does it if this request dies first).
 */
export async function consentToPartialPayout(userId: string, groupId: string, periodNumber: number, now = new Date()): Promise<ConsentResult> {
  const [group] = await db()
    .select({
      id: groups.id,
      name: groups.name,
      status: groups.status,
      createdBy: groups.createdBy,
      timeZone: groups.timeZone,
      clockOffsetSeconds: groups.clockOffsetSeconds,
    })
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(eq(groups.id, groupId));
  if (!group) return { ok: false, status: 404, error: "Group Not Found" };
  const [period] = await db()
    .select({ recipientUserId: groupMembers.userId })
    .from(groupPeriods)
    .innerJoin(groupMembers, eq(groupMembers.id, groupPeriods.recipientMemberId))
    .where(and(eq(groupPeriods.groupId, groupId), eq(groupPeriods.periodNumber, periodNumber)));
  if (!period) return { ok: false, status: 404, error: NO_SUCH_TURN };
  if (period.recipientUserId !== userId) return { ok: false, status: 403, error: NOT_YOUR_TURN };
  if (group.status !== "active") return { ok: false, status: 409, error: "This group is not active." };
  const today = groupToday(group, now);
  await resolveAccounts(accountsOf({ userId, groupId }));

  const outcome = await db().transaction(async (tx) => {
    // The pool's lock: a payout being made, a contribution settling and another consent wait for this one.
    await lockAccounts(tx, [{ kind: "group_pool", groupId }]);
    const [existing] = await tx
      .select()
      .from(turnConsents)
      .where(and(eq(turnConsents.groupId, groupId), eq(turnConsents.periodNumber, periodNumber)));
    if (existing) return { kind: "existing" as const, consent: existing };
    const [facts] = await turnFacts(tx, groupId, userId, periodNumber);
    if (!facts) return { kind: "refused" as const, error: "This turn's payout has already gone out." };
    const why = refusal(facts, today);
    if (why) return { kind: "refused" as const, error: why.message };
    const owed = facts.members.filter((m) => !m.arrived);
    const arrivedCents = facts.members.filter((m) => m.arrived).reduce((sum, m) => sum + m.amountCents, 0);
    const owedCents = owed.reduce((sum, m) => sum + m.amountCents, 0);
    const [consent] = await tx
      .insert(turnConsents)
      .values({ groupId, periodNumber, recipientUserId: userId, arrivedCents, owedCents, consentedOn: today })
      .returning();
    await tx.insert(turnDebts).values(
      owed.map((m) => ({
        consentId: consent!.id,
        groupId,
        periodNumber,
        debtorUserId: m.userId,
        recipientUserId: userId,
        amountCents: m.amountCents,
      })),
    );
    return { kind: "given" as const, consent: consent!, owed };
  });
  if (outcome.kind === "refused") return { ok: false, status: 409, error: outcome.error };
  const consent = outcome.consent;
  if (outcome.kind === "given") {
    // Committed: the members who owe and the group's admin are told (dated on the group's clock).
    const [recipient] = await db().select({ name: users.name }).from(users).where(eq(users.id, userId));
    const link = `/groups/${groupId}`;
    const occurredOn = sandboxDayOf(group, today, now);
    for (const debtor of outcome.owed) {
      const notices = consentNotices({
        groupName: group.name,
        recipientName: recipient!.name,
        debtorName: debtor.name,
        owedCents: debtor.amountCents,
        arrivedCents: consent.arrivedCents,
        periodNumber,
        consentedOn: today,
      });
      await notify(debtor.userId, { ...notices.debtor, link, occurredOn });
      if (group.createdBy !== userId && group.createdBy !== debtor.userId) await notify(group.createdBy, { ...notices.admin, link, occurredOn });
    }
  }
  // The partial payout, now (its row first; the bank after the commit). A crash here leaves the consent: the group's
  // next run makes it.
  const made = await makeConsentedPayouts([groupId], today, now);
  await submitTransfers(made, today, now);
  const [current] = await db().select({ payoutTransferId: turnConsents.payoutTransferId }).from(turnConsents).where(eq(turnConsents.id, consent.id));
  const [payout] = current?.payoutTransferId ? await db().select().from(bankTransfers).where(eq(bankTransfers.id, current.payoutTransferId)) : [];
  const [owedNow] = await db()
    .select({ cents: sql<string>`coalesce(sum(${turnDebts.amountCents}), 0)` })
    .from(turnDebts)
    .where(and(eq(turnDebts.consentId, consent.id), eq(turnDebts.status, "owed")));
  return {
    ok: true,
    alreadyGiven: outcome.kind === "existing",
    periodNumber,
    arrivedCents: consent.arrivedCents,
    owedCents: consent.owedCents,
    stillOwedCents: Number(owedNow?.cents ?? 0),
    payout: payout ?? null,
  };
}

/** A failed payout of a consented period may be made again: RETRY_AFTER_DAYS after it failed, MAX_ATTEMPTS failures in all. */
async function retryAllowedFor(
  tx: Tx,
  transfer: { status: string; statusOn: string; retryOn: string | null; groupId: string; periodNumber: number },
  day: CalendarDay,
) {
  if (!FAILED_STATUSES.includes(transfer.status as TransferRow["status"]) || transfer.status === "cancelled") return false;
  const retryOn = transfer.retryOn ?? addDays(transfer.statusOn, RETRY_AFTER_DAYS);
  if (retryOn > day) return false;
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from ${bankTransfers} where group_id = ${transfer.groupId}::uuid and period_number = ${transfer.periodNumber}::int
      and kind = 'payout' and status in (${failedList})`);
  return Number(rows[0]!.n) < MAX_ATTEMPTS;
}

/** Insert a payout row of the period's next attempt and reserve it (pool → in transit), in the caller's transaction. */
async function insertPayout(tx: Tx, input: { groupId: string; periodNumber: number; userId: string; amountCents: number; day: CalendarDay }) {
  const { rows } = await tx.execute<{ attempt: number }>(sql`
    select coalesce(max(attempt), 0)::int + 1 as attempt from ${bankTransfers}
    where group_id = ${input.groupId}::uuid and period_number = ${input.periodNumber}::int and kind = 'payout'`);
  return insertReservedPayout(tx, { ...input, attempt: Number(rows[0]!.attempt) });
}

/**
 * The payouts of consented periods due on `day` in these groups, made (rows committed and reserved; the caller sends
 * them with `submitTransfers`): each consent's partial payout (what arrived) if none is under way, and the rest of the
 * payout for each debt whose member's contribution has now arrived (the debt collected in the same transaction). Each
 * in its own transaction on the locked pool, re-deciding everything there. `now` is the real time of the run, so that
 * the notices of a day replayed to catch up are dated by that day (sandboxDayOf).
 */
export async function makeConsentedPayouts(groupIds: readonly string[], day: CalendarDay, now: Date): Promise<TransferRow[]> {
  if (groupIds.length === 0) return [];
  const { rows: work } = await db().execute<{ kind: "partial" | "rest"; id: string; group_id: string; recipient_user_id: string }>(sql`
    select 'partial' as kind, c.id, c.group_id, c.recipient_user_id from ${turnConsents} c
    left join ${bankTransfers} t on t.id = c.payout_transfer_id
    where c.group_id = any(${`{${groupIds.join(",")}}`}::uuid[]) and (t.id is null or t.status in (${failedList}))
    union all
    select 'rest', d.id, d.group_id, d.recipient_user_id from ${turnDebts} d
    left join ${bankTransfers} t on t.id = d.rest_transfer_id
    where d.group_id = any(${`{${groupIds.join(",")}}`}::uuid[])
      and ((d.status = 'owed' and (select c.status from ${bankTransfers} c where c.group_id = d.group_id and c.kind = 'contribution'
            and c.period_number = d.period_number and c.user_id = d.debtor_user_id order by c.attempt desc limit 1) = 'funds_available')
        or t.status in (${failedList}))
    order by 3, 1, 2`);
  // (A cheap first read: each item is decided again in its own transaction on the locked pool.)
  const made: TransferRow[] = [];
  const told: Array<() => Promise<unknown>> = [];
  for (const item of work) {
    const accounts = accountsOf({ userId: item.recipient_user_id, groupId: item.group_id });
    await resolveAccounts(accounts);
    const result = await db().transaction(async (tx) => {
      const locked = await lockAccounts(tx, accounts);
      const pool = lockedBalance(locked, { kind: "group_pool", groupId: item.group_id });
      if (item.kind === "partial") {
        const [consent] = await tx.select().from(turnConsents).where(eq(turnConsents.id, item.id)).for("update");
        if (!consent) return null;
        if (consent.payoutTransferId) {
          const [last] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, consent.payoutTransferId));
          if (!last || !(await retryAllowedFor(tx, last, day))) return null;
        }
        if (pool < consent.arrivedCents) {
          logger.warn(
            { groupId: consent.groupId, period: consent.periodNumber, pool, payout: consent.arrivedCents },
            "money: partial payout waits for the pool",
          );
          return null;
        }
        const row = await insertPayout(tx, {
          groupId: consent.groupId,
          periodNumber: consent.periodNumber,
          userId: consent.recipientUserId,
          amountCents: consent.arrivedCents,
          day,
        });
        await tx.update(turnConsents).set({ payoutTransferId: row.id }).where(eq(turnConsents.id, consent.id));
        failpoint("inside-payout-transaction");
        return { row, collected: null };
      }
      const [debt] = await tx.select().from(turnDebts).where(eq(turnDebts.id, item.id)).for("update");
      if (!debt) return null;
      // The rest follows the payout of what arrived: that one must be under way (made, and not failed).
      const { rows: partial } = await tx.execute<{ status: string }>(sql`
        select t.status from ${turnConsents} c join ${bankTransfers} t on t.id = c.payout_transfer_id where c.id = ${debt.consentId}::uuid`);
      if (!partial[0] || FAILED_STATUSES.includes(partial[0].status as TransferRow["status"])) return null;
      if (debt.status === "collected") {
        const [last] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, debt.restTransferId!));
        if (!last || !(await retryAllowedFor(tx, last, day))) return null;
      } else {
        const { rows: arrived } = await tx.execute<{ arrived: boolean }>(sql`
          select coalesce(lc.status = 'funds_available' and (select coalesce(sum(l.amount_cents), 0) from ledger_transfers l
            where l.bank_transfer_id = lc.id and l.reason in ('contribution', 'shortfall_repaid')) = lc.amount_cents, false) as arrived
          from (select t.id, t.status, t.amount_cents from ${bankTransfers} t where t.group_id = ${debt.groupId}::uuid and t.kind = 'contribution'
            and t.period_number = ${debt.periodNumber}::int and t.user_id = ${debt.debtorUserId}::uuid order by t.attempt desc limit 1) lc`);
        if (arrived[0]?.arrived !== true) return null;
      }
      if (pool < debt.amountCents) return null;
      const row = await insertPayout(tx, {
        groupId: debt.groupId,
        periodNumber: debt.periodNumber,
        userId: debt.recipientUserId,
        amountCents: debt.amountCents,
        day,
      });
      await tx
        .update(turnDebts)
        .set({ status: "collected", restTransferId: row.id, collectedOn: debt.collectedOn ?? day })
        .where(eq(turnDebts.id, debt.id));
      failpoint("inside-payout-transaction");
      return { row, collected: debt.status === "owed" ? debt : null };
    });
    if (!result) continue;
    made.push(result.row);
    if (result.collected) told.push(...(await restNotices(result.collected, day, now)));
  }
  // Committed: count the payouts (metrics: created), then tell.
  recordTransfers(made);
  for (const tell of told) await tell();
  return made;
}

/** The notices of a debt collected: the member who owed, the recipient and the group's admin, dated. */
async function restNotices(debt: typeof turnDebts.$inferSelect, day: CalendarDay, now: Date) {
  const [group] = await db()
    .select({ name: groups.name, createdBy: groups.createdBy, clockOffsetSeconds: groups.clockOffsetSeconds, timeZone: groups.timeZone })
    .from(groups)
    .where(eq(groups.id, debt.groupId));
  const people = new Map(
    (
      await db()
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [debt.debtorUserId, debt.recipientUserId]))
    ).map((u) => [u.id, u.name]),
  );
  const notices = restSentNotices({
    groupName: group!.name,
    recipientName: people.get(debt.recipientUserId)!,
    debtorName: people.get(debt.debtorUserId)!,
    amountCents: debt.amountCents,
    periodNumber: debt.periodNumber,
    sentOn: day,
  });
  const link = `/groups/${debt.groupId}`;
  const occurredOn = sandboxDayOf(group!, day, now);
  const jobs = [
    () => notify(debt.recipientUserId, { ...notices.recipient, link, occurredOn }),
    () => notify(debt.debtorUserId, { ...notices.debtor, link, occurredOn }),
  ];
  if (group!.createdBy !== debt.recipientUserId && group!.createdBy !== debt.debtorUserId)
    jobs.push(() => notify(group!.createdBy, { ...notices.admin, link, occurredOn }));
  return jobs;
}
