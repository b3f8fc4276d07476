/**
 * Flash messages: one-shot toasts carried across a redirect in a signed cookie, so every outcome is visible on the
 * next page even without JavaScript. The root loader reads and clears them.
 */
import { createCookieSessionStorage, redirect } from "react-router";
import { env, servedOverHttps } from "../platform/env.server";
import { type Toast, type ToastInput, MAX_TOASTS } from "~/domain/toast";

function storage() {
  return createCookieSessionStorage<{ toasts: Toast[] }>({
    cookie: {
      name: "rosca_flash",
      httpOnly: true,
      sameSite: "lax",
      secure: servedOverHttps(),
      path: "/",
      secrets: [...env().SESSION_SECRETS],
    },
  });
}

/** Queue a toast for the next page; returns the Set-Cookie header to send. */
export async function flashToast(request: Request, input: ToastInput) {
  const session = await storage().getSession(request.headers.get("cookie"));
  const existing = (session.get("toasts") ?? []) as Toast[];
  const toast: Toast = { id: crypto.randomUUID(), type: input.type ?? "info", title: input.title, description: input.description };
  session.set("toasts", [...existing, toast].slice(-MAX_TOASTS));
  return storage().commitSession(session);
}

/** Read queued toasts and clear them. */
export async function takeToasts(request: Request) {
  const session = await storage().getSession(request.headers.get("cookie"));
  const toasts = ((session.get("toasts") ?? []) as Toast[]).slice(-MAX_TOASTS);
  const setCookie = toasts.length > 0 ? await storage().destroySession(session) : null;
  return { toasts, setCookie };
}

/** Redirect and show a toast on arrival. Extra headers (e.g. a session cookie) are merged in. */
export async function redirectWithToast(request: Request, url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToast(request, toast));
  return redirect(url, { ...init, headers });
}
