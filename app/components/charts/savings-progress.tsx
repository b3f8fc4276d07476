/**
 * A member's place in one group at a glance: paid in so far vs received (two bars against one cycle's total, which is
 * also the payout), and where their payout falls among the turns. Server-rendered SVG bars with the figures written
 * beside them as text (the bars are decorative to assistive technology; the words say it all), no script.
 *
 * Nothing in it changes on the client (no handlers, no state), so its inside is one string (`savingsMarkup`) set on the
 * element React renders: about 19 elements plus one per turn per card, the same markup React wrote for them (ADR 059
 * part seven (m); `escapeText` escapes as React does).
 */
import { share, type SavingsProgress as Progress } from "~/domain/charts";
import { formatMoney } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import { escapeText } from "../ui/markup";
import { type Translate, useLocale, useT } from "../i18n";

const BAR_WIDTH = 200;

function barMarkup(fraction: number, colour: string): string {
  const fill = fraction > 0 ? `<rect x="0" y="0" width="${Math.max(8, fraction * BAR_WIDTH)}" height="8" rx="4" fill="${colour}"></rect>` : "";
  return `<svg viewBox="0 0 ${BAR_WIDTH} 8" preserveAspectRatio="none" class="mt-1 h-2 w-full" aria-hidden="true" focusable="false"><rect x="0" y="0" width="${BAR_WIDTH}" height="8" rx="4" fill="#e2e8f0"></rect>${fill}</svg>`;
}

/** One figure's line and bar ("Paid in so far  $500.00 of $1,000.00"). */
function figureMarkup(label: string, amount: string, of: string, fraction: number, colour: string): string {
  return `<div><p class="flex justify-between gap-2 text-slate-700"><span>${escapeText(label)}</span><span class="font-semibold text-slate-900">${escapeText(amount)}<!-- --> <span class="font-normal text-slate-600">${escapeText(of)}</span></span></p>${barMarkup(fraction, colour)}</div>`;
}

/** The chart's inside as markup: the two figures with their bars, and the cycle as a strip of turns. */
export function savingsMarkup(progress: Progress, t: Translate, locale: Locale): string {
  const money = (cents: number) => formatMoney(cents, locale);
  const turnWidth = 100 / Math.max(1, progress.turns);
  const of = t("savings.of", { amount: money(progress.cycleCents) });
  const turnLine =
    progress.yourTurn === null
      ? t("savings.turnDrawn")
      : t("savings.yourTurn", { turn: progress.yourTurn, turns: progress.turns, completed: progress.completedTurns });
  // The cycle as a strip of turns: done ones filled, yours outlined and marked.
  let strip = "";
  for (let index = 0; index < progress.turns; index++) {
    const turn = index + 1;
    const done = turn <= progress.completedTurns;
    const yours = turn === progress.yourTurn;
    const fill = yours ? (done ? "#0369a1" : "#bae6fd") : done ? "#047857" : "#e2e8f0";
    strip += `<rect x="${index * turnWidth + 0.5}" y="1" width="${turnWidth - 1}" height="8" rx="1" fill="${fill}" stroke="${yours ? "#0c4a6e" : "none"}" stroke-width="${yours ? 1.2 : 0}" vector-effect="non-scaling-stroke"></rect>`;
  }
  return (
    figureMarkup(t("savings.paidIn"), money(progress.paidInCents), of, share(progress.paidInCents, progress.cycleCents), "#047857") +
    figureMarkup(t("savings.received"), money(progress.receivedCents), of, share(progress.receivedCents, progress.cycleCents), "#0369a1") +
    `<div><p class="text-slate-700">${escapeText(turnLine)}</p><svg viewBox="0 0 100 10" preserveAspectRatio="none" class="mt-1 h-3 w-full" aria-hidden="true" focusable="false">${strip}</svg></div>`
  );
}

export function SavingsProgress({ progress, label }: { progress: Progress; label: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a chart's parts named as one group; a fieldset is for form controls
    <div
      className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 text-sm"
      role="group"
      aria-label={label}
      data-chart="savings"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (savingsMarkup): amounts, numbers we compute and the catalogue's words, escaped as React escapes them.
      dangerouslySetInnerHTML={{ __html: savingsMarkup(progress, t, locale) }}
    />
  );
}
