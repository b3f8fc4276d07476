import { Link, type MetaArgs } from "react-router";
import { metaTranslator, T, useT } from "~/components/i18n";
import { PageHeader, Section } from "~/components/marketing/page-header";
import * as english from "~/content/security";
import * as spanish from "~/content/security.es-US";
import { pageLocale } from "~/server/auth/locale.server";
import { env } from "~/server/platform/env.server";
import type { Route } from "./+types/security";

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslator(matches);
  return [
    { title: t("shell.pageTitle", { title: t("content.security.title") }) },
    { name: "description", content: t("content.security.description") },
  ];
};

/** The measures and tips in the reader's language: only that language's text goes to the browser (ADR 056). */
export async function loader({ request }: Route.LoaderArgs) {
  const { SECURITY_MEASURES, ACCOUNT_TIPS } = (await pageLocale(request)) === "es-US" ? spanish : english;
  return { supportEmail: env().SUPPORT_EMAIL, measures: SECURITY_MEASURES, tips: ACCOUNT_TIPS };
}

export default function Security({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { supportEmail, measures, tips } = loaderData;
  return (
    <>
      <PageHeader eyebrow={t("content.security.eyebrow")} title={t("content.security.heading")} lead={<p>{t("content.security.lead")}</p>} />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6">
        <Section id="protections" title={t("content.security.protections")}>
          <ul className="grid gap-6 md:grid-cols-2">
            {measures.map((measure) => (
              <li key={measure.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{measure.title}</h3>
                <p className="mt-2 text-slate-700">{measure.body}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="your-part" title={t("content.security.yourPart")}>
          <ul className="max-w-3xl list-disc space-y-2 pl-5 text-slate-700">
            {tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </Section>

        <Section id="disclosure" title={t("content.security.disclosure")}>
          <div className="max-w-3xl space-y-4 text-slate-700">
            <p>
              <T
                id="content.security.disclosureBody"
                values={{ email: supportEmail }}
                components={{
                  // biome-ignore lint/a11y/useAnchorContent: the message puts the link's words inside it (the address)
                  0: <a href={`mailto:${supportEmail}?subject=Security%20report`} className="font-medium text-brand-800 underline" />,
                  1: <Link to="/contact?topic=security" className="font-medium text-brand-800 underline" />,
                }}
              />
            </p>
            <p>{t("content.security.weAsk")}</p>
            <ul className="list-disc space-y-2 pl-5">
              <li>{t("content.security.ask1")}</li>
              <li>{t("content.security.ask2")}</li>
              <li>{t("content.security.ask3")}</li>
            </ul>
            <p>{t("content.security.inReturn")}</p>
          </div>
        </Section>
      </div>
    </>
  );
}
