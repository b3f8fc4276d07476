/**
 * Contributions that failed and have not gone through yet (issue 44): the member's own (the group page's panel, the
 * dashboard's alert) and every member's of a group for its admin. Read from the attempts themselves, per group clock.
 */
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { translator } from "../platform/locale.server";
import { and, asc, eq, inArray, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import {
  type DebitAccount,
  type FailedContributionFacts,
  type NudgeDelivery,
  nextAttemptOn,
  consentValues,
  failureStepValues,
  nextStepAfterFailure,
  nudgeRefusal,
  owedToRecipientMessage,
  type ConsentedTurn,
} from "~/domain/failed-contribution";
import { SETUP_FEE_CENTS } from "~/domain/groups";
import { type CycleTransfer, FAILED_STATUSES, MAX_ATTEMPTS, retryAllowed, SETTLED_STATUSES, type TransferStatus } from "~/domain/money";
import { type CalendarDay, daysBetween, todayIn } from "~/domain/schedule";
import { db } from "../db/client.server";
import { bankAccounts, bankItems, groupMembers, groups, lateContributionNudges, type LateNudgeKind } from "../db/schema";
import { notifyUrgent, urgentText } from "../notifications/account-alerts.server";
import { type AccountFacts, accountFactsColumns, debitChoicesFor, pickAccount } from "./funding.server";

export type LateContributionView = {
  groupId: string;
  groupName: string;
  userId: string;
  memberName: string;
  periodNumber: number;
  dueOn: CalendarDay;
  amountCents: number;
  /** The setup fee still owed, taken as its own debit once a contribution has gone through (ADR 040); 0 once paid. */
  feeCents: number;
  status: TransferStatus;
  failureCode: string | null;
  attempt: number;
  /** The account of the failed attempt. */
  account: DebitAccount | null;
  /** Our bank_accounts row of the failed attempt's account. */
  accountId: string | null;
  /**
   * The account the next automatic attempt is taken from: the one the debit will read when it is sent (pickAccount on
   * the member's choice for the group, ADR 052), so another account chosen since the failure is named here, never the
   * failed one. Null when no attempt is planned, when the member has no usable account (the debit then waits for them)
   * or when the accounts are not the viewer's to see.
   */
  nextAccount: (DebitAccount & { id: string }) | null;
  /**
   * The account Pay now takes it from (ADR 052, amended 2026-11-30): the next attempt's account (`nextAccount`'s rule,
   * pickAccount on the member's choice), except the failed one while another account is usable: then the same rule over
   * the others. The failed one when it is the only usable account; null when none is usable or they are not the viewer's.
   */
  payFrom: (DebitAccount & { id: string }) | null;
  /**
   * Every account Pay now may take it from, `payFrom` first: the member's usable accounts (each one the debit's rule would
   * take if it were chosen), so a member who topped up the account that failed can still pay from it. Empty when
   * `payFrom` is null.
   */
  payFromChoices: Array<DebitAccount & { id: string }>;
  /** The day the latest attempt failed. */
  failedOn: CalendarDay;
  /** The latest attempt was the member's own Pay now, not an automatic one. */
  payNow: boolean;
  /** How many of the period's attempts were automatic (not Pay now): what a failed Pay now is told after (ADR 052). */
  automaticAttempts: number;
  /** The next automatic attempt, or null: nothing more is debited automatically. */
  nextAttemptOn: CalendarDay | null;
  /** Days since the contribution was due, on the group's clock. */
  waitedDays: number;
  /** The group's today. */
  today: CalendarDay;
  /** What the member reads (nextStepAfterFailure, or what they owe the recipient after a consent). */
  message: string;
  /** The same as a notice's values (ADR 062; notice-texts' `lateNudge`): `consented`, and the step's or the consent's facts. */
  messageValues: Record<string, string | number>;
  /** The failed debit's next step as a notice's values (failureStepValues), whether or not a recipient consented. */
  stepValues: Record<string, string | number>;
  /**
   * The turn's recipient accepted what had arrived (ADR 053): the payout no longer waits; this member's contribution is
   * owed to the recipient and sent on to them when it arrives. Null while the payout waits.
   */
  consent: ConsentedTurn | null;
  /**
   * The turn is this member's own (they are its recipient): no recipient can accept what arrived in its place (ADR 053:
   * a member cannot owe themselves), so the turn waits for their own contribution.
   */
  ownTurn: boolean;
};

export type AttemptRow = {
  group_id: string;
  group_name: string;
  user_id: string;
  member_name: string;
  period_number: number;
  due_on: string;
  kind: "contribution" | "fee";
  attempt: number;
  status: TransferStatus;
  status_on: string;
  initiated_on: string;
  retry_on: string | null;
  failure_code: string | null;
  amount_cents: string;
  bank_account_id: string | null;
  /** The attempt was the member's own Pay now (ADR 052). */
  pay_now: boolean;
  /** The account the member chose for the group's debits, else their default for groups (what the debit reads, ADR 052). */
  debit_choice_id: string | null;
  time_zone: string;
  clock_offset_seconds: number;
  /** Set by failedChains: the group's today. */
  today: string;
  /** The turn's recipient accepted what arrived (ADR 053): when, how much, who; and what this member owes them. */
  consented_on: string | null;
  consent_arrived_cents: string | null;
  recipient_name: string | null;
  owed_cents: string | null;
  /** The late member is the turn's recipient (ADR 053: nobody can accept less in their place; the turn waits for them). */
  own_turn: boolean | null;
};

/**
 * The late contributions of active groups: one member's (`userId`) across their groups, or every member's of one
 * group (`groupId`), or both. Oldest due first.
 */
export async function lateContributions(filter: { userId?: string; groupId?: string }, now = new Date()): Promise<LateContributionView[]> {
  if (!filter.userId && !filter.groupId) return [];
  const { rows } = await db().execute<AttemptRow>(lateAttemptRows(filter));
  const failed = failedChains(rows, now);
  const { names, linked } = await accountsOfChains(failed);
  return lateFrom(failed, names, linked);
}

/**
 * The late contributions of a set of active groups on one group-clock day (the daily reminders, which the cycle sends
 * for each day it runs: the next attempt is read as of that day).
 */
export async function lateContributionsOn(groupIds: readonly string[], day: CalendarDay): Promise<LateContributionView[]> {
  if (groupIds.length === 0) return [];
  const { rows } = await db().execute<AttemptRow>(lateAttemptRows({ groupIds }));
  const failed = failedChains(rows, new Date(), day);
  const { names, linked } = await accountsOfChains(failed);
  return lateFrom(failed, names, linked);
}

/** A member's linked account as the choice of the next attempt's account reads it (pickAccount) and members name it. */
export type LinkedAccount = AccountFacts & DebitAccount;

/**
 * The account a member's next debit in a group is taken from, named: the debit's own rule (submitTransfers: pickAccount
 * on the member's choice for the group, `choiceId`, over their linked accounts). Null when none is usable.
 */
export function nextAttemptAccount(linked: readonly LinkedAccount[], choiceId: string | null): (DebitAccount & { id: string }) | null {
  const picked = pickAccount(linked, "debit", choiceId);
  return typeof picked === "string" ? null : { id: picked.bankAccountId, institution: picked.institution, name: picked.name, mask: picked.mask };
}

/**
 * The account Pay now takes a late contribution from: the next attempt's (nextAttemptAccount), unless that is the
 * account that just failed (`failedId`) and another is usable; then the same rule over the others. A block on every
 * debit (a withdrawn authorisation) blocks Pay now too: the others are only read once the debit's rule found one.
 */
export function payNowAccount(
  linked: readonly LinkedAccount[],
  choiceId: string | null,
  failedId: string | null,
): (DebitAccount & { id: string }) | null {
  const next = nextAttemptAccount(linked, choiceId);
  if (!next || next.id !== failedId) return next;
  return (
    nextAttemptAccount(
      linked.filter((account) => account.bankAccountId !== failedId),
      choiceId,
    ) ?? next
  );
}

/** The accounts Pay now may take a debit from (`payFromChoices`): `payFrom` first, then every other usable one. */
export function payNowChoices(
  linked: readonly LinkedAccount[],
  payFrom: (DebitAccount & { id: string }) | null,
): Array<DebitAccount & { id: string }> {
  if (!payFrom) return [];
  return [payFrom, ...usableAccountsBesides(linked, payFrom.id)];
}

/** The member's accounts other than `exceptId` that a debit could take on its own (each as its own choice), named. */
function usableAccountsBesides(linked: readonly LinkedAccount[], exceptId: string | null): Array<DebitAccount & { id: string }> {
  return linked
    .filter((account) => account.bankAccountId !== exceptId)
    .map((account) => nextAttemptAccount([account], account.bankAccountId))
    .filter((account): account is DebitAccount & { id: string } => account !== null);
}

/**
 * The next attempt's account of each (group, member) pair (`<groupId>:<userId>`), from two statements side by side (the
 * members' linked accounts and their choices): what a notice about a failed debit names as the retry's account, as the
 * debit will read it when it is sent.
 */
export async function nextAttemptAccounts(
  pairs: ReadonlyArray<{ groupId: string; userId: string }>,
): Promise<{ next: Map<string, (DebitAccount & { id: string }) | null>; linked: ReadonlyMap<string, readonly LinkedAccount[]> }> {
  const result = new Map<string, (DebitAccount & { id: string }) | null>();
  if (pairs.length === 0) return { next: result, linked: new Map() };
  const [linked, choices] = await Promise.all([linkedAccountsOf([...new Set(pairs.map((pair) => pair.userId))], []), debitChoicesFor(pairs)]);
  for (const { groupId, userId } of pairs) {
    const key = `${groupId}:${userId}`;
    result.set(key, nextAttemptAccount(linked.linked.get(userId) ?? [], choices.get(key) ?? null));
  }
  // The members' linked accounts too: whether one has another usable account than the one that failed (otherUsableAccount).
  return { next: result, linked: linked.linked };
}

/** Whether the member has a usable account (one a debit could take) other than `failedId`: Pay now can take it. */
export function otherUsableAccount(linked: readonly LinkedAccount[], failedId: string | null): boolean {
  return usableAccountsBesides(linked, failedId).length > 0;
}

/**
 * The accounts the views of `failed` name, in one statement: the failed attempts' (by id, a removed connection's
 * included, as members recognise them) and each late member's linked accounts (active connections, oldest first, as
 * the debit reads them), from which the next attempt's account is picked.
 */
async function accountsOfChains(failed: ReturnType<typeof failedChains>) {
  if (failed.length === 0) return { names: new Map<string, DebitAccount>(), linked: new Map<string, LinkedAccount[]>() };
  const ids = [...new Set(failed.map(({ last }) => last.bank_account_id).filter((id): id is string => id !== null))];
  return linkedAccountsOf([...new Set(failed.map(({ last }) => last.user_id))], ids);
}

/** The accounts `ids` by id (named, a removed connection's included) and the linked accounts of `userIds`, in one statement. */
async function linkedAccountsOf(userIds: string[], ids: string[]) {
  const names = new Map<string, DebitAccount>();
  const linked = new Map<string, LinkedAccount[]>();
  const rows = await db()
    .select({
      ...accountFactsColumns,
      userId: bankAccounts.userId,
      institution: bankItems.institutionName,
      name: bankAccounts.name,
      mask: bankAccounts.mask,
      active: sql<boolean>`${bankItems.status} = 'active'`,
    })
    .from(bankAccounts)
    .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
    .where(
      or(ids.length > 0 ? inArray(bankAccounts.id, ids) : sql`false`, and(inArray(bankAccounts.userId, userIds), eq(bankItems.status, "active"))),
    )
    .orderBy(asc(bankAccounts.connectedAt), asc(bankAccounts.id));
  for (const { userId, active, ...account } of rows) {
    names.set(account.bankAccountId, { institution: account.institution, name: account.name, mask: account.mask });
    if (active) linked.set(userId, [...(linked.get(userId) ?? []), account]);
  }
  return { names, linked };
}

/** The contribution and fee attempts of active groups, for a member or a group (or a set of groups) or both, in chain order. */
export function lateAttemptRows(filter: {
  userId?: string | Placeholder;
  groupId?: string | SQL;
  groupIds?: readonly string[];
  /** The viewer's own attempts, or every member's when `isAdmin` holds (a column of the statement around it). */
  viewer?: { userId: string | Placeholder; isAdmin: SQL };
  /**
   * Only the members with a failed contribution attempt in the group (ADR 059 part seven (n)): a late contribution is a
   * chain whose latest attempt failed, and what else `failedChains` reads (paid before, the fee) is the same member's
   * in the same group, so the members left out are exactly those without one.
   */
  withAFailure?: boolean;
}) {
  return sql`
    select t.group_id, g.name as group_name, t.user_id, u.name as member_name, t.period_number,
      coalesce(p.due_on, t.initiated_on) as due_on, t.kind, t.attempt, t.status, t.status_on, t.initiated_on, t.retry_on,
      t.failure_code, t.amount_cents, t.bank_account_id, t.pay_now, coalesce(m.debit_bank_account_id, u.default_debit_bank_account_id) as debit_choice_id,
      g.time_zone, g.clock_offset_seconds,
      '' as today, c.consented_on, c.arrived_cents as consent_arrived_cents, r.name as recipient_name, d.amount_cents as owed_cents,
      coalesce(p.recipient_member_id = m.id, false) as own_turn
    from bank_transfers t
    join groups g on g.id = t.group_id and g.status = 'active'
    join users u on u.id = t.user_id
    left join group_members m on m.group_id = t.group_id and m.user_id = t.user_id
    left join group_periods p on p.group_id = t.group_id and p.period_number = t.period_number
    left join turn_debts d on t.kind = 'contribution' and d.group_id = t.group_id and d.period_number = t.period_number
      and d.debtor_user_id = t.user_id and d.status = 'owed'
    left join turn_consents c on c.id = d.consent_id
    left join users r on r.id = d.recipient_user_id
    where t.kind in ('contribution', 'fee')
      ${filter.userId ? sql`and t.user_id = ${filter.userId}::uuid` : sql``}
      ${filter.groupId ? sql`and t.group_id = ${filter.groupId}::uuid` : sql``}
      ${filter.groupIds ? sql`and t.group_id = any(${`{${filter.groupIds.join(",")}}`}::uuid[])` : sql``}
      ${filter.viewer ? sql`and (${filter.viewer.isAdmin} or t.user_id = ${filter.viewer.userId}::uuid)` : sql``}
      ${
        filter.withAFailure
          ? sql`and exists (select 1 from bank_transfers f where f.group_id = t.group_id and f.user_id = t.user_id
              and f.kind = 'contribution' and f.status in (${sql.raw(FAILED_STATUSES.map((status) => `'${status}'`).join(", "))}))`
          : sql``
      }
    order by t.group_id, t.user_id, t.kind, t.period_number, t.attempt`;
}

/**
 * The chains of `rows` (a member's attempts, in order) whose latest attempt failed; sets each row's group today (from
 * `now` and the group's clock, or `day` when given).
 */
export function failedChains(rows: AttemptRow[], now: Date, day?: CalendarDay) {
  const chains = new Map<string, AttemptRow[]>();
  const feePaid = new Set<string>();
  for (const row of rows) {
    row.today = day ?? todayIn(row.time_zone, new Date(now.getTime() + Number(row.clock_offset_seconds) * 1000));
    if (row.kind === "fee") {
      if (SETTLED_STATUSES.includes(row.status) || !FAILED_STATUSES.includes(row.status)) feePaid.add(`${row.group_id}:${row.user_id}`);
      continue;
    }
    const key = `${row.group_id}:${row.user_id}:${row.period_number}`;
    chains.set(key, [...(chains.get(key) ?? []), row]);
  }
  const late: Array<{ last: AttemptRow; chain: AttemptRow[] }> = [];
  for (const chain of chains.values()) {
    const last = chain.at(-1)!;
    if (FAILED_STATUSES.includes(last.status)) late.push({ last, chain });
  }
  return late.map((entry) => ({
    ...entry,
    everPaid: chainsPaid(chains, entry.last),
    feePaid: feePaid.has(`${entry.last.group_id}:${entry.last.user_id}`),
  }));
}

function chainsPaid(chains: Map<string, AttemptRow[]>, last: AttemptRow) {
  return [...chains.entries()].some(
    ([key, attempts]) => key.startsWith(`${last.group_id}:${last.user_id}:`) && attempts.some((a) => SETTLED_STATUSES.includes(a.status)),
  );
}

/**
 * The views of failed chains, with the accounts of their failed attempts (`accounts`, by id) and of their next attempts:
 * picked from each member's linked accounts (`linked`, by user id; a member absent: not known) by the debit's own rule.
 */
export function lateFrom(
  failed: ReturnType<typeof failedChains>,
  accounts: Map<string, DebitAccount>,
  linked: ReadonlyMap<string, readonly LinkedAccount[]>,
  locale: Locale = DEFAULT_LOCALE,
  /** The views are for the group page itself (its Pay now below each): the words never send the reader to it. */
  onGroupPage = false,
): LateContributionView[] {
  // The member's explanation in the reader's language where the page passes one (the group page, ADR 056).
  const words = locale === DEFAULT_LOCALE ? undefined : { t: translator(locale), locale };
  return failed
    .map(({ last, chain, everPaid, feePaid }): LateContributionView => {
      const facts: FailedContributionFacts = {
        status: last.status,
        failureCode: last.failure_code,
        attempt: last.attempt,
        amountCents: Number(last.amount_cents),
        account: last.bank_account_id ? (accounts.get(last.bank_account_id) ?? null) : null,
        statusOn: String(last.status_on),
        retryOn: last.retry_on ? String(last.retry_on) : null,
        payNow: last.pay_now === true,
        otherAccount: otherUsableAccount(linked.get(last.user_id) ?? [], last.bank_account_id),
        onGroupPage,
      };
      // The account the debit will read when the retry is sent (submitTransfers: pickAccount on the choice), so a
      // choice made since the failure is what the member reads, not the account that failed.
      const mine = linked.get(last.user_id);
      const pickedAccount = mine ? nextAttemptAccount(mine, last.debit_choice_id) : null;
      if (pickedAccount && pickedAccount.id !== last.bank_account_id) {
        facts.nextAccount = { institution: pickedAccount.institution, name: pickedAccount.name, mask: pickedAccount.mask };
      }
      const asCycle = chain.map(
        (row): CycleTransfer => ({
          kind: "contribution",
          periodNumber: row.period_number,
          userId: row.user_id,
          attempt: row.attempt,
          status: row.status,
          statusOn: String(row.status_on),
          initiatedOn: String(row.initiated_on),
          failureCode: row.failure_code,
          retryOn: row.retry_on ? String(row.retry_on) : null,
        }),
      );
      const retries = retryAllowed(asCycle, last.today);
      // Not retried any more (the engine's rule on the group's today): told as the last attempt.
      const stepFacts = retries ? facts : { ...facts, attempt: Math.max(facts.attempt, MAX_ATTEMPTS) };
      const next = retries ? nextAttemptOn(facts) : null;
      const consent =
        last.consented_on && last.recipient_name && last.owed_cents
          ? {
              recipientName: last.recipient_name,
              acceptedOn: String(last.consented_on),
              arrivedCents: Number(last.consent_arrived_cents),
              owedCents: Number(last.owed_cents),
            }
          : null;
      const payFrom = mine ? payNowAccount(mine, last.debit_choice_id, last.bank_account_id) : null;
      return {
        groupId: last.group_id,
        groupName: last.group_name,
        userId: last.user_id,
        memberName: last.member_name,
        periodNumber: last.period_number,
        dueOn: String(last.due_on),
        amountCents: facts.amountCents,
        feeCents: everPaid || feePaid ? 0 : SETUP_FEE_CENTS,
        status: last.status,
        failureCode: last.failure_code,
        attempt: last.attempt,
        account: facts.account,
        accountId: last.bank_account_id,
        nextAccount: next ? pickedAccount : null,
        payFrom,
        payFromChoices: mine ? payNowChoices(mine, payFrom) : [],
        failedOn: String(last.status_on),
        payNow: last.pay_now === true,
        automaticAttempts: chain.filter((row) => row.pay_now !== true).length,
        nextAttemptOn: next && next < last.today ? last.today : next,
        waitedDays: Math.max(0, daysBetween(String(last.due_on), last.today)),
        today: last.today,
        ownTurn: last.own_turn === true,
        message: consent ? owedToRecipientMessage(consent, words) : nextStepAfterFailure(stepFacts, words),
        messageValues: consent ? { consented: "yes", ...consentValues(consent) } : { consented: "no", ...failureStepValues(stepFacts) },
        stepValues: failureStepValues(stepFacts),
        consent,
      };
    })
    .sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.memberName.localeCompare(b.memberName)));
}

export type NudgeResult =
  | { ok: true; sent: number; memberNames: string[]; deliveries: NudgeDelivery[] }
  | { ok: false; status: 403 | 404 | 409 | 429; error: string };

/**
 * Remind the late members of a group (one, or every one: `userId` null) of their late contribution, or ask them to pay
 * it now: a bell notice and an email each (notifyUrgent), with the amount and the Pay now link. The group's admin or a
 * platform admin only; at most once a day (the group's calendar day) per member and period (late_contribution_nudges),
 * claimed in one statement so that two clicks send one; a refusal names the day and the day another can go.
 */
export async function nudgeLateMembers(
  actor: { id: string; isAdmin: boolean },
  groupId: string,
  userId: string | null,
  kind: LateNudgeKind,
  now = new Date(),
): Promise<NudgeResult> {
  const [group] = await db()
    .select({ id: groups.id, name: groups.name, timeZone: groups.timeZone, clockOffsetSeconds: groups.clockOffsetSeconds })
    .from(groups)
    .where(eq(groups.id, groupId));
  if (!group) return { ok: false, status: 404, error: "Group Not Found" };
  const [membership] = await db()
    .select({ isAdmin: groupMembers.isAdmin })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, actor.id)));
  if (!membership && !actor.isAdmin) return { ok: false, status: 404, error: "Group Not Found" };
  if (!membership?.isAdmin && !actor.isAdmin) return { ok: false, status: 403, error: "Only the group admin can send reminders." };
  const late = (await lateContributions({ groupId }, now)).filter((entry) => userId === null || entry.userId === userId);
  if (late.length === 0) return { ok: false, status: 409, error: "Nobody's contribution is late in this group." };
  // One a day on the group's clock (its sandbox clock moved forward included, ADR 040): sent_at is the group's time.
  const sentAt = new Date(now.getTime() + Number(group.clockOffsetSeconds) * 1000);
  const today = todayIn(group.timeZone, sentAt);
  // Claimed in one statement: a member reminded on the group's today is skipped (the advisory lock per member and
  // period makes two concurrent clicks wait for each other instead of both seeing no row for today).
  const claimed = await db().transaction(async (tx) => {
    const mine: LateContributionView[] = [];
    for (const entry of late) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`nudge:${groupId}:${entry.periodNumber}:${entry.userId}`}, 0))`);
      const { rows } = await tx.execute(sql`
        insert into ${lateContributionNudges} (group_id, period_number, user_id, sent_by, kind, sent_at)
        select ${groupId}::uuid, ${entry.periodNumber}::int, ${entry.userId}::uuid, ${actor.id}::uuid, ${kind}, ${sentAt.toISOString()}::timestamptz
        where not exists (select 1 from ${lateContributionNudges} n where n.group_id = ${groupId}::uuid and n.period_number = ${entry.periodNumber}::int
          and n.user_id = ${entry.userId}::uuid and (n.sent_at at time zone ${group.timeZone})::date >= ${today}::date)
        returning id`);
      if (rows.length > 0) mine.push(entry);
    }
    return mine;
  });
  if (claimed.length === 0)
    return {
      ok: false,
      status: 429,
      error: nudgeRefusal(
        late.map((entry) => entry.memberName),
        today,
      ),
    };
  const results = await Promise.all(
    claimed.map((entry) =>
      // A message (ADR 062): the bell and the email in the member's language.
      notifyUrgent(entry.userId, {
        ...urgentText("lateNudge", {
          kind,
          groupName: group.name,
          amountCents: entry.amountCents,
          dueOn: entry.dueOn,
          ...entry.messageValues,
        }),
        link: `/groups/${groupId}/pay`,
        actionLabel: "Pay now",
      }),
    ),
  );
  const deliveries = claimed.map((entry, index): NudgeDelivery => {
    const result = results[index]!;
    const reached = !result.delivered ? "nobody" : result.email && !result.email.ok ? "app" : "app-and-email";
    return { memberName: entry.memberName, reached };
  });
  return { ok: true, sent: claimed.length, memberNames: claimed.map((entry) => entry.memberName), deliveries };
}
