import { Form, NavLink } from "react-router";
import { type HeaderUser, MenuLink, navLink } from "./header-links";
import { useT } from "./i18n";
import { type NotificationFeed, NotificationsBell } from "./notifications-bell";

/**
 * The header's signed-in parts (site-header.tsx renders them as islands: anonymous visitors never download this code).
 * Wide screens: the dashboard (and admin) links, the bell and the account menu.
 */
export function SignedInLinks({ user, feed }: { user: HeaderUser; feed: NotificationFeed | null }) {
  const t = useT();
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
  );
}

/** Small screens: the signed-in part of the header's menu. */
export function SignedInMenu({ user, feed }: { user: HeaderUser; feed: NotificationFeed | null }) {
  const t = useT();
  return (
    <>
      <p className="px-4 py-2 text-xs text-slate-500">{t("header.signedInAs", { name: user.name })}</p>
      <MenuLink to="/dashboard">{t("header.dashboard")}</MenuLink>
      <MenuLink to="/notifications">
        {feed && feed.unreadCount > 0 ? t("header.notificationsUnread", { count: feed.unreadCount }) : t("header.notifications")}
      </MenuLink>
      {user.isAdmin ? <MenuLink to="/admin">{t("header.admin")}</MenuLink> : null}
      <UserMenuItems isAdmin={user.isAdmin} bankHref="/profile/bank" />
    </>
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
