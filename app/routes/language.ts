import { data, redirect } from "react-router";
import { safeRedirect } from "~/domain/auth-rules";
import { isLocale } from "~/domain/locale";
import { lookupSession } from "~/server/auth/session.server";
import { orBusyResponse } from "~/server/db/errors.server";
import { localeCookie } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import { setAccountLocale } from "~/server/profile/profile.server";
import type { Route } from "./+types/language";

/**
 * The language switch's form (components/language-switch.tsx; ADR 056). A POST like every change (CSRF: the host's
 * origin check and SameSite cookies); the choice goes into a cookie for this browser and, when signed in, onto the
 * account (the next emails are in it too). Back to the page it came from: a same-site path only (no open redirect).
 */
export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const locale = formData.get("locale");
  if (!isLocale(locale)) throw data("Choose English (en-US) or Spanish (es-US).", { status: 400 });
  const lookup = await orBusyResponse(() => lookupSession(request));
  if (lookup.status === "active") await orBusyResponse(() => setAccountLocale(lookup.user.id, locale));
  return redirect(safeRedirect(formData.get("redirectTo"), "/"), { status: 303, headers: { "Set-Cookie": localeCookie(locale) } });
}

export function loader() {
  return redirect("/");
}
