/**
 * Toast descriptions with a name or a turn in them, in the reader's language (ADR 056, part five (m)). English is the
 * sentence the domain has always written, word for word (SWAP_MESSAGES); another language says the same facts from
 * the catalogue (`toasts.*`), the days by the locale. Pure; apart from swaps.ts so the domain's rules need no
 * translator.
 */
import { formatCalendarDay } from "./format";
import { DEFAULT_LOCALE, type Locale } from "./locale";
import type { Words } from "./messages/words";
import { plannedDates } from "./payment-dates";
import type { CalendarDay } from "./schedule";
import { SWAP_MESSAGES } from "./swaps";

/** What a turn swap's toast says beyond its title: whom we asked, or the turn the reader now has (and its days). */
export type SwapToast = { kind: "proposed"; name: string } | { kind: "swapped"; turn: number; dueOn: CalendarDay };

export function swapToastIn(toast: SwapToast, words?: Words, locale: Locale = DEFAULT_LOCALE): string {
  if (!words || locale === DEFAULT_LOCALE) {
    return toast.kind === "proposed" ? SWAP_MESSAGES.proposedToYou(toast.name) : SWAP_MESSAGES.swappedToYou(toast.turn, toast.dueOn);
  }
  if (toast.kind === "proposed") return words("toasts.swap.proposed", { name: toast.name });
  // A turn open to a swap has no transfer yet, so its days are the planned ones (as turnPayoutText says them).
  const dates = plannedDates(toast.turn, toast.dueOn);
  const day = (value: { day: string } | null) => (value ? formatCalendarDay(value.day, "long", locale) : "");
  return words("toasts.swap.swapped", { turn: toast.turn, sentOn: day(dates.sent), arrivesOn: day(dates.arrival) });
}
