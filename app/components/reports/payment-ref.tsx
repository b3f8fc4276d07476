import { formatCalendarDay, formatMoney } from "~/domain/format";
import { TRANSFER_STATUS_LABELS } from "~/domain/money";
import type { PaymentRef } from "~/server/reports/reports.server";

const REASON_LABELS: Record<string, string> = {
  contribution: "Contribution",
  contribution_reversal: "Contribution returned",
  shortfall_cover: "Covered by platform",
  shortfall_repaid: "Shortfall repaid",
  payout_sent: "Payout",
  payout_settled: "Payout",
  payout_reversal: "Payout returned",
  fee: "Setup fee",
  fee_reversal: "Setup fee returned",
};

/**
 * A payment row a report is about: as the statement shows it, and (for the admin) the ledger's and the bank's
 * references to look it up.
 */
export function PaymentSummary({ payment, references = false }: { payment: PaymentRef; references?: boolean }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="payment-ref">
      <p>
        <span className="font-medium">{REASON_LABELS[payment.reason] ?? payment.reason}</span> · {payment.memberName} ·{" "}
        {formatMoney(payment.amountCents)} · {formatCalendarDay(payment.effectiveOn, "medium")}
        {payment.periodNumber && payment.transferKind !== "fee" ? ` · period ${payment.periodNumber}` : ""} ·{" "}
        {TRANSFER_STATUS_LABELS[payment.transferStatus] ?? payment.transferStatus}
      </p>
      {references ? (
        <dl className="mt-1 grid gap-x-4 text-xs text-slate-600 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="inline">Posting: </dt>
            <dd className="inline break-all font-mono">{payment.postingId}</dd>
          </div>
          <div className="min-w-0">
            <dt className="inline">Posting key: </dt>
            <dd className="inline break-all font-mono">{payment.postingKey}</dd>
          </div>
          <div className="min-w-0">
            <dt className="inline">Bank transfer: </dt>
            <dd className="inline break-all font-mono">
              {payment.bankTransferId} ({payment.transferKind}, attempt {payment.attempt})
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="inline">At the bank: </dt>
            <dd className="inline break-all font-mono">
              {payment.providerTransferId ?? "not sent"}
              {payment.failureCode ? ` · ${payment.failureCode}` : ""}
            </dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
