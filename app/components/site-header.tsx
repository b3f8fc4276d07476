import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { type HeaderUser, MenuLink, navLink } from "./header-links";
import { useT } from "./i18n";
import { island } from "./island";
import { LanguageSwitch } from "./language-switch";
import type { NotificationFeed } from "./notifications-bell";

/**
 * The signed-in parts of the header (the links, the bell, the account menus): signed-in visitors only, so a chunk of its
 * own that anonymous visitors never download (island.tsx; ADR 059 part eight (s)).
 */
const SignedInLinks = island(() => import("./signed-in-header").then((module) => module.SignedInLinks));
const SignedInMenu = island(() => import("./signed-in-header").then((module) => module.SignedInMenu));

/** Menus are <details> elements: they open and close without JavaScript and are keyboard-operable. */
export function SiteHeader({ user, feed }: { user: HeaderUser | null; feed: NotificationFeed | null }) {
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
        <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Rosca
        </Link>

        {/* Desktop (min-w-0: a long name in the account menu is cut short, not the links beside it) */}
        <div className="hidden min-w-0 items-center gap-1 md:flex">
          {user ? (
            <SignedInLinks user={user} feed={feed} />
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
              <SignedInMenu user={user} feed={feed} />
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
