/**
 * The group's pool over its cycle: money in (contributions) raises it, payouts take it back to zero. Server-rendered
 * SVG, no script: it reads the same with JavaScript off. The drawing is decorative for assistive technology
 * (aria-hidden); the sentence under it and the table in "Show the numbers" (a <details>, so it opens without
 * JavaScript) carry the same facts as text.
 */
import { type Translate, useLocale, useT } from "~/components/i18n";
import { escapeText, remembered } from "~/components/ui/markup";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { dayOffset, linear, moneyTicks, poolStepPoints, type PoolChart } from "~/domain/charts";
import { formatDate, formatMoney, formatMoneyShort } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import type { CalendarDay } from "~/domain/schedule";

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 16, right: 20, bottom: 44, left: 64 };
/** Contrast at least 3:1 against white (graphical objects, WCAG 1.4.11). */
const COLOURS = { in: "#059669", out: "#c2410c", balance: "#0f172a" };

export type PoolChartProps = {
  chart: PoolChart;
  /** The group's clock today; the line stops here for a running group. */
  today: CalendarDay;
  status: "active" | "completed";
  /** The due days, for the x axis. */
  dueDays: CalendarDay[];
};

export function PoolBalanceChart({ chart, today, status, dueDays }: PoolChartProps) {
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const empty = chart.days.length === 0;
  // The drawing and the numbers are the same for every member of the group until its pool or clock changes: remembered
  // by everything they are drawn from (ADR 059 part seven (n)).
  const inputs = JSON.stringify([locale, today, status, dueDays, chart]);
  return (
    <figure aria-labelledby="pool-chart-caption">
      {/* Below 28rem the labels would shrink past reading: the chart scrolls sideways inside its card instead. */}
      <ScrollRegion label={t("groupPage.pool.chart")}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full min-w-[28rem]"
          aria-hidden="true"
          focusable="false"
          data-chart="pool-balance"
          fontFamily="inherit"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own drawing (chartMarkup): numbers we compute, and every text (money, dates, the catalogue's words) escaped as React escapes it.
          dangerouslySetInnerHTML={{
            __html: remembered(`pool-chart:${inputs}`, t, (words) => poolDrawing(chart, today, status, dueDays, words, locale)),
          }}
        />
      </ScrollRegion>
      {empty ? null : (
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-hidden="true">
          <li className="flex items-center gap-2">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: COLOURS.in }} />
            {t("groupPage.pool.in")}
          </li>
          <li className="flex items-center gap-2">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: COLOURS.out }} />
            {t("groupPage.pool.out")}
          </li>
          <li className="flex items-center gap-2">
            <span className="inline-block h-0.5 w-4" style={{ background: COLOURS.balance }} />
            {t("groupPage.poolBalance")}
          </li>
        </ul>
      )}
      <figcaption id="pool-chart-caption" className="mt-2 text-sm text-slate-700">
        {locale === "en-US" ? poolSentence(chart, status) : poolSentenceIn(chart, status, t, locale)}
      </figcaption>
      {empty ? null : (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">{t("groupPage.pool.numbers")}</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{t("groupPage.pool.byDay")}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {t("groupPage.date")}
                  </th>
                  <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                    {t("groupPage.pool.in")}
                  </th>
                  <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                    {t("groupPage.pool.out")}
                  </th>
                  <th scope="col" className="py-1.5 text-right font-medium">
                    {t("groupPage.poolBalance")}
                  </th>
                </tr>
              </thead>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (numbersMarkup): dates and amounts, escaped as React escapes them. */}
              <tbody dangerouslySetInnerHTML={{ __html: remembered(`pool-numbers:${inputs}`, t, () => numbersMarkup(chart.days, money, locale)) }} />
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}

/**
 * The rows of "Show the numbers", one per day money moved (four cells each), as markup: the same markup React wrote for
 * them (ADR 059 part six (j); pool-balance-chart.test.tsx compares them).
 */
export function numbersMarkup(days: PoolChart["days"], money: (cents: number) => string, locale: Locale): string {
  return days
    .map(
      (day) =>
        `<tr class="border-b border-slate-100"><th scope="row" class="py-1.5 pr-3 font-normal">${escapeText(formatDate(day.day, { style: "medium", locale }))}</th>` +
        `<td class="py-1.5 pr-3 text-right">${day.inCents ? escapeText(money(day.inCents)) : "—"}</td>` +
        `<td class="py-1.5 pr-3 text-right">${day.outCents ? escapeText(money(day.outCents)) : "—"}</td>` +
        `<td class="py-1.5 text-right font-medium">${escapeText(money(day.balanceCents))}</td></tr>`,
    )
    .join("");
}

/** The chart's drawing (the inside of its <svg>) from the pool, the group's today and its due days. */
function poolDrawing(
  chart: PoolChart,
  today: CalendarDay,
  status: PoolChartProps["status"],
  dueDays: CalendarDay[],
  t: Translate,
  locale: Locale,
): string {
  const biggest = Math.max(chart.maxCents, ...chart.days.map((day) => Math.max(day.inCents, day.outCents)));
  const ticks = moneyTicks(biggest);
  const top = ticks[ticks.length - 1]!;
  // Payouts go below the axis, so the chart reads "in" up and "out" down; without any payout yet, no room below.
  const paidOut = chart.totalOutCents > 0;
  const bottom = paidOut ? -top : 0;
  const allTicks = paidOut
    ? [
        ...ticks
          .slice(1)
          .map((tick) => -tick)
          .reverse(),
        ...ticks,
      ]
    : ticks;
  const spanDays = Math.max(1, dayOffset(chart.start, chart.end));
  const xOfOffset = linear(0, spanDays, MARGIN.left + 8, WIDTH - MARGIN.right - 8);
  const x = (day: CalendarDay) => xOfOffset(dayOffset(chart.start, day));
  const y = linear(bottom, top, HEIGHT - MARGIN.bottom, MARGIN.top);
  const until = status === "completed" || today > chart.end ? chart.end : today < chart.start ? chart.start : today;
  const points = poolStepPoints(chart, until, x, y);
  const barWidth = Math.min(16, Math.max(4, (WIDTH - MARGIN.left - MARGIN.right) / spanDays / 2));
  // Label every due day when they fit (about 44 px each), else every second or third one.
  const every = Math.max(1, Math.ceil((dueDays.length * 44) / (WIDTH - MARGIN.left - MARGIN.right)));
  const empty = chart.days.length === 0;
  const shown = chart.days.filter((day) => day.day <= until);

  return chartMarkup({ allTicks, dueDays, every, empty, shown, points, barWidth, status, today, chart, top, x, y, t, locale });
}

/**
 * The drawing inside the chart's <svg>, as markup: some 85 elements that never change on the client (aria-hidden, no
 * handlers), written as one string instead of React elements; the same markup React wrote for them before (ADR 059
 * part five (g): the group page's render is proportional to its elements).
 */
function chartMarkup(input: {
  allTicks: number[];
  dueDays: CalendarDay[];
  every: number;
  empty: boolean;
  shown: PoolChart["days"];
  points: ReturnType<typeof poolStepPoints>;
  barWidth: number;
  status: PoolChartProps["status"];
  today: CalendarDay;
  chart: PoolChart;
  top: number;
  x: (day: CalendarDay) => number;
  y: (cents: number) => number;
  t: Translate;
  locale: Locale;
}): string {
  const { allTicks, dueDays, every, empty, shown, points, barWidth, status, today, chart, top, x, y, t, locale } = input;
  const parts: string[] = [];
  for (const tick of allTicks) {
    const label = tick < 0 ? `−${formatMoneyShort(-tick, locale)}` : formatMoneyShort(tick, locale);
    parts.push(
      `<g><line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(tick)}" y2="${y(tick)}" stroke="${tick === 0 ? "#94a3b8" : "#e2e8f0"}" stroke-width="1"></line>`,
      `<text x="${MARGIN.left - 8}" y="${y(tick)}" dy="0.32em" text-anchor="end" font-size="12" fill="#475569">${escapeText(label)}</text></g>`,
    );
  }
  dueDays.forEach((day, index) => {
    if (index % every !== 0) return;
    const label = formatDate(day, { style: "medium", locale }).replace(/,? \d{4}$/, "");
    parts.push(
      `<g><line x1="${x(day)}" x2="${x(day)}" y1="${HEIGHT - MARGIN.bottom}" y2="${HEIGHT - MARGIN.bottom + 5}" stroke="#94a3b8"></line>`,
      `<text x="${x(day)}" y="${HEIGHT - MARGIN.bottom + 20}" text-anchor="middle" font-size="12" fill="#475569">${escapeText(label)}</text></g>`,
    );
  });
  parts.push(`<text x="${MARGIN.left}" y="${HEIGHT - 6}" font-size="12" fill="#475569">${escapeText(t("groupPage.pool.dueDays"))}</text>`);
  if (empty) {
    parts.push(
      `<text x="${(MARGIN.left + WIDTH - MARGIN.right) / 2}" y="${y(top / 2)}" text-anchor="middle" font-size="14" fill="#475569">${escapeText(t("groupPage.pool.nothingYet"))}</text>`,
    );
  } else {
    for (const day of shown) {
      parts.push("<g>");
      if (day.inCents > 0) {
        parts.push(
          `<rect x="${x(day.day) - barWidth / 2}" y="${y(day.inCents)}" width="${barWidth}" height="${y(0) - y(day.inCents)}" fill="${COLOURS.in}" rx="1.5"></rect>`,
        );
      }
      if (day.outCents > 0) {
        parts.push(
          `<rect x="${x(day.day) - barWidth / 2}" y="${y(0)}" width="${barWidth}" height="${y(-day.outCents) - y(0)}" fill="${COLOURS.out}" rx="1.5"></rect>`,
        );
      }
      parts.push("</g>");
    }
    const line = points.map(([px, py], index) => `${index === 0 ? "M" : "L"}${px.toFixed(1)},${py.toFixed(1)}`).join(" ");
    parts.push(`<path d="${line}" fill="none" stroke="${COLOURS.balance}" stroke-width="2.5" stroke-linejoin="round"></path>`);
  }
  if (status === "active" && today >= chart.start && today <= chart.end) {
    parts.push(
      `<g><line x1="${x(today)}" x2="${x(today)}" y1="${MARGIN.top}" y2="${HEIGHT - MARGIN.bottom}" stroke="#0f172a" stroke-dasharray="4 3"></line>`,
      `<text x="${x(today) + 4}" y="${MARGIN.top}" dy="0.8em" font-size="12" fill="#0f172a">${escapeText(t("groupPage.pool.today"))}</text></g>`,
    );
  }
  return parts.join("");
}

export function poolSentence(chart: PoolChart, status: "active" | "completed") {
  if (chart.days.length === 0) return "No money has moved yet: the pool fills as contributions settle on each due day.";
  const moved = `${formatMoney(chart.totalInCents)} has come in and ${formatMoney(chart.totalOutCents)} has been paid out`;
  if (status === "completed") return `Cycle complete: ${moved}. The pool is back to ${formatMoney(chart.balanceCents)}.`;
  return `The pool holds ${formatMoney(chart.balanceCents)} now: ${moved} so far.`;
}

/** poolSentence in the reader's language (the catalogue's `groupPage.pool.*`), the same figures. */
export function poolSentenceIn(chart: PoolChart, status: "active" | "completed", t: Translate, locale: Locale) {
  if (chart.days.length === 0) return t("groupPage.pool.nothingMoved");
  const figures = {
    in: formatMoney(chart.totalInCents, locale),
    out: formatMoney(chart.totalOutCents, locale),
    balance: formatMoney(chart.balanceCents, locale),
  };
  return t(status === "completed" ? "groupPage.pool.completeSentence" : "groupPage.pool.holdsSentence", figures);
}
