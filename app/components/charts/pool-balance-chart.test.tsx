/** The pool chart's drawing, written as one string (ADR 059 part five (g)): what it draws, and every text escaped. */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PoolChart } from "~/domain/charts";
import { formatDate, formatMoney } from "~/domain/format";
import { LocaleProvider } from "../i18n";
import { PoolBalanceChart } from "./pool-balance-chart";

const chart: PoolChart = {
  days: [
    { day: "2026-11-03", inCents: 30_000, outCents: 0, balanceCents: 30_000 },
    { day: "2026-11-04", inCents: 0, outCents: 30_000, balanceCents: 0 },
    { day: "2026-11-10", inCents: 30_000, outCents: 0, balanceCents: 30_000 },
  ],
  start: "2026-11-02",
  end: "2026-11-16",
  maxCents: 30_000,
  totalInCents: 60_000,
  totalOutCents: 30_000,
  balanceCents: 30_000,
};

function svgOf(messages: Record<string, string[]>, today = "2026-11-12") {
  const html = renderToString(
    <LocaleProvider locale="en-US" messages={JSON.stringify(messages)}>
      <PoolBalanceChart chart={chart} today={today} status="active" dueDays={["2026-11-02", "2026-11-09", "2026-11-16"]} />
    </LocaleProvider>,
  );
  return html.match(/<svg[^>]*data-chart="pool-balance"[^>]*>.*?<\/svg>/s)![0];
}

describe("PoolBalanceChart's drawing", () => {
  it("draws a bar per movement, the balance line, the due days, the money ticks and today", () => {
    const svg = svgOf({ "groupPage.pool.today": ["Today"], "groupPage.pool.dueDays": ["Due days"] });
    expect(svg.match(/<rect /g)).toHaveLength(3);
    expect(svg.match(/fill="#059669"/g)).toHaveLength(2);
    expect(svg.match(/fill="#c2410c"/g)).toHaveLength(1);
    expect(svg).toMatch(
      /<path d="M[\d.]+,[\d.]+( L[\d.]+,[\d.]+)+" fill="none" stroke="#0f172a" stroke-width="2.5" stroke-linejoin="round"><\/path>/,
    );
    for (const label of [">Nov 2<", ">Nov 9<", ">Nov 16<", ">Due days<", ">Today<", ">$0<", ">−$300<", ">$300<"]) {
      expect(svg).toContain(label);
    }
    expect(svg).toContain('stroke-dasharray="4 3"');
    // No "Today" once the day is past the cycle's end.
    expect(svgOf({ "groupPage.pool.today": ["Today"] }, "2026-11-20")).not.toContain("stroke-dasharray");
  });

  it("escapes every text as React would", () => {
    const svg = svgOf({ "groupPage.pool.today": ['<b>Hoy</b> & "ya"'], "groupPage.pool.dueDays": ["Días 'de pago'"] });
    expect(svg).toContain(">&lt;b&gt;Hoy&lt;/b&gt; &amp; &quot;ya&quot;</text>");
    expect(svg).toContain(">Días &#x27;de pago&#x27;</text>");
    expect(svg).not.toContain("<b>");
  });
});

describe("PoolBalanceChart's numbers", () => {
  it("are the rows React wrote for them (main at d171609)", () => {
    const html = renderToString(
      <LocaleProvider locale="en-US" messages={JSON.stringify({})}>
        <PoolBalanceChart chart={chart} today="2026-11-12" status="active" dueDays={["2026-11-02", "2026-11-09", "2026-11-16"]} />
      </LocaleProvider>,
    );
    const reference = renderToString(
      <table>
        <tbody>
          {chart.days.map((day) => (
            <tr key={day.day} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 pr-3 font-normal">
                {formatDate(day.day, { style: "medium", locale: "en-US" })}
              </th>
              <td className="py-1.5 pr-3 text-right">{day.inCents ? formatMoney(day.inCents, "en-US") : "—"}</td>
              <td className="py-1.5 pr-3 text-right">{day.outCents ? formatMoney(day.outCents, "en-US") : "—"}</td>
              <td className="py-1.5 text-right font-medium">{formatMoney(day.balanceCents, "en-US")}</td>
            </tr>
          ))}
        </tbody>
      </table>,
    );
    const body = (markup: string) => markup.match(/<tbody>.*?<\/tbody>/s)![0];
    expect(body(html)).toBe(body(reference));
    expect(body(html)).toContain('<th scope="row" class="py-1.5 pr-3 font-normal">Nov 4, 2026</th><td class="py-1.5 pr-3 text-right">—</td>');
  });
});
