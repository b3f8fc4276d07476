import { GROUP_LIMITS, type GroupSettings } from "~/domain/groups";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import type { MessageId } from "~/domain/messages/en-US";
import { dayOfMonthOf, describeSchedule, FREQUENCIES, scheduleDefaults, type CalendarDay, type Frequency, type Schedule } from "~/domain/schedule";
import type { Translate } from "../../i18n";

/** Step 1 as typed: raw strings, echoed back exactly (a wrong value stays visible next to its error). */
export type SettingsValues = {
  groupName: string;
  memberCount: string;
  contributionAmount: string;
  frequency: string;
  dayOfWeek: string;
  dayOfMonth: string;
  payoutOrder: string;
  swapApproval: string;
};

export const SETTINGS_FIELDS = [
  "groupName",
  "memberCount",
  "contributionAmount",
  "frequency",
  "dayOfWeek",
  "dayOfMonth",
  "payoutOrder",
  "swapApproval",
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
    swapApproval: "admin",
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
    swapApproval: settings.swapApproval,
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

export function isFrequency(value: string): value is Frequency {
  return (FREQUENCIES as readonly string[]).includes(value);
}

/** The schedule the values name, or null while the frequency or its day is not a valid choice. */
export function scheduleOfValues(values: SettingsValues): Schedule | null {
  if (!isFrequency(values.frequency)) return null;
  const dayOfWeek = wholeIn(values.dayOfWeek, 0, 6);
  const dayOfMonth = wholeIn(values.dayOfMonth, 1, 31);
  const weekly = values.frequency === "weekly" || values.frequency === "biweekly";
  if (weekly && dayOfWeek === null) return null;
  if (values.frequency === "monthly" && dayOfMonth === null) return null;
  return {
    frequency: values.frequency,
    dayOfWeek: weekly ? dayOfWeek : null,
    dayOfMonth: values.frequency === "monthly" ? dayOfMonth : null,
  };
}

/** The readable schedule line, or null while the frequency or its day is not a valid choice. */
export function scheduleLineFor(values: SettingsValues): string | null {
  const schedule = scheduleOfValues(values);
  return schedule && describeSchedule(schedule);
}

/**
 * The schedule line in the reader's language: describeSchedule's English word for word, else the catalogue's
 * wizard.schedule.* (the same words as the emails' scheduleWords).
 */
export function scheduleLineIn(values: SettingsValues, locale: Locale, t: Translate): string | null {
  if (locale === DEFAULT_LOCALE) return scheduleLineFor(values);
  const schedule = scheduleOfValues(values);
  if (!schedule) return null;
  switch (schedule.frequency) {
    case "daily":
      return t("wizard.schedule.daily");
    case "weekly":
    case "biweekly":
      return t(`wizard.schedule.${schedule.frequency}`, { weekday: t(WEEKDAY_IDS[schedule.dayOfWeek ?? 1]!) });
    case "monthly": {
      const day = schedule.dayOfMonth ?? 1;
      return t(day >= 29 ? "wizard.schedule.monthlyShort" : "wizard.schedule.monthly", { day });
    }
  }
}

/** The weekdays' names in the catalogue, Sunday first (WEEKDAY_NAMES' order). */
export const WEEKDAY_IDS = [
  "wizard.weekday.0",
  "wizard.weekday.1",
  "wizard.weekday.2",
  "wizard.weekday.3",
  "wizard.weekday.4",
  "wizard.weekday.5",
  "wizard.weekday.6",
] as const satisfies readonly MessageId[];

/** The summary's cycle sentence in the reader's language (summaryFor's `cycle` in English, word for word). */
export function cycleIn(values: SettingsValues, locale: Locale, t: Translate): string | null {
  if (locale === DEFAULT_LOCALE) return summaryFor(values).cycle;
  const members = wholeIn(values.memberCount, GROUP_LIMITS.minMembers, GROUP_LIMITS.maxMembers);
  if (members === null) return null;
  if (!isFrequency(values.frequency)) return t("wizard.cycle", { count: members });
  return t(`wizard.cycle.${values.frequency}`, { count: members, weeks: members * 2 });
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
