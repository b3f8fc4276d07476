/**
 * The payout timeline: every turn of the cycle along a line, done ones filled, the next one ringed, today between
 * them. An ordered list drawn with CSS and small inline SVG markers, so it is text first: it reflows on a phone,
 * reads in order to a screen reader, and needs no script. The track scrolls sideways when twelve turns don't fit.
 */
import { useLocale, useT } from "~/components/i18n";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatDate } from "~/domain/format";
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
        <ol className="relative flex w-full min-w-max pb-2">
          {turns.map((turn, index) => {
            const done = turn.status === "completed";
            const isNext = turn.position === next;
            return (
              <li
                key={turn.position}
                className="relative flex min-w-24 flex-1 flex-col items-center text-center"
                data-status={done ? "completed" : isNext ? "next" : "pending"}
              >
                {/* The track: a segment to the previous turn, solid once its payout is done. */}
                {index > 0 ? (
                  <span aria-hidden="true" className={`absolute top-3 right-1/2 h-0.5 w-full ${done ? "bg-brand-600" : "bg-slate-300"}`} />
                ) : null}
                <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="relative h-6 w-6">
                  {done ? (
                    <>
                      <circle cx="12" cy="12" r="11" fill="#047857" />
                      <path d="M7 12.5l3 3 7-7" fill="none" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                    </>
                  ) : (
                    <circle cx="12" cy="12" r="9.5" fill="#ffffff" stroke={isNext ? "#047857" : "#94a3b8"} strokeWidth={isNext ? 4 : 2} />
                  )}
                </svg>
                <span className="mt-1 text-xs text-slate-600">{t("groupPage.turn", { position: turn.position })}</span>
                <span className={`mt-0.5 max-w-full truncate px-1 text-sm ${turn.isYou ? "font-bold text-brand-800" : "font-medium text-slate-900"}`}>
                  {turn.isYou ? t("groupCard.you") : (turn.recipient ?? emptyRecipient)}
                </span>
                <span className="text-xs text-slate-600">
                  {turn.dates
                    ? stepText(headlineStep(turn.dates).kind, headlineStep(turn.dates).step, { yours: turn.isYou, t, locale })
                    : formatDate(turn.date, { style: "medium", locale })}
                </span>
                <span className={`text-xs ${done ? "text-brand-800" : isNext ? "font-semibold text-slate-900" : "text-slate-600"}`}>
                  {done ? t("groupPage.paid") : isNext ? t("groupPage.next") : t("groupPage.pending")}
                </span>
              </li>
            );
          })}
        </ol>
      </ScrollRegion>
    </section>
  );
}
