import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/page";
import { setupFeeLine } from "~/domain/groups";
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

/** SPEC.md section 2, join step 1: the invitation details, every figure from the group's row. */
export function InvitationDetails({ invitation }: { invitation: JoinInvitation }) {
  const rows: Array<{ term: string; value: string; note?: string }> = [
    { term: "Group admin", value: invitation.adminName },
    { term: "Members", value: `${invitation.joinedCount} of ${invitation.memberCount} joined` },
    { term: "Contribution", value: formatMoney(invitation.contributionCents), note: invitation.scheduleLine },
    {
      term: "First payment due",
      value: formatCalendarDay(invitation.firstContributionOn, "long"),
      note: "The schedule is fixed when the last member joins; this is the date if that happens today.",
    },
    { term: "Your position", value: positionLabel(invitation) },
    {
      term: "Total payout",
      value: formatMoney(invitation.payoutCents),
      note: `${formatMoney(invitation.contributionCents)} × ${invitation.memberCount} members`,
    },
    {
      term: "Setup fee",
      value: formatMoney(invitation.setupFeeCents),
      note: "Charged once, together with your first contribution that goes through.",
    },
  ];
  return (
    <Card>
      <section aria-labelledby="invitation-details-title">
        <h2 id="invitation-details-title" className="text-lg font-semibold text-slate-900">
          Invitation details
        </h2>
        <p className="mt-1 text-sm text-slate-600">{invitation.description}</p>
        <p className="mt-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-2 text-sm font-medium text-brand-900" data-testid="setup-fee">
          {setupFeeLine(invitation.setupFeeCents)}
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
            <h3 className="text-sm font-semibold text-slate-900">Draw commitment (SHA-256)</h3>
            <p className="mt-1 text-sm text-slate-600">
              The payout order is drawn from a secret seed chosen when the group was created; this fingerprint of the seed is published now, so the
              draw cannot be changed later, and you can check it when the seed is revealed at the start.
            </p>
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
  return (
    <Card>
      <section aria-labelledby="members-so-far-title">
        <h2 id="members-so-far-title" className="text-lg font-semibold text-slate-900">
          Members so far
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Payment records are computed from the bank's records of each member's contributions in all their groups.
        </p>
        {sharedRecords.length > 0 ? (
          <ul className="mt-3 divide-y divide-slate-100">
            {sharedRecords.map((member, index) => (
              // Names may repeat; the order (join order) is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index} className="py-2" data-testid="member-record">
                <p className="font-medium text-slate-900">
                  {member.name}
                  {member.isAdmin ? (
                    <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">Admin</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">{member.summary}</p>
              </li>
            ))}
          </ul>
        ) : null}
        {privateRecords > 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            {privateRecords === 1 ? "1 member keeps their payment record private." : `${privateRecords} members keep their payment records private.`}
          </p>
        ) : null}
      </section>
    </Card>
  );
}

/** The important-information warning of SPEC.md section 2. */
export function ImportantInformation() {
  return (
    <Alert tone="warning" title="Important Information">
      <ul className="list-disc space-y-1 pl-5">
        <li>Contributions are debited automatically from your linked bank account on each due date.</li>
        <li>Missing a contribution affects every member of the group: their payouts depend on it.</li>
        <li>Rosca groups are interest-free: you pay in and receive the same total, with no interest either way.</li>
      </ul>
    </Alert>
  );
}

/** The four terms statements the acceptance checkbox agrees to. */
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

/** Step 2's how-it-works list (SPEC.md section 2). */
export const BANK_STEP_HOW_IT_WORKS = [
  "Choose your bank and log in through the secure bank-linking window; Rosca never sees your bank password.",
  "Pick the account your contributions come from and your payouts go to.",
  "You join the group as soon as the account is linked.",
];
