/**
 * Email, as the rest of the app uses it. Every email goes through the outbox (outbox.server.ts, ADR 010):
 *
 * - Inside a transaction that causes an email: `queueEmail(tx, to, message)` (or `queueEmailToUser`), then, after the
 *   commit, `deliverEmails(ids)` for an immediate attempt (or `deliverInBackground(ids)` when the answer must not wait
 *   for it). The delivery job sends whatever that attempt did not.
 * - With no transaction to join: `sendEmail(to, message)` queues and tries at once.
 *
 * The transport (postmark.server.ts) is re-exported for its tests and for the health output; app code never calls it.
 */
export { backgroundDeliveries, deliverEmails, deliverInBackground, queueEmail, sendEmail, type EmailResult } from "./outbox.server";
export { createEmailSender, EMAIL_NOT_CONFIGURED, emailSender, type EmailConfig, type EmailSender, type TransportResult } from "./postmark.server";
export type { EmailMessage, TemplateName } from "./templates";
