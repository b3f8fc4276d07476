import { type Translate, useLocale, useT } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/page";
import { formatCalendarDay, formatMoney } from "~/domain/format";

/** SPEC.md section 5, Join. */
export const TERMS_REQUIRED = "You must agree to the terms before joining";

/** What the join page shows about a group (InvitationView from group-views.server.ts, as serialised to the page). */
export type JoinInvitation = {
  groupName: string;
  description: string;
  adminName: string;
  memberCount: number;
  joinedCount: number;
  contributionCents: number;
  payoutCents: number;
  scheduleLine: string;
  firstContributionOn: string;
  yourPosition: number | null;
  payoutOrder: "fixed" | "random";
  drawCommitment: string | null;
  /** The flat setup fee (SETUP_FEE_CENTS), shown before anyone commits. */
  setupFeeCents: number;
  /** The members so far who share their payment record (ADR 041), with its summary. */
  sharedRecords: Array<{ name: string; isAdmin: boolean; summary: string }>;
  /** Members so far who keep their record to themselves. */
  privateRecords: number;
};

export function positionLabel(invitation: Pick<JoinInvitation, "yourPosition" | "memberCount">) {
  return invitation.yourPosition === null ? "Drawn at the start" : `Position ${invitation.yourPosition} of ${invitation.memberCount}`;
}

/** SPEC.md section 2, join step 1: the invitation details, every figure from the group's row, in the reader's language. */
export function InvitationDetails({ invitation }: { invitation: JoinInvitation }) {
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const rows: Array<{ term: string; value: string; note?: string }> = [
    { term: t("join.groupAdmin"), value: invitation.adminName },
    { term: t("join.members"), value: t("join.joined", { joined: invitation.joinedCount, count: invitation.memberCount }) },
    { term: t("join.contribution"), value: money(invitation.contributionCents), note: invitation.scheduleLine },
    {
      term: t("join.firstDue"),
      value: formatCalendarDay(invitation.firstContributionOn, "long", locale),
      note: t("join.firstDueNote"),
    },
    {
      term: t("join.yourPosition"),
      value:
        invitation.yourPosition === null ? t("join.drawn") : t("join.position", { position: invitation.yourPosition, count: invitation.memberCount }),
    },
    {
      term: t("join.totalPayout"),
      value: money(invitation.payoutCents),
      note: t("join.payoutNote", { amount: money(invitation.contributionCents), count: invitation.memberCount }),
    },
    { term: t("join.setupFee"), value: money(invitation.setupFeeCents), note: t("join.setupFeeNote") },
  ];
  return (
    <Card>
      <section aria-labelledby="invitation-details-title">
        <h2 id="invitation-details-title" className="text-lg font-semibold text-slate-900">
          {t("join.detailsTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{invitation.description}</p>
        <p className="mt-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-2 text-sm font-medium text-brand-900" data-testid="setup-fee">
          {t("invitation.setupFeeLine", { amount: money(invitation.setupFeeCents) })}
        </p>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.term} className="rounded-lg bg-slate-50 px-4 py-3">
              <dt className="text-sm text-slate-600">{row.term}</dt>
              <dd className="mt-0.5 text-lg font-semibold text-slate-900">{row.value}</dd>
              {row.note ? <dd className="text-sm text-slate-600">{row.note}</dd> : null}
            </div>
          ))}
        </dl>
        {invitation.payoutOrder === "random" && invitation.drawCommitment ? (
          <div className="mt-4 rounded-lg border border-slate-200 px-4 py-3">
            <h3 className="text-sm font-semibold text-slate-900">{t("join.drawTitle")}</h3>
            <p className="mt-1 text-sm text-slate-600">{t("join.drawBody")}</p>
            <p className="mt-2 break-all font-mono text-xs text-slate-800">{invitation.drawCommitment}</p>
          </div>
        ) : null}
      </section>
    </Card>
  );
}

/**
 * Who is in the group so far, with the payment record each has agreed to share (ADR 041). It informs; nothing on this
 * page depends on it.
 */
export function MembersSoFar({ invitation }: { invitation: Pick<JoinInvitation, "sharedRecords" | "privateRecords"> }) {
  const { sharedRecords, privateRecords } = invitation;
  const t = useT();
  return (
    <Card>
      <section aria-labelledby="members-so-far-title">
        <h2 id="members-so-far-title" className="text-lg font-semibold text-slate-900">
          {t("join.membersTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("join.membersLead")}</p>
        {sharedRecords.length > 0 ? (
          <ul className="mt-3 divide-y divide-slate-100">
            {sharedRecords.map((member, index) => (
              // Names may repeat; the order (join order) is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index} className="py-2" data-testid="member-record">
                <p className="font-medium text-slate-900">
                  {member.name}
                  {member.isAdmin ? (
                    <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">{t("join.admin")}</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">{member.summary}</p>
              </li>
            ))}
          </ul>
        ) : null}
        {privateRecords > 0 ? <p className="mt-2 text-sm text-slate-600">{t("join.private", { count: privateRecords })}</p> : null}
      </section>
    </Card>
  );
}

/** The important-information warning of SPEC.md section 2. */
export function ImportantInformation() {
  const t = useT();
  return (
    <Alert tone="warning" title={t("join.importantTitle")}>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t("join.important.debits")}</li>
        <li>{t("join.important.missing")}</li>
        <li>{t("join.important.interest")}</li>
      </ul>
    </Alert>
  );
}

/** The four terms statements the acceptance checkbox agrees to, in English (the integration tests' words). */
export function termsStatements(invitation: Pick<JoinInvitation, "contributionCents" | "memberCount" | "payoutOrder" | "setupFeeCents">): string[] {
  const amount = formatMoney(invitation.contributionCents);
  return [
    `I will contribute ${amount} on every due date until the cycle of ${invitation.memberCount} payouts completes.`,
    "I authorise automatic debits of each contribution from my linked bank account on its due date.",
    invitation.payoutOrder === "random"
      ? "I understand that payouts follow the payout order drawn when the group starts."
      : "I understand that payouts follow the payout order set by the group admin before the group starts.",
    `I understand that the setup fee of ${formatMoney(invitation.setupFeeCents)} is flat and the same for every position.`,
  ];
}

/** termsStatements in the reader's language (the invitation card's words, invitation.terms.*). */
export function termsStatementsIn(
  invitation: Pick<JoinInvitation, "contributionCents" | "memberCount" | "payoutOrder" | "setupFeeCents">,
  t: Translate,
  money: (cents: number) => string,
): string[] {
  return [
    t("invitation.terms.contribute", { amount: money(invitation.contributionCents), count: invitation.memberCount }),
    t("invitation.terms.debits"),
    t(invitation.payoutOrder === "random" ? "invitation.terms.random" : "invitation.terms.fixed"),
    t("invitation.terms.fee", { amount: money(invitation.setupFeeCents) }),
  ];
}

/** Step 2's how-it-works list (SPEC.md section 2): its message ids. */
export const BANK_STEP_HOW_IT_WORKS = ["join.how.choose", "join.how.pick", "join.how.join"] as const;
