/**
 * The Plaid client and its uniform result adapter. Real Plaid when PLAID_ENV is set; otherwise the sandbox bank double
 * (sandbox/plaid) at PLAID_SANDBOX_URL, which speaks the same wire format. Switching is configuration only.
 *
 * Plaid answers an expected failure (bad credentials, locked item, used public token, rate limit) with a non-2xx status
 * and an error body; the SDK (axios) rejects on those. `plaidCall` turns every such rejection, and network failures,
 * into `{ ok: false, code, message }` so callers branch on data instead of catching (STYLE.md: adapters never throw for
 * an expected failure).
 */
import http from "node:http";
import https from "node:https";
import { createRequire } from "node:module";
import type * as Plaid from "plaid";
import { env } from "../platform/env.server";
import { type AdapterConfig, type AdapterResponse, plaidTransport } from "./plaid-transport.server";

let sdk: typeof Plaid | undefined;

/**
 * The Plaid SDK, loaded on first use rather than imported: its one 10 MB module took ~0.6 s of CPU to load (more than
 * the rest of the server build), which a web process starting behind a 10 s health-check grace period spent before it
 * could answer, for an SDK most requests never touch (ADR 042). The first bank call of a process pays it instead.
 */
export function plaidSdk(): typeof Plaid {
  sdk ??= createRequire(import.meta.url)("plaid") as typeof Plaid;
  return sdk;
}

/**
 * The SDK's transport: one `http.request` per call (plaid-transport.server.ts), with axios's own Node adapter (from the
 * SDK's axios) for what that does not handle. Not when the environment names a proxy: axios's adapter honours one.
 */
function transport() {
  const proxied = ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"].some((name) => process.env[name]);
  if (proxied) return undefined;
  const require = createRequire(createRequire(import.meta.url).resolve("plaid"));
  const axios = require("axios") as { getAdapter: (name: string) => (config: AdapterConfig) => Promise<AdapterResponse> };
  return plaidTransport(axios.getAdapter("http"));
}

/** Plaid calls are interactive (a user waits on Link); give up well before a proxy would. */
const PLAID_TIMEOUT_MS = 10_000;

export type BankFailure = { ok: false; code: string; message: string; displayMessage?: string; status?: number };
export type BankResult<T> = { ok: true; value: T } | BankFailure;

/**
 * The official SDK's API object. Built with the SDK's own PlaidApiFactory, which makes its functional API once: the
 * PlaidApi class rebuilds it (a thousand methods) on every call, which cost ~40% of a money worker's CPU per call
 * (ADR 009). Calls go over keep-alive connections.
 */
export type PlaidClient = ReturnType<typeof Plaid.PlaidApiFactory>;

let client: { key: string; api: PlaidClient } | undefined;

/** The configured Plaid client; null when no bank is configured (neither PLAID_ENV nor PLAID_SANDBOX_URL). */
export function plaidClient(): PlaidClient | null {
  const config = env();
  // PLAID_API_URL (never in production) stands in for Plaid's host: the sandbox bank, in tests of the Plaid configuration.
  const basePath = config.PLAID_ENV ? (config.PLAID_API_URL ?? plaidSdk().PlaidEnvironments[config.PLAID_ENV]) : config.PLAID_SANDBOX_URL;
  if (!basePath || !config.PLAID_CLIENT_ID || !config.PLAID_SECRET) return null;
  const key = `${basePath}|${config.PLAID_CLIENT_ID}`;
  if (client?.key !== key) {
    // Idle connections are dropped after 4 s, before a server drops its end (Node's default is 5 s; the sandbox bank
    // keeps them 65 s): reusing a connection the server has just closed fails the request (ECONNRESET).
    const agentOptions = { keepAlive: true, maxSockets: 64, timeout: 4_000 };
    const { Configuration, PlaidApiFactory } = plaidSdk();
    const configuration = new Configuration({
      basePath,
      baseOptions: {
        timeout: PLAID_TIMEOUT_MS,
        headers: { "PLAID-CLIENT-ID": config.PLAID_CLIENT_ID, "PLAID-SECRET": config.PLAID_SECRET, "Plaid-Version": "2020-09-14" },
        httpAgent: new http.Agent(agentOptions),
        httpsAgent: new https.Agent(agentOptions),
        // Plaid never redirects; without redirects axios skips its follow-redirects wrapper.
        maxRedirects: 0,
        adapter: transport(),
        // The SDK has already written the body as JSON; axios's default transform parsed it again to check it.
        transformRequest: [(data: unknown) => data],
      },
    });
    client = { key, api: PlaidApiFactory(configuration, basePath) };
  }
  return client.api;
}

type PlaidErrorBody = { error_code?: unknown; error_message?: unknown; display_message?: unknown; error_type?: unknown };

/** Map anything a Plaid call can reject with to a BankFailure. Exported for tests. */
export function toBankFailure(error: unknown): BankFailure {
  const response = (error as { response?: { status?: number; data?: unknown } } | null)?.response;
  const body = response?.data as PlaidErrorBody | undefined;
  if (body && typeof body === "object" && typeof body.error_code === "string") {
    return {
      ok: false,
      code: body.error_code,
      message: typeof body.error_message === "string" ? body.error_message : body.error_code,
      ...(typeof body.display_message === "string" ? { displayMessage: body.display_message } : {}),
      ...(response?.status ? { status: response.status } : {}),
    };
  }
  const axiosCode = (error as { code?: unknown } | null)?.code;
  if (axiosCode === "ECONNABORTED" || axiosCode === "ETIMEDOUT") {
    return { ok: false, code: "TIMEOUT", message: "The bank did not answer in time" };
  }
  if (response?.status) return { ok: false, code: "HTTP_ERROR", message: `The bank answered ${response.status}`, status: response.status };
  return { ok: false, code: "NETWORK_ERROR", message: error instanceof Error ? error.message : "The bank could not be reached" };
}

/** Retries of a call whose answer says "try again": at most this many more attempts, backing off with full jitter. */
export const PLAID_RETRY = { attempts: 4, baseMs: 250, capMs: 4_000 };

/**
 * Whether a failure is worth another try with the same request: Plaid's rate limit (429, RATE_LIMIT_EXCEEDED), a 5xx,
 * or no answer at all. Only for calls that are idempotent (a transfer authorization carries our idempotency key,
 * /transfer/create is idempotent on the authorization, reads are reads).
 */
export function isRetryable(failure: BankFailure) {
  return (
    failure.status === 429 ||
    failure.code === "RATE_LIMIT_EXCEEDED" ||
    (failure.status !== undefined && failure.status >= 500) ||
    failure.code === "TIMEOUT" ||
    failure.code === "NETWORK_ERROR"
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counters of this process's Plaid calls (the money bench prints them): calls, retries, and failures by code. */
export const plaidStats = { calls: 0, retries: 0, failures: {} as Record<string, number> };

/**
 * Run one Plaid call and return its response body, or a BankFailure for any rejection. With `retry`, a retryable
 * failure is tried again (the same call, so the same idempotency key) after an exponential backoff with full jitter.
 */
export async function plaidCall<T>(
  run: (api: PlaidClient) => Promise<{ data: T }>,
  options: { retry?: boolean | typeof PLAID_RETRY } = {},
): Promise<BankResult<T>> {
  const api = plaidClient();
  if (!api) return { ok: false, code: "BANK_NOT_CONFIGURED", message: "No bank provider is configured" };
  const policy = options.retry === true ? PLAID_RETRY : options.retry || null;
  for (let attempt = 0; ; attempt++) {
    plaidStats.calls += 1;
    try {
      const response = await run(api);
      return { ok: true, value: response.data };
    } catch (error) {
      const failure = toBankFailure(error);
      plaidStats.failures[failure.code] = (plaidStats.failures[failure.code] ?? 0) + 1;
      if (!policy || attempt >= policy.attempts || !isRetryable(failure)) return failure;
      plaidStats.retries += 1;
      await sleep(Math.random() * Math.min(policy.capMs, policy.baseMs * 2 ** attempt));
    }
  }
}
