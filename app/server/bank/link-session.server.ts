/**
 * The sandbox Link modal's calls, made server to server: the browser talks only to our origin (CSP connect-src
 * 'self'), we talk to the sandbox bank's JSON Link endpoints (sandbox/plaid/README.md, ADR 005).
 */
import { env } from "../platform/env.server";

export type LinkSessionResult = { ok: true; body: Record<string, unknown> } | { ok: false; status: number; code: string; message: string };

const TIMEOUT_MS = 10_000;

export async function sandboxLinkCall(path: "institutions" | "login" | "select" | "exit", body: Record<string, unknown>): Promise<LinkSessionResult> {
  const base = env().PLAID_SANDBOX_URL;
  if (!base) return { ok: false, status: 409, code: "LINK_UNAVAILABLE", message: "Unable to load the bank-linking provider. Please try again." };
  let response: Response;
  try {
    response = await fetch(`${base}/link/session/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, status: 502, code: "LINK_UNAVAILABLE", message: "Unable to load the bank-linking provider. Please try again." };
  }
  const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && payload) return { ok: true, body: payload };
  const code = typeof payload?.error_code === "string" ? payload.error_code : "LINK_ERROR";
  const message =
    (typeof payload?.display_message === "string" && payload.display_message) ||
    (typeof payload?.error_message === "string" && payload.error_message) ||
    "The bank could not complete this step.";
  return { ok: false, status: response.status >= 500 ? 502 : 400, code, message };
}
