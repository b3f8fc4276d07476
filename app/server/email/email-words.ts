/**
 * The emails' words (ADR 056, part two): the email catalogues compiled once per process, and a group's schedule in words.
 * Apart from templates.ts so that the notices (app/server/notifications/notice-text.ts) can say a schedule without
 * importing the templates, which import them.
 */
import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
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
