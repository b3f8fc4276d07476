/**
 * The payout timeline's steps, written as one string (ADR 059 part six (j)): the same markup React wrote for them, for
 * every kind of step (done, next, pending; yours; nobody yet; arrival or due day), and every text escaped.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatDate } from "~/domain/format";
import { headlineStep, stepText } from "~/domain/payment-dates";
import { LocaleProvider, useLocale, useT } from "../i18n";
import { PayoutTimeline, type TimelineTurn } from "./payout-timeline";

const turns: TimelineTurn[] = [
  {
    position: 1,
    recipient: "Amina <Yusuf>",
    date: "2026-11-02",
    status: "completed",
    isYou: false,
    dates: { due: "2026-11-02", arrival: { day: "2026-11-05", planned: false } },
  },
  {
    position: 2,
    recipient: 'Omar & "Co"',
    date: "2026-11-09",
    status: "pending",
    isYou: true,
    dates: { due: "2026-11-09", arrival: { day: "2026-11-12", planned: true } },
  },
  { position: 3, recipient: null, date: "2026-11-16", status: "pending", isYou: false, dates: { due: "2026-11-16", arrival: null } },
  { position: 4, recipient: "D'Angelo", date: "2026-11-23", status: "pending", isYou: false },
];

/** The steps as the component wrote them with React elements before (main at d171609). */
function ReactSteps({ turns, emptyRecipient }: { turns: TimelineTurn[]; emptyRecipient: string }) {
  const t = useT();
  const locale = useLocale();
  const next = turns.find((turn) => turn.status === "pending")?.position ?? null;
  return (
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
  );
}

const messages = {
  "groupPage.turn": ["Turn ", ["position"]],
  "groupCard.you": ["You"],
  "groupPage.paid": ["Paid"],
  "groupPage.next": ["<Next> & 'so'"],
  "groupPage.pending": ["Pending"],
};

function render(node: React.ReactNode) {
  return renderToString(
    <LocaleProvider locale="en-US" messages={JSON.stringify(messages)}>
      {node}
    </LocaleProvider>,
  );
}

const listOf = (html: string) => html.match(/<ol[^>]*>.*?<\/ol>/s)![0];

describe("PayoutTimeline's steps", () => {
  it("are the markup React wrote for them, every text escaped", () => {
    const html = listOf(render(<PayoutTimeline turns={turns} today="2026-11-10" projected={false} emptyRecipient="Yet to <join>" />));
    expect(html).toBe(listOf(render(<ReactSteps turns={turns} emptyRecipient="Yet to <join>" />)));
    expect(html.match(/<li /g)).toHaveLength(4);
    expect(html).toContain(">Amina &lt;Yusuf&gt;</span>");
    expect(html).toContain(">Yet to &lt;join&gt;</span>");
    expect(html).toContain(">D&#x27;Angelo</span>");
    expect(html).toContain(">&lt;Next&gt; &amp; &#x27;so&#x27;</span>");
    expect(html).toContain('data-status="next"');
    expect(html).not.toContain("<join>");
  });
});
