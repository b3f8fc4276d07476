import { NavLink, useNavigate, useSubmit } from "react-router";
import { navLink } from "./header-links";
import type { HeaderUser } from "./header-links";
import { type Translate, useLocale, useT } from "./i18n";
import { type NotificationFeed, NotificationsBell } from "./notifications-bell";
import { usePageLanguageValidation } from "./page-language-validation";
import { escapeText } from "./ui/markup";

/**
 * The header's signed-in parts (site-header.tsx renders them as islands: anonymous visitors never download this code).
 * Their menus are markup written as strings (ADR 059 part eight (s)): byte for byte what React and React Router's
 * `<Link>` and `<Form>` wrote, some 20 elements fewer for React on every signed-in page; one click handler and one submit
 * handler on each menu keep the links' in-app navigation and the logout form's fetch submission, and without JavaScript
 * they are links and a form.
 */

/** Wide screens: the dashboard (and admin) links, the bell and the account menu. */
export function SignedInLinks({ user, feed }: { user: HeaderUser; feed: NotificationFeed | null }) {
  const t = useT();
  const handlers = useMarkupHandlers();
  // Rendered on every signed-in page (hidden on small screens): the browser's form checks in the page's language.
  usePageLanguageValidation(t, useLocale());
  return (
    <>
      <NavLink to="/dashboard" className={navLink}>
        {t("header.dashboard")}
      </NavLink>
      {user.isAdmin ? (
        <NavLink to="/admin" className={navLink}>
          {t("header.admin")}
        </NavLink>
      ) : null}
      {feed ? <NotificationsBell feed={feed} /> : null}
      <details
        className="relative min-w-0"
        {...handlers}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (accountMenuMarkup): the name escaped as React escapes it.
        dangerouslySetInnerHTML={{ __html: accountMenuMarkup(user, t) }}
      />
    </>
  );
}

/** Small screens: the signed-in part of the header's menu. */
export function SignedInMenu({ user, feed }: { user: HeaderUser; feed: NotificationFeed | null }) {
  const t = useT();
  const handlers = useMarkupHandlers();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (signedInMenuMarkup): the name escaped as React escapes it.
  return <div {...handlers} dangerouslySetInnerHTML={{ __html: signedInMenuMarkup(user, feed, t) }} />;
}

/**
 * What `<Link>` and `<Form>` do with JavaScript, for the links and the form in the markup: a plain left click on a link
 * navigates in the app (a modified or middle click, or one already handled, is the browser's: a new tab, a download); a
 * form is submitted by React Router (fetch, then its redirect), as `<Form>` submits.
 */
function useMarkupHandlers() {
  const navigate = useNavigate();
  const submit = useSubmit();
  return {
    onClick(event: React.MouseEvent) {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      void navigate(link.getAttribute("href")!);
    },
    onSubmit(event: React.FormEvent) {
      if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      // The button pressed (its name and value, if any, go with the form), as `<Form>` submits it.
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      void submit(submitter ?? event.target);
    },
  };
}

const menuLink = (href: string, text: string) =>
  `<a class="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100" href="${escapeText(href)}" data-discover="true">${escapeText(text)}</a>`;

function userMenuItemsMarkup(isAdmin: boolean, bankHref: string, t: Translate): string {
  return (
    menuLink("/profile", t("header.profile")) +
    menuLink("/reports", t("header.reports")) +
    menuLink(bankHref, t("header.bankAccounts")) +
    (isAdmin ? menuLink("/admin", t("header.adminDashboard")) : "") +
    `<form class="border-t border-slate-100" data-discover="true" action="/logout" method="post">` +
    `<button type="submit" class="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100">${escapeText(t("header.logout"))}</button></form>`
  );
}

/** The account menu's inside (its `<summary>` and the list), as React wrote it. */
export function accountMenuMarkup(user: HeaderUser, t: Translate): string {
  return (
    `<summary class="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">` +
    // A long name is cut short (the whole of it in the menu's tooltip), never the links beside it (issue: 768 px).
    `<span class="max-w-48 truncate" title="${escapeText(user.name)}">${escapeText(user.name)}</span><span aria-hidden="true">▾</span></summary>` +
    `<div class="absolute right-0 z-20 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">` +
    `${userMenuItemsMarkup(user.isAdmin, "/profile/bank-accounts", t)}</div>`
  );
}

/** The small screens' menu's signed-in lines, as React wrote them. */
export function signedInMenuMarkup(user: HeaderUser, feed: NotificationFeed | null, t: Translate): string {
  const notifications = feed && feed.unreadCount > 0 ? t("header.notificationsUnread", { count: feed.unreadCount }) : t("header.notifications");
  return (
    `<p class="px-4 py-2 text-xs text-slate-500">${escapeText(t("header.signedInAs", { name: user.name }))}</p>` +
    menuLink("/dashboard", t("header.dashboard")) +
    menuLink("/notifications", notifications) +
    (user.isAdmin ? menuLink("/admin", t("header.admin")) : "") +
    userMenuItemsMarkup(user.isAdmin, "/profile/bank", t)
  );
}
