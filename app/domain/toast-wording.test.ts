/**
 * ADR 056 part five (m): the turn swaps' toast descriptions with a name or a turn in them say in English exactly what
 * SWAP_MESSAGES says, and in Spanish the same facts; the texts added to SERVER_TEXTS for toasts have Spanish of their own.
 */
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { unpaidTurnCase } from "./failed-contribution";
import { formatCalendarDay } from "./format";
import { reasonPhrase } from "./http-status";
import { SERVER_TEXTS, messages as english } from "./messages/en-US";
import { messages as spanish } from "./messages/es-US";
import { TOASTS_SERVER_TEXTS } from "./messages/toasts.en-US";
import type { Words } from "./messages/words";
import { plannedDates } from "./payment-dates";
import { SWAP_MESSAGES } from "./swaps";
import { type SwapToast, swapToastIn } from "./toast-wording";

function translatorOf(locale: string, catalogue: Record<string, string>): Words {
  const compiled = Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({ locale, messages: { [locale]: compiled } });
  return (id, values) => i18n._(id, values);
}
const en = translatorOf("en-US", english);
const es = translatorOf("es-US", spanish);

describe("the turn swaps' toast descriptions (swapToastIn)", () => {
  const days = ["2026-11-30", "2026-12-07", "2026-01-23", "2026-02-27", "2026-12-31", "2027-03-05"];
  const toasts: SwapToast[] = [
    { kind: "proposed", name: "Omar Haddad" },
    { kind: "proposed", name: "María José O'Neil" },
    ...days.flatMap((dueOn, index) => [{ kind: "swapped" as const, turn: index + 1, dueOn }]),
  ];

  it("is SWAP_MESSAGES' English word for word, with or without the catalogue", () => {
    for (const toast of toasts) {
      const before = toast.kind === "proposed" ? SWAP_MESSAGES.proposedToYou(toast.name) : SWAP_MESSAGES.swappedToYou(toast.turn, toast.dueOn);
      expect(swapToastIn(toast)).toBe(before);
      expect(swapToastIn(toast, en, "en-US")).toBe(before);
    }
  });

  it("the English catalogue's messages say the same as SWAP_MESSAGES", () => {
    expect(en("toasts.swap.proposed", { name: "Omar Haddad" })).toBe(SWAP_MESSAGES.proposedToYou("Omar Haddad"));
    for (const [index, dueOn] of days.entries()) {
      const dates = plannedDates(index + 1, dueOn);
      const said = en("toasts.swap.swapped", {
        turn: index + 1,
        sentOn: formatCalendarDay(dates.sent!.day, "long"),
        arrivesOn: formatCalendarDay(dates.arrival!.day, "long"),
      });
      expect(said).toBe(SWAP_MESSAGES.swappedToYou(index + 1, dueOn));
    }
  });

  it("says whom we asked, and the turn now yours with its days, in Spanish", () => {
    expect(swapToastIn({ kind: "proposed", name: "Omar Haddad" }, es, "es-US")).toBe("Le preguntamos a Omar Haddad. Le avisaremos cuando responda.");
    // Issue 45's sandbox clock: the turn due November 30, 2026 goes out December 2 and arrives December 3.
    expect(swapToastIn({ kind: "swapped", turn: 2, dueOn: "2026-11-30" }, es, "es-US")).toBe(
      "Su turno ahora es el 2: el pago del pozo sale el 2 de diciembre de 2026; se espera en su banco el 3 de diciembre de 2026.",
    );
  });
});

describe("the toasts' texts added to SERVER_TEXTS (TOASTS_SERVER_TEXTS)", () => {
  it("are each in SERVER_TEXTS once, with Spanish of their own", () => {
    for (const text of TOASTS_SERVER_TEXTS) {
      expect(
        SERVER_TEXTS.filter((other) => other === text),
        text,
      ).toHaveLength(1);
      expect(spanish[text], text).not.toBe(text);
    }
    expect(spanish["Session Expired"]).toBe("Su sesión venció");
    expect(spanish["Bad Request"]).toBe("Solicitud no válida");
  });

  it("the sandbox clock's range says its figures in both languages", () => {
    expect(en("toasts.clock.daysRange", { min: "1", max: "400" })).toBe("Choose between 1 and 400 days.");
    expect(es("toasts.clock.daysRange", { min: "1", max: "400" })).toBe("Elija entre 1 y 400 días.");
  });
});

describe("the error page's status line", () => {
  it("has every reason phrase http-status.ts gives in SERVER_TEXTS, in Spanish", () => {
    for (const status of [400, 401, 403, 404, 405, 408, 409, 410, 413, 415, 422, 429, 500, 502, 503, 504, 418, 599]) {
      const phrase = reasonPhrase(status);
      expect(SERVER_TEXTS as readonly string[], phrase).toContain(phrase);
      expect(spanish[phrase as keyof typeof spanish], phrase).not.toBe(phrase);
    }
    expect(es("Bad Request" as never)).toBe("Solicitud no válida");
    expect(en("Bad Request" as never)).toBe("Bad Request");
  });
});

describe("the unpaid turn's case on the admin console (unpaidTurnCase)", () => {
  const turn = {
    groupName: "Family Savings Circle",
    periodNumber: 2,
    memberName: "Lena",
    amountCents: 10_000,
    dueOn: "2026-12-04",
    waitedDays: 15,
    adminName: "Dana" as string | null,
  };

  it("says in English, through the catalogue, word for word what it says without one; the email is the same", () => {
    for (const adminName of ["Dana", null])
      for (const ownTurn of [false, true]) {
        const before = unpaidTurnCase({ ...turn, adminName, ownTurn });
        const through = unpaidTurnCase({ ...turn, adminName, ownTurn }, { t: en, locale: "en-US" });
        expect(through).toEqual(before);
      }
  });

  it("gives the admin the summary and the action in Spanish; the email to support's addressees stays English", () => {
    const spanishCase = unpaidTurnCase(turn, { t: es, locale: "es-US" });
    expect(spanishCase.summary).toBe(
      "El aporte de $100.00 de Lena a Family Savings Circle (período 2) vencía el viernes, 4 de diciembre de 2026 y lleva 15 días esperando.",
    );
    expect(spanishCase.action).toBe(
      "Trátelo con Dana y Lena: acuerden cuándo Lena lo paga con Pagar ahora. El pago del pozo lo espera; Rosca no presta nada. Quien recibe el pozo en este turno puede, en cambio, aceptar lo que llegó, en la página de la tanda.",
    );
    expect(unpaidTurnCase({ ...turn, adminName: null }, { t: es, locale: "es-US" }).action).toContain(
      "Trátelo con el administrador de la tanda y Lena",
    );
    expect(spanishCase.emailSubject).toBe(unpaidTurnCase(turn).emailSubject);
    expect(spanishCase.emailBody).toBe(unpaidTurnCase(turn).emailBody);
  });
});
