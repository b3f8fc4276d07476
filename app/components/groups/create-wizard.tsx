/**
 * The /groups/create wizard's pieces (SPEC.md section 2): the progress indicator, step 1 (Group Settings) and
 * step 2 (Invite Members). Plain forms that work without JavaScript: every step posts to the route's action, which
 * validates everything again and re-renders. With JavaScript, step 1's schedule line and summary update as you type,
 * the day control follows the frequency (SPEC.md section 4, schedule day reset), and 'Add Another Member' adds a
 * row in place.
 */
import { useRef, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { formatMoney } from "~/domain/format";
import { GROUP_LIMITS, PAYOUT_ORDER_LABELS, PAYOUT_ORDERS, SETUP_FEE_CENTS, setupFeeLine, type GroupSettings } from "~/domain/groups";
import {
  dayOfMonthOf,
  describeSchedule,
  FREQUENCIES,
  FREQUENCY_LABELS,
  scheduleDefaults,
  WEEKDAY_NAMES,
  type CalendarDay,
  type Frequency,
} from "~/domain/schedule";

/** Step 1 as typed: raw strings, echoed back exactly (a wrong value stays visible next to its error). */
export type SettingsValues = {
  groupName: string;
  memberCount: string;
  contributionAmount: string;
  frequency: string;
  dayOfWeek: string;
  dayOfMonth: string;
  payoutOrder: string;
};

export const SETTINGS_FIELDS = [
  "groupName",
  "memberCount",
  "contributionAmount",
  "frequency",
  "dayOfWeek",
  "dayOfMonth",
  "payoutOrder",
] as const satisfies readonly (keyof SettingsValues)[];

/** SPEC.md section 9: 5 members, $100, fixed order, monthly on today's day of month (weekly would start on Monday). */
export function defaultSettings(today: CalendarDay): SettingsValues {
  return {
    groupName: "",
    memberCount: String(GROUP_LIMITS.defaultMembers),
    contributionAmount: String(GROUP_LIMITS.defaultContributionDollars),
    frequency: "monthly",
    dayOfWeek: String(scheduleDefaults("weekly", today).dayOfWeek),
    dayOfMonth: String(dayOfMonthOf(today)),
    payoutOrder: "fixed",
  };
}

export function settingsToValues(settings: GroupSettings, today: CalendarDay): SettingsValues {
  const defaults = defaultSettings(today);
  return {
    groupName: settings.groupName,
    memberCount: String(settings.memberCount),
    contributionAmount: String(settings.contributionAmount),
    frequency: settings.frequency,
    // The unused day keeps a sensible value, so switching frequency without JavaScript still has a day chosen.
    dayOfWeek: settings.dayOfWeek === null ? defaults.dayOfWeek : String(settings.dayOfWeek),
    dayOfMonth: settings.dayOfMonth === null ? defaults.dayOfMonth : String(settings.dayOfMonth),
    payoutOrder: settings.payoutOrder,
  };
}

/** Errors by field name, as Conform names them ("groupName", "memberEmails[1]", "memberEmails"). */
export type FieldErrorMap = Record<string, string[] | null | undefined>;

// ---------------------------------------------------------------------------------------------------------------
// The summary (pure; the same on the server render and live in the browser)

function wholeIn(value: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

function isFrequency(value: string): value is Frequency {
  return (FREQUENCIES as readonly string[]).includes(value);
}

/** The readable schedule line, or null while the frequency or its day is not a valid choice. */
export function scheduleLineFor(values: SettingsValues): string | null {
  if (!isFrequency(values.frequency)) return null;
  const dayOfWeek = wholeIn(values.dayOfWeek, 0, 6);
  const dayOfMonth = wholeIn(values.dayOfMonth, 1, 31);
  const weekly = values.frequency === "weekly" || values.frequency === "biweekly";
  if (weekly && dayOfWeek === null) return null;
  if (values.frequency === "monthly" && dayOfMonth === null) return null;
  return describeSchedule({
    frequency: values.frequency,
    dayOfWeek: weekly ? dayOfWeek : null,
    dayOfMonth: values.frequency === "monthly" ? dayOfMonth : null,
  });
}

const PERIOD_UNITS: Record<Frequency, (n: number) => string> = {
  daily: (n) => `${n} days`,
  weekly: (n) => `${n} weeks`,
  biweekly: (n) => `${n * 2} weeks`,
  monthly: (n) => `${n} months`,
};

export type WizardSummary = {
  contributionCents: number | null;
  payoutCents: number | null;
  /** "The cycle lasts 5 periods (5 months)." */
  cycle: string | null;
};

/** Payout per turn = contribution x members; the cycle lasts as many periods as members (SPEC.md section 9). */
export function summaryFor(values: SettingsValues): WizardSummary {
  const members = wholeIn(values.memberCount, GROUP_LIMITS.minMembers, GROUP_LIMITS.maxMembers);
  const dollars = wholeIn(values.contributionAmount, GROUP_LIMITS.minContributionDollars, GROUP_LIMITS.maxContributionDollars);
  const contributionCents = dollars === null ? null : dollars * 100;
  return {
    contributionCents,
    payoutCents: contributionCents !== null && members !== null ? contributionCents * members : null,
    cycle:
      members === null
        ? null
        : `The cycle lasts ${members} periods${isFrequency(values.frequency) ? ` (${PERIOD_UNITS[values.frequency](members)})` : ""}, one payout per period.`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Progress indicator

const STEPS = ["Group Settings", "Invite Members"] as const;

export function WizardProgress({ step }: { step: 1 | 2 }) {
  return (
    <nav aria-label="Progress" className="mt-6">
      <ol className="flex flex-wrap items-center gap-3 text-sm">
        {STEPS.map((label, index) => {
          const number = index + 1;
          const current = number === step;
          const done = number < step;
          return (
            <li key={label} className="flex items-center gap-3" aria-current={current ? "step" : undefined}>
              <span
                aria-hidden="true"
                className={`flex h-8 w-8 items-center justify-center rounded-full font-semibold ${
                  current ? "bg-brand-700 text-white" : done ? "bg-brand-100 text-brand-900" : "bg-slate-100 text-slate-700"
                }`}
              >
                {number}
              </span>
              <span className={current ? "font-semibold text-slate-900" : "text-slate-700"}>
                <span className="sr-only">{`Step ${number}: `}</span>
                {label}
                {done ? <span className="sr-only"> (completed)</span> : null}
              </span>
              {number < STEPS.length ? <span aria-hidden="true" className="hidden h-px w-12 bg-slate-300 sm:block" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Small form pieces

const errorId = (id: string) => `${id}-error`;

function describedBy(...ids: (string | number | null | undefined | false)[]) {
  return ids.filter((id): id is string => typeof id === "string" && id !== "").join(" ") || undefined;
}

function SelectField({
  id,
  name,
  label,
  value,
  onChange,
  options,
  errors,
  hint,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  errors?: string[] | null;
  hint?: ReactNode;
  placeholder: string;
}) {
  const known = options.some((option) => option.value === value);
  const hintId = hint ? `${id}-hint` : null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={known ? value : ""}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(errors?.length && errorId(id), hintId)}
      >
        {/* Only a hand-made request can post a value outside the list: then say nothing is chosen. */}
        {known ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId!} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId(id)} errors={errors} />
    </div>
  );
}

const MEMBER_OPTIONS = Array.from({ length: GROUP_LIMITS.maxMembers - GROUP_LIMITS.minMembers + 1 }, (_, i) => {
  const n = GROUP_LIMITS.minMembers + i;
  return { value: String(n), label: `${n} members` };
});
const FREQUENCY_OPTIONS = FREQUENCIES.map((frequency) => ({ value: frequency, label: FREQUENCY_LABELS[frequency] }));
const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((name, index) => ({ value: String(index), label: name }));
const MONTH_DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

const PAYOUT_ORDER_HELP: Record<(typeof PAYOUT_ORDERS)[number], string> = {
  fixed: "You set the order as the group's admin before it starts; until then it follows the order members join.",
  random: "The order is drawn when the group starts, from a secret seed whose fingerprint members see now, so anyone can check the draw was fair.",
};

function HiddenSettings({ values }: { values: SettingsValues }) {
  return (
    <>
      {SETTINGS_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} value={values[field]} />
      ))}
    </>
  );
}

function HiddenEmails({ emails }: { emails: string[] }) {
  return (
    <>
      {emails.map((email, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the position is the field (memberEmails[i]); rows are only appended
        <input key={index} type="hidden" name={`memberEmails[${index}]`} value={email} />
      ))}
    </>
  );
}

/**
 * Enter in a text field submits with the form's first submit button; this invisible one makes that the step's main
 * action rather than 'Update summary' or 'Add Another Member'.
 */
function DefaultSubmit({ intent }: { intent: string }) {
  return <button type="submit" name="intent" value={intent} hidden tabIndex={-1} aria-hidden="true" />;
}

// ---------------------------------------------------------------------------------------------------------------
// Step 1: Group Settings

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
  const scheduleLine = scheduleLineFor(values);
  const summary = summaryFor(values);

  return (
    <Form method="post" noValidate aria-labelledby="settings-heading" className="mt-6 space-y-6">
      <DefaultSubmit intent="next" />
      <HiddenEmails emails={carriedEmails} />
      <h2 id="settings-heading" className="text-xl font-semibold text-slate-900">
        Group Settings
      </h2>

      <div>
        <label htmlFor="groupName" className="mb-1 block text-sm font-medium text-slate-800">
          Group name
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
          label="Number of members"
          value={values.memberCount}
          onChange={set("memberCount")}
          options={MEMBER_OPTIONS}
          errors={errors.memberCount}
          hint="Including you. Between 3 and 12."
          placeholder="Choose the number of members"
        />
        <div>
          <label htmlFor="contributionAmount" className="mb-1 block text-sm font-medium text-slate-800">
            Contribution amount (US dollars)
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
            Whole dollars, $10 to $1,000, paid by each member every period.
          </p>
          <FieldErrors id={errorId("contributionAmount")} errors={errors.contributionAmount} />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="frequency"
          name="frequency"
          label="Payment frequency"
          value={values.frequency}
          onChange={changeFrequency}
          options={FREQUENCY_OPTIONS}
          errors={errors.frequency}
          placeholder="Choose a payment frequency"
        />
        <div hidden={!showDayOfWeek}>
          <SelectField
            id="dayOfWeek"
            name="dayOfWeek"
            label="Day of week"
            value={values.dayOfWeek}
            onChange={set("dayOfWeek")}
            options={WEEKDAY_OPTIONS}
            errors={errors.dayOfWeek}
            hint={hydrated ? undefined : "Used for weekly and bi-weekly payments."}
            placeholder="Choose a day of the week"
          />
        </div>
        <div hidden={!showDayOfMonth}>
          <SelectField
            id="dayOfMonth"
            name="dayOfMonth"
            label="Day of month"
            value={values.dayOfMonth}
            onChange={set("dayOfMonth")}
            options={MONTH_DAY_OPTIONS}
            errors={errors.dayOfMonth}
            hint={hydrated ? undefined : "Used for monthly payments."}
            placeholder="Choose a day of the month"
          />
        </div>
      </div>
      <p className="text-sm text-slate-700" aria-live={hydrated ? "polite" : undefined}>
        <span className="font-medium">Schedule: </span>
        <span data-testid="schedule-line">{scheduleLine ?? "Choose a frequency and a day to see the schedule."}</span>
      </p>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Payout order</legend>
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
                <span className="block font-medium text-slate-900">{PAYOUT_ORDER_LABELS[order]}</span>
                <span id={`payoutOrder-${order}-help`} className="mt-1 block text-sm text-slate-600">
                  {PAYOUT_ORDER_HELP[order]}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id={errorId("payoutOrder")} errors={errors.payoutOrder} />
      </fieldset>

      <section
        aria-labelledby="summary-heading"
        className="rounded-xl border border-slate-200 bg-slate-50 p-4"
        aria-live={hydrated ? "polite" : undefined}
      >
        <h3 id="summary-heading" className="font-semibold text-slate-900">
          Summary
        </h3>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Contribution per member</dt>
            <dd className="font-semibold text-slate-900" data-testid="summary-contribution">
              {summary.contributionCents === null ? "—" : formatMoney(summary.contributionCents)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Payout per turn</dt>
            <dd className="font-semibold text-slate-900" data-testid="summary-payout">
              {summary.payoutCents === null ? "—" : formatMoney(summary.payoutCents)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Cycle length</dt>
            <dd className="font-semibold text-slate-900" data-testid="summary-cycle">
              {summary.cycle ?? "—"}
            </dd>
          </div>
        </dl>
        {showDayOfMonth ? (
          <p className="mt-3 text-sm text-slate-700">
            Note: for monthly payments, months with fewer days use their last day (a group paying on the 31st pays on February 28, or 29 in a leap
            year).
          </p>
        ) : null}
      </section>

      <div className="flex flex-wrap justify-end gap-3">
        {hydrated ? null : (
          <button type="submit" name="intent" value="preview" className={buttonClass("secondary")} disabled={submitting}>
            Update summary
          </button>
        )}
        <button type="submit" name="intent" value="next" className={buttonClass("primary")} disabled={submitting}>
          Next: Invite Members
        </button>
      </div>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Step 2: Invite Members

export function InviteStep({
  settings,
  values,
  emails: initialEmails,
  errors,
  idempotencyKey,
  submitting,
}: {
  settings: GroupSettings;
  values: SettingsValues;
  emails: string[];
  errors: FieldErrorMap;
  idempotencyKey: string;
  submitting: boolean;
}) {
  const hydrated = useHydrated();
  const [emails, setEmails] = useState(initialEmails);
  const listRef = useRef<HTMLOListElement>(null);
  const maxInvitees = settings.memberCount - 1;
  const scheduleLine = scheduleLineFor(values);
  const payoutCents = settings.contributionAmount * 100 * settings.memberCount;
  const listErrors = errors.memberEmails;

  const addRow = () => {
    setEmails((current) => (current.length < maxInvitees ? [...current, ""] : current));
    // Move focus to the new input once it exists.
    requestAnimationFrame(() => {
      const inputs = listRef.current?.querySelectorAll<HTMLInputElement>("input[type=email]");
      inputs?.[inputs.length - 1]?.focus();
    });
  };

  return (
    <Form method="post" noValidate aria-labelledby="invite-heading" className="mt-6 space-y-6">
      <DefaultSubmit intent="create" />
      <HiddenSettings values={values} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <h2 id="invite-heading" className="text-xl font-semibold text-slate-900">
        Invite Members
      </h2>

      <section aria-labelledby="recap-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h3 id="recap-heading" className="font-semibold text-slate-900">
          Your group
        </h3>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <Recap term="Group name" value={settings.groupName} />
          <Recap term="Members" value={`${settings.memberCount} (including you)`} />
          <Recap term="Contribution per member" value={formatMoney(settings.contributionAmount * 100)} />
          <Recap term="Schedule" value={scheduleLine ?? FREQUENCY_LABELS[settings.frequency]} />
          <Recap term="Payout order" value={PAYOUT_ORDER_LABELS[settings.payoutOrder]} />
          <Recap term="Payout per turn" value={formatMoney(payoutCents)} />
          <Recap term="Setup fee" value={formatMoney(SETUP_FEE_CENTS)} />
        </dl>
        <p className="mt-3 text-sm font-medium text-slate-800" data-testid="setup-fee">
          {setupFeeLine(SETUP_FEE_CENTS)}. It is charged once, with each member's first contribution; there is no other fee, and no interest.
        </p>
      </section>

      <fieldset aria-describedby={describedBy("memberEmails-hint", listErrors?.length && errorId("memberEmails"))}>
        <legend className="text-sm font-medium text-slate-800">Invitee email addresses</legend>
        <p id="memberEmails-hint" className="mt-1 text-sm text-slate-600">
          You are member 1. Invite up to {maxInvitees} {maxInvitees === 1 ? "person" : "people"}; leave a row empty to skip it.
        </p>
        <FieldErrors id={errorId("memberEmails")} errors={listErrors} />
        <ol ref={listRef} className="mt-3 space-y-3">
          {emails.map((email, index) => {
            const name = `memberEmails[${index}]`;
            const id = `memberEmails-${index}`;
            const rowErrors = errors[name];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the position is the field (memberEmails[i]); rows are only appended
              <li key={index}>
                <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
                  {`Member ${index + 2} email`}
                </label>
                <input
                  id={id}
                  name={name}
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setEmails((current) => current.map((entry, i) => (i === index ? value : entry)));
                  }}
                  className={inputClass}
                  aria-invalid={rowErrors?.length ? true : undefined}
                  aria-describedby={describedBy(rowErrors?.length && errorId(id))}
                />
                <FieldErrors id={errorId(id)} errors={rowErrors} />
              </li>
            );
          })}
        </ol>
        {emails.length < maxInvitees ? (
          <button
            type="submit"
            name="intent"
            value="add-row"
            className={buttonClass("ghost", "mt-3 text-brand-800 underline")}
            disabled={submitting}
            onClick={(event) => {
              // With JavaScript the row appears in place; without it, the server re-renders with one more row.
              if (!hydrated) return;
              event.preventDefault();
              addRow();
            }}
          >
            Add Another Member
          </button>
        ) : null}
      </fieldset>

      <section aria-labelledby="next-heading">
        <h3 id="next-heading" className="font-semibold text-slate-900">
          What happens next
        </h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>
            People without a Rosca account get the invitation by email. People who already have one see it in the app, and by email too if they turned
            on emails for new group invitations.
          </li>
          <li>They create an account, if they don't have one yet, and link a bank account.</li>
          <li>The group starts when all members have joined; everyone then gets the payment schedule.</li>
        </ol>
      </section>

      <div className="flex flex-wrap justify-between gap-3">
        <button type="submit" name="intent" value="back" className={buttonClass("secondary")} disabled={submitting}>
          Back
        </button>
        <button type="submit" name="intent" value="create" className={buttonClass("primary")} disabled={submitting}>
          {submitting ? "Creating group…" : "Create Group"}
        </button>
      </div>
    </Form>
  );
}

function Recap({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-semibold break-words text-slate-900">{value}</dd>
    </div>
  );
}
