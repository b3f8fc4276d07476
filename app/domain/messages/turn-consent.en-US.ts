/**
 * The recipient's consent to be paid what arrived (ADR 053 step 4; ADR 056 part four): the group page's panel, the
 * consented turn's amount, /groups/:groupId/accept-payout and the late-contribution sentences about a consented turn.
 * English exactly as before (turn-consent.test.ts checks it word for word); es-US has the same ids. Spread into the
 * page catalogue (en-US.ts) with one line. Ids start with `turnConsent.`.
 */
export const TURN_CONSENT_MESSAGES = {
  "turnConsent.owing.title": "You owe {name} {amount}",
  "turnConsent.owing.body":
    "On {date} {name} accepted what had arrived for turn {period} instead of waiting for your contribution. Your {amount} is still owed to them: pay it with Pay now (above) and it is sent on to {name} when it arrives.",
  // Once paid (nothing late for the turn any more): never "pay it with Pay now", which would now pay another one.
  "turnConsent.owing.onItsWay":
    "On {date} {name} accepted what had arrived for turn {period} instead of waiting for your contribution. Your payment of {amount} is on its way: it is sent on to {name} when it arrives.",
  "turnConsent.offer.title": "Your payout waits for {names}",
  "turnConsent.offer.body":
    "Your {amount} payout (turn {period}, due {date}) waits because {count, plural, one {a contribution hasn't} other {contributions haven't}} arrived. Rosca doesn't lend the missing money.",
  "turnConsent.offer.arrived": "Arrived: {amount}",
  "turnConsent.offer.missing": "Missing: {amount}",
  "turnConsent.offer.accepting": "Accepting…",
  "turnConsent.offer.accept": "Accept {amount} now",
  "turnConsent.offer.later":
    "If it is still missing on {date}, you can choose here to be paid the {amount} that has arrived; what {names} {count, plural, one {owes} other {owe}} would stay owed to you and be sent to you when it arrives.",
  "turnConsent.consequence":
    "You'll receive {arrived} now. The {owed} {names} still {count, plural, one {owes} other {owe}} stays on the group's ledger as owed to you and is sent to you when it arrives.",
  "turnConsent.given.stillOwed": "Still owed to you",
  "turnConsent.given.complete": "Your payout is complete",
  "turnConsent.given.body": "On {date} you accepted {amount} for turn {period}{sending, select, yes {; it is being sent.} other {.}}",
  "turnConsent.given.owes": "{name} owes you {amount}: it is sent to you when it arrives.",
  "turnConsent.given.collected": "{name}'s {amount} arrived and was sent to you on {date}.",
  "turnConsent.partial.sent": "{amount} sent on {date}",
  "turnConsent.partial.sentLast": "{amount} sent, the last part on {date}",
  "turnConsent.partial.sending": "{amount} being sent",
  "turnConsent.partial.failed": "{amount} failed on {date}; it will be sent again on {again}",
  "turnConsent.partial.stopped": "{amount} failed on {date} and will not be sent again automatically; Rosca's support team has been told",
  "turnConsent.partial.cancelled": "{amount} was cancelled on {date} and will not be sent again automatically",
  "turnConsent.partial.rest.sending": "{amount} from {name} being sent",
  "turnConsent.partial.rest.failed": "{amount} from {name} failed on {date}; it will be sent again on {again}",
  "turnConsent.partial.rest.stopped":
    "{amount} from {name} failed on {date} and will not be sent again automatically; Rosca's support team has been told",
  "turnConsent.partial.rest.cancelled": "{amount} from {name} was cancelled on {date} and will not be sent again automatically",
  "turnConsent.partial.owed": "{amount} still owed by {name}, sent on when it arrives",
  "turnConsent.owedToRecipient":
    "{name} accepted {arrived} on {date} instead of waiting for this contribution. You owe {owed} to {name}, to be sent to them when it arrives: pay it now from the group page.",
  "turnConsent.consentedNote": "{name} accepted {arrived} on {date}; {member} owes {owed} to {name}, to be sent to them when it arrives.",
  "turnConsent.page.title": "Accept what arrived",
  "turnConsent.page.metaTitle": "Accept what arrived — Rosca",
  "turnConsent.page.back": "← Back to the group",
  "turnConsent.page.none": "You have no turn waiting on a missing contribution that you can accept now.",
  "turnConsent.page.notYet": "You can accept what has arrived from {date}.",
  "turnConsent.toast.accepted": "{arrived} is on its way to you. The {owed} still owed stays owed to you and is sent to you when it arrives.",
  "turnConsent.toast.allArrived":
    "Nothing is owed to you for this turn any more: the {owed} that was missing arrived and was sent on to you, after the {arrived} you accepted.",
} as const;

/**
 * Texts the accept-payout action and app/server/money/turn-consent.server.ts write in English (errors, toasts' titles):
 * translated on the page by their own words (SERVER_TEXTS, `useTranslateText`). Spread into SERVER_TEXTS with one line.
 */
export const TURN_CONSENT_SERVER_TEXTS = [
  "Tick the box to accept what has arrived.",
  "There is no such turn in this group.",
  "Only the member whose turn it is can accept what has arrived.",
  "This group is not active.",
  "This turn's payout has already gone out.",
  "Every contribution for this turn has arrived: the full payout goes out by itself.",
  "Your own contribution for this turn hasn't arrived yet: pay it first (Pay now on the group page).",
  "No contribution for this turn has arrived yet, so there is nothing to pay out.",
  "You already accepted what arrived",
  "Accepted",
] as const;
