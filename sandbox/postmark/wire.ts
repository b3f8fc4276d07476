/**
 * Postmark's wire format for the email endpoints, as the mail double understands it: request validation and the
 * error bodies. Pure functions; the HTTP server (server.ts) and the tests use them.
 *
 * Error codes and messages follow Postmark's API documentation (developer/api/overview#error-codes) and the
 * messages its API is known to answer with. Where Postmark's exact wording is not documented (a missing Subject,
 * too many recipients) the message says plainly what is wrong, under the documented code.
 */
import { renderTemplate, TEMPLATE_NAMES, type TemplateName } from "../../app/server/email/templates";
import type { NewSandboxMessage } from "./store";

export type PostmarkError = { ErrorCode: number; Message: string };
export type WireFailure = { status: number; body: PostmarkError };

export const ERROR_CODES = {
  badOrMissingToken: 10,
  maintenance: 100,
  invalidEmailRequest: 300,
  senderSignatureNotFound: 400,
  senderSignatureNotConfirmed: 401,
  invalidJson: 402,
  incompatibleJson: 403,
  inactiveRecipient: 406,
  jsonRequired: 409,
  tooManyBatchMessages: 410,
  accountPending: 412,
  templateNotFound: 1101,
} as const;

export const wireErrors = {
  missingToken: (): WireFailure => ({
    status: 401,
    body: {
      ErrorCode: ERROR_CODES.badOrMissingToken,
      Message:
        "No Account or Server API tokens were supplied in the HTTP headers. Please add a header for either X-Postmark-Server-Token or X-Postmark-Account-Token.",
    },
  }),
  invalidToken: (): WireFailure => ({
    status: 401,
    body: { ErrorCode: ERROR_CODES.badOrMissingToken, Message: "Request does not contain a valid Server token." },
  }),
  senderSignatureNotFound: (from: string): WireFailure => ({
    status: 422,
    body: {
      ErrorCode: ERROR_CODES.senderSignatureNotFound,
      Message: `The 'From' address you supplied (${from}) is not a Sender Signature on your account. Please add and confirm this address in order to be able to use it in the 'From' field of your messages.`,
    },
  }),
  senderSignatureNotConfirmed: (from: string): WireFailure => ({
    status: 422,
    body: {
      ErrorCode: ERROR_CODES.senderSignatureNotConfirmed,
      Message: `The 'From' address you supplied (${from}) is a Sender Signature that has not been confirmed yet. Please confirm it in order to be able to use it in the 'From' field of your messages.`,
    },
  }),
  accountPending: (fromDomain: string, toDomain: string): WireFailure => ({
    status: 422,
    body: {
      ErrorCode: ERROR_CODES.accountPending,
      Message: `While your account is pending approval, all recipient addresses must share the same domain as the 'From' address. The domain of the 'From' address is '${fromDomain}', but you are attempting to send email to the following domain: '${toDomain}'.`,
    },
  }),
  inactiveRecipients: (addresses: string[]): WireFailure => ({
    status: 422,
    body: {
      ErrorCode: ERROR_CODES.inactiveRecipient,
      Message: `You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ${addresses.join(", ")}. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.`,
    },
  }),
  rateLimited: (): WireFailure => ({
    status: 429,
    body: { ErrorCode: 429, Message: "Rate limit exceeded: too many requests. Please slow down and try again later." },
  }),
  internalServerError: (): WireFailure => ({ status: 500, body: { ErrorCode: 0, Message: "Internal Server Error" } }),
  serviceUnavailable: (): WireFailure => ({
    status: 503,
    body: { ErrorCode: ERROR_CODES.maintenance, Message: "Postmark is offline for maintenance. Please try again later." },
  }),
  jsonRequired: (): WireFailure => ({
    status: 415,
    body: {
      ErrorCode: ERROR_CODES.jsonRequired,
      Message: "JSON required: set both the 'Accept' and 'Content-Type' request headers to 'application/json'.",
    },
  }),
  invalidJson: (): WireFailure => ({ status: 422, body: { ErrorCode: ERROR_CODES.invalidJson, Message: "Received invalid JSON input." } }),
  invalidFields: (fields: string[]): WireFailure => ({
    status: 422,
    body: { ErrorCode: ERROR_CODES.incompatibleJson, Message: `Invalid request field(s) - ${fields.join(", ")}.` },
  }),
  invalidEmail: (message: string): WireFailure => ({ status: 422, body: { ErrorCode: ERROR_CODES.invalidEmailRequest, Message: message } }),
  tooManyBatchMessages: (max: number): WireFailure => ({
    status: 422,
    body: { ErrorCode: ERROR_CODES.tooManyBatchMessages, Message: `Too many batch messages: a batch may contain at most ${max} messages.` },
  }),
  templateAliasNotFound: (): WireFailure => ({
    status: 422,
    body: { ErrorCode: ERROR_CODES.templateNotFound, Message: "The Template's 'Alias' associated with this request is not valid or was not found." },
  }),
  templateIdNotFound: (): WireFailure => ({
    status: 422,
    body: { ErrorCode: ERROR_CODES.templateNotFound, Message: "The 'TemplateId' associated with this request is not valid or was not found." },
  }),
};

export const MAX_RECIPIENTS = 50;
export const MAX_BATCH_MESSAGES = 500;

/**
 * The double's templates have numeric ids as well as aliases, as Postmark templates do. Ids are fixed here so a
 * caller using TemplateId gets the same template every run.
 */
export const SANDBOX_TEMPLATE_IDS: Record<TemplateName, number> = Object.fromEntries(
  TEMPLATE_NAMES.map((name, index) => [name, 1000 + index + 1]),
) as Record<TemplateName, number>;

// ---------------------------------------------------------------------------------------------------------------
// Headers

/** Postmark wants Accept and Content-Type both application/json. A wildcard Accept is fine. */
export function acceptsJson(headers: { accept?: string; "content-type"?: string }): boolean {
  const contentType = (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (contentType !== "application/json") return false;
  const accept = (headers.accept ?? "").toLowerCase();
  return accept.split(",").some((part) => ["application/json", "application/*", "*/*"].includes(part.split(";")[0]!.trim()));
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses

/** Split "a@x.com, \"Doe, Jane\" <j@y.com>" on the commas that separate recipients (not those inside quotes). */
export function splitAddressList(value: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  let angle = false;
  for (const char of value) {
    if (char === '"') quoted = !quoted;
    else if (char === "<" && !quoted) angle = true;
    else if (char === ">" && !quoted) angle = false;
    if (char === "," && !quoted && !angle) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

const ADDR_SPEC = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\.]+$/;

/** The bare address of one recipient ("Name <a@b.c>" or "a@b.c"), or null when it is not a valid address. */
export function parseMailbox(value: string): string | null {
  const trimmed = value.trim();
  const named = /^(.*)<([^<>]*)>$/.exec(trimmed);
  const address = (named ? named[2]! : trimmed).trim();
  return ADDR_SPEC.test(address) ? address : null;
}

/** Postmark's wording for an address it cannot parse: "Error parsing 'To': Illegal email address 'x'. It must contain the '@' symbol." */
function addressError(field: string, value: string) {
  return `Error parsing '${field}': Illegal email address '${value}'.${value.includes("@") ? "" : " It must contain the '@' symbol."}`;
}

type AddressCheck = { ok: true; count: number } | { ok: false; failure: WireFailure };

function checkAddressField(field: "To" | "Cc" | "Bcc" | "ReplyTo", value: string | undefined): AddressCheck {
  if (value === undefined || value.trim() === "") return { ok: true, count: 0 };
  const list = splitAddressList(value);
  const invalid = list.find((entry) => parseMailbox(entry) === null);
  if (invalid !== undefined || list.length === 0) return { ok: false, failure: wireErrors.invalidEmail(addressError(field, invalid ?? value)) };
  return { ok: true, count: list.length };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const STRING_FIELDS = ["From", "To", "Cc", "Bcc", "Subject", "HtmlBody", "TextBody", "ReplyTo", "Tag", "MessageStream", "TemplateAlias"] as const;

/** Field types as Postmark documents them; null counts as absent. */
function typeErrors(body: Json): string[] {
  const wrong: string[] = [];
  for (const field of STRING_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== "string") wrong.push(field);
  }
  if (body.TemplateId !== undefined && body.TemplateId !== null && !Number.isInteger(body.TemplateId)) wrong.push("TemplateId");
  if (body.TemplateModel !== undefined && body.TemplateModel !== null && !isObject(body.TemplateModel)) wrong.push("TemplateModel");
  if (body.Metadata !== undefined && body.Metadata !== null) {
    if (!isObject(body.Metadata) || Object.values(body.Metadata).some((value) => typeof value !== "string")) wrong.push("Metadata");
  }
  for (const field of ["Headers", "Attachments"]) {
    if (body[field] !== undefined && body[field] !== null && !Array.isArray(body[field])) wrong.push(field);
  }
  for (const field of ["TrackOpens", "InlineCss"]) {
    if (body[field] !== undefined && body[field] !== null && typeof body[field] !== "boolean") wrong.push(field);
  }
  return wrong;
}

function str(body: Json, field: (typeof STRING_FIELDS)[number]): string | undefined {
  const value = body[field];
  return typeof value === "string" ? value : undefined;
}

export type Accepted = { ok: true; message: NewSandboxMessage };
export type Rejected = { ok: false; failure: WireFailure };

/** Envelope checks shared by /email and /email/withTemplate: types, From, recipients. */
function checkEnvelope(body: Json): Rejected | { ok: true } {
  const wrong = typeErrors(body);
  if (wrong.length > 0) return { ok: false, failure: wireErrors.invalidFields(wrong) };

  const from = str(body, "From");
  if (!from || splitAddressList(from).length !== 1 || parseMailbox(from) === null) {
    return { ok: false, failure: wireErrors.invalidEmail(addressError("From", from ?? "")) };
  }
  let recipients = 0;
  for (const field of ["To", "Cc", "Bcc", "ReplyTo"] as const) {
    const check = checkAddressField(field, str(body, field));
    if (!check.ok) return { ok: false, failure: check.failure };
    if (field !== "ReplyTo") recipients += check.count;
  }
  if (recipients === 0) return { ok: false, failure: wireErrors.invalidEmail("Zero recipients specified") };
  if (recipients > MAX_RECIPIENTS) {
    return { ok: false, failure: wireErrors.invalidEmail(`Too many recipients: at most ${MAX_RECIPIENTS} (To, Cc and Bcc together).`) };
  }
  return { ok: true };
}

function envelope(body: Json) {
  const blankToNull = (value: string | undefined) => (value && value.trim() !== "" ? value : null);
  return {
    fromAddress: str(body, "From")!,
    toAddress: str(body, "To") ?? "",
    cc: blankToNull(str(body, "Cc")),
    bcc: blankToNull(str(body, "Bcc")),
    replyTo: blankToNull(str(body, "ReplyTo")),
    tag: blankToNull(str(body, "Tag")),
    messageStream: blankToNull(str(body, "MessageStream")) ?? "outbound",
    metadata: isObject(body.Metadata) ? body.Metadata : null,
  };
}

/** POST /email: validate one message. */
export function validateEmail(body: unknown): Accepted | Rejected {
  if (!isObject(body)) return { ok: false, failure: wireErrors.invalidFields(["body (expected a JSON object)"]) };
  const checked = checkEnvelope(body);
  if (!checked.ok) return checked;
  const subject = str(body, "Subject");
  if (!subject || subject.trim() === "") return { ok: false, failure: wireErrors.invalidEmail("Missing 'Subject': provide a subject.") };
  const htmlBody = str(body, "HtmlBody");
  const textBody = str(body, "TextBody");
  if (!htmlBody && !textBody) return { ok: false, failure: wireErrors.invalidEmail("Provide either email TextBody or HtmlBody or both.") };
  return {
    ok: true,
    message: { ...envelope(body), subject, htmlBody: htmlBody || null, textBody: textBody || null, templateAlias: null, templateModel: null },
  };
}

/** POST /email/withTemplate: validate, find the template by alias or id, and render it with the app's templates. */
export function validateTemplatedEmail(body: unknown): Accepted | Rejected {
  if (!isObject(body)) return { ok: false, failure: wireErrors.invalidFields(["body (expected a JSON object)"]) };
  const checked = checkEnvelope(body);
  if (!checked.ok) return checked;

  let alias: string;
  const requestedAlias = str(body, "TemplateAlias");
  if (requestedAlias !== undefined && requestedAlias !== "") {
    alias = requestedAlias;
  } else if (typeof body.TemplateId === "number") {
    const byId = Object.entries(SANDBOX_TEMPLATE_IDS).find(([, id]) => id === body.TemplateId);
    if (!byId) return { ok: false, failure: wireErrors.templateIdNotFound() };
    alias = byId[0];
  } else {
    return { ok: false, failure: wireErrors.invalidFields(["TemplateId or TemplateAlias (one is required)"]) };
  }
  if (!isObject(body.TemplateModel)) return { ok: false, failure: wireErrors.invalidFields(["TemplateModel"]) };

  const result = renderTemplate(alias, body.TemplateModel);
  if (!result.ok) {
    if (result.reason === "unknown-template") return { ok: false, failure: wireErrors.templateAliasNotFound() };
    // Postmark itself renders missing model values as blanks; the double is stricter so a wrong model is caught
    // in development instead of reaching a user as an email with holes in it.
    return { ok: false, failure: wireErrors.invalidFields(result.issues.map((path) => (path ? `TemplateModel.${path}` : "TemplateModel"))) };
  }
  return {
    ok: true,
    message: {
      ...envelope(body),
      subject: result.rendered.subject,
      htmlBody: result.rendered.html,
      textBody: result.rendered.text,
      templateAlias: alias,
      templateModel: body.TemplateModel,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The account: server token, sender signatures, approval (developer/api/overview, the Sender Signatures and Domains
// pages). The double is configured with them (server.ts); these functions decide.

/** A sender signature (one confirmed address) or a verified domain (any address at it), as the account holds them. */
export type SenderSignature = { address: string; confirmed?: boolean } | { domain: string; confirmed?: boolean };

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}

/** Every recipient address of a message (To, Cc, Bcc), lower-cased. */
export function recipientsOf(message: { toAddress: string; cc?: string | null; bcc?: string | null }): string[] {
  return [message.toAddress, message.cc, message.bcc]
    .filter((field): field is string => Boolean(field))
    .flatMap(splitAddressList)
    .map((entry) => (parseMailbox(entry) ?? entry).toLowerCase());
}

/** ErrorCode 400 (no signature for the From address) or 401 (one that is not confirmed), or null when it may send. */
export function checkSender(from: string, signatures: SenderSignature[]): WireFailure | null {
  const address = (parseMailbox(from) ?? from).toLowerCase();
  const match = signatures.find((signature) =>
    "address" in signature ? signature.address.toLowerCase() === address : signature.domain.toLowerCase() === domainOf(address),
  );
  if (!match) return wireErrors.senderSignatureNotFound(address);
  if (match.confirmed === false) return wireErrors.senderSignatureNotConfirmed(address);
  return null;
}

/** While the account is pending approval, Postmark delivers only to recipients at the From address's domain (412). */
export function checkPendingAccount(from: string, recipients: string[]): WireFailure | null {
  const fromDomain = domainOf(parseMailbox(from) ?? from);
  const other = recipients.find((recipient) => domainOf(recipient) !== fromDomain);
  return other ? wireErrors.accountPending(fromDomain, domainOf(other)) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Test conventions

/**
 * Postmark's black hole domain: mail to it is accepted and then bounces at once, with the bounce type named by the
 * local part ("HardBounce@", "Soft_Bounce@", case-insensitive; anything else is a hard bounce), a Bounce webhook and,
 * for a hard bounce, the address on the stream's suppression list (Postmark's "Generate fake bounces" guide). The double
 * also accepts a "+tag" after the type, so that tests can use a fresh address each, and "SpamComplaint@" (which Postmark
 * itself does not simulate) to produce a SpamComplaint webhook.
 */
export const BOUNCE_TESTING_DOMAIN = "bounce-testing.postmarkapp.com";

export type BounceKind = {
  recordType: "Bounce" | "SpamComplaint";
  type: string;
  typeCode: number;
  name: string;
  description: string;
  inactive: boolean;
};

/** Postmark's bounce types (developer/api/bounce-api#bounce-types) the double can produce: type, code, name, description. */
const BOUNCE_TYPES: Array<[string, number, string, string]> = [
  ["HardBounce", 1, "Hard bounce", "The server was unable to deliver your message (ex: unknown user, mailbox not found)."],
  ["Transient", 2, "Message delayed", "The server could not temporarily deliver your message (ex: Message is delayed due to network troubles)."],
  ["Unsubscribe", 16, "Unsubscribe request", "Unsubscribe or Remove request."],
  ["Subscribe", 32, "Subscribe request", "Subscribe request from someone wanting to get added to the mailing list."],
  ["AutoResponder", 64, "Auto responder", 'Automatic email responder (ex: "Out of Office" or "On Vacation").'],
  ["AddressChange", 128, "Address change", "The recipient has requested an address change."],
  ["DnsError", 256, "DNS error", "A temporary DNS error."],
  [
    "SpamNotification",
    512,
    "Spam notification",
    "The message was delivered, but was either blocked by the user, or classified as spam, bulk mail, or had rejected content.",
  ],
  ["OpenRelayTest", 1024, "Open relay test", "The NDR is actually a test email message to see if the mail server is an open relay."],
  ["Unknown", 2048, "Unknown", "Unable to classify the NDR."],
  [
    "SoftBounce",
    4096,
    "Soft bounce/Undeliverable",
    "Unable to temporarily deliver message (i.e. mailbox full, account disabled, exceeds quota, out of disk space).",
  ],
  ["VirusNotification", 8192, "Virus notification", "The bounce is actually a virus notification warning about a virus/code infected message."],
  ["ChallengeVerification", 16384, "Spam challenge verification", "The bounce is a challenge asking for verification you actually sent the email."],
  ["BadEmailAddress", 100000, "Invalid email address", "The address is not a valid email address."],
  ["ManuallyDeactivated", 100002, "Manually deactivated", "The email was manually deactivated."],
  ["Blocked", 100006, "ISP block", "Blocked from this ISP due to content or blacklisting."],
  ["DMARCPolicy", 100009, "DMARC Policy", "An email was rejected due to DMARC Policy."],
];

/** The types after which Postmark deactivates the address (Inactive: true on the webhook). */
const DEACTIVATING = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated"]);

/** What a message to `address` turns into, or null when it is not a black hole address. */
export function bounceFor(address: string): BounceKind | null {
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1).toLowerCase() !== BOUNCE_TESTING_DOMAIN) return null;
  const wanted = address.slice(0, at).split("+")[0]!.replaceAll("_", "").toLowerCase();
  if (wanted === "spamcomplaint") {
    return {
      recordType: "SpamComplaint",
      type: "SpamComplaint",
      typeCode: 100001,
      name: "Spam complaint",
      description: "The subscriber explicitly marked this message as spam.",
      inactive: true,
    };
  }
  const [type, typeCode, name, description] = BOUNCE_TYPES.find(([candidate]) => candidate.toLowerCase() === wanted) ?? BOUNCE_TYPES[0]!;
  return { recordType: "Bounce", type, typeCode, name, description, inactive: DEACTIVATING.has(type) };
}

/**
 * The double's own convention for answers Postmark gives on its bad days: a recipient at this domain whose local part
 * is "status-<code>" (429, 500 or 503) makes the request answer that status with Postmark's body; "status-<code>-<n>"
 * answers it for the first n requests naming that exact address since the double started, then sends normally. A
 * "+tag" after it is ignored, so each test can have its own counter ("status-503-2+run7@api-errors.mail-sandbox.test").
 */
export const API_ERRORS_DOMAIN = "api-errors.mail-sandbox.test";

export function simulatedStatus(address: string): { status: 429 | 500 | 503; times: number | null } | null {
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1).toLowerCase() !== API_ERRORS_DOMAIN) return null;
  const match = /^status-(429|500|503)(?:-(\d{1,4}))?$/.exec(address.slice(0, at).split("+")[0]!.toLowerCase());
  if (!match) return null;
  return { status: Number(match[1]) as 429 | 500 | 503, times: match[2] ? Number(match[2]) : null };
}

export function simulatedFailure(status: 429 | 500 | 503): WireFailure {
  return status === 429 ? wireErrors.rateLimited() : status === 500 ? wireErrors.internalServerError() : wireErrors.serviceUnavailable();
}
