/**
 * The admin console's money-health panel (ADR 008, "When a guard refuses"): groups whose money work fails or was
 * parked, payouts the invariant guard refused, and contributions returned after their payout that the platform
 * fronted. Presentational; the route loads `moneyHealth()`. Resume is a plain POST form (works without JavaScript).
 */
import { Form } from "react-router";
import { T, useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { UNPAID_TURN_DAYS, unpaidTurnCase } from "~/domain/failed-contribution";
import { formatCalendarDay, formatDateTime, formatMoney } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import type { CancellableDebit, MoneyHealth, UnpaidTurnView, WaitingMoneyView } from "~/server/money/health.server";
import { type AdminListState, ListStateFields } from "./admin-panels";

export type MoneyHealthView = {
  totals: MoneyHealth["totals"];
  groups: Array<{
    id: string;
    name: string;
    status: string;
    failures: number;
    lastError: string | null;
    parkedAt: string | Date | null;
    membersWaiting: number;
    refusals: number;
    frontedCents: number;
    returnsFronted: number;
  }>;
  failedJobs: Array<{ queue: string; count: number; lastFailedAt: string | Date | null; lastError: string | null }>;
  cancellable: CancellableDebit[];
  waiting: WaitingMoneyView[];
  unpaidTurns: UnpaidTurnView[];
};

/** "Nov 21, 2026, 6:04 PM UTC": an instant as the console shows it, in UTC, in the reader's language. */
function utc(value: string | Date, locale: Locale) {
  return formatDateTime(value, { timeZone: "UTC", locale });
}

const srOnly = <span className="sr-only" />;

export function MoneyHealthPanel({ health, list }: { health: MoneyHealthView; list: AdminListState }) {
  const { totals, groups, failedJobs, cancellable, waiting, unpaidTurns } = health;
  const t = useT();
  const locale = useLocale();
  return (
    <Card>
      <section aria-labelledby="money-health-title" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="money-health-title" className="text-lg font-semibold text-slate-900">
            {t("admin.money.heading")}
          </h2>
          <p className="text-sm text-slate-600" data-testid="money-health-summary">
            {totals.needsAttention === 0
              ? t("admin.money.healthy")
              : t("admin.money.summary", {
                  needs: totals.needsAttention,
                  parked: totals.parked,
                  failing: totals.failing,
                  refusals: totals.refusals,
                  returns: totals.returnsFronted,
                  owed: formatMoney(totals.frontedCents, locale),
                  waiting: totals.waitingOnMembers,
                  members: totals.membersWaiting,
                })}
          </p>
        </div>
        {failedJobs.length > 0 ? (
          <div role="status" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">{t("admin.money.jobsHeading")}</p>
            <ul className="mt-1 list-disc pl-5">
              {failedJobs.map((job) => (
                <li key={job.queue}>
                  {job.queue}: {job.count}
                  {job.lastFailedAt ? t("admin.money.jobLast", { when: utc(job.lastFailedAt, locale) }) : ""}
                  {job.lastError ? ` — ${job.lastError}` : ""}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {groups.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin.money.none")}</p>
        ) : (
          <div>
            {/* Stacked rows on a phone (.stack-table, app.css): squeezed side by side, "Runs" broke into a letter a line. */}
            <table className="stack-table min-w-full text-left text-sm">
              <caption className="sr-only">{t("admin.money.caption")}</caption>
              <thead className="text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="whitespace-nowrap py-2 pr-4">
                    {t("admin.money.group")}
                  </th>
                  <th scope="col" className="whitespace-nowrap py-2 pr-4">
                    {t("admin.money.runs")}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t("admin.money.refused")}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t("admin.money.fronted")}
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">{t("admin.action")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {groups.map((group) => (
                  <tr key={group.id} data-testid="money-health-row">
                    <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                      {group.name}
                      <span className="block text-xs font-normal text-slate-500">
                        {group.status} · {group.id}
                      </span>
                    </th>
                    <td className="py-2 pr-4" data-label={t("admin.money.runs")}>
                      {group.parkedAt ? (
                        <span className="font-semibold text-red-700">{t("admin.money.parked", { when: utc(group.parkedAt, locale) })}</span>
                      ) : group.failures > 0 ? (
                        <span className="font-semibold text-amber-700">{t("admin.money.failures", { count: group.failures })}</span>
                      ) : (
                        t("admin.money.ok")
                      )}
                      {group.lastError ? <span className="block max-w-xs truncate text-xs text-slate-500">{group.lastError}</span> : null}
                    </td>
                    <td className="py-2 pr-4" data-label={t("admin.money.refused")}>
                      {group.refusals}
                    </td>
                    <td className="py-2 pr-4" data-label={t("admin.money.fronted")}>
                      {group.returnsFronted > 0
                        ? t("admin.money.returnsOwed", { count: group.returnsFronted, owed: formatMoney(group.frontedCents, locale) })
                        : "—"}
                    </td>
                    <td className="py-2">
                      {group.parkedAt || group.failures > 0 || group.refusals > 0 ? (
                        <Form method="post" action="/admin">
                          <input type="hidden" name="intent" value="resume-group" />
                          <input type="hidden" name="groupId" value={group.id} />
                          <ListStateFields {...list} />
                          <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                            <T id="admin.money.resume" values={{ name: group.name }} components={{ 0: srOnly }} />
                          </button>
                        </Form>
                      ) : group.membersWaiting > 0 ? (
                        <Form method="post" action="/admin">
                          <input type="hidden" name="intent" value="remind-late" />
                          <input type="hidden" name="groupId" value={group.id} />
                          <ListStateFields {...list} />
                          <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                            <T id="admin.money.remind" values={{ count: group.membersWaiting, name: group.name }} components={{ 0: srOnly }} />
                          </button>
                        </Form>
                      ) : group.returnsFronted > 0 ? (
                        <a href="#money-waiting-title" className="text-brand-700 underline">
                          {t("admin.money.seeOwed")}
                        </a>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <UnpaidTurns turns={unpaidTurns} />
        <WaitingOnMembers waiting={waiting} />
        <details className="rounded-md border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-900">
            {cancellable.length === 20 ? t("admin.money.debitsNewest") : t("admin.money.debits", { count: cancellable.length })}
          </summary>
          <p className="mt-2 text-slate-600">{t("admin.money.debitsLead")}</p>
          {cancellable.length === 0 ? (
            <p className="mt-2 text-slate-600">{t("admin.money.debitsNone")}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {cancellable.map((debit) => {
                const what =
                  debit.kind === "fee"
                    ? t("admin.money.debitFee", { member: debit.memberName, group: debit.groupName })
                    : t("admin.money.debitContribution", { member: debit.memberName, period: debit.periodNumber, group: debit.groupName });
                return (
                  <li key={debit.transferId} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="cancellable-debit">
                    <span>
                      {/* The day it was made as the bank's records say it (ISO), in both languages. */}
                      {t("admin.money.debitLine", { what, amount: formatMoney(debit.amountCents, locale), date: debit.initiatedOn })}
                    </span>
                    <Form method="post" action="/admin">
                      <input type="hidden" name="intent" value="cancel-debit" />
                      <input type="hidden" name="transferId" value={debit.transferId} />
                      <ListStateFields {...list} />
                      <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                        <T id="admin.money.cancelDebit" values={{ what }} components={{ 0: srOnly }} />
                      </button>
                    </Form>
                  </li>
                );
              })}
            </ul>
          )}
        </details>
      </section>
    </Card>
  );
}

/**
 * Money groups wait for (ADR 040): each member whose contribution failed and has not come in — out of attempts, waiting
 * for them to act, or to be retried — and each payout out of attempts, with what the platform will do about it.
 */
function WaitingOnMembers({ waiting }: { waiting: WaitingMoneyView[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="money-waiting-title" className="space-y-2">
      <h3 id="money-waiting-title" className="text-base font-semibold text-slate-900">
        {t("admin.money.waitingHeading")}
      </h3>
      {waiting.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.money.waitingNone")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {waiting.map((row) => (
            <li key={`${row.groupId}:${row.kind}:${row.periodNumber}:${row.memberName}`} className="py-2" data-testid="money-waiting-row">
              <p className="font-medium text-slate-900">
                {t(row.kind === "payout" ? "admin.money.waitingPayout" : "admin.money.waitingContribution", {
                  group: row.groupName,
                  member: row.memberName,
                  amount: formatMoney(row.amountCents, locale),
                  period: row.periodNumber,
                })}
              </p>
              <p className={row.next === "retry" ? "text-slate-700" : "font-medium text-amber-800"}>{row.whatHappened}</p>
              <p className="text-slate-700">{row.whatWillHappen}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Turns unpaid for UNPAID_TURN_DAYS or more (ADR 053, step 4): Rosca's support team takes each up with the group's admin
 * and the member (an email to both, written for them), longest wait first.
 */
function UnpaidTurns({ turns }: { turns: UnpaidTurnView[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="unpaid-turns-title" className="space-y-2">
      <h3 id="unpaid-turns-title" className="text-base font-semibold text-slate-900">
        {t("admin.money.unpaidHeading", { days: UNPAID_TURN_DAYS })}
      </h3>
      {turns.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.money.unpaidNone", { days: UNPAID_TURN_DAYS })}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {turns.map((turn) => {
            // The case's summary and action in the admin's language; the email to the admin and the member stays English.
            const words = unpaidTurnCase(turn, locale === "en-US" ? undefined : { t, locale });
            const to = [turn.adminEmail, turn.memberEmail].filter(Boolean).join(",");
            const mailto = `mailto:${to}?${new URLSearchParams({ subject: words.emailSubject, body: words.emailBody }).toString().replaceAll("+", "%20")}`;
            return (
              <li key={`${turn.groupId}:${turn.periodNumber}:${turn.memberEmail}`} className="py-2" data-testid="unpaid-turn-row">
                <p className="font-medium text-slate-900">
                  {t("admin.money.unpaidLine", {
                    group: turn.groupName,
                    member: turn.memberName,
                    amount: formatMoney(turn.amountCents, locale),
                    days: turn.waitedDays,
                  })}
                </p>
                <p className="text-slate-700">{words.summary}</p>
                <p className="font-medium text-amber-800">
                  {t("admin.money.unpaidSince", { date: formatCalendarDay(turn.supportFrom, "full", locale), action: words.action })}
                </p>
                <a href={mailto} className="text-brand-700 underline break-all">
                  {turn.adminName
                    ? t("admin.money.unpaidEmail", { admin: turn.adminName, member: turn.memberName })
                    : t("admin.money.unpaidEmailNoAdmin", { member: turn.memberName })}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
