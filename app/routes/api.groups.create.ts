import { data } from "react-router";
import { createGroupPayloadSchema } from "~/domain/groups";
import { DEFAULT_TIME_ZONE, todayIn } from "~/domain/schedule";
import type { User } from "~/server/db/schema";
import { getOptionalUser } from "~/server/auth/guards.server";
import { lookupSession } from "~/server/auth/session.server";
import { createGroup, NOT_AUTHORIZED_TO_CREATE } from "~/server/groups/groups.server";
import { readJson } from "~/server/platform/request-body.server";
import type { Route } from "./+types/api.groups.create";
import { logger } from "~/server/platform/log.server";

/**
 * POST /api/groups/create (SPEC.md sections 3 and 7): create a group from the JSON payload, with the wizard's rules
 * and messages (createGroupPayloadSchema).
 *
 * Authentication: the session cookie, or `Authorization: Bearer <session token>` where the token is the value of the
 * rosca_session cookie (signed; it goes through the very same lookup, idle timeout included). Cookie-authenticated
 * writes from another site are refused before they get here (host/app.ts, rejectCrossSiteWrites), and this route
 * also insists on application/json, which a cross-site form cannot send.
 *
 * Idempotency: an `Idempotency-Key` header makes a repeat of the same request return the first result (200, header
 * Idempotent-Replayed: true) instead of creating a second group; the same key with a different body is refused (422).
 *
 * Responses: 201 {id, url}; errors {error} with 400 (not JSON), 401, 403, 405, 413 (> 32 KB), 415, 422 (first
 * validation message, all of them in `issues`). Unexpected failures are logged and answered without detail.
 */

export const MAX_BODY_BYTES = 32 * 1024;

const JSON_HEADERS = { "Cache-Control": "no-store" };

export type CreateGroupResponse = { id: string; url: string } | { error: string; issues?: { path: string; message: string }[] };

function fail(status: number, error: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return data<CreateGroupResponse>({ error, ...extra }, { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function loader() {
  return fail(405, "Method Not Allowed", {}, { Allow: "POST" });
}

/** The cookie value's alphabet (URL-encoded base64 plus the signature separator); anything else cannot be one. */
const BEARER_TOKEN = /^[A-Za-z0-9%._~+/=-]{1,4096}$/;

/**
 * The user a bearer token belongs to: the token is looked up exactly as the session cookie would be. Null for a
 * missing, malformed, unknown or expired token.
 */
async function userFromBearer(request: Request, token: string): Promise<User | null> {
  if (!BEARER_TOKEN.test(token)) return null;
  const asCookie = new Request(request.url, { headers: { Cookie: `rosca_session=${token}` } });
  const lookup = await lookupSession(asCookie);
  return lookup.status === "active" ? lookup.user : null;
}

async function authenticate(request: Request): Promise<User | null> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    // An Authorization header is never silently ignored in favour of a cookie: a bad token is a 401.
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match ? userFromBearer(request, match[1]!) : null;
  }
  return (await getOptionalUser(request))?.user ?? null;
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return fail(405, "Method Not Allowed", {}, { Allow: "POST" });
  try {
    const user = await authenticate(request);
    if (!user) return fail(401, "User not authenticated");
    if (!user.isPlaidSandboxAuthorized) return fail(403, NOT_AUTHORIZED_TO_CREATE);
    // 415, 413 and 400 (not UTF-8, not JSON, a key twice) as {error}, thrown by the shared reader.
    const payload = await readJson(request, { maxBytes: MAX_BODY_BYTES });

    const now = new Date();
    const parsed = createGroupPayloadSchema({ today: todayIn(DEFAULT_TIME_ZONE, now), ownEmail: user.email, now }).safeParse(payload);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
      return fail(422, issues[0]?.message ?? "Invalid request", { issues });
    }

    const result = await createGroup(user, parsed.data, { idempotencyKey: request.headers.get("idempotency-key"), now });
    if (!result.ok) {
      const retryAfter: Record<string, string> =
        "retryAt" in result ? { "Retry-After": String(Math.max(1, Math.ceil((result.retryAt.getTime() - now.getTime()) / 1000))) } : {};
      return fail(result.status, result.error, {}, retryAfter);
    }
    const body201 = { id: result.groupId, url: result.url };
    if (result.replayed) {
      return data<CreateGroupResponse>(body201, { status: 200, headers: { ...JSON_HEADERS, "Idempotent-Replayed": "true" } });
    }
    return data<CreateGroupResponse>(body201, { status: 201, headers: { ...JSON_HEADERS, Location: result.url } });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "POST /api/groups/create failed");
    return fail(500, "Failed to create group");
  }
}
