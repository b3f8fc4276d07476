/**
 * The admin console's money-health panel (ADR 008, "When a guard refuses"): groups whose money work fails or was
 * parked, payouts the invariant guard refused, and contributions returned after their payout that the platform
 * fronted. Presentational; the route loads `moneyHealth()`. Resume is a plain POST form (works without JavaScript).
 */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { fullDate, UNPAID_TURN_DAYS, unpaidTurnCase } from "~/domain/failed-contribution";
import { formatMoney } from "~/domain/format";
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

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

export function MoneyHealthPanel({ health, list }: { health: MoneyHealthView; list: AdminListState }) {
  const { totals, groups, failedJobs, cancellable, waiting, unpaidTurns } = health;
  return (
    <Card>
      <section aria-labelledby="money-health-title" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="money-health-title" className="text-lg font-semibold text-slate-900">
            Money health
          </h2>
          <p className="text-sm text-slate-600" data-testid="money-health-summary">
            {totals.needsAttention === 0
              ? "Every group's money is healthy."
              : `${plural(totals.needsAttention, "group needs", "groups need")} attention: ${plural(totals.parked, "parked", "parked")}, ${plural(totals.failing, "failing", "failing")}, ${plural(totals.refusals, "payout refused", "payouts refused")}, ${plural(totals.returnsFronted, "return", "returns")} fronted by the platform (${formatMoney(totals.frontedCents)} still owed), ${plural(totals.waitingOnMembers, "waiting on a member", "waiting on members")} (${plural(totals.membersWaiting, "member", "members")} waiting).`}
          </p>
        </div>
        {failedJobs.length > 0 ? (
          <div role="status" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">Jobs that failed after their last retry (7 days)</p>
            <ul className="mt-1 list-disc pl-5">
              {failedJobs.map((job) => (
                <li key={job.queue}>
                  {job.queue}: {job.count}
                  {job.lastFailedAt ? `, last ${when.format(new Date(job.lastFailedAt))} UTC` : ""}
                  {job.lastError ? ` — ${job.lastError}` : ""}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {groups.length === 0 ? (
          <p className="text-sm text-slate-600">No failed runs, no refused payouts, nothing fronted by the platform.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Groups whose money needs attention</caption>
              <thead className="text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Group
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Runs
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Refused payouts
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Fronted by the platform
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Action</span>
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
                    <td className="py-2 pr-4">
                      {group.parkedAt ? (
                        <span className="font-semibold text-red-700">Parked {when.format(new Date(group.parkedAt))} UTC</span>
                      ) : group.failures > 0 ? (
                        <span className="font-semibold text-amber-700">{plural(group.failures, "failure", "failures")} in a row</span>
                      ) : (
                        "OK"
                      )}
                      {group.lastError ? <span className="block max-w-xs truncate text-xs text-slate-500">{group.lastError}</span> : null}
                    </td>
                    <td className="py-2 pr-4">{group.refusals}</td>
                    <td className="py-2 pr-4">
                      {group.returnsFronted > 0
                        ? `${plural(group.returnsFronted, "return", "returns")}, ${formatMoney(group.frontedCents)} owed`
                        : "—"}
                    </td>
                    <td className="py-2">
                      {group.parkedAt || group.failures > 0 || group.refusals > 0 ? (
                        <Form method="post" action="/admin">
                          <input type="hidden" name="intent" value="resume-group" />
                          <input type="hidden" name="groupId" value={group.id} />
                          <ListStateFields {...list} />
                          <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                            Resume<span className="sr-only"> {group.name}</span>
                          </button>
                        </Form>
                      ) : group.membersWaiting > 0 ? (
                        <Form method="post" action="/admin">
                          <input type="hidden" name="intent" value="remind-late" />
                          <input type="hidden" name="groupId" value={group.id} />
                          <ListStateFields {...list} />
                          <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                            Remind {plural(group.membersWaiting, "late member", "late members")}
                            <span className="sr-only"> of {group.name}</span>
                          </button>
                        </Form>
                      ) : group.returnsFronted > 0 ? (
                        <a href="#money-waiting-title" className="text-brand-700 underline">
                          See what is owed
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
            Debits the bank has not sent yet ({cancellable.length === 20 ? "20 newest" : cancellable.length})
          </summary>
          <p className="mt-2 text-slate-600">
            A debit can be stopped until the bank sends it to the member's bank (usually the day it is made). It is not tried again; the member and
            the group's admin are told.
          </p>
          {cancellable.length === 0 ? (
            <p className="mt-2 text-slate-600">None right now.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {cancellable.map((debit) => {
                const what = `${debit.memberName}'s ${debit.kind === "fee" ? "setup fee" : `period ${debit.periodNumber} contribution`} to ${debit.groupName}`;
                return (
                  <li key={debit.transferId} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="cancellable-debit">
                    <span>
                      {what}: {formatMoney(debit.amountCents)}, made {debit.initiatedOn}
                    </span>
                    <Form method="post" action="/admin">
                      <input type="hidden" name="intent" value="cancel-debit" />
                      <input type="hidden" name="transferId" value={debit.transferId} />
                      <ListStateFields {...list} />
                      <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                        Cancel debit<span className="sr-only"> {what}</span>
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
  return (
    <section aria-labelledby="money-waiting-title" className="space-y-2">
      <h3 id="money-waiting-title" className="text-base font-semibold text-slate-900">
        Waiting on members
      </h3>
      {waiting.length === 0 ? (
        <p className="text-sm text-slate-600">No group is waiting for a member's money.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {waiting.map((row) => (
            <li key={`${row.groupId}:${row.kind}:${row.periodNumber}:${row.memberName}`} className="py-2" data-testid="money-waiting-row">
              <p className="font-medium text-slate-900">
                {row.groupName} · {row.memberName} · {formatMoney(row.amountCents)}{" "}
                {row.kind === "payout" ? `payout, period ${row.periodNumber}` : `contribution, period ${row.periodNumber}`}
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
  return (
    <section aria-labelledby="unpaid-turns-title" className="space-y-2">
      <h3 id="unpaid-turns-title" className="text-base font-semibold text-slate-900">
        Turns unpaid for {UNPAID_TURN_DAYS} days or more
      </h3>
      {turns.length === 0 ? (
        <p className="text-sm text-slate-600">No turn has waited {UNPAID_TURN_DAYS} days or more for a contribution.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {turns.map((turn) => {
            const words = unpaidTurnCase(turn);
            const to = [turn.adminEmail, turn.memberEmail].filter(Boolean).join(",");
            const mailto = `mailto:${to}?${new URLSearchParams({ subject: words.emailSubject, body: words.emailBody }).toString().replaceAll("+", "%20")}`;
            return (
              <li key={`${turn.groupId}:${turn.periodNumber}:${turn.memberEmail}`} className="py-2" data-testid="unpaid-turn-row">
                <p className="font-medium text-slate-900">
                  {turn.groupName} · {turn.memberName} · {formatMoney(turn.amountCents)} · waited {turn.waitedDays} days
                </p>
                <p className="text-slate-700">{words.summary}</p>
                <p className="font-medium text-amber-800">
                  Since {fullDate(turn.supportFrom)}: {words.action}
                </p>
                <a href={mailto} className="text-brand-700 underline break-all">
                  Email {turn.adminName ?? "the group admin"} and {turn.memberName}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
