/**
 * The group admin's list of the invitations the group sent by email, each with what became of it; a pending one can
 * be revoked (a plain POST, works without JavaScript) while the group is forming.
 */
import { Form } from "react-router";
import { useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { formatDate } from "~/domain/format";
import type { InvitationState } from "~/domain/invitations";

export type SentInvitationView = { id: string; email: string; state: InvitationState | "left" | "removed"; expiresAt: string };

export function SentInvitations({ invitations, canRevoke }: { invitations: SentInvitationView[]; canRevoke: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="sent-invitations-title">
      <h2 id="sent-invitations-title" className="text-lg font-semibold text-slate-900">
        {t("groupPage.sent.title")}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="sent-invitation">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{invitation.email}</p>
              <p className="text-slate-600">
                {t(`groupPage.sent.${invitation.state}`)}
                {invitation.state === "open"
                  ? ` · ${t("groupPage.sent.expires", { date: formatDate(invitation.expiresAt, { style: "medium", timeZone: "America/New_York", locale }) })}`
                  : ""}
              </p>
            </div>
            {canRevoke && invitation.state === "open" ? (
              <Form method="post">
                <input type="hidden" name="invitationId" value={invitation.id} />
                <button type="submit" name="intent" value="revoke-invitation" className={buttonClass("secondary", "px-3 py-1.5")}>
                  {t("groupPage.sent.revoke")}
                  <span className="sr-only"> {t("groupPage.sent.revokeWhich", { email: invitation.email })}</span>
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
