import { LegalDocument } from "~/components/marketing/legal-document";
import { TERMS_INTRO, TERMS_SECTIONS } from "~/content/terms";
import { POLICY_EFFECTIVE_DATE, pageMeta } from "~/content/site";

export const meta = () =>
  pageMeta("Terms of Service", "The terms for using Rosca: eligibility, the demo phase, how groups work, fees and your commitments to your group.");

export default function Terms() {
  return <LegalDocument title="Terms of Service" effectiveDate={POLICY_EFFECTIVE_DATE} intro={TERMS_INTRO} sections={TERMS_SECTIONS} />;
}
