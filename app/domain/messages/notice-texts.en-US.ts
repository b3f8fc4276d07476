/**
 * What a notification says (ADR 062): the bell's and /notifications' contents, stored as an id of this catalogue and its
 * values (notifications.message, notifications.values: migration 0031) and written in the reader's language when read.
 * English exactly as the notices said it before. Each notice is `<id>.title` and, when it has one, `<id>.body`.
 *
 * Values by their names (app/server/notifications/notice-text.ts formats them for the reader's language):
 * - `…Cents`: integer cents, shown as money ("$1,050.00");
 * - `…On`: a calendar day, YYYY-MM-DD, shown in full ("Tuesday, December 1, 2026"); `…OnLong`: "December 1, 2026"; `…OnMedium`:
 *   "Dec 1, 2026";
 * - anything else: as stored (names typed by people, turn numbers, a select's key).
 *
 * Server-only, like the emails' catalogue: no browser needs it (the server writes the notices into the page).
 */
// Part five (k): the sentences several notices share (written once here, spread into each message).
/** A debit account (failed-contribution.ts accountValues): its name, or "your bank account" when it is not known. */
const ACCOUNT = "{accountKnown, select, no {your bank account} other {{account}}}";
/** What the bank did (ach.ts failureReason; failureReasonValues gives `reason`). */
const REASON =
  "{reason, select, NSF {Your bank account did not have enough money available for this payment, so it was not attempted.} RISK {Your bank account could not be used for this payment right now, so it was not attempted. Adding money to the account or linking another one usually helps.} TRANSFER_LIMIT_REACHED {This payment would have gone over a transfer limit on your account, so it was not attempted.} TRANSFER_ACCOUNT_BLOCKED {Your bank account can no longer be used for payments after an earlier payment was returned. Link another account.} R01 {Your bank returned the payment for insufficient funds.} R09 {Your bank returned the payment because the money in the account was not yet available.} R02 {Your bank returned the payment because the account is closed.} R03 {Your bank could not find an account with this number.} R04 {Your bank says the account number is not valid.} R16 {Your bank returned the payment because the account is frozen.} R20 {Your bank returned the payment because this account cannot make payments.} R05 {Your bank returned the payment because debits of this kind were not authorised on a consumer account.} R07 {You withdrew your authorisation of these payments at your bank.} R08 {You asked your bank to stop this payment.} R10 {You told your bank that this payment was not authorised.} R29 {Your bank says the account holder did not authorise this payment.} returnedOther {Your bank returned the payment (return code {returnCode}).} cancelled {The payment was cancelled before it reached your bank.} bankSaid {{bankDescription}} other {The bank did not complete the payment.}}";
/** REASON as the group admin reads it about a member's debit (ach.ts memberFailureReason): whose account, in the third person. */
const MEMBER_REASON =
  "{reason, select, NSF {{memberName}'s bank account did not have enough money available for this payment, so it was not attempted.} RISK {{memberName}'s bank account could not be used for this payment right now, so it was not attempted.} TRANSFER_LIMIT_REACHED {This payment would have gone over a transfer limit on {memberName}'s account, so it was not attempted.} TRANSFER_ACCOUNT_BLOCKED {{memberName}'s bank account can no longer be used for payments after an earlier payment was returned.} R01 {{memberName}'s bank returned the payment for insufficient funds.} R09 {{memberName}'s bank returned the payment because the money in the account was not yet available.} R02 {{memberName}'s bank returned the payment because the account is closed.} R03 {{memberName}'s bank could not find an account with this number.} R04 {{memberName}'s bank says the account number is not valid.} R16 {{memberName}'s bank returned the payment because the account is frozen.} R20 {{memberName}'s bank returned the payment because this account cannot make payments.} R05 {{memberName}'s bank returned the payment because debits of this kind were not authorised on a consumer account.} R07 {{memberName} withdrew their authorisation of these payments at their bank.} R08 {{memberName} asked their bank to stop this payment.} R10 {{memberName} told their bank that this payment was not authorised.} R29 {{memberName}'s bank says the account holder did not authorise this payment.} returnedOther {{memberName}'s bank returned the payment (return code {returnCode}).} cancelled {The payment was cancelled before it reached {memberName}'s bank.} bankSaid {{bankDescription}} other {The bank did not complete the payment.}}";
/** What happens next to the member's failed debit (failed-contribution.ts nextStepAfterFailure; failureStepValues). */
const STEP = `{step, select, stopped {The debit of {amountCents} from ${ACCOUNT} was stopped and will not be tried again automatically: pay it now from the group page; the group's payout waits for it.} unusable {${ACCOUNT} cannot be used any more for {amountCents}: link another account under Profile → Bank Accounts and choose it for this group, or pay it now from the group page.} revoked {We will not debit ${ACCOUNT} again until you authorise debits again under Profile → Bank Accounts; you can pay the {amountCents} now from the group page.} final {The debit of {amountCents} from ${ACCOUNT} will not be tried again automatically: pay it now from the group page; the group's payout waits for it.} lastAttempt {That was the last of {attempts} attempts to collect {amountCents} from ${ACCOUNT}. Nothing more is debited automatically: pay it now from the group page; the group's payout waits for it.} payNowLast {Your Pay now payment of {amountCents} from {payNowAccount} on {failedOn} did not go through, and nothing more is debited automatically: pay it with Pay now from another account{otherAccount, select, yes {} other { (link one under Profile → Bank Accounts)}}, or from this one once the funds are available; the group's payout waits for it.} payNowRetry {Your Pay now payment of {amountCents} from {payNowAccount} on {failedOn} did not go through. The next automatic attempt takes {amountCents} from ${ACCOUNT} on {nextAttemptOn}{payday, select, yes {, the day after your payday} other {}}. Before then you can pay it with Pay now from another account{otherAccount, select, yes {} other { (link one under Profile → Bank Accounts)}}, or make sure the funds are available.} other {{switched, select, yes {Attempt {attempt} of {attempts} did not go through from {failedAccount}: we'll try {amountCents} from ${ACCOUNT} on {nextAttemptOn}} other {Attempt {attempt} of {attempts}: we'll try {amountCents} from ${ACCOUNT} again on {nextAttemptOn}}}{payday, select, yes {, the day after your payday} other {}}. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.}}`;
/** What a late member owes a recipient who accepted what arrived (owedToRecipientMessage; consentValues). */
const OWED =
  "{recipientName} accepted {arrivedCents} on {acceptedOn} instead of waiting for this contribution. You owe {owedCents} to {recipientName}, to be sent to them when it arrives: pay it now from the group page.";

export const noticeTexts = {
  // The cycle (cycle.server.ts, reminders.server.ts).
  "groupComplete.title": "{groupName} is complete",
  "groupComplete.body": "Every member has received their payout. Thank you for saving together.",
  "contributionDue.title": "Contribution due {dueOn}",
  "contributionDue.body": "Your contribution to {groupName} is debited on {dueOn}.",
  "payoutArrived.title": "Your payout from {groupName} has arrived",
  "payoutArrived.body": "{amountCents} is in your bank account. Payout sent {sentOnMedium}. Arrived {arrivedOnMedium}.",
  "payNowArrived.title": "Your payment to {groupName} arrived",
  "payNowArrived.body":
    "Your {amountCents} contribution paid with Pay now arrived on {arrivedOn}. The payout that waited for it goes out once its money is available.",
  "payNowArrivedAdmin.title": "{memberName} paid their late contribution to {groupName}",
  "payNowArrivedAdmin.body":
    "{memberName}'s {amountCents} contribution, paid with Pay now, arrived on {arrivedOn}. The payout that waited for it goes out once its money is available.",
  "payNowArrivedRecipient.title": "The late contribution to your {groupName} payout arrived",
  "payNowArrivedRecipient.body":
    "{memberName}'s {amountCents} contribution arrived on {arrivedOn}. Your payout goes out once its money is available.",
  // Sandbox access (sandbox-access.server.ts).
  "sandboxGranted.title": "Sandbox access granted",
  "sandboxGranted.body": "You can now link a sandbox bank account, create groups and join groups.",
  "sandboxRevoked.title": "Sandbox access revoked",
  "sandboxRevoked.body": "An administrator revoked your sandbox access. Contact support if you think this is a mistake.",
  "sandboxDeclined.title": "Sandbox access request declined",
  "sandboxDeclined.body": "An administrator declined your sandbox access request. Contact support for details.",
  // Banks (bank.server.ts).
  "bankConnected.title": "Bank account connected",
  "bankConnected.body": "{institutionName} is now linked to your account.",
  "bankConnectedUnnamed.title": "Bank account connected",
  "bankConnectedUnnamed.body": "Your bank is now linked to your account.",
  // Groups (groups.server.ts).
  "groupInvited.title": "{inviterName} invited you to {groupName}",
  "groupInvited.body": "{schedule}, {memberCount} members.",
  "memberJoined.title": "{memberName} joined {groupName}",
  "groupStarted.title": "{groupName} has started",
  "groupStarted.body": "Every member joined. Your first contribution is due {firstDueOn}; your turn is {position} of {memberCount}.",
  // The roster (roster.server.ts).
  "memberRemoved.title": "You were removed from {groupName}",
  "memberRemoved.body": "{adminName} removed you before the group started. Reason: {reason}",
  "memberLeft.title": "{memberName} left {groupName}",
  "memberLeft.body": "{memberName} left the group before it started. Their seat is open again; the invite link works for someone new.",
  "invitedAgain.title": "You can join {groupName} again",
  "invitedAgain.body": "{adminName} invited you to join the group again. Its invite link works for you now.",
  // Reports (reports.server.ts): the reply and the closing note are the admin's own words (`text`).
  "reportReceived.title": "We received your report about {groupName}",
  "reportReceived.body":
    "Your report ({category, select, wrong_amount {Wrong amount} not_received {Payment not received} member_not_paying {A member is not paying} other {Something else}}) reached our team. We reply here and by email, usually within 24 hours. You can add to it on your reports page while it is open.",
  "reportReplied.title": "Reply to your report about {groupName}",
  "reportReplied.body": "{text}",
  "reportClosed.title": "Your report about {groupName} was closed",
  "reportClosed.body": "{text}",
  // Urgent account notices (account-alerts.server.ts URGENT): the bell's words and the account-alert email's.
  "newDevice.title": "New sign-in to your Rosca account",
  "newDevice.body":
    "Someone signed in from {device} (IP {ipAddress}), a device not used on this account before. If this wasn't you, change your password now and sign out your other sessions.",
  "passwordChanged.title": "Your password was changed",
  "passwordChanged.body":
    "The password of your account was just changed and your other sessions were signed out. If this wasn't you, reset your password now.",
  "emailChanged.title": "Your email address was changed",
  "emailChanged.body": "Your account's email address is now {newEmail}. If this wasn't you, reset your password now and contact support.",
  "passwordReset.title": "Your password was reset",
  "passwordReset.body":
    "Your password was reset with an emailed link and every session was signed out. If this wasn't you, reset it again now and contact support.",
  "twoFactorEnabled.title": "Two-factor authentication turned on",
  "twoFactorEnabled.body":
    "Signing in now needs a code from your authenticator app as well as your password. If this wasn't you, change your password now.",
  "twoFactorDisabled.title": "Two-factor authentication turned off",
  "twoFactorDisabled.body":
    "Signing in no longer needs a code from your authenticator app. If this wasn't you, change your password and turn it back on now.",
  "bankUnlinked.title": "Bank account unlinked",
  "bankUnlinked.body":
    "{institutionName} was unlinked from your account. Contributions and payouts can't use it any more. If this wasn't you, change your password now.",
  "bankUnlinkedUnnamed.title": "Bank account unlinked",
  "bankUnlinkedUnnamed.body":
    "A bank was unlinked from your account. Contributions and payouts can't use it any more. If this wasn't you, change your password now.",
  // Daily reminders before the due day and while the debit is collected (reminders.ts dailyReminderText; a late one is
  // lateReminder, below).
  "dailyUpcoming.title": "Your {amountCents} contribution to {groupName} is due {days, plural, =1 {tomorrow} other {in {days} days}}",
  "dailyUpcoming.body": "It is debited from your linked bank account on {dueOn}. Please make sure the funds are available.",
  "dailyCollecting.title": "Your {amountCents} contribution to {groupName} is being collected",
  "dailyCollecting.body": "It was due {dueOn}. Please keep the funds in your linked bank account until the debit settles.",
  // An address our mail service cannot reach (undeliverable.server.ts; email-delivery.ts's words).
  "undeliverable.title": "We can't reach your email address",
  "undeliverable.body":
    "{reason, select, inactive {Our mail service has stopped delivering to this address because earlier emails to it came back undelivered.} invalid {Our mail service says this isn't a valid email address.} bounced {Emails we sent to this address came back undelivered.} other {An email we sent to this address was reported as spam, so our mail service no longer delivers to it.}} Until you change {address}, you'll get reminders and notices here in the app only.",
  // A bank reconnected (account-health.server.ts; bank-health.ts's words).
  "bankReconnected.title": "Bank reconnected",
  "bankReconnected.body": "{institutionName} is connected again. Contributions and payouts that were waiting for it go ahead now.",
  "bankReconnectedUnnamed.title": "Bank reconnected",
  "bankReconnectedUnnamed.body": "Your bank is connected again. Contributions and payouts that were waiting for it go ahead now.",
  // Turn swaps answered (swaps.server.ts; swaps.ts SWAP_NOTICES's words). Those that name turns and their days are
  // still English words.
  "swapAccepted.title": "{counterpartName} accepted your turn swap in {groupName}",
  "swapAccepted.body": "The group's admin has been asked to approve it. Your turns change once it is approved.",
  "swapApproval.title": "Approve a turn swap in {groupName}?",
  "swapApproval.body":
    "{proposerName} (turn {proposerTurn}) and {counterpartName} (turn {counterpartTurn}) agreed to swap turns. Approve or refuse on the group's page.",
  "swapDeclined.title": "{counterpartName} declined your turn swap in {groupName}",
  "swapDeclined.body": "Your turn stays as it was.",
  "swapRefused.title": "The admin of {groupName} refused a turn swap",
  "swapRefused.body": "The swap you agreed on was refused by the group's admin. Your turn stays as it was.",
  "swapWithdrawn.title": "{proposerName} withdrew a turn swap in {groupName}",
  "swapWithdrawn.body": "The swap they proposed is off. Your turn stays as it was.",
  // Turn swaps that name turns and their payout days (swaps.ts SWAP_NOTICES's words): each turn as its number and its
  // planned days, `…SentOnLong` (the payout goes out) and `…ArrivesOnLong` (expected in the member's bank).
  "swapProposed.title": "{proposerName} asks to swap turns in {groupName}",
  "swapProposed.body":
    "{proposerName} would take your turn {yourTurn} (payout goes out {yourSentOnLong}; expected in your bank {yourArrivesOnLong}) and give you turn {theirTurn} (payout goes out {theirSentOnLong}; expected in your bank {theirArrivesOnLong}). Accept or decline on the group's page before {closesOnLong}: from that day the turns can no longer be swapped.",
  "swapProposedOthers.title": "{proposerName} and {counterpartName} may swap turns in {groupName}",
  "swapProposedOthers.body":
    "{proposerName} (turn {proposerTurn}) asked {counterpartName} (turn {counterpartTurn}) to swap turns{approval, select, yes {; if they agree, the group's admin approves or refuses it} other {}}. Your turn stays {yourTurn} before and after: payout goes out {yourSentOnLong}; expected in your bank {yourArrivesOnLong}. You'll be told what happens.",
  "swapSwapped.title": "Your turn in {groupName} changed",
  "swapSwapped.body":
    "You swapped turns with {otherName}. Your turn was turn {beforeTurn} (payout goes out {beforeSentOnLong}; expected in your bank {beforeArrivesOnLong}). Your turn is now {yourTurn}: payout goes out {yourSentOnLong}; expected in your bank {yourArrivesOnLong}.",
  "swapSwappedOthers.title": "{proposerName} and {counterpartName} swapped turns in {groupName}",
  "swapSwappedOthers.body":
    "{proposerName} now has turn {counterpartTurn} and {counterpartName} turn {proposerTurn}. Your turn stays {yourTurn} before and after: payout goes out {yourSentOnLong}; expected in your bank {yourArrivesOnLong}.",
  "swapOffOthers.title": "The turn swap proposed in {groupName} won't happen",
  "swapOffOthers.body":
    "{proposerName} keeps turn {proposerTurn} and {counterpartName} turn {counterpartTurn}. Your turn stays {yourTurn}: payout goes out {yourSentOnLong}; expected in your bank {yourArrivesOnLong}.",
  // A bank login to reconnect (account-health.server.ts; bank-health.ts reconnectNotice's words).
  "bankReconnect.title": "Reconnect your bank",
  "bankReconnect.body":
    "{reason, select, PENDING_EXPIRATION {Your connection to {institutionName} expires in a few days. Reconnect your bank before then so your contributions and payouts keep going through; it takes a minute and your accounts stay the same.} other {Your login at {institutionName} has expired, so we can't collect contributions or send payouts through it. Reconnect your bank to keep your groups on schedule; it takes a minute and your accounts stay the same.}}",
  "bankReconnectUnnamed.title": "Reconnect your bank",
  "bankReconnectUnnamed.body":
    "{reason, select, PENDING_EXPIRATION {Your connection to your bank expires in a few days. Reconnect your bank before then so your contributions and payouts keep going through; it takes a minute and your accounts stay the same.} other {Your login at your bank has expired, so we can't collect contributions or send payouts through it. Reconnect your bank to keep your groups on schedule; it takes a minute and your accounts stay the same.}}",
  "swapCancelled.title": "A turn swap in {groupName} was cancelled",
  "swapCancelled.body": "One of these turns is already being paid, so the swap can't happen. It was cancelled.",
  // The same, naming the two turns (SWAP_NOTICES.cancelled); swapCancelled stays for the notices stored before.
  "swapEnded.title": "A turn swap in {groupName} was cancelled",
  "swapEnded.body":
    "Your turn {yourTurn} and {otherName}'s turn {otherTurn} won't be swapped: one of them is already being paid. Both stay as they were.",
  // The other members' notices for a member whose own turn is in payment or paid (SWAP_NOTICES' `yours` null).
  "swapProposedOthersDone.title": "{proposerName} and {counterpartName} may swap turns in {groupName}",
  "swapProposedOthersDone.body":
    "{proposerName} (turn {proposerTurn}) asked {counterpartName} (turn {counterpartTurn}) to swap turns{approval, select, yes {; if they agree, the group's admin approves or refuses it} other {}}. Your turn is not affected. You'll be told what happens.",
  "swapSwappedOthersDone.title": "{proposerName} and {counterpartName} swapped turns in {groupName}",
  "swapSwappedOthersDone.body": "{proposerName} now has turn {counterpartTurn} and {counterpartName} turn {proposerTurn}. Your turn is not affected.",
  "swapOffOthersDone.title": "The turn swap proposed in {groupName} won't happen",
  "swapOffOthersDone.body": "{proposerName} keeps turn {proposerTurn} and {counterpartName} turn {counterpartTurn}. Your turn is not affected.",
  // The recipient's consent to be paid what arrived (turn-consent.server.ts; turn-consent.ts consentNotices, restSentNotices).
  "consentDebtor.title": "You owe {recipientName} {owedCents} in {groupName}",
  "consentDebtor.body":
    "On {consentedOn} {recipientName} accepted {arrivedCents} for their turn (period {periodNumber}) instead of waiting for your contribution. Your {owedCents} contribution is still owed to them: pay it with Pay now on the group page and it is sent on to {recipientName} when it arrives.",
  "consentAdmin.title": "{recipientName} accepted what arrived in {groupName}",
  "consentAdmin.body":
    "On {consentedOn} {recipientName} accepted {arrivedCents} for period {periodNumber}. {debtorName}'s {owedCents} stays owed to {recipientName} and is sent on when it arrives.",
  "restSentRecipient.title": "The rest of your {groupName} payout is on its way",
  "restSentRecipient.body":
    "{debtorName}'s {amountCents} contribution for period {periodNumber} arrived, and on {sentOn} we sent it to you: the rest of your payout.",
  "restSentDebtor.title": "Your {amountCents} owed in {groupName} is paid",
  "restSentDebtor.body":
    "Your contribution for period {periodNumber} arrived, and on {sentOn} we sent the {amountCents} on to {recipientName}. You owe nothing more for that turn.",
  "restSentAdmin.title": "{debtorName}'s {amountCents} reached {recipientName} in {groupName}",
  "restSentAdmin.body":
    "{debtorName}'s contribution for period {periodNumber} arrived, and on {sentOn} we sent the {amountCents} on to {recipientName}: the rest of their payout.",
  // Part five (k). A failed contribution (cycle.server.ts tellOutcomes): the member's urgent notice and the admin's.
  "contributionFailed.title": "Your contribution to {groupName} did not go through",
  "contributionFailed.body": `${REASON} ${STEP}`,
  // A setup fee debit that did not go through (cycle.server.ts tellOutcomes; failed-contribution.ts feeFailureValues).
  "feeFailed.title": "Your {amountCents} setup fee for {groupName} did not go through",
  "feeFailed.body": `${REASON} {retries, select, yes {Attempt {attempt} of {attempts}: we'll try {amountCents} from ${ACCOUNT} again on {nextAttemptOn}; please make sure the funds are available.} other {Nothing more is debited automatically for it.}} The setup fee goes to Rosca, not to the group: your contributions, your turn and the group's payouts are not affected.`,
  "contributionLateAdmin.title": "{memberName}'s contribution to {groupName} is late",
  "contributionLateAdmin.body": `${MEMBER_REASON} {retries, select, yes {{payNow, select, yes {{memberName}'s own payment (Pay now) of {amountCents} did not go through; the next automatic attempt} other {{memberName}'s {amountCents} contribution did not go through (attempt {attempt} of {attempts}); the next attempt}} is on {nextAttemptOn}. {memberName} can pay it now from the group page before then.} other {{payNow, select, yes {{memberName}'s own payment (Pay now) of {amountCents}} other {{memberName}'s {amountCents} contribution}} did not go through and nothing more is debited automatically. {memberName} can pay it now from the group page; the group page's late contributions section lets you send a reminder.}}`,
  // The admin's reminder or Pay now request to a late member (late-contributions.server.ts nudgeLateMembers).
  "lateNudge.title":
    "{kind, select, pay_now_request {Your group admin asks you to pay your late contribution to {groupName}} other {Reminder: your contribution to {groupName} is late}}",
  "lateNudge.body": `Your {amountCents} contribution due {dueOn} has not gone through. {consented, select, yes {${OWED}} other {${STEP}}}`,
  // A late contribution's daily reminder (reminders.ts lateReminderText; dailyReminderText's late stage without its view).
  "lateReminder.title": "Your {amountCents} contribution to {groupName} hasn't gone through yet",
  "lateReminder.body": `{retries, select, yes {The debit of {amountCents} from ${ACCOUNT}, due {dueOn}, did not go through. Next attempt: {nextAttemptOn}. You don't have to wait: pay it now with Pay now.} other {The debit of {amountCents} from ${ACCOUNT}, due {dueOn}, did not go through, and there are no more automatic attempts: pay with Pay now. The group's payout waits for it.}}{feeOwed, select, yes { The one-time setup fee of {feeCents} follows as its own debit once it has gone through.} other {}}`,
  "dailyLate.title": "Your {amountCents} contribution to {groupName} hasn't gone through yet",
  "dailyLate.body":
    "{final, select, yes {The debit due {dueOn} did not complete and no automatic retry is left: pay it now from the group page; the group's payout waits for it.} other {The debit due {dueOn} did not complete. We'll try again; please make sure the funds are available.}}",
  // One bank account (account-health.server.ts; bank-health.ts's words): unusable, debits to authorise again, authorised.
  "accountUnusable.title": "Link another account: {account} can't be used",
  "accountUnusable.body":
    "{code, select, R02 {The bank says this account is closed.} R03 {The bank could not find an account with this number.} R04 {The bank says the account number is not valid.} R16 {The bank says this account is frozen.} R20 {The bank says this account cannot make payments.} other {The bank returned a debit from this account (return code {code}).}} We can't take contributions from it or pay payouts into it any more. Link another bank account to keep your groups on schedule.",
  "debitsRevoked.title": "Authorise debits again from {account}",
  "debitsRevoked.body":
    "{code, select, R05 {Your bank returned a debit because debits of this kind were not authorised on a consumer account.} R07 {You withdrew your authorisation of these debits at your bank.} R08 {You asked your bank to stop payment on a debit.} R10 {You told your bank that a debit was not authorised.} R29 {Your bank says the account holder did not authorise the debit.} other {Your bank returned a debit as not authorised (return code {code}).}} We won't debit this account again until you authorise it. Review and authorise debits to keep paying into your groups.",
  // `wording` is the authorisation as the member agreed to it (stored with it, debitAuthorizationWording): quoted as given.
  "debitsAuthorised.title": "Debits authorised",
  "debitsAuthorised.body":
    "You authorised Rosca to debit {account} for your group contributions. Waiting contributions go ahead now. What you agreed to: {wording}",
  // The member who left a group before it started: their own email (roster.server.ts leaveGroup; ROSTER_MESSAGES.leftEmail*).
  "memberLeftSelf.title": "You left {groupName}",
  "memberLeftSelf.body":
    "You left {groupName} before it started. Nothing was charged: contributions and the setup fee only start once a group starts. The invite links you had no longer work for you; to join again, ask the group's admin to invite you again.",
} as const;

export type NoticeTextId = keyof typeof noticeTexts;
