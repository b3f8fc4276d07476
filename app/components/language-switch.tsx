import { useLocation } from "react-router";
import { LOCALE_NAMES, LOCALES } from "~/domain/locale";
import { useLocale, useT } from "./i18n";

/**
 * The language switch (ADR 056): a plain form posted to /language, one button per other language, each named in its
 * own language. Works without JavaScript; the server stores the choice (on the account when signed in, in a cookie
 * always) and sends the browser back to this page, a same-site path only.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  return (
    <form method="post" action="/language" aria-label={t("language.label")} className={`shrink-0 ${className}`}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {LOCALES.filter((other) => other !== locale).map((other) => (
        <button
          key={other}
          type="submit"
          name="locale"
          value={other}
          lang={other}
          className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 underline hover:bg-slate-100"
        >
          {LOCALE_NAMES[other]}
        </button>
      ))}
    </form>
  );
}
