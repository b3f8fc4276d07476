/**
 * The group admin's list of the invitations the group sent by email, each with what became of it; a pending one can
 * be revoked (a plain POST, works without JavaScript) while the group is forming.
 */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { InvitationState } from "~/domain/invitations";

export type SentInvitationView = { id: string; email: string; state: InvitationState; expiresAt: string };

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "America/New_York" });

const STATE_LABELS: Record<InvitationState, string> = {
  open: "Pending",
  expired: "Expired",
  revoked: "Revoked",
  closed: "Closed",
  accepted: "Joined",
  declined: "Declined",
};

export function SentInvitations({ invitations, canRevoke }: { invitations: SentInvitationView[]; canRevoke: boolean }) {
  return (
    <section aria-labelledby="sent-invitations-title">
      <h2 id="sent-invitations-title" className="text-lg font-semibold text-slate-900">
        Invitations sent
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="sent-invitation">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{invitation.email}</p>
              <p className="text-slate-600">
                {STATE_LABELS[invitation.state]}
                {invitation.state === "open" ? ` · expires ${day.format(new Date(invitation.expiresAt))}` : ""}
              </p>
            </div>
            {canRevoke && invitation.state === "open" ? (
              <Form method="post">
                <input type="hidden" name="invitationId" value={invitation.id} />
                <button type="submit" name="intent" value="revoke-invitation" className={buttonClass("secondary", "px-3 py-1.5")}>
                  Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
