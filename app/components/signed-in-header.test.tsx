/** The header's signed-in menus, written as strings (ADR 059 part eight (s)): the same markup React wrote for them. */
import { renderToString } from "react-dom/server";
import { createRoutesStub, Form } from "react-router";
import { describe, expect, it } from "vitest";
import { type HeaderUser, MenuLink } from "./header-links";
import { LocaleProvider, useT } from "./i18n";
import type { NotificationFeed } from "./notifications-bell";
import { SignedInLinks, SignedInMenu, signedInMenuMarkup } from "./signed-in-header";

/** main at 85a01ea: the account menu's items as React elements, the reference. */
function ReferenceUserMenuItems({ isAdmin, bankHref }: { isAdmin: boolean; bankHref: string }) {
  const t = useT();
  return (
    <>
      <MenuLink to="/profile">{t("header.profile")}</MenuLink>
      <MenuLink to="/reports">{t("header.reports")}</MenuLink>
      <MenuLink to={bankHref}>{t("header.bankAccounts")}</MenuLink>
      {isAdmin ? <MenuLink to="/admin">{t("header.adminDashboard")}</MenuLink> : null}
      <Form method="post" action="/logout" className="border-t border-slate-100">
        <button type="submit" className="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100">
          {t("header.logout")}
        </button>
      </Form>
    </>
  );
}

function ReferenceAccountMenu({ user }: { user: HeaderUser }) {
  return (
    <details className="relative min-w-0">
      <summary className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
        {/* Since 2026-11-30: a long name cut short, not the header's links beside it (768 px). */}
        <span className="max-w-48 truncate" title={user.name}>
          {user.name}
        </span>
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        <ReferenceUserMenuItems isAdmin={user.isAdmin} bankHref="/profile/bank-accounts" />
      </div>
    </details>
  );
}

function ReferenceMenu({ user, feed }: { user: HeaderUser; feed: NotificationFeed | null }) {
  const t = useT();
  return (
    <div>
      <p className="px-4 py-2 text-xs text-slate-500">{t("header.signedInAs", { name: user.name })}</p>
      <MenuLink to="/dashboard">{t("header.dashboard")}</MenuLink>
      <MenuLink to="/notifications">
        {feed && feed.unreadCount > 0 ? t("header.notificationsUnread", { count: feed.unreadCount }) : t("header.notifications")}
      </MenuLink>
      {user.isAdmin ? <MenuLink to="/admin">{t("header.admin")}</MenuLink> : null}
      <ReferenceUserMenuItems isAdmin={user.isAdmin} bankHref="/profile/bank" />
    </div>
  );
}

/** As the app renders: a data router (React Router's <Form> needs one, and adds route discovery's attribute). */
let current: React.ReactElement | null = null;
function Current() {
  return current;
}
const Stub = createRoutesStub([{ id: "page", path: "/dashboard", Component: Current }]);

function render(element: React.ReactElement, messages: string) {
  current = element;
  const html = renderToString(
    <LocaleProvider locale="en-US" messages={messages}>
      <Stub initialEntries={["/dashboard"]} hydrationData={{ loaderData: {} }} />
    </LocaleProvider>,
  );
  // The stub's router writes no route discovery attribute on links and forms; the framework's writes it after href and
  // after class (what the served page has, below).
  return html
    .replace(/(<a [^>]*href="[^"]*")>/g, '$1 data-discover="true">')
    .replace(/<form class="([^"]*)" action=/g, '<form class="$1" data-discover="true" action=');
}

const ESCAPING = JSON.stringify({
  "header.signedInAs": ["Conectado <como> ", ["name"]],
  "header.logout": ['Salir & "adiós"'],
  "header.notificationsUnread": ["Avisos (", ["count"], " <sin leer>)"],
});
const DANA: HeaderUser = { id: "u1", name: "Dana Demo", email: "dana@rosca.example", isAdmin: false };
const ODD: HeaderUser = { id: "u2", name: `Ana "<b>" O'Brien & co`, email: "ana@rosca.example", isAdmin: true };
const FEED = (unreadCount: number): NotificationFeed => ({ unreadCount, notifications: [] });

describe("the header's signed-in menus as markup", () => {
  it("write what React, <Link> and <Form> wrote: members and admins, unread or not, every text escaped", () => {
    for (const user of [DANA, ODD]) {
      for (const feed of [FEED(0), FEED(24), null]) {
        for (const messages of ["{}", ESCAPING]) {
          expect(render(<SignedInLinks user={user} feed={null} />, messages)).toContain(
            render(<ReferenceAccountMenu user={user} />, messages).replace(/^<details class="relative min-w-0">/, ""),
          );
          expect(render(<SignedInMenu user={user} feed={feed} />, messages)).toBe(render(<ReferenceMenu user={user} feed={feed} />, messages));
        }
      }
    }
    const odd = render(<SignedInMenu user={ODD} feed={FEED(3)} />, ESCAPING);
    expect(odd).toContain('<p class="px-4 py-2 text-xs text-slate-500">Conectado &lt;como&gt; Ana &quot;&lt;b&gt;&quot; O&#x27;Brien &amp; co</p>');
    expect(odd).toContain(">Avisos (3 &lt;sin leer&gt;)</a>");
    expect(odd).toContain(">Salir &amp; &quot;adiós&quot;</button>");
    expect(odd).toContain('href="/admin" data-discover="true">');
  });

  it("is the markup of the dashboard as it was served (main at 85a01ea)", () => {
    const english = JSON.stringify({
      "header.signedInAs": ["Signed in as ", ["name"]],
      "header.dashboard": ["Dashboard"],
      "header.notificationsUnread": ["Notifications (", ["count"], " unread)"],
      "header.profile": ["Profile"],
      "header.reports": ["Reports"],
      "header.bankAccounts": ["Bank Accounts"],
      "header.logout": ["Logout"],
    });
    const links = render(<SignedInLinks user={DANA} feed={null} />, english);
    expect(links).toContain(
      '<details class="relative min-w-0"><summary class="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"><span class="max-w-48 truncate" title="Dana Demo">Dana Demo</span><span aria-hidden="true">▾</span></summary><div class="absolute right-0 z-20 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"><a class="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100" href="/profile" data-discover="true">Profile</a><a class="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100" href="/reports" data-discover="true">Reports</a><a class="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100" href="/profile/bank-accounts" data-discover="true">Bank Accounts</a><form class="border-t border-slate-100" data-discover="true" action="/logout" method="post"><button type="submit" class="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100">Logout</button></form></div></details>',
    );
    expect(render(<SignedInMenu user={DANA} feed={FEED(24)} />, english)).toBe(
      '<div><p class="px-4 py-2 text-xs text-slate-500">Signed in as Dana Demo</p><a class="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100" href="/dashboard" data-discover="true">Dashboard</a><a class="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100" href="/notifications" data-discover="true">Notifications (24 unread)</a><a class="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100" href="/profile" data-discover="true">Profile</a><a class="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100" href="/reports" data-discover="true">Reports</a><a class="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100" href="/profile/bank" data-discover="true">Bank Accounts</a><form class="border-t border-slate-100" data-discover="true" action="/logout" method="post"><button type="submit" class="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100">Logout</button></form></div>',
    );
    expect(signedInMenuMarkup(DANA, null, (id) => id)).toContain(">header.notifications</a>");
  });
});
