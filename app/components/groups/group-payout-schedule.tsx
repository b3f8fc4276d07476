import { Form } from "react-router";
import { type Translate, useLocale, useT } from "~/components/i18n";
import { PartialAmount, partialAmountMarkup } from "~/components/money/partial-amount";
import { escapeText, remembered } from "~/components/ui/markup";
import { formatMoney } from "~/domain/format";
import { type PaymentStepKind, stepText } from "~/domain/payment-dates";
import type { Locale } from "~/domain/locale";
import type { GroupPageView, ScheduleRowView } from "~/server/groups/group-views.server";
import { ShowAllSummary, YOU_TAG_CLASS, YouTag } from "./group-labels";

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
  reorder: Reorder | null;
}) {
  const t = useT();
  const locale = useLocale();
  const column: Columns = {
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
            <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
              {column.position}
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
              {column.recipient}
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
              {column.date}
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
              {column.amount}
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
              {column.status}
            </th>
            {reorder ? (
              <th scope="col" className="whitespace-nowrap py-2 font-medium">
                {column.order}
              </th>
            ) : null}
          </tr>
        </thead>
        {reorder ? (
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <ScheduleRow key={row.position} row={row} column={column} payoutOrder={group.payoutOrder} reorder={reorder} />
            ))}
          </tbody>
        ) : (
          <tbody
            className="divide-y divide-slate-100"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (scheduleRowsMarkup): fixed tags and classes, every text escaped as React escapes it.
            dangerouslySetInnerHTML={{
              __html: remembered(`schedule-rows:${JSON.stringify([locale, group.payoutOrder, column, rows])}`, t, (words) =>
                scheduleRowsMarkup(rows, column, group.payoutOrder, words, locale),
              ),
            }}
          />
        )}
      </table>
    </div>
  );
}

type Columns = Record<"position" | "recipient" | "date" | "amount" | "status" | "order", string>;
type Reorder = { memberAt: Map<number, Props["group"]["members"][number]>; lastFilled: number };

/** One turn as React elements: the rows of a forming fixed-order group's admin, whose up/down buttons are forms. */
export function ScheduleRow({
  row,
  column,
  payoutOrder,
  reorder,
}: {
  row: ScheduleRowView;
  column: Columns;
  payoutOrder: Props["group"]["payoutOrder"];
  reorder: Reorder | null;
}) {
  const t = useT();
  const locale = useLocale();
  const member = reorder?.memberAt.get(row.position);
  return (
    <tr className={row.isYou ? "bg-brand-50 font-semibold" : undefined} aria-current={row.isYou ? "true" : undefined}>
      <td className="py-2 pr-3" data-label={column.position}>
        {row.position}
      </td>
      <td className="py-2 pr-3" data-label={column.recipient}>
        {row.recipientName ?? unnamedIn(t, payoutOrder)}
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
        {row.status === "completed" ? t("groupPage.payoutCompleted") : t("groupPage.pending")}
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
                <button type="submit" name="direction" value="down" className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50">
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
}

/**
 * Every other table's rows (ADR 059 part six (j)): nothing in them changes on the client, so they are written as one
 * string, the same markup ScheduleRow writes (group-payout-schedule.test.tsx renders both and compares them).
 */
export function scheduleRowsMarkup(
  rows: ScheduleRowView[],
  column: Columns,
  payoutOrder: Props["group"]["payoutOrder"],
  t: Translate,
  locale: Locale,
): string {
  const parts: string[] = [];
  const cell = (label: string, content: string) => `<td class="py-2 pr-3" data-label="${escapeText(label)}">${content}</td>`;
  for (const row of rows) {
    parts.push(row.isYou ? '<tr class="bg-brand-50 font-semibold" aria-current="true">' : "<tr>");
    parts.push(cell(column.position, String(row.position)));
    const name = escapeText(row.recipientName ?? unnamedIn(t, payoutOrder));
    parts.push(
      cell(
        column.recipient,
        row.isYou
          ? `${name}<!-- --> <span class="${YOU_TAG_CLASS}">${escapeText(t("groupCard.you"))}</span><span class="sr-only"> (<!-- -->${escapeText(t("groupPage.yourTurn"))}<!-- -->)</span>`
          : name,
      ),
    );
    parts.push(cell(column.date, scheduleDatesMarkup(row, t, locale)));
    parts.push(cell(column.amount, row.partial ? partialAmountMarkup(row.partial, t, locale) : escapeText(formatMoney(row.amountCents, locale))));
    parts.push(cell(column.status, escapeText(row.status === "completed" ? t("groupPage.payoutCompleted") : t("groupPage.pending"))));
    parts.push("</tr>");
  }
  return parts.join("");
}

function scheduleDatesMarkup(row: ScheduleRowView, t: Translate, locale: Locale): string {
  const steps: Array<[PaymentStepKind, { day: string; planned: boolean } | null]> = [
    ["due", { day: row.dates.due, planned: false }],
    ["collected", row.dates.collected],
    ["sent", row.dates.sent],
    ["arrival", row.dates.arrival],
  ];
  let items = "";
  for (const [kind, step] of steps) {
    if (!step) continue;
    items += `<li class="${kind === "arrival" ? "font-medium text-slate-900" : "text-xs text-slate-600"}">${escapeText(stepText(kind, step, { yours: row.isYou, t, locale }))}</li>`;
  }
  return `<ul class="space-y-0.5">${items}</ul>`;
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
