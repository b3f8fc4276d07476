/**
 * The admin console's user-visible messages (SPEC.md section 8 Admin; copied exactly) and the add-user form schema,
 * shared by the browser (Conform) and the server. Pure: no server imports.
 */
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "~/domain/auth";

export const ADMIN_MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  userExists: "User already exists in the system",
  userGranted: "User found and granted sandbox access!",
  invitationSent: "Invitation email sent successfully!",
  invitationQueued: "Invitation saved. Our mail service can't send right now, so the email is queued and will be sent automatically.",
  invitationEmailFailed: "Failed to send invitation email",
  inviteFailed: "Failed to invite user",
  granted: "Sandbox access granted successfully",
  revoked: "Sandbox access revoked successfully",
  updateFailed: "Failed to update sandbox access",
  declined: "Sandbox access request declined",
  declineFailed: "Failed to decline the request",
  groupResumed: "Group resumed: its money work runs again on the next tick",
  debitCancelled: "Debit cancelled: it will not reach the member's bank, and it is not tried again",
  cancelFailed: "Could not cancel the debit",
  resumeFailed: "Failed to resume the group",
  fetchUsersFailed: "Failed to fetch users. Please check your permissions.",
  emailSent: "Email sent",
  emailRequeued: "The mail service still can't send: the email is queued again and will be retried automatically.",
  emailRefused: "The mail service refused the email",
  emailRetryFailed: "That email can't be sent again (it was sent meanwhile, or it is not a failed email).",
  emailResumed: "Email resumed: the mail service accepted a waiting email, and the rest are on their way.",
  emailStillPaused: "Email is still paused: the mail service refused the email we tried with.",
  emailNothingWaiting: "Email resumed. Nothing was waiting to try with, so the next email will show whether the problem is fixed.",
  emailNotPaused: "Email isn't paused.",
  emailProbeFailed: "Couldn't try the mail service again. Please try again in a moment.",
} as const;

export const addUserSchema = z.object({
  email: z
    .string({ error: ADMIN_MESSAGES.invalidEmail })
    .trim()
    .min(1, ADMIN_MESSAGES.invalidEmail)
    .max(EMAIL_MAX_LENGTH, ADMIN_MESSAGES.invalidEmail)
    .pipe(z.email({ error: ADMIN_MESSAGES.invalidEmail })),
});

export type AdminIntent = "grant" | "revoke" | "decline" | "add-user" | "resume-group";
