/**
 * The admin console's bank-provider settings (ADR 057): whether Plaid has enabled, for the configured keys, what the
 * app needs (Auth, Transfer, the Ledger), and in words an operator can act on what is missing. Presentational; the
 * route loads `plaidSettings()` (kept 5 minutes).
 */
import { useLocale, useT } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/page";
import { formatDateTime } from "~/domain/format";
import type { PlaidSettingsReport } from "~/server/bank/plaid-settings.server";

type Serialized<T> = T extends { checkedAt: Date } ? Omit<T, "checkedAt"> & { checkedAt: string | Date } : never;
export type PlaidSettingsView = Serialized<PlaidSettingsReport>;

export function PlaidSettingsPanel({ report }: { report: PlaidSettingsView }) {
  const t = useT();
  const locale = useLocale();
  const checked = t("admin.plaid.checked", { when: formatDateTime(report.checkedAt, { timeZone: "UTC", locale }) });
  return (
    <Card>
      <section aria-labelledby="plaid-settings-title" className="space-y-3">
        <h2 id="plaid-settings-title" className="text-lg font-semibold text-slate-900">
          {t("admin.plaid.heading")}
        </h2>
        {report.state === "ok" ? (
          <p className="text-sm text-slate-600" data-testid="plaid-settings-summary">
            {t("admin.plaid.ok")} {checked}
          </p>
        ) : report.state === "not-configured" ? (
          <p className="text-sm text-slate-600" data-testid="plaid-settings-summary">
            {t("admin.plaid.notConfigured")} {checked}
          </p>
        ) : report.state === "unreachable" ? (
          <Alert tone="warning" title={t("admin.plaid.unreachable")}>
            {report.message}. {checked}
          </Alert>
        ) : (
          <Alert tone="error" title={t("admin.plaid.missing")}>
            <ul className="list-disc space-y-1 pl-5">
              {report.problems.map((problem) => (
                <li key={problem.setting}>
                  <span className="font-semibold">{problem.setting}:</span> {problem.message}
                </li>
              ))}
            </ul>
            <p className="mt-1">{checked}</p>
          </Alert>
        )}
      </section>
    </Card>
  );
}
