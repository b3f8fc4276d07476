import { applyItemWebhook, isItemWebhook } from "~/server/bank/item-webhooks.server";
import { verifyPlaidWebhook } from "~/server/bank/webhook-verify.server";
import { BANK_SYNC, enqueueBankSync } from "~/server/jobs/queue.server";
import { readText } from "~/server/platform/request-body.server";
import { logger } from "~/server/platform/log.server";

/** Plaid sends small JSON bodies; anything larger is not a Plaid webhook. */
const MAX_BODY_BYTES = 64 * 1024;
/** How long the answer may wait for the bank.sync job to be queued (Plaid gives up on a webhook after 10 s). */
const ENQUEUE_WAIT_MS = 2_000;

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
  // The exact text, bounded: 413 beyond MAX_BODY_BYTES, 415 unless JSON, 400 unless UTF-8 (thrown as JSON).
  const rawBody = await readText(request, { maxBytes: MAX_BODY_BYTES, types: ["application/json"] });

  const verified = await verifyPlaidWebhook(rawBody, request.headers.get("plaid-verification"));
  if (!verified.ok) return json({ error: "Invalid webhook signature", reason: verified.reason }, 401);

  let event: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return json({ error: "The webhook body must be a JSON object" }, 400);
    event = parsed as Record<string, unknown>;
  } catch {
    return json({ error: "Invalid JSON" }, 400);
  }
  if (event.webhook_type === "ITEM") {
    if (!isItemWebhook(event)) return json({ error: "An ITEM webhook needs webhook_code and item_id" }, 400);
    // A bank connection changed state: applied at once (idempotent), told to the member in the same transaction.
    const outcome = await applyItemWebhook(event);
    return json({ received: true, outcome }, 200);
  }
  if (event.webhook_type === "TRANSFER" && event.webhook_code === "TRANSFER_EVENTS_UPDATE") {
    // The webhook carries no events, only "there are new ones": a worker reads /transfer/event/sync (ADR 007). The
    // answer never waits long for the queue and never fails because of it: enqueueBankSync logs its own failures, and
    // the 5-minute poll reads whatever a lost wake-up would have.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<"slow">((resolve) => (timer = setTimeout(() => resolve("slow"), ENQUEUE_WAIT_MS)));
    const enqueued = await Promise.race([enqueueBankSync("webhook"), slow]);
    clearTimeout(timer);
    if (enqueued === "slow") logger.warn({ queue: BANK_SYNC, waitedMs: ENQUEUE_WAIT_MS }, "plaid webhook: enqueueing is slow; answering now");
  }
  // Other types (AUTH, DEFAULT_UPDATE, …) are acknowledged and ignored: Plaid retries only non-2xx answers.
  return json({ received: true }, 200);
}
