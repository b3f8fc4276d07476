/**
 * The payout timeline: every turn of the cycle along a line, done ones filled, the next one ringed, today between
 * them. An ordered list drawn with CSS and small inline SVG markers, so it is text first: it reflows on a phone,
 * reads in order to a screen reader, and needs no script. The track scrolls sideways when twelve turns don't fit.
 */
import { type Translate, useLocale, useT } from "~/components/i18n";
import { escapeText, remembered } from "~/components/ui/markup";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatDate } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import { headlineStep, type PaymentDates, stepText } from "~/domain/payment-dates";
import type { CalendarDay } from "~/domain/schedule";

export type TimelineTurn = {
  position: number;
  /** "You", a name, or null when nobody holds the turn yet. */
  recipient: string | null;
  date: CalendarDay;
  status: "completed" | "pending";
  isYou: boolean;
  /** The payout's dates (payment-dates.ts): the timeline shows its arrival, done or expected, else its due day. */
  dates?: Pick<PaymentDates, "due" | "arrival">;
};

export function PayoutTimeline({
  turns,
  today,
  projected,
  emptyRecipient,
}: {
  turns: TimelineTurn[];
  today: CalendarDay;
  projected: boolean;
  emptyRecipient: string;
}) {
  const t = useT();
  const locale = useLocale();
  const next = turns.find((turn) => turn.status === "pending")?.position ?? null;
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="text-lg font-semibold text-slate-900">
        {t("groupPage.timeline")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {projected
          ? t("groupPage.timelineProjected")
          : next === null
            ? t("groupPage.timelineAllPaid")
            : t("groupPage.timelineProgress", {
                made: turns.filter((turn) => turn.status === "completed").length,
                count: turns.length,
                today: formatDate(today, { locale }),
              })}
      </p>
      <ScrollRegion label={t("groupPage.timelineScrolls")} className="mt-4">
        <ol
          className="relative flex w-full min-w-max pb-2"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (timelineMarkup): fixed tags and classes, every text escaped as React escapes it.
          dangerouslySetInnerHTML={{
            __html: remembered(`timeline:${JSON.stringify([locale, emptyRecipient, next, turns])}`, t, (words) =>
              timelineMarkup(turns, next, emptyRecipient, words, locale),
            ),
          }}
        />
      </ScrollRegion>
    </section>
  );
}

const DONE_MARKER =
  '<circle cx="12" cy="12" r="11" fill="#047857"></circle><path d="M7 12.5l3 3 7-7" fill="none" stroke="#ffffff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"></path>';
const NEXT_MARKER = '<circle cx="12" cy="12" r="9.5" fill="#ffffff" stroke="#047857" stroke-width="4"></circle>';
const PENDING_MARKER = '<circle cx="12" cy="12" r="9.5" fill="#ffffff" stroke="#94a3b8" stroke-width="2"></circle>';

/**
 * The timeline's steps, one <li> per turn, as markup (ADR 059 part six (j)): about nine elements a turn that nothing on
 * the client changes, written as one string instead of React elements; the same markup React wrote for them
 * (payout-timeline.test.tsx renders both and compares them).
 */
export function timelineMarkup(turns: TimelineTurn[], next: number | null, emptyRecipient: string, t: Translate, locale: Locale): string {
  const parts: string[] = [];
  turns.forEach((turn, index) => {
    const done = turn.status === "completed";
    const isNext = turn.position === next;
    const when = turn.dates
      ? stepText(headlineStep(turn.dates).kind, headlineStep(turn.dates).step, { yours: turn.isYou, t, locale })
      : formatDate(turn.date, { style: "medium", locale });
    parts.push(
      `<li class="relative flex min-w-24 flex-1 flex-col items-center text-center" data-status="${done ? "completed" : isNext ? "next" : "pending"}">`,
      index > 0 ? `<span aria-hidden="true" class="absolute top-3 right-1/2 h-0.5 w-full ${done ? "bg-brand-600" : "bg-slate-300"}"></span>` : "",
      `<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" class="relative h-6 w-6">${done ? DONE_MARKER : isNext ? NEXT_MARKER : PENDING_MARKER}</svg>`,
      `<span class="mt-1 text-xs text-slate-600">${escapeText(t("groupPage.turn", { position: turn.position }))}</span>`,
      `<span class="mt-0.5 max-w-full truncate px-1 text-sm ${turn.isYou ? "font-bold text-brand-800" : "font-medium text-slate-900"}">${escapeText(turn.isYou ? t("groupCard.you") : (turn.recipient ?? emptyRecipient))}</span>`,
      `<span class="text-xs text-slate-600">${escapeText(when)}</span>`,
      `<span class="text-xs ${done ? "text-brand-800" : isNext ? "font-semibold text-slate-900" : "text-slate-600"}">${escapeText(done ? t("groupPage.paid") : isNext ? t("groupPage.next") : t("groupPage.pending"))}</span>`,
      "</li>",
    );
  });
  return parts.join("");
}
