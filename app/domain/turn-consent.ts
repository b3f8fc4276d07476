/**
 * A turn never paid, resolved (ADR 053, step 4): the recipient may consent to be paid what arrived; what a missing
 * member owes stays on the group's ledger as owed to the recipient and is sent on when it arrives. Pure rules and
 * words; the engine is app/server/money/turn-consent.server.ts.
 */
import { fullDate, UNPAID_TURN_DAYS } from "./failed-contribution";
import { formatMoney } from "./format";
import type { Locale } from "./locale";
import type { Words } from "./messages/words";
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

/** A consented turn as the schedule and the Next Payout card show its amount (ADR 053 step 4). */
export type PartialPayoutFacts = {
  arrivedCents: number;
  debts: ReadonlyArray<{ name: string; amountCents: number; status: "owed" | "collected" }>;
};

/**
 * What a consented turn has sent its recipient: what arrived, plus each late part collected and sent on. The figure
 * every surface names the turn's payout by (the schedule, the Next Payout card, the calendar file).
 */
export function partialSentCents(partial: PartialPayoutFacts): number {
  return partial.arrivedCents + partial.debts.filter((d) => d.status === "collected").reduce((sum, d) => sum + d.amountCents, 0);
}

/**
 * The amount of a turn whose recipient accepted what had arrived: what was actually sent (what arrived, plus each
 * late part collected and sent on), then each part still owed, by whom. Never the full pot while a part is owed.
 */
export function partialPayoutLines(partial: PartialPayoutFacts, words?: ReaderWords): string[] {
  const sentCents = partialSentCents(partial);
  const owed = partial.debts.filter((d) => d.status === "owed");
  if (words) {
    const money = (cents: number) => formatMoney(cents, words.locale);
    return [
      words.t("turnConsent.partial.sent", { amount: money(sentCents) }),
      ...owed.map((d) => words.t("turnConsent.partial.owed", { amount: money(d.amountCents), name: d.name })),
    ];
  }
  return [`${formatMoney(sentCents)} sent`, ...owed.map((d) => `${formatMoney(d.amountCents)} still owed by ${d.name}, sent on when it arrives`)];
}
