/**
 * Server-side sessions (ADR 002). The cookie holds only a random token; the row is keyed by its SHA-256.
 * Idle timeout: 30 minutes since the last request (SPEC.md section 9), enforced here on every request.
 * Remember-me only changes the cookie's lifetime (it survives a browser restart); the idle timeout still applies.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { db, preparedQuery } from "../db/client.server";
import { sessions, users, type User } from "../db/schema";
import { env, servedOverHttps } from "../platform/env.server";
import { requestLocale } from "../platform/locale.server";
import { cookieFromHeader, unsignCookieValue } from "./cookie-signature.server";
import { randomToken, sha256 } from "./tokens.server";
import { BELL_LIMIT, type NotificationFeed, notificationView } from "../notifications/notifications.server";
import type { UndeliverableReason } from "~/domain/email-delivery";

export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** Absolute cap on a session, however active. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Don't write last_active_at more often than this: one write a minute per active user, not one per request. */
const TOUCH_AFTER_MS = 60 * 1000;

const SESSION_COOKIE = "rosca_session";

function sessionCookie(remember: boolean) {
  return createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(),
    path: "/",
    secrets: [...env().SESSION_SECRETS],
    // Without maxAge the cookie ends with the browser; with it, it survives a restart.
    ...(remember ? { maxAge: SESSION_MAX_AGE_MS / 1000 } : {}),
  });
}

export type SessionLookup =
  | { status: "none" }
  | { status: "invalid" }
  | { status: "expired" }
  | { status: "active"; sessionId: string; user: User; expiresAt: Date; bell: NotificationFeed; emailProblem: EmailProblem | null };

/** The user's address is marked undeliverable (app/server/email/undeliverable.server.ts): the banner's facts. */
export type EmailProblem = { address: string; reason: UndeliverableReason; markedAt: Date };

function clientInfo(request: Request, ipAddress: string | undefined) {
  return {
    userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    ipAddress: ipAddress?.slice(0, 64) ?? null,
  };
}

/** Start a session for a user; returns the Set-Cookie header. A fresh id at every login (no fixation). */
export async function createSession(userId: string, request: Request, options: { remember: boolean; ipAddress?: string; now?: Date }) {
  const now = options.now ?? new Date();
  const token = randomToken();
  await db()
    .insert(sessions)
    .values({
      id: sha256(token),
      userId,
      remember: options.remember,
      ...clientInfo(request, options.ipAddress),
      createdAt: now,
      lastActiveAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
    });
  return sessionCookie(options.remember).serialize(token);
}

/** Read the session cookie (without touching the database). */
function readToken(request: Request): string | null | false {
  const raw = cookieFromHeader(request.headers.get("cookie"), SESSION_COOKIE);
  if (raw === null) return null;
  // Verified with node:crypto rather than createCookie's parse (the same format; cookie-signature.server.ts says why).
  const value = unsignCookieValue(raw, env().SESSION_SECRETS);
  // A tampered signature or a non-string value: a broken cookie.
  return typeof value === "string" && value.length > 0 ? value : false;
}

// The root loader and the page's loader both ask about the session of one request; answer once per Request.
const lookupsByRequest = new WeakMap<Request, Promise<SessionLookup>>();

type BellJson = {
  unread: number;
  items: Array<{
    id: string;
    title: string;
    body: string | null;
    link: string | null;
    createdAt: string;
    readAt: string | null;
    occurredOn: string | null;
    message: string | null;
    values: Record<string, string | number> | null;
  }>;
};

/**
 * Every signed-in request's first read: the session and its user, one indexed join — with the bell every page's header
 * shows (the newest notifications and the unread count) in the same statement, so a page spends no round trip on it
 * (issue 15; ADR 023). And, by its primary key, whether the user's address is marked undeliverable (issue 31): the
 * dashboard's and the profile's banner.
 */
const sessionWithUser = preparedQuery("session_with_user", (database, name) =>
  database
    .select({
      session: sessions,
      user: users,
      bell: sql<BellJson>`json_build_object(
        'unread', (select count(*)::int from notifications u where u.user_id = ${users.id} and u.read_at is null),
        'items', (select coalesce(json_agg(n order by n."createdAt" desc, n.id desc), '[]'::json) from (
          select b.id, b.title, b.body, b.link, b.created_at as "createdAt", b.read_at as "readAt", b.occurred_on as "occurredOn",
            b.message, b.values
          from notifications b where b.user_id = ${users.id}
          order by b.created_at desc, b.id desc limit ${BELL_LIMIT}) n))`,
      undeliverable: sql<{ reason: UndeliverableReason; markedAt: string } | null>`(
        select json_build_object('reason', x.reason, 'markedAt', x.marked_at) from undeliverable_addresses x
        where x.address = lower(${users.email}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare(name),
);

/**
 * Resolve the request's session. Expired sessions are deleted. An active one is touched (sliding idle timeout)
 * unless `touch` is false (used by the session-status probe, which must not extend the session).
 */
export function lookupSession(request: Request, options: { now?: Date; touch?: boolean } = {}): Promise<SessionLookup> {
  // Only the everyday form (real clock, touching) is shared; tests with an injected clock always query.
  if (options.now || options.touch === false) return resolveSession(request, options);
  let lookup = lookupsByRequest.get(request);
  if (!lookup) {
    lookup = resolveSession(request, {});
    lookupsByRequest.set(request, lookup);
  }
  return lookup;
}

async function resolveSession(request: Request, { now = new Date(), touch = true }: { now?: Date; touch?: boolean }): Promise<SessionLookup> {
  const token = readToken(request);
  if (token === null) return { status: "none" };
  if (token === false) return { status: "invalid" };
  const id = sha256(token);
  const [row] = await sessionWithUser().execute({ id });
  if (!row) return { status: "invalid" };
  const idleFor = now.getTime() - row.session.lastActiveAt.getTime();
  if (idleFor >= SESSION_IDLE_MS || now >= row.session.expiresAt) {
    await db().delete(sessions).where(eq(sessions.id, id));
    return { status: "expired" };
  }
  let lastActiveAt = row.session.lastActiveAt;
  if (touch && idleFor >= TOUCH_AFTER_MS) {
    lastActiveAt = now;
    await db().update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, id));
  }
  const locale = requestLocale(request, row.user.locale);
  return {
    status: "active",
    sessionId: id,
    user: row.user,
    // The bell in the reader's language (ADR 062): the account's choice, else the request's (the root loader's rule).
    bell: { unreadCount: row.bell.unread, notifications: row.bell.items.map((item) => notificationView(item, locale)) },
    emailProblem: row.undeliverable
      ? { address: row.user.email.toLowerCase(), reason: row.undeliverable.reason, markedAt: new Date(row.undeliverable.markedAt) }
      : null,
    expiresAt: new Date(lastActiveAt.getTime() + SESSION_IDLE_MS),
  };
}

/** Mark the session active now ("Stay Logged In"). */
export async function extendSession(sessionId: string, now = new Date()) {
  await db().update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, sessionId));
  return new Date(now.getTime() + SESSION_IDLE_MS);
}

/** Delete the request's session (if any) and return a Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request) {
  const token = readToken(request);
  if (token)
    await db()
      .delete(sessions)
      .where(eq(sessions.id, sha256(token)));
  return clearSessionCookie();
}

export async function clearSessionCookie() {
  return sessionCookie(false).serialize("", { maxAge: 0, expires: new Date(0) });
}

export async function destroyAllSessions(userId: string) {
  await db().delete(sessions).where(eq(sessions.userId, userId));
}

export async function destroyOtherSessions(userId: string, keepSessionId: string) {
  await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
