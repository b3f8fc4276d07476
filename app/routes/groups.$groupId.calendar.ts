import { requireUser } from "~/server/auth/guards.server";
import { appUrl } from "~/server/platform/env.server";
import { buildGroupCalendar, calendarFilename } from "~/server/groups/calendar.server";
import { calendarEntriesFor } from "~/server/groups/group-views.server";
import { groupUrl } from "~/server/groups/groups.server";
import { requestLocale } from "~/server/platform/locale.server";
import type { Route } from "./+types/groups.$groupId.calendar";

/**
 * /groups/{id}/calendar.ics: the member's contribution due days and payout day. Non-members, unknown and malformed ids
 * get the same 404; a forming group has no dates yet, so its file would be empty: 404 too (the page hides the link).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const found = await calendarEntriesFor(user.id, params.groupId);
  if (!found || found.entries.length === 0) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const body = buildGroupCalendar({
    group: { id: found.group.id, name: found.group.name },
    entries: found.entries,
    groupUrl: `${appUrl()}${groupUrl(found.group.id)}`,
    now: new Date(),
    // The events' words in the member's language (ADR 056).
    locale: requestLocale(request, user.locale),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${calendarFilename(found.group.name)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
