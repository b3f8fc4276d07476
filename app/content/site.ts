/**
 * Facts the public pages repeat (SPEC.md sections 1 and 9). Kept in one place so the landing page, help center,
 * terms and privacy policy can never disagree with each other.
 */
export const PRODUCT_NAME = "Rosca";

export const SETUP_FEE_RANGE = "$5-$10";
export const SUPPORT_RESPONSE = "within 24 hours";
export const POLICY_NOTICE_DAYS = 30;
export const DATA_RETENTION = "about five years";
export const LIABILITY_WINDOW = "the 12 months before the claim";

export const MIN_MEMBERS = 3;
export const MAX_MEMBERS = 12;
export const MIN_CONTRIBUTION = "$10";
export const MAX_CONTRIBUTION = "$1,000";

/** Title and description for a page. Child meta replaces the root's, so every page sets both. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} | ${PRODUCT_NAME}` }, { name: "description", content: description }];
}
