import { Link } from "react-router";

export const INFO_PAGES = [
  { to: "/about", label: "About" },
  { to: "/careers", label: "Careers" },
  { to: "/contact", label: "Contact" },
  { to: "/blog", label: "Blog" },
  { to: "/help", label: "Help Center" },
  { to: "/sharia", label: "Sharia Compliance" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/security", label: "Security" },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {INFO_PAGES.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className="text-slate-600 hover:text-brand-700">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 text-xs text-slate-500">
          Interest-free rotating savings for US residents 18+. Demo phase: bank connections use a sandbox, and no real money moves. ©{" "}
          {new Date().getFullYear()} Rosca.
        </p>
      </div>
    </footer>
  );
}
