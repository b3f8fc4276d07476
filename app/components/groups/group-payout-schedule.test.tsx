/**
 * The payout schedule's rows written as one string (ADR 059 part six (j)): the same markup ScheduleRow's React elements
 * write, for every kind of row (yours, nobody yet, a partial payout, completed, each date step), every text escaped.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ScheduleRowView } from "~/server/groups/group-views.server";
import { LocaleProvider, useLocale, useT } from "../i18n";
import { ScheduleRow, scheduleRowsMarkup } from "./group-payout-schedule";

const rows: ScheduleRowView[] = [
  {
    position: 1,
    recipientName: "Amina <Yusuf>",
    isYou: false,
    date: "2026-11-02",
    amountCents: 100_000,
    partial: null,
    status: "completed",
    dates: {
      due: "2026-11-02",
      collected: { day: "2026-11-03", planned: false },
      sent: { day: "2026-11-04", planned: false },
      arrival: { day: "2026-11-05", planned: false },
    },
  },
  {
    position: 2,
    recipientName: 'Omar & "Co"',
    isYou: true,
    date: "2026-11-09",
    amountCents: 100_000,
    partial: {
      arrivedCents: 80_000,
      consentedOn: "2026-11-12",
      payout: { state: "sent", on: "2026-11-12" },
      debts: [{ name: "D'Angelo", amountCents: 20_000, status: "owed", collectedOn: null, rest: null }],
    },
    status: "pending",
    dates: { due: "2026-11-09", collected: null, sent: null, arrival: null },
  },
  {
    position: 3,
    recipientName: null,
    isYou: false,
    date: "2026-11-16",
    amountCents: 100_000,
    partial: null,
    status: "pending",
    dates: {
      due: "2026-11-16",
      collected: { day: "2026-11-17", planned: true },
      sent: { day: "2026-11-18", planned: true },
      arrival: { day: "2026-11-19", planned: true },
    },
  },
];

const column = { position: "Position", recipient: "Recipient <who>", date: "Date", amount: "Amount", status: "Status", order: "Order" };

function Both({ which }: { which: "react" | "markup" }) {
  const t = useT();
  const locale = useLocale();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup under test, set as the page sets it.
  if (which === "markup") return <tbody dangerouslySetInnerHTML={{ __html: scheduleRowsMarkup(rows, column, "fixed", t, locale) }} />;
  return (
    <tbody>
      {rows.map((row) => (
        <ScheduleRow key={row.position} row={row} column={column} payoutOrder="fixed" reorder={null} />
      ))}
    </tbody>
  );
}

const messages = {
  "groupCard.you": ["You"],
  "groupPage.yourTurn": ["Your <turn>"],
  "groupPage.yetToJoin": ["Yet to join"],
  "groupPage.payoutCompleted": ["Completed"],
  "groupPage.pending": ["Pending & 'so'"],
};

const render = (which: "react" | "markup") =>
  renderToString(
    <LocaleProvider locale="en-US" messages={JSON.stringify(messages)}>
      <table>
        <Both which={which} />
      </table>
    </LocaleProvider>,
  );

describe("the payout schedule's rows", () => {
  it("are the markup ScheduleRow writes, every text escaped", () => {
    const html = render("markup");
    expect(html).toBe(render("react"));
    expect(html.match(/<tr/g)).toHaveLength(3);
    expect(html).toContain('<tr class="bg-brand-50 font-semibold" aria-current="true">');
    expect(html).toContain("Omar &amp; &quot;Co&quot;<!-- --> <span");
    expect(html).toContain(" (<!-- -->Your &lt;turn&gt;<!-- -->)</span>");
    expect(html).toContain('data-label="Recipient &lt;who&gt;"');
    expect(html).toContain(">Yet to join</td>");
    expect(html).toContain("D&#x27;Angelo");
    expect(html).not.toContain("<who>");
  });
});
