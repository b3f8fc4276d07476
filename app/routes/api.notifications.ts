import { data } from "react-router";
import { getOptionalUser } from "~/server/auth/guards.server";
import { notificationFeed } from "~/server/notifications/notifications.server";
import type { Route } from "./+types/api.notifications";

/** GET /api/notifications: the signed-in user's notifications, newest first, and the unread count. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getOptionalUser(request);
  const headers = { "Cache-Control": "no-store" };
  if (!session) return data({ error: "Session expired. Please log in again." }, { status: 401, headers });
  return data(await notificationFeed(session.user.id), { headers });
}
