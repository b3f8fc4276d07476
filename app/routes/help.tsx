import { Link, type MetaArgs } from "react-router";
import { metaTranslator, T, useT } from "~/components/i18n";
import { FaqList } from "~/components/marketing/faq-list";
import { PageHeader, Section } from "~/components/marketing/page-header";
import { ButtonLink } from "~/components/ui/button";
import * as english from "~/content/faq";
import * as spanish from "~/content/faq.es-US";
import { pageLocale } from "~/server/auth/locale.server";
import type { Route } from "./+types/help";

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslator(matches);
  return [{ title: t("shell.pageTitle", { title: t("help.title") }) }, { name: "description", content: t("help.description") }];
};

/** The articles in the reader's language: only that language's text goes to the browser (ADR 056). */
export async function loader({ request }: Route.LoaderArgs) {
  const { FAQ, GUIDES } = (await pageLocale(request)) === "es-US" ? spanish : english;
  return { faq: FAQ, guides: GUIDES };
}

export default function Help({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { faq: FAQ, guides: GUIDES } = loaderData;
  return (
    <>
      <PageHeader eyebrow={t("help.title")} title={t("help.heading")} lead={<p>{t("help.lead")}</p>}>
        <nav aria-label={t("help.topics")} className="mt-6 flex flex-wrap gap-3 text-sm">
          <a href="#faq" className="rounded-full border border-brand-200 bg-white px-4 py-2 font-medium text-brand-900 hover:bg-brand-50">
            {t("help.faq")}
          </a>
          {GUIDES.map((guide) => (
            <a
              key={guide.id}
              href={`#${guide.id}`}
              className="rounded-full border border-brand-200 bg-white px-4 py-2 font-medium text-brand-900 hover:bg-brand-50"
            >
              {guide.title}
            </a>
          ))}
        </nav>
      </PageHeader>

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6">
        <Section id="faq" title={t("help.faq")} intro={<p>{t("help.faqIntro")}</p>}>
          <div className="max-w-3xl">
            <FaqList items={FAQ} />
          </div>
        </Section>

        <Section id="guides" title={t("help.guides")}>
          <div className="grid gap-6 lg:grid-cols-3">
            {GUIDES.map((guide) => (
              <section
                key={guide.id}
                id={guide.id}
                aria-labelledby={`${guide.id}-title`}
                className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h3 id={`${guide.id}-title`} className="text-lg font-semibold text-slate-900">
                  {guide.title}
                </h3>
                <p className="mt-1 text-sm text-slate-600">{guide.summary}</p>
                <ol className="mt-5 space-y-4">
                  {guide.steps.map((step, index) => (
                    <li key={step} className="flex gap-3 text-slate-700">
                      <span
                        aria-hidden="true"
                        className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-900"
                      >
                        {index + 1}
                      </span>
                      <span>{step}</span>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </Section>

        <section aria-labelledby="still-need-help" className="rounded-2xl bg-brand-50 p-8">
          <h2 id="still-need-help" className="text-xl font-semibold text-slate-900">
            {t("help.still")}
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700">
            <T id="help.stillBody" components={{ 0: <Link to="/security" className="font-medium text-brand-800 underline" /> }} />
          </p>
          <div className="mt-5">
            <ButtonLink to="/contact">{t("help.contact")}</ButtonLink>
          </div>
        </section>
      </div>
    </>
  );
}
