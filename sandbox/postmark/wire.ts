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
  invalidEmailRequest: 300,
  invalidJson: 402,
  incompatibleJson: 403,
  jsonRequired: 409,
  tooManyBatchMessages: 410,
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

type AddressCheck = { ok: true; count: number } | { ok: false; failure: WireFailure };

function checkAddressField(field: "To" | "Cc" | "Bcc" | "ReplyTo", value: string | undefined): AddressCheck {
  if (value === undefined || value.trim() === "") return { ok: true, count: 0 };
  const list = splitAddressList(value);
  const invalid = list.find((entry) => parseMailbox(entry) === null);
  if (invalid !== undefined || list.length === 0) {
    return { ok: false, failure: wireErrors.invalidEmail(`Invalid '${field}' address: '${invalid ?? value}'.`) };
  }
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
    return { ok: false, failure: wireErrors.invalidEmail(`Invalid 'From' address: '${from ?? ""}'.`) };
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
