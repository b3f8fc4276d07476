/**
 * The admin console's problem reports (issue 34, ADR 041): open and answered ones first, with the member, the group, the
 * payment row's ledger and bank references, the replies so far; a reply form and Close for each open one. Plain POST
 * forms (no JavaScript needed); each carries q and page so the console comes back to the same list.
 */
import { Form, Link } from "react-router";
import { type MessageId, useLocale, useT } from "~/components/i18n";
import { PaymentSummary } from "~/components/reports/payment-ref";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { Card } from "~/components/ui/page";
import { formatDateTime } from "~/domain/format";
import { REPLY_MAX, type ReportFilter } from "~/domain/reports";
import type { AdminReportView } from "~/server/reports/reports.server";
import { type AdminListState, ListStateFields } from "./admin-panels";

/** A reply the action refused, shown again at its report with what was typed. */
export type ReportReplyError = { reportId: string; reply: string; error: string; kind: "reply" | "close" };

export function ProblemReports({
  reports,
  list,
  replyError,
  filter,
}: {
  reports: AdminReportView[];
  list: AdminListState;
  replyError: ReportReplyError | null;
  filter: ReportFilter;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card>
      <section aria-labelledby="reports-title">
        <h2 id="reports-title" className="text-lg font-semibold text-slate-900">
          {t("admin.reports.heading")}
        </h2>
        {/* Open / closed: plain links (a GET), so the filter works without JavaScript (issue 45). */}
        <nav aria-label={t("admin.reports.which")} className="mt-2 flex gap-4 text-sm">
          {(["open", "closed"] as const).map((value) => (
            <Link
              key={value}
              to={`/admin?reports=${value}`}
              aria-current={filter === value ? "page" : undefined}
              className={filter === value ? "font-semibold text-slate-900 underline" : "font-medium text-brand-700 underline"}
            >
              {t(value === "open" ? "admin.reports.open" : "admin.reports.closed")}
            </Link>
          ))}
        </nav>
        {reports.length === 0 ? (
          <p className="mt-3 text-slate-600">{t(filter === "open" ? "admin.reports.noneOpen" : "admin.reports.noneClosed")}</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100">
            {reports.map((report) => (
              <li key={report.id} className="space-y-2 py-4" data-testid="admin-report">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">
                    {t(`report.category.${report.category}` as MessageId)} · {report.groupName}
                  </p>
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-900">
                    {t(`report.status.${report.status}` as MessageId)}
                  </span>
                </div>
                <p className="text-sm text-slate-600">
                  {report.member.name} ({report.member.email}) ·{" "}
                  <time dateTime={report.createdAt}>{formatDateTime(report.createdAt, { locale })}</time>
                </p>
                {report.payment ? <PaymentSummary payment={report.payment} references /> : null}
                <p className="whitespace-pre-wrap break-words text-slate-800">{report.message}</p>
                {report.replies.map((reply) => (
                  <div key={reply.id} className="rounded-lg border-l-4 border-brand-600 bg-brand-50 px-3 py-2 text-sm">
                    <p className="text-xs text-slate-600">
                      {reply.fromMember
                        ? t("admin.reports.theMember", { name: report.member.name })
                        : (reply.adminName ?? t("admin.reports.anAdmin"))}
                      {reply.closing ? t("admin.reports.closingNote") : ""} ·{" "}
                      <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt, { locale })}</time>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{reply.message}</p>
                  </div>
                ))}
                {report.status === "closed" ? null : (
                  <ReplyForms report={report} list={list} refused={replyError?.reportId === report.id ? replyError : null} />
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}

function ReplyForms({ report, list, refused }: { report: AdminReportView; list: AdminListState; refused: ReportReplyError | null }) {
  const id = `reply-${report.id}`;
  const closeId = `close-${report.id}`;
  const replyRefused = refused?.kind === "reply" ? refused : null;
  const t = useT();
  return (
    <div className="flex flex-wrap items-start gap-3">
      <details className="min-w-0 flex-1" open={replyRefused !== null || undefined}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">{t("admin.reports.reply")}</summary>
        <Form method="post" action="/admin" className="mt-2 space-y-2">
          <input type="hidden" name="reportId" value={report.id} />
          <ListStateFields {...list} />
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t("admin.reports.replyLabel", { name: report.member.name })}
          </label>
          <textarea
            id={id}
            name="reply"
            rows={4}
            maxLength={REPLY_MAX}
            required
            defaultValue={replyRefused?.reply}
            className={inputClass}
            aria-invalid={replyRefused ? true : undefined}
            aria-describedby={replyRefused ? `${id}-error` : undefined}
          />
          <FieldErrors id={`${id}-error`} errors={replyRefused ? [replyRefused.error] : null} />
          <button type="submit" name="intent" value="reply-report" className={buttonClass("primary", "px-3 py-1.5")}>
            {t("admin.reports.sendReply")}
          </button>
        </Form>
      </details>
      <details className="min-w-0 flex-1" open={refused?.kind === "close" || undefined}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">{t("admin.reports.close")}</summary>
        <Form method="post" action="/admin" className="mt-2 space-y-2">
          <input type="hidden" name="reportId" value={report.id} />
          <ListStateFields {...list} />
          <label htmlFor={`${closeId}`} className="block text-sm font-medium text-slate-800">
            {t("admin.reports.closeLabel", { name: report.member.name })}
          </label>
          <textarea
            id={closeId}
            name="note"
            rows={3}
            maxLength={REPLY_MAX}
            required
            defaultValue={refused?.kind === "close" ? refused.reply : undefined}
            className={inputClass}
            aria-invalid={refused?.kind === "close" ? true : undefined}
            aria-describedby={refused?.kind === "close" ? `${closeId}-error` : undefined}
          />
          <FieldErrors id={`${closeId}-error`} errors={refused?.kind === "close" ? [refused.error] : null} />
          <button type="submit" name="intent" value="close-report" className={buttonClass("secondary", "px-3 py-1.5")}>
            {t("admin.reports.closeReport")}
          </button>
        </Form>
      </details>
    </div>
  );
}
