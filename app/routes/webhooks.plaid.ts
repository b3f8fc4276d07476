import { verifyPlaidWebhook } from "~/server/bank/webhook-verify.server";

/** Plaid sends small JSON bodies; anything larger is not a Plaid webhook. */
const MAX_BODY_BYTES = 64 * 1024;

function json(body: unknown, status: number) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** GET and friends: this URL only receives POSTs from the bank. */
export function loader() {
  return json({ error: "Method not allowed" }, 405);
}

/**
 * Plaid webhooks (server to server, no session, no Origin header). The raw body is read once and verified with the
 * Plaid-Verification JWT before anything is parsed or acted on; a request that fails verification changes nothing.
 */
// Typed without ./+types so the module stands on its own until app/routes.ts registers it.
export async function action({ request }: { request: Request }) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, 405);
  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > MAX_BODY_BYTES) return json({ error: "Payload too large" }, 413);
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody, "utf8") > MAX_BODY_BYTES) return json({ error: "Payload too large" }, 413);

  const verified = await verifyPlaidWebhook(rawBody, request.headers.get("plaid-verification"));
  if (!verified.ok) return json({ error: "Invalid webhook signature", reason: verified.reason }, 401);

  let event: { webhook_type?: unknown; webhook_code?: unknown };
  try {
    event = JSON.parse(rawBody);
  } catch {
    return json({ error: "Invalid JSON" }, 400);
  }
  if (event.webhook_type === "TRANSFER" && event.webhook_code === "TRANSFER_EVENTS_UPDATE") {
    // The money-movement work syncs /transfer/event/sync from here; until then the event is only recorded in the log.
    console.info("plaid webhook: TRANSFER_EVENTS_UPDATE received");
  }
  // Other types (ITEM, DEFAULT_UPDATE, …) are acknowledged and ignored: Plaid retries only non-2xx answers.
  return json({ received: true }, 200);
}
