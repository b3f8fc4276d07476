/**
 * Words of the shell's small pieces and the account pages (ADR 056 part four (f)): the session timer, the toasts'
 * region, the close buttons, the scroll hint, the undeliverable-email banner, the email-confirmed page. English
 * exactly as the pages wrote it before; Spanish in account.es-US.ts.
 */
export const ACCOUNT_MESSAGES = {
  "account.session.title": "Your session will expire in 5 minutes",
  "account.session.body": "For your security, we log you out after 30 minutes without activity.",
  "account.session.stay": "Stay Logged In",
  "account.session.extended": "Session extended",
  "account.toasts": "Notifications",
  "account.toasts.dismiss": "Dismiss notification",
  "account.dismiss": "Dismiss",
  "account.scrollHint": "Scroll sideways for more →",
  "account.undeliverable.title": "We can't reach {address}: update your email",
  "account.undeliverable.spam-complaint": "An email we sent to this address was reported as spam, so our mail service no longer delivers to it.",
  "account.undeliverable.invalid": "Our mail service says this isn't a valid email address.",
  "account.undeliverable.bounced": "Emails we sent to this address came back undelivered.",
  "account.undeliverable.inactive": "Our mail service has stopped delivering to this address because earlier emails to it came back undelivered.",
  "account.undeliverable.inApp": "Reminders and notices still reach you here in the app.",
  "account.undeliverable.change": "Change your email address",
  "account.confirmed.title": "Email Confirmed",
  "account.confirmed.description": "Your email address is confirmed. Log in to start saving with your group.",
  "account.confirmed.invitation": "Thanks for confirming your email address. Log in and we'll take you to your invitation.",
  "account.confirmed.ready": "Thanks for confirming your email address. Your account is ready: log in to get started.",
  "account.confirmed.login": "Log In",
  // /auth/confirm (its CONFIRM_MESSAGES are SERVER_TEXTS, translated on the page).
  "account.confirm.title": "Confirm your email",
  "account.confirm.pageTitle": "{title} — Rosca",
  "account.confirm.lead": "One click and your account is ready.",
  "account.confirm.submit": "Confirm Email",
  "account.confirm.submitting": "Confirming…",
  "account.confirm.tooMany": "Too Many Requests",
  "account.confirm.resend": "Resend confirmation email",
  "account.confirm.sending": "Sending…",
  "account.confirm.already": "Confirmed it already? <0>Log in</0>",
  // /reset-password (its field messages and the bad-link toasts are SERVER_TEXTS).
  "account.reset.pageTitle": "Choose a new password — Rosca",
  "account.reset.title": "Choose a new password",
  "account.reset.rules": "Use at least 8 characters, with an uppercase letter, a lowercase letter and a number.",
  "account.reset.password": "New password",
  "account.reset.confirm": "Confirm new password",
  "account.reset.submit": "Update Password",
  "account.reset.submitting": "Updating…",
  "account.reset.doneTitle": "Password updated",
  "account.reset.doneAlert": "Your password has been reset",
  "account.reset.doneBody": "For your security, every device was signed out. Taking you to the login page in 3 seconds…",
  "account.reset.toLogin": "Go to Login",
} as const;
