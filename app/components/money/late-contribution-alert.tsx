import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { describeAccount } from "~/domain/failed-contribution";
import type { DebitAccountOption } from "~/server/money/debit-choice.server";
import type { LateContributionView } from "~/server/money/late-contributions.server";

/**
 * The member's own contribution that did not go through (issue 44): on the group page and as the dashboard's alert.
 * The amount, the account, the next attempt's date and what the member can do now (Pay now, choose another account).
 */
export function LateContributionAlert({
  late,
  showGroup = false,
  offer = null,
}: {
  late: LateContributionView;
  showGroup?: boolean;
  /** On the group page: the member's newest other usable account, offered for the next attempt (linked after a failure). */
  offer?: DebitAccountOption | null;
}) {
  return (
    <section
      aria-labelledby={`late-${late.groupId}-${late.periodNumber}`}
      data-testid="late-contribution"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id={`late-${late.groupId}-${late.periodNumber}`} className="text-base font-semibold">
        {showGroup
          ? `Your ${formatMoney(late.amountCents)} contribution to ${late.groupName} did not go through`
          : `Your ${formatMoney(late.amountCents)} contribution did not go through`}
      </h2>
      <p className="mt-1">{late.message}</p>
      <dl className="mt-2 grid gap-1 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Due: </dt>
          <dd className="inline">{formatCalendarDay(late.dueOn, "full")}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Next automatic attempt: </dt>
          <dd className="inline">{late.nextAttemptOn ? formatCalendarDay(late.nextAttemptOn, "full") : "None"}</dd>
        </div>
      </dl>
      {offer ? (
        <Form method="post" action={`/groups/${late.groupId}`} className="mt-3 flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="debit-account" />
          <input type="hidden" name="bankAccountId" value={offer.id} />
          <span>Use {describeAccount(offer)} for this group instead?</span>
          <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
            Use this account
          </button>
        </Form>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-2">
        <Link to={`/groups/${late.groupId}/pay`} className={buttonClass("primary")}>
          Pay {formatMoney(late.consent?.owedCents ?? late.amountCents)} now
        </Link>
        {showGroup ? (
          <Link to={`/groups/${late.groupId}#paid-from-title`} className={buttonClass("secondary")}>
            Choose another account
          </Link>
        ) : null}
      </p>
    </section>
  );
}
