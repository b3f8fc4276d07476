/**
 * A turn never paid, resolved (ADR 053, step 4): the recipient may consent to be paid what arrived; what a missing
 * member owes stays on the group's ledger as owed to the recipient and is sent on when it arrives. Pure rules and
 * words; the engine is app/server/money/turn-consent.server.ts.
 */
import { fullDate, UNPAID_TURN_DAYS } from "./failed-contribution";
import { formatCalendarDay, formatMoney } from "./format";
import type { Locale } from "./locale";
import type { Words } from "./messages/words";
import type { ConsentedPayoutState } from "./payment-dates";
import { addDays, type CalendarDay } from "./schedule";

/** The first day the recipient may consent: UNPAID_TURN_DAYS after the due day (when support takes the case up). */
export function consentOpensOn(dueOn: CalendarDay): CalendarDay {
  return addDays(dueOn, UNPAID_TURN_DAYS);
}

export type Owed = { name: string; amountCents: number };

/** A translator and its locale (ADR 056): given, a wording function speaks the reader's language; without, English. */
export type ReaderWords = { t: Words; locale: Locale };

/** "Ana", "Ana and Ben", "Ana, Ben and Cy" (another language: its own list, "Ana, Ben y Cy"). */
export function namesList(names: readonly string[], locale?: Locale): string {
  if (names.length <= 1) return names[0] ?? "";
  if (locale && locale !== "en-US") return new Intl.ListFormat(locale, { type: "conjunction" }).format(names);
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The exact consequence the recipient agrees to (the form's checkbox). */
export function consentConsequence(input: { arrivedCents: number; owed: readonly Owed[] }, words?: ReaderWords): string {
  const owedCents = input.owed.reduce((sum, o) => sum + o.amountCents, 0);
  const names = input.owed.map((o) => o.name);
  if (words)
    return words.t("turnConsent.consequence", {
      arrived: formatMoney(input.arrivedCents, words.locale),
      owed: formatMoney(owedCents, words.locale),
      names: namesList(names, words.locale),
      count: names.length,
    });
  return `You'll receive ${formatMoney(input.arrivedCents)} now. The ${formatMoney(owedCents)} ${namesList(names)} still ${names.length === 1 ? "owes" : "owe"} stays on the group's ledger as owed to you and is sent to you when it arrives.`;
}

/** Whether a consent may be given on `today` for a turn due `dueOn` (the other conditions are the engine's). */
export function consentOpen(dueOn: CalendarDay, today: CalendarDay): boolean {
  return today >= consentOpensOn(dueOn);
}

/** The recipient's choice as the group page explains it before the day comes (so they know it exists and when). */
export function consentComingText(dueOn: CalendarDay): string {
  return `If it is still missing on ${fullDate(consentOpensOn(dueOn))}, you can choose to be paid what has arrived then; the rest stays owed to you.`;
}

/**
 * The notices of a consent (dated), to the member who owes and to the group's admin: ids of the notice-texts catalogue
 * and their values (ADR 062), written in each reader's language when read.
 */
export function consentNotices(input: {
  groupName: string;
  recipientName: string;
  debtorName: string;
  owedCents: number;
  arrivedCents: number;
  periodNumber: number;
  consentedOn: CalendarDay;
}) {
  const values = { ...input };
  return {
    debtor: { message: "consentDebtor" as const, values },
    admin: { message: "consentAdmin" as const, values },
  };
}

/** The notices when what a member owed arrived and the rest of the payout was sent (dated, with amounts; ADR 062 ids). */
export function restSentNotices(input: {
  groupName: string;
  recipientName: string;
  debtorName: string;
  amountCents: number;
  periodNumber: number;
  sentOn: CalendarDay;
}) {
  const values = { ...input };
  return {
    recipient: { message: "restSentRecipient" as const, values },
    debtor: { message: "restSentDebtor" as const, values },
    admin: { message: "restSentAdmin" as const, values },
  };
}

/**
 * A consented turn as the schedule, the Next Payout card and the calendar file show its amount (ADR 053 step 4): the
 * payout of what arrived and where it is, and each late member's part, owed or collected and sent on (where that is).
 */
export type PartialPayoutFacts = {
  arrivedCents: number;
  payout: ConsentedPayoutState;
  debts: ReadonlyArray<{ name: string; amountCents: number; status: "owed" | "collected"; rest?: ConsentedPayoutState | null }>;
};

/**
 * What a consented turn pays its recipient: what arrived, plus each late part collected (its own payout made). The
 * figure the calendar file names the turn's payout by; where each part is, the lines below say.
 */
export function partialSentCents(partial: Pick<PartialPayoutFacts, "arrivedCents" | "debts">): number {
  return partial.arrivedCents + partial.debts.filter((d) => d.status === "collected").reduce((sum, d) => sum + d.amountCents, 0);
}

type Say = (id: `turnConsent.partial.${string}`, english: string, values: Record<string, string | number>) => string;

/** One part not (yet) sent: being sent, failed and sent again on a day, or not sent again automatically; English or the catalogue's. */
function unsentLine(
  state: Exclude<ConsentedPayoutState, { state: "sent" }>,
  amount: string,
  name: string | null,
  say: Say,
  day: (d: CalendarDay) => string,
) {
  const what = name === null ? amount : `${amount} from ${name}`;
  const part = name === null ? "" : "rest.";
  const values: Record<string, string> = name === null ? { amount } : { amount, name };
  switch (state.state) {
    case "sending":
      return say(`turnConsent.partial.${part}sending`, `${what} being sent`, values);
    case "failed":
      return say(`turnConsent.partial.${part}failed`, `${what} failed on ${day(state.on)}; it will be sent again on ${day(state.againOn)}`, {
        ...values,
        date: day(state.on),
        again: day(state.againOn),
      });
    case "stopped":
      return state.cancelled
        ? say(`turnConsent.partial.${part}cancelled`, `${what} was cancelled on ${day(state.on)} and will not be sent again automatically`, {
            ...values,
            date: day(state.on),
          })
        : say(
            `turnConsent.partial.${part}stopped`,
            `${what} failed on ${day(state.on)} and will not be sent again automatically; Rosca's support team has been told`,
            { ...values, date: day(state.on) },
          );
  }
}

/**
 * A consented turn's amount in lines, each part where it really is: first what the bank has accepted ("$200.00 sent on
 * Jan 23, 2026"; the whole pot once every part was sent on, dated by the last), unless nothing has been; then each part
 * not sent: the payout of what arrived being sent, failed and sent again on a day, or not sent again; a late part sent
 * on but not yet accepted or failed; each part still owed, by whom. "Sent" only once the bank accepted it. `sent` is the
 * first line when something was sent (null otherwise), `others` the rest.
 */
export function partialPayoutParts(partial: PartialPayoutFacts, words?: ReaderWords): { sent: string | null; others: string[] } {
  const money = (cents: number) => formatMoney(cents, words?.locale);
  const day = (d: CalendarDay) => formatCalendarDay(d, "medium", words?.locale);
  const say: Say = (id, english, values) => (words ? words.t(id as Parameters<Words>[0], values) : english);
  const parts = [
    { cents: partial.arrivedCents, name: null as string | null, state: partial.payout },
    ...partial.debts
      .filter((d) => d.status === "collected")
      .map((d) => ({ cents: d.amountCents, name: d.name as string | null, state: d.rest ?? ({ state: "sending" } as const) })),
  ];
  const sentParts = parts.flatMap((p) => (p.state.state === "sent" ? [{ cents: p.cents, on: p.state.on }] : []));
  let sent: string | null = null;
  if (sentParts.length > 0) {
    const amount = money(sentParts.reduce((sum, p) => sum + p.cents, 0));
    const days = [...new Set(sentParts.map((p) => p.on))].sort();
    const last = day(days.at(-1)!);
    sent =
      days.length === 1
        ? say("turnConsent.partial.sent", `${amount} sent on ${last}`, { amount, date: last })
        : say("turnConsent.partial.sentLast", `${amount} sent, the last part on ${last}`, { amount, date: last });
  }
  const others = parts.flatMap((p) => (p.state.state === "sent" ? [] : [unsentLine(p.state, money(p.cents), p.name, say, day)]));
  for (const d of partial.debts.filter((d) => d.status === "owed"))
    others.push(
      say("turnConsent.partial.owed", `${money(d.amountCents)} still owed by ${d.name}, sent on when it arrives`, {
        amount: money(d.amountCents),
        name: d.name,
      }),
    );
  return { sent, others };
}

/** The same as lines (the first the amount a page shows in bold): partialPayoutParts. Never "sent" before the bank accepted it. */
export function partialPayoutLines(partial: PartialPayoutFacts, words?: ReaderWords): string[] {
  const { sent, others } = partialPayoutParts(partial, words);
  return sent === null ? others : [sent, ...others];
}
