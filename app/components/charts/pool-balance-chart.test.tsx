/** The pool chart's drawing, written as one string (ADR 059 part five (g)): what it draws, and every text escaped. */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PoolChart } from "~/domain/charts";
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
