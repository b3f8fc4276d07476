/**
 * The group page's last words (ADR 056, part five (j)): the report form (/groups/:groupId/report), the random draw's
 * verification text, and the texts the roster's and the swaps' actions write in English (their refusals), shown
 * through `useTranslateText`. English exactly as before: the draw's is DRAW_ALGORITHM_SUMMARY's (payout-order.ts),
 * the refusals are ROSTER_MESSAGES', SWAP_MESSAGES' and REPORT_MESSAGES' own words (group-extra.test.ts checks both).
 * Spanish in group-extra.es-US.ts.
 */
export const GROUP_EXTRA_MESSAGES = {
  "groupExtra.report.metaTitle": "Report a problem: {group} — Rosca",
  "groupExtra.report.back": "← Back to {group}",
  "groupExtra.report.heading": "Report a problem",
  "groupExtra.report.lead":
    "Tell us what went wrong in {group}. Our team reads every report and replies in the app and by email, usually within 24 hours.",
  "groupExtra.report.aboutPayment": "About this payment",
  "groupExtra.report.paymentMissing": "That payment is not in this group's statement, so this report is about the group as a whole.",
  "groupExtra.report.whatProblem": "What is the problem?",
  "groupExtra.report.whatHappened": "What happened?",
  "groupExtra.report.hint": "Up to {max} characters. Never include passwords or full bank account numbers.",
  "groupExtra.report.sending": "Sending…",
  "groupExtra.report.send": "Send Report",
  "groupExtra.report.tooMany": "You can send up to {count} reports in 24 hours. You can send another one after {time}.",
  "groupExtra.report.sentTitle": "Problem reported",
  "groupExtra.report.sentDescription": "Our team will look into it and reply here and by email, usually within 24 hours.",
  // The random draw's verification (DRAW_ALGORITHM_SUMMARY's first two paragraphs).
  "groupExtra.draw.why":
    "When the group was created we picked a secret random number (the seed) and showed you its fingerprint (the SHA-256 hash of the seed's 32 bytes) before anyone knew the order. When the group starts we reveal the seed.",
  "groupExtra.draw.steps":
    'To check the draw: hash the revealed seed and compare it with the fingerprint you saw; then shuffle the members, listed in the order they joined, with a Fisher-Yates shuffle driven by the seed. For each position i from the last down to the second, compute HMAC-SHA256 with the seed as the key and the text "rosca-draw:i:0" as the message, read its first 4 bytes as a big-endian number x, and swap position i with position x mod (i+1). If x is 2^32 - (2^32 mod (i+1)) or more, try again with :1, :2 and so on instead of :0, so every position is equally likely. Positions count from 0. The result is the payout order, first to last.',
} as const;

/**
 * Texts the group page's actions write in English and the page shows translated (SERVER_TEXTS): the report form's
 * validation messages, the roster's refusals and the turn swaps' refusals. Spread into SERVER_TEXTS with one line.
 */
export const GROUP_EXTRA_SERVER_TEXTS = [
  // REPORT_MESSAGES (reports.ts) and messageCheck("Message") (names.ts).
  "Please choose what the problem is about",
  "Please describe the problem",
  "Please describe the problem in at least 10 characters",
  "Message must be at most 2,000 characters",
  "That payment is not in this group's statement.",
  "Message can't contain control characters",
  "Message can't contain characters that change the direction of the text",
  "Message can't contain invisible characters, such as zero-width spaces",
  // ROSTER_MESSAGES (roster.ts) and nameCheck("Reason").
  "Please give a reason: the member will see it",
  "Reason must be at most 200 characters",
  "Reason can't contain line breaks, tabs or other control characters",
  "Reason can't contain characters that change the direction of the text",
  "Reason can't contain invisible characters, such as zero-width spaces",
  "Only the group admin can remove members.",
  "Only the group admin can replace the invite link.",
  "Members can only be removed before the group starts.",
  "The invite link can only be replaced while the group is forming.",
  "The group's admin can't be removed.",
  "That member is not in this group.",
  "The group's admin can't leave the group. Remove the other members first if the group should not go ahead.",
  "You can only leave a group before it starts. Once it runs, other members count on your contributions.",
  "Only the group admin can invite someone again.",
  "People can only be invited again before the group starts.",
  "That person can already join this group.",
  "That person is already a member of this group.",
  // SWAP_MESSAGES (swaps.ts): the refusals.
  "Turns can be swapped only once the group has started.",
  "Choose another member to swap turns with.",
  // groupSettingsSchema (groups.ts): a payout order or swap rule that is none of the choices (a tampered post).
  "Choose how the payout order is set.",
  "Choose who has the last word on turn swaps.",
  "Your turn is already being paid (or was paid), so it can't be swapped any more.",
  "That member's turn is already being paid (or was paid), so it can't be swapped any more.",
  "One of these turns is already being paid, so the swap can't happen. It was cancelled.",
  "One of these turns is already part of another swap proposal. Wait until that one is answered.",
  "The group's payments are being processed right now. Try again in a minute.",
  "That swap proposal was not found in this group.",
  "Only the member it was proposed to can answer this swap.",
  "Only the member who proposed this swap can withdraw it.",
  "Only the group admin can approve or refuse a swap.",
  "This swap was already answered.",
  "This swap was withdrawn by the member who proposed it.",
  "This swap needs no approval.",
  "The other member hasn't accepted this swap yet.",
] as const;
