/**
 * What a refusal from the mail service means for the email outbox (ADR 010, amended for issue 31), and what an
 * undeliverable address means for the member. Pure: the transport hands in what Postmark answered, these decide.
 *
 * Four classes of failure, each with its own cure:
 *
 * | Class     | Postmark's answer                                                         | The outbox                               |
 * |-----------|---------------------------------------------------------------------------|------------------------------------------|
 * | account   | 401 (ErrorCode 10, bad server token); 422 with ErrorCode 400/401 (sender  | pauses all email: nothing is given up or |
 * |           | signature not found / not confirmed), 405/413 (may not send), 412 (account | counted; one probe at a time until a     |
 * |           | pending approval); 404 (not Postmark at that address); no sender at all   | send succeeds, or an admin's "Try again" |
 * | recipient | 422 with ErrorCode 406 (inactive recipient), or 300 naming the To/Cc/Bcc  | gives up on that email, marks the address|
 * |           | address ("Invalid 'To'…", "Error parsing 'To'…")                          | undeliverable; nobody else is affected   |
 * | transient | no answer (refused, reset, timed out), 429, 5xx                           | retries with backoff and jitter          |
 * | message   | any other 4xx: the message itself is wrong (a template bug, a bad field)  | gives up on that email, shown to admins  |
 *
 * The 300 rule follows Postmark's own wording: ErrorCode 300 ("Invalid email request") covers many message errors, and
 * only those that name a recipient field are about the address.
 */
import { z } from "zod";

export type FailureClass = "account" | "recipient" | "transient" | "message";

/** What the transport learned from a failed send. statusCode 0: no HTTP answer at all. */
export type SendFailure = { statusCode: number; errorCode?: number; message: string };

/** Postmark's API error codes the outbox acts on (developer/api/overview#error-codes). */
export const POSTMARK_ERROR_CODES = {
  badOrMissingToken: 10,
  maintenance: 100,
  invalidEmailRequest: 300,
  senderSignatureNotFound: 400,
  senderSignatureNotConfirmed: 401,
  notAllowedToSend: 405,
  inactiveRecipient: 406,
  accountPending: 412,
  accountMayNotSend: 413,
} as const;

const ACCOUNT_CODES: ReadonlySet<number> = new Set([
  POSTMARK_ERROR_CODES.badOrMissingToken,
  POSTMARK_ERROR_CODES.senderSignatureNotFound,
  POSTMARK_ERROR_CODES.senderSignatureNotConfirmed,
  POSTMARK_ERROR_CODES.notAllowedToSend,
  POSTMARK_ERROR_CODES.accountPending,
  POSTMARK_ERROR_CODES.accountMayNotSend,
]);

/** "Invalid 'To' address: …", "Error parsing 'Cc': Illegal email address …": a 300 about a recipient. */
const RECIPIENT_FIELD_ERROR = /^(?:Invalid|Error parsing) '(?:To|Cc|Bcc)'/;

export function classifyFailure(failure: SendFailure): FailureClass {
  const { statusCode, errorCode } = failure;
  if (statusCode === 0 || statusCode === 429 || statusCode >= 500) return "transient";
  // 401 is the token; 404 means whatever answers at the configured address is not Postmark's API.
  if (statusCode === 401 || statusCode === 404) return "account";
  if (errorCode !== undefined && ACCOUNT_CODES.has(errorCode)) return "account";
  if (errorCode === POSTMARK_ERROR_CODES.inactiveRecipient) return "recipient";
  if (errorCode === POSTMARK_ERROR_CODES.invalidEmailRequest && RECIPIENT_FIELD_ERROR.test(failure.message)) return "recipient";
  return "message";
}

/**
 * Why the outbox is paused, in words for the admin console ("Email paused: <reason>") and the health check. Postmark's
 * own message is kept beside it as the detail.
 */
export function pauseReason(failure: SendFailure): string {
  const byCode: Record<number, string> = {
    [POSTMARK_ERROR_CODES.badOrMissingToken]: "Postmark refused the server token (check POSTMARK_SERVER_TOKEN)",
    [POSTMARK_ERROR_CODES.senderSignatureNotFound]: "the From address (EMAIL_FROM) is not a sender signature on the Postmark account",
    [POSTMARK_ERROR_CODES.senderSignatureNotConfirmed]: "the From address (EMAIL_FROM) is a sender signature Postmark has not confirmed yet",
    [POSTMARK_ERROR_CODES.accountPending]: "the Postmark account is pending approval",
    [POSTMARK_ERROR_CODES.notAllowedToSend]: "the Postmark account is not allowed to send",
    [POSTMARK_ERROR_CODES.accountMayNotSend]: "the Postmark account is not allowed to send",
  };
  const known = failure.errorCode === undefined ? undefined : byCode[failure.errorCode];
  if (known) return known;
  if (failure.statusCode === 401) return "Postmark refused the server token (check POSTMARK_SERVER_TOKEN)";
  if (failure.statusCode === 404) return "the mail service's address does not answer as Postmark's API";
  if (failure.statusCode === 0) return failure.message;
  return `the mail service refused every email (HTTP ${failure.statusCode})`;
}

export const PAUSE_POLICY = {
  /** The first probe after a pause waits this long… */
  firstProbeSeconds: 60,
  /** …doubling after each probe that is refused again, up to this. An admin's "Try again" probes at once. */
  maxProbeSeconds: 15 * 60,
} as const;

/** Seconds until the next probe after `probes` refused ones (0 right after the pause). */
export function probeDelaySeconds(probes: number, policy = PAUSE_POLICY): number {
  const n = Math.max(0, Math.floor(probes));
  return Math.min(policy.firstProbeSeconds * 2 ** Math.min(n, 20), policy.maxProbeSeconds);
}

// ---------------------------------------------------------------------------------------------------------------
// Undeliverable addresses

/**
 * Why mail to an address cannot be delivered:
 * - inactive: Postmark refused to send (ErrorCode 406): the address hard-bounced, complained or was suppressed earlier.
 * - invalid: Postmark refused the address itself as malformed (ErrorCode 300 naming the recipient).
 * - bounced: a bounce webhook said the address is now inactive (a hard bounce, a bad address, a block…).
 * - spam-complaint: the person marked one of our emails as spam (Postmark deactivates the address for good).
 */
export const UNDELIVERABLE_REASONS = ["inactive", "invalid", "bounced", "spam-complaint"] as const;
export type UndeliverableReason = (typeof UNDELIVERABLE_REASONS)[number];

/** The member's banner (issue 31, copied exactly). */
export function undeliverableBannerTitle(address: string) {
  return `We can't reach ${address}: update your email`;
}

/** The sentence under the banner's title: what happened, in the member's words, and what changing the address does. */
export function undeliverableExplanation(reason: UndeliverableReason): string {
  switch (reason) {
    case "spam-complaint":
      return "An email we sent to this address was reported as spam, so our mail service no longer delivers to it.";
    case "invalid":
      return "Our mail service says this isn't a valid email address.";
    case "bounced":
      return "Emails we sent to this address came back undelivered.";
    case "inactive":
      return "Our mail service has stopped delivering to this address because earlier emails to it came back undelivered.";
  }
}

/** The bell's notice when an address is newly marked (in the app only: an email would not arrive). */
export function undeliverableNotice(address: string, reason: UndeliverableReason) {
  return {
    title: "We can't reach your email address",
    body: `${undeliverableExplanation(reason)} Until you change ${address}, you'll get reminders and notices here in the app only.`,
    link: "/profile/email",
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Postmark's bounce and spam-complaint webhooks (developer/webhooks/bounce-webhook, spam-complaint-webhook)

/** Postmark's fields the app reads; every other field of the payload is accepted and ignored. */
export const postmarkBounceWebhookSchema = z.object({
  RecordType: z.enum(["Bounce", "SpamComplaint"]),
  // A 64-bit integer at Postmark: past 2^53 a JavaScript number holds it only approximately, so the route takes its
  // exact digits from the raw body (postmarkRecordId); here it must merely be a positive whole number.
  ID: z
    .number()
    .positive()
    .refine((value) => Number.isInteger(value), "must be a whole number"),
  Type: z.string().min(1).max(64),
  TypeCode: z.number().int(),
  MessageID: z.string().min(1).max(100),
  Email: z.string().min(3).max(320),
  BouncedAt: z.iso.datetime({ offset: true }).optional(),
  Inactive: z.boolean(),
  Description: z.string().max(2000).optional(),
  Details: z.string().max(10_000).optional(),
});
export type PostmarkBounceWebhook = z.infer<typeof postmarkBounceWebhookSchema>;

/** Whether a bounce or complaint makes the address undeliverable, and why: exactly when Postmark deactivated it. */
export function undeliverableFromWebhook(event: Pick<PostmarkBounceWebhook, "RecordType" | "Type" | "Inactive">): UndeliverableReason | null {
  if (event.RecordType === "SpamComplaint" || event.Type === "SpamComplaint") return "spam-complaint";
  return event.Inactive ? "bounced" : null;
}

/**
 * The record's ID as Postmark sent it, in decimal digits: from the parsed number when it is exact, else from the raw
 * JSON (the top-level "ID" member: Postmark's Metadata values are strings and Content is a string, so no other "ID"
 * can be followed by a bare number). Null when there is none.
 */
export function postmarkRecordId(raw: string, parsed: number): string | null {
  if (Number.isSafeInteger(parsed) && parsed > 0) return String(parsed);
  const digits = /"ID"\s*:\s*(\d{1,20})\s*[,}]/.exec(raw)?.[1];
  return digits ? digits.replace(/^0+(?=\d)/, "") : null;
}
