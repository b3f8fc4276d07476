import { type MessageId, useLocale, useT } from "~/components/i18n";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import type { PaymentRef } from "~/server/reports/reports.server";

/** The statement's name for a posting's reason: a message id (report.en-US.ts). */
const REASON_LABELS: Record<string, MessageId> = {
  contribution: "report.reason.contribution",
  contribution_reversal: "report.reason.contribution_reversal",
  shortfall_cover: "report.reason.shortfall_cover",
  shortfall_repaid: "report.reason.shortfall_repaid",
  payout_sent: "report.reason.payout",
  payout_settled: "report.reason.payout",
  payout_reversal: "report.reason.payout_reversal",
  fee: "report.reason.fee",
  fee_reversal: "report.reason.fee_reversal",
};

const TRANSFER_STATUSES = new Set(["created", "pending", "posted", "settled", "funds_available", "declined", "failed", "returned", "cancelled"]);

/**
 * A payment row a report is about: as the statement shows it, and (for the admin) the ledger's and the bank's
 * references to look it up.
 */
export function PaymentSummary({ payment, references = false }: { payment: PaymentRef; references?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const reason = REASON_LABELS[payment.reason];
  const status = TRANSFER_STATUSES.has(payment.transferStatus) ? t(`report.transfer.${payment.transferStatus}` as MessageId) : payment.transferStatus;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="payment-ref">
      <p>
        <span className="font-medium">{reason ? t(reason) : payment.reason}</span> · {payment.memberName} · {formatMoney(payment.amountCents, locale)}{" "}
        · {formatCalendarDay(payment.effectiveOn, "medium", locale)}
        {payment.periodNumber && payment.transferKind !== "fee" ? t("report.period", { period: payment.periodNumber }) : ""} · {status}
      </p>
      {references ? (
        <dl className="mt-1 grid gap-x-4 text-xs text-slate-600 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="inline">{t("admin.ref.posting")} </dt>
            <dd className="inline break-all font-mono">{payment.postingId}</dd>
          </div>
          <div className="min-w-0">
            <dt className="inline">{t("admin.ref.postingKey")} </dt>
            <dd className="inline break-all font-mono">{payment.postingKey}</dd>
          </div>
          <div className="min-w-0">
            <dt className="inline">{t("admin.ref.bankTransfer")} </dt>
            <dd className="inline break-all font-mono">
              {payment.bankTransferId} {t("admin.ref.transferKind", { kind: payment.transferKind, attempt: payment.attempt })}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="inline">{t("admin.ref.atTheBank")} </dt>
            <dd className="inline break-all font-mono">
              {payment.providerTransferId ?? t("admin.ref.notSent")}
              {payment.failureCode ? ` · ${payment.failureCode}` : ""}
            </dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
