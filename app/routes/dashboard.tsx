import { Link, useNavigation } from "react-router";
import { LateContributionAlert } from "~/components/money/late-contribution-alert";
import { Alert } from "~/components/ui/alert";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { DEMO_ACCOUNT } from "~/domain/demo-accounts";
import { completenessTone, missingProfileFields, profileCompleteness } from "~/domain/profile-completeness";
import { SandboxRequestCard } from "~/components/sandbox-request-card";
import { GroupActivity } from "~/components/groups/group-activity";
import { GroupCard } from "~/components/groups/group-card";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { dashboardFor } from "~/server/groups/dashboard.server";
import { BankAttentionBanners } from "~/components/bank/bank-health-alerts";
import { dashboardStats } from "~/server/groups/group-views.server";
import { InvitationCard } from "~/components/groups/invitation-card";
import { UndeliverableEmailBanner } from "~/components/profile/undeliverable-email-banner";
import { requireUser } from "~/server/auth/guards.server";
import { sandboxCardState } from "~/server/admin/sandbox-access.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard — Rosca" }];
}

const FIELD_LABELS: Record<string, string> = {
  name: "Your name",
  email: "Email",
  phone: "Phone number",
  address: "Street address",
  city: "City",
  state: "State",
  zipCode: "ZIP code",
  dateOfBirth: "Date of birth",
};

/** SPEC.md section 4, bank state: not authorised → request access; authorised without bank → link; else connected. */
type BankState = "request-access" | "link-bank" | "connected";

/** Running and forming groups on the dashboard; the rest are on /groups. */
const DASHBOARD_CARDS = 4;
const DASHBOARD_INVITATIONS = 3;

export async function loader({ request }: Route.LoaderArgs) {
  const { user, emailProblem } = await requireUser(request);
  const bankState: BankState = !user.isPlaidSandboxAuthorized ? "request-access" : user.hasBankAccount ? "connected" : "link-bank";
  // The groups, activity and invitations in one statement, whatever the number of groups; the sandbox card beside it.
  const [{ cards, savings, activity, inbox, bank, late }, sandboxCard] = await Promise.all([
    dashboardFor(user),
    bankState === "request-access" ? sandboxCardState(user.id) : null,
  ]);
  const pendingInvitations = inbox.filter((invitation) => invitation.state === "open");
  const shown = cards.filter((card) => card.status !== "completed").slice(0, DASHBOARD_CARDS);
  return {
    sandboxCard,
    // The address is marked undeliverable (issue 31): read with the session, no query of its own.
    emailProblem: emailProblem ? { address: user.email, reason: emailProblem.reason } : null,
    name: user.name,
    isDemo: user.email.toLowerCase() === DEMO_ACCOUNT.email,
    sandboxAuthorized: user.isPlaidSandboxAuthorized,
    bankState,
    completeness: profileCompleteness(user),
    missing: missingProfileFields(user).map((field) => FIELD_LABELS[field] ?? field),
    showProfileModal: new URL(request.url).searchParams.get("complete-profile") === "1",
    stats: dashboardStats(cards),
    cards: shown,
    // Per group: paid in so far vs received, and where your payout falls (SavingsProgress on each card).
    savings: Object.fromEntries(shown.map((card) => [card.id, savings[card.id]!])),
    groupCount: cards.length,
    activity,
    // The dashboard shows the first few; /invitations has them all, and the ones that closed.
    invitations: pendingInvitations.slice(0, DASHBOARD_INVITATIONS),
    invitationCount: pendingInvitations.length,
    bankAttention: bank,
    // Contributions of the viewer's that did not go through (issue 44): an alert each, with what to do now.
    late,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const navigation = useNavigation();
  return (
    <PageContainer>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Welcome, {loaderData.name}</h1>
          <p className="mt-1 text-slate-600">Here's where your savings groups live.</p>
        </div>
        <ButtonLink to="/groups/create">Create New Group</ButtonLink>
      </div>

      <div className="mt-6 space-y-3">
        {loaderData.emailProblem ? <UndeliverableEmailBanner problem={loaderData.emailProblem} /> : null}
        <BankAttentionBanners attention={loaderData.bankAttention} />
        {loaderData.isDemo ? (
          <Alert tone="info" title="You're using the demo account">
            Explore freely: bank connections use a sandbox and no real money moves.
          </Alert>
        ) : null}
        {loaderData.sandboxAuthorized ? (
          <Alert tone="success" title="Sandbox access granted">
            You can link a sandbox bank account, create groups and join groups.
          </Alert>
        ) : null}
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        {loaderData.bankState === "request-access" ? (
          loaderData.sandboxCard ? (
            <SandboxRequestCard {...loaderData.sandboxCard} />
          ) : null
        ) : (
          <BankCard state={loaderData.bankState} />
        )}
        {loaderData.completeness < 100 ? <ProfilePrompt completeness={loaderData.completeness} /> : null}
      </div>

      {loaderData.invitationCount > 0 ? (
        <Card className="mt-8">
          <section aria-labelledby="dashboard-invitations-title">
            <div className="flex items-center justify-between">
              <h2 id="dashboard-invitations-title" className="text-lg font-semibold text-slate-900">
                Pending invitations ({loaderData.invitationCount})
              </h2>
              <Link to="/invitations" className="text-sm font-medium text-brand-700 underline">
                All invitations
              </Link>
            </div>
            <ul className="mt-4 space-y-4">
              {loaderData.invitations.map((invitation) => (
                <li key={invitation.code}>
                  <InvitationCard invitation={invitation} busy={navigation.state !== "idle"} />
                </li>
              ))}
            </ul>
          </section>
        </Card>
      ) : null}

      {loaderData.late.length > 0 ? (
        <div className="mt-6 space-y-3">
          {loaderData.late.map((late) => (
            <LateContributionAlert key={`${late.groupId}:${late.periodNumber}`} late={late} showGroup />
          ))}
        </div>
      ) : null}

      <section aria-label="Your savings at a glance" className="mt-8 grid gap-4 sm:grid-cols-3">
        <Stat label="Active groups" value={String(stats.activeGroups)} />
        <Stat label="Next contribution" value={stats.nextContributionOn ? formatCalendarDay(stats.nextContributionOn, "long") : "None scheduled"} />
        <Stat
          label="Next payout"
          value={stats.nextPayoutCents === null ? "None scheduled" : formatMoney(stats.nextPayoutCents)}
          note={stats.nextPayoutOn ? `Expected in your bank ${formatCalendarDay(stats.nextPayoutOn, "long")}` : undefined}
        />
      </section>

      <Card className="mt-8">
        <section aria-labelledby="dashboard-groups-title">
          <div className="flex items-center justify-between">
            <h2 id="dashboard-groups-title" className="text-lg font-semibold text-slate-900">
              Your groups
            </h2>
            <Link to="/groups" className="text-sm font-medium text-brand-700 underline">
              View all groups
            </Link>
          </div>
          {loaderData.cards.length > 0 ? (
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              {loaderData.cards.map((card) => (
                <GroupCard key={card.id} card={card} savings={loaderData.savings[card.id]} />
              ))}
            </div>
          ) : loaderData.groupCount > 0 ? (
            <p className="mt-4 text-slate-600">Your groups have completed their cycles. Start a new one whenever you're ready.</p>
          ) : (
            <p className="mt-4 text-slate-600">You haven't joined a savings group yet. Create one and invite the people you trust.</p>
          )}
        </section>
      </Card>
      <Card className="mt-6">
        <section aria-labelledby="dashboard-activity-title">
          <h2 id="dashboard-activity-title" className="text-lg font-semibold text-slate-900">
            Recent activity
          </h2>
          <GroupActivity items={loaderData.activity} />
        </section>
      </Card>

      {loaderData.showProfileModal ? <ProfileModal completeness={loaderData.completeness} missing={loaderData.missing} /> : null}
    </PageContainer>
  );
}

function BankCard({ state }: { state: Exclude<BankState, "request-access"> }) {
  if (state === "link-bank") {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Link your bank account</h2>
        <p className="mt-2 text-slate-600">
          Connect a sandbox bank account so contributions and payouts can move automatically when your group starts.
        </p>
        <ButtonLink to="/profile/bank-accounts" className="mt-4">
          Link Bank Account
        </ButtonLink>
      </Card>
    );
  }
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Bank account connected</h2>
      <p className="mt-2 text-slate-600">Your contributions and payouts will use your linked account.</p>
      <Link to="/profile/bank-accounts" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        Manage bank accounts
      </Link>
    </Card>
  );
}

const barColour = { green: "bg-brand-600", amber: "bg-amber-500", red: "bg-red-600" } as const;

function ProfilePrompt({ completeness }: { completeness: number }) {
  const tone = completenessTone(completeness);
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Complete your profile</h2>
      <p className="mt-2 text-slate-600">Group members and our team rely on accurate details. Your profile is {completeness}% complete.</p>
      <div
        role="progressbar"
        aria-label="Profile completion"
        aria-valuenow={completeness}
        aria-valuemin={0}
        aria-valuemax={100}
        className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full ${barColour[tone]}`} style={{ width: `${completeness}%` }} />
      </div>
      {/* A link, so the "modal" works without JavaScript: the dashboard renders it from the query string. */}
      <Link to="?complete-profile=1" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        See what's missing
      </Link>
    </Card>
  );
}

function ProfileModal({ completeness, missing }: { completeness: number; missing: string[] }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="profile-modal-title" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <h2 id="profile-modal-title" className="text-xl font-semibold text-slate-900">
          Your profile is {completeness}% complete
        </h2>
        <p className="mt-2 text-slate-600">Add these details to finish it:</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
          {missing.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/profile?edit=1" className={buttonClass("primary")}>
            Complete Profile
          </Link>
          <Link to="/dashboard" className={buttonClass("secondary")}>
            Maybe later
          </Link>
        </div>
      </div>
    </div>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {note ? <p className="mt-1 text-sm text-slate-600">{note}</p> : null}
    </Card>
  );
}
