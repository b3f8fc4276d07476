/** A group card's figures, written as one string (ADR 059 part seven (m)): the same markup React wrote for them. */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { figuresMarkup } from "./group-card";

/** The figures as React elements (main at 4edde69): the reference. */
function ReferenceFigures({ figures }: { figures: Array<[string, string]> }) {
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

describe("a group card's figures as markup", () => {
  it("writes what React wrote, every text escaped as React escapes it", () => {
    const figures: Array<[string, string]> = [
      ["Members", "10 members"],
      ["Contribution", "$100.00 · Every Monday"],
      ["Next payout", `Ana <"Q&A's">: Payout goes out Dec 2, 2026; expected to arrive Dec 3, 2026`],
      ["Your position", "—"],
    ];
    const reference = renderToString(<ReferenceFigures figures={figures} />);
    const html = renderToString(
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup under test
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2" dangerouslySetInnerHTML={{ __html: figuresMarkup(figures) }} />,
    );
    expect(html).toBe(reference);
    expect(html).toContain('<dd class="font-medium text-slate-900">Ana &lt;&quot;Q&amp;A&#x27;s&quot;&gt;: Payout goes out Dec 2, 2026;');
    expect(figuresMarkup([])).toBe("");
  });
});
