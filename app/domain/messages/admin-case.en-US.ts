/**
 * The unpaid turn's support case as the admin console shows it (ADR 056, part five (m)): `unpaidTurnCase`'s summary and
 * action, English word for word as that function writes them (toast-wording.test.ts). The email to the admin and the
 * member stays English (support writes it). Ids start with `admin.` so only a platform admin's pages carry them
 * (`pageCatalogue`). Spanish in admin-case.es-US.ts.
 */
export const ADMIN_CASE_MESSAGES = {
  "admin.case.summary": "{member}'s {amount} contribution to {group} (period {period}) was due {date} and has waited {days} days.",
  "admin.case.action":
    "Take it up with {admin} and {member}: agree when {member} pays it with Pay now. The payout waits for it; Rosca lends nothing. The turn's recipient may instead accept what has arrived, on the group page.",
  "admin.case.actionOwnTurn":
    "Take it up with {admin} and {member}: agree when {member} pays it with Pay now. The payout waits for it; Rosca lends nothing. {member} is this turn's recipient, so the turn waits for their own contribution.",
  "admin.case.noAdmin": "the group admin",
} as const;
