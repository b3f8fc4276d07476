import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { consentedTurnNote, fullDate, unpaidTurnRule } from "~/domain/failed-contribution";
import { formatMoney } from "~/domain/format";
import { plural } from "~/domain/plural";
import type { LateContributionView } from "~/server/money/late-contributions.server";

/**
 * The group admin's view of every late contribution (issue 44): who, how much, how long it has waited, the next
 * automatic attempt or none, the group's rule for a turn never paid (ADR 053), and what the admin can do now: remind
 * the member or ask them to pay now (at most once a day each). Plain forms: they work without JavaScript.
 */
export function LateMembers({ late, action }: { late: LateContributionView[]; action: string }) {
  return (
    <section aria-labelledby="late-members-title" data-testid="late-members">
      <h2 id="late-members-title" className="text-lg font-semibold text-slate-900">
        Late contributions
      </h2>
      <ul className="mt-3 space-y-4 text-sm text-slate-700">
        {late.map((entry) => (
          <li key={`${entry.userId}:${entry.periodNumber}`} className="rounded-lg border border-slate-200 p-3" data-testid="late-member">
            <p className="font-medium text-slate-900">
              {entry.memberName}: {formatMoney(entry.amountCents)} due {fullDate(entry.dueOn)}, waiting{" "}
              {plural(entry.waitedDays, { one: "day", other: "days" })}
            </p>
            <p className="mt-1">
              {entry.nextAttemptOn
                ? `Next automatic attempt: ${fullDate(entry.nextAttemptOn)} (attempt ${entry.attempt + 1}).`
                : `No automatic attempt is left after ${plural(entry.attempt, { one: "attempt", other: "attempts" })}: ${entry.memberName} can pay it now from the group page.`}
            </p>
            <p className="mt-1 text-slate-600">
              {entry.consent ? consentedTurnNote(entry.memberName, entry.consent) : unpaidTurnRule(entry.dueOn, entry.today)}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="late-reminder" />
                <input type="hidden" name="userId" value={entry.userId} />
                <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                  Send a reminder<span className="sr-only"> to {entry.memberName}</span>
                </button>
              </Form>
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="late-pay-now" />
                <input type="hidden" name="userId" value={entry.userId} />
                <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                  Ask to pay now<span className="sr-only"> ({entry.memberName})</span>
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">Each member gets at most one reminder or request a day.</p>
    </section>
  );
}
