/**
 * The admin console's email panel (ADR 010): whether email is paused (the mail service refused the account: "Email
 * paused: <reason>", the count waiting and "Try again"), what waits in the outbox (and how much of it has failed at
 * least once: Postmark trouble shows here first), and the emails given up on after their last attempt, each with a
 * "Send again" (plain POST forms, working without JavaScript).
 */
import { Form } from "react-router";
import { T, type Translate, useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { formatDateTime } from "~/domain/format";
import type { Locale } from "~/domain/locale";
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

/** "Nov 21, 2026, 6:04 PM UTC": an instant as the console shows it, in UTC, in the reader's language. */
function utc(value: string | Date, locale: Locale) {
  return formatDateTime(value, { timeZone: "UTC", locale });
}

/** The panel's one-line summary: "Every email has been delivered.", or what waits and what was given up. */
export function emailDeliverySummary(view: Pick<EmailDeliveryView, "pending" | "retrying" | "failedTotal">, t: Translate) {
  if (view.pending === 0 && view.failedTotal === 0) return t("admin.email.allDelivered");
  const parts: string[] = [];
  if (view.pending > 0) parts.push(t("admin.email.pending", { count: view.pending, retrying: view.retrying }));
  if (view.failedTotal > 0) parts.push(t("admin.email.failed", { count: view.failedTotal }));
  return `${parts.join("; ")}.`;
}

export function EmailDeliveryPanel({ view, list }: { view: EmailDeliveryView; list: AdminListState }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card>
      <section aria-labelledby="email-delivery-title" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="email-delivery-title" className="text-lg font-semibold text-slate-900">
            {t("admin.email.heading")}
          </h2>
          <p className="text-sm text-slate-600" data-testid="email-delivery-summary">
            {emailDeliverySummary(view, t)}
          </p>
        </div>
        {view.paused ? (
          <div role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="email-paused">
            {/* "Email paused: <reason>" (issue 31, copied exactly); the reason is the mail service's, in English. */}
            <p className="font-semibold">{t("admin.email.paused", { reason: view.paused.reason })}</p>
            <p>{t("admin.email.waiting", { count: view.pending })}</p>
            {view.paused.detail ? (
              <p className="break-words text-xs text-red-800">{t("admin.email.serviceSaid", { detail: view.paused.detail })}</p>
            ) : null}
            <p className="text-xs text-red-800">
              {t("admin.email.pausedSince", { since: utc(view.paused.since, locale), next: utc(view.paused.nextProbeAt, locale) })}
            </p>
            <Form method="post" action="/admin">
              <input type="hidden" name="intent" value="retry-paused-email" />
              <ListStateFields {...list} />
              <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                {t("admin.email.tryAgain")}
              </button>
            </Form>
          </div>
        ) : null}
        {!view.paused && view.oldestPendingAt && view.retrying > 0 ? (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {t("admin.email.failing", { queued: utc(view.oldestPendingAt, locale) })}
          </p>
        ) : null}
        {view.failed.length > 0 ? (
          <div>
            {/* Stacked rows on a phone (.stack-table, app.css). */}
            <table className="stack-table min-w-full text-left text-sm">
              <caption className="sr-only">{t("admin.email.caption")}</caption>
              <thead className="text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    {t("admin.email.to")}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t("admin.email.email")}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t("admin.email.lastError")}
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">{t("admin.action")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {view.failed.map((row) => (
                  <tr key={row.id} data-testid="email-failed-row">
                    <th scope="row" className="py-2 pr-4 font-medium break-all text-slate-900">
                      {row.toAddress}
                    </th>
                    <td className="py-2 pr-4" data-label={t("admin.email.email")}>
                      {row.template}
                      <span className="block text-xs text-slate-500">
                        {t("admin.email.attempts", { count: row.attempts })}
                        {row.failedAt ? t("admin.email.gaveUp", { when: utc(row.failedAt, locale) }) : ""}
                      </span>
                    </td>
                    <td className="max-w-xs break-words py-2 pr-4 text-xs text-slate-600" data-label={t("admin.email.lastError")}>
                      {row.undeliverable ? <span className="mb-1 block font-medium text-red-800">{t("admin.email.undeliverable")}</span> : null}
                      {row.lastError ?? "—"}
                    </td>
                    <td className="py-2">
                      <Form method="post" action="/admin">
                        <input type="hidden" name="intent" value="retry-email" />
                        <input type="hidden" name="emailId" value={row.id} />
                        <ListStateFields {...list} />
                        <button type="submit" className={buttonClass("secondary", "px-3 py-1.5")}>
                          <T id="admin.email.sendAgain" values={{ address: row.toAddress }} components={{ 0: <span className="sr-only" /> }} />
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
