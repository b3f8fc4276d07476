/**
 * Route guards (epic-stack style): each returns what the route needs or throws a redirect. Every loader and action
 * that needs a user calls one of these; the UI hiding a link is never the only protection.
 */
import { redirect } from "react-router";
import type { User } from "../db/schema";
import { redirectWithToast } from "../notifications/toast.server";
import { orBusyResponse } from "../db/errors.server";
import { pageLocation } from "../platform/page-location.server";
import { clearSessionCookie, lookupSession, type EmailProblem } from "./session.server";

/** `emailProblem`: the user's address is marked undeliverable (the "We can't reach …" banner), else null. */
export type SessionUser = { user: User; sessionId: string; expiresAt: Date; emailProblem: EmailProblem | null };

function loginUrl(request: Request) {
  const target = pageLocation(request);
  return target === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: target })}`;
}

/** The signed-in user, or null. Never redirects. */
export async function getOptionalUser(request: Request, now?: Date): Promise<SessionUser | null> {
  const lookup = await orBusyResponse(() => lookupSession(request, { now }));
  return lookup.status === "active"
    ? { user: lookup.user, sessionId: lookup.sessionId, expiresAt: lookup.expiresAt, emailProblem: lookup.emailProblem }
    : null;
}

/**
 * The signed-in user, or a redirect to /login: plain for no session, with 'Authentication Error' for a broken or
 * unknown cookie, with a session-expired notice after the idle timeout. The stale cookie is cleared either way.
 */
export async function requireUser(request: Request, now?: Date): Promise<SessionUser> {
  const lookup = await orBusyResponse(() => lookupSession(request, { now }));
  if (lookup.status === "active") {
    return { user: lookup.user, sessionId: lookup.sessionId, expiresAt: lookup.expiresAt, emailProblem: lookup.emailProblem };
  }
  if (lookup.status === "none") throw redirect(loginUrl(request));
  const headers = { "Set-Cookie": await clearSessionCookie() };
  if (lookup.status === "expired") {
    throw await redirectWithToast(
      request,
      loginUrl(request),
      { type: "warning", title: "Session Expired", description: "You were logged out after 30 minutes of inactivity. Please log in again." },
      { headers },
    );
  }
  throw await redirectWithToast(
    request,
    "/login",
    { type: "error", title: "Authentication Error", description: "Your session could not be verified. Please log in again." },
    { headers },
  );
}

/** For login/register pages: a signed-in user goes to the dashboard instead. */
export async function requireAnonymous(request: Request) {
  const lookup = await orBusyResponse(() => lookupSession(request, { touch: false }));
  if (lookup.status === "active") throw redirect("/dashboard");
}

/** Admins only (SPEC.md section 2): anonymous → /login; signed-in non-admins → /dashboard with 'Access Denied'. */
export async function requireAdmin(request: Request, now?: Date): Promise<SessionUser> {
  const current = await requireUser(request, now);
  if (!current.user.isAdmin) {
    throw await redirectWithToast(request, "/dashboard", {
      type: "error",
      title: "Access Denied",
      description: "Administrator privileges required to access this page.",
    });
  }
  return current;
}
