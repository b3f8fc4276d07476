import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { formatEventTime } from "~/domain/format";
import { requireUser } from "~/server/auth/guards.server";
import { markAllNotificationsRead, notificationPage } from "~/server/notifications/notifications.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/notifications";

export function meta() {
  return [{ title: "Notifications — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const before = new URL(request.url).searchParams.get("before");
  if (before !== null && !UUID.test(before)) throw new Response("This page of notifications does not exist.", { status: 400 });
  return { ...(await notificationPage(user.id, before)), isFirstPage: before === null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  if (formData.get("intent") !== "mark-all-read") throw new Response("Unknown action", { status: 400 });
  await markAllNotificationsRead(user.id);
  return redirectWithToast(request, "/notifications", { type: "success", title: "All notifications marked as read" });
}

/** The full list: the bell's destination without JavaScript, and "View all notifications". */
export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, unreadCount, olderBefore, isFirstPage } = loaderData;
  return (
    <PageContainer>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Notifications</h1>
          <p className="mt-1 text-slate-600">{unreadCount === 0 ? "You're all caught up." : `${unreadCount} unread`}</p>
        </div>
        {unreadCount > 0 ? (
          <Form method="post">
            <button type="submit" name="intent" value="mark-all-read" className={buttonClass("secondary")}>
              Mark all as read
            </button>
          </Form>
        ) : null}
      </div>
      <Card className="mt-6" flush>
        {notifications.length === 0 ? (
          <p className="p-6 text-slate-600">
            {isFirstPage
              ? "No notifications yet. We'll let you know here about sandbox access, invitations, contributions and payouts."
              : "No older notifications."}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {notifications.map((item) => (
              <li key={item.id} className="flex items-start justify-between gap-4 px-6 py-4">
                <div>
                  <p className={item.read ? "text-slate-700" : "font-semibold text-slate-900"}>
                    {item.title}
                    {item.read ? null : <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">Unread</span>}
                  </p>
                  {item.body ? <p className="mt-1 text-sm text-slate-700">{item.body}</p> : null}
                  <time dateTime={item.occurredOn ?? item.createdAt} className="mt-1 block text-xs text-slate-600">
                    {formatEventTime(item.createdAt, item.occurredOn)}
                  </time>
                </div>
                {item.read && item.link ? (
                  <Link to={item.link} className="shrink-0 text-sm font-medium text-brand-700 underline">
                    Open
                  </Link>
                ) : !item.read ? (
                  <form method="post" action={`/api/notifications/${item.id}/read`}>
                    <button type="submit" className="shrink-0 text-sm font-medium text-brand-700 underline">
                      {item.link ? "Open" : "Mark as read"}
                    </button>
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {olderBefore || !isFirstPage ? (
        <nav aria-label="Notification pages" className="mt-4 flex justify-between gap-4 text-sm font-medium">
          {isFirstPage ? (
            <span />
          ) : (
            <Link to="/notifications" className="text-brand-700 underline">
              Newest notifications
            </Link>
          )}
          {olderBefore ? (
            <Link to={`/notifications?${new URLSearchParams({ before: olderBefore })}`} className="text-brand-700 underline">
              Older notifications
            </Link>
          ) : null}
        </nav>
      ) : null}
    </PageContainer>
  );
}
