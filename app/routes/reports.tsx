import { Link } from "react-router";
import { PaymentSummary } from "~/components/reports/payment-ref";
import { Card, PageContainer } from "~/components/ui/page";
import { formatDateTime } from "~/domain/format";
import { REPORT_STATUS_LABELS } from "~/domain/reports";
import { requireUser } from "~/server/auth/guards.server";
import { reportsOf } from "~/server/reports/reports.server";
import type { Route } from "./+types/reports";

export function meta() {
  return [{ title: "Your reports — Rosca" }];
}

/** /reports: the problems the member reported, newest first, with our team's replies. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  return { reports: await reportsOf(user.id) };
}

const STATUS_CLASSES = {
  open: "bg-amber-100 text-amber-900",
  answered: "bg-brand-100 text-brand-900",
  closed: "bg-slate-200 text-slate-900",
} as const;

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { reports } = loaderData;
  return (
    <PageContainer narrow>
      <h1 className="text-3xl font-bold text-slate-900">Your reports</h1>
      <p className="mt-2 text-slate-600">
        Problems you reported about your groups and their payments, and our team's replies. To report a new one, open the group, or its statement, and
        choose "Report a problem".
      </p>
      {reports.length === 0 ? (
        <Card className="mt-6">
          <p className="text-slate-600">You haven't reported any problem.</p>
        </Card>
      ) : (
        <ol className="mt-6 space-y-4">
          {reports.map((report) => (
            <li key={report.id}>
              <Card>
                <article aria-labelledby={`report-${report.id}`} data-testid="report">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 id={`report-${report.id}`} className="font-semibold text-slate-900">
                      {report.categoryLabel} ·{" "}
                      <Link to={`/groups/${report.groupId}`} className="text-brand-700 underline">
                        {report.groupName}
                      </Link>
                    </h2>
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[report.status]}`}>
                      {REPORT_STATUS_LABELS[report.status]}
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-slate-600">
                    Sent <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
                  </p>
                  {report.payment ? (
                    <div className="mt-2">
                      <PaymentSummary payment={report.payment} />
                    </div>
                  ) : null}
                  <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{report.message}</p>
                  {report.replies.map((reply) => (
                    <div key={reply.id} className="mt-3 rounded-lg border-l-4 border-brand-600 bg-brand-50 px-3 py-2" data-testid="report-reply">
                      <p className="text-xs text-slate-600">
                        Reply from the Rosca team · <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
                      </p>
                      <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{reply.message}</p>
                    </div>
                  ))}
                </article>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </PageContainer>
  );
}
