/**
 * Effective date of the current terms and privacy policy (a module of its own, apart from site.ts, so the landing
 * page's shared chunk does not carry the legal pages' date: ADR 056 part five (j), the landing's page weight).
 */
export const POLICY_EFFECTIVE_DATE = "November 21, 2026";
export const POLICY_EFFECTIVE_DATE_ISO = "2026-11-21";
