import { useT } from "~/components/i18n";
import { Card } from "~/components/ui/page";

const BAR_TONES = { green: "bg-green-600", amber: "bg-amber-500", red: "bg-red-600" } as const;

export type AccountSummary = {
  completeness: number;
  tone: keyof typeof BAR_TONES;
  memberSince: string;
  lastLogin: string;
  bankConnected: boolean;
  /** The linked banks, when known (empty when the profile read failed). */
  bankInstitutions?: string[];
};

/**
 * Profile → Account: completion bar (SPEC.md section 5 colours), member since, last login, status, bank status. The
 * loader writes the dates (and "Never") in the reader's language.
 */
export function AccountCard({ account }: { account: AccountSummary }) {
  const t = useT();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t("account.card.title")}</h2>
      <div className="mt-4">
        <div className="flex items-center justify-between text-sm">
          <span id="completion-label" className="text-slate-700">
            {t("account.card.completion")}
          </span>
          <span className="font-semibold text-slate-900">{account.completeness}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="completion-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={account.completeness}
          data-tone={account.tone}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className={`h-full ${BAR_TONES[account.tone]}`} style={{ width: `${account.completeness}%` }} />
        </div>
      </div>
      <dl className="mt-6 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-slate-600">{t("account.card.memberSince")}</dt>
          <dd className="text-right font-medium text-slate-900">{account.memberSince}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-slate-600">{t("account.card.lastLogin")}</dt>
          <dd className="text-right font-medium text-slate-900">{account.lastLogin}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-slate-600">{t("account.card.status")}</dt>
          <dd className="font-medium text-green-800">{t("account.card.active")}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-slate-600">{t("account.card.bank")}</dt>
          <dd className={`font-medium ${account.bankConnected ? "text-green-800" : "text-slate-700"}`}>
            {account.bankConnected ? t("account.card.connected") : t("account.card.notConnected")}
            {account.bankConnected && account.bankInstitutions?.length ? (
              <span className="block text-xs font-normal text-slate-600">{account.bankInstitutions.join(", ")}</span>
            ) : null}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
