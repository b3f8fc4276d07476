import { Link } from "react-router";

/** What the header shows of the signed-in visitor. */
export type HeaderUser = { id: string; name: string; email: string; isAdmin: boolean };

/** A header link's look (NavLink's class: the current page's link stands out). */
export const navLink = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;

/** A link in one of the header's menus. */
export function MenuLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100">
      {children}
    </Link>
  );
}
