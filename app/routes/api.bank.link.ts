import { data } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/server/auth/guards.server";
import { createLinkToken } from "~/server/bank/bank.server";
import { sandboxLinkCall } from "~/server/bank/link-session.server";
import { readJson } from "~/server/platform/request-body.server";
import type { Route } from "./+types/api.bank.link";

/**
 * The longest password the login step passes on. The sandbox's user_custom takes Plaid's custom-user JSON as its
 * password (sandbox/plaid/wire.ts: up to 10 accounts, each with its balances and names), some hundreds of characters
 * for a few named accounts; 200 refused a two-account configuration with names (QA, 2026-11-30).
 */
export const LINK_PASSWORD_MAX = 4096;

const stepSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("institutions"), reconnectItemId: z.string().uuid().optional() }),
  z.object({
    step: z.literal("login"),
    linkSessionId: z.string().min(1).max(200),
    institutionId: z.string().min(1).max(64),
    username: z.string().min(1).max(200),
    password: z.string().min(1).max(LINK_PASSWORD_MAX),
  }),
  z.object({ step: z.literal("select"), linkSessionId: z.string().min(1).max(200), accountIds: z.array(z.string().min(1).max(200)).min(1).max(20) }),
  z.object({ step: z.literal("exit"), linkSessionId: z.string().min(1).max(200) }),
]);

/**
 * POST /api/bank/link — the sandbox Link modal's steps, proxied to the sandbox bank (ADR 005). JSON in and out,
 * for signed-in, sandbox-authorised users only; cross-site posts are refused by host/app.ts.
 */
export async function action({ request }: Route.ActionArgs) {
  const posted = await readJson(request);
  const session = await getOptionalUser(request);
  if (!session) return data({ error: "Session expired. Please log in again." }, { status: 401 });
  const { user } = session;
  if (!user.isPlaidSandboxAuthorized) {
    return data({ error: "Bank linking is available to sandbox-authorised members only." }, { status: 403 });
  }
  const parsed = stepSchema.safeParse(posted);
  if (!parsed.success) return data({ error: "Invalid request" }, { status: 400 });
  const input = parsed.data;

  if (input.step === "institutions") {
    // Link's update mode for one of the member's items (its login must be renewed), or a new link.
    const token = await createLinkToken(user, input.reconnectItemId ? { reconnect: { itemId: input.reconnectItemId } } : {});
    if (!token.ok && token.code === "not_found") return data({ error: "Bank account not found" }, { status: 404 });
    if (!token.ok) return data({ error: "Unable to load the bank-linking provider. Please try again." }, { status: 502 });
    const result = await sandboxLinkCall("institutions", { link_token: token.linkToken });
    // The modal posts the Link token back with the public token: the exchange must name it (ADR 049).
    return result.ok
      ? data({ ...result.body, link_token: token.linkToken })
      : data({ error: result.message, code: result.code }, { status: result.status });
  }
  const body =
    input.step === "login"
      ? { link_session_id: input.linkSessionId, institution_id: input.institutionId, username: input.username, password: input.password }
      : input.step === "select"
        ? { link_session_id: input.linkSessionId, account_ids: input.accountIds }
        : { link_session_id: input.linkSessionId };
  const result = await sandboxLinkCall(input.step, body);
  return result.ok ? data(result.body) : data({ error: result.message, code: result.code }, { status: result.status });
}

export function loader() {
  return data({ error: "Use POST" }, { status: 405 });
}
