import { data } from "react-router";
import { getOptionalUser } from "~/server/auth/guards.server";
import { NOTIFICATION_LIST_LIMIT, notificationFeed } from "~/server/notifications/notifications.server";
import { requestLocale } from "~/server/platform/locale.server";
import type { Route } from "./+types/api.notifications";

/** GET /api/notifications: the signed-in user's notifications, newest first, and the unread count. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getOptionalUser(request);
  const headers = { "Cache-Control": "no-store" };
  if (!session) return data({ error: "Session expired. Please log in again." }, { status: 401, headers });
  // In the reader's language (ADR 062), as the page that asked shows it.
  return data(await notificationFeed(session.user.id, NOTIFICATION_LIST_LIMIT, requestLocale(request, session.user.locale)), { headers });
}
