/**
 * A member's place in one group at a glance: paid in so far vs received (two bars against one cycle's total, which is
 * also the payout), and where their payout falls among the turns. Server-rendered SVG bars with the figures written
 * beside them as text (the bars are decorative to assistive technology; the words say it all), no script.
 */
import { share, type SavingsProgress as Progress } from "~/domain/charts";
import { formatMoney } from "~/domain/format";
import { useLocale, useT } from "../i18n";

const BAR_WIDTH = 200;

function Bar({ fraction, colour }: { fraction: number; colour: string }) {
  return (
    <svg viewBox={`0 0 ${BAR_WIDTH} 8`} preserveAspectRatio="none" className="mt-1 h-2 w-full" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width={BAR_WIDTH} height="8" rx="4" fill="#e2e8f0" />
      {fraction > 0 ? <rect x="0" y="0" width={Math.max(8, fraction * BAR_WIDTH)} height="8" rx="4" fill={colour} /> : null}
    </svg>
  );
}

export function SavingsProgress({ progress, label }: { progress: Progress; label: string }) {
  const turnWidth = 100 / Math.max(1, progress.turns);
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a chart's parts named as one group; a fieldset is for form controls
    <div className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 text-sm" role="group" aria-label={label} data-chart="savings">
      <div>
        <p className="flex justify-between gap-2 text-slate-700">
          <span>{t("savings.paidIn")}</span>
          <span className="font-semibold text-slate-900">
            {money(progress.paidInCents)}{" "}
            <span className="font-normal text-slate-600">{t("savings.of", { amount: money(progress.cycleCents) })}</span>
          </span>
        </p>
        <Bar fraction={share(progress.paidInCents, progress.cycleCents)} colour="#047857" />
      </div>
      <div>
        <p className="flex justify-between gap-2 text-slate-700">
          <span>{t("savings.received")}</span>
          <span className="font-semibold text-slate-900">
            {money(progress.receivedCents)}{" "}
            <span className="font-normal text-slate-600">{t("savings.of", { amount: money(progress.cycleCents) })}</span>
          </span>
        </p>
        <Bar fraction={share(progress.receivedCents, progress.cycleCents)} colour="#0369a1" />
      </div>
      <div>
        <p className="text-slate-700">
          {progress.yourTurn === null
            ? t("savings.turnDrawn")
            : t("savings.yourTurn", { turn: progress.yourTurn, turns: progress.turns, completed: progress.completedTurns })}
        </p>
        {/* The cycle as a strip of turns: done ones filled, yours outlined and marked. */}
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
