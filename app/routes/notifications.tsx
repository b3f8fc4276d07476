import { Form, Link, type MetaArgs } from "react-router";
import { metaTranslator, useLocale, useT } from "~/components/i18n";
import { eventTime } from "~/components/notifications-bell";
import { buttonClass } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import { markAllNotificationsRead, notificationPage } from "~/server/notifications/notifications.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/notifications";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("notices.pageTitle") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const before = new URL(request.url).searchParams.get("before");
  if (before !== null && !UUID.test(before)) throw new Response("This page of notifications does not exist.", { status: 400 });
  return { ...(await notificationPage(user.id, before, requestLocale(request, user.locale))), isFirstPage: before === null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  if (formData.get("intent") !== "mark-all-read") throw new Response("Unknown action", { status: 400 });
  await markAllNotificationsRead(user.id);
  const t = translator(requestLocale(request, user.locale));
  return redirectWithToast(request, "/notifications", { type: "success", title: t("notices.allRead") });
}

/** The full list: the bell's destination without JavaScript, and "View all notifications". */
export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, unreadCount, olderBefore, isFirstPage } = loaderData;
  const t = useT();
  const locale = useLocale();
  return (
    <PageContainer>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t("notices.title")}</h1>
          <p className="mt-1 text-slate-600">{unreadCount === 0 ? t("notices.caughtUp") : t("notices.unreadCount", { count: unreadCount })}</p>
        </div>
        {unreadCount > 0 ? (
          <Form method="post">
            <button type="submit" name="intent" value="mark-all-read" className={buttonClass("secondary")}>
              {t("notices.markAll")}
            </button>
          </Form>
        ) : null}
      </div>
      <Card className="mt-6" flush>
        {notifications.length === 0 ? (
          <p className="p-6 text-slate-600">{isFirstPage ? t("notices.emptyFirst") : t("notices.emptyOlder")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {notifications.map((item) => (
              <li key={item.id} className="flex items-start justify-between gap-4 px-6 py-4">
                {/* min-w-0: long words wrap here instead of squeezing the button beside them to a letter a line (320 px). */}
                <div className="min-w-0 break-words">
                  <p className={item.read ? "text-slate-700" : "font-semibold text-slate-900"}>
                    {item.title}
                    {item.read ? null : (
                      <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">{t("notices.unread")}</span>
                    )}
                  </p>
                  {item.body ? <p className="mt-1 text-sm text-slate-700">{item.body}</p> : null}
                  <time dateTime={item.occurredOn ?? item.createdAt} className="mt-1 block text-xs text-slate-600">
                    {eventTime(item, t, locale)}
                  </time>
                </div>
                {item.read && item.link ? (
                  <Link to={item.link} className="shrink-0 text-sm font-medium text-brand-700 underline">
                    {t("notices.open")}
                  </Link>
                ) : !item.read ? (
                  <form method="post" action={`/api/notifications/${item.id}/read`} className="shrink-0">
                    <button type="submit" className="shrink-0 text-sm font-medium text-brand-700 underline">
                      {item.link ? t("notices.open") : t("notices.markRead")}
                    </button>
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {olderBefore || !isFirstPage ? (
        <nav aria-label={t("notices.pages")} className="mt-4 flex justify-between gap-4 text-sm font-medium">
          {isFirstPage ? (
            <span />
          ) : (
            <Link to="/notifications" className="text-brand-700 underline">
              {t("notices.newest")}
            </Link>
          )}
          {olderBefore ? (
            <Link to={`/notifications?${new URLSearchParams({ before: olderBefore })}`} className="text-brand-700 underline">
              {t("notices.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </PageContainer>
  );
}
