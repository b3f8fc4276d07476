/**
 * Profile → Your payment record (ADR 041): the member's own reliability record, how it is computed, and whether its
 * summary is shared with the members of their groups. The setting is a plain POST form (works without JavaScript).
 */
import { Form, Link, useNavigation } from "react-router";
import { T, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { FADE_AFTER_DAYS, HALF_LIFE_DAYS, NEW_MEMBER_MARKS, type ReliabilityRecord } from "~/domain/reliability";

/** RECORD_EXPLANATION's paragraphs (app/domain/reliability.ts), its numbers from their constants. */
const EXPLANATION = [
  "profile.record.explanation1",
  "profile.record.explanation2",
  "profile.record.explanation3",
  "profile.record.explanation4",
  "profile.record.explanation5",
] as const;

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
  const t = useT();
  const years = FADE_AFTER_DAYS / 365;
  const rows: Array<[string, string]> = [
    [t("profile.record.onTime"), String(record.onTime)],
    [t("profile.record.late"), String(record.late)],
    [t("profile.record.missed"), String(record.missed)],
    [t("profile.record.covered"), record.covered === 0 ? "0" : t("profile.record.coveredRepaid", { covered: record.covered, repaid: record.repaid })],
    [t("profile.record.owed"), String(record.owed)],
    [t("profile.record.cycles"), String(record.cyclesCompleted)],
  ];
  const standing =
    record.standing === "new" && record.onTime + record.late + record.missed === 0
      ? t("groupPage.record.noHistory")
      : t(`groupPage.record.standing.${record.standing}`);
  const pending = [
    record.open > 0 ? t("profile.record.open", { count: record.open }) : null,
    record.declined > 0 ? t("profile.record.declined", { count: record.declined }) : null,
    record.faded > 0 ? t("profile.record.faded", { count: record.faded, years }) : null,
  ].filter((sentence) => sentence !== null);
  return (
    <Card>
      <section aria-labelledby="payment-record-title" data-testid="payment-record">
        <h2 id="payment-record-title" className="text-lg font-semibold text-slate-900">
          {t("profile.record.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("profile.record.scope")}</p>
        <p className="mt-1 text-2xl font-bold text-slate-900">{standing}</p>
        {record.score !== null ? (
          <p className="text-sm text-slate-700">{t("profile.record.score", { score: record.score })}</p>
        ) : record.onTime + record.late + record.missed > 0 ? (
          <p className="text-sm text-slate-700">{t("profile.record.noScore", { marks: NEW_MEMBER_MARKS })}</p>
        ) : null}
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {pending.length > 0 ? <p className="mt-3 text-sm text-slate-600">{pending.join(" ")}</p> : null}
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">{t("profile.record.how")}</summary>
          <div className="mt-2 space-y-2 text-sm text-slate-700">
            {EXPLANATION.map((id) => (
              <p key={id}>{t(id, { halfLife: HALF_LIFE_DAYS, years, marks: NEW_MEMBER_MARKS })}</p>
            ))}
          </div>
        </details>

        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="font-semibold text-slate-900">{t("profile.record.sharing")}</h3>
          {view.share ? (
            <p className="mt-1 text-sm text-slate-700">
              <T id="profile.record.shared" values={{ summary: view.summary }} components={{ 0: <span className="font-medium" /> }} />
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-700" data-testid="record-hidden">
              <T id="profile.record.hidden" values={{ summary: view.summary }} components={{ 0: <span className="font-medium" /> }} />
            </p>
          )}
          {view.profileVisible ? null : (
            <p className="mt-1 text-sm text-amber-900">
              <T id="profile.record.profileHidden" components={{ 0: <Link to="/profile/security" className="font-medium underline" /> }} />
            </p>
          )}
          {/* key: after saving, the checkbox shows the stored value, not the one the browser remembered. */}
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-4" key={String(view.share)}>
            <label htmlFor="share-record" className="flex items-center gap-2 text-sm text-slate-800">
              <input id="share-record" type="checkbox" name="enabled" defaultChecked={view.share} className="h-4 w-4 rounded border-slate-300" />
              {t("profile.record.shareLabel")}
            </label>
            <button type="submit" name="intent" value="share-record" className={buttonClass("secondary")} disabled={busy}>
              {t("profile.record.update")}
            </button>
          </Form>
        </div>
      </section>
    </Card>
  );
}
