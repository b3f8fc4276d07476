/**
 * The recipient's consent in the reader's language (ADR 056): given the English catalogue, the wording says exactly
 * what it said before (ADR 053's sentences, word for word); given the Spanish one, the same figures in Spanish.
 */
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { type ConsentedTurn, consentedTurnNote, owedToRecipientMessage } from "./failed-contribution";
import { messages as english } from "./messages/en-US";
import { messages as spanish } from "./messages/es-US";
import type { Words } from "./messages/words";
import { consentConsequence, namesList, partialPayoutLines } from "./turn-consent";

function translatorOf(locale: string, catalogue: Record<string, string>): Words {
  const compiled = Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({ locale, messages: { [locale]: compiled } });
  return (id, values) => i18n._(id, values);
}
const en = { t: translatorOf("en-US", english), locale: "en-US" as const };
const es = { t: translatorOf("es-US", spanish), locale: "es-US" as const };

const one = { arrivedCents: 20_000, owed: [{ name: "Lena", amountCents: 10_000 }] };
const two = {
  arrivedCents: 10_000,
  owed: [
    { name: "Lena", amountCents: 10_000 },
    { name: "Omar", amountCents: 10_000 },
  ],
};
const partial = {
  arrivedCents: 10_000,
  payout: { state: "sent" as const, on: "2026-12-21" },
  debts: [
    { name: "Ben", amountCents: 10_000, status: "collected" as const, rest: { state: "sent" as const, on: "2026-12-21" } },
    { name: "Cy", amountCents: 5_000, status: "owed" as const },
  ],
};
const consent: ConsentedTurn = { recipientName: "Ana", acceptedOn: "2026-12-07", arrivedCents: 20_000, owedCents: 10_000 };

describe("the consent's wording, English catalogue", () => {
  it("says exactly what the functions say without a translator", () => {
    for (const input of [one, two]) expect(consentConsequence(input, en)).toBe(consentConsequence(input));
    expect(partialPayoutLines(partial, en)).toEqual(partialPayoutLines(partial));
    expect(owedToRecipientMessage(consent, en)).toBe(owedToRecipientMessage(consent));
    expect(consentedTurnNote("Lena", consent, en)).toBe(consentedTurnNote("Lena", consent));
    expect(namesList(["A", "B", "C"], "en-US")).toBe("A, B and C");
  });

  it("says the panel's and the page's sentences as they were written", () => {
    expect(en.t("turnConsent.owing.body", { date: "Monday, December 7, 2026", name: "Ana", period: 3, amount: "$100.00" })).toBe(
      "On Monday, December 7, 2026 Ana accepted what had arrived for turn 3 instead of waiting for your contribution. Your $100.00 is still owed to them: pay it with Pay now (above) and it is sent on to Ana when it arrives.",
    );
    expect(en.t("turnConsent.offer.body", { amount: "$300.00", period: 3, date: "Monday, December 7, 2026", count: 1 })).toBe(
      "Your $300.00 payout (turn 3, due Monday, December 7, 2026) waits because a contribution hasn't arrived. Rosca doesn't lend the missing money.",
    );
    expect(en.t("turnConsent.offer.body", { amount: "$300.00", period: 3, date: "Monday, December 7, 2026", count: 2 })).toContain(
      "waits because contributions haven't arrived.",
    );
    expect(en.t("turnConsent.offer.later", { date: "Monday, December 21, 2026", amount: "$200.00", names: "Lena", count: 1 })).toBe(
      "If it is still missing on Monday, December 21, 2026, you can choose here to be paid the $200.00 that has arrived; what Lena owes would stay owed to you and be sent to you when it arrives.",
    );
    expect(en.t("turnConsent.given.body", { date: "Monday, December 21, 2026", amount: "$200.00", period: 3, sending: "yes" })).toBe(
      "On Monday, December 21, 2026 you accepted $200.00 for turn 3; it is being sent.",
    );
    expect(en.t("turnConsent.given.body", { date: "Monday, December 21, 2026", amount: "$200.00", period: 3, sending: "no" })).toBe(
      "On Monday, December 21, 2026 you accepted $200.00 for turn 3.",
    );
    expect(en.t("turnConsent.given.collected", { name: "Lena", amount: "$100.00", date: "Monday, December 28, 2026" })).toBe(
      "Lena's $100.00 arrived and was sent to you on Monday, December 28, 2026.",
    );
    expect(en.t("turnConsent.toast.accepted", { arrived: "$200.00", owed: "$100.00" })).toBe(
      "$200.00 is on its way to you. The $100.00 still owed stays owed to you and is sent to you when it arrives.",
    );
    expect(en.t("turnConsent.offer.accept", { amount: "$200.00" })).toBe("Accept $200.00 now");
  });
});

describe("the consent's wording, Spanish catalogue", () => {
  it("says the consequence, the amounts and what is owed in Spanish", () => {
    expect(consentConsequence(two, es)).toBe(
      "Recibirá $100.00 ahora. Los $200.00 que todavía deben Lena y Omar quedan en el registro de la tanda como deuda con usted y se le envían cuando lleguen.",
    );
    expect(partialPayoutLines(partial, es)).toEqual(["$200.00 enviados el 21 dic 2026", "$50.00 que todavía debe Cy, se envían cuando lleguen"]);
    expect(owedToRecipientMessage(consent, es)).toBe(
      "Ana aceptó $200.00 el lunes, 7 de diciembre de 2026 en vez de esperar este aporte. Usted le debe $100.00 a Ana, que se le envían cuando lleguen: páguelos ahora desde la página de la tanda.",
    );
    expect(consentedTurnNote("Lena", consent, es)).toBe(
      "Ana aceptó $200.00 el lunes, 7 de diciembre de 2026; Lena le debe $100.00 a Ana, que se le envían cuando lleguen.",
    );
    expect(es.t("turnConsent.given.body", { date: "lunes, 21 de diciembre de 2026", amount: "$200.00", period: 3, sending: "yes" })).toBe(
      "El lunes, 21 de diciembre de 2026 usted aceptó $200.00 para el turno 3; se está enviando.",
    );
    expect(es.t("turnConsent.offer.body", { amount: "$300.00", period: 3, date: "lunes, 7 de diciembre de 2026", count: 1 })).toBe(
      "Su pago del pozo de $300.00 (turno 3, con fecha lunes, 7 de diciembre de 2026) espera porque no ha llegado un aporte. Rosca no presta el dinero que falta.",
    );
  });
});

/**
 * Where each payout of a consented turn is (ADR 053 step 4, consentedPayoutState): "sent" only once the bank accepted
 * it; while it is being made, after it failed (and the day the engine sends it again), and once it will not be sent
 * again automatically, the lines say so, in English and in Spanish.
 */
describe("a consented turn's amount, in every state of its payouts", () => {
  const owedCy = { name: "Cy", amountCents: 10_000, status: "owed" as const };
  const states = {
    sending: { state: "sending" as const },
    sent: { state: "sent" as const, on: "2026-01-23" },
    failed: { state: "failed" as const, on: "2026-01-26", againOn: "2026-01-29" },
    stopped: { state: "stopped" as const, on: "2026-02-04", cancelled: false },
    cancelled: { state: "stopped" as const, on: "2026-02-04", cancelled: true },
  };
  const of = (payout: (typeof states)[keyof typeof states]) => ({ arrivedCents: 20_000, payout, debts: [owedCy] });
  const english: Record<keyof typeof states, string[]> = {
    sending: ["$200.00 being sent", "$100.00 still owed by Cy, sent on when it arrives"],
    sent: ["$200.00 sent on Jan 23, 2026", "$100.00 still owed by Cy, sent on when it arrives"],
    failed: ["$200.00 failed on Jan 26, 2026; it will be sent again on Jan 29, 2026", "$100.00 still owed by Cy, sent on when it arrives"],
    stopped: [
      "$200.00 failed on Feb 4, 2026 and will not be sent again automatically; Rosca's support team has been told",
      "$100.00 still owed by Cy, sent on when it arrives",
    ],
    cancelled: ["$200.00 was cancelled on Feb 4, 2026 and will not be sent again automatically", "$100.00 still owed by Cy, sent on when it arrives"],
  };
  const spanishLines: Record<keyof typeof states, string[]> = {
    sending: ["$200.00 en proceso de envío", "$100.00 que todavía debe Cy, se envían cuando lleguen"],
    sent: ["$200.00 enviados el 23 ene 2026", "$100.00 que todavía debe Cy, se envían cuando lleguen"],
    failed: [
      "El envío de $200.00 falló el 26 ene 2026; se enviarán de nuevo el 29 ene 2026",
      "$100.00 que todavía debe Cy, se envían cuando lleguen",
    ],
    stopped: [
      "El envío de $200.00 falló el 4 feb 2026 y no se volverá a hacer automáticamente; se avisó al equipo de soporte de Rosca",
      "$100.00 que todavía debe Cy, se envían cuando lleguen",
    ],
    cancelled: [
      "El envío de $200.00 se canceló el 4 feb 2026 y no se volverá a hacer automáticamente",
      "$100.00 que todavía debe Cy, se envían cuando lleguen",
    ],
  };

  it("the payout of what arrived: being sent, sent on its day, failed and sent again on a day, not sent again", () => {
    for (const key of Object.keys(states) as Array<keyof typeof states>) {
      expect(partialPayoutLines(of(states[key])), key).toEqual(english[key]);
      expect(partialPayoutLines(of(states[key]), en), key).toEqual(english[key]);
      expect(partialPayoutLines(of(states[key]), es), key).toEqual(spanishLines[key]);
    }
    // Never "sent" for a payout the bank has not accepted.
    for (const key of ["sending", "failed", "stopped", "cancelled"] as const)
      expect(partialPayoutLines(of(states[key])).join(" ")).not.toMatch(/\bsent on Jan/);
  });

  it("a late part sent on: counted as sent only once the bank accepted it; its own line while it is not", () => {
    const withRest = (rest: (typeof states)[keyof typeof states], payout = states.sent) => ({
      arrivedCents: 20_000,
      payout,
      debts: [{ ...owedCy, status: "collected" as const, rest }],
    });
    expect(partialPayoutLines(withRest(states.sending))).toEqual(["$200.00 sent on Jan 23, 2026", "$100.00 from Cy being sent"]);
    expect(partialPayoutLines(withRest(states.failed))).toEqual([
      "$200.00 sent on Jan 23, 2026",
      "$100.00 from Cy failed on Jan 26, 2026; it will be sent again on Jan 29, 2026",
    ]);
    expect(partialPayoutLines(withRest(states.stopped))).toEqual([
      "$200.00 sent on Jan 23, 2026",
      "$100.00 from Cy failed on Feb 4, 2026 and will not be sent again automatically; Rosca's support team has been told",
    ]);
    expect(partialPayoutLines(withRest({ state: "sent", on: "2026-02-03" }))).toEqual(["$300.00 sent, the last part on Feb 3, 2026"]);
    expect(partialPayoutLines(withRest(states.failed), es)).toEqual([
      "$200.00 enviados el 23 ene 2026",
      "El envío de los $100.00 de Cy falló el 26 ene 2026; se enviarán de nuevo el 29 ene 2026",
    ]);
    expect(partialPayoutLines(withRest({ state: "sent", on: "2026-02-03" }), es)).toEqual(["$300.00 enviados, la última parte el 3 feb 2026"]);
    expect(partialPayoutLines(withRest(states.sending), es)).toEqual(["$200.00 enviados el 23 ene 2026", "$100.00 de Cy en proceso de envío"]);
    for (const key of Object.keys(states) as Array<keyof typeof states>)
      expect(partialPayoutLines(withRest(states[key]), en), key).toEqual(partialPayoutLines(withRest(states[key])));
  });
});
