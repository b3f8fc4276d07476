/**
 * The emails' words (ADR 056, part two): the email catalogues compiled once per process, and a group's schedule in words.
 * Apart from templates.ts so that the notices (app/server/notifications/notice-text.ts) can say a schedule without
 * importing the templates, which import them.
 */
import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { formatMoney } from "../../domain/format";
import { DEFAULT_LOCALE, type Locale } from "../../domain/locale";
import { emailMessages as englishEmail, type EmailMessageId } from "../../domain/messages/email.en-US";
import { emailMessages as spanishEmail } from "../../domain/messages/email.es-US";
import { describeSchedule, type Schedule } from "../../domain/schedule";

const EMAIL_CATALOGUES: Record<Locale, Record<EmailMessageId, string>> = { "en-US": englishEmail, "es-US": spanishEmail };
const emailI18n = new Map<Locale, I18n>();

/** What a template writes with: the language, and its words (ICU messages, compiled once per process). */
export type Words = { locale: Locale; t: (id: EmailMessageId, values?: Record<string, string | number>) => string };

export function wordsFor(locale: Locale): Words {
  let i18n = emailI18n.get(locale);
  if (!i18n) {
    const compiled = Object.fromEntries(Object.entries(EMAIL_CATALOGUES[locale]).map(([id, text]) => [id, compileMessage(text)]));
    i18n = setupI18n({ locale, messages: { [locale]: compiled } });
    emailI18n.set(locale, i18n);
  }
  const ready = i18n;
  return { locale, t: (id, values) => ready._(id, values) };
}

/** A group's schedule in words: describeSchedule's English line, or its translation. */
export function scheduleWords(schedule: Schedule, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return describeSchedule(schedule);
  const { t } = wordsFor(locale);
  switch (schedule.frequency) {
    case "daily":
      return t("schedule.daily");
    case "weekly":
      return t("schedule.weekly", { weekday: String(schedule.dayOfWeek) });
    case "biweekly":
      return t("schedule.biweekly", { weekday: String(schedule.dayOfWeek) });
    case "monthly": {
      const day = schedule.dayOfMonth ?? 1;
      return t(day >= 29 ? "schedule.monthlyShort" : "schedule.monthly", { day });
    }
  }
}

/**
 * The group header's line (the group page and the join page). English is the line stored when the group was made
 * (`describeGroup`, SPEC.md's "A group of 5 saving $100.00 monthly on the 15th"); another language says the same facts
 * in its words: "Una tanda de 5 personas que ahorran $100.00 cada mes, el día 15".
 */
export function groupDescription(
  group: { description: string; memberCount: number; contributionCents: number },
  schedule: Schedule,
  locale: Locale,
): string {
  if (locale === DEFAULT_LOCALE) return group.description;
  const line = scheduleWords(schedule, locale);
  return wordsFor(locale).t("group.description", {
    count: group.memberCount,
    amount: formatMoney(group.contributionCents, locale),
    schedule: line.charAt(0).toLocaleLowerCase(locale) + line.slice(1),
  });
}
