/**
 * The mail double: an HTTP server that speaks Postmark's wire format for sending email and keeps every accepted
 * message in PostgreSQL (sandbox_postmark.messages) instead of delivering it.
 *
 *   POST /email                  one message                       (Postmark: Email API, send a single email)
 *   POST /email/batch            an array of messages              (Postmark: send batch emails)
 *   POST /email/withTemplate     TemplateAlias|TemplateId + model  (Postmark: Templates API, send with template)
 *   POST /email/batchWithTemplates  { Messages: [...] }            (Postmark: send batch with templates)
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
import { saveMessage, type MailStoreDb } from "./store";
import { endPool } from "../../app/server/db/end-pool.server";
import {
  acceptsJson,
  MAX_BATCH_MESSAGES,
  validateEmail,
  validateTemplatedEmail,
  wireErrors,
  type Accepted,
  type Rejected,
  type WireFailure,
} from "./wire";

/** Postmark's documented request size limit for the Email API. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

type Endpoint = { kind: "single" | "batch"; validate: (body: unknown) => Accepted | Rejected };

const ENDPOINTS: Record<string, Endpoint> = {
  "/email": { kind: "single", validate: validateEmail },
  "/email/batch": { kind: "batch", validate: validateEmail },
  "/email/withTemplate": { kind: "single", validate: validateTemplatedEmail },
  "/email/batchWithTemplates": { kind: "batch", validate: validateTemplatedEmail },
};

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

async function store(db: MailStoreDb, accepted: Accepted) {
  const row = await saveMessage(db, accepted.message);
  return { To: row.toAddress, SubmittedAt: row.submittedAt.toISOString(), MessageID: row.id, ErrorCode: 0, Message: "OK" };
}

async function handle(db: MailStoreDb, request: http.IncomingMessage, response: http.ServerResponse) {
  const path = new URL(request.url ?? "/", "http://sandbox").pathname.replace(/\/+$/, "") || "/";
  const endpoint = ENDPOINTS[path];
  if (!endpoint) {
    sendJson(response, 404, { Message: `The mail sandbox has no endpoint ${path}.` });
    return;
  }
  if (request.method !== "POST") {
    sendJson(response, 405, { Message: `${path} accepts POST only.` }, { Allow: "POST" });
    return;
  }
  // Header names are case-insensitive (node lower-cases them); an empty or blank token counts as missing.
  const token = request.headers["x-postmark-server-token"];
  if (typeof token !== "string" || token.trim() === "") return fail(response, wireErrors.missingToken());
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
    const result = endpoint.validate(body);
    if (!result.ok) return fail(response, result.failure);
    sendJson(response, 200, await store(db, result));
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
    results.push(result.ok ? await store(db, result) : result.failure.body);
  }
  sendJson(response, 200, results);
}

export type MailSandbox = { url: string; stop(): Promise<void> };

export async function startMailSandbox(options: { databaseUrl: string; port?: number; host?: string }): Promise<MailSandbox> {
  const host = options.host ?? "127.0.0.1";
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  // A connection dropped while idle (database restart) must not crash the process; the pool opens a new one.
  pool.on("error", (error) => console.error("mail sandbox: idle database connection error:", error.message));
  const db = drizzle(pool);

  const server = http.createServer((request, response) => {
    handle(db, request, response).catch((error: unknown) => {
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
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold close() open until they time out.
          server.closeAllConnections();
        });
        // Every connection closed before whoever started us stops PostgreSQL (endPool).
        await endPool(pool);
      })();
      return stopping;
    },
  };
}

// Standalone: tsx sandbox/postmark/server.ts
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
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
