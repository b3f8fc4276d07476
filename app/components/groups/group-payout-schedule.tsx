import { Form } from "react-router";
import { type Translate, useLocale, useT } from "~/components/i18n";
import { PartialAmount } from "~/components/money/partial-amount";
import { formatMoney } from "~/domain/format";
import { type PaymentStepKind, stepText } from "~/domain/payment-dates";
import type { Locale } from "~/domain/locale";
import type { GroupPageView, ScheduleRowView } from "~/server/groups/group-views.server";
import { ShowAllSummary, YouTag } from "./group-labels";

/** SPEC.md section 9: the payout table shows 3 rows before the toggle. */
export const SCHEDULE_ROWS_SHOWN = 3;

type Props = { group: Pick<GroupPageView, "schedule" | "scheduleProjected" | "payoutOrder" | "members" | "viewer" | "status"> };

/**
 * Position, recipient, date, amount and status for every turn; the viewer's row highlighted. While the group is forming
 * the dates are projected. The admin of a forming fixed-order group moves members with up/down buttons (plain form
 * posts, so they work without JavaScript).
 */
export function GroupPayoutSchedule({ group }: Props) {
  const t = useT();
  const shown = group.schedule.slice(0, SCHEDULE_ROWS_SHOWN);
  const rest = group.schedule.slice(SCHEDULE_ROWS_SHOWN);
  const memberAt = new Map(group.members.filter((m) => m.payoutPosition !== null).map((m) => [m.payoutPosition!, m]));
  const lastFilled = Math.max(0, ...memberAt.keys());
  const reorder = group.viewer.canReorder ? { memberAt, lastFilled } : null;
  return (
    <section aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="text-lg font-semibold text-slate-900">
        {t("groupPage.schedule")}
      </h2>
      {group.scheduleProjected ? (
        <p className="mt-1 text-sm text-slate-600" id="schedule-projected">
          {t("groupPage.scheduleProjected")}
        </p>
      ) : null}
      {reorder ? <p className="mt-1 text-sm text-slate-600">{t("groupPage.reorderHelp")}</p> : null}
      <ScheduleTable rows={shown} caption={t("groupPage.schedule")} group={group} reorder={reorder} />
      {rest.length > 0 ? (
        <details className="group">
          <ShowAllSummary
            hiddenCount={rest.length}
            what={{ one: "payout", other: "payouts" }}
            more={t("groupPage.morePayouts", { count: rest.length })}
          />
          <ScheduleTable rows={rest} caption={t("groupPage.scheduleContinued")} group={group} reorder={reorder} />
        </details>
      ) : null}
    </section>
  );
}

function ScheduleTable({
  rows,
  caption,
  group,
  reorder,
}: {
  rows: ScheduleRowView[];
  caption: string;
  group: Props["group"];
  reorder: { memberAt: Map<number, Props["group"]["members"][number]>; lastFilled: number } | null;
}) {
  const t = useT();
  const locale = useLocale();
  const column = {
    position: t("groupPage.position"),
    recipient: t("groupPage.recipient"),
    date: t("groupPage.date"),
    amount: t("groupPage.amount"),
    status: t("groupPage.status"),
    order: t("groupPage.order"),
  };
  return (
    <div className="mt-3">
      {/* Stacked rows on a phone (.stack-table, app.css): one block per turn, each figure with its column's name. */}
      <table className="stack-table w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {column.position}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {column.recipient}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {column.date}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {column.amount}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {column.status}
            </th>
            {reorder ? (
              <th scope="col" className="py-2 font-medium">
                {column.order}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const member = reorder?.memberAt.get(row.position);
            return (
              <tr key={row.position} className={row.isYou ? "bg-brand-50 font-semibold" : undefined} aria-current={row.isYou ? "true" : undefined}>
                <td className="py-2 pr-3" data-label={column.position}>
                  {row.position}
                </td>
                <td className="py-2 pr-3" data-label={column.recipient}>
                  {row.recipientName ?? unnamedIn(t, group.payoutOrder)}
                  {row.isYou ? (
                    <>
                      {" "}
                      <YouTag />
                      <span className="sr-only"> ({t("groupPage.yourTurn")})</span>
                    </>
                  ) : null}
                </td>
                <td className="py-2 pr-3" data-label={column.date}>
                  <ScheduleDates row={row} t={t} locale={locale} />
                </td>
                <td className="py-2 pr-3" data-label={column.amount}>
                  {row.partial ? <PartialAmount partial={row.partial} /> : formatMoney(row.amountCents, locale)}
                </td>
                <td className="py-2 pr-3" data-label={column.status}>
                  {row.status === "completed" ? t("groupCard.status.completed") : t("groupPage.pending")}
                </td>
                {reorder ? (
                  <td className="py-2" data-label={column.order}>
                    {member ? (
                      <Form method="post" preventScrollReset className="flex gap-1">
                        <input type="hidden" name="intent" value="move" />
                        <input type="hidden" name="memberId" value={member.memberId} />
                        {row.position > 1 ? (
                          <button type="submit" name="direction" value="up" className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50">
                            <span aria-hidden="true">↑</span>
                            <span className="sr-only">{t("groupPage.moveUp", { name: member.profile.name })}</span>
                          </button>
                        ) : null}
                        {row.position < reorder.lastFilled ? (
                          <button
                            type="submit"
                            name="direction"
                            value="down"
                            className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50"
                          >
                            <span aria-hidden="true">↓</span>
                            <span className="sr-only">{t("groupPage.moveDown", { name: member.profile.name })}</span>
                          </button>
                        ) : null}
                      </Form>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A turn's dates, each labelled for what it is (payment-dates.ts): due; collected; payout sent (or when it goes out);
 * arrived (or when it is expected). A step that cannot be told yet (a contribution keeps the payout waiting) is left
 * out; the Next Payout card says why.
 */
function ScheduleDates({ row, t, locale }: { row: ScheduleRowView; t: Translate; locale: Locale }) {
  const steps: Array<[PaymentStepKind, { day: string; planned: boolean } | null]> = [
    ["due", { day: row.dates.due, planned: false }],
    ["collected", row.dates.collected],
    ["sent", row.dates.sent],
    ["arrival", row.dates.arrival],
  ];
  return (
    <ul className="space-y-0.5">
      {steps.map(([kind, step]) =>
        step ? (
          <li key={kind} className={kind === "arrival" ? "font-medium text-slate-900" : "text-xs text-slate-600"}>
            {stepText(kind, step, { yours: row.isYou, t, locale })}
          </li>
        ) : null,
      )}
    </ul>
  );
}

/** Who receives a turn nobody holds yet (group-labels.ts unnamedRecipient), in the reader's language. */
export function unnamedIn(t: Translate, payoutOrder: "fixed" | "random") {
  return payoutOrder === "random" ? t("groupCard.drawnAtStart") : t("groupPage.yetToJoin");
}
