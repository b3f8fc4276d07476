import { Link, type MetaArgs, useNavigation } from "react-router";
import { metaTranslator, useLocale, useT } from "~/components/i18n";
import { LateContributionAlert, payNowFirst } from "~/components/money/late-contribution-alert";
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
import { requestLocale } from "~/server/platform/locale.server";
import { sandboxCardState } from "~/server/admin/sandbox-access.server";
import type { MessageId } from "~/domain/messages/en-US";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("dashboard.title") }];
}

/** The profile's fields, in the reader's language (missingProfileFields names them). */
const FIELD_LABELS = {
  name: "dashboard.field.name",
  email: "dashboard.field.email",
  phone: "dashboard.field.phone",
  address: "dashboard.field.address",
  city: "dashboard.field.city",
  state: "dashboard.field.state",
  zipCode: "dashboard.field.zipCode",
  dateOfBirth: "dashboard.field.dateOfBirth",
} as const satisfies Record<string, MessageId>;

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
    dashboardFor(user, new Date(), requestLocale(request, user.locale)),
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
    missing: missingProfileFields(user),
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
  const t = useT();
  const locale = useLocale();
  return (
    <PageContainer>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t("dashboard.welcome", { name: loaderData.name })}</h1>
          <p className="mt-1 text-slate-600">{t("dashboard.lead")}</p>
        </div>
        <ButtonLink to="/groups/create">{t("dashboard.create")}</ButtonLink>
      </div>

      <div className="mt-6 space-y-3">
        {loaderData.emailProblem ? <UndeliverableEmailBanner problem={loaderData.emailProblem} /> : null}
        <BankAttentionBanners attention={loaderData.bankAttention} />
        {loaderData.isDemo ? (
          <Alert tone="info" title={t("dashboard.demoTitle")}>
            {t("dashboard.demoBody")}
          </Alert>
        ) : null}
        {loaderData.sandboxAuthorized ? (
          <Alert tone="success" title={t("dashboard.sandboxTitle")}>
            {t("dashboard.sandboxBody")}
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
                {t("dashboard.invitations", { count: loaderData.invitationCount })}
              </h2>
              <Link to="/invitations" className="text-sm font-medium text-brand-700 underline">
                {t("dashboard.allInvitations")}
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
            <LateContributionAlert key={`${late.groupId}:${late.periodNumber}`} late={late} showGroup payFirst={payNowFirst(late, loaderData.late)} />
          ))}
        </div>
      ) : null}

      <section aria-label={t("dashboard.glance")} className="mt-8 grid gap-4 sm:grid-cols-3">
        <Stat label={t("dashboard.activeGroups")} value={String(stats.activeGroups)} />
        <Stat
          label={t("dashboard.nextContribution")}
          value={stats.nextContributionOn ? formatCalendarDay(stats.nextContributionOn, "long", locale) : t("dashboard.noneScheduled")}
        />
        <Stat
          label={t("dashboard.nextPayout")}
          value={stats.nextPayoutCents === null ? t("dashboard.noneScheduled") : formatMoney(stats.nextPayoutCents, locale)}
          note={stats.nextPayoutOn ? t("dashboard.expectedOn", { date: formatCalendarDay(stats.nextPayoutOn, "long", locale) }) : undefined}
        />
      </section>

      <Card className="mt-8">
        <section aria-labelledby="dashboard-groups-title">
          <div className="flex items-center justify-between">
            <h2 id="dashboard-groups-title" className="text-lg font-semibold text-slate-900">
              {t("dashboard.groups")}
            </h2>
            <Link to="/groups" className="text-sm font-medium text-brand-700 underline">
              {t("dashboard.allGroups")}
            </Link>
          </div>
          {loaderData.cards.length > 0 ? (
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              {loaderData.cards.map((card) => (
                <GroupCard key={card.id} card={card} savings={loaderData.savings[card.id]} />
              ))}
            </div>
          ) : loaderData.groupCount > 0 ? (
            <p className="mt-4 text-slate-600">{t("dashboard.groupsCompleted")}</p>
          ) : (
            <p className="mt-4 text-slate-600">{t("dashboard.noGroups")}</p>
          )}
        </section>
      </Card>
      <Card className="mt-6">
        <section aria-labelledby="dashboard-activity-title">
          <h2 id="dashboard-activity-title" className="text-lg font-semibold text-slate-900">
            {t("dashboard.activity")}
          </h2>
          <GroupActivity items={loaderData.activity} />
        </section>
      </Card>

      {loaderData.showProfileModal ? <ProfileModal completeness={loaderData.completeness} missing={loaderData.missing} /> : null}
    </PageContainer>
  );
}

function BankCard({ state }: { state: Exclude<BankState, "request-access"> }) {
  const t = useT();
  if (state === "link-bank") {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t("dashboard.linkBankTitle")}</h2>
        <p className="mt-2 text-slate-600">{t("dashboard.linkBankBody")}</p>
        <ButtonLink to="/profile/bank-accounts" className="mt-4">
          {t("dashboard.linkBank")}
        </ButtonLink>
      </Card>
    );
  }
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t("dashboard.bankConnectedTitle")}</h2>
      <p className="mt-2 text-slate-600">{t("dashboard.bankConnectedBody")}</p>
      <Link to="/profile/bank-accounts" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        {t("dashboard.manageBanks")}
      </Link>
    </Card>
  );
}

const barColour = { green: "bg-brand-600", amber: "bg-amber-500", red: "bg-red-600" } as const;

function ProfilePrompt({ completeness }: { completeness: number }) {
  const tone = completenessTone(completeness);
  const t = useT();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t("dashboard.profileTitle")}</h2>
      <p className="mt-2 text-slate-600">{t("dashboard.profileBody", { completeness })}</p>
      <div
        role="progressbar"
        aria-label={t("dashboard.profileProgress")}
        aria-valuenow={completeness}
        aria-valuemin={0}
        aria-valuemax={100}
        className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full ${barColour[tone]}`} style={{ width: `${completeness}%` }} />
      </div>
      {/* A link, so the "modal" works without JavaScript: the dashboard renders it from the query string. */}
      <Link to="?complete-profile=1" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        {t("dashboard.profileMissing")}
      </Link>
    </Card>
  );
}

function ProfileModal({ completeness, missing }: { completeness: number; missing: string[] }) {
  const t = useT();
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="profile-modal-title" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <h2 id="profile-modal-title" className="text-xl font-semibold text-slate-900">
          {t("dashboard.modalTitle", { completeness })}
        </h2>
        <p className="mt-2 text-slate-600">{t("dashboard.modalLead")}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
          {missing.map((field) => (
            <li key={field}>{field in FIELD_LABELS ? t(FIELD_LABELS[field as keyof typeof FIELD_LABELS]) : field}</li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/profile?edit=1" className={buttonClass("primary")}>
            {t("dashboard.modalComplete")}
          </Link>
          <Link to="/dashboard" className={buttonClass("secondary")}>
            {t("dashboard.modalLater")}
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
