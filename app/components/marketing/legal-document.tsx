import type { ReactNode } from "react";
import { useLocale, useT } from "~/components/i18n";
import { Prose } from "~/components/ui/page";
import { formatDate } from "~/domain/format";
import { PageHeader } from "./page-header";

export type LegalSection = { id: string; title: string; body: ReactNode };

/**
 * A policy page: h1, effective date (`effectiveOn`, an ISO day, said in the reader's language), a table of contents, then
 * numbered sections with stable anchors.
 */
export function LegalDocument({
  title,
  effectiveOn,
  intro,
  sections,
}: {
  title: string;
  effectiveOn: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const t = useT();
  // The documents exist in English only so far (issue 46, part one): a Spanish reader is told so, and that the English
  // version governs; the document itself is marked as English for screen readers.
  const locale = useLocale();
  const english = locale === "en-US";
  return (
    <>
      <PageHeader
        eyebrow={t("legal.eyebrow")}
        title={title}
        lead={
          <>
            <p>{t("legal.effective", { date: formatDate(effectiveOn, { style: "long", locale }) })}</p>
            {english ? null : <p className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-base text-amber-950">{t("legal.englishOnly")}</p>}
          </>
        }
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={t("legal.onThisPage")} className="lg:sticky lg:top-6 lg:self-start">
          <p className="text-sm font-semibold text-slate-900">{t("legal.onThisPage")}</p>
          <ol lang={english ? undefined : "en-US"} className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-700 hover:text-brand-800 hover:underline">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <Prose>
          <div lang={english ? undefined : "en-US"} className="space-y-4">
            {intro}
          </div>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              lang={english ? undefined : "en-US"}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-6 space-y-4"
            >
              <h2 id={`${section.id}-title`}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </Prose>
      </div>
    </>
  );
}
