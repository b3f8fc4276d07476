import { data, type MetaArgs, redirect, useNavigation } from "react-router";
import { metaTranslator, useT } from "~/components/i18n";
import { DEFAULT_LOCALE } from "~/domain/locale";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { InvitationCard } from "~/components/groups/invitation-card";
import { TERMS_REQUIRED } from "~/components/groups/join-invitation";
import { ButtonLink } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { joinedDescription } from "~/domain/invitations";
import { requireUser } from "~/server/auth/guards.server";
import { declineInvitation, groupUrl, joinGroup } from "~/server/groups/groups.server";
import { invitationInboxFor } from "~/server/groups/invitations.server";
import { readForm } from "~/server/platform/request-body.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import type { Route } from "./+types/invitations";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("invitations.title") }];
}

const PAGE = "/invitations";
const CODE = /^[A-Za-z0-9_-]{16,64}$/;

function joinPath(code: string) {
  return `/groups/join/${encodeURIComponent(code)}`;
}

/** The signed-in user's invitations (addressed to their email): open ones to accept or decline, and recent closed ones. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const locale = requestLocale(request, user.locale);
  return { invitations: await invitationInboxFor(user, new Date(), locale), error: null as { code: string; message: string } | null };
}

/**
 * Accept (terms ticked) or Decline, as plain posts. Accepting runs the same join as the join page; whatever it cannot
 * finish here (no sandbox access, no bank yet, the invitation changed) continues on the join page, which explains.
 */
export async function action({ request }: Route.ActionArgs) {
  // An unreadable body is a 4xx before anything else, signed in or not (request-body.server.ts).
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  // The toasts' titles are SERVER_TEXTS (translated on the page); their descriptions name things, so are written here.
  const locale = requestLocale(request, user.locale);
  const t = locale === DEFAULT_LOCALE ? null : translator(locale);
  const intent = formData.get("intent");
  const code = formData.get("code");
  if (typeof code !== "string" || !CODE.test(code) || (intent !== "accept" && intent !== "decline")) {
    throw data("Bad Request", { status: 400 });
  }

  if (intent === "decline") {
    const declined = await declineInvitation(user, code);
    if (!declined) return redirect(joinPath(code));
    return redirectWithToast(request, PAGE, {
      type: "info",
      title: "Invitation declined",
      description: t ? t("invitations.declinedDescription", { name: declined.groupName }) : `You declined the invitation to ${declined.groupName}.`,
    });
  }

  if (formData.get("terms") !== "on") {
    return data({ invitations: await invitationInboxFor(user, new Date(), locale), error: { code, message: TERMS_REQUIRED } }, { status: 400 });
  }
  // Not allowed to join yet, or no bank: the join page says why, and its bank step carries the acceptance along.
  if (!user.isPlaidSandboxAuthorized) return redirect(joinPath(code));
  if (!user.hasBankAccount) return redirect(`${joinPath(code)}?step=bank&terms=on`);
  const result = await joinGroup(user, code);
  if (!result.ok) return redirect(joinPath(code));
  if (result.alreadyMember) return redirect(groupUrl(result.groupId));
  return redirectWithToast(request, groupUrl(result.groupId), {
    type: "success",
    title: "Successfully Joined",
    // A group still forming has only a projected first due day (the join page's "the date if that happens today").
    description: t
      ? t(result.forming ? "invitations.joinedDescriptionProjected" : "invitations.joinedDescription", {
          amount: formatMoney(result.contributionCents, locale),
          date: formatCalendarDay(result.firstDueOn, "long", locale),
        })
      : joinedDescription(result.contributionCents, result.firstDueOn, result.forming),
  });
}

export default function Invitations({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const view = actionData ?? loaderData;
  const open = view.invitations.filter((invitation) => invitation.state === "open");
  const closed = view.invitations.filter((invitation) => invitation.state !== "open");
  const t = useT();
  return (
    <PageContainer>
      <h1 className="text-3xl font-bold text-slate-900">{t("invitations.heading")}</h1>
      <p className="mt-1 text-slate-600">{t("invitations.lead")}</p>
      <section aria-labelledby="open-invitations-title" className="mt-6">
        <h2 id="open-invitations-title" className="text-lg font-semibold text-slate-900">
          {t("invitations.pending")}
        </h2>
        {open.length === 0 ? (
          <Card className="mt-3">
            <p className="text-slate-600">{t("invitations.none")}</p>
            <ButtonLink to="/dashboard" variant="secondary" className="mt-4">
              {t("invitations.toDashboard")}
            </ButtonLink>
          </Card>
        ) : (
          <ul className="mt-3 space-y-4">
            {open.map((invitation) => (
              <li key={invitation.code}>
                <InvitationCard invitation={invitation} error={view.error?.code === invitation.code ? view.error.message : null} busy={busy} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {closed.length > 0 ? (
        <section aria-labelledby="closed-invitations-title" className="mt-8">
          <h2 id="closed-invitations-title" className="text-lg font-semibold text-slate-900">
            {t("invitations.closed")}
          </h2>
          <ul className="mt-3 space-y-4">
            {closed.map((invitation) => (
              <li key={invitation.code}>
                <InvitationCard invitation={invitation} busy={busy} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PageContainer>
  );
}
