import { Form, Link } from "react-router";
import { useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { describeAccount } from "~/domain/failed-contribution";
import type { DebitAccountOption } from "~/server/money/debit-choice.server";
import type { LateContributionView } from "~/server/money/late-contributions.server";

/**
 * The member's own contribution that did not go through (issue 44): on the group page and as the dashboard's alert.
 * The amount, the account, the next attempt's date and what the member can do now (Pay now, choose another account).
 */
/**
 * The late contribution Pay now pays before `late` in its group (the oldest of the member's there, as pay-now.server.ts
 * takes it), or null when `late` is that one. `all` is the member's late contributions, oldest first (lateFrom's order).
 */
export function payNowFirst(late: LateContributionView, all: readonly LateContributionView[]): LateContributionView | null {
  const first = all.find((entry) => entry.groupId === late.groupId && entry.userId === late.userId);
  return first && first.periodNumber !== late.periodNumber ? first : null;
}

export function LateContributionAlert({
  late,
  showGroup = false,
  offer = null,
  payFirst = null,
}: {
  late: LateContributionView;
  showGroup?: boolean;
  /**
   * An older late contribution of the member's in the same group: Pay now pays it first (pay-now.server.ts takes the
   * oldest), so this alert has no Pay now button and says which goes first. Null for the oldest (or only) one.
   */
  payFirst?: Pick<LateContributionView, "dueOn"> | null;
  /**
   * On the group page: the member's newest other usable account, offered for the next attempt (linked after a failure);
   * never the one the next attempt is already taken from nor the one that failed (debit-choice.server.ts groupMoneyFrom).
   */
  offer?: DebitAccountOption | null;
}) {
  const t = useT();
  const locale = useLocale();
  const amount = formatMoney(late.amountCents, locale);
  return (
    <section
      aria-labelledby={`late-${late.groupId}-${late.periodNumber}`}
      data-testid="late-contribution"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id={`late-${late.groupId}-${late.periodNumber}`} className="text-base font-semibold">
        {showGroup ? t("groupPage.lateAlert.titleInGroup", { amount, group: late.groupName }) : t("groupPage.lateAlert.title", { amount })}
      </h2>
      <p className="mt-1">{late.message}</p>
      <dl className="mt-2 grid gap-1 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">{t("groupPage.lateAlert.due")} </dt>
          <dd className="inline">{formatCalendarDay(late.dueOn, "full", locale)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">{t("groupPage.lateAlert.nextAttempt")} </dt>
          <dd className="inline">{late.nextAttemptOn ? formatCalendarDay(late.nextAttemptOn, "full", locale) : t("groupPage.lateAlert.none")}</dd>
        </div>
      </dl>
      {offer ? (
        <Form method="post" action={`/groups/${late.groupId}`} className="mt-3 flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="debit-account" />
          <input type="hidden" name="bankAccountId" value={offer.id} />
          <span>{t("groupPage.lateAlert.useOffer", { account: describeAccount(offer) })}</span>
          <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
            {t("groupPage.paidFrom.use")}
          </button>
        </Form>
      ) : null}
      {payFirst ? (
        <p className="mt-3" data-testid="late-pay-after">
          {t("groupPage.lateAlert.payAfter", { date: formatCalendarDay(payFirst.dueOn, "full", locale) })}
        </p>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-2">
        {payFirst ? null : (
          <Link to={`/groups/${late.groupId}/pay`} className={buttonClass("primary")}>
            {t("groupPage.lateAlert.payNow", { amount: late.consent ? formatMoney(late.consent.owedCents, locale) : amount })}
          </Link>
        )}
        {showGroup ? (
          <Link to={`/groups/${late.groupId}#paid-from-title`} className={buttonClass("secondary")}>
            {t("groupPage.lateAlert.chooseAnother")}
          </Link>
        ) : null}
      </p>
    </section>
  );
}
