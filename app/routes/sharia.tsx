import { Link, type MetaArgs } from "react-router";
import { metaTranslator, useT, withElements } from "~/components/i18n";
import { PageHeader, Section } from "~/components/marketing/page-header";
import { ButtonLink } from "~/components/ui/button";
import * as english from "~/content/sharia";
import * as spanish from "~/content/sharia.es-US";
import { pageLocale } from "~/server/auth/locale.server";
import type { Route } from "./+types/sharia";

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslator(matches);
  return [{ title: t("shell.pageTitle", { title: t("content.sharia.title") }) }, { name: "description", content: t("content.sharia.description") }];
};

/** The principles and the disclaimer in the reader's language: only that language's text goes to the browser (ADR 056). */
export async function loader({ request }: Route.LoaderArgs) {
  const { PRINCIPLES, SHARIA_DISCLAIMER } = (await pageLocale(request)) === "es-US" ? spanish : english;
  return { principles: PRINCIPLES, disclaimer: SHARIA_DISCLAIMER };
}

export default function Sharia({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { principles, disclaimer } = loaderData;
  return (
    <>
      <PageHeader eyebrow={t("content.sharia.eyebrow")} title={t("content.sharia.heading")} lead={<p>{t("content.sharia.lead")}</p>} />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6">
        <Section id="principles" title={t("content.sharia.principles")}>
          <ul className="grid gap-6 md:grid-cols-2">
            {principles.map((principle) => (
              <li key={principle.id} id={principle.id} className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{principle.term}</p>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{principle.title}</h3>
                <div className="mt-3 space-y-3 text-slate-700">
                  {principle.body.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="in-practice" title={t("content.sharia.inPractice")}>
          <ul className="max-w-3xl list-disc space-y-2 pl-5 text-slate-700">
            <li>{t("content.sharia.practice1")}</li>
            <li>{t("content.sharia.practice2")}</li>
            <li>{t("content.sharia.practice3")}</li>
            {/* DEFAULT_COVER.noInterest (default-cover.ts) word for word in English: content.test.ts checks it. */}
            <li>{t("content.sharia.noInterest")}</li>
            <li>{t("content.sharia.practice5")}</li>
          </ul>
        </Section>

        <section aria-labelledby="disclaimer-title" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950 sm:p-8">
          <h2 id="disclaimer-title" className="text-lg font-semibold">
            {t("content.sharia.consult")}
          </h2>
          <div className="mt-3 space-y-3 [&_a]:font-medium [&_a]:underline">
            {disclaimer.map((paragraph) => (
              <p key={paragraph}>{withElements(paragraph, { 0: <Link to="/contact" /> })}</p>
            ))}
          </div>
        </section>

        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/blog/sharia-compliant-saving">{t("content.sharia.readArticle")}</ButtonLink>
          <ButtonLink to="/help" variant="secondary">
            {t("content.visitHelp")}
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
