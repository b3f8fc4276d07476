/**
 * The language a page answers in (ADR 056), for loaders below the root that choose content by it (the Help Center's
 * articles): the signed-in member's choice, else the browser's (app/server/platform/locale.server.ts).
 */
import type { Locale } from "~/domain/locale";
import { orBusyResponse } from "../db/errors.server";
import { requestLocale } from "../platform/locale.server";
import { lookupSession } from "./session.server";

export async function pageLocale(request: Request): Promise<Locale> {
  // The root loader looked the session up for this request already: lookupSession answers from that.
  const lookup = await orBusyResponse(() => lookupSession(request));
  return requestLocale(request, lookup.status === "active" ? lookup.user.locale : null);
}
