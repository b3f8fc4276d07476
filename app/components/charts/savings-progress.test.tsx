/** The savings chart's inside, written as one string (ADR 059 part seven (m)): the same markup React wrote for it. */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { share, type SavingsProgress as Progress } from "~/domain/charts";
import { formatMoney } from "~/domain/format";
import { LocaleProvider, useLocale, useT } from "../i18n";
import { SavingsProgress } from "./savings-progress";

/** The component as React elements (main at 4edde69): the reference the markup must match byte for byte. */
function ReferenceBar({ fraction, colour }: { fraction: number; colour: string }) {
  return (
    <svg viewBox="0 0 200 8" preserveAspectRatio="none" className="mt-1 h-2 w-full" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width={200} height="8" rx="4" fill="#e2e8f0" />
      {fraction > 0 ? <rect x="0" y="0" width={Math.max(8, fraction * 200)} height="8" rx="4" fill={colour} /> : null}
    </svg>
  );
}
function ReferenceSavingsProgress({ progress, label }: { progress: Progress; label: string }) {
  const turnWidth = 100 / Math.max(1, progress.turns);
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the reference, as it was
    <div className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 text-sm" role="group" aria-label={label} data-chart="savings">
      <div>
        <p className="flex justify-between gap-2 text-slate-700">
          <span>{t("savings.paidIn")}</span>
          <span className="font-semibold text-slate-900">
            {money(progress.paidInCents)}{" "}
            <span className="font-normal text-slate-600">{t("savings.of", { amount: money(progress.cycleCents) })}</span>
          </span>
        </p>
        <ReferenceBar fraction={share(progress.paidInCents, progress.cycleCents)} colour="#047857" />
      </div>
      <div>
        <p className="flex justify-between gap-2 text-slate-700">
          <span>{t("savings.received")}</span>
          <span className="font-semibold text-slate-900">
            {money(progress.receivedCents)}{" "}
            <span className="font-normal text-slate-600">{t("savings.of", { amount: money(progress.cycleCents) })}</span>
          </span>
        </p>
        <ReferenceBar fraction={share(progress.receivedCents, progress.cycleCents)} colour="#0369a1" />
      </div>
      <div>
        <p className="text-slate-700">
          {progress.yourTurn === null
            ? t("savings.turnDrawn")
            : t("savings.yourTurn", { turn: progress.yourTurn, turns: progress.turns, completed: progress.completedTurns })}
        </p>
        <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="mt-1 h-3 w-full" aria-hidden="true" focusable="false">
          {Array.from({ length: progress.turns }, (_, index) => {
            const turn = index + 1;
            const done = turn <= progress.completedTurns;
            const yours = turn === progress.yourTurn;
            return (
              <rect
                key={turn}
                x={index * turnWidth + 0.5}
                y={1}
                width={turnWidth - 1}
                height={8}
                rx={1}
                fill={yours ? (done ? "#0369a1" : "#bae6fd") : done ? "#047857" : "#e2e8f0"}
                stroke={yours ? "#0c4a6e" : "none"}
                strokeWidth={yours ? 1.2 : 0}
                vectorEffect="non-scaling-stroke"
              />
            );
          })}
        </svg>
      </div>
    </div>
  );
}

const MESSAGES = {
  "savings.paidIn": ["Paid in so far"],
  "savings.received": ["Received"],
  "savings.of": ["of ", ["amount"]],
  "savings.turnDrawn": ["Your turn is drawn when the group starts"],
  "savings.yourTurn": ["Your payout: turn ", ["turn"], " of ", ["turns"], " · ", ["completed"], " of ", ["turns"], " paid"],
};

function both(progress: Progress, messages: Record<string, unknown> = MESSAGES, locale: "en-US" | "es-US" = "en-US") {
  const render = (element: React.ReactElement) =>
    renderToString(
      <LocaleProvider locale={locale} messages={JSON.stringify(messages)}>
        {element}
      </LocaleProvider>,
    );
  return {
    html: render(<SavingsProgress progress={progress} label="Your savings in Q&A's <circle>" />),
    reference: render(<ReferenceSavingsProgress progress={progress} label="Your savings in Q&A's <circle>" />),
  };
}

describe("SavingsProgress as markup", () => {
  it("writes what React wrote: mid-cycle, your turn paid, ten turns", () => {
    const { html, reference } = both({ paidInCents: 50_000, receivedCents: 100_000, cycleCents: 100_000, turns: 10, completedTurns: 5, yourTurn: 1 });
    expect(html).toBe(reference);
    expect(html).toContain(
      '<span class="font-semibold text-slate-900">$500.00<!-- --> <span class="font-normal text-slate-600">of $1,000.00</span></span>',
    );
    expect(html).toContain("Your payout: turn 1 of 10 · 5 of 10 paid");
    expect(html.match(/<rect /g)).toHaveLength(2 + 2 + 10);
  });

  it("writes what React wrote: nothing paid yet, a turn still to come, three turns (fractional widths)", () => {
    const { html, reference } = both({ paidInCents: 0, receivedCents: 0, cycleCents: 30_000, turns: 3, completedTurns: 0, yourTurn: 2 });
    expect(html).toBe(reference);
    expect(html).toContain('<rect x="33.833333333333336" y="1" width="32.333333333333336" height="8" rx="1" fill="#bae6fd" stroke="#0c4a6e"');
    expect(html.match(/<rect /g)).toHaveLength(1 + 1 + 3);
  });

  it("writes what React wrote: a turn not drawn yet, in Spanish, and escapes every text as React does", () => {
    const messages = {
      ...MESSAGES,
      "savings.paidIn": ["Pagado <hasta> \"ahora\" & 'más'"],
      "savings.turnDrawn": ["Su turno se sortea <al> inicio & ya"],
    };
    const { html, reference } = both(
      { paidInCents: 2_500, receivedCents: 0, cycleCents: 20_000, turns: 0, completedTurns: 0, yourTurn: null },
      messages,
      "es-US",
    );
    expect(html).toBe(reference);
    expect(html).toContain("Pagado &lt;hasta&gt; &quot;ahora&quot; &amp; &#x27;más&#x27;");
    expect(html).toContain("Su turno se sortea &lt;al&gt; inicio &amp; ya");
  });
});
