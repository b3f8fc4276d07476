import { postmarkBounceWebhookSchema, postmarkRecordId } from "~/domain/email-delivery";
import { applyBounceWebhook, authorized, bounceWebhookCredentials } from "~/server/email/bounce-webhook.server";
import { logger } from "~/server/platform/log.server";
import { discardBody, duplicateJsonKey, readText } from "~/server/platform/request-body.server";

/** A bounce record is a few KB; with the bounced message's content included (Postmark's IncludeContent) it can be more. */
const MAX_BODY_BYTES = 256 * 1024;

function json(body: unknown, status: number, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const NOT_FOUND = { error: "Not found" };

/** GET and friends: this URL only receives POSTs from Postmark (and does not exist while it is not configured). */
export function loader() {
  return bounceWebhookCredentials() ? json({ error: "Method not allowed" }, 405, { Allow: "POST" }) : json(NOT_FOUND, 404);
}

/**
 * Postmark's bounce and spam-complaint webhooks (server to server: no session, no Origin header; the host's CSRF check
 * lets /webhooks/ through). Basic auth is checked before the body is read; a refused request changes nothing. Bad
 * bodies are a 400 with a JSON error; a record already applied is a 200 that changes nothing (Postmark retries anything
 * else). Other record types (Delivery, Open, …) are acknowledged and ignored, should the webhook send them here.
 */
export async function action({ request }: { request: Request }) {
  const credentials = bounceWebhookCredentials();
  if (!credentials) {
    discardBody(request);
    return json(NOT_FOUND, 404);
  }
  if (request.method !== "POST") return json({ error: "Method not allowed" }, 405, { Allow: "POST" });
  if (!authorized(request.headers.get("authorization"), credentials)) {
    discardBody(request);
    return json({ error: "Unauthorized" }, 401, { "WWW-Authenticate": 'Basic realm="Postmark webhooks", charset="UTF-8"' });
  }
  // The exact text (Postmark's 64-bit IDs are read from it), bounded: 413 beyond MAX_BODY_BYTES, 415 unless JSON, 400
  // unless UTF-8 (thrown as JSON responses).
  const raw = await readText(request, { maxBytes: MAX_BODY_BYTES, types: ["application/json"] });
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return json({ error: "Request body must be valid JSON" }, 400);
  }
  const duplicate = duplicateJsonKey(raw);
  if (duplicate !== null) return json({ error: `Key ${JSON.stringify(duplicate)} appears more than once in one object` }, 400);
  if (typeof body !== "object" || body === null || Array.isArray(body)) return json({ error: "The body must be a JSON object" }, 400);
  const recordType = (body as { RecordType?: unknown }).RecordType;
  if (typeof recordType !== "string" || recordType === "") return json({ error: "RecordType is required" }, 400);
  if (recordType !== "Bounce" && recordType !== "SpamComplaint") return json({ received: true, ignored: recordType.slice(0, 64) }, 200);

  const parsed = postmarkBounceWebhookSchema.safeParse(body);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "body"))];
    return json({ error: `Invalid ${recordType} webhook: ${fields.join(", ")}` }, 400);
  }
  const recordId = postmarkRecordId(raw, parsed.data.ID);
  if (!recordId) return json({ error: `Invalid ${recordType} webhook: ID` }, 400);
  try {
    const applied = await applyBounceWebhook(parsed.data, recordId);
    return json({ received: true, ...applied }, 200);
  } catch (error) {
    // Postmark retries a non-2xx answer later; nothing was half-applied (one transaction).
    logger.error({ err: error, recordType, postmarkId: parsed.data.ID }, "postmark webhook: could not be applied");
    return json({ error: "Could not be applied now; please retry" }, 503, { "Retry-After": "60" });
  }
}
