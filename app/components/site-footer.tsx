import { Link } from "react-router";
import { useT } from "./i18n";

export const INFO_PAGES = [
  { to: "/about", label: "footer.about" },
  { to: "/careers", label: "footer.careers" },
  { to: "/contact", label: "footer.contact" },
  { to: "/blog", label: "footer.blog" },
  { to: "/help", label: "footer.help" },
  { to: "/sharia", label: "footer.sharia" },
  { to: "/privacy", label: "footer.privacy" },
  { to: "/terms", label: "footer.terms" },
  { to: "/security", label: "footer.security" },
] as const;

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <nav aria-label={t("footer.label")}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {INFO_PAGES.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className="text-slate-600 hover:text-brand-700">
                  {t(page.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 text-xs text-slate-500">{t("footer.note", { year: String(new Date().getFullYear()) })}</p>
      </div>
    </footer>
  );
}
