/**
 * The emails' English words (ADR 056, part two): the templates that speak the recipient's language
 * (app/server/email/templates.ts `TRANSLATED_TEMPLATES`) take every word from here or from email.es-US.ts. A catalogue
 * of its own, apart from the pages' (en-US.ts): the pages' catalogue is handed to the browser whole, and no browser
 * needs an email's words. ICU MessageFormat, as the pages' catalogue; the English is exactly what the emails said
 * before they spoke Spanish.
 */
export const emailMessages = {
  // Every email's frame.
  "layout.footer": "Rosca — interest-free rotating savings groups.",
  "layout.buttonFallback": "If the button does not work, copy this link into your browser:",
  "layout.hi": "Hi {name},",
  "layout.hiNoName": "Hi,",

  welcome: "Welcome to Rosca",
  "welcome.preheader": "Welcome to Rosca, {name}.",
  "welcome.preheaderNoName": "Welcome to Rosca.",
  "welcome.body":
    "Welcome to Rosca! You can now form a savings group with people you trust, contribute the same amount on a schedule, and take turns receiving the pooled payout — interest-free.",
  "welcome.button": "Go to your dashboard",
  "welcome.confirmFirst": "Please confirm your email address first if you have not done so yet: look for our confirmation email.",

  "confirm.subject": "Confirm your email address for Rosca",
  "confirm.preheader": "Confirm your email address to finish creating your account.",
  "confirm.body": "Please confirm your email address to finish creating your Rosca account.",
  "confirm.button": "Confirm email address",
  "confirm.validity": "This link is valid for {hours, plural, one {# hour} other {# hours}}.",
  "confirm.ignore": "If you did not create a Rosca account, you can ignore this email.",

  "reset.subject": "Reset your Rosca password",
  "reset.preheader": "Use this link to choose a new password.",
  "reset.body": "We received a request to reset the password of your Rosca account.",
  "reset.button": "Choose a new password",
  "reset.expiryHours": "This link expires in {hours, plural, one {# hour} other {# hours}} and can be used once.",
  "reset.expiryMinutes": "This link expires in {minutes, plural, one {# minute} other {# minutes}} and can be used once.",
  "reset.ignore": "If you didn't ask to reset your password, ignore this email: your password stays the same.",

  "invitation.subject": "{invitedBy} invited you to Rosca",
  "invitation.preheader": "You're invited to Rosca, interest-free rotating savings groups.",
  "invitation.body":
    "{invitedBy} invited you to Rosca, where friends, family and colleagues save together: everyone contributes the same amount on a schedule and each member takes a turn receiving the whole pot, interest-free.",
  "invitation.sandbox": "Your account will have sandbox access from the start, so you can link a sandbox bank and join groups right away.",
  "invitation.button": "Create your account",
  "invitation.ignore": "Not interested? Ignore this email and nothing happens.",

  "groupInvitation.subject": "{invitedBy} invited you to join {groupName}",
  "groupInvitation.preheader": "Join {groupName}: {amount} {schedule}.",
  "groupInvitation.body":
    "{invitedBy} invited you to join {groupName}, an interest-free rotating savings group on Rosca. Every member contributes the same amount on a schedule, and each takes a turn receiving the whole pot.",
  "groupInvitation.members": "Members",
  "groupInvitation.contribution": "Contribution",
  "groupInvitation.schedule": "Schedule",
  "groupInvitation.payout": "Payout per turn",
  "groupInvitation.setupFee": "Setup fee",
  "groupInvitation.setupFeeLine": "{amount} one-time setup fee, the same for every member and position",
  "groupInvitation.button": "View the invitation",
  "groupInvitation.requirements":
    "You'll need a Rosca account with sandbox access and a linked bank account to join. Not interested? Ignore this email.",

  "confirmNew.subject": "Confirm your new email address for Rosca",
  "confirmNew.preheader": "Confirm this address to make it your account's email.",
  "confirmNew.body": "You asked to use {newEmail} for your Rosca account. Confirm it to finish the change.",
  "confirmNew.button": "Confirm new email address",
  "confirmNew.validity": "This link is valid for {hours, plural, one {# hour} other {# hours}}, and you'll be asked to sign in if you aren't.",
  "confirmNew.ignore": "If you didn't ask for this, ignore this email: nothing changes.",
  "sandbox.subject": "Sandbox access granted on Rosca",
  "sandbox.preheader": "You can now link a sandbox bank account and join groups.",
  "sandbox.body":
    "Good news: an administrator granted your account sandbox access. You can now link a sandbox bank account, create savings groups and join groups you're invited to.",
  "sandbox.button": "Link a bank account",
  "sandbox.demo": "Demo phase: the bank is a sandbox and no real money moves.",
  "removed.subject": "You were removed from {groupName}",
  "removed.preheader": "{removedBy} removed you from {groupName} before it started.",
  "removed.body": "{removedBy}, the admin of {groupName}, removed you from the group before it started.",
  "removed.reason": "Reason given",
  "removed.nothingCharged":
    "Nothing was charged: contributions and the setup fee only start once a group starts. The group's invite links, old or new, no longer work for you unless its admin invites you again.",
  "removed.button": "Go to your dashboard",
  "started.subject": "{groupName} has started: your first contribution is due {date}",
  "started.preheader": "Everyone joined {groupName}. Your turn is {position} of {count}.",
  "started.body": "Every member has joined {groupName}, so the group has started and the payout order is set.",
  "started.contribution": "Contribution",
  "started.firstDue": "First contribution due",
  "started.turn": "Your turn",
  "started.turnValue": "{position} of {count}",
  "started.payout": "Your payout",
  "started.payoutValue": "{amount}, expected in your bank on {date}",
  "started.button": "View your group",

  // A group's schedule (app/domain/schedule.ts describeSchedule's words); weekday 0 is Sunday.
  "schedule.daily": "Every day",
  "schedule.weekly": "Every {weekday, select, 0 {Sunday} 1 {Monday} 2 {Tuesday} 3 {Wednesday} 4 {Thursday} 5 {Friday} other {Saturday}}",
  "schedule.biweekly": "Every other {weekday, select, 0 {Sunday} 1 {Monday} 2 {Tuesday} 3 {Wednesday} 4 {Thursday} 5 {Friday} other {Saturday}}",
  "schedule.monthly": "Monthly on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
  "schedule.monthlyShort": "Monthly on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} (or the last day of shorter months)",
} as const;

export type EmailMessageId = keyof typeof emailMessages;
