/**
 * The sandbox bank: an HTTP server that speaks Plaid's wire format for the subset the app uses (bank.ts lists the
 * endpoints), keeps its state in PostgreSQL (schema sandbox_plaid), and serves a stand-in for Plaid Link (link.ts):
 *
 *   POST /<plaid endpoint>          Plaid API: JSON in, JSON out, client_id/secret by header or body
 *   GET  /link?token&redirect_uri   the HTML Link flow (no JavaScript needed), then POST /link/{credentials,login,select,exit}
 *   POST /link/session/{institutions,login,select,exit}   the same flow as JSON, for the app's modal
 *
 * Library: startBankSandbox({ databaseUrl }). Standalone: `tsx sandbox/plaid/server.ts` with DATABASE_URL and
 * optionally BANK_SANDBOX_PORT (default 3026), BANK_SANDBOX_HOST (default 127.0.0.1), PLAID_CLIENT_ID, PLAID_SECRET,
 * BANK_SANDBOX_WEBHOOK_URL and BANK_SANDBOX_CORS_ORIGINS (comma-separated origins allowed on /link/session/*).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { endpoints } from "./bank";
import type { BankContext, BankDb, FundsHold, TransferBatches, TransferLimits } from "./context";
import { parseRequest } from "./contract";
import { endPool, guardPoolErrors } from "../../app/server/db/end-pool.server";
import { transferBatches } from "./batch";
import { DEFAULT_TIMEOUT_DELAY_MS, type Fault, faultFailure, FaultRules, parseFaultHeader } from "./faults";
import { loginRepairedWebhook, sessionFinishedWebhook } from "./item-webhooks";
import { itemWebhookUrl } from "./items";
import {
  checkRedirect,
  exitRedirect,
  institutionsFor,
  isRetryable,
  type LinkCompletion,
  liveLinkToken,
  logIn,
  offeredInstitution,
  openSession,
  selectAccounts,
  sessionAccounts,
  startSession,
  successRedirect,
} from "./link";
import { accountsPage, credentialsPage, errorPage, institutionsPage } from "./link-view";
import { LINK_WORDS, linkLanguage } from "./link-words";
import { ensureSigningKey, PLAID_WEBHOOK_TIMING, WebhookSender } from "./webhooks";
import { findInstitution, plaidErrors, PlaidFailure, randomId, rateLimitCodeFor } from "./wire";

const MAX_BODY_BYTES = 1024 * 1024;

export type BankSandboxOptions = {
  databaseUrl: string;
  port?: number;
  host?: string;
  clientId?: string;
  secret?: string;
  /** Where TRANSFER webhooks go for items created without a webhook URL. */
  webhookUrl?: string;
  /** Origins allowed to call /link/session/* from a browser (CORS). None by default: the app should proxy them. */
  linkCorsOrigins?: string[];
  /** Requests allowed per client per endpoint per window before 429 RATE_LIMIT_EXCEEDED (Plaid's 1000 a minute by default). */
  rateLimit?: { requests: number; windowMs: number };
  /** Database connections (16 by default). */
  poolSize?: number;
  /** The bank's clock; tests move it to expire tokens. */
  now?: () => Date;
  /**
   * Single-transfer limits in cents (an authorization above them is declined TRANSFER_LIMIT_REACHED). Defaults:
   * DEFAULT_TRANSFER_LIMITS, far above what a group moves (contributions up to $1,000, payouts up to $12,000).
   */
  transferLimits?: Partial<TransferLimits>;
  /** TRANSFER_EVENTS_UPDATE at most once per this many ms per URL (Plaid: about once a minute; default 60,000). */
  webhookBatchMs?: number;
  /** First retry of a failed webhook after this many ms, then 4× longer each time, within a 24-hour window scaled alike (default 30,000). */
  webhookRetryBaseMs?: number;
  /** A receiver that has not answered within this many ms has failed and is retried (Plaid: 10 s, the default). */
  webhookTimeoutMs?: number;
  /**
   * Every API answer waits this many ms before it is sent (0 by default): the round trip to a provider across the
   * internet, which a bank on loopback never has. `npm run bench:money` sets it (BENCH_BANK_LATENCY_MS) so that the
   * workers wait on the bank as they do in production instead of only competing for the machine's CPU.
   */
  latencyMs?: number;
  /**
   * Whether the client's account is "enabled for Link events" (Plaid's wording): only then does /link/token/get return
   * what the embedded Link's sessions ended in (`results`, `on_success`, `events`). Off by default, as at Plaid, which
   * returns complete event data by default for Hosted Link sessions only (the sandbox bank has no Hosted Link).
   */
  linkEvents?: boolean;
  /**
   * The client's Ledger hold, in bank days after settlement (1 by default, so that a debit made on a bank day is
   * available two bank days later: the app's calendar estimate). `expected_funds_available_date` says the day it ends;
   * Plaid's holds are "typically 2-5 days", unique to each client. BANK_SANDBOX_FUNDS_HOLD_DAYS when run standalone.
   */
  fundsHoldBankDays?: number;
  /**
   * The products Plaid has enabled for this client ("auth", "transfer", …; every product by default). A product left
   * out is refused as Plaid refuses it: 400 INVALID_INPUT INVALID_PRODUCT "client is not authorized to access the
   * following products: [...]", at /link/token/create naming it and at every /transfer/* endpoint for "transfer".
   */
  enabledProducts?: string[];
};

function holdDays(bankDays: number): number {
  if (!Number.isInteger(bankDays) || bankDays < 0 || bankDays > 30)
    throw new Error(`bank sandbox: a funds hold is 0 to 30 bank days, got ${bankDays}`);
  return bankDays;
}

export const DEFAULT_TRANSFER_LIMITS: TransferLimits = { maxSingleDebitCents: 1_000_000, maxSingleCreditCents: 2_500_000 };

export type BankSandbox = {
  url: string;
  stop(): Promise<void>;
  /** Resolves once no webhook is being delivered or waiting (for its batch or a retry). */
  webhooksIdle(): Promise<void>;
  /** Replaces the rate limit from now on (counting starts afresh), e.g. to push back on a run that is under way. */
  setRateLimit(limit: { requests: number; windowMs: number }): void;
  /** Turns "Link events" on or off from now on (the `linkEvents` option). */
  setLinkEvents(enabled: boolean): void;
  /** Sets the Ledger hold (the `fundsHoldBankDays` option) for debits made from now on. */
  setFundsHold(bankDays: number): void;
  /** Replaces the enabled products from now on (the `enabledProducts` option); null: every product. */
  setEnabledProducts(products: string[] | null): void;
  /** Sets the latency (the `latencyMs` option) of requests from now on. */
  setLatency(ms: number): void;
  /**
   * The API requests this bank has received since it started, by endpoint (every request to a Plaid path, answered,
   * refused or failed alike): the bank's own count, which `npm run bench:money` divides by the debits it made.
   */
  requestCounts(): Record<string, number>;
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

function send(response: http.ServerResponse, status: number, contentType: string, payload: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(payload), ...headers });
  response.end(payload);
}

function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  send(response, status, "application/json; charset=utf-8", JSON.stringify(body), headers);
}

function sendFailure(response: http.ServerResponse, failure: PlaidFailure, headers: Record<string, string> = {}) {
  sendJson(response, failure.status, failure.body(requestId()), headers);
}

/** Plaid request ids are short random strings; one per request. */
const requestId = () => randomId(15);

/**
 * Plaid's per-client, per-endpoint limit as an exact sliding window: the times of the requests allowed in the last
 * window, oldest first, dropped from the front as they age out (amortised O(1) a request, however high the limit).
 */
class RateLimiter {
  private readonly hits = new Map<string, { times: number[]; head: number }>();
  constructor(private readonly limit: { requests: number; windowMs: number }) {}
  allow(key: string, nowMs: number): boolean {
    let log = this.hits.get(key);
    if (!log) {
      log = { times: [], head: 0 };
      this.hits.set(key, log);
    }
    while (log.head < log.times.length && nowMs - log.times[log.head]! >= this.limit.windowMs) log.head += 1;
    if (log.head > 1024 && log.head * 2 > log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
    const allowed = log.times.length - log.head < this.limit.requests;
    if (allowed) log.times.push(nowMs);
    return allowed;
  }
}

type Server = {
  db: BankDb;
  clientId: string;
  secret: string;
  now: () => Date;
  webhooks: WebhookSender;
  webhookUrl?: string;
  corsOrigins: Set<string>;
  limiter: RateLimiter;
  batches: TransferBatches;
  limits: TransferLimits;
  faults: FaultRules;
  /** Answers held back by a `timeout` fault or the latency; stop() lets them go at once. */
  delays: Set<() => void>;
  /** The account's Link events enablement (BankSandboxOptions.linkEvents). */
  linkEvents: boolean;
  /** The Ledger hold (BankSandboxOptions.fundsHoldBankDays), shared with the batches. */
  fundsHold: FundsHold;
  /** BankSandboxOptions.enabledProducts; null: every product. */
  enabledProducts: Set<string> | null;
  latencyMs: number;
  /** API requests received, by endpoint path (BankSandbox.requestCounts). */
  requests: Map<string, number>;
};

/** Waits `ms` unless the server stops first. */
function delay(server: Server, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      server.delays.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    server.delays.add(done);
  });
}

function parseJson(raw: string): Record<string, unknown> {
  if (raw.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw plaidErrors.invalidBody();
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw plaidErrors.invalidBody();
  return body as Record<string, unknown>;
}

async function handleApi(server: Server, path: string, request: http.IncomingMessage, response: http.ServerResponse) {
  server.requests.set(path, (server.requests.get(path) ?? 0) + 1);
  if (server.latencyMs > 0) await delay(server, server.latencyMs);
  const handler = endpoints[path];
  if (!handler) return sendFailure(response, plaidErrors.notFound(path));
  if (request.method !== "POST") return sendFailure(response, plaidErrors.methodNotAllowed(), { Allow: "POST" });
  const raw = parseJson(await readBody(request));

  // Credentials: PLAID-CLIENT-ID / PLAID-SECRET headers, or client_id / secret in the body (the SDK sends both).
  const headerClientId = request.headers["plaid-client-id"];
  const headerSecret = request.headers["plaid-secret"];
  const clientId = typeof headerClientId === "string" && headerClientId !== "" ? headerClientId : raw.client_id;
  const secret = typeof headerSecret === "string" && headerSecret !== "" ? headerSecret : raw.secret;
  const missing = [clientId ? null : "client_id", secret ? null : "secret"].filter((field): field is string => field !== null);
  if (missing.length > 0) throw plaidErrors.missingFields(missing);
  if (clientId !== server.clientId || secret !== server.secret) throw plaidErrors.invalidApiKeys();

  if (!server.limiter.allow(`${server.clientId} ${path}`, server.now().getTime())) throw plaidErrors.rateLimit(rateLimitCodeFor(path));

  // Faults on demand (faults.ts): this request's header, else the next rule set for the endpoint.
  let fault: Fault | null = null;
  if (path !== "/sandbox/faults/set") {
    const header = request.headers["plaid-sandbox-fault"];
    fault = typeof header === "string" && header.trim() !== "" ? parseFaultHeader(header) : server.faults.take(path);
  }
  if (fault && (fault.fault === "500" || fault.fault === "rate_limit")) throw faultFailure(fault, path);

  const body = parseRequest(path, raw);
  const notEnabled = productsNotEnabled(server.enabledProducts, path, body);
  if (notEnabled.length > 0) throw plaidErrors.invalidProduct(notEnabled);
  const ctx: BankContext = {
    db: server.db,
    clientId: server.clientId,
    now: server.now,
    webhooks: server.webhooks,
    defaultWebhookUrl: server.webhookUrl,
    batches: server.batches,
    limits: server.limits,
    faults: server.faults,
    linkEvents: server.linkEvents,
    fundsHold: server.fundsHold,
  };
  const result = await handler(ctx, body);
  // The work is done (and committed): the client is told it failed, or is kept waiting past its timeout.
  if (fault?.fault === "500_after") throw faultFailure(fault, path);
  if (fault?.fault === "timeout") await delay(server, fault.delayMs ?? DEFAULT_TIMEOUT_DELAY_MS);
  sendJson(response, 200, { ...result, request_id: requestId() });
}

/** The products a request needs that Plaid has not enabled for the client (BankSandboxOptions.enabledProducts). */
function productsNotEnabled(enabled: Set<string> | null, path: string, body: Record<string, unknown>): string[] {
  if (!enabled) return [];
  const needed = new Set<string>();
  if (path === "/link/token/create" && Array.isArray(body.products)) for (const product of body.products) needed.add(String(product));
  if (path.startsWith("/transfer/") || path.startsWith("/sandbox/transfer/")) needed.add("transfer");
  return [...needed].filter((product) => !enabled.has(product));
}

/**
 * Link's success leaves the item working again in update mode: LOGIN_REPAIRED goes to its webhook, at once. A
 * Multi-Item Link session's public token is not the browser's: onSuccess gets an empty one, and the token goes to the
 * Link token's webhook (LINK / SESSION_FINISHED, `public_tokens`) and to /link/token/get's session results.
 */
function completed(server: Server, completion: LinkCompletion) {
  const { repaired, multiItem, ...success } = completion;
  if (repaired) {
    const url = itemWebhookUrl({ defaultWebhookUrl: server.webhookUrl }, repaired);
    if (url) server.webhooks.send(url, loginRepairedWebhook(repaired.itemId));
  }
  if (!multiItem) return success;
  if (multiItem.webhook)
    server.webhooks.send(multiItem.webhook, sessionFinishedWebhook(multiItem.linkToken, success.metadata.link_session_id, [success.public_token]));
  return { ...success, public_token: "" };
}

// ---- Link: JSON ------------------------------------------------------------------------------------------------------

function corsHeaders(server: Server, request: http.IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  if (typeof origin !== "string" || !server.corsOrigins.has(origin)) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "POST",
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
  };
}

async function handleLinkJson(server: Server, path: string, request: http.IncomingMessage, response: http.ServerResponse) {
  const cors = corsHeaders(server, request);
  if (request.method === "OPTIONS") {
    response.writeHead(204, { ...cors, Vary: "Origin" });
    response.end();
    return;
  }
  if (request.method !== "POST") return sendFailure(response, plaidErrors.methodNotAllowed(), { Allow: "POST", ...cors });
  const now = server.now();
  try {
    const body = parseJson(await readBody(request));
    let result: unknown;
    switch (path) {
      case "/link/session/institutions":
        result = await startSession(server.db, body.link_token, now);
        break;
      case "/link/session/login":
        result = await logIn(server.db, {
          linkSessionId: body.link_session_id,
          institutionId: body.institution_id,
          username: body.username,
          password: body.password,
          now,
        });
        break;
      case "/link/session/select":
        result = completed(server, await selectAccounts(server.db, { linkSessionId: body.link_session_id, accountIds: body.account_ids, now }));
        break;
      case "/link/session/exit": {
        const { session } = await openSession(server.db, body.link_session_id, now);
        const institution = session.institutionId ? findInstitution(session.institutionId) : undefined;
        result = {
          metadata: {
            link_session_id: session.linkSessionId,
            status: session.itemId ? "choose_account" : session.institutionId ? "requires_credentials" : "institution_not_found",
            institution: institution ? { institution_id: institution.institutionId, name: institution.name } : null,
          },
        };
        break;
      }
      default:
        throw plaidErrors.notFound(path);
    }
    sendJson(response, 200, { ...(result as object), request_id: requestId() }, cors);
  } catch (error) {
    if (error instanceof PlaidFailure) return sendFailure(response, error, cors);
    throw error;
  }
}

// ---- Link: HTML -----------------------------------------------------------------------------------------------------

function sendHtml(response: http.ServerResponse, status: number, html: string, redirectUri?: string | null) {
  // No script at all; forms post to the bank itself and the last step redirects to the app (form-action covers
  // redirects after a form post in some browsers). The page may be framed by the app that owns the redirect_uri.
  const appOrigin = redirectUri ? new URL(redirectUri).origin : null;
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self'${appOrigin ? ` ${appOrigin}` : ""}`,
    `frame-ancestors ${appOrigin ?? "'none'"}`,
    "base-uri 'none'",
  ].join("; ");
  send(response, status, "text/html; charset=utf-8", html, {
    "Content-Security-Policy": csp,
    "Cache-Control": "no-store",
    // Not "no-referrer": under it a browser sends "Origin: null" with the pages' own form posts, which a deployed demo's
    // host, serving these pages on its origin (host/sandbox-link-proxy.ts), refuses as cross-site (issue 33: Exit,
    // and every other step, without JavaScript). "same-origin" still keeps the link token in these URLs from leaking
    // to any other origin.
    "Referrer-Policy": "same-origin",
  });
}

function redirect(response: http.ServerResponse, location: string) {
  response.writeHead(303, { Location: location, "Cache-Control": "no-store" });
  response.end();
}

async function handleLinkHtml(server: Server, path: string, request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
  const now = server.now();
  // The app's language (its `lang` on the first URL, then every form's): the pages' words only.
  let lang = linkLanguage(url.searchParams.get("lang"), request.headers.cookie);
  try {
    if (path === "/link") {
      if (request.method !== "GET") return sendHtml(response, 405, errorPage("Open this page with GET."));
      const token = url.searchParams.get("token");
      const linkToken = await checkRedirect(server.db, token, url.searchParams.get("redirect_uri"), now);
      return sendHtml(
        response,
        200,
        institutionsPage({
          linkToken: linkToken.linkToken,
          clientName: linkToken.clientName,
          institutions: await institutionsFor(server.db, linkToken),
          lang,
        }),
        linkToken.redirectUri,
      );
    }
    if (request.method !== "POST") return sendHtml(response, 405, errorPage("This step accepts form posts only."));
    const form = new URLSearchParams(await readBody(request));
    lang = linkLanguage(form.get("lang"), request.headers.cookie);

    if (path === "/link/credentials" || (path === "/link/exit" && !form.has("link_session_id"))) {
      // Only the token is posted from the first page; the redirect target is its stored redirect_uri, checked at GET
      // /link.
      const linkToken = await liveLinkToken(server.db, form.get("token"), now);
      if (!linkToken.redirectUri) throw plaidErrors.invalidField("this link token has no redirect_uri");
      // Exit before choosing a bank: back to the app, as Link's onExit (no session has started).
      if (path === "/link/exit") return redirect(response, exitRedirect(linkToken.redirectUri, null, null));
      const institution = await offeredInstitution(server.db, linkToken, form.get("institution_id"));
      const started = await startSession(server.db, linkToken.linkToken, now);
      return sendHtml(
        response,
        200,
        credentialsPage({ linkSessionId: started.link_session_id, institution, error: null, lang }),
        linkToken.redirectUri,
      );
    }

    // The remaining steps carry the session; the redirect target is always the link token's stored redirect_uri.
    const { session, linkToken } = await openSession(server.db, form.get("link_session_id"), now);
    const redirectUri = linkToken.redirectUri;
    if (!redirectUri) throw plaidErrors.invalidField("this link token has no redirect_uri");

    if (path === "/link/exit") {
      return redirect(response, exitRedirect(redirectUri, null, session.linkSessionId));
    }
    if (path === "/link/login") {
      try {
        const loggedIn = await logIn(server.db, {
          linkSessionId: session.linkSessionId,
          institutionId: form.get("institution_id"),
          username: form.get("username"),
          password: form.get("password"),
          now,
        });
        return sendHtml(
          response,
          200,
          accountsPage({ linkSessionId: session.linkSessionId, institution: loggedIn.institution, accounts: loggedIn.accounts, error: null, lang }),
          redirectUri,
        );
      } catch (error) {
        if (!(error instanceof PlaidFailure)) throw error;
        const institution = findInstitution(form.get("institution_id"));
        if (isRetryable(error) && institution) {
          return sendHtml(
            response,
            200,
            credentialsPage({
              linkSessionId: session.linkSessionId,
              institution: { institution_id: institution.institutionId, name: institution.name },
              error: error.displayMessage ?? error.message,
              lang,
            }),
            redirectUri,
          );
        }
        return redirect(response, exitRedirect(redirectUri, error, session.linkSessionId));
      }
    }
    if (path === "/link/select") {
      const accountIds = form.getAll("account_id");
      if (accountIds.length === 0 && session.itemId && session.institutionId) {
        const institution = findInstitution(session.institutionId)!;
        return sendHtml(
          response,
          200,
          accountsPage({
            linkSessionId: session.linkSessionId,
            institution: { institution_id: institution.institutionId, name: institution.name },
            accounts: await sessionAccounts(server.db, session.itemId),
            error: LINK_WORDS[lang].selectOne,
            lang,
          }),
          redirectUri,
        );
      }
      const success = completed(server, await selectAccounts(server.db, { linkSessionId: session.linkSessionId, accountIds, now }));
      return redirect(response, successRedirect(redirectUri, success, linkToken.linkToken));
    }
    return sendHtml(response, 404, errorPage("There is no such step."));
  } catch (error) {
    if (!(error instanceof PlaidFailure)) throw error;
    // Before a trusted redirect target is known, errors stay on the bank's own page: never an open redirect.
    return sendHtml(response, 400, errorPage(`${error.errorCode}: ${error.message}`));
  }
}

// ---- Server ---------------------------------------------------------------------------------------------------------

async function handle(server: Server, request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://sandbox");
  const path = url.pathname.replace(/\/+$/, "") || "/";
  try {
    if (path.startsWith("/link/session/")) return await handleLinkJson(server, path, request, response);
    if (path === "/link" || ["/link/credentials", "/link/login", "/link/select", "/link/exit"].includes(path)) {
      return await handleLinkHtml(server, path, request, response, url);
    }
    await handleApi(server, path, request, response);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return sendFailure(response, new PlaidFailure(413, "INVALID_REQUEST", "INVALID_BODY", "request body is too large"));
    }
    if (error instanceof PlaidFailure) return sendFailure(response, error);
    throw error;
  }
}

/**
 * BANK_SANDBOX_RATE_LIMIT: requests per minute per endpoint (Plaid's limit is 1000), to try the app against a bank
 * that pushes back. Unset: the default. Invalid: refused at start-up.
 */
export function rateLimitFromEnv(value = process.env.BANK_SANDBOX_RATE_LIMIT): BankSandboxOptions["rateLimit"] {
  if (value === undefined || value === "") return undefined;
  const requests = Number(value);
  if (!Number.isInteger(requests) || requests < 1)
    throw new Error(`BANK_SANDBOX_RATE_LIMIT must be a positive whole number of requests a minute, got ${value}`);
  return { requests, windowMs: 60_000 };
}

export async function startBankSandbox(options: BankSandboxOptions): Promise<BankSandbox> {
  const host = options.host ?? "127.0.0.1";
  const now = options.now ?? (() => new Date());
  // A double may lose its last few hundred milliseconds of writes if the machine loses power, never consistency: its
  // sessions commit without waiting for the disk (synchronous_commit off), which keeps it from being the bottleneck
  // of the money engine it stands in for (ADR 009).
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 16, options: "-c synchronous_commit=off" });
  // A connection dropped, idle or in use (database restart), must not crash the double; the pool opens a new one.
  guardPoolErrors(pool, (error, when) => console.error(`bank sandbox: ${when} database connection error:`, error.message));
  const db = drizzle(pool, { casing: "snake_case" });

  let key;
  try {
    key = await ensureSigningKey(db, now());
  } catch (error) {
    await pool.end();
    throw error;
  }
  const webhooks = new WebhookSender(key, now, {
    batchMs: options.webhookBatchMs ?? PLAID_WEBHOOK_TIMING.batchMs,
    retryBaseMs: options.webhookRetryBaseMs ?? PLAID_WEBHOOK_TIMING.retryBaseMs,
    timeoutMs: options.webhookTimeoutMs ?? PLAID_WEBHOOK_TIMING.timeoutMs,
  });
  const clientId = options.clientId ?? "sandbox-client-id";
  const limits: TransferLimits = { ...DEFAULT_TRANSFER_LIMITS, ...options.transferLimits };
  const faults = new FaultRules();
  const fundsHold: FundsHold = { bankDays: holdDays(options.fundsHoldBankDays ?? 1) };
  const server: Server = {
    db,
    clientId,
    secret: options.secret ?? "sandbox-secret",
    now,
    webhooks,
    webhookUrl: options.webhookUrl,
    corsOrigins: new Set(options.linkCorsOrigins ?? []),
    limiter: new RateLimiter(options.rateLimit ?? { requests: 1000, windowMs: 60_000 }),
    batches: transferBatches({ db, clientId, now, webhooks, defaultWebhookUrl: options.webhookUrl, limits, faults, fundsHold }),
    limits,
    faults,
    delays: new Set(),
    latencyMs: options.latencyMs ?? 0,
    linkEvents: options.linkEvents ?? false,
    fundsHold,
    enabledProducts: options.enabledProducts ? new Set(options.enabledProducts) : null,
    requests: new Map(),
  };

  const httpServer = http.createServer((request, response) => {
    handle(server, request, response).catch((error: unknown) => {
      console.error("bank sandbox: could not handle request", error);
      if (!response.headersSent) sendFailure(response, plaidErrors.internal());
      else response.destroy();
    });
  });
  // Clients keep connections open between bursts (the money worker's batches, a day apart in a sandbox replay). Node's
  // default of 5 s idle raced clients reusing a connection the server had just closed (ECONNRESET on loopback); idle
  // connections now live longer than clients keep them.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;

  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once("error", reject);
      httpServer.listen(options.port ?? 0, host, () => {
        httpServer.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await pool.end();
    throw error;
  }

  const { port } = httpServer.address() as AddressInfo;
  const publicHost = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;

  let stopping: Promise<void> | undefined;
  return {
    url: `http://${publicHost}:${port}`,
    webhooksIdle: () => webhooks.idle(),
    setRateLimit(limit) {
      server.limiter = new RateLimiter(limit);
    },
    setLinkEvents(enabled) {
      server.linkEvents = enabled;
    },
    setFundsHold(bankDays) {
      fundsHold.bankDays = holdDays(bankDays);
    },
    setLatency(ms) {
      server.latencyMs = ms;
    },
    setEnabledProducts(products) {
      server.enabledProducts = products ? new Set(products) : null;
    },
    requestCounts: () => Object.fromEntries(server.requests),
    stop() {
      stopping ??= (async () => {
        for (const release of [...server.delays]) release();
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        });
        // Deliveries under way finish; batches and retries still waiting are dropped (they live in memory only).
        await webhooks.close();
        // Every connection closed before whoever started us stops PostgreSQL (endPool).
        await endPool(pool);
      })();
      return stopping;
    },
  };
}

// Standalone: tsx sandbox/plaid/server.ts. This file itself, not a bundle it is part of (build/demo/start.js, whose
// `import.meta.url` is the bundle's: scripts/build-server.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && import.meta.url.endsWith("/sandbox/plaid/server.ts")) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("bank sandbox: DATABASE_URL is required");
    process.exit(1);
  }
  const port = Number(process.env.BANK_SANDBOX_PORT ?? 3026);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`bank sandbox: BANK_SANDBOX_PORT must be a port number, got ${process.env.BANK_SANDBOX_PORT}`);
    process.exit(1);
  }
  const sandbox = await startBankSandbox({
    databaseUrl,
    port,
    host: process.env.BANK_SANDBOX_HOST,
    clientId: process.env.PLAID_CLIENT_ID,
    secret: process.env.PLAID_SECRET,
    webhookUrl: process.env.BANK_SANDBOX_WEBHOOK_URL,
    rateLimit: rateLimitFromEnv(),
    linkEvents: process.env.BANK_SANDBOX_LINK_EVENTS === "1",
    fundsHoldBankDays: process.env.BANK_SANDBOX_FUNDS_HOLD_DAYS ? Number(process.env.BANK_SANDBOX_FUNDS_HOLD_DAYS) : undefined,
    linkCorsOrigins: process.env.BANK_SANDBOX_CORS_ORIGINS?.split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
  });
  console.log(`bank sandbox: listening on ${sandbox.url} (Plaid basePath for the app)`);
  const shutdown = () => {
    sandbox.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("bank sandbox: error while stopping", error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}
