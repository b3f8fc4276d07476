/**
 * Step 1 of the /groups/create wizard (SPEC.md section 2): Group Settings. A plain form that works without
 * JavaScript (it posts to the route's action, which validates everything again and re-renders); with JavaScript, the
 * schedule line and summary update as you type and the day control follows the frequency (SPEC.md section 4,
 * schedule day reset).
 */
import { useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { useLocale, useT } from "~/components/i18n";
import { formatMoney } from "~/domain/format";
import { GROUP_LIMITS, PAYOUT_ORDERS, SWAP_APPROVALS } from "~/domain/groups";
import { FREQUENCIES, scheduleDefaults, type CalendarDay } from "~/domain/schedule";
import { DefaultSubmit, HiddenEmails, SelectField, describedBy, errorId } from "./fields";
import { type FieldErrorMap, type SettingsValues, cycleIn, isFrequency, scheduleLineIn, summaryFor, WEEKDAY_IDS } from "./values";

const MEMBER_COUNTS = Array.from({ length: GROUP_LIMITS.maxMembers - GROUP_LIMITS.minMembers + 1 }, (_, i) => GROUP_LIMITS.minMembers + i);
const MONTH_DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

export function SettingsStep({
  initial,
  errors,
  today,
  carriedEmails,
  submitting,
}: {
  initial: SettingsValues;
  errors: FieldErrorMap;
  today: CalendarDay;
  /** Emails typed on step 2 before 'Back': carried along so they come back on 'Next'. */
  carriedEmails: string[];
  submitting: boolean;
}) {
  const hydrated = useHydrated();
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const [values, setValues] = useState(initial);
  const set = (field: keyof SettingsValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  // SPEC.md section 4: a frequency change resets the day (weekly/bi-weekly → Monday, monthly → today's day).
  const changeFrequency = (frequency: string) => {
    setValues((current) => {
      if (!isFrequency(frequency)) return { ...current, frequency };
      const defaults = scheduleDefaults(frequency, today);
      return {
        ...current,
        frequency,
        dayOfWeek: defaults.dayOfWeek === null ? current.dayOfWeek : String(defaults.dayOfWeek),
        dayOfMonth: defaults.dayOfMonth === null ? current.dayOfMonth : String(defaults.dayOfMonth),
      };
    });
  };

  const weekly = values.frequency === "weekly" || values.frequency === "biweekly";
  const monthly = values.frequency === "monthly";
  // Without JavaScript the frequency select cannot show or hide anything: both day controls are there, and the
  // server uses the one the chosen frequency needs.
  const showDayOfWeek = !hydrated || weekly;
  const showDayOfMonth = !hydrated || monthly;
  const scheduleLine = scheduleLineIn(values, locale, t);
  const summary = summaryFor(values);
  const cycle = cycleIn(values, locale, t);
  // FREQUENCY_LABELS, WEEKDAY_NAMES, PAYOUT_ORDER_LABELS and SWAP_APPROVAL_LABELS' words, in the reader's language.
  const memberOptions = MEMBER_COUNTS.map((count) => ({ value: String(count), label: t("wizard.memberOption", { count }) }));
  const frequencyOptions = FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`wizard.frequency.${frequency}`) }));
  const weekdayOptions = WEEKDAY_IDS.map((id, index) => ({ value: String(index), label: t(id) }));

  return (
    <Form method="post" noValidate aria-labelledby="settings-heading" className="mt-6 space-y-6">
      <DefaultSubmit intent="next" />
      <HiddenEmails emails={carriedEmails} />
      <h2 id="settings-heading" className="text-xl font-semibold text-slate-900">
        {t("wizard.step1")}
      </h2>

      <div>
        <label htmlFor="groupName" className="mb-1 block text-sm font-medium text-slate-800">
          {t("wizard.groupName")}
        </label>
        <input
          id="groupName"
          name="groupName"
          type="text"
          value={values.groupName}
          onChange={(event) => set("groupName")(event.currentTarget.value)}
          maxLength={GROUP_LIMITS.maxNameLength}
          autoComplete="off"
          className={inputClass}
          aria-invalid={errors.groupName?.length ? true : undefined}
          aria-describedby={describedBy(errors.groupName?.length && errorId("groupName"))}
        />
        <FieldErrors id={errorId("groupName")} errors={errors.groupName} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="memberCount"
          name="memberCount"
          label={t("wizard.memberCount")}
          value={values.memberCount}
          onChange={set("memberCount")}
          options={memberOptions}
          errors={errors.memberCount}
          hint={t("wizard.memberHint")}
          placeholder={t("wizard.memberPlaceholder")}
        />
        <div>
          <label htmlFor="contributionAmount" className="mb-1 block text-sm font-medium text-slate-800">
            {t("wizard.amount")}
          </label>
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-600">
              $
            </span>
            <input
              id="contributionAmount"
              name="contributionAmount"
              type="number"
              inputMode="numeric"
              min={GROUP_LIMITS.minContributionDollars}
              max={GROUP_LIMITS.maxContributionDollars}
              step={1}
              value={values.contributionAmount}
              onChange={(event) => set("contributionAmount")(event.currentTarget.value)}
              className={`${inputClass} pl-7`}
              aria-invalid={errors.contributionAmount?.length ? true : undefined}
              aria-describedby={describedBy(errors.contributionAmount?.length && errorId("contributionAmount"), "contributionAmount-hint")}
            />
          </div>
          <p id="contributionAmount-hint" className="mt-1 text-xs text-slate-600">
            {t("wizard.amountHint")}
          </p>
          <FieldErrors id={errorId("contributionAmount")} errors={errors.contributionAmount} />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="frequency"
          name="frequency"
          label={t("wizard.frequency")}
          value={values.frequency}
          onChange={changeFrequency}
          options={frequencyOptions}
          errors={errors.frequency}
          placeholder={t("wizard.frequencyPlaceholder")}
        />
        <div hidden={!showDayOfWeek}>
          <SelectField
            id="dayOfWeek"
            name="dayOfWeek"
            label={t("wizard.dayOfWeek")}
            value={values.dayOfWeek}
            onChange={set("dayOfWeek")}
            options={weekdayOptions}
            errors={errors.dayOfWeek}
            hint={hydrated ? undefined : t("wizard.dayOfWeekHint")}
            placeholder={t("wizard.dayOfWeekPlaceholder")}
          />
        </div>
        <div hidden={!showDayOfMonth}>
          <SelectField
            id="dayOfMonth"
            name="dayOfMonth"
            label={t("wizard.dayOfMonth")}
            value={values.dayOfMonth}
            onChange={set("dayOfMonth")}
            options={MONTH_DAY_OPTIONS}
            errors={errors.dayOfMonth}
            hint={hydrated ? undefined : t("wizard.dayOfMonthHint")}
            placeholder={t("wizard.dayOfMonthPlaceholder")}
          />
        </div>
      </div>
      <p className="text-sm text-slate-700" aria-live={hydrated ? "polite" : undefined}>
        <span className="font-medium">{t("wizard.scheduleLabel")}</span>
        <span data-testid="schedule-line">{scheduleLine ?? t("wizard.schedulePending")}</span>
      </p>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t("wizard.payoutOrder")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PAYOUT_ORDERS.map((order) => (
            <label
              key={order}
              className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="payoutOrder"
                value={order}
                checked={values.payoutOrder === order}
                onChange={() => set("payoutOrder")(order)}
                className="mt-1 h-4 w-4"
                aria-describedby={`payoutOrder-${order}-help`}
              />
              <span>
                <span className="block font-medium text-slate-900">{t(`wizard.payoutOrder.${order}`)}</span>
                <span id={`payoutOrder-${order}-help`} className="mt-1 block text-sm text-slate-600">
                  {t(`wizard.payoutOrderHelp.${order}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id={errorId("payoutOrder")} errors={errors.payoutOrder} />
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t("wizard.swaps")}</legend>
        <p className="mb-2 text-sm text-slate-600">{t("wizard.swapsLead")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {SWAP_APPROVALS.map((choice) => (
            <label
              key={choice}
              className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="swapApproval"
                value={choice}
                checked={values.swapApproval === choice}
                onChange={() => set("swapApproval")(choice)}
                className="mt-1 h-4 w-4"
                aria-describedby={`swapApproval-${choice}-help`}
              />
              <span>
                <span className="block font-medium text-slate-900">{t(`wizard.swaps.${choice}`)}</span>
                <span id={`swapApproval-${choice}-help`} className="mt-1 block text-sm text-slate-600">
                  {t(`wizard.swapsHelp.${choice}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id={errorId("swapApproval")} errors={errors.swapApproval} />
      </fieldset>

      <section
        aria-labelledby="summary-heading"
        className="rounded-xl border border-slate-200 bg-slate-50 p-4"
        aria-live={hydrated ? "polite" : undefined}
      >
        <h3 id="summary-heading" className="font-semibold text-slate-900">
          {t("wizard.summary")}
        </h3>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">{t("wizard.contributionPerMember")}</dt>
            <dd className="font-semibold text-slate-900" data-testid="summary-contribution">
              {summary.contributionCents === null ? "—" : money(summary.contributionCents)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("wizard.payoutPerTurn")}</dt>
            <dd className="font-semibold text-slate-900" data-testid="summary-payout">
              {summary.payoutCents === null ? "—" : money(summary.payoutCents)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("wizard.cycleLength")}</dt>
            <dd className="font-semibold text-slate-900" data-testid="summary-cycle">
              {cycle ?? "—"}
            </dd>
          </div>
        </dl>
        {showDayOfMonth ? <p className="mt-3 text-sm text-slate-700">{t("wizard.monthlyNote")}</p> : null}
      </section>

      <div className="flex flex-wrap justify-end gap-3">
        {hydrated ? null : (
          <button type="submit" name="intent" value="preview" className={buttonClass("secondary")} disabled={submitting}>
            {t("wizard.updateSummary")}
          </button>
        )}
        <button type="submit" name="intent" value="next" className={buttonClass("primary")} disabled={submitting}>
          {t("wizard.next")}
        </button>
      </div>
    </Form>
  );
}
