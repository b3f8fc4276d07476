import { data } from "react-router";
import { clearSessionCookie, extendSession, lookupSession } from "~/server/auth/session.server";
import { flashToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/api.session";

/** GET: the session's status without extending it (the idle-timer island asks before warning or logging out). */
export async function loader({ request }: Route.LoaderArgs) {
  const lookup = await lookupSession(request, { touch: false });
  if (lookup.status === "active") return data({ active: true, remainingMs: lookup.expiresAt.getTime() - Date.now() });
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (lookup.status === "expired") {
    headers.append("Set-Cookie", await clearSessionCookie());
    headers.append(
      "Set-Cookie",
      await flashToast(request, {
        type: "warning",
        title: "Session Expired",
        description: "You were logged out after 30 minutes of inactivity. Please log in again.",
      }),
    );
  }
  return data({ active: false, remainingMs: 0 }, { headers });
}

/** POST: "Stay Logged In" — mark the session active now. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  // The island posts no body; an unreadable one is refused before the session is touched.
  await readForm(request);
  const lookup = await lookupSession(request, { touch: false });
  if (lookup.status !== "active") return data({ active: false, remainingMs: 0 }, { status: 401 });
  const now = new Date();
  const expiresAt = await extendSession(lookup.sessionId, now);
  return data({ active: true, remainingMs: expiresAt.getTime() - now.getTime() });
}
