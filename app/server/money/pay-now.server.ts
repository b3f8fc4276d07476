/**
 * Pay now (issue 44, ADR 052): a member whose contribution failed, or whose attempts ran out, pays it from the app.
 * One debit through the same engine as a scheduled one: the next attempt of the same chain, under the same key
 * (`transferKey`) and the unique (group, period, member, kind, attempt) index, written row first and then sent by
 * `submitTransfers` (authorization with `ach_class: web`, then create, both idempotent on the row's bank key). So:
 *
 * - Pay now racing a scheduled retry: both would be attempt N+1; the row is inserted under the group's money lock
 *   (`cycle:<id>`, which a worker holds while it plans and sends the group's debits), and whichever comes second finds
 *   the attempt already made and sends nothing new.
 * - a double submit: the second request finds the first one's row and, if it is still `created`, sends it again —
 *   the bank answers with the same authorization and transfer.
 * - a crash between authorization and create: the row stays `created`; the next Pay now, or the group's next run
 *   (its leftovers), sends it again under the same key and gets the transfer the bank made, or makes the one it did
 *   not.
 *
 * When it arrives (funds available), the period's payout goes out on the group's next run like any other.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { bankDayOnOrAfter } from "~/domain/bank-days";
import { type DebitAccount, describeAccount, fullDate } from "~/domain/failed-contribution";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { failureReasonValues } from "~/domain/ach";
import { FAILED_STATUSES, sandboxSettlesOn, transferKey } from "~/domain/money";
import type { CalendarDay } from "~/domain/schedule";
import { db } from "../db/client.server";
import { bankTransfers, debitAuthorizations, groupMembers, groups, type TransferRow } from "../db/schema";
import { leftoversToSend } from "./bank-events.server";
import { groupToday } from "./cycle.server";
import { lateContributions, type LateContributionView } from "./late-contributions.server";
import { noticeText } from "../notifications/notice-text";
import { translator } from "../platform/locale.server";
import { transferRowFrom } from "./plan.server";
import { submitTransfers } from "./transfers.server";

export type PayNowQuote = {
  late: LateContributionView;
  /** The member's other late contributions in the group, oldest first: this payment does not cover them (paid next). */
  alsoLate: Array<Pick<LateContributionView, "periodNumber" | "dueOn" | "amountCents" | "consent">>;
  /**
   * The account the debit is taken from (the late view's `payFrom`): the next attempt's account by the debit's own rule,
   * never the one that just failed while another is usable. The row is written with it, so the debit is taken from the
   * account the member authorised (submitTransfers reads a Pay now row's own account first).
   */
  account: DebitAccount & { id: string };
  /** The ACH business day the debit is sent on (today, or the next business day). */
  collectOn: CalendarDay;
  /** When it is expected to settle (the sandbox's schedule, ADR 040). */
  settlesOn: CalendarDay;
  /** The authorisation the member gives (NACHA WEB), kept word for word in debit_authorizations. */
  consent: string;
};

export type PayNowError = { ok: false; status: 400 | 404 | 409; error: string };

export const NOTHING_TO_PAY = "You have no contribution to pay in this group right now.";
/** A post for a period the page did not offer (tampered, or unreadable) while the page offers another one. */
export const NOT_THIS_PAYMENT = "That payment is not one you can make now; the page shows the one you can.";
export const NO_ACCOUNT = "Link a bank account (or reconnect yours) under Profile → Bank Accounts first, then choose it for this group.";
export const CONSENT_REQUIRED = "Tick the box to authorise the debit.";
export const ACCOUNT_CHANGED = "The account for this payment changed. Check it below and authorise again.";
export const PAY_NOW_BUSY = "This group's payments are being processed right now. Please try again in a moment.";

/**
 * The authorisation wording for a one-time web debit, in the language the member reads it in (ADR 056): the words kept
 * in debit_authorizations are the words the member agreed to. English is this function's own sentence.
 */
export function consentLine(
  input: { amountCents: number; account: DebitAccount; collectOn: CalendarDay; groupName: string },
  locale: Locale = DEFAULT_LOCALE,
) {
  if (locale !== DEFAULT_LOCALE) {
    return translator(locale)("groupPage.pay.consent", {
      amount: formatMoney(input.amountCents, locale),
      account: describeAccount(input.account),
      date: formatCalendarDay(input.collectOn, "full", locale),
      group: input.groupName,
    });
  }
  return `I authorise Rosca to debit ${formatMoney(input.amountCents)} once from ${describeAccount(input.account)} through the ACH network on ${fullDate(input.collectOn)}, for my late contribution to ${input.groupName}. I can cancel this authorisation by contacting Rosca support before that day.`;
}

/** What the Pay now page shows: the member's earliest late contribution in the group, the account, the date. */
export async function payNowQuote(
  userId: string,
  groupId: string,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
  /** The account the member picked on the page (`?from=`): used when it is one of `payFromChoices`, else `payFrom`. */
  from: string | null = null,
): Promise<{ ok: true; quote: PayNowQuote } | PayNowError> {
  // The group's members only: to anyone else the page does not exist (as payNow answers them).
  const [member] = await db()
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  if (!member) return { ok: false, status: 404, error: "Group Not Found" };
  const [late, ...rest] = await lateContributions({ userId, groupId }, now);
  if (!late) return { ok: false, status: 409, error: NOTHING_TO_PAY };
  if (!late.payFrom) return { ok: false, status: 409, error: NO_ACCOUNT };
  const account = late.payFromChoices.find((choice) => choice.id === from) ?? late.payFrom;
  const collectOn = bankDayOnOrAfter(late.today);
  return {
    ok: true,
    quote: {
      late,
      alsoLate: rest.map((other) => ({
        periodNumber: other.periodNumber,
        dueOn: other.dueOn,
        amountCents: other.amountCents,
        consent: other.consent,
      })),
      account,
      collectOn,
      settlesOn: sandboxSettlesOn(late.today),
      consent: consentLine({ amountCents: late.amountCents, account, collectOn, groupName: late.groupName }, locale),
    },
  };
}

export type PayNowResult = { ok: true; transfer: TransferRow; alreadyOnItsWay: boolean } | PayNowError;

/**
 * Pay the member's earliest late contribution in the group now: one debit, exactly once (see the module's comment).
 * `periodNumber` is the one the page showed: a request for another (or for one already paid) changes nothing.
 */
export async function payNow(
  userId: string,
  groupId: string,
  input: {
    periodNumber: number;
    consent: boolean;
    /** The account the page showed (and its consent named): a debit from any other is refused, never sent. */
    bankAccountId?: string | null;
    ipAddress?: string | null;
    userAgent?: string | null;
    locale?: Locale;
  },
  now = new Date(),
): Promise<PayNowResult> {
  const [group] = await db()
    .select({
      id: groups.id,
      status: groups.status,
      timeZone: groups.timeZone,
      clockOffsetSeconds: groups.clockOffsetSeconds,
      contributionCents: groups.contributionCents,
    })
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(eq(groups.id, groupId));
  if (!group) return { ok: false, status: 404, error: "Group Not Found" };
  const today = groupToday(group, now);
  const chain = (periodNumber: number) =>
    and(
      eq(bankTransfers.groupId, groupId),
      eq(bankTransfers.userId, userId),
      eq(bankTransfers.kind, "contribution"),
      eq(bankTransfers.periodNumber, periodNumber),
    );
  const quoted = await payNowQuote(userId, groupId, now, input.locale, input.bankAccountId ?? null);
  let quote: PayNowQuote;
  if (quoted.ok && quoted.quote.late.periodNumber === input.periodNumber) {
    quote = quoted.quote;
    if (!input.consent) return { ok: false, status: 400, error: CONSENT_REQUIRED };
    if (input.bankAccountId && input.bankAccountId !== quote.account.id) return { ok: false, status: 409, error: ACCOUNT_CHANGED };
  } else {
    // Nothing late for that period any more: a second submit, or a scheduled retry got there first. Answer with the
    // attempt in flight (sending it again if it was never answered), never with a new debit.
    const [latest] = await db().select().from(bankTransfers).where(chain(input.periodNumber)).orderBy(desc(bankTransfers.attempt)).limit(1);
    // The page offers another contribution than the one posted: say so, not that there is nothing to pay.
    if (!latest || FAILED_STATUSES.includes(latest.status)) return quoted.ok ? { ok: false, status: 409, error: NOT_THIS_PAYMENT } : quoted;
    if (latest.status === "created") await submitTransfers(await leftoversToSend([latest], now), today, now);
    const [current] = await db().select().from(bankTransfers).where(eq(bankTransfers.id, latest.id));
    return { ok: true, transfer: current!, alreadyOnItsWay: true };
  }

  // Row first, under the group's money lock: no worker plans or sends this group's debits meanwhile, and the chain's
  // latest attempt is read and extended in the same transaction.
  let inserted: TransferRow | null;
  try {
    inserted = await db().transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('cycle:' || ${groupId}::text, 0))`);
      const [latest] = await tx.select().from(bankTransfers).where(chain(input.periodNumber)).orderBy(desc(bankTransfers.attempt)).limit(1);
      if (!latest || !FAILED_STATUSES.includes(latest.status)) return null;
      const attempt = latest.attempt + 1;
      const { rows } = await tx.execute<Record<string, unknown>>(sql`
        insert into bank_transfers (idempotency_key, kind, group_id, period_number, user_id, attempt, amount_cents, initiated_on, status_on, pay_now, bank_account_id)
        values (${transferKey("contribution", groupId, input.periodNumber, userId, attempt)}, 'contribution', ${groupId}::uuid,
          ${input.periodNumber}::int, ${userId}::uuid, ${attempt}::int, ${group.contributionCents}::bigint, ${today}::date, ${today}::date, true,
          ${quote.account.id}::uuid)
        on conflict do nothing
        returning *`);
      if (rows.length === 0) return null;
      await tx.insert(debitAuthorizations).values({
        userId,
        bankAccountId: quote.account.id,
        source: "pay_now",
        institutionName: quote.account.institution,
        accountName: quote.account.name,
        accountMask: quote.account.mask,
        wording: quote.consent,
        ipAddress: input.ipAddress ?? null,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
      });
      return transferRowFrom(rows[0]!);
    });
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } }).code === "55P03" || (error as { cause?: { code?: string } }).cause?.code === "55P03")
      return { ok: false, status: 409, error: PAY_NOW_BUSY };
    throw error;
  }
  if (!inserted) return payNow(userId, groupId, { ...input, periodNumber: input.periodNumber }, now);
  await submitTransfers([inserted], today, now);
  const [current] = await db().select().from(bankTransfers).where(eq(bankTransfers.id, inserted.id));
  return { ok: true, transfer: current!, alreadyOnItsWay: false };
}

/**
 * What the member reads when their Pay now did not go through (the page's toast), in their language: the failed
 * contribution notice's words (ADR 062: the reason in our words, never the bank's own text; their payment's amount,
 * account and day; the next automatic attempt's day and account, or that none is left; what they can do now). Null when
 * the contribution is no longer late (nothing to say about it).
 */
export async function payNowFailureText(transfer: TransferRow, locale: Locale = DEFAULT_LOCALE, now = new Date()): Promise<string | null> {
  const late = (await lateContributions({ userId: transfer.userId, groupId: transfer.groupId }, now)).find(
    (entry) => entry.periodNumber === transfer.periodNumber,
  );
  if (!late) return null;
  const values = { groupName: late.groupName, ...failureReasonValues(late.status, late.failureCode), ...late.stepValues };
  return noticeText({ message: "contributionFailed", values }, locale).body;
}
