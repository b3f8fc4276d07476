/** The dashboard's activity list, written as one string (ADR 059 part seven (m)): the same markup React wrote for it. */
import { renderToString } from "react-dom/server";
import { Link, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ActivityView } from "~/server/groups/group-views.server";
import { catalogueJson } from "~/server/platform/locale.server";
import { LocaleProvider, useLocale, useT } from "../i18n";
import { eventTime } from "../notifications-bell";
import { activitySentence, GroupActivity } from "./group-activity";

const MARKERS = {
  join: ["activity.marker.join", "bg-sky-100 text-sky-900"],
  removed: ["activity.marker.removed", "bg-slate-200 text-slate-900"],
  left: ["activity.marker.left", "bg-slate-200 text-slate-900"],
  swapped: ["activity.marker.swapped", "bg-amber-100 text-amber-900"],
  contribution: ["activity.marker.contribution", "bg-brand-100 text-brand-900"],
  payout: ["activity.marker.payout", "bg-violet-100 text-violet-900"],
} as const;

/** The list as React elements with React Router's <Link> (main at 4edde69): the reference. */
function ReferenceActivity({ items }: { items: ActivityView[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ol className="mt-4 divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-start gap-3 py-3" data-testid="activity-item">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${MARKERS[item.type][1]}`}>{t(MARKERS[item.type][0])}</span>
          <div className="min-w-0 flex-1">
            <p className="text-slate-900">
              <Link to={`/groups/${item.groupId}`} className="hover:underline">
                {activitySentence(item, t, locale)}
              </Link>
            </p>
            <p className="text-sm text-slate-600">
              <time dateTime={item.occurredOn ?? item.occurredAt}>
                {eventTime({ createdAt: item.occurredAt, occurredOn: item.occurredOn }, t, locale)}
              </time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

const item = (overrides: Partial<ActivityView>): ActivityView => ({
  id: "a1",
  type: "contribution",
  groupId: "18884573-73d6-4f1f-b560-cb4953d6b4dc",
  groupName: "Neighborhood Circle",
  personName: "Neighbor 4",
  isYou: false,
  relatedName: null,
  relatedIsYou: false,
  amountCents: 10_000,
  occurredAt: "2026-11-29T06:28:26.764Z",
  occurredOn: null,
  ...overrides,
});

const ITEMS: ActivityView[] = [
  item({ id: "a1", type: "payout", amountCents: 100_000 }),
  item({ id: "a2" }),
  item({ id: "a3", type: "join", isYou: true, groupName: `Q&A's <"circle">` }),
  item({ id: "a4", type: "swapped", personName: "Ana <b>", relatedIsYou: true, occurredOn: "2027-01-14" }),
  item({ id: "a5", type: "removed", personName: null, amountCents: null }),
  item({ id: "a6", type: "left" }),
];

/** The English catalogue, with a marker whose word needs escaping. */
const withWords = (locale: "en-US" | "es-US", words: Record<string, string[]>) => JSON.stringify({ ...JSON.parse(catalogueJson(locale)), ...words });
const MESSAGES = withWords("en-US", { "activity.marker.payout": ["Pago & <más>"] });

function render(element: React.ReactElement) {
  return renderToString(
    <MemoryRouter>
      <LocaleProvider locale="en-US" messages={MESSAGES}>
        {element}
      </LocaleProvider>
    </MemoryRouter>,
  );
}

describe("GroupActivity as markup", () => {
  it("writes what React and <Link> wrote, every kind of item, every text escaped", () => {
    const html = render(<GroupActivity items={ITEMS} />);
    // The framework's <Link> adds data-discover="true" after href (route discovery); a MemoryRouter's does not.
    const reference = render(<ReferenceActivity items={ITEMS} />).replace(/(<a [^>]*href="[^"]*")>/g, '$1 data-discover="true">');
    expect(html).toBe(reference);
    expect(html.match(/data-testid="activity-item"/g)).toHaveLength(6);
    expect(html).toContain("Pago &amp; &lt;más&gt;");
    expect(html).toContain("You joined Q&amp;A&#x27;s &lt;&quot;circle&quot;&gt;");
    expect(html).toContain('<time dateTime="2027-01-14">Jan 14, 2027 (sandbox time)</time>');
  });

  it("is the markup of the dashboard as it was served (main at 4edde69)", () => {
    const html = render(<GroupActivity items={[item({ id: "a1", type: "payout", amountCents: 100_000, occurredAt: "2026-11-29T06:28:27.081Z" })]} />);
    expect(html).toContain(
      '<li class="flex flex-wrap items-start gap-3 py-3" data-testid="activity-item"><span class="rounded-full px-2 py-0.5 text-xs font-semibold bg-violet-100 text-violet-900">Pago &amp; &lt;más&gt;</span><div class="min-w-0 flex-1"><p class="text-slate-900"><a class="hover:underline" href="/groups/18884573-73d6-4f1f-b560-cb4953d6b4dc" data-discover="true">Neighbor 4 received a payout of $1,000.00 from Neighborhood Circle</a></p><p class="text-sm text-slate-600"><time dateTime="2026-11-29T06:28:27.081Z">Nov 29, 2026, 1:28 AM EST</time></p></div></li>',
    );
  });

  it("is remembered by every field of every item and by the words (ADR 059 part eight (s))", () => {
    const variants: ActivityView[][] = [
      [item({})],
      [item({ amountCents: 20_000 })],
      [item({ personName: "Neighbor 5" })],
      [item({ isYou: true })],
      [item({ groupName: "Other" })],
      [item({ groupId: "28884573-73d6-4f1f-b560-cb4953d6b4dc" })],
      [item({ occurredAt: "2026-11-30T06:28:26.764Z" })],
      [item({ occurredOn: "2027-01-14" })],
      [item({ type: "payout" })],
      [item({}), item({ id: "a2", type: "join" })],
    ];
    const reference = (items: ActivityView[], messages: string) =>
      renderToString(
        <MemoryRouter>
          <LocaleProvider locale="en-US" messages={messages}>
            <ReferenceActivity items={items} />
          </LocaleProvider>
        </MemoryRouter>,
      ).replace(/(<a [^>]*href="[^"]*")>/g, '$1 data-discover="true">');
    const other = withWords("en-US", { "activity.marker.contribution": ["Aporte"] });
    for (let round = 0; round < 2; round++) {
      for (const items of variants) {
        for (const messages of [MESSAGES, other]) {
          const html = renderToString(
            <MemoryRouter>
              <LocaleProvider locale="en-US" messages={messages}>
                <GroupActivity items={items} />
              </LocaleProvider>
            </MemoryRouter>,
          );
          expect(html).toBe(reference(items, messages));
        }
      }
    }
  });

  it("speaks the reader's language: Spanish sentences, amounts and times, never the English remembered for the same items", () => {
    const items = [
      item({
        id: "a1",
        type: "payout",
        personName: "Amina Yusuf",
        amountCents: 30_000,
        groupName: "Family Savings Circle",
        occurredAt: "2026-11-29T12:36:00.000Z",
      }),
      item({ id: "a2", type: "contribution", isYou: true, amountCents: 10_000, groupName: "Family Savings Circle", occurredOn: "2026-11-24" }),
    ];
    const inLanguage = (locale: "en-US" | "es-US") =>
      renderToString(
        <MemoryRouter>
          <LocaleProvider locale={locale} messages={catalogueJson(locale)}>
            <GroupActivity items={items} />
          </LocaleProvider>
        </MemoryRouter>,
      );
    const english = inLanguage("en-US");
    expect(english).toContain(">Amina Yusuf received a payout of $300.00 from Family Savings Circle</a>");
    expect(english).toContain('<time dateTime="2026-11-29T12:36:00.000Z">Nov 29, 2026, 7:36 AM EST</time>');
    expect(english).toContain(">You contributed $100.00 to Family Savings Circle</a>");
    expect(english).toContain('<time dateTime="2026-11-24">Nov 24, 2026 (sandbox time)</time>');
    const spanish = inLanguage("es-US");
    expect(spanish).toContain(">Pago del pozo</span>");
    expect(spanish).toContain(">Amina Yusuf recibió $300.00 del pozo de Family Savings Circle</a>");
    expect(spanish).toContain('<time dateTime="2026-11-29T12:36:00.000Z">29 nov 2026, 7:36 a.m. EST</time>');
    expect(spanish).toContain(">Usted aportó $100.00 a Family Savings Circle</a>");
    expect(spanish).toContain('<time dateTime="2026-11-24">24 nov 2026 (hora del entorno de prueba)</time>');
    expect(spanish).not.toMatch(/received|contributed|AM EST|sandbox time/);
  });

  it("says so when there is nothing yet", () => {
    expect(render(<GroupActivity items={[]} />)).toBe(
      '<p class="mt-4 text-slate-600">No activity yet. Contributions, payouts and new members will show here.</p>',
    );
  });
});
