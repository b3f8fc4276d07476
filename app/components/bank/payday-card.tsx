import { Form } from "react-router";
import { type Translate, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Card } from "~/components/ui/page";
import { type Payday, paydayChoices, parsePayday } from "~/domain/payday";

const WEEKDAY_KEYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/** A choice's label in the reader's language (English word for word as describePayday: payday-card.test.ts). */
export function paydayLabel(t: Translate, payday: Payday): string {
  switch (payday.kind) {
    case "weekly":
      return t("account.payday.weekly", { weekday: WEEKDAY_KEYS[payday.weekday] ?? "sat" });
    case "semimonthly":
      return t("account.payday.semimonthly");
    case "monthly":
      return t(payday.day > 28 ? "account.payday.monthlyLate" : "account.payday.monthly", { day: payday.day });
  }
}

/**
 * The member's payday (optional): after a debit fails for want of money, it is tried again the day after it. A plain
 * form (a select and a button), so it works without JavaScript.
 */
export function PaydayCard({ payday, busy, action }: { payday: string; busy: boolean; action: string }) {
  const t = useT();
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("account.payday.title")}</h2>
      <p className="mt-2 text-sm text-slate-600">{t("account.payday.lead")}</p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="payday" className="mb-1 block text-sm font-medium text-slate-800">
            {t("account.payday.label")}
          </label>
          <select id="payday" name="payday" defaultValue={payday} className={inputClass}>
            <option value="">{t("account.payday.notSet")}</option>
            {paydayChoices().map((choice) => {
              const parsed = parsePayday(choice.value);
              return (
                <option key={choice.value} value={choice.value}>
                  {parsed ? paydayLabel(t, parsed) : choice.label}
                </option>
              );
            })}
          </select>
        </div>
        <button type="submit" name="intent" value="save-payday" className={buttonClass("secondary")} disabled={busy}>
          {t("account.payday.save")}
        </button>
      </Form>
    </Card>
  );
}
