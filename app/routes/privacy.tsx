import { LegalDocument } from "~/components/marketing/legal-document";
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from "~/content/privacy";
import { POLICY_EFFECTIVE_DATE, pageMeta } from "~/content/site";

export const meta = () =>
  pageMeta("Privacy Policy", "What personal information Rosca collects, how we use and share it, how long we keep it and the choices you have.");

export default function Privacy() {
  return <LegalDocument title="Privacy Policy" effectiveDate={POLICY_EFFECTIVE_DATE} intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
