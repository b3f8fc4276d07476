/**
 * One invitation in the invitee's inbox (/invitations, and the dashboard's section): what joining means (group,
 * inviter, contribution and schedule, members, payout, the setup fee) and Accept / Decline as plain form posts to
 * /invitations, which work without JavaScript. Accepting needs the terms ticked, as on the join page. An invitation
 * that can no longer be accepted says why instead. An invitation again by name (ADR 050) has no Decline: nothing was
 * sent to decline, and the card says so.
 */
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field";
import { formatMoney } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import type { FREQUENCY_LABELS } from "~/domain/schedule";
import { type Translate, useLocale, useT } from "../i18n";

export type InvitationCardData = {
  code: string;
  /** "invitedAgain": the admin invited them again by name (ADR 050); no email invitation to decline, and no expiry. */
  kind: "email" | "invitedAgain";
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
  expiresAt: string | null;
};

/** INVITATION_STATE_MESSAGES' words (app/domain/invitations.ts), in the reader's language. */
function stateNotice(invitation: InvitationCardData, t: Translate, locale: Locale) {
  switch (invitation.state) {
    case "expired": {
      const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "America/New_York" });
      return { title: t("invitation.expiredTitle"), message: t("invitation.expired", { date: day.format(new Date(invitation.expiresAt ?? 0)) }) };
    }
    case "revoked":
      return { title: t("invitation.revokedTitle"), message: t("invitation.revoked") };
    case "closed":
      return { title: t("invitation.closedTitle"), message: t("invitation.closedMessage") };
    default:
      return null;
  }
}

/** termsStatements' words (join-invitation.tsx), in the reader's language. */
function termsIn(invitation: InvitationCardData, t: Translate, money: (cents: number) => string) {
  return [
    t("invitation.terms.contribute", { amount: money(invitation.contributionCents), count: invitation.memberCount }),
    t("invitation.terms.debits"),
    t(invitation.payoutOrder === "random" ? "invitation.terms.random" : "invitation.terms.fixed"),
    t("invitation.terms.fee", { amount: money(invitation.setupFeeCents) }),
  ];
}

export function InvitationCard({ invitation, error, busy }: { invitation: InvitationCardData; error?: string | null; busy: boolean }) {
  const headingId = `invitation-${invitation.code}`;
  const termsId = `terms-${invitation.code}`;
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const notice = stateNotice(invitation, t, locale);
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="invitation-card">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {invitation.groupName}
      </h3>
      <p className="text-sm text-slate-600">
        {t(invitation.kind === "invitedAgain" ? "invitation.invitedAgainBy" : "invitation.invitedBy", { name: invitation.inviterName })}
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-600">{t("invitation.contribution")}</dt>
          <dd className="min-w-0 font-semibold text-slate-900">
            {money(invitation.contributionCents)} · {invitation.scheduleLine}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-600">{t("invitation.frequency")}</dt>
          <dd className="min-w-0 font-semibold text-slate-900">{t(`wizard.frequency.${invitation.frequency}`)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-600">{t("invitation.members")}</dt>
          <dd className="min-w-0 font-semibold text-slate-900">
            {t("invitation.joined", { joined: invitation.joinedCount, count: invitation.memberCount })}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-600">{t("invitation.payoutPerTurn")}</dt>
          <dd className="min-w-0 font-semibold text-slate-900">{money(invitation.payoutCents)}</dd>
        </div>
        <div className="flex gap-2 sm:col-span-2">
          <dt className="shrink-0 text-slate-600">{t("invitation.setupFee")}</dt>
          <dd className="min-w-0 font-semibold text-slate-900">{t("invitation.setupFeeLine", { amount: money(invitation.setupFeeCents) })}</dd>
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
            <summary className="font-medium text-brand-800">{t("invitation.termsTitle")}</summary>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
              {termsIn(invitation, t, money).map((statement) => (
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
              <span>{t("invitation.agree", { name: invitation.groupName })}</span>
            </label>
            <FieldErrors id={`${termsId}-error`} errors={error ? [error] : null} />
            <div className="mt-3 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="accept" className={buttonClass("primary")} disabled={busy}>
                {t("invitation.accept")}
                <span className="sr-only">{t("invitation.acceptFor", { name: invitation.groupName })}</span>
              </button>
              <Link to={`/groups/join/${invitation.code}`} className={buttonClass("ghost")}>
                {t("invitation.details")}
                <span className="sr-only">{t("invitation.detailsOf", { name: invitation.groupName })}</span>
              </Link>
            </div>
          </Form>
          {invitation.kind === "invitedAgain" ? (
            // Nothing was sent to their address to decline: the group's link simply works for them again.
            <p className="mt-3 text-sm text-slate-600">{t("invitation.invitedAgainNote", { name: invitation.inviterName })}</p>
          ) : (
            <Form method="post" action="/invitations" className="mt-2">
              <input type="hidden" name="code" value={invitation.code} />
              <button type="submit" name="intent" value="decline" className={buttonClass("secondary")} disabled={busy}>
                {t("invitation.decline")}
                <span className="sr-only">{t("invitation.declineFor", { name: invitation.groupName })}</span>
              </button>
            </Form>
          )}
        </>
      )}
    </article>
  );
}
