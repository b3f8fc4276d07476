/**
 * In-app notifications (the bell). Created by real events (sandbox access granted/revoked, later invitations,
 * contributions, payouts); read by their owner only: every query is scoped by user id, so another user's
 * notification is indistinguishable from a missing one (404).
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { safeRedirect } from "~/domain/auth";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { db, type Db, preparedQuery } from "../db/client.server";
import { notifications } from "../db/schema";
import { isNoticeId, type NoticeMessage, noticeText, type NoticeValues } from "./notice-text";

export type NotificationView = {
  id: string;
  title: string;
  body: string | null;
  link: string | null;
  createdAt: string;
  /** The group-clock day of news dated by the group's clock (sandboxDayOf; shown instead of createdAt), or null. */
  occurredOn: string | null;
  read: boolean;
};

/** How many the bell's dropdown and the API return. */
export const NOTIFICATION_LIST_LIMIT = 20;
/** How many /notifications shows per page; older ones are a link away (`?before=`). */
export const NOTIFICATIONS_PAGE_SIZE = 25;
/** How many the bell in every signed-in page's header shows (read with the session: session.server.ts). */
export const BELL_LIMIT = 8;

export type NotificationFeed = { unreadCount: number; notifications: NotificationView[] };

/**
 * A notification row as a view, in the reader's language (ADR 062): a row stored as a message is written now, in
 * `locale`; an older row (no message) shows the English it was stored with. `createdAt` may come as a Date or as JSON text.
 */
export function notificationView(
  row: {
    id: string;
    title: string;
    body: string | null;
    link: string | null;
    createdAt: Date | string;
    readAt: Date | string | null;
    occurredOn?: string | null;
    message?: string | null;
    values?: NoticeValues | null;
  },
  locale: Locale = DEFAULT_LOCALE,
): NotificationView {
  const text = isNoticeId(row.message) ? noticeText({ message: row.message, values: row.values ?? {} }, locale) : row;
  return {
    id: row.id,
    title: text.title,
    body: text.body,
    link: row.link,
    createdAt: new Date(row.createdAt).toISOString(),
    occurredOn: row.occurredOn ?? null,
    read: row.readAt !== null,
  };
}

type Executor = Pick<Db, "insert">;

type NoticePlace = {
  link?: string | null;
  /** News dated by the group's clock (a moved sandbox clock, a replayed day): the day it happened on (sandboxDayOf). */
  occurredOn?: string | null;
};

/**
 * What a notification says: a message of the notice-texts catalogue and its values (ADR 062), written in the reader's
 * language when read; or, for what is not in the catalogue yet, English words.
 */
export type NoticeInput = NoticePlace & (NoticeMessage | { title: string; body?: string | null });

/**
 * Create a notification. Pass a transaction as `executor` to make it part of the event that caused it. A message is
 * stored as its id and values, with its English words beside them (title/body, as every row had before 0031).
 */
export async function notify(userId: string, input: NoticeInput, executor: Executor = db()) {
  // Links are internal paths only; anything else is dropped rather than stored.
  const link = input.link && safeRedirect(input.link, "") === input.link ? input.link : null;
  const asMessage = "message" in input ? { message: input.message, values: input.values ?? {} } : null;
  const text = asMessage ? noticeText(asMessage, DEFAULT_LOCALE) : (input as { title: string; body?: string | null });
  const [row] = await executor
    .insert(notifications)
    .values({
      userId,
      title: text.title.slice(0, 200),
      body: text.body?.slice(0, 1000) ?? null,
      link,
      occurredOn: input.occurredOn ?? null,
      message: asMessage?.message ?? null,
      values: asMessage?.values ?? null,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

const feedQuery = preparedQuery("notification_feed", (database, name) =>
  database
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      occurredOn: notifications.occurredOn,
      message: notifications.message,
      values: notifications.values,
      unread: sql<number>`(select count(*)::int from ${notifications} where ${and(eq(notifications.userId, sql.placeholder("userId")), isNull(notifications.readAt))})`,
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder("userId")))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder("limit"))
    .prepare(name),
);

/**
 * The user's notifications, newest first, with the unread count: one query (the count rides along on every row, so
 * a page's bell costs one round trip). No notifications at all means none unread.
 */
export async function notificationFeed(userId: string, limit = NOTIFICATION_LIST_LIMIT, locale: Locale = DEFAULT_LOCALE): Promise<NotificationFeed> {
  const rows = await feedQuery().execute({ userId, limit });
  return { unreadCount: rows[0]?.unread ?? 0, notifications: rows.map((row) => notificationView(row, locale)) } satisfies NotificationFeed;
}

const pageQuery = preparedQuery("notification_page", (database, name) =>
  database
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      occurredOn: notifications.occurredOn,
      message: notifications.message,
      values: notifications.values,
      unread: sql<number>`(select count(*)::int from ${notifications} where ${and(eq(notifications.userId, sql.placeholder("userId")), isNull(notifications.readAt))})`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, sql.placeholder("userId")),
        // Older than the notification the page starts after (keyset: the same order as the list). One that is not the
        // user's matches nothing, so it ends the list like a missing one.
        sql`(${sql.placeholder("before")}::uuid is null or (${notifications.createdAt}, ${notifications.id}) < (
          select b.created_at, b.id from ${notifications} b where b.id = ${sql.placeholder("before")}::uuid and b.user_id = ${sql.placeholder("userId")}))`,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1)
    .prepare(name),
);

export type NotificationPage = NotificationFeed & {
  /** The id to pass as `?before=` for the next, older page; null on the last page. */
  olderBefore: string | null;
};

/**
 * One page of /notifications, newest first: the first page, or the one after `before` (a notification id from the
 * previous page's link), with the unread count, in one query.
 */
export async function notificationPage(userId: string, before: string | null, locale: Locale = DEFAULT_LOCALE): Promise<NotificationPage> {
  const rows = await pageQuery().execute({ userId, before });
  const shown = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  // The count rides on each row; on a page past the end there is none, so it is read from the first page instead.
  const unreadCount = rows[0]?.unread ?? (before ? (await notificationFeed(userId, 1)).unreadCount : 0);
  return {
    unreadCount,
    notifications: shown.map((row) => notificationView(row, locale)),
    olderBefore: rows.length > NOTIFICATIONS_PAGE_SIZE ? shown[shown.length - 1]!.id : null,
  };
}

/** Mark one of the user's notifications read. Null when it is not theirs (or does not exist). */
export async function markNotificationRead(userId: string, notificationId: string, now = new Date()) {
  if (!/^[0-9a-f-]{36}$/i.test(notificationId)) return null;
  const [row] = await db()
    .select({ id: notifications.id, link: notifications.link, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .limit(1);
  if (!row) return null;
  if (!row.readAt) {
    await db()
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId), isNull(notifications.readAt)));
  }
  return { id: row.id, link: row.link };
}

export async function markAllNotificationsRead(userId: string, now = new Date()) {
  await db()
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
