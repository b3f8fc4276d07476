import type { MetaArgs } from "react-router";
import { metaTranslator, useT } from "~/components/i18n";
import { LegalDocument } from "~/components/marketing/legal-document";
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from "~/content/privacy";
import { POLICY_EFFECTIVE_DATE_ISO } from "~/content/policy-date";

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslator(matches);
  return [{ title: t("shell.pageTitle", { title: t("privacy.title") }) }, { name: "description", content: t("content.privacy.description") }];
};

/** The page's own words follow the reader; the policy itself is English by design (ADR 056: the English version governs). */
export default function Privacy() {
  const t = useT();
  return <LegalDocument title={t("privacy.title")} effectiveOn={POLICY_EFFECTIVE_DATE_ISO} intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
