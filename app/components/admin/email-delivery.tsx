/**
 * The admin console's email panel (ADR 010): whether email is paused (the mail service refused the account: "Email
 * paused: <reason>", the count waiting and "Try again"), what waits in the outbox (and how much of it has failed at
 * least once: Postmark trouble shows here first), and the emails given up on after their last attempt, each with a
 * "Send again" (plain POST forms, working without JavaScript).
 */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { plural } from "~/domain/plural";
import { type AdminListState, ListStateFields } from "./admin-panels";

export type EmailDeliveryView = {
  paused: { since: string | Date; reason: string; detail: string | null; nextProbeAt: string | Date; probes: number } | null;
  pending: number;
  retrying: number;
  oldestPendingAt: string | Date | null;
  failed: Array<{
    id: string;
    toAddress: string;
    template: string;
    attempts: number;
    lastError: string | null;
    failedAt: string | Date | null;
    undeliverable: string | null;
  }>;
  failedTotal: number;
};

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const EMAILS = { one: "email", other: "emails" };

/** "Email paused: <reason>" (issue 31, copied exactly). */
export function emailPausedTitle(reason: string) {
  return `Email paused: ${reason}`;
}

export function emailWaitingLine(pending: number) {
  return `${plural(pending, EMAILS)} waiting. Nothing is given up while email is paused.`;
}

export function emailDeliverySummary(view: Pick<EmailDeliveryView, "pending" | "retrying" | "failedTotal">) {
  if (view.pending === 0 && view.failedTotal === 0) return "Every email has been delivered.";
  const parts: string[] = [];
  if (view.pending > 0) parts.push(`${plural(view.pending, EMAILS)} waiting to be sent (${view.retrying} after a failed attempt)`);
  if (view.failedTotal > 0) parts.push(`${plural(view.failedTotal, EMAILS)} not delivered after the last retry (30 days)`);
  return `${parts.join("; ")}.`;
}

export function EmailDeliveryPanel({ view, list }: { view: EmailDeliveryView; list: AdminListState }) {
  return (
    <Card>
      <section aria-labelledby="email-delivery-title" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="email-delivery-title" className="text-lg font-semibold text-slate-900">
            Email delivery
          </h2>
          <p className="text-sm text-slate-600" data-testid="email-delivery-summary">
            {emailDeliverySummary(view)}
          </p>
        </div>
        {view.paused ? (
          <div role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="email-paused">
            <p className="font-semibold">{emailPausedTitle(view.paused.reason)}</p>
            <p>{emailWaitingLine(view.pending)}</p>
            {view.paused.detail ? <p className="break-words text-xs text-red-800">The mail service said: {view.paused.detail}</p> : null}
            <p className="text-xs text-red-800">
              Paused since {when.format(new Date(view.paused.since))} UTC. Sending resumes by itself once a test send is accepted; the next is due{" "}
              {when.format(new Date(view.paused.nextProbeAt))} UTC.
            </p>
            <Form method="post" action="/admin">
              <input type="hidden" name="intent" value="retry-paused-email" />
              <ListStateFields {...list} />
              <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                Try again
              </button>
            </Form>
          </div>
        ) : null}
        {!view.paused && view.oldestPendingAt && view.retrying > 0 ? (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            The mail service has been failing: the oldest email waiting was queued {when.format(new Date(view.oldestPendingAt))} UTC. Nothing is lost;
            the delivery job keeps retrying.
          </p>
        ) : null}
        {view.failed.length > 0 ? (
          <div>
            {/* Stacked rows on a phone (.stack-table, app.css). */}
            <table className="stack-table min-w-full text-left text-sm">
              <caption className="sr-only">Emails not delivered after their last retry</caption>
              <thead className="text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    To
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Last error
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {view.failed.map((row) => (
                  <tr key={row.id} data-testid="email-failed-row">
                    <th scope="row" className="py-2 pr-4 font-medium break-all text-slate-900">
                      {row.toAddress}
                    </th>
                    <td className="py-2 pr-4" data-label="Email">
                      {row.template}
                      <span className="block text-xs text-slate-500">
                        {plural(row.attempts, { one: "attempt", other: "attempts" })}
                        {row.failedAt ? `, gave up ${when.format(new Date(row.failedAt))} UTC` : ""}
                      </span>
                    </td>
                    <td className="max-w-xs break-words py-2 pr-4 text-xs text-slate-600" data-label="Last error">
                      {row.undeliverable ? (
                        <span className="mb-1 block font-medium text-red-800">
                          Undeliverable address: sending again won't help unless Postmark reactivates it.
                        </span>
                      ) : null}
                      {row.lastError ?? "—"}
                    </td>
                    <td className="py-2">
                      <Form method="post" action="/admin">
                        <input type="hidden" name="intent" value="retry-email" />
                        <input type="hidden" name="emailId" value={row.id} />
                        <ListStateFields {...list} />
                        <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                          Send again<span className="sr-only"> to {row.toAddress}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </Card>
  );
}
