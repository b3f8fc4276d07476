import { describe, expect, it } from "vitest";
import { paydayLabel } from "./payday-card";
import { describePayday, paydayChoices, parsePayday } from "~/domain/payday";
import { translator } from "~/server/platform/locale.server";

/** The payday card's choices come from the catalogue (ADR 056): English word for word as describePayday; Spanish too. */
describe("payday choices in the reader's language", () => {
  it("says every choice in English exactly as describePayday does", () => {
    const t = translator("en-US");
    for (const choice of paydayChoices()) {
      const payday = parsePayday(choice.value)!;
      expect(paydayLabel(t, payday)).toBe(describePayday(payday));
    }
    expect(paydayChoices()).toHaveLength(7 + 1 + 31);
  });

  it("says them in Spanish", () => {
    const t = translator("es-US");
    expect(paydayLabel(t, { kind: "weekly", weekday: 5 })).toBe("Cada viernes");
    expect(paydayLabel(t, { kind: "weekly", weekday: 0 })).toBe("Cada domingo");
    expect(paydayLabel(t, { kind: "weekly", weekday: 6 })).toBe("Cada sábado");
    expect(paydayLabel(t, { kind: "semimonthly" })).toBe("Dos veces al mes, el 1 y el 15");
    expect(paydayLabel(t, { kind: "monthly", day: 22 })).toBe("Cada mes, el día 22");
    expect(paydayLabel(t, { kind: "monthly", day: 31 })).toBe("Cada mes, el día 31 (o el último día del mes)");
  });
});
