import { Form } from "react-router";
import { PartialAmount } from "~/components/money/partial-amount";
import { formatMoney } from "~/domain/format";
import { type PaymentStepKind, stepText } from "~/domain/payment-dates";
import type { GroupPageView, ScheduleRowView } from "~/server/groups/group-views.server";
import { ShowAllSummary, unnamedRecipient, YouTag } from "./group-labels";

/** SPEC.md section 9: the payout table shows 3 rows before the toggle. */
export const SCHEDULE_ROWS_SHOWN = 3;

type Props = { group: Pick<GroupPageView, "schedule" | "scheduleProjected" | "payoutOrder" | "members" | "viewer" | "status"> };

/**
 * Position, recipient, date, amount and status for every turn; the viewer's row highlighted. While the group is forming
 * the dates are projected. The admin of a forming fixed-order group moves members with up/down buttons (plain form
 * posts, so they work without JavaScript).
 */
export function GroupPayoutSchedule({ group }: Props) {
  const shown = group.schedule.slice(0, SCHEDULE_ROWS_SHOWN);
  const rest = group.schedule.slice(SCHEDULE_ROWS_SHOWN);
  const memberAt = new Map(group.members.filter((m) => m.payoutPosition !== null).map((m) => [m.payoutPosition!, m]));
  const lastFilled = Math.max(0, ...memberAt.keys());
  const reorder = group.viewer.canReorder ? { memberAt, lastFilled } : null;
  return (
    <section aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="text-lg font-semibold text-slate-900">
        Payout schedule
      </h2>
      {group.scheduleProjected ? (
        <p className="mt-1 text-sm text-slate-600" id="schedule-projected">
          Projected dates: as if the group filled today. The schedule is fixed when the last member joins.
        </p>
      ) : null}
      {reorder ? <p className="mt-1 text-sm text-slate-600">As the group admin you can change the payout order until the group starts.</p> : null}
      <ScheduleTable rows={shown} caption="Payout schedule" group={group} reorder={reorder} />
      {rest.length > 0 ? (
        <details className="group">
          <ShowAllSummary hiddenCount={rest.length} what={{ one: "payout", other: "payouts" }} />
          <ScheduleTable rows={rest} caption="Payout schedule, continued" group={group} reorder={reorder} />
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
  return (
    <div className="mt-3">
      {/* Stacked rows on a phone (.stack-table, app.css): one block per turn, each figure with its column's name. */}
      <table className="stack-table w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Position
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Recipient
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Amount
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Status
            </th>
            {reorder ? (
              <th scope="col" className="py-2 font-medium">
                Order
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const member = reorder?.memberAt.get(row.position);
            return (
              <tr key={row.position} className={row.isYou ? "bg-brand-50 font-semibold" : undefined} aria-current={row.isYou ? "true" : undefined}>
                <td className="py-2 pr-3" data-label="Position">
                  {row.position}
                </td>
                <td className="py-2 pr-3" data-label="Recipient">
                  {row.recipientName ?? unnamedRecipient(group.payoutOrder)}
                  {row.isYou ? (
                    <>
                      {" "}
                      <YouTag />
                      <span className="sr-only"> (your turn)</span>
                    </>
                  ) : null}
                </td>
                <td className="py-2 pr-3" data-label="Date">
                  <ScheduleDates row={row} />
                </td>
                <td className="py-2 pr-3" data-label="Amount">
                  {row.partial ? <PartialAmount partial={row.partial} /> : formatMoney(row.amountCents)}
                </td>
                <td className="py-2 pr-3" data-label="Status">
                  {row.status === "completed" ? "Completed" : "Pending"}
                </td>
                {reorder ? (
                  <td className="py-2" data-label="Order">
                    {member ? (
                      <Form method="post" preventScrollReset className="flex gap-1">
                        <input type="hidden" name="intent" value="move" />
                        <input type="hidden" name="memberId" value={member.memberId} />
                        {row.position > 1 ? (
                          <button type="submit" name="direction" value="up" className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-50">
                            <span aria-hidden="true">↑</span>
                            <span className="sr-only">Move {member.profile.name} up</span>
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
                            <span className="sr-only">Move {member.profile.name} down</span>
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
function ScheduleDates({ row }: { row: ScheduleRowView }) {
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
            {stepText(kind, step, { yours: row.isYou })}
          </li>
        ) : null,
      )}
    </ul>
  );
}
