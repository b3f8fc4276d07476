import { data, redirect } from "react-router";
import { getOptionalUser } from "~/server/auth/guards.server";
import { markNotificationRead } from "~/server/notifications/notifications.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/api.notifications.$id.read";

function wantsJson(request: Request) {
  return (request.headers.get("accept") ?? "").includes("application/json");
}

/**
 * POST /api/notifications/{id}/read. With JavaScript (Accept: application/json) it answers JSON; a plain form
 * post (the bell without JavaScript) is sent on to the notification's link. Another user's notification is a
 * 404, exactly like a missing one. Cross-site posts never get here (host/app.ts checks the origin).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const json = wantsJson(request);
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  // fetch() posts no body, the no-JavaScript bell an empty form; anything unreadable is refused first.
  await readForm(request);
  const session = await getOptionalUser(request);
  if (!session) {
    return json ? data({ error: "Session expired. Please log in again." }, { status: 401 }) : redirect("/login");
  }
  const marked = await markNotificationRead(session.user.id, params.id);
  if (!marked) {
    if (json) return data({ error: "Notification not found" }, { status: 404 });
    throw new Response("Notification not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  if (json) return data({ ok: true, id: marked.id, link: marked.link });
  return redirect(marked.link ?? "/notifications");
}

export function loader() {
  return data({ error: "Use POST to mark a notification read" }, { status: 405 });
}
