/**
 * A bank linked the way a member links one, for tests: a Link token issued to the user (a Multi-Item Link token, as
 * every one the app makes), a session of the sandbox Link (sandbox/plaid/link-client.ts) logged in and every account
 * shared. The browser then holds only the Link token; the public token is the bank's report of the session
 * (/link/token/get), which is what the app's exchange reads (ADR 049). Import dynamically after useTestDatabase({ bank: true }).
 */
import { createLinkToken, type BankUser, type LinkReturn } from "../../app/server/bank/bank.server";
import { plaidCall } from "../../app/server/bank/plaid.server";
import { linkThroughSession } from "../../sandbox/plaid/link-client";

/**
 * After a finished Link session: what the user's browser posts (the Link token), and the public token the bank
 * reports for that session (never the browser's: a test's stand-in for a stolen one). Throws when a step is refused
 * (see linkThroughSessionFor).
 */
export async function ownLinkSession(
  user: BankUser,
  options: { username?: string; password?: string } = {},
): Promise<LinkReturn & { publicToken: string }> {
  const linked = await linkThroughSessionFor(user, options);
  if (!linked.ok) throw new Error(`the sandbox Link refused: ${linked.code}`);
  return { linkToken: linked.linkToken, publicToken: await reportedPublicToken(linked.linkToken) };
}

/** The public token the bank reports for a Link token's finished session (/link/token/get). */
export async function reportedPublicToken(linkToken: string): Promise<string> {
  const answer = await plaidCall((api) => api.linkTokenGet({ link_token: linkToken }));
  if (!answer.ok) throw new Error(`/link/token/get: ${answer.code}`);
  const token = answer.value.link_sessions?.flatMap((session) => session.results?.item_add_results ?? [])[0]?.public_token;
  if (!token) throw new Error("the bank reports no public token for this Link token");
  return token;
}

/**
 * The same, returning the sandbox Link's refusal (a locked account, a wrong password) instead of throwing. A one-off
 * Link token without our webhook URL (nothing listens at APP_URL in these tests; the bank's webhooks are tested where
 * something does, plaid-webhook.test.ts).
 */
export async function linkThroughSessionFor(user: BankUser, options: { username?: string; password?: string } = {}) {
  const token = await createLinkToken(user, { webhook: false });
  if (!token.ok) throw new Error(`link token: ${token.code}`);
  const bankUrl = process.env.PLAID_SANDBOX_URL ?? process.env.PLAID_API_URL;
  if (!bankUrl) throw new Error("no sandbox bank (useTestDatabase({ bank: true }))");
  return linkThroughSession(bankUrl, token.linkToken, options);
}

/**
 * An ACH return of a transfer, the way the state is reached at the bank: Plaid's /sandbox/transfer/simulate returns a
 * transfer from `posted` only; one that already settled (a late return, which production can send for weeks) is
 * returned through the sandbox bank's own /sandbox/transfer/late_return (sandbox/plaid/README.md, ADR 049).
 */
export async function returnTransfer(
  providerTransferId: string,
  returnCode = "R01",
): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  const { plaidCall } = await import("../../app/server/bank/plaid.server");
  const current = await plaidCall((api) => api.transferGet({ transfer_id: providerTransferId }));
  if (!current.ok) return { ok: false, code: current.code, message: current.message };
  if (current.value.transfer.status !== "settled" && current.value.transfer.status !== "funds_available") {
    const simulated = await plaidCall((api) =>
      api.sandboxTransferSimulate({
        transfer_id: providerTransferId,
        event_type: "returned",
        failure_reason: { failure_code: returnCode, ach_return_code: returnCode },
      }),
    );
    return simulated.ok ? { ok: true } : { ok: false, code: simulated.code, message: simulated.message };
  }
  const bankUrl = process.env.PLAID_SANDBOX_URL ?? process.env.PLAID_API_URL;
  const response = await fetch(`${bankUrl}/sandbox/transfer/late_return`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "PLAID-CLIENT-ID": process.env.PLAID_CLIENT_ID ?? "",
      "PLAID-SECRET": process.env.PLAID_SECRET ?? "",
    },
    body: JSON.stringify({ transfer_id: providerTransferId, failure_reason: { failure_code: returnCode } }),
  });
  if (response.ok) return { ok: true };
  const body = (await response.json()) as { error_code?: string; error_message?: string };
  return { ok: false, code: body.error_code ?? "HTTP_ERROR", message: body.error_message ?? "" };
}
