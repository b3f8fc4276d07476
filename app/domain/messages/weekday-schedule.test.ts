/**
 * How a weekday schedule reads in Spanish (docs/glossary-es.md, ADR 056 part five (j)): a recurring day is "cada
 * viernes" or "los viernes" (plural: "los sábados"), "el viernes" only for one date. The create-group form's live line,
 * the emails' and cards' schedule line and the payday card say a weekly or bi-weekly schedule the same way.
 */
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { emailMessages } from "./email.es-US";
import { messages as spanish } from "./es-US";

function translatorOf(catalogue: Record<string, string>) {
  const compiled = Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({ locale: "es-US", messages: { "es-US": compiled } });
  return (id: string, values?: Record<string, string | number>) => i18n._(id, values);
}
const page = translatorOf(spanish);
const email = translatorOf(emailMessages);
const PAYDAY_KEYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

describe("a weekday schedule in Spanish", () => {
  it.each([0, 1, 2, 3, 4, 5, 6])("weekday %i reads the same on the form, in the emails and on the payday card", (day) => {
    const weekday = page(`wizard.weekday.${day}`);
    expect(page("wizard.schedule.weekly", { weekday })).toBe(email("schedule.weekly", { weekday: day }));
    expect(page("wizard.schedule.biweekly", { weekday })).toBe(email("schedule.biweekly", { weekday: day }));
    expect(page("account.payday.weekly", { weekday: PAYDAY_KEYS[day]! })).toBe(email("schedule.weekly", { weekday: day }));
  });

  it("says a recurring day with cada or los, never el", () => {
    expect(page("wizard.schedule.weekly", { weekday: "viernes" })).toBe("Cada viernes");
    expect(page("wizard.schedule.biweekly", { weekday: "viernes" })).toBe("Cada dos semanas, los viernes");
    expect(page("wizard.schedule.biweekly", { weekday: "sábado" })).toBe("Cada dos semanas, los sábados");
    expect(email("schedule.biweekly", { weekday: 0 })).toBe("Cada dos semanas, los domingos");
    const recurring = [...Object.values(spanish), ...Object.values(emailMessages)].filter((text) => /cada dos semanas/i.test(text));
    for (const text of recurring) expect(text).not.toMatch(/cada dos semanas, el \{?/i);
  });
});
