/**
 * One invitation in the invitee's inbox (/invitations, and the dashboard's section): what joining means (group,
 * inviter, contribution and schedule, members, payout, the setup fee) and Accept / Decline as plain form posts to
 * /invitations, which work without JavaScript. Accepting needs the terms ticked, as on the join page. An invitation
 * that can no longer be accepted says why instead.
 */
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field";
import { formatMoney } from "~/domain/format";
import { setupFeeLine } from "~/domain/groups";
import { INVITATION_STATE_MESSAGES } from "~/domain/invitations";
import { FREQUENCY_LABELS } from "~/domain/schedule";
import { termsStatements } from "./join-invitation";

export type InvitationCardData = {
  code: string;
  state: "open" | "expired" | "revoked" | "closed";
  groupName: string;
  inviterName: string;
  memberCount: number;
  joinedCount: number;
  contributionCents: number;
  payoutCents: number;
  scheduleLine: string;
  frequency: keyof typeof FREQUENCY_LABELS;
  payoutOrder: "fixed" | "random";
  setupFeeCents: number;
  expiresAt: string;
};

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/New_York" });

function stateNotice(invitation: InvitationCardData) {
  switch (invitation.state) {
    case "expired":
      return {
        title: INVITATION_STATE_MESSAGES.expiredTitle,
        message: INVITATION_STATE_MESSAGES.expired(day.format(new Date(invitation.expiresAt))),
      };
    case "revoked":
      return { title: INVITATION_STATE_MESSAGES.revokedTitle, message: INVITATION_STATE_MESSAGES.revoked };
    case "closed":
      return { title: INVITATION_STATE_MESSAGES.closedTitle, message: INVITATION_STATE_MESSAGES.closed };
    default:
      return null;
  }
}

export function InvitationCard({ invitation, error, busy }: { invitation: InvitationCardData; error?: string | null; busy: boolean }) {
  const headingId = `invitation-${invitation.code}`;
  const termsId = `terms-${invitation.code}`;
  const notice = stateNotice(invitation);
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="invitation-card">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {invitation.groupName}
      </h3>
      <p className="text-sm text-slate-600">Invited by {invitation.inviterName}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-slate-600">Contribution</dt>
          <dd className="font-semibold text-slate-900">
            {formatMoney(invitation.contributionCents)} · {invitation.scheduleLine}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">Frequency</dt>
          <dd className="font-semibold text-slate-900">{FREQUENCY_LABELS[invitation.frequency]}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">Members</dt>
          <dd className="font-semibold text-slate-900">
            {invitation.joinedCount} of {invitation.memberCount} joined
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">Payout per turn</dt>
          <dd className="font-semibold text-slate-900">{formatMoney(invitation.payoutCents)}</dd>
        </div>
        <div className="flex gap-2 sm:col-span-2">
          <dt className="text-slate-600">Setup fee</dt>
          <dd className="font-semibold text-slate-900">{setupFeeLine(invitation.setupFeeCents)}</dd>
        </div>
      </dl>

      {notice ? (
        <div className="mt-4">
          <Alert tone="warning" title={notice.title}>
            {notice.message}
          </Alert>
        </div>
      ) : (
        <>
          <details className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm">
            <summary className="font-medium text-brand-800">Terms of joining</summary>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
              {termsStatements(invitation).map((statement) => (
                <li key={statement}>{statement}</li>
              ))}
            </ul>
          </details>
          <Form method="post" action="/invitations" className="mt-4" noValidate>
            <input type="hidden" name="code" value={invitation.code} />
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="terms"
                id={termsId}
                className="mt-0.5 h-4 w-4 rounded border-slate-300"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${termsId}-error` : undefined}
              />
              <span>I have read and agree to the terms of joining {invitation.groupName}.</span>
            </label>
            <FieldErrors id={`${termsId}-error`} errors={error ? [error] : null} />
            <div className="mt-3 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="accept" className={buttonClass("primary")} disabled={busy}>
                Accept<span className="sr-only"> the invitation to {invitation.groupName}</span>
              </button>
              <Link to={`/groups/join/${invitation.code}`} className={buttonClass("ghost")}>
                Details<span className="sr-only"> of {invitation.groupName}</span>
              </Link>
            </div>
          </Form>
          <Form method="post" action="/invitations" className="mt-2">
            <input type="hidden" name="code" value={invitation.code} />
            <button type="submit" name="intent" value="decline" className={buttonClass("secondary")} disabled={busy}>
              Decline<span className="sr-only"> the invitation to {invitation.groupName}</span>
            </button>
          </Form>
        </>
      )}
    </article>
  );
}
