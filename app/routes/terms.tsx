import type { MetaArgs } from "react-router";
import { metaTranslator, useT } from "~/components/i18n";
import { LegalDocument } from "~/components/marketing/legal-document";
import { POLICY_EFFECTIVE_DATE_ISO } from "~/content/policy-date";
import { TERMS_INTRO, TERMS_SECTIONS } from "~/content/terms";

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslator(matches);
  return [{ title: t("shell.pageTitle", { title: t("terms.title") }) }, { name: "description", content: t("terms.description") }];
};

/** The page's own words follow the reader; the terms themselves are English by design (ADR 056: the English version governs). */
export default function Terms() {
  const t = useT();
  return <LegalDocument title={t("terms.title")} effectiveOn={POLICY_EFFECTIVE_DATE_ISO} intro={TERMS_INTRO} sections={TERMS_SECTIONS} />;
}
