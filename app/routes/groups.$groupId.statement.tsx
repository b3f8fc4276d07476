import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { requireUser } from "~/server/auth/guards.server";
import { TRANSFER_STATUS_LABELS } from "~/domain/money";
import { stepText } from "~/domain/payment-dates";
import { statementPageFor } from "~/server/money/ledger.server";
import type { Route } from "./+types/groups.$groupId.statement";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData && "group" in loaderData ? `Statement: ${loaderData.group.name} — Rosca` : "Group Not Found — Rosca" }];
}

/** /groups/{id}/statement: the group's postings with the running pool balance (members only; others see Not Found). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const page = await statementPageFor(user.id, params.groupId);
  if (!page) return data({ notFound: true as const }, { status: 404 });
  return page;
}

export default function Statement({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <PageContainer>
        <h1 className="text-3xl font-bold text-slate-900">Group Not Found</h1>
        <Card className="mt-6">
          <p className="text-slate-600">We couldn't find that group, or you aren't a member of it.</p>
          <Link to="/dashboard" className="mt-4 inline-block font-medium text-brand-700 underline">
            Return to Dashboard
          </Link>
        </Card>
      </PageContainer>
    );
  }
  const { group, rows } = loaderData;
  return (
    <PageContainer>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={`/groups/${group.id}`} className="font-medium text-brand-700 underline">
          ← Back to {group.name}
        </Link>
      </nav>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Statement: {group.name}</h1>
        <div className="flex flex-wrap gap-2">
          <a href={`/groups/${group.id}/statement.csv`} className={buttonClass("secondary")} download>
            Download CSV
          </a>
          <Link to={`/groups/${group.id}/report`} className={buttonClass("secondary")}>
            Report a problem
          </Link>
        </div>
      </div>
      <p className="mt-2 max-w-3xl text-slate-600">
        Every posting of the group's ledger, oldest first. Contributions count once the bank has settled them (the day they are collected); a payout
        counts the day it is sent, when it leaves the pool, and shows the day it arrived. Setup fees go to the platform, not the pool.
      </p>
      <Card className="mt-6">
        {rows.length === 0 ? (
          <p className="text-slate-600">No postings yet. The first appear when the first contributions settle.</p>
        ) : (
          // Stacked rows on a phone (.stack-table, app.css): each posting a block with every figure named, nothing hidden
          // off the card's edge.
          <table className="stack-table w-full text-left text-sm">
            <caption className="sr-only">Postings of {group.name} with the running pool balance</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Member
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Kind
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Pool balance
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Report</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100">
                  <td className="py-2 pr-3 whitespace-nowrap" data-label="Date">
                    {formatCalendarDay(row.effectiveOn, "medium")}
                  </td>
                  <td className="py-2 pr-3" data-label="Member">
                    {row.memberName}
                  </td>
                  <td className="py-2 pr-3" data-label="Kind">
                    {row.kind}
                    {row.periodNumber ? <span className="text-slate-500"> · period {row.periodNumber}</span> : null}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums" data-label="Amount">
                    {row.poolChangeCents < 0 ? "−" : ""}
                    {formatMoney(row.amountCents)}
                  </td>
                  <td className="py-2 pr-3" data-label="Status">
                    {row.arrivedOn
                      ? stepText("arrival", { day: row.arrivedOn, planned: false })
                      : (TRANSFER_STATUS_LABELS[row.status as keyof typeof TRANSFER_STATUS_LABELS] ?? row.status)}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums" data-label="Pool balance">
                    {formatMoney(row.poolBalanceCents)}
                  </td>
                  <td className="py-2">
                    <Link to={`/groups/${group.id}/report?payment=${row.id}`} className="text-brand-700 underline">
                      Report<span className="sr-only"> a problem with this payment</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </PageContainer>
  );
}
