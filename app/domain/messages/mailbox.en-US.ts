/**
 * The demo mailbox's words (/dev/mailbox, ADR 016; ADR 056 part four (f)). English exactly as the page wrote it
 * before; Spanish in mailbox.es-US.ts.
 */
export const MAILBOX_MESSAGES = {
  "mailbox.title": "Mailbox — Rosca",
  "mailbox.heading": "Mailbox",
  "mailbox.lead": "Every email the app sends outside production is captured here by the mail sandbox instead of being delivered. Newest first.",
  "mailbox.scope.admin": "You are an administrator: you see every captured message.",
  "mailbox.scope.open": "<0>MAILBOX_OPEN=true</0>: every captured message is shown to anyone who opens this page (local development only).",
  "mailbox.scope.addresses":
    "{signedIn, select, yes {Showing email to {addresses}: your address, and accounts created or signed in to in this browser.} other {Showing email to {addresses}: accounts created or signed in to in this browser.}}",
  "mailbox.filter": "Filter messages",
  "mailbox.recipient": "Recipient email address",
  "mailbox.filterButton": "Filter",
  "mailbox.showAll": "Show all",
  "mailbox.nothingTitle": "Nothing to show in this browser yet",
  "mailbox.nothing":
    "This mailbox shows email sent to your own account: <0>log in</0> to read yours. Accounts you create here (<1>sign up</1>) are remembered in this browser, so their confirmation email shows without logging in.",
  "mailbox.noneTo": "No messages to {address}",
  "mailbox.none": "No messages yet",
  "mailbox.noneToBody": "Nothing has been sent to this address. Check the spelling, or show all messages.",
  "mailbox.noneBody": "Emails the app sends (account confirmation, password reset, welcome, contact form) will appear here.",
  "mailbox.captionTo": "Messages to {address}, newest first",
  "mailbox.caption": "Captured messages, newest first",
  "mailbox.to": "To",
  "mailbox.subject": "Subject",
  "mailbox.received": "Received",
  "mailbox.newest": "Showing the newest {count} messages.",
  "mailbox.notFound": "Page Not Found",
  "mailbox.notFoundBody": "There is nothing at this address.",
  "mailbox.home": "Go Home",
} as const;
