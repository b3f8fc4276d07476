import type { MetaArgs } from "react-router";
import { metaTranslator, useT } from "~/components/i18n";
import { PageHeader, Section } from "~/components/marketing/page-header";
import { ButtonLink } from "~/components/ui/button";
import * as english from "~/content/about";
import * as spanish from "~/content/about.es-US";
import { pageLocale } from "~/server/auth/locale.server";
import type { Route } from "./+types/about";

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslator(matches);
  return [{ title: t("shell.pageTitle", { title: t("content.about.title") }) }, { name: "description", content: t("content.about.description") }];
};

/** The page's copy in the reader's language: only that language's text goes to the browser (ADR 056). */
export async function loader({ request }: Route.LoaderArgs) {
  const { ABOUT_INTRO, VALUES, FACTS } = (await pageLocale(request)) === "es-US" ? spanish : english;
  return { intro: ABOUT_INTRO, values: VALUES, facts: FACTS };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { intro, values, facts } = loaderData;
  return (
    <>
      <PageHeader eyebrow={t("content.about.eyebrow")} title={t("content.about.heading")} lead={<p>{intro[0]}</p>} />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6">
        <Section id="mission" title={t("content.about.mission")}>
          <div className="max-w-3xl space-y-4 text-lg text-slate-700">
            {intro.slice(1).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p>{t("content.about.buildingFor")}</p>
          </div>
        </Section>

        <Section id="values" title={t("content.about.values")}>
          <ul className="grid gap-6 sm:grid-cols-2">
            {values.map((value) => (
              <li key={value.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-2 text-slate-700">{value.body}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="facts" title={t("content.about.facts")}>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {facts.map((fact) => (
              <div key={fact.label} className="rounded-2xl bg-brand-50 p-5">
                <dt className="text-sm text-brand-900">{fact.label}</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section id="demo" title={t("content.about.today")}>
          <div className="max-w-3xl space-y-4 text-slate-700">
            <p>{t("content.about.demo")}</p>
            <p>{t("content.about.eligibility")}</p>
          </div>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/register">{t("content.about.createAccount")}</ButtonLink>
            <ButtonLink to="/help" variant="secondary">
              {t("content.visitHelp")}
            </ButtonLink>
            <ButtonLink to="/contact" variant="secondary">
              {t("content.contactUs")}
            </ButtonLink>
          </div>
        </Section>
      </div>
    </>
  );
}
