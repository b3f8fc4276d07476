/**
 * Profile → Your payment record (ADR 041): the member's own reliability record, how it is computed, and whether its
 * summary is shared with the members of their groups. The setting is a plain POST form (works without JavaScript).
 */
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { FADE_AFTER_DAYS, RECORD_EXPLANATION, type ReliabilityRecord, STANDING_LABELS } from "~/domain/reliability";

export type PaymentRecordView = {
  record: ReliabilityRecord;
  summary: string;
  /** The member's choice (users.share_reliability). */
  share: boolean;
  /** Their profile is visible to other members (users.profile_visible): without it, nothing is shared. */
  profileVisible: boolean;
};

export function PaymentRecord({ view }: { view: PaymentRecordView }) {
  const { record } = view;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "share-record";
  const rows: Array<[string, string]> = [
    ["On time", String(record.onTime)],
    ["Late (paid on a retry)", String(record.late)],
    ["Missed", String(record.missed)],
    ["Covered by the platform", record.covered === 0 ? "0" : `${record.covered} (${record.repaid} repaid)`],
    ["Still owed", String(record.owed)],
    ["Cycles completed", String(record.cyclesCompleted)],
  ];
  return (
    <Card>
      <section aria-labelledby="payment-record-title" data-testid="payment-record">
        <h2 id="payment-record-title" className="text-lg font-semibold text-slate-900">
          Your payment record
        </h2>
        <p className="mt-1 text-2xl font-bold text-slate-900">{STANDING_LABELS[record.standing]}</p>
        {record.score !== null ? <p className="text-sm text-slate-700">Score: {record.score} out of 100 (recent payments count more)</p> : null}
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {record.open > 0 || record.faded > 0 || record.retrying > 0 ? (
          <p className="mt-3 text-sm text-slate-600">
            {record.retrying > 0
              ? `${record.retrying} ${record.retrying === 1 ? "contribution" : "contributions"} did not go through and ${record.retrying === 1 ? "waits" : "wait"} for the next attempt or Pay now: not counted yet. `
              : ""}
            {record.open > 0
              ? `${record.open} ${record.open === 1 ? "contribution is" : "contributions are"} still on the way and not counted yet. `
              : ""}
            {record.faded > 0
              ? `${record.faded} older ${record.faded === 1 ? "contribution is" : "contributions are"} more than ${FADE_AFTER_DAYS / 365} years old and no longer counted.`
              : ""}
          </p>
        ) : null}
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">How your record is computed</summary>
          <div className="mt-2 space-y-2 text-sm text-slate-700">
            {RECORD_EXPLANATION.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </details>

        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="font-semibold text-slate-900">Sharing</h3>
          <p className="mt-1 text-sm text-slate-700">
            Others see this summary: <span className="font-medium">{view.summary}</span>
          </p>
          {view.profileVisible ? null : (
            <p className="mt-1 text-sm text-amber-900">
              Your profile is hidden from other members (
              <Link to="/profile/security" className="font-medium underline">
                Security → Profile visibility
              </Link>
              ), so your record is not shown to them either, whatever you choose here.
            </p>
          )}
          {/* key: after saving, the checkbox shows the stored value, not the one the browser remembered. */}
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-4" key={String(view.share)}>
            <label htmlFor="share-record" className="flex items-center gap-2 text-sm text-slate-800">
              <input id="share-record" type="checkbox" name="enabled" defaultChecked={view.share} className="h-4 w-4 rounded border-slate-300" />
              Show this summary to the members of my groups and to people invited to them
            </label>
            <button type="submit" name="intent" value="share-record" className={buttonClass("secondary")} disabled={busy}>
              Update Sharing
            </button>
          </Form>
        </div>
      </section>
    </Card>
  );
}
