/**
 * The admin console's bank-provider settings (ADR 057): whether Plaid has enabled, for the configured keys, what the
 * app needs (Auth, Transfer, the Ledger), and in words an operator can act on what is missing. Presentational; the
 * route loads `plaidSettings()` (kept 5 minutes).
 */
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/page";
import type { PlaidSettingsReport } from "~/server/bank/plaid-settings.server";

type Serialized<T> = T extends { checkedAt: Date } ? Omit<T, "checkedAt"> & { checkedAt: string | Date } : never;
export type PlaidSettingsView = Serialized<PlaidSettingsReport>;

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function PlaidSettingsPanel({ report }: { report: PlaidSettingsView }) {
  const checked = `Checked ${when.format(new Date(report.checkedAt))} UTC.`;
  return (
    <Card>
      <section aria-labelledby="plaid-settings-title" className="space-y-3">
        <h2 id="plaid-settings-title" className="text-lg font-semibold text-slate-900">
          Bank provider settings
        </h2>
        {report.state === "ok" ? (
          <p className="text-sm text-slate-600" data-testid="plaid-settings-summary">
            Plaid answers for Auth, Transfer and the Ledger with these keys. {checked}
          </p>
        ) : report.state === "not-configured" ? (
          <p className="text-sm text-slate-600" data-testid="plaid-settings-summary">
            No bank provider is configured. {checked}
          </p>
        ) : report.state === "unreachable" ? (
          <Alert tone="warning" title="Plaid settings not checked">
            {report.message}. {checked}
          </Alert>
        ) : (
          <Alert tone="error" title="A Plaid setting is missing">
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
