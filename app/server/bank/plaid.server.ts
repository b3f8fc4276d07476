/**
 * The Plaid client and its uniform result adapter. Real Plaid when PLAID_ENV is set; otherwise the sandbox bank double
 * (sandbox/plaid) at PLAID_SANDBOX_URL, which speaks the same wire format. Switching is configuration only.
 *
 * Plaid answers an expected failure (bad credentials, locked item, used public token, rate limit) with a non-2xx status
 * and an error body; the SDK (axios) rejects on those. `plaidCall` turns every such rejection, and network failures,
 * into `{ ok: false, code, message }` so callers branch on data instead of catching (STYLE.md: adapters never throw for
 * an expected failure).
 */
import { Configuration, PlaidApi, PlaidEnvironments } from "plaid";
import { env } from "../env.server";

/** Plaid calls are interactive (a user waits on Link); give up well before a proxy would. */
const PLAID_TIMEOUT_MS = 10_000;

export type BankFailure = { ok: false; code: string; message: string; displayMessage?: string; status?: number };
export type BankResult<T> = { ok: true; value: T } | BankFailure;

let client: { key: string; api: PlaidApi } | undefined;

/** The configured PlaidApi; null when no bank is configured (neither PLAID_ENV nor PLAID_SANDBOX_URL). */
export function plaidClient(): PlaidApi | null {
  const config = env();
  // PLAID_API_URL (never in production) stands in for Plaid's host: the sandbox bank, in tests of the Plaid configuration.
  const basePath = config.PLAID_ENV ? (config.PLAID_API_URL ?? PlaidEnvironments[config.PLAID_ENV]) : config.PLAID_SANDBOX_URL;
  if (!basePath || !config.PLAID_CLIENT_ID || !config.PLAID_SECRET) return null;
  const key = `${basePath}|${config.PLAID_CLIENT_ID}`;
  if (client?.key !== key) {
    const api = new PlaidApi(
      new Configuration({
        basePath,
        baseOptions: {
          timeout: PLAID_TIMEOUT_MS,
          headers: { "PLAID-CLIENT-ID": config.PLAID_CLIENT_ID, "PLAID-SECRET": config.PLAID_SECRET, "Plaid-Version": "2020-09-14" },
        },
      }),
    );
    client = { key, api };
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

/** Run one Plaid call and return its response body, or a BankFailure for any rejection. */
export async function plaidCall<T>(run: (api: PlaidApi) => Promise<{ data: T }>): Promise<BankResult<T>> {
  const api = plaidClient();
  if (!api) return { ok: false, code: "BANK_NOT_CONFIGURED", message: "No bank provider is configured" };
  try {
    const response = await run(api);
    return { ok: true, value: response.data };
  } catch (error) {
    return toBankFailure(error);
  }
}
