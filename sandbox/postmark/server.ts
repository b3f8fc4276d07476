/**
 * The mail double: an HTTP server that speaks Postmark's wire format for sending email and keeps every accepted
 * message in PostgreSQL (sandbox_postmark.messages) instead of delivering it. It answers as Postmark does, refusals
 * included, so that the app's outbox meets every answer it can get from the real service (README.md beside this file
 * lists them and how to get each one on demand).
 *
 *   POST /email                  one message                       (Postmark: Email API, send a single email)
 *   POST /email/batch            an array of messages              (Postmark: send batch emails)
 *   POST /email/withTemplate     TemplateAlias|TemplateId + model  (Postmark: Templates API, send with template)
 *   POST /email/batchWithTemplates  { Messages: [...] }            (Postmark: send batch with templates)
 *   POST /message-streams/{stream}/suppressions         (Suppressions API: add, ManualSuppression)
 *   POST /message-streams/{stream}/suppressions/delete  (Suppressions API: reactivate)
 *   GET  /message-streams/{stream}/suppressions/dump    (Suppressions API: list)
 *
 * Like a Postmark server, it has a server token (X-Postmark-Server-Token must match it: 401 with ErrorCode 10
 * otherwise; POSTMARK_API_TEST validates without storing), sender signatures (a From address that is not one answers
 * 422/400, an unconfirmed one 422/401), an approval state (pending: 422/412 for a recipient outside the From domain),
 * a suppression list per message stream (a send to a suppressed address answers 422/406) and a bounce webhook with
 * HTTP basic auth (mail to bounce-testing.postmarkapp.com bounces and posts it). configure() changes the account while
 * it runs: an operator fixing the sender signature, say.
 *
 * Templates are the app's own (app/server/email/templates.ts), so a message sent with a template is stored fully
 * rendered. The app's dev mailbox and the tests read the table through store.ts.
 *
 * Library: startMailSandbox({ databaseUrl }). Standalone: `tsx sandbox/postmark/server.ts` with DATABASE_URL and
 * optionally MAIL_SANDBOX_PORT (default 3025) and MAIL_SANDBOX_HOST (default 127.0.0.1).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { listSuppressions, recordBounce, saveMessage, suppress, suppressedAmong, unsuppress, type MailStoreDb } from "./store";
import { endPool, guardPoolErrors } from "../../app/server/db/end-pool.server";
import {
  acceptsJson,
  bounceFor,
  checkPendingAccount,
  checkSender,
  MAX_BATCH_MESSAGES,
  parseMailbox,
  recipientsOf,
  simulatedFailure,
  simulatedStatus,
  splitAddressList,
  validateEmail,
  validateTemplatedEmail,
  wireErrors,
  type Accepted,
  type Rejected,
  type SenderSignature,
  type WireFailure,
} from "./wire";
import { PostmarkWebhooks, type WebhookTarget } from "./webhooks";

/** Postmark's documented request size limit for the Email API. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The token the app sends to the double (app/server/email/postmark.server.ts says the same); the default server token. */
export const SANDBOX_SERVER_TOKEN = "sandbox";
/** Postmark's test token: the request is validated and answered, nothing is stored or "sent". */
const API_TEST_TOKEN = "POSTMARK_API_TEST";
/** The app's default From domain (EMAIL_FROM), a verified domain of the default account. */
export const DEFAULT_SENDERS: SenderSignature[] = [{ domain: "rosca.example", confirmed: true }];

/** The Postmark account the double plays. */
export type MailAccount = {
  /** The server token requests must carry. Default "sandbox". */
  serverToken: string;
  /** Sender signatures and verified domains. Default: the domain rosca.example, verified. */
  senders: SenderSignature[];
  /** Pending approval: mail only to recipients at the From address's domain (422, ErrorCode 412 otherwise). */
  pending: boolean;
  /** Where bounce and spam-complaint webhooks go (none by default). */
  webhook: WebhookTarget | null;
};

type Endpoint = { kind: "single" | "batch"; validate: (body: unknown) => Accepted | Rejected };

const ENDPOINTS: Record<string, Endpoint> = {
  "/email": { kind: "single", validate: validateEmail },
  "/email/batch": { kind: "batch", validate: validateEmail },
  "/email/withTemplate": { kind: "single", validate: validateTemplatedEmail },
  "/email/batchWithTemplates": { kind: "batch", validate: validateTemplatedEmail },
};

const SUPPRESSIONS = /^\/message-streams\/([A-Za-z0-9_-]{1,100})\/suppressions(\/delete|\/dump)?$/;

class BodyTooLargeError extends Error {}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError());
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(payload), ...headers });
  response.end(payload);
}

function fail(response: http.ServerResponse, failure: WireFailure) {
  sendJson(response, failure.status, failure.body);
}

type Context = {
  db: MailStoreDb;
  account: MailAccount;
  webhooks: PostmarkWebhooks;
  /** Requests seen per "status-<code>-<n>" address (simulatedStatus). */
  statusCounts: Map<string, number>;
};

/**
 * One message past validation: the account's checks in Postmark's order (sender signature, approval, inactive
 * recipients), then stored, then its bounces (black hole addresses) generated. Returns Postmark's per-message answer.
 */
async function deliver(
  context: Context,
  accepted: Accepted,
  testOnly: boolean,
): Promise<{ ok: true; body: unknown } | { ok: false; failure: WireFailure }> {
  const { message } = accepted;
  const recipients = recipientsOf(message);
  const senderFailure = checkSender(message.fromAddress, context.account.senders);
  if (senderFailure) return { ok: false, failure: senderFailure };
  if (context.account.pending) {
    const pendingFailure = checkPendingAccount(message.fromAddress, recipients);
    if (pendingFailure) return { ok: false, failure: pendingFailure };
  }
  const stream = message.messageStream ?? "outbound";
  const inactive = await suppressedAmong(context.db, stream, recipients);
  if (inactive.length > 0) return { ok: false, failure: wireErrors.inactiveRecipients(inactive) };
  if (testOnly) {
    return {
      ok: true,
      body: {
        To: message.toAddress,
        SubmittedAt: new Date().toISOString(),
        MessageID: crypto.randomUUID(),
        ErrorCode: 0,
        Message: "Test job accepted",
      },
    };
  }
  const row = await saveMessage(context.db, message);
  for (const recipient of recipients) {
    const bounce = bounceFor(recipient);
    if (!bounce) continue;
    const recorded = await recordBounce(context.db, {
      recordType: bounce.recordType,
      messageId: row.id,
      type: bounce.type,
      typeCode: bounce.typeCode,
      email: recipient,
      inactive: bounce.inactive,
      messageStream: stream,
    });
    if (bounce.inactive) {
      await suppress(context.db, stream, recipient, bounce.recordType === "SpamComplaint" ? "SpamComplaint" : "HardBounce", "Recipient");
    }
    context.webhooks.send({
      RecordType: bounce.recordType,
      ID: recorded.id,
      Type: bounce.type,
      TypeCode: bounce.typeCode,
      Name: bounce.name,
      Tag: row.tag ?? "",
      MessageID: row.id,
      Metadata: (row.metadata as Record<string, string> | null) ?? {},
      ServerID: 1,
      MessageStream: stream,
      Description: bounce.description,
      Details: `Simulated by the mail sandbox: mail to ${recipient}.`,
      Email: recipient,
      From: parseMailbox(row.fromAddress) ?? row.fromAddress,
      BouncedAt: recorded.bouncedAt.toISOString(),
      DumpAvailable: false,
      Inactive: bounce.inactive,
      CanActivate: bounce.recordType !== "SpamComplaint",
      Subject: row.subject,
    });
  }
  return { ok: true, body: { To: row.toAddress, SubmittedAt: row.submittedAt.toISOString(), MessageID: row.id, ErrorCode: 0, Message: "OK" } };
}

/** The "status-<code>" convention (wire.ts simulatedStatus) for a single message's raw recipient fields. */
function simulatedFor(context: Context, body: unknown): WireFailure | null {
  if (typeof body !== "object" || body === null) return null;
  const fields = ["To", "Cc", "Bcc"]
    .map((field) => (body as Record<string, unknown>)[field])
    .filter((value): value is string => typeof value === "string");
  for (const address of fields.flatMap(splitAddressList).map((entry) => (parseMailbox(entry) ?? entry).toLowerCase())) {
    const simulated = simulatedStatus(address);
    if (!simulated) continue;
    if (simulated.times === null) return simulatedFailure(simulated.status);
    const seen = context.statusCounts.get(address) ?? 0;
    context.statusCounts.set(address, seen + 1);
    if (seen < simulated.times) return simulatedFailure(simulated.status);
  }
  return null;
}

async function handleSuppressions(
  context: Context,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  stream: string,
  action: string | undefined,
) {
  if (action === "/dump") {
    if (request.method !== "GET") return sendJson(response, 405, { Message: "Method not allowed." }, { Allow: "GET" });
    const rows = await listSuppressions(context.db, stream);
    return sendJson(response, 200, {
      Suppressions: rows.map((row) => ({
        EmailAddress: row.email,
        SuppressionReason: row.reason,
        Origin: row.origin,
        CreatedAt: row.createdAt.toISOString(),
      })),
    });
  }
  if (request.method !== "POST") return sendJson(response, 405, { Message: "Method not allowed." }, { Allow: "POST" });
  let body: unknown;
  try {
    body = JSON.parse(await readBody(request));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return sendJson(response, 413, { Message: "Payload too large." });
    return fail(response, wireErrors.invalidJson());
  }
  const entries = (body as { Suppressions?: unknown } | null)?.Suppressions;
  if (!Array.isArray(entries)) return fail(response, wireErrors.invalidFields(["Suppressions"]));
  const results: Array<{ EmailAddress: string; Status: string; Message: string | null }> = [];
  for (const entry of entries) {
    const raw = (entry as { EmailAddress?: unknown } | null)?.EmailAddress;
    const address = typeof raw === "string" ? parseMailbox(raw) : null;
    if (!address) {
      results.push({ EmailAddress: typeof raw === "string" ? raw : "", Status: "Failed", Message: "An invalid email address was provided." });
      continue;
    }
    if (action === "/delete") {
      await unsuppress(context.db, stream, address);
      results.push({ EmailAddress: address, Status: "Deleted", Message: null });
    } else {
      await suppress(context.db, stream, address, "ManualSuppression", "Customer");
      results.push({ EmailAddress: address, Status: "Suppressed", Message: null });
    }
  }
  sendJson(response, 200, { Suppressions: results });
}

async function handle(context: Context, request: http.IncomingMessage, response: http.ServerResponse) {
  const path = new URL(request.url ?? "/", "http://sandbox").pathname.replace(/\/+$/, "") || "/";
  const endpoint = ENDPOINTS[path];
  const suppressions = SUPPRESSIONS.exec(path);
  if (!endpoint && !suppressions) {
    sendJson(response, 404, { Message: `The mail sandbox has no endpoint ${path}.` });
    return;
  }
  if (endpoint && request.method !== "POST") {
    sendJson(response, 405, { Message: `${path} accepts POST only.` }, { Allow: "POST" });
    return;
  }
  // Header names are case-insensitive (node lower-cases them); an empty or blank token counts as missing.
  const token = request.headers["x-postmark-server-token"];
  if (typeof token !== "string" || token.trim() === "") return fail(response, wireErrors.missingToken());
  const testOnly = token === API_TEST_TOKEN;
  if (token !== context.account.serverToken && !testOnly) return fail(response, wireErrors.invalidToken());
  if (suppressions) return handleSuppressions(context, request, response, suppressions[1]!, suppressions[2]);
  if (!endpoint) return;
  if (!acceptsJson({ accept: request.headers.accept, "content-type": request.headers["content-type"] })) {
    return fail(response, wireErrors.jsonRequired());
  }

  let raw: string;
  try {
    raw = await readBody(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      sendJson(response, 413, { Message: `Payload too large: the limit is ${MAX_BODY_BYTES / 1024 / 1024} MB.` });
      return;
    }
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return fail(response, wireErrors.invalidJson());
  }

  if (endpoint.kind === "single") {
    const simulated = simulatedFor(context, body);
    if (simulated) return fail(response, simulated);
    const result = endpoint.validate(body);
    if (!result.ok) return fail(response, result.failure);
    const delivered = await deliver(context, result, testOnly);
    if (!delivered.ok) return fail(response, delivered.failure);
    sendJson(response, 200, delivered.body);
    return;
  }

  // Batches: /email/batch takes an array, /email/batchWithTemplates { Messages: [...] }. Each message succeeds or
  // fails on its own; the request as a whole answers 200 with one result per message, in order.
  const messages = path === "/email/batch" ? body : (body as { Messages?: unknown } | null)?.Messages;
  if (!Array.isArray(messages)) {
    return fail(response, wireErrors.invalidFields([path === "/email/batch" ? "body (expected a JSON array)" : "Messages"]));
  }
  if (messages.length > MAX_BATCH_MESSAGES) return fail(response, wireErrors.tooManyBatchMessages(MAX_BATCH_MESSAGES));
  const results: unknown[] = [];
  for (const message of messages) {
    const result = endpoint.validate(message);
    if (!result.ok) {
      results.push(result.failure.body);
      continue;
    }
    const delivered = await deliver(context, result, testOnly);
    results.push(delivered.ok ? delivered.body : delivered.failure.body);
  }
  sendJson(response, 200, results);
}

export type MailSandbox = {
  url: string;
  stop(): Promise<void>;
  /** Change the account while the double runs (an operator fixing the sender signature, approval coming through). */
  configure(changes: Partial<MailAccount>): void;
  /** The account as it is now. */
  account(): MailAccount;
  /** Resolves once every webhook sent so far has been delivered or given up on. */
  webhooksIdle(): Promise<void>;
};

export type MailSandboxOptions = {
  databaseUrl: string;
  port?: number;
  host?: string;
  /** Waits between webhook attempts after a failed one (Postmark retries for hours; these default to seconds). */
  webhookRetryDelaysMs?: number[];
} & Partial<MailAccount>;

export async function startMailSandbox(options: MailSandboxOptions): Promise<MailSandbox> {
  const host = options.host ?? "127.0.0.1";
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  // A connection dropped, idle or in use (database restart), must not crash the process; the pool opens a new one.
  guardPoolErrors(pool, (error, when) => console.error(`mail sandbox: ${when} database connection error:`, error.message));
  const account: MailAccount = {
    serverToken: options.serverToken ?? SANDBOX_SERVER_TOKEN,
    senders: options.senders ?? DEFAULT_SENDERS,
    pending: options.pending ?? false,
    webhook: options.webhook ?? null,
  };
  const context: Context = {
    db: drizzle(pool),
    account,
    webhooks: new PostmarkWebhooks(() => account.webhook, options.webhookRetryDelaysMs),
    statusCounts: new Map(),
  };

  const server = http.createServer((request, response) => {
    handle(context, request, response).catch((error: unknown) => {
      console.error("mail sandbox: could not handle request", error);
      if (!response.headersSent) {
        sendJson(response, 500, { Message: "Internal Server Error: the mail sandbox could not store the message." });
      } else {
        response.destroy();
      }
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await pool.end();
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  // A wildcard listen address is not somewhere a client can connect to; hand out loopback instead.
  const publicHost = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;

  let stopping: Promise<void> | undefined;
  return {
    url: `http://${publicHost}:${port}`,
    configure(changes) {
      Object.assign(account, changes);
    },
    account: () => ({ ...account, senders: [...account.senders] }),
    webhooksIdle: () => context.webhooks.idle(),
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold close() open until they time out.
          server.closeAllConnections();
        });
        // Webhooks waiting for a retry are dropped (as a Postmark server that is deleted stops sending them).
        await context.webhooks.stop();
        // Every connection closed before whoever started us stops PostgreSQL (endPool).
        await endPool(pool);
      })();
      return stopping;
    },
  };
}

// Standalone: tsx sandbox/postmark/server.ts. This file itself, not a bundle it is part of (build/demo/start.js, whose
// `import.meta.url` is the bundle's: scripts/build-server.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && import.meta.url.endsWith("/sandbox/postmark/server.ts")) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("mail sandbox: DATABASE_URL is required");
    process.exit(1);
  }
  const port = Number(process.env.MAIL_SANDBOX_PORT ?? 3025);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`mail sandbox: MAIL_SANDBOX_PORT must be a port number, got ${process.env.MAIL_SANDBOX_PORT}`);
    process.exit(1);
  }
  const sandbox = await startMailSandbox({ databaseUrl, port, host: process.env.MAIL_SANDBOX_HOST });
  console.log(`mail sandbox: listening on ${sandbox.url} (set MAIL_SANDBOX_URL=${sandbox.url} for the app)`);
  const shutdown = () => {
    sandbox.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("mail sandbox: error while stopping", error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}
