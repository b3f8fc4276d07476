import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { CopyInviteLink } from "~/components/groups/copy-invite-link";
import { DefaultCover } from "~/components/groups/default-cover";
import { GroupDraw } from "~/components/groups/group-draw";
import { GroupSwaps, OrderRecord } from "~/components/groups/group-swaps";
import { GroupStatusBadge } from "~/components/groups/group-labels";
import { GroupMembers } from "~/components/groups/group-members";
import { GroupPayoutSchedule, unnamedIn } from "~/components/groups/group-payout-schedule";
import { LeaveGroup, ReplaceInviteLink, RosterHistory } from "~/components/groups/group-roster";
import { ADVANCE_DAYS_MAX, ADVANCE_DAYS_MIN, GroupSandboxClock } from "~/components/groups/group-sandbox-clock";
import { buttonClass } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { metaTranslator, useLocale, useT } from "~/components/i18n";
import { PayoutTimeline } from "~/components/charts/payout-timeline";
import { PoolBalanceChart } from "~/components/charts/pool-balance-chart";
import { poolChart, type PoolChart } from "~/domain/charts";
import { nudgeSentIn } from "~/domain/admin-wording";
import { describeAccount } from "~/domain/failed-contribution";
import { swapToastIn } from "~/domain/toast-wording";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { headlineStep, stepLabel } from "~/domain/payment-dates";
import { inviteAgainSchema, removeMemberSchema, ROSTER_MESSAGES } from "~/domain/roster";
import { requireUser, type SessionUser } from "~/server/auth/guards.server";
import { appUrl } from "~/server/platform/env.server";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { DEFAULT_LOCALE } from "~/domain/locale";
import type { MessageId } from "~/domain/messages/en-US";
import { groupPageFor, groupPageWithPanels, isUuid, type GroupPageView } from "~/server/groups/group-views.server";
import { groupUrl, moveMember, revokeInvitation } from "~/server/groups/groups.server";
import { inviteAgain, invitedAgainJoinPath, leaveGroup, removeMember, rotateInviteLink } from "~/server/groups/roster.server";
import { answerSwap, decideSwap, proposeSwap, type SwapResult, withdrawSwap } from "~/server/groups/swaps.server";
import { proposeSwapSchema, swapActionSchema } from "~/domain/swaps";
import { SentInvitations } from "~/components/groups/sent-invitations";
import { advanceClock, isSandboxBank } from "~/server/money/cycle.server";
import { setDebitAccount } from "~/server/money/debit-choice.server";
import { nudgeLateMembers } from "~/server/money/late-contributions.server";
import { turnConsentView } from "~/server/money/turn-consent.server";
import { TurnConsentPanel } from "~/components/money/turn-consent";
import { LateMembers } from "~/components/money/late-members";
import { LateContributionAlert, payNowFirst } from "~/components/money/late-contribution-alert";
import { PartialAmount } from "~/components/money/partial-amount";
import { PaidFrom } from "~/components/money/paid-from";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/groups.$groupId";

const GROUP_NOT_FOUND = "Group Not Found";

/**
 * A toast's description with a name, an account or a date in it, written in the reader's language (ADR 056): English is
 * the sentence as it was; another language the catalogue's (SERVER_TEXTS cannot hold a sentence with figures).
 */
function inReaderLanguage(request: Request, user: SessionUser["user"], english: string, id: MessageId, values: Record<string, string>) {
  const locale = requestLocale(request, user.locale);
  return locale === DEFAULT_LOCALE ? english : translator(locale)(id, values);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: `${loaderData?.group ? loaderData.group.name : t("groupPage.notFound")} — Rosca` }];
}

/** Unknown id, malformed id and non-member: the same 404 page, so a group's existence never leaks. */
function notFound() {
  return data({ group: null, inviteUrl: null }, { status: 404 });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  // The group, its members, schedule and payments, the panels below and the viewer's money (which account pays, late
  // contributions: issue 44, until the group completes) — one statement, found through the viewer's membership.
  // The lines the server writes (schedule, turn swaps) in the reader's language (ADR 056).
  const page = await groupPageWithPanels(user.id, params.groupId, new Date(), { locale: requestLocale(request, user.locale) });
  if (!page) {
    // Invited again by the group's admin (ADR 050): their notice links here; today's invite link lets them in.
    const joinPath = isUuid(params.groupId) ? await invitedAgainJoinPath(user.id, params.groupId) : null;
    if (joinPath) throw redirect(joinPath);
    return notFound();
  }
  const { group, poolMovements, money } = page;
  const debitChoice = money?.debitChoice ?? null;
  const myLate = money?.late ?? [];
  const groupLate = money?.groupLate ?? [];
  return {
    debitChoice,
    myLate,
    // A turn of the viewer's that waits on a missing contribution (ADR 053 step 4): read only when there may be one.
    turnConsent: page.turnWaiting ? await turnConsentView(user.id, group.id) : null,
    groupLate,
    group,
    // The pool over the cycle, once there is a cycle (a forming group has no schedule and no money).
    pool:
      poolMovements && group.startOn && group.endOn
        ? poolChart(poolMovements, { start: group.startOn, end: group.endOn, payoutCents: group.payoutCents })
        : null,
    inviteUrl: group.inviteUrlPath ? `${appUrl()}${group.inviteUrlPath}` : null,
    // The group's admin sees the invitations it sent and what became of them (and can revoke pending ones).
    sentInvitations: page.sentInvitations,
    // The sandbox clock (card and buttons) exists only against a sandbox bank, and only the admins may move it.
    sandboxClock: isSandboxBank(),
    canAdvanceClock: group.viewer.isAdmin || user.isAdmin,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  const intent = formData.get("intent");
  if (intent === "advance-next" || intent === "advance-days") return advanceGroupClock(request, user, params.groupId, intent, formData.get("days"));
  if (intent === "rotate-link" || intent === "remove-member") return changeRoster(request, user, params.groupId, intent, formData);
  if (intent === "leave-group") return leave(request, user, params.groupId);
  if (intent === "invite-again") return inviteBack(request, user, params.groupId, formData);
  if (intent === "debit-account") return chooseDebitAccount(request, user, params.groupId, formData.get("bankAccountId"));
  if (intent === "late-reminder" || intent === "late-pay-now") return nudge(request, user, params.groupId, intent, formData.get("userId"));
  if (typeof intent === "string" && SWAP_INTENTS.has(intent)) return changeSwap(request, user, params.groupId, intent, formData);
  if (intent === "revoke-invitation") {
    const invitationId = formData.get("invitationId");
    if (typeof invitationId !== "string" || !isUuid(invitationId) || !isUuid(params.groupId)) {
      return data({ group: null, inviteUrl: null, error: "Bad Request" }, { status: 400 });
    }
    const result = await revokeInvitation(user.id, params.groupId, invitationId);
    const back = groupUrl(params.groupId);
    if (result.ok) {
      return redirectWithToast(request, back, {
        type: "success",
        title: "Invitation revoked",
        description: inReaderLanguage(request, user, `The invitation to ${result.email} no longer works.`, "groupPage.toast.revoked", {
          email: result.email,
        }),
      });
    }
    if (result.status === 404) return notFound();
    return redirectWithToast(request, back, { type: "error", title: result.error });
  }
  const memberId = formData.get("memberId");
  const direction = formData.get("direction");
  if (formData.get("intent") !== "move" || typeof memberId !== "string" || !isUuid(memberId) || (direction !== "up" && direction !== "down")) {
    return data({ group: null, inviteUrl: null, error: "Bad Request" }, { status: 400 });
  }
  if (!isUuid(params.groupId)) return notFound();
  const result = await moveMember(user.id, params.groupId, memberId, direction);
  const back = groupUrl(params.groupId);
  if (result.ok) return redirectWithToast(request, back, { type: "success", title: "Payout order updated" });
  if (result.status === 404 && result.error === GROUP_NOT_FOUND) return notFound();
  return redirectWithToast(request, back, { type: "error", title: result.error });
}

/** The group admin reminds a late member, or asks them to pay now (issue 44; once a day per member). */
async function nudge(
  request: Request,
  user: SessionUser["user"],
  groupId: string,
  intent: "late-reminder" | "late-pay-now",
  userId: FormDataEntryValue | null,
) {
  if (!isUuid(groupId)) return notFound();
  if (typeof userId !== "string" || !isUuid(userId)) return data({ group: null, inviteUrl: null, error: "Bad Request" }, { status: 400 });
  const result = await nudgeLateMembers(user, groupId, userId, intent === "late-pay-now" ? "pay_now_request" : "reminder");
  if (!result.ok && result.status === 404) return notFound();
  if (!result.ok) return redirectWithToast(request, groupUrl(groupId), { type: "error", title: result.error });
  // The names, and how each was reached, in the reader's language (the admin console's words: part five (i)).
  const locale = requestLocale(request, user.locale);
  return redirectWithToast(request, groupUrl(groupId), {
    type: "success",
    title: intent === "late-pay-now" ? "Request sent" : "Reminder sent",
    description: nudgeSentIn(result.deliveries, translator(locale), locale),
  });
}

/** Which account pays (issue 44): the member's own linked account for this group's next debit. */
async function chooseDebitAccount(request: Request, user: SessionUser["user"], groupId: string, bankAccountId: FormDataEntryValue | null) {
  if (!isUuid(groupId)) return notFound();
  if (typeof bankAccountId !== "string" || !isUuid(bankAccountId)) {
    return redirectWithToast(request, groupUrl(groupId), { type: "error", title: "Choose one of your linked accounts." });
  }
  const result = await setDebitAccount(user.id, groupId, bankAccountId);
  if (!result.ok && result.status === 404) return notFound();
  if (!result.ok) return redirectWithToast(request, groupUrl(groupId), { type: "error", title: result.error });
  return redirectWithToast(request, groupUrl(groupId), {
    type: "success",
    title: "Account changed",
    description: inReaderLanguage(
      request,
      user,
      `This group's next contribution is taken from ${describeAccount(result.account)}.`,
      "groupPage.toast.accountChanged",
      { account: describeAccount(result.account) },
    ),
  });
}

/**
 * The roster before the start (roster.server.ts): replace the open invite link; remove a member, with a reason they
 * are shown. A reason that does not pass comes back to the page (400) with what was typed, open at that member.
 */
async function changeRoster(
  request: Request,
  user: SessionUser["user"],
  groupId: string,
  intent: "rotate-link" | "remove-member",
  formData: FormData,
) {
  if (!isUuid(groupId)) return notFound();
  const back = groupUrl(groupId);
  if (intent === "rotate-link") {
    const rotated = await rotateInviteLink(user.id, groupId);
    if (rotated.ok) return redirectWithToast(request, back, { type: "success", ...ROSTER_MESSAGES.linkReplaced });
    if (rotated.status === 404) return notFound();
    return redirectWithToast(request, back, { type: "error", title: rotated.error });
  }
  const submission = parseWithZod(formData, { schema: removeMemberSchema });
  if (submission.status !== "success") {
    const memberId = formData.get("memberId");
    if (typeof memberId !== "string" || !isUuid(memberId)) return data({ group: null, inviteUrl: null, error: "Bad Request" }, { status: 400 });
    return data({ removal: { memberId, result: submission.reply() } }, { status: 400 });
  }
  const removed = await removeMember(user, groupId, submission.value.memberId, submission.value.reason);
  if (removed.ok)
    return redirectWithToast(request, back, {
      type: "success",
      title: ROSTER_MESSAGES.removedTitle,
      description: inReaderLanguage(request, user, ROSTER_MESSAGES.removedToAdmin(removed.name), "groupPage.toast.removed", { name: removed.name }),
    });
  if (removed.status === 404 && removed.error === GROUP_NOT_FOUND) return notFound();
  return redirectWithToast(request, back, { type: "error", title: removed.error });
}

/** A member leaves a forming group (roster.server.ts): back to the dashboard, told it cost nothing. */
async function leave(request: Request, user: SessionUser["user"], groupId: string) {
  if (!isUuid(groupId)) return notFound();
  const left = await leaveGroup(user, groupId);
  if (left.ok) {
    return redirectWithToast(request, "/dashboard", {
      type: "success",
      title: ROSTER_MESSAGES.leftTitle,
      description: inReaderLanguage(request, user, ROSTER_MESSAGES.leftToYou(left.groupName), "groupPage.toast.left", { group: left.groupName }),
    });
  }
  if (left.status === 404) return notFound();
  return redirectWithToast(request, groupUrl(groupId), { type: "error", title: left.error });
}

/** The admin invites a removed or departed person again by name (ADR 050): their refusal is lifted; they are told. */
async function inviteBack(request: Request, user: SessionUser["user"], groupId: string, formData: FormData) {
  if (!isUuid(groupId)) return notFound();
  const submission = inviteAgainSchema.safeParse({ userId: formData.get("userId") });
  if (!submission.success) return data({ group: null, inviteUrl: null, error: "Bad Request" }, { status: 400 });
  const back = groupUrl(groupId);
  const result = await inviteAgain(user, groupId, submission.data.userId);
  if (result.ok) {
    return redirectWithToast(request, back, {
      type: "success",
      title: ROSTER_MESSAGES.invitedAgainTitle,
      description: inReaderLanguage(request, user, ROSTER_MESSAGES.invitedAgainToAdmin(result.name), "groupPage.toast.invitedAgain", {
        name: result.name,
      }),
    });
  }
  if (result.status === 404) return notFound();
  return redirectWithToast(request, back, { type: "error", title: result.error });
}

const SWAP_INTENTS = new Set(["propose-swap", "accept-swap", "decline-swap", "approve-swap", "refuse-swap", "withdraw-swap"]);

/**
 * Turn swaps (swaps.server.ts): propose one (to a member), answer, approve or refuse, withdraw one (by its id). A
 * malformed id is a 400; anyone not in the group sees the 404 page; a refusal comes back as a toast with the reason.
 */
async function changeSwap(request: Request, user: SessionUser["user"], groupId: string, intent: string, formData: FormData) {
  if (!isUuid(groupId)) return notFound();
  const badRequest = () => data({ group: null, inviteUrl: null, error: "Bad Request" }, { status: 400 });
  let result: SwapResult;
  if (intent === "propose-swap") {
    const submission = proposeSwapSchema.safeParse({ memberId: formData.get("memberId") });
    if (!submission.success) return badRequest();
    result = await proposeSwap(user, groupId, submission.data.memberId);
  } else {
    const submission = swapActionSchema.safeParse({ swapId: formData.get("swapId") });
    if (!submission.success) return badRequest();
    const { swapId } = submission.data;
    if (intent === "accept-swap" || intent === "decline-swap")
      result = await answerSwap(user, groupId, swapId, intent === "accept-swap" ? "accept" : "decline");
    else if (intent === "approve-swap" || intent === "refuse-swap")
      result = await decideSwap(user, groupId, swapId, intent === "approve-swap" ? "approve" : "refuse");
    else result = await withdrawSwap(user, groupId, swapId);
  }
  const back = groupUrl(groupId);
  if (result.ok) {
    // A description with a name or a turn in it is written in the reader's language (ADR 056 part five (m)).
    const locale = requestLocale(request, user.locale);
    const description = result.toast ? swapToastIn(result.toast, translator(locale), locale) : result.description;
    return redirectWithToast(request, back, { type: "success", title: result.title, description });
  }
  if (result.status === 404 && result.error === GROUP_NOT_FOUND) return notFound();
  return redirectWithToast(request, back, { type: "error", title: result.error });
}

const CLOCK_ADMINS_ONLY = "Only the group admin can move the sandbox clock.";
const CLOCK_DAYS_RANGE = `Choose between ${ADVANCE_DAYS_MIN} and ${ADVANCE_DAYS_MAX} days.`;

/** A whole number of days in range, or null (empty, decimal, out of range, not a number). */
function parseAdvanceDays(value: FormDataEntryValue | null) {
  if (typeof value !== "string" || !/^\s*\d{1,4}\s*$/.test(value)) return null;
  const days = Number(value);
  return days >= ADVANCE_DAYS_MIN && days <= ADVANCE_DAYS_MAX ? days : null;
}

/**
 * Move the group's sandbox clock (advanceClock replays every day it passes). Non-members see the 404 page, as for any
 * request about a group they can't see; members who aren't the group admin (nor platform admins) are refused with a
 * toast; the days are checked here, before anything moves (a count out of range comes back to its field, 400).
 */
async function advanceGroupClock(
  request: Request,
  user: SessionUser["user"],
  groupId: string,
  intent: "advance-next" | "advance-days",
  daysInput: FormDataEntryValue | null,
) {
  const view = await groupPageFor(user.id, groupId);
  if (!view) return notFound();
  const back = groupUrl(groupId);
  if (!view.viewer.isAdmin && !user.isAdmin) return redirectWithToast(request, back, { type: "error", title: CLOCK_ADMINS_ONLY });
  let by: { days: number } | { nextEvent: true } = { nextEvent: true };
  if (intent === "advance-days") {
    const days = parseAdvanceDays(daysInput);
    if (days === null) {
      // A form's bad input: a 400 with the message beside the field and what was typed kept in it.
      const range = { min: String(ADVANCE_DAYS_MIN), max: String(ADVANCE_DAYS_MAX) };
      const error = inReaderLanguage(request, user, CLOCK_DAYS_RANGE, "toasts.clock.daysRange", range);
      return data({ clock: { days: typeof daysInput === "string" ? daysInput : "", error } }, { status: 400 });
    }
    by = { days };
  }
  const result = await advanceClock({ id: user.id, isAdmin: user.isAdmin }, groupId, by, new Date());
  if (!result.ok) {
    if (result.status === 404) return notFound();
    return redirectWithToast(request, back, { type: "error", title: result.error });
  }
  return redirectWithToast(request, back, {
    type: "success",
    title: "Sandbox clock moved",
    description: inReaderLanguage(
      request,
      user,
      `It is now ${formatCalendarDay(result.today, "full")} in this group.`,
      "groupPage.toast.clockMoved",
      {
        date: formatCalendarDay(result.today, "full", requestLocale(request, user.locale)),
      },
    ),
  });
}

export default function GroupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { group, inviteUrl } = loaderData;
  const t = useT();
  const locale = useLocale();
  const removal = actionData && "removal" in actionData ? actionData.removal : null;
  const clockInput = actionData && "clock" in actionData ? actionData.clock : null;
  if (!group) return <GroupNotFound />;
  const showClock = "sandboxClock" in loaderData && loaderData.sandboxClock && group.status === "active";
  const canAdvance = "canAdvanceClock" in loaderData && loaderData.canAdvanceClock === true;
  return (
    <PageContainer>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to="/groups" className="font-medium text-brand-700 underline">
              {t("groupPage.yourGroups")}
            </Link>
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold text-slate-900">{group.name}</h1>
            <GroupStatusBadge status={group.status} label={t(`groupCard.status.${group.status}`)} />
          </div>
          <p className="mt-1 text-slate-600">{group.description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {group.status !== "forming" ? (
            <>
              <Link to={`/groups/${group.id}/statement`} className={buttonClass("secondary")}>
                {t("groupPage.statement")}
              </Link>
              {/* A file download: a plain link, not a client-side navigation. */}
              <a href={`/groups/${group.id}/calendar.ics`} download className={buttonClass("secondary")}>
                {t("groupPage.addToCalendar")}
              </a>
            </>
          ) : null}
          <Link to={`/groups/${group.id}/report`} className={buttonClass("secondary")}>
            {t("groupPage.reportProblem")}
          </Link>
          <Link to="/reports" className={buttonClass("secondary")}>
            {t("groupPage.yourReports")}
          </Link>
        </div>
      </header>

      {showClock ? (
        <div className="mt-6">
          <GroupSandboxClock group={group} canAdvance={canAdvance} refused={clockInput} />
        </div>
      ) : null}

      {"myLate" in loaderData && loaderData.myLate.length > 0 ? (
        <div className="mt-6 space-y-3">
          {loaderData.myLate.map((late) => (
            <LateContributionAlert key={late.periodNumber} late={late} offer={late.offer} payFirst={payNowFirst(late, loaderData.myLate)} />
          ))}
        </div>
      ) : null}

      {"turnConsent" in loaderData && loaderData.turnConsent ? (
        <div className="mt-6">
          <TurnConsentPanel view={loaderData.turnConsent} groupId={group.id} latePeriods={loaderData.myLate.map((late) => late.periodNumber)} />
        </div>
      ) : null}

      <section aria-label={t("groupPage.atAGlance")} className="mt-8 grid gap-4 sm:grid-cols-3">
        <Figure
          label={t("groupCard.members")}
          value={
            group.status === "forming"
              ? t("groupCard.joined", { joined: group.joinedCount, count: group.memberCount })
              : t("groupCard.memberCount", { count: group.memberCount })
          }
        />
        <Figure
          label={t("groupCard.nextContribution")}
          value={group.yourNextContributionOn ? formatCalendarDay(group.yourNextContributionOn, "long", locale) : t("dashboard.noneScheduled")}
          note={
            group.nextContributionProjected
              ? t("groupPage.ifFillsToday")
              : group.status === "completed"
                ? t("groupPage.cycleComplete")
                : group.yourNextIsPayNow
                  ? t("groupPage.nextIsPayNow")
                  : undefined
          }
        />
        <Figure label={t("groupCard.contribution")} value={formatMoney(group.contributionCents, locale)} note={group.scheduleLine} />
      </section>

      <Card className="mt-6">
        <PayoutTimeline
          turns={group.schedule.map((row) => ({ ...row, recipient: row.recipientName }))}
          today={group.today}
          projected={group.scheduleProjected}
          emptyRecipient={unnamedIn(t, group.payoutOrder)}
        />
      </Card>

      {/* min-w-0: a grid item is as wide as its widest content by default, which would push the page past a phone. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <NextPayout group={group} />
          <PoolCard group={group} pool={"pool" in loaderData ? (loaderData.pool ?? null) : null} />
          <Card>
            <GroupPayoutSchedule group={group} />
          </Card>
          <Card>
            <DefaultCover />
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          {"groupLate" in loaderData && loaderData.groupLate.length > 0 ? (
            <Card>
              <LateMembers late={loaderData.groupLate} action={`/groups/${group.id}`} />
            </Card>
          ) : null}
          {"debitChoice" in loaderData && loaderData.debitChoice ? (
            <Card>
              <PaidFrom choice={loaderData.debitChoice} action={`/groups/${group.id}`} />
            </Card>
          ) : null}
          {inviteUrl ? (
            <Card>
              <section aria-labelledby="invite-title">
                <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
                  {t("groupPage.inviteMembers")}
                </h2>
                <p className="mt-1 mb-3 text-sm text-slate-600">{t("groupPage.seatsLeft", { count: group.memberCount - group.joinedCount })}</p>
                <CopyInviteLink url={inviteUrl} groupName={group.name} />
                {group.viewer.isAdmin ? <ReplaceInviteLink /> : null}
              </section>
            </Card>
          ) : null}
          <Card>
            <GroupMembers group={group} canRemove={group.viewer.isAdmin && group.status === "forming"} removal={removal} />
            {group.rosterHistory ? <RosterHistory entries={group.rosterHistory} /> : null}
            {!group.viewer.isAdmin && group.status === "forming" ? <LeaveGroup groupName={group.name} /> : null}
          </Card>
          {"sentInvitations" in loaderData && loaderData.sentInvitations && loaderData.sentInvitations.length > 0 ? (
            <Card>
              <SentInvitations invitations={loaderData.sentInvitations} canRevoke={group.status === "forming"} />
            </Card>
          ) : null}
          {/* Turns are swapped while the group runs; the swaps done stay in the order's record below. */}
          {group.swaps && group.status === "active" ? (
            <Card>
              <GroupSwaps swaps={group.swaps} />
            </Card>
          ) : null}
          {group.payoutOrder === "random" && group.drawCommitment ? (
            <Card>
              <GroupDraw group={group} />
            </Card>
          ) : group.swaps && group.swaps.done.length > 0 ? (
            <Card>
              <section aria-labelledby="order-record-title">
                <h2 id="order-record-title" className="text-lg font-semibold text-slate-900">
                  {t("groupPage.payoutOrder")}
                </h2>
                <p className="mt-1 text-sm text-slate-700">{t("groupPage.orderChangedBySwaps")}</p>
                <OrderRecord swaps={group.swaps} />
              </section>
            </Card>
          ) : null}
        </div>
      </div>

      <footer className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
        <dl className="flex flex-wrap gap-x-8 gap-y-2">
          <div className="flex gap-2">
            <dt className="font-medium">{group.scheduleProjected ? t("groupPage.projectedStart") : t("groupPage.startDate")}</dt>
            <dd>{group.startOn ? formatCalendarDay(group.startOn, "long", locale) : t("groupPage.notSet")}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-medium">{group.scheduleProjected ? t("groupPage.projectedEnd") : t("groupPage.endDate")}</dt>
            <dd>{group.endOn ? formatCalendarDay(group.endOn, "long", locale) : t("groupPage.notSet")}</dd>
          </div>
        </dl>
        {group.scheduleProjected ? <p className="mt-2 text-slate-600">{t("groupPage.startsWhenAllJoin", { count: group.memberCount })}</p> : null}
      </footer>
    </PageContainer>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {note ? <p className="mt-1 text-sm text-slate-600">{note}</p> : null}
    </Card>
  );
}

function NextPayout({ group }: { group: GroupPageView }) {
  const t = useT();
  const locale = useLocale();
  const next = group.nextPayout;
  let body: ReactNode;
  if (!next) {
    body = <p className="mt-2 text-slate-600">{t("groupPage.allPayoutsMade")}</p>;
  } else {
    const recipient = next.isYou ? t("groupCard.you") : (next.recipientName ?? unnamedIn(t, group.payoutOrder));
    // The payout's own day, labelled for what it is (payment-dates.ts): expected in the bank, or — while a contribution
    // keeps it waiting — the period's due day.
    const headline = headlineStep(next.dates);
    body = (
      <>
        <dl className="mt-3 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">{t("groupPage.recipient")}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">{recipient}</dd>
          </div>
          {/* Issue 45: never the due day as the payout's day (it read "Due November 30" beside "Due today"); while the
              arrival cannot be told, the card says so and the next steps below say why. */}
          {headline.kind === "arrival" ? (
            <div>
              <dt className="text-sm text-slate-600">{stepLabel(headline.kind, headline.step, { yours: next.isYou, t })}</dt>
              <dd className="mt-1 text-lg font-semibold text-slate-900">{formatCalendarDay(headline.step.day, "long", locale)}</dd>
            </div>
          ) : (
            <div>
              <dt className="text-sm text-slate-600">{t("groupCard.payout")}</dt>
              <dd className="mt-1 text-lg font-semibold text-slate-900">{t("groupPage.notSentYet")}</dd>
            </div>
          )}
          <div>
            <dt className="text-sm text-slate-600">{t("groupPage.amount")}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">
              {next.partial ? <PartialAmount partial={next.partial} /> : formatMoney(next.amountCents, locale)}
            </dd>
          </div>
        </dl>
        {group.daysUntilNextContribution !== null ? (
          <p className={`mt-4 text-sm font-medium ${group.daysUntilNextContribution < 0 ? "text-red-700" : "text-slate-700"}`}>
            {group.daysUntilNextContribution < 0
              ? t("groupPage.deadlinePassed")
              : t("groupPage.daysUntil", { count: group.daysUntilNextContribution })}
          </p>
        ) : null}
        {next.projected ? <p className="mt-1 text-sm text-slate-600">{t("groupPage.projectedDate")}</p> : null}
        {next.nextSteps.length > 0 ? (
          <div className="mt-2 space-y-1 text-sm text-slate-700" data-testid="payout-next-steps">
            {next.nextSteps.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ) : null}
      </>
    );
  }
  return (
    <Card>
      <section aria-labelledby="next-payout-title">
        <h2 id="next-payout-title" className="text-lg font-semibold text-slate-900">
          {t("groupPage.nextPayout")}
        </h2>
        {body}
      </section>
    </Card>
  );
}

function PoolCard({ group, pool }: { group: GroupPageView; pool: PoolChart | null }) {
  const t = useT();
  return (
    <Card>
      <section aria-labelledby="pool-title">
        <h2 id="pool-title" className="text-lg font-semibold text-slate-900">
          {t("groupPage.poolBalance")}
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">{t("groupPage.poolLead")}</p>
        {pool && group.status !== "forming" ? (
          <PoolBalanceChart chart={pool} today={group.today} status={group.status} dueDays={group.schedule.map((row) => row.date)} />
        ) : (
          <p className="text-slate-700">{t("groupPage.poolStartsWithGroup", { count: group.memberCount })}</p>
        )}
      </section>
    </Card>
  );
}

function GroupNotFound() {
  const t = useT();
  return (
    <PageContainer narrow>
      <h1 className="text-3xl font-bold text-slate-900">{t("groupPage.notFound")}</h1>
      <Card className="mt-6">
        <p className="text-slate-600">{t("groupPage.notFoundBody")}</p>
        <Link to="/dashboard" className={`${buttonClass("primary")} mt-4`}>
          {t("groupPage.returnToDashboard")}
        </Link>
      </Card>
    </PageContainer>
  );
}
