/**
 * The admin console's wording in the reader's language (ADR 056 part five (i)). Pure; apart from admin.ts so the
 * catalogue, which imports admin.ts's messages, is not in an import cycle with the translator's type.
 */
import { type NudgeDelivery, nudgeSentText } from "./failed-contribution";
import { DEFAULT_LOCALE, type Locale } from "./locale";
import type { Words } from "./messages/words";

/**
 * What the admin reads after reminding a group's late members (the "Reminder sent" toast's description): English is
 * `nudgeSentText` word for word; another language says the same from the catalogue (`admin.nudge.*`), the names joined
 * as that language joins a list.
 */
export function nudgeSentIn(deliveries: readonly NudgeDelivery[], words?: Words, locale: Locale = DEFAULT_LOCALE): string {
  if (!words || locale === DEFAULT_LOCALE) return nudgeSentText(deliveries);
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const parts: string[] = [];
  for (const [reached, id] of [
    ["app-and-email", "admin.nudge.both"],
    ["app", "admin.nudge.app"],
    ["nobody", "admin.nudge.nobody"],
  ] as const) {
    const names = deliveries.filter((delivery) => delivery.reached === reached).map((delivery) => delivery.memberName);
    if (names.length > 0) parts.push(words(id, { names: list.format(names), count: names.length }));
  }
  return parts.join(" ");
}
