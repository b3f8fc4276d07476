import { parseWithZod } from "@conform-to/zod/v4";
import { data, useLocation } from "react-router";
import { metaTranslator, useT, useTranslateText } from "~/components/i18n";
import { AddUserForm } from "~/components/admin/add-user-form";
import { EmailDeliveryPanel } from "~/components/admin/email-delivery";
import { MoneyHealthPanel } from "~/components/admin/money-health";
import { PlaidSettingsPanel } from "~/components/admin/plaid-settings";
import { plaidSettings } from "~/server/bank/plaid-settings.server";
import { ProblemReports } from "~/components/admin/problem-reports";
import { closeSchema, REPLY_MAX, REPORT_MESSAGES, reportFilterOf, replySchema } from "~/domain/reports";
import { closeReport, replyToReport, reportsForAdmin } from "~/server/reports/reports.server";
import {
  adminHref,
  AuditList,
  Pagination,
  PendingRequests,
  StatCards,
  UserSearch,
  UserTable,
  type AdminListState,
} from "~/components/admin/admin-panels";
import { ADMIN_MESSAGES, addUserSchema } from "~/domain/admin";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import {
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_MAX,
  addUserByEmail,
  adminStats,
  pendingRequests,
  recentAudit,
  requireAdminPage,
  searchUsers,
} from "~/server/admin/admin.server";
import { declineRequest, grantSandboxAccess, revokeSandboxAccess } from "~/server/admin/sandbox-access.server";
import { moneyHealth, resumeGroup } from "~/server/money/health.server";
import { nudgeSentIn } from "~/domain/admin-wording";
import { nudgeLateMembers } from "~/server/money/late-contributions.server";
import { cancelTransfer } from "~/server/money/transfers.server";
import { outboxHealth, probePausedOutbox, retryFailedEmail } from "~/server/email/outbox.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { Link } from "react-router";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/admin";
import { logger } from "~/server/platform/log.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaTranslator(matches)("admin.metaTitle") }];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PAGE = 1_000_000;

/** ?q=&page= (or the same fields posted back by a form): trimmed, bounded, page a positive integer. */
function listState(source: { get(name: string): unknown }): AdminListState {
  const rawQ = source.get("q");
  const rawPage = source.get("page");
  const q = typeof rawQ === "string" ? rawQ.trim().slice(0, ADMIN_SEARCH_MAX) : "";
  const page = typeof rawPage === "string" && /^\d{1,7}$/.test(rawPage) ? Math.min(Math.max(Number(rawPage), 1), MAX_PAGE) : 1;
  return { q, page };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdminPage(request);
  const locale = requestLocale(request, user.locale);
  const list = listState(new URL(request.url).searchParams);
  // Which reports: ?reports=open (the default) or ?reports=closed, plain links (issue 45).
  const reportFilter = reportFilterOf(new URL(request.url).searchParams.get("reports"));
  // The user directory failing (a database error, a timeout) is a state of the page, not an error page: the console
  // says so (SPEC.md section 8, Admin) and keeps working for the rest.
  const users = Promise.all([adminStats(), searchUsers(list)]).catch((error: unknown) => {
    logger.error({ err: error }, "admin: could not fetch users");
    return null;
  });
  const [directory, requests, audit, health, email, reports, bankSettings] = await Promise.all([
    users,
    pendingRequests(),
    recentAudit(20),
    moneyHealth(50, new Date(), locale),
    outboxHealth(),
    reportsForAdmin(reportFilter),
    plaidSettings(),
  ]);
  return {
    currentUserId: user.id,
    stats: directory?.[0] ?? null,
    results: directory?.[1] ?? { q: list.q, page: list.page, pageSize: ADMIN_PAGE_SIZE, total: 0, pageCount: 1, users: [] },
    usersError: directory ? null : ADMIN_MESSAGES.fetchUsersFailed,
    requests,
    audit,
    health,
    email,
    reports,
    reportFilter,
    bankSettings,
  };
}

function badRequest(): never {
  throw data("Bad Request", { status: 400 });
}

function uuidField(formData: FormData, name: string) {
  const value = formData.get(name);
  if (typeof value !== "string" || !UUID.test(value)) badRequest();
  return value;
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireAdminPage(request);
  const back = adminHref(listState(formData));
  const intent = formData.get("intent");
  // Titles stay SPEC.md's English (the page translates them, SERVER_TEXTS); descriptions with names or reasons in them
  // are written here in the admin's language.
  const locale = requestLocale(request, user.locale);

  if (intent === "grant" || intent === "revoke") {
    const userId = uuidField(formData, "userId");
    const result = await (intent === "grant" ? grantSandboxAccess(user.id, userId) : revokeSandboxAccess(user.id, userId)).catch((error: unknown) => {
      logger.error({ err: error, intent }, "admin: sandbox access change failed");
      return { status: "failed" as const };
    });
    if (result.status === "not-found" || result.status === "failed") {
      return redirectWithToast(request, back, { type: "error", title: ADMIN_MESSAGES.updateFailed });
    }
    return redirectWithToast(request, back, { type: "success", title: intent === "grant" ? ADMIN_MESSAGES.granted : ADMIN_MESSAGES.revoked });
  }

  if (intent === "decline") {
    const requestId = uuidField(formData, "requestId");
    const result = await declineRequest(user.id, requestId).catch((error: unknown) => {
      logger.error({ err: error }, "admin: decline failed");
      return { status: "failed" as const };
    });
    if (result.status !== "declined") return redirectWithToast(request, back, { type: "error", title: ADMIN_MESSAGES.declineFailed });
    return redirectWithToast(request, back, { type: "success", title: ADMIN_MESSAGES.declined });
  }

  if (intent === "resume-group") {
    const groupId = uuidField(formData, "groupId");
    const resumed = await resumeGroup(groupId).catch((error: unknown) => {
      logger.error({ err: error, groupId }, "admin: resume group failed");
      return false;
    });
    if (!resumed) return redirectWithToast(request, back, { type: "error", title: ADMIN_MESSAGES.resumeFailed });
    return redirectWithToast(request, back, { type: "success", title: ADMIN_MESSAGES.groupResumed });
  }

  if (intent === "remind-late") {
    const groupId = uuidField(formData, "groupId");
    const result = await nudgeLateMembers(user, groupId, null, "reminder");
    if (!result.ok) return redirectWithToast(request, back, { type: "error", title: result.error });
    return redirectWithToast(request, back, {
      type: "success",
      title: "Reminder sent",
      description: nudgeSentIn(result.deliveries, translator(locale), locale),
    });
  }

  if (intent === "cancel-debit") {
    const transferId = uuidField(formData, "transferId");
    const result = await cancelTransfer(transferId);
    if (!result.ok) return redirectWithToast(request, back, { type: "error", title: ADMIN_MESSAGES.cancelFailed, description: result.message });
    return redirectWithToast(request, back, { type: "success", title: ADMIN_MESSAGES.debitCancelled });
  }

  if (intent === "retry-email") {
    const emailId = uuidField(formData, "emailId");
    const result = await retryFailedEmail(emailId).catch((error: unknown) => {
      logger.error({ err: error, emailId }, "admin: retry email failed");
      return null;
    });
    if (!result) return redirectWithToast(request, back, { type: "error", title: ADMIN_MESSAGES.emailRetryFailed });
    if (result.status === "sent") return redirectWithToast(request, back, { type: "success", title: ADMIN_MESSAGES.emailSent });
    if (result.status === "queued") return redirectWithToast(request, back, { type: "warning", title: ADMIN_MESSAGES.emailRequeued });
    return redirectWithToast(request, back, { type: "error", title: ADMIN_MESSAGES.emailRefused, description: result.error });
  }

  if (intent === "retry-paused-email") {
    const result = await probePausedOutbox().catch((error: unknown) => {
      logger.error({ err: error }, "admin: trying the paused email again failed");
      return null;
    });
    if (!result) return redirectWithToast(request, back, { type: "error", title: ADMIN_MESSAGES.emailProbeFailed });
    switch (result.status) {
      case "resumed":
        return redirectWithToast(request, back, { type: "success", title: ADMIN_MESSAGES.emailResumed });
      case "nothing-waiting":
        return redirectWithToast(request, back, { type: "success", title: ADMIN_MESSAGES.emailNothingWaiting });
      case "not-paused":
        return redirectWithToast(request, back, { type: "info", title: ADMIN_MESSAGES.emailNotPaused });
      case "still-paused":
        return redirectWithToast(request, back, {
          type: "error",
          title: ADMIN_MESSAGES.emailStillPaused,
          description: translator(locale)("admin.email.paused", { reason: result.reason }),
        });
    }
  }

  // Problem reports (ADR 041): reply (the member is told in the app and by email), close.
  if (intent === "reply-report") {
    const submission = replySchema.safeParse({ reportId: formData.get("reportId"), reply: formData.get("reply") ?? "" });
    if (!submission.success) {
      const reportId = uuidField(formData, "reportId");
      const reply = formData.get("reply");
      const error = submission.error.issues.find((issue) => issue.path[0] === "reply")?.message ?? REPORT_MESSAGES.replyRequired;
      return data(
        { reportReply: { reportId, reply: typeof reply === "string" ? reply.slice(0, REPLY_MAX) : "", error, kind: "reply" as const } },
        { status: 400 },
      );
    }
    const result = await replyToReport(user, submission.data.reportId, submission.data.reply);
    if (!result.ok) return redirectWithToast(request, back, { type: "error", title: result.error });
    return redirectWithToast(request, back, {
      type: "success",
      title: REPORT_MESSAGES.repliedTitle,
      description: REPORT_MESSAGES.repliedDescription,
    });
  }

  if (intent === "close-report") {
    // Never closed without a word (issue 45): the note is required, and the member receives it.
    const submission = closeSchema.safeParse({ reportId: formData.get("reportId"), note: formData.get("note") ?? "" });
    if (!submission.success) {
      const reportId = uuidField(formData, "reportId");
      const note = formData.get("note");
      const error = submission.error.issues.find((issue) => issue.path[0] === "note")?.message ?? REPORT_MESSAGES.closeNoteRequired;
      return data(
        { reportReply: { reportId, reply: typeof note === "string" ? note.slice(0, REPLY_MAX) : "", error, kind: "close" as const } },
        { status: 400 },
      );
    }
    const result = await closeReport(user, submission.data.reportId, submission.data.note);
    if (!result.ok) return redirectWithToast(request, back, { type: "error", title: result.error });
    return redirectWithToast(request, back, { type: "success", title: REPORT_MESSAGES.closedTitle });
  }

  if (intent === "add-user") {
    const submission = parseWithZod(formData, { schema: addUserSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const result = await addUserByEmail(user.id, submission.value.email);
    switch (result.status) {
      case "invalid":
        return data(submission.reply({ fieldErrors: { email: [ADMIN_MESSAGES.invalidEmail] } }), { status: 400 });
      case "exists":
        return data(submission.reply({ fieldErrors: { email: [ADMIN_MESSAGES.userExists] } }), { status: 409 });
      case "granted":
        return redirectWithToast(request, back, { type: "success", title: ADMIN_MESSAGES.userGranted });
      case "invited":
        return redirectWithToast(request, back, { type: "success", title: ADMIN_MESSAGES.invitationSent });
      case "invitation-queued":
        return redirectWithToast(request, back, { type: "warning", title: ADMIN_MESSAGES.invitationQueued });
      case "email-failed":
        return redirectWithToast(request, back, { type: "error", title: ADMIN_MESSAGES.invitationEmailFailed });
      case "failed":
        return redirectWithToast(request, back, { type: "error", title: ADMIN_MESSAGES.inviteFailed });
    }
  }

  return badRequest();
}

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const t = useT();
  const translateText = useTranslateText();
  const { stats, results, requests, audit, health, email, reports } = loaderData;
  const list: AdminListState = { q: results.q, page: results.page };
  // The add-user form's reply, or a refused report reply (shown at its report).
  const replyError = actionData && "reportReply" in actionData ? actionData.reportReply : null;
  const addUserResult = actionData && !("reportReply" in actionData) ? actionData : undefined;
  return (
    <PageContainer>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t("admin.heading")}</h1>
          <p className="mt-1 text-slate-600">{t("admin.lead")}</p>
        </div>
        <Link to={adminHref(list)} className={buttonClass("secondary")}>
          {t("admin.refresh")}
        </Link>
      </div>

      <div className="mt-6 space-y-6">
        {stats ? <StatCards stats={stats} /> : null}
        {/* A successful add redirects with a new location key, which remounts (and so clears) the form. */}
        <AddUserForm key={location.key} lastResult={addUserResult} list={list} />
        <PendingRequests requests={requests} list={list} />
        <ProblemReports reports={reports} list={list} replyError={replyError} filter={loaderData.reportFilter} />
        <MoneyHealthPanel health={health} list={list} />
        <PlaidSettingsPanel report={loaderData.bankSettings} />
        <EmailDeliveryPanel view={email} list={list} />
        <Card>
          <section aria-labelledby="users-title" className="space-y-4">
            <h2 id="users-title" className="text-lg font-semibold text-slate-900">
              {t("admin.users")}
            </h2>
            <UserSearch key={results.q} q={results.q} />
            {loaderData.usersError ? (
              <Alert tone="error" title={translateText(loaderData.usersError)}>
                <Link to={adminHref(list)} className="font-medium underline">
                  {t("admin.tryAgain")}
                </Link>
              </Alert>
            ) : (
              <>
                <UserTable users={results.users} list={list} />
                <Pagination q={results.q} page={results.page} pageCount={results.pageCount} total={results.total} pageSize={results.pageSize} />
              </>
            )}
          </section>
        </Card>
        <AuditList entries={audit} />
      </div>
    </PageContainer>
  );
}
