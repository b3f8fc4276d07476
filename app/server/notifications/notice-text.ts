/**
 * A notification's words in the reader's language (ADR 062): a notice is stored as an id of the notice-texts catalogue
 * and its values (ISO days, cents, names), and written here when it is read, so a member who switches language sees
 * every notice, old or new, in the new one. Pure: no I/O (the email templates use it too).
 */
import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { formatDate, formatMoney } from "../../domain/format";
import { DEFAULT_LOCALE, type Locale } from "../../domain/locale";
import { type NoticeTextId, noticeTexts as english } from "../../domain/messages/notice-texts.en-US";
import { noticeTexts as spanish } from "../../domain/messages/notice-texts.es-US";
import { deviceLabel } from "../../domain/profile";
import type { Schedule } from "../../domain/schedule";
import { scheduleWords } from "../email/email-words";
import { translator } from "../platform/locale.server";

/** The values of a notice as stored (jsonb): names, numbers, days, cents. */
export type NoticeValues = Record<string, string | number>;

/** The notices there are: each id of the catalogue without its `.title` / `.body`. */
export type NoticeId = TitleOf<NoticeTextId>;
type TitleOf<T> = T extends `${infer Id}.title` ? Id : never;

/** A notice as its caller describes it: which one, and its facts. */
export type NoticeMessage = { message: NoticeId; values?: NoticeValues };

const CATALOGUES: Record<Locale, Record<NoticeTextId, string>> = { "en-US": english, "es-US": spanish };
const instances = new Map<Locale, I18n>();

function i18nFor(locale: Locale): I18n {
  let found = instances.get(locale);
  if (!found) {
    const compiled = Object.fromEntries(Object.entries(CATALOGUES[locale]).map(([id, text]) => [id, compileMessage(text)]));
    found = setupI18n({ locale, messages: { [locale]: compiled } });
    instances.set(locale, found);
  }
  return found;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The values as the reader reads them: cents as money, days as dates, in the reader's language (the catalogue's header);
 * a group's schedule (`frequency`, `dayOfWeek`, `dayOfMonth`) as its line, `schedule` (scheduleWords).
 */
export function shownValues(values: NoticeValues, locale: Locale): NoticeValues {
  const shown: NoticeValues = {};
  if (typeof values.frequency === "string") {
    const day = (value: unknown) => (typeof value === "number" ? value : null);
    const schedule = { frequency: values.frequency, dayOfWeek: day(values.dayOfWeek), dayOfMonth: day(values.dayOfMonth) } as Schedule;
    shown.schedule = scheduleWords(schedule, locale);
  }
  // A new sign-in's device, as its names (account-alerts.server.ts); a notice stored before has its English `device`.
  if (typeof values.browser === "string" && typeof values.os === "string" && values.device === undefined) {
    const parts = values.browser === "" && values.os === "" ? null : { browser: values.browser || null, os: values.os || null };
    shown.device = deviceLabel(parts, locale === DEFAULT_LOCALE ? undefined : translator(locale));
  }
  for (const [name, value] of Object.entries(values)) {
    if (name.endsWith("Cents") && typeof value === "number") shown[name] = formatMoney(value, locale);
    else if (name.endsWith("OnLong") && typeof value === "string" && CALENDAR_DAY.test(value))
      shown[name] = formatDate(value, { style: "long", locale });
    else if (name.endsWith("OnMedium") && typeof value === "string" && CALENDAR_DAY.test(value))
      shown[name] = formatDate(value, { style: "medium", locale });
    else if (name.endsWith("On") && typeof value === "string" && CALENDAR_DAY.test(value)) shown[name] = formatDate(value, { locale });
    else shown[name] = value;
  }
  return shown;
}

/** A group's schedule as a notice's values (shownValues writes its line). */
export function scheduleValues(schedule: Schedule): NoticeValues {
  const values: NoticeValues = { frequency: schedule.frequency };
  if (schedule.dayOfWeek !== null) values.dayOfWeek = schedule.dayOfWeek;
  if (schedule.dayOfMonth !== null) values.dayOfMonth = schedule.dayOfMonth;
  return values;
}

export function isNoticeId(value: unknown): value is NoticeId {
  return typeof value === "string" && Object.hasOwn(english, `${value}.title`);
}

/**
 * Words already written, by language, notice and values (ADR 059 part eight (s)): every signed-in page's bell writes its
 * newest notices again, the same ones page after page. `noticeText` is pure (the catalogues are fixed for the process),
 * so a remembered answer is the answer; bounded, the oldest out first.
 */
export const NOTICE_TEXTS_REMEMBERED = 2048;
const written = new Map<string, { title: string; body: string | null }>();

/** A notice's title and body (null when it has none) in `locale`. */
export function noticeText(notice: NoticeMessage, locale: Locale = DEFAULT_LOCALE): { title: string; body: string | null } {
  const key = `${locale}\u0000${notice.message}\u0000${JSON.stringify(notice.values ?? {})}`;
  let text = written.get(key);
  if (text === undefined) {
    text = writeNoticeText(notice, locale);
    if (written.size >= NOTICE_TEXTS_REMEMBERED) written.delete(written.keys().next().value!);
    written.set(key, text);
  }
  return { title: text.title, body: text.body };
}

/** How many notices' words are remembered (for tests). */
export function noticeTextsRemembered(): number {
  return written.size;
}

function writeNoticeText(notice: NoticeMessage, locale: Locale): { title: string; body: string | null } {
  const i18n = i18nFor(locale);
  const values = shownValues(notice.values ?? {}, locale);
  const bodyId = `${notice.message}.body`;
  return {
    title: i18n._(`${notice.message}.title`, values),
    body: Object.hasOwn(english, bodyId) ? i18n._(bodyId, values) : null,
  };
}

/** A notice's English words with a body always (the emails that carry a notice keep them, for rows queued before). */
export function englishWords(notice: NoticeMessage): { title: string; body: string } {
  const { title, body } = noticeText(notice, DEFAULT_LOCALE);
  return { title, body: body ?? "" };
}
