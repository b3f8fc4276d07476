/**
 * The profile pages' words (ADR 056, part five (h)): /profile (its form and the payment record), /profile/email,
 * /profile/security and /profile/bank-accounts with its bank-health alerts. English exactly as the pages wrote it
 * before; Spanish in profile.es-US.ts. Spread into the page catalogue (en-US.ts) with one line; the texts the server
 * writes in English (validation messages, toasts, errors) are PROFILE_SERVER_TEXTS, spread into SERVER_TEXTS.
 */
export const PROFILE_MESSAGES_UI = {
  // /profile: Profile Information.
  "profile.info.title": "Profile — Rosca",
  "profile.info.heading": "Profile Information",
  "profile.info.refresh": "Refresh",
  "profile.info.emailNote": "Email cannot be changed here. <0>Change your email address</0>",
  "profile.info.name": "Display name",
  "profile.info.email": "Email",
  "profile.info.phone": "Phone",
  "profile.info.address": "Street address",
  "profile.info.city": "City",
  "profile.info.state": "State/Province",
  "profile.info.zip": "ZIP/Postal code",
  "profile.info.dateOfBirth": "Date of birth",
  "profile.info.dateOfBirthLocked": "Date of birth cannot be changed once set",
  "profile.info.notProvided": "Not provided",
  "profile.info.details": "Personal details",
  "profile.info.edit": "Edit",
  "profile.info.editDetails": "Edit personal details",
  "profile.info.nameHint": "Shown to other members. Left empty, it shows as “User”.",
  "profile.info.phoneHint": "A US number, e.g. (313) 555-0142",
  "profile.info.stateHint": "e.g. MI or Michigan",
  "profile.info.zipHint": "12345 or 12345-6789",
  "profile.info.dateOfBirthHint": "Rosca is for adults: you must be at least 18. Date of birth cannot be changed once set.",
  "profile.info.saving": "Saving…",
  "profile.info.save": "Save",
  "profile.info.cancel": "Cancel",
  // Profile → Your payment record (ADR 041; app/domain/reliability.ts's numbers as arguments).
  "profile.record.title": "Your payment record",
  "profile.record.scope": "Across all your groups, past and present.",
  "profile.record.score": "Score: {score} out of 100 (recent payments count more)",
  "profile.record.noScore": "No score yet: it is shown from {marks} counted contributions on, so that one early problem does not define you.",
  "profile.record.onTime": "On time",
  "profile.record.late": "Late (paid on a retry)",
  "profile.record.missed": "Missed",
  "profile.record.covered": "Covered by the platform",
  "profile.record.coveredRepaid": "{covered} ({repaid} repaid)",
  "profile.record.owed": "Still owed",
  "profile.record.cycles": "Cycles completed",
  "profile.record.open": "{count, plural, one {# contribution is} other {# contributions are}} still on the way and not counted yet.",
  "profile.record.declined":
    "{count, plural, one {# debit was declined and waits} other {# debits were declined and wait}} for a retry or for you; not counted yet.",
  "profile.record.faded":
    "{count, plural, one {# older contribution is} other {# older contributions are}} more than {years} years old and no longer counted.",
  "profile.record.how": "How your record is computed",
  "profile.record.explanation1":
    "Your record is computed from what the bank and our ledger recorded of your contributions, in every group you are or were in. Nobody types it in, and nobody can change it.",
  "profile.record.explanation2":
    "Each contribution counts once its outcome is known: on time (paid on the first attempt), late (paid on a retry) or missed (not paid after every attempt, or taken back by your bank after the payout left so that Rosca covered it). A covered contribution you paid later shows as repaid.",
  "profile.record.explanation3":
    "Recent behaviour weighs more: a contribution's weight halves every {halfLife} days, and after {years} years it no longer counts at all. The score is the weighted share paid on time, a late payment counting half and a repaid one a quarter. It is shown from {marks} counted contributions on; before that you are a new member, and your counts are shown instead.",
  "profile.record.explanation4": "A contribution you still owe is shown whatever its age, until it is paid.",
  "profile.record.explanation5": "The record only informs: it never stops anyone joining a group. Whoever runs a group decides whom to invite.",
  "profile.record.sharing": "Sharing",
  "profile.record.shared": "Others see this summary: <0>{summary}</0>",
  "profile.record.hidden":
    "Hidden. Groups you join from now on, and people invited to them, don't see your record. The members of the groups you were already in when you hid it keep seeing this summary, because you shared it when you joined them together: <0>{summary}</0>",
  "profile.record.profileHidden":
    "Your profile is hidden from other members (<0>Security → Profile visibility</0>), so your record is not shown to them either, whatever you choose here.",
  "profile.record.shareLabel": "Show this summary to the members of my groups and to people invited to them",
  "profile.record.update": "Update Sharing",
  // /profile/email: the account's address and changing it (issue 31; EMAIL_CHANGE_MESSAGES' sentences with an address
  // are written by the action in the reader's language).
  "profile.email.title": "Email address — Rosca",
  "profile.email.heading": "Email address",
  "profile.email.lead": "We send sign-in links, reminders and notices to <0>{email}</0>.",
  "profile.email.confirmTitle": "Confirm your new email address",
  "profile.email.confirmQuestion": "Change your email from <0>{from}</0> to <1>{to}</1>?",
  "profile.email.confirm": "Confirm new email address",
  "profile.email.notNow": "Not now",
  "profile.email.pendingTitle": "Waiting for confirmation",
  "profile.email.pending":
    "We sent a confirmation link to <0>{address}</0> on {date}. Open it to finish the change; until then your email stays as it is.",
  "profile.email.cancel": "Cancel this change",
  "profile.email.changeTitle": "Change your email address",
  "profile.email.changeLead": "We'll send a link to the new address; your email changes once you open it.",
  "profile.email.newEmail": "New email address",
  "profile.email.currentPassword": "Current password",
  "profile.email.passwordHint": "To make sure it's you.",
  "profile.email.sending": "Sending…",
  "profile.email.send": "Send confirmation link",
  "profile.email.sent": "We sent a confirmation link to {address}. Your email changes once you open it.",
  "profile.email.queued": "Our mail service can't send right now, so the confirmation link for {address} is queued and will be sent automatically.",
  "profile.email.notDelivered":
    "We couldn't send a confirmation link to {address}: our mail service won't deliver to that address. Please check it, or use another one.",
  "profile.email.changed": "Your email address is now {address}.",
} as const;

/**
 * Texts the profile pages' actions and rules write in English (SPEC.md's and app/domain's constants), shown in the
 * reader's language by `useTranslateText` (the toasts, the fields' errors, the alerts).
 */
export const PROFILE_SERVER_TEXTS = [
  // /profile: the toasts, the alerts, the fields' messages (PROFILE_MESSAGES; nameMessages("Display name")).
  "Profile Updated",
  "Your profile information has been saved successfully.",
  "Update Failed",
  "Failed to update profile. Please try again.",
  "Profile Unavailable",
  "Profile loading timed out. Please refresh the page to try again.",
  "Limited Access",
  "We couldn't load your full profile right now, so some details may be missing or out of date. Please refresh to try again.",
  "Date of birth cannot be changed once set",
  "Display name must be at most 100 characters",
  "Please enter a valid US phone number, e.g. (313) 555-0142",
  "Street address must be at most 200 characters",
  "City must be at most 100 characters",
  "Please enter a US state as its two-letter code or name, e.g. MI or Michigan",
  "Please enter a valid ZIP code: 5 digits (12345) or ZIP+4 (12345-6789)",
  "Please enter a valid date of birth",
  "Date of birth cannot be in the future",
  "You must be at least 18 years old to use Rosca.",
  "Display name can't contain line breaks, tabs or other control characters",
  "Display name can't contain characters that change the direction of the text",
  "Display name can't contain invisible characters, such as zero-width spaces",
  // The payment record's sharing saved (RECORD_SHARING).
  "Payment record shared",
  "Members of your groups, and people invited to them, see its summary.",
  "Payment record hidden",
  "Groups you join from now on, and people invited to them, don't see it. The members of the groups you are already in keep seeing it: you shared it when you joined them together.",
  // /profile/email: the fields' messages, the errors and the toasts' titles (EMAIL_CHANGE_MESSAGES, SECURITY_MESSAGES).
  "Current password is required",
  "Current password is incorrect",
  "Too many attempts. Please wait a few minutes before trying again.",
  "That's already your email address",
  "An account with this email address already exists",
  "Too many email change requests. Please wait an hour and try again.",
  "Check your new inbox",
  "Email Address Changed",
  "Email change cancelled",
  "This confirmation link isn't valid for your account. Ask for a new one below.",
  "This confirmation link has expired or was already used. Ask for a new one below.",
  "That address now belongs to another account, so your email stays as it was.",
  "Unknown action.",
] as const;
