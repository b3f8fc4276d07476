import type { MetaArgs } from "react-router";
import { metaTranslator, useT } from "~/components/i18n";
import { PageHeader, Section } from "~/components/marketing/page-header";
import { ButtonLink } from "~/components/ui/button";

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslator(matches);
  return [{ title: t("shell.pageTitle", { title: t("content.careers.title") }) }, { name: "description", content: t("content.careers.description") }];
};

const INTERESTS = ["engineering", "payments", "support", "community"] as const;

export default function Careers() {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("content.careers.title")} title={t("content.careers.heading")} lead={<p>{t("content.careers.lead")}</p>} />
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
        <Section id="coming-soon" title={t("content.careers.comingSoon")} intro={<p>{t("content.careers.comingSoonIntro")}</p>}>
          <ul className="grid gap-4 sm:grid-cols-2">
            {INTERESTS.map((interest) => (
              <li key={interest} className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-700 shadow-sm">
                {t(`content.careers.interest.${interest}`)}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="get-in-touch" title={t("content.careers.getInTouch")}>
          <div className="max-w-2xl space-y-4 text-slate-700">
            <p>{t("content.careers.note")}</p>
          </div>
          <div className="mt-6">
            <ButtonLink to="/contact?topic=careers">{t("content.careers.contact")}</ButtonLink>
          </div>
        </Section>
      </div>
    </>
  );
}
