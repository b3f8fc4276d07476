import { Form } from "react-router";
import { useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { consentedTurnNote, unpaidTurnRule } from "~/domain/failed-contribution";
import { formatCalendarDay } from "~/domain/format";
import { formatMoney } from "~/domain/format";
import type { LateContributionView } from "~/server/money/late-contributions.server";

/**
 * The group admin's view of every late contribution (issue 44): who, how much, how long it has waited, the next
 * automatic attempt or none, the group's rule for a turn never paid (ADR 053), and what the admin can do now: remind
 * the member or ask them to pay now (at most once a day each). Plain forms: they work without JavaScript.
 */
export function LateMembers({ late, action }: { late: LateContributionView[]; action: string }) {
  const t = useT();
  const locale = useLocale();
  const fullDate = (day: string) => formatCalendarDay(day, "full", locale);
  return (
    <section aria-labelledby="late-members-title" data-testid="late-members">
      <h2 id="late-members-title" className="text-lg font-semibold text-slate-900">
        {t("groupPage.lateMembers.title")}
      </h2>
      <ul className="mt-3 space-y-4 text-sm text-slate-700">
        {late.map((entry) => (
          <li key={`${entry.userId}:${entry.periodNumber}`} className="rounded-lg border border-slate-200 p-3" data-testid="late-member">
            <p className="font-medium text-slate-900">
              {t("groupPage.lateMembers.line", {
                name: entry.memberName,
                amount: formatMoney(entry.amountCents, locale),
                date: fullDate(entry.dueOn),
                count: entry.waitedDays,
              })}
            </p>
            <p className="mt-1">
              {entry.nextAttemptOn
                ? t("groupPage.lateMembers.nextAttempt", { date: fullDate(entry.nextAttemptOn), attempt: entry.attempt + 1 })
                : entry.payNow
                  ? // The member's own Pay now (ADR 052): named as such, after the automatic attempts, never "after 4 attempts".
                    t("groupPage.lateMembers.payNowNoAttemptLeft", { count: entry.automaticAttempts, name: entry.memberName })
                  : t("groupPage.lateMembers.noAttemptLeft", { count: entry.attempt, name: entry.memberName })}
            </p>
            <p className="mt-1 text-slate-600">
              {entry.consent
                ? consentedTurnNote(entry.memberName, entry.consent, locale === "en-US" ? undefined : { t, locale })
                : locale === "en-US"
                  ? unpaidTurnRule(entry.dueOn, entry.today, undefined, entry.ownTurn)
                  : unpaidTurnRule(entry.dueOn, entry.today, { t, locale }, entry.ownTurn)}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="late-reminder" />
                <input type="hidden" name="userId" value={entry.userId} />
                <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                  {t("groupPage.lateMembers.remind")}
                  <span className="sr-only"> {t("groupPage.lateMembers.remindWho", { name: entry.memberName })}</span>
                </button>
              </Form>
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="late-pay-now" />
                <input type="hidden" name="userId" value={entry.userId} />
                <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                  {t("groupPage.lateMembers.askPayNow")}
                  <span className="sr-only"> ({entry.memberName})</span>
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{t("groupPage.lateMembers.onceADay")}</p>
    </section>
  );
}
