import { compileMessage } from "@lingui/message-utils/compileMessage";
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { joinedDescription } from "../invitations";
import { ROSTER_MESSAGES } from "../roster";
import { JOIN_MESSAGES } from "./join.en-US";
import { JOIN_MESSAGES_ES } from "./join.es-US";

function t(messages: Record<string, string>, locale: string) {
  const compiled = Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({ locale, messages: { [locale]: compiled } });
  return (id: keyof typeof JOIN_MESSAGES, values?: Record<string, string | number>) => i18n._(id, values);
}

describe("the join page's words (ADR 056, part four (f))", () => {
  const english = t(JOIN_MESSAGES, "en-US");
  const spanish = t(JOIN_MESSAGES_ES, "es-US");

  it("say in English exactly what the domain's own texts say (the emails and other pages use those)", () => {
    expect(english("join.removedTitle")).toBe(ROSTER_MESSAGES.removedPageTitle);
    expect(english("join.removed", { reason: "Moved away" })).toBe(ROSTER_MESSAGES.removedPage("Moved away"));
    expect(english("join.leftTitle")).toBe(ROSTER_MESSAGES.leftPageTitle);
    expect(english("join.left")).toBe(ROSTER_MESSAGES.leftPage);
    expect(english("join.joinedDescription", { amount: "$100.00", date: "January 5, 2027" })).toBe(joinedDescription(10_000, "2027-01-05"));
    // A group still forming: the date is projected, and the toast says so (as the page did before the join).
    expect(english("join.joinedDescriptionProjected", { amount: "$100.00", date: "January 5, 2027" })).toBe(
      joinedDescription(10_000, "2027-01-05", true),
    );
    expect(joinedDescription(10_000, "2027-01-05", true)).toBe(
      "Your first contribution of $100.00 would be due January 5, 2027 if the group filled today: the schedule is fixed when the last member joins.",
    );
    expect(spanish("join.joinedDescriptionProjected", { amount: "$100.00", date: "5 de enero de 2027" })).toBe(
      "Su primer aporte de $100.00 vencería el 5 de enero de 2027 si la tanda se llenara hoy: el calendario queda fijo cuando se une el último miembro.",
    );
  });

  it("count private records with a plural in both languages", () => {
    expect(english("join.private", { count: 1 })).toBe("1 member keeps their payment record private.");
    expect(english("join.private", { count: 3 })).toBe("3 members keep their payment records private.");
    expect(spanish("join.private", { count: 1 })).toBe("1 miembro mantiene privado su historial de pagos.");
    expect(spanish("join.private", { count: 2 })).toBe("2 miembros mantienen privado su historial de pagos.");
  });

  it("name the step and the position in Spanish", () => {
    expect(spanish("join.step", { step: 1, name: spanish("join.stepDetails") })).toBe("Paso 1 de 2: Revise y acepte");
    expect(spanish("join.position", { position: 2, count: 5 })).toBe("Turno 2 de 5");
  });
});
