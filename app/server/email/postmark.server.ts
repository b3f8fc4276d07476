/**
 * The transport: one email handed to Postmark through its official SDK, now. Nothing else in the app calls this
 * directly: every email goes through the outbox (outbox.server.ts, ADR 010), which calls it and retries.
 *
 * - POSTMARK_SERVER_TOKEN set: the real Postmark API.
 * - otherwise MAIL_SANDBOX_URL set: the same SDK, pointed (requestHost, useHttps) at the mail double in
 *   sandbox/postmark, which speaks Postmark's wire format and stores every message. The sending code is the
 *   production code; only the host differs.
 * - neither: every send fails with a clear error. Production cannot get here (env validation requires the token),
 *   and elsewhere an unconfigured sender must never look like it worked.
 *
 * Templates are rendered here (templates.ts) and sent to /email, so nothing has to be uploaded to a Postmark
 * account. The Tag is the template name, for Postmark's per-tag statistics and for the mailbox.
 *
 * send() never throws for an expected failure (network, 4xx/5xx from Postmark): it returns { ok: false } and logs.
 * `failure` says what the refusal is about (app/domain/email-delivery.ts): the account (a bad token, an unconfirmed
 * sender, a pending account, no sender configured: the outbox pauses), the recipient (an inactive or invalid address:
 * marked undeliverable), the message (a template that cannot render, a field Postmark refuses: given up on), or nothing
 * lasting (no answer, 429, 5xx: retried).
 */
import { Errors, ServerClient } from "postmark";
import { classifyFailure, type FailureClass } from "~/domain/email-delivery";
import { env } from "../platform/env.server";
import { logger } from "../platform/log.server";
import { DEFAULT_LOCALE, type Locale } from "../../domain/locale";
import { renderEmail, type EmailMessage } from "./templates";

export type { EmailMessage, TemplateName } from "./templates";

export type TransportFailure = {
  ok: false;
  error: string;
  /** Postmark's ErrorCode, when it sent one. */
  errorCode?: number;
  /** The HTTP status; 0 when there was no answer at all. */
  httpStatus: number;
  failure: FailureClass;
};

export type TransportResult = { ok: true; messageId: string } | TransportFailure;

export const EMAIL_NOT_CONFIGURED = "Email is not configured (set POSTMARK_SERVER_TOKEN or MAIL_SANDBOX_URL)";

/** Seconds before a Postmark request is abandoned. The SDK's default (180 s) would hold a form submission hostage. */
const REQUEST_TIMEOUT_SECONDS = 15;

/** The server token the SDK sends to the mail double: the double's own (sandbox/postmark/server.ts SANDBOX_SERVER_TOKEN). */
const SANDBOX_TOKEN = "sandbox";

export type EmailConfig = {
  postmarkServerToken?: string;
  /** Full URL of the mail double, e.g. http://127.0.0.1:41234 */
  mailSandboxUrl?: string;
  /** The From header, e.g. "Rosca <hello@rosca.example>" */
  from: string;
  timeoutSeconds?: number;
};

export type EmailSender = {
  /** Which backend this sender talks to, for logs and health output. */
  readonly mode: "postmark" | "sandbox" | "unconfigured";
  /** `locale`: the recipient's language (the outbox decides it when it sends); English when not given. */
  send(to: string, message: EmailMessage, locale?: Locale): Promise<TransportResult>;
};

/** Build the SDK client for a configuration, or explain why there is none. */
function createClient(config: EmailConfig): { mode: "postmark" | "sandbox"; client: ServerClient } | { mode: "unconfigured"; error: string } {
  const timeout = config.timeoutSeconds ?? REQUEST_TIMEOUT_SECONDS;
  if (config.postmarkServerToken) {
    return { mode: "postmark", client: new ServerClient(config.postmarkServerToken, { timeout }) };
  }
  if (config.mailSandboxUrl) {
    let url: URL;
    try {
      url = new URL(config.mailSandboxUrl);
    } catch {
      return { mode: "unconfigured", error: `MAIL_SANDBOX_URL is not a URL: ${config.mailSandboxUrl}` };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return { mode: "unconfigured", error: `MAIL_SANDBOX_URL must be an http(s) URL: ${config.mailSandboxUrl}` };
    }
    const client = new ServerClient(SANDBOX_TOKEN);
    // The SDK builds `${scheme}://${requestHost}${path}`; a base path on the URL is kept. setClientOptions resets
    // every option it is not given to the default (api.postmarkapp.com over https), so all of them go together.
    client.setClientOptions({
      requestHost: `${url.host}${url.pathname.replace(/\/+$/, "")}`,
      useHttps: url.protocol === "https:",
      timeout,
    });
    return { mode: "sandbox", client };
  }
  return { mode: "unconfigured", error: EMAIL_NOT_CONFIGURED };
}

/** Where a backend lives, for error messages: "the mail sandbox at http://127.0.0.1:3025" or "Postmark". */
function describeBackend(config: EmailConfig, mode: "postmark" | "sandbox") {
  return mode === "postmark" ? "Postmark (api.postmarkapp.com)" : `the mail sandbox at ${config.mailSandboxUrl}`;
}

function describeFailure(error: unknown, backend: string): Omit<TransportFailure, "ok"> {
  if (error instanceof Errors.PostmarkError) {
    // statusCode 0: no HTTP answer at all (refused, reset, timed out).
    if (!error.statusCode) {
      return { error: `Could not reach ${backend}: ${error.message}`, httpStatus: 0, failure: "transient" };
    }
    const failure = classifyFailure({ statusCode: error.statusCode, errorCode: error.code || undefined, message: error.message });
    // code is Postmark's ErrorCode; its message says what was wrong. Without one, the HTTP status is the clue.
    return error.code
      ? { error: error.message, errorCode: error.code, httpStatus: error.statusCode, failure }
      : { error: `${error.message} (HTTP ${error.statusCode})`, httpStatus: error.statusCode, failure };
  }
  return { error: error instanceof Error ? error.message : String(error), httpStatus: 0, failure: "transient" };
}

export function createEmailSender(config: EmailConfig): EmailSender {
  const setup = createClient(config);
  return {
    mode: setup.mode,
    async send(to, message, locale = DEFAULT_LOCALE) {
      if (setup.mode === "unconfigured") {
        logger.error({ template: message.template, reason: setup.error }, "email: not sent");
        // Nothing to send with: an operator's to fix, like a wrong token (the outbox pauses and keeps every email).
        return { ok: false, error: setup.error, httpStatus: 0, failure: "account" };
      }
      let rendered;
      try {
        rendered = renderEmail(message, locale);
      } catch (error) {
        // A template bug is not an expected failure, but it must not take the caller's request down with it.
        logger.error({ err: error, template: message.template }, "email: could not be rendered");
        return { ok: false, error: `Could not render the "${message.template}" email`, httpStatus: 0, failure: "message" };
      }
      try {
        const response = await setup.client.sendEmail({
          From: config.from,
          To: to,
          Subject: rendered.subject,
          HtmlBody: rendered.html,
          TextBody: rendered.text,
          Tag: message.template,
          MessageStream: "outbound",
          // A contact-form message is answered by replying to whoever wrote it.
          ...(message.template === "contact" ? { ReplyTo: message.data.email } : {}),
        });
        if (response.ErrorCode !== 0) {
          logger.error({ template: message.template, via: setup.mode, errorCode: response.ErrorCode, reason: response.Message }, "email: refused");
          // A 200 carrying an error code: Postmark's per-message refusal (as in a batch), judged like a 422 with it.
          const failure = classifyFailure({ statusCode: 422, errorCode: response.ErrorCode, message: response.Message });
          return { ok: false, error: response.Message, errorCode: response.ErrorCode, httpStatus: 200, failure };
        }
        return { ok: true, messageId: response.MessageID };
      } catch (error) {
        const failure = describeFailure(error, describeBackend(config, setup.mode));
        logger.error(
          { template: message.template, via: setup.mode, ...(failure.errorCode ? { errorCode: failure.errorCode } : {}), reason: failure.error },
          "email: not sent",
        );
        return { ok: false, ...failure };
      }
    },
  };
}

const senders = new Map<number, EmailSender>();

/** The sender configured from the environment (one per timeout), built on first use. */
export function emailSender(options: { timeoutSeconds?: number } = {}): EmailSender {
  const timeoutSeconds = options.timeoutSeconds ?? REQUEST_TIMEOUT_SECONDS;
  let sender = senders.get(timeoutSeconds);
  if (!sender) {
    const { POSTMARK_SERVER_TOKEN, MAIL_SANDBOX_URL, EMAIL_FROM } = env();
    sender = createEmailSender({ postmarkServerToken: POSTMARK_SERVER_TOKEN, mailSandboxUrl: MAIL_SANDBOX_URL, from: EMAIL_FROM, timeoutSeconds });
    senders.set(timeoutSeconds, sender);
  }
  return sender;
}
