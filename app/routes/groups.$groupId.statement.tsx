import { data, Link } from "react-router";
import { metaTranslator, useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { requireUser } from "~/server/auth/guards.server";
import { STATEMENT_KIND_IDS, TRANSFER_STATUS_LABELS, type TransferStatus } from "~/domain/money";
import { stepText } from "~/domain/payment-dates";
import { statementPageFor } from "~/server/money/ledger.server";
import type { Route } from "./+types/groups.$groupId.statement";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    {
      title:
        loaderData && "group" in loaderData
          ? `${t("groupPage.statementPage.title", { group: loaderData.group.name })} — Rosca`
          : `${t("groupPage.notFound")} — Rosca`,
    },
  ];
}

/** /groups/{id}/statement: the group's postings with the running pool balance (members only; others see Not Found). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const page = await statementPageFor(user.id, params.groupId);
  if (!page) return data({ notFound: true as const }, { status: 404 });
  return page;
}

export default function Statement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  if ("notFound" in loaderData) {
    return (
      <PageContainer>
        <h1 className="text-3xl font-bold text-slate-900">{t("groupPage.notFound")}</h1>
        <Card className="mt-6">
          <p className="text-slate-600">{t("groupPage.notFoundBody")}</p>
          <Link to="/dashboard" className="mt-4 inline-block font-medium text-brand-700 underline">
            {t("groupPage.returnToDashboard")}
          </Link>
        </Card>
      </PageContainer>
    );
  }
  const { group, rows } = loaderData;
  const column = {
    date: t("groupPage.date"),
    member: t("groupPage.statementPage.member"),
    kind: t("groupPage.statementPage.kind"),
    amount: t("groupPage.amount"),
    status: t("groupPage.status"),
    balance: t("groupPage.poolBalance"),
  };
  return (
    <PageContainer>
      <nav aria-label={t("groupPage.pay.breadcrumb")} className="text-sm">
        <Link to={`/groups/${group.id}`} className="font-medium text-brand-700 underline">
          ← {t("groupPage.statementPage.back", { group: group.name })}
        </Link>
      </nav>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">{t("groupPage.statementPage.title", { group: group.name })}</h1>
        <div className="flex flex-wrap gap-2">
          <a href={`/groups/${group.id}/statement.csv`} className={buttonClass("secondary")} download>
            {t("groupPage.statementPage.csv")}
          </a>
          <Link to={`/groups/${group.id}/report`} className={buttonClass("secondary")}>
            {t("groupPage.reportProblem")}
          </Link>
        </div>
      </div>
      <p className="mt-2 max-w-3xl text-slate-600">{t("groupPage.statementPage.lead")}</p>
      <Card className="mt-6">
        {rows.length === 0 ? (
          <p className="text-slate-600">{t("groupPage.statementPage.empty")}</p>
        ) : (
          // Stacked rows on a phone (.stack-table, app.css): each posting a block with every figure named, nothing hidden
          // off the card's edge.
          <table className="stack-table w-full text-left text-sm">
            <caption className="sr-only">{t("groupPage.statementPage.caption", { group: group.name })}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {column.date}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {column.member}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {column.kind}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {column.amount}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {column.status}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {column.balance}
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">{t("groupPage.statementPage.report")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100">
                  <td className="py-2 pr-3 whitespace-nowrap" data-label={column.date}>
                    {formatCalendarDay(row.effectiveOn, "medium", locale)}
                  </td>
                  <td className="py-2 pr-3" data-label={column.member}>
                    {row.memberName}
                  </td>
                  <td className="py-2 pr-3" data-label={column.kind}>
                    {STATEMENT_KIND_IDS[row.kind] ? t(STATEMENT_KIND_IDS[row.kind]!) : row.kind}
                    {row.periodNumber ? (
                      <span className="text-slate-500"> · {t("groupPage.statementPage.period", { period: row.periodNumber })}</span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums" data-label={column.amount}>
                    {row.poolChangeCents < 0 ? "−" : ""}
                    {formatMoney(row.amountCents, locale)}
                  </td>
                  <td className="py-2 pr-3" data-label={column.status}>
                    {row.arrivedOn
                      ? stepText("arrival", { day: row.arrivedOn, planned: false }, { t, locale })
                      : row.status in TRANSFER_STATUS_LABELS
                        ? t(`groupPage.statementPage.status.${row.status as TransferStatus}`)
                        : row.status}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums" data-label={column.balance}>
                    {formatMoney(row.poolBalanceCents, locale)}
                  </td>
                  <td className="py-2">
                    <Link to={`/groups/${group.id}/report?payment=${row.id}`} className="text-brand-700 underline">
                      {t("groupPage.statementPage.report")}
                      <span className="sr-only"> {t("groupPage.statementPage.reportWhich")}</span>
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
