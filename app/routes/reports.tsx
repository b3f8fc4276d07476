import { data, Form, Link, useNavigation } from "react-router";
import { metaTranslator, T, useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { PaymentSummary } from "~/components/reports/payment-ref";
import { Card, PageContainer } from "~/components/ui/page";
import { formatDateTime } from "~/domain/format";
import { memberReplySchema, REPLY_MAX, REPORT_MESSAGES } from "~/domain/reports";
import { requireUser } from "~/server/auth/guards.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import { replyAsMember, reportsOf } from "~/server/reports/reports.server";
import type { Route } from "./+types/reports";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaTranslator(matches)("report.title") }];
}

/** /reports: the problems the member reported, newest first, with our team's replies. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  return { reports: await reportsOf(user.id) };
}

/**
 * The member answers one of their open reports (issue 45): a plain POST; a refused answer comes back (400) at that
 * report with what was typed; anyone else's report or an unknown id: 404.
 */
export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  // The answer's refusal and the toast are written in the reader's language (their English is REPORT_MESSAGES').
  const locale = requestLocale(request, user.locale);
  const t = translator(locale);
  if (formData.get("intent") !== "reply") throw data("Bad Request", { status: 400 });
  const submission = memberReplySchema.safeParse({ reportId: formData.get("reportId"), reply: formData.get("reply") ?? "" });
  if (!submission.success) {
    const reportId = formData.get("reportId");
    const reply = formData.get("reply");
    const english = submission.error.issues.find((issue) => issue.path[0] === "reply")?.message;
    if (typeof reportId !== "string" || !english) throw data("Bad Request", { status: 400 });
    const error =
      english === REPORT_MESSAGES.memberReplyRequired
        ? t("report.answerRequired")
        : english === REPORT_MESSAGES.memberReplyLong
          ? t("report.answerLong", { max: REPLY_MAX.toLocaleString(locale) })
          : english;
    return data({ reportId, reply: typeof reply === "string" ? reply.slice(0, REPLY_MAX) : "", error }, { status: 400 });
  }
  const result = await replyAsMember(user, submission.data.reportId, submission.data.reply);
  if (result.ok)
    return redirectWithToast(request, "/reports", {
      type: "success",
      title: t("report.answeredTitle"),
      description: t("report.answeredDescription"),
    });
  if (result.status === 404) throw data(result.error, { status: 404 });
  return redirectWithToast(request, "/reports", { type: "error", title: result.error });
}

function MemberReply({ reportId, refused }: { reportId: string; refused: { reply: string; error: string } | null }) {
  const navigation = useNavigation();
  const id = `answer-${reportId}`;
  const t = useT();
  return (
    <details className="mt-3" open={refused !== null || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">{t("report.add")}</summary>
      <Form method="post" action="/reports" className="mt-2 space-y-2">
        <input type="hidden" name="reportId" value={reportId} />
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {t("report.answerLabel")}
        </label>
        <textarea
          id={id}
          name="reply"
          rows={4}
          maxLength={REPLY_MAX}
          required
          defaultValue={refused?.reply}
          className={inputClass}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? `${id}-error` : undefined}
        />
        <FieldErrors id={`${id}-error`} errors={refused ? [refused.error] : null} />
        <button
          type="submit"
          name="intent"
          value="reply"
          className={buttonClass("primary", "px-3 py-1.5")}
          disabled={navigation.state === "submitting" && navigation.formData?.get("reportId") === reportId}
        >
          {t("report.sendAnswer")}
        </button>
      </Form>
    </details>
  );
}

const STATUS_CLASSES = {
  open: "bg-amber-100 text-amber-900",
  answered: "bg-brand-100 text-brand-900",
  closed: "bg-slate-200 text-slate-900",
} as const;

export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const { reports } = loaderData;
  const t = useT();
  const locale = useLocale();
  return (
    <PageContainer narrow>
      <h1 className="text-3xl font-bold text-slate-900">{t("report.heading")}</h1>
      <p className="mt-2 text-slate-600">{t("report.lead")}</p>
      {reports.length === 0 ? (
        <Card className="mt-6">
          <p className="text-slate-600">{t("report.none")}</p>
        </Card>
      ) : (
        <ol className="mt-6 space-y-4">
          {reports.map((report) => (
            <li key={report.id}>
              <Card>
                <article aria-labelledby={`report-${report.id}`} data-testid="report">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 id={`report-${report.id}`} className="font-semibold text-slate-900">
                      {t(`report.category.${report.category}`)} ·{" "}
                      <Link to={`/groups/${report.groupId}`} className="text-brand-700 underline">
                        {report.groupName}
                      </Link>
                    </h2>
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[report.status]}`}>
                      {t(`report.status.${report.status}`)}
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-slate-600">
                    <T
                      id="report.sent"
                      values={{ time: formatDateTime(report.createdAt, { locale }) }}
                      components={{ 0: <time dateTime={report.createdAt} /> }}
                    />
                  </p>
                  {report.payment ? (
                    <div className="mt-2">
                      <PaymentSummary payment={report.payment} />
                    </div>
                  ) : null}
                  <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{report.message}</p>
                  {report.replies.map((reply) => (
                    <div
                      key={reply.id}
                      className={`mt-3 rounded-lg border-l-4 px-3 py-2 ${reply.fromMember ? "border-slate-400 bg-slate-50" : "border-brand-600 bg-brand-50"}`}
                      data-testid={reply.fromMember ? "report-answer" : "report-reply"}
                    >
                      <p className="text-xs text-slate-600">
                        {t(reply.fromMember ? "report.yourAnswer" : reply.closing ? "report.closingNote" : "report.teamReply")} ·{" "}
                        <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt, { locale })}</time>
                      </p>
                      <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{reply.message}</p>
                    </div>
                  ))}
                  {report.status === "closed" ? null : (
                    <MemberReply reportId={report.id} refused={actionData && actionData.reportId === report.id ? actionData : null} />
                  )}
                </article>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </PageContainer>
  );
}
