import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useT } from "./i18n";
import { island } from "./island";
import { LanguageSwitch } from "./language-switch";
import type { NotificationFeed } from "./notifications-bell";

/** Signed-in visitors only: a chunk of its own, which anonymous visitors never download (island.tsx). */
const NotificationsBell = island(() => import("./notifications-bell").then((module) => module.NotificationsBell));

type HeaderUser = { id: string; name: string; email: string; isAdmin: boolean } | null;

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;

/** Menus are <details> elements: they open and close without JavaScript and are keyboard-operable. */
export function SiteHeader({ user, feed }: { user: HeaderUser; feed: NotificationFeed | null }) {
  const headerRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const t = useT();

  // With JavaScript, menus also close on navigation, on a click elsewhere and on Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation; the location is the trigger, not an input
  useEffect(() => {
    for (const menu of headerRef.current?.querySelectorAll("details[open]") ?? []) menu.removeAttribute("open");
  }, [location]);
  useEffect(() => {
    const closeOthers = (event: MouseEvent) => {
      headerRef.current?.querySelectorAll("details[open]").forEach((menu) => {
        if (!menu.contains(event.target as Node)) menu.removeAttribute("open");
      });
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      headerRef.current?.querySelectorAll("details[open]").forEach((menu) => {
        menu.removeAttribute("open");
        menu.querySelector("summary")?.focus();
      });
    };
    document.addEventListener("click", closeOthers);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("click", closeOthers);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, []);

  return (
    <header ref={headerRef} className="border-b border-slate-200 bg-white">
      <nav aria-label={t("header.main")} className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Rosca
        </Link>

        {/* Desktop */}
        <div className="hidden items-center gap-1 md:flex">
          {user ? (
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
              <details className="relative">
                <summary className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
                  <span>{user.name}</span>
                  <span aria-hidden="true">▾</span>
                </summary>
                <div className="absolute right-0 z-20 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
                  <UserMenuItems isAdmin={user.isAdmin} bankHref="/profile/bank-accounts" />
                </div>
              </details>
            </>
          ) : (
            <>
              <NavLink to="/login" className={navLink}>
                {t("header.login")}
              </NavLink>
              <Link to="/register" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
                {t("header.signUp")}
              </Link>
            </>
          )}
          <LanguageSwitch />
        </div>

        {/* Mobile */}
        <details className="relative md:hidden">
          <summary className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800" aria-label={t("header.menu")}>
            {t("header.menu")}
          </summary>
          <div className="absolute right-0 z-20 mt-2 w-64 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
            {user ? (
              <>
                <p className="px-4 py-2 text-xs text-slate-500">{t("header.signedInAs", { name: user.name })}</p>
                <MenuLink to="/dashboard">{t("header.dashboard")}</MenuLink>
                <MenuLink to="/notifications">
                  {feed && feed.unreadCount > 0 ? t("header.notificationsUnread", { count: feed.unreadCount }) : t("header.notifications")}
                </MenuLink>
                {user.isAdmin ? <MenuLink to="/admin">{t("header.admin")}</MenuLink> : null}
                <UserMenuItems isAdmin={user.isAdmin} bankHref="/profile/bank" />
              </>
            ) : (
              <>
                <MenuLink to="/login">{t("header.login")}</MenuLink>
                <MenuLink to="/register">{t("header.signUp")}</MenuLink>
              </>
            )}
            <LanguageSwitch className="border-t border-slate-100 px-1 py-1" />
          </div>
        </details>
      </nav>
    </header>
  );
}

function MenuLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100">
      {children}
    </Link>
  );
}

function UserMenuItems({ isAdmin, bankHref }: { isAdmin: boolean; bankHref: string }) {
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
