/** The bell's items, written as one string (ADR 059 part eight (s)): the same markup React wrote for them. */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LocaleProvider, useLocale, useT } from "./i18n";
import { bellItems, bellItemsMarkup, eventTime, type NotificationItem } from "./notifications-bell";

/** The list as React elements (main at 85a01ea, without its submit handlers, which React does not write): the reference. */
function ReferenceItems({ items }: { items: NotificationItem[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
      {items.map((item) => (
        <li key={item.id}>
          <form method="post" action={`/api/notifications/${item.id}/read`}>
            <button type="submit" className="flex w-full gap-2 px-4 py-3 text-left hover:bg-slate-50">
              <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${item.read ? "bg-transparent" : "bg-brand-600"}`} />
              <span>
                <span className={`block text-sm ${item.read ? "text-slate-700" : "font-semibold text-slate-900"}`}>
                  {item.title}
                  {item.read ? null : <span className="sr-only">{t("notices.unreadMarker")}</span>}
                </span>
                <time dateTime={item.occurredOn ?? item.createdAt} className="block text-xs text-slate-600">
                  {eventTime(item, t, locale)}
                </time>
              </span>
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}

/** The string version in the same <ul>, as the bell renders it. */
function MarkupItems({ items, remember = false }: { items: NotificationItem[]; remember?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const __html = remember ? bellItems(items, t, locale) : bellItemsMarkup(items, t, locale);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup under test
  return <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto" dangerouslySetInnerHTML={{ __html }} />;
}

const item = (overrides: Partial<NotificationItem>): NotificationItem => ({
  id: "e29c7c84-faf9-4c9d-a0b9-31cafd5dcead",
  title: "New sign-in to your Rosca account",
  body: "Someone signed in.",
  link: "/profile/security",
  createdAt: "2026-11-29T09:26:05.483Z",
  occurredOn: null,
  read: false,
  ...overrides,
});

const ITEMS: NotificationItem[] = [
  item({}),
  item({ id: "n2", title: `Q&A's <"circle"> paid`, read: true }),
  item({ id: "n3", title: "Contribution due Monday, November 30, 2026", occurredOn: "2027-01-14" }),
  item({ id: "n4", title: "Payout & <more>", occurredOn: "2027-02-01", read: true }),
];

const MESSAGES = JSON.stringify({ "notices.unreadMarker": [" (sin <leer> & más)"], "notices.sandboxDay": [["day"], ' (hora "de prueba")'] });

function render(element: React.ReactElement, messages = MESSAGES, locale: "en-US" | "es-US" = "en-US") {
  return renderToString(
    <LocaleProvider locale={locale} messages={messages}>
      {element}
    </LocaleProvider>,
  );
}

describe("the bell's items as markup", () => {
  it("writes what React wrote, read and unread, times and sandbox days, every text escaped", () => {
    const html = render(<MarkupItems items={ITEMS} />);
    expect(html).toBe(render(<ReferenceItems items={ITEMS} />));
    expect(html.match(/<li>/g)).toHaveLength(4);
    expect(html).toContain("Q&amp;A&#x27;s &lt;&quot;circle&quot;&gt; paid</span>");
    expect(html).toContain('<span class="sr-only"> (sin &lt;leer&gt; &amp; más)</span>');
    expect(html).toContain('<time dateTime="2027-01-14" class="block text-xs text-slate-600">Jan 14, 2027 (hora &quot;de prueba&quot;)</time>');
  });

  it("is the markup of the dashboard as it was served (main at 85a01ea)", () => {
    const html = render(<MarkupItems items={[item({})]} />, JSON.stringify({ "notices.unreadMarker": [" (unread)"] }));
    expect(html).toBe(
      '<ul class="max-h-96 divide-y divide-slate-100 overflow-y-auto"><li><form action="/api/notifications/e29c7c84-faf9-4c9d-a0b9-31cafd5dcead/read" method="post"><button type="submit" class="flex w-full gap-2 px-4 py-3 text-left hover:bg-slate-50"><span aria-hidden="true" class="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600"></span><span><span class="block text-sm font-semibold text-slate-900">New sign-in to your Rosca account<span class="sr-only"> (unread)</span></span><time dateTime="2026-11-29T09:26:05.483Z" class="block text-xs text-slate-600">Nov 29, 2026, 4:26 AM EST</time></span></button></form></li></ul>',
    );
  });

  it("remembers by every input: the read state, the title, the time, the language and the words", () => {
    const english = JSON.stringify({ "notices.unreadMarker": [" (unread)"] });
    const spanish = JSON.stringify({ "notices.unreadMarker": [" (sin leer)"] });
    const cases: Array<[NotificationItem[], string, "en-US" | "es-US"]> = [
      [[item({})], english, "en-US"],
      [[item({ read: true })], english, "en-US"],
      [[item({ title: "Another title" })], english, "en-US"],
      [[item({ createdAt: "2026-11-30T09:26:05.483Z" })], english, "en-US"],
      [[item({ occurredOn: "2027-01-14" })], english, "en-US"],
      [[item({})], spanish, "en-US"],
      [[item({})], spanish, "es-US"],
      [[item({ id: "n9" })], english, "en-US"],
    ];
    // Each twice, in turn: the second is remembered, and must still be what React writes for its own inputs.
    for (let round = 0; round < 2; round++) {
      for (const [items, messages, locale] of cases) {
        expect(render(<MarkupItems items={items} remember />, messages, locale)).toBe(render(<ReferenceItems items={items} />, messages, locale));
      }
    }
  });
});
