import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { formatCalendarDay, formatTimestamp } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import { type Translate, useLocale, useT } from "./i18n";
import { escapeText, rememberedForReader } from "./ui/markup";

export type NotificationItem = {
  id: string;
  title: string;
  body: string | null;
  link: string | null;
  createdAt: string;
  /** The group-clock day of news about a sandbox group whose clock was moved, or of a day replayed (ADR 040). */
  occurredOn?: string | null;
  read: boolean;
};
export type NotificationFeed = { unreadCount: number; notifications: NotificationItem[] };

/**
 * The bell: unread count and a dropdown of the newest notifications (title and time). Without JavaScript the
 * dropdown is a <details> and each item is a POST form that marks it read and follows its link. With JavaScript
 * the list is refreshed when opened, and a click marks the item read with fetch before navigating.
 */
export function NotificationsBell({ feed: serverFeed }: { feed: NotificationFeed }) {
  const [feed, setFeed] = useState(serverFeed);
  const [loadError, setLoadError] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  useEffect(() => setFeed(serverFeed), [serverFeed]);

  async function refresh() {
    try {
      const response = await fetch("/api/notifications", { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(String(response.status));
      setFeed((await response.json()) as NotificationFeed);
      setLoadError(false);
    } catch {
      setLoadError(true);
    }
  }

  async function open(event: React.FormEvent, item: NotificationItem) {
    event.preventDefault();
    detailsRef.current?.removeAttribute("open");
    const response = await fetch(`/api/notifications/${item.id}/read`, { method: "POST", headers: { Accept: "application/json" } }).catch(() => null);
    if (!response?.ok) {
      setLoadError(true);
      return;
    }
    void navigate(item.link ?? "/notifications");
    void revalidator.revalidate();
  }

  const t = useT();
  const locale = useLocale();
  const label = t("notices.bellLabel", { count: feed.unreadCount });
  return (
    <details ref={detailsRef} className="relative" onToggle={(event) => (event.currentTarget.open ? void refresh() : undefined)}>
      <summary className="relative flex items-center rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100" aria-label={label}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {feed.unreadCount > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-0.5 right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-bold text-white"
          >
            {feed.unreadCount > 99 ? "99+" : feed.unreadCount}
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-80 rounded-lg border border-slate-200 bg-white shadow-lg">
        <p className="border-b border-slate-100 px-4 py-2 text-sm font-semibold text-slate-900">{t("notices.title")}</p>
        {loadError ? (
          <p role="alert" className="px-4 py-3 text-sm text-red-700">
            {t("notices.loadFailed")}
          </p>
        ) : null}
        {feed.notifications.length === 0 ? (
          <p className="px-4 py-4 text-sm text-slate-600">{t("notices.empty")}</p>
        ) : (
          <ul
            className="max-h-96 divide-y divide-slate-100 overflow-y-auto"
            onSubmit={(event) => {
              // One handler for every item's form (their markup is a string): the item is the one the form marks read.
              const action = (event.target as HTMLFormElement).getAttribute("action");
              const item = feed.notifications.find((each) => readAction(each) === action);
              if (item) void open(event, item);
            }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (bellItemsMarkup): titles and times escaped as React escapes them.
            dangerouslySetInnerHTML={{ __html: bellItems(feed.notifications, t, locale) }}
          />
        )}
        <Link
          to="/notifications"
          className="block border-t border-slate-100 px-4 py-2 text-center text-sm font-medium text-brand-700 hover:bg-slate-50"
        >
          {t("notices.viewAll")}
        </Link>
      </div>
    </details>
  );
}

/**
 * When a notification happened, in the reader's language: the time, or the group-clock day of news about a sandbox group
 * whose clock was moved or of a day replayed (format.ts `formatEventTime`'s rule: "Jan 14, 2026 (sandbox time)").
 */
export function eventTime(item: { createdAt: string; occurredOn?: string | null }, t: Translate, locale: Locale): string {
  return item.occurredOn
    ? t("notices.sandboxDay", { day: formatCalendarDay(item.occurredOn, "medium", locale) })
    : formatTimestamp(item.createdAt, locale);
}

const readAction = (item: NotificationItem) => `/api/notifications/${item.id}/read`;

/**
 * The bell's items as one string (ADR 059 part eight (s)): byte for byte what React wrote for them (a `<li>` with the
 * POST form, its button, the unread dot, the title, the unread marker and the time: 8 elements an item, 64 of the
 * header's 107 on every signed-in page), with one submit handler on the list. Remembered by what it is built from (the
 * items' ids, titles, times and read state, and the language), so a member's next page with the same notifications
 * formats no time again.
 */
export function bellItems(items: NotificationItem[], t: Translate, locale: Locale): string {
  const key = JSON.stringify(["bell", locale, items.map((item) => [item.id, item.title, item.createdAt, item.occurredOn ?? null, item.read])]);
  return rememberedForReader(key, t, (t) => bellItemsMarkup(items, t, locale));
}

export function bellItemsMarkup(items: NotificationItem[], t: Translate, locale: Locale): string {
  let html = "";
  for (const item of items) {
    html +=
      `<li><form action="${escapeText(readAction(item))}" method="post">` +
      `<button type="submit" class="flex w-full gap-2 px-4 py-3 text-left hover:bg-slate-50">` +
      `<span aria-hidden="true" class="mt-1.5 h-2 w-2 shrink-0 rounded-full ${item.read ? "bg-transparent" : "bg-brand-600"}"></span>` +
      `<span><span class="block text-sm ${item.read ? "text-slate-700" : "font-semibold text-slate-900"}">${escapeText(item.title)}` +
      (item.read ? "" : `<span class="sr-only">${escapeText(t("notices.unreadMarker"))}</span>`) +
      `</span><time dateTime="${escapeText(item.occurredOn ?? item.createdAt)}" class="block text-xs text-slate-600">` +
      `${escapeText(eventTime(item, t, locale))}</time></span></button></form></li>`;
  }
  return html;
}
