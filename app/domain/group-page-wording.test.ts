/**
 * The group page's wording in the reader's language (ADR 056, part four d): the domain's wording functions given a
 * translator say the same rule in Spanish, and given the English catalogue say exactly what they say without one.
 */
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { DEFAULT_COVER, defaultCoverIn } from "./default-cover";
import { type FailedContributionFacts, nextStepAfterFailure, unpaidTurnRule } from "./failed-contribution";
import { messages as english } from "./messages/en-US";
import { messages as spanish } from "./messages/es-US";
import type { Words } from "./messages/words";
import { type PaymentDates, payoutNextSteps, type PaymentStepKind, stepLabel, stepText } from "./payment-dates";
import { recordSummary, type ReliabilityRecord } from "./reliability";

function translatorOf(locale: string, catalogue: Record<string, string>): Words {
  const compiled = Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({ locale, messages: { [locale]: compiled } });
  return (id, values) => i18n._(id, values);
}
const en = translatorOf("en-US", english);
const es = translatorOf("es-US", spanish);

describe("a payment's steps", () => {
  const cases: Array<[PaymentStepKind, boolean, boolean]> = [
    ["due", false, false],
    ["collected", false, false],
    ["collected", true, false],
    ["sent", false, false],
    ["sent", true, false],
    ["arrival", false, true],
    ["arrival", true, true],
    ["arrival", true, false],
  ];
  it.each(cases)("%s (planned %s, yours %s): the English catalogue says what stepText says", (kind, planned, yours) => {
    const step = { day: "2026-12-09", planned };
    expect(stepText(kind, step, { yours, t: en, locale: "en-US" })).toBe(stepText(kind, step, { yours }));
    expect(stepLabel(kind, step, { yours, t: en })).toBe(stepLabel(kind, step, { yours }));
  });

  it("say the step and its day in Spanish", () => {
    expect(stepText("arrival", { day: "2026-12-09", planned: true }, { yours: true, t: es, locale: "es-US" })).toBe(
      "Se espera en su banco el 9 dic 2026",
    );
    expect(stepText("due", { day: "2026-12-01", planned: false }, { t: es, locale: "es-US" })).toBe("Vence el 1 dic 2026");
    expect(stepLabel("sent", { planned: true }, { t: es })).toBe("El pago sale");
  });
});

describe("the Next Payout card's next steps in Spanish", () => {
  const dates: PaymentDates = {
    due: "2026-12-01",
    collected: null,
    sent: { day: "2026-12-08", planned: true },
    arrival: { day: "2026-12-09", planned: true },
    late: [{ userId: "lena", attempt: 1, next: { kind: "retry", on: "2026-12-04" } }],
    payoutStuck: false,
    payoutFailed: false,
  } as unknown as PaymentDates;
  const input = {
    dates,
    today: "2026-12-01",
    recipient: { name: "Ada Admin", isYou: false },
    payoutCents: 30_000,
    person: (id: string) => ({ name: id === "lena" ? "Lena Late" : "Theo", isYou: id === "lena" }),
  };

  it("keeps English as it was without words", () => {
    expect(payoutNextSteps(input)).toEqual([
      "Your contribution did not go through (attempt 1 of 3): we'll try again on December 4, 2026.",
      "If it goes through, the payout goes out on December 8, 2026 and is expected in Ada Admin's bank account on December 9, 2026.",
    ]);
  });

  it("says the same rule, with the same dates, in Spanish", () => {
    expect(payoutNextSteps({ ...input, words: { t: es, locale: "es-US" } })).toEqual([
      "Su aporte no se completó (intento 1 de 3): lo intentaremos de nuevo el 4 de diciembre de 2026.",
      "Si se completa, el pago del pozo sale el 8 de diciembre de 2026 y se espera en la cuenta bancaria de Ada Admin el 9 de diciembre de 2026.",
    ]);
  });
});

describe("the Next Payout card's failed Pay now in Spanish (ADR 052: the member's own payment)", () => {
  it("counts the automatic attempts, not the Pay now", () => {
    const dates = (late: unknown[]) =>
      ({ due: "2026-12-01", collected: null, sent: null, arrival: null, late, payoutStuck: false, payoutFailed: false }) as unknown as PaymentDates;
    const input = {
      today: "2026-12-04",
      recipient: { name: "Ada Admin", isYou: false },
      payoutCents: 30_000,
      person: (id: string) => ({ name: id === "lena" ? "Lena Late" : "Theo", isYou: id === "lena" }),
      words: { t: es, locale: "es-US" as const },
    };
    expect(
      payoutNextSteps({
        ...input,
        dates: dates([{ userId: "theo", attempt: 2, payNow: true, automaticAttempts: 1, next: { kind: "retry", on: "2026-12-07" } }]),
      })[0],
    ).toBe(
      "El propio pago de Theo (Pagar ahora) no se completó después de 1 intento automático: lo intentaremos de nuevo automáticamente el 7 de diciembre de 2026.",
    );
    expect(
      payoutNextSteps({
        ...input,
        dates: dates([{ userId: "lena", attempt: 4, payNow: true, automaticAttempts: 3, next: { kind: "no-retry" } }]),
      })[0],
    ).toBe("Su propio pago (Pagar ahora) no se completó después de 3 intentos automáticos y no se intenta nada más automáticamente.");
  });
});

describe("the default cover and the unpaid turn's rule in Spanish", () => {
  it("take each rule's number from its constant", () => {
    const cover = defaultCoverIn(es);
    expect(cover.title).toBe("Si un miembro no puede pagar");
    expect(cover.steps.map((step) => step.id)).toEqual(DEFAULT_COVER.steps.map((step) => step.id));
    expect(cover.steps[0]!.text).toContain("se intenta de nuevo 3 días después");
    expect(cover.steps[0]!.text).toContain("3 intentos en total");
    expect(cover.steps[2]!.text).toContain("como máximo 2 veces, dentro de 180 días");
    expect(cover.steps[4]!.text).toContain("14 días después de su fecha de pago");
  });

  it("dates the unpaid turn's rule in Spanish", () => {
    expect(unpaidTurnRule("2026-12-01", "2026-12-02", { t: es, locale: "es-US" })).toContain(
      "Si sigue sin pagarse el martes, 15 de diciembre de 2026, el equipo de soporte de Rosca lo atiende con usted y el miembro. Desde ese día, quien recibe el pozo en este turno puede elegir que se le pague lo que llegó; el aporte que falta queda entonces como deuda con esa persona y se le envía cuando llegue.",
    );
    // The late member's own turn: no choice is promised (QA pass 3).
    const own = unpaidTurnRule("2026-12-01", "2026-12-02", { t: es, locale: "es-US" }, true);
    expect(
      own.endsWith(
        "el equipo de soporte de Rosca lo atiende con usted y el miembro. El miembro es quien recibe el pozo en este turno, así que el turno espera su propio aporte; nadie puede aceptar lo que llegó en su lugar.",
      ),
    ).toBe(true);
    expect(own).not.toContain("puede elegir");
  });
});

describe("a payment record in Spanish", () => {
  const record = { standing: "onTime", onTime: 11, late: 1, missed: 0, cyclesCompleted: 2, owed: 1 } as ReliabilityRecord;
  it("is the same summary in the catalogue's words", () => {
    expect(recordSummary(record)).toBe("Pays on time · 11 on time, 1 late, 0 missed · 2 cycles completed · 1 contribution still owed");
    expect(recordSummary(record, en)).toBe(recordSummary(record));
    expect(recordSummary(record, es)).toBe(
      "Paga a tiempo · 11 a tiempo, 1 con atraso, 0 sin pagar · 2 tandas completadas · 1 aporte todavía pendiente",
    );
  });
});

describe("a failed contribution's next step in Spanish", () => {
  const base: FailedContributionFacts = {
    status: "declined",
    failureCode: "NSF",
    attempt: 1,
    amountCents: 10_000,
    account: { institution: "First Platypus Bank", name: "Everyday", mask: "3030" },
    statusOn: "2026-12-01",
    retryOn: "2026-12-04",
  };
  const cases: Array<[string, Partial<FailedContributionFacts>]> = [
    ["a retry", {}],
    ["a retry from another account", { nextAccount: { institution: "First Platypus Bank", name: "Reserve", mask: "5000" } }],
    ["the last attempt", { attempt: 3 }],
    ["a stopped debit", { status: "cancelled" }],
    ["a closed account", { status: "returned", failureCode: "R02" }],
    ["a revoked authorisation", { status: "returned", failureCode: "R10" }],
    ["a Pay now that failed, then a retry", { attempt: 2, payNow: true }],
    [
      "a Pay now that failed, then a retry from another account",
      { attempt: 2, payNow: true, nextAccount: { institution: null, name: "Reserve", mask: null } },
    ],
    ["a Pay now that failed, none left", { attempt: 4, payNow: true }],
    ["a Pay now that failed, another account usable", { attempt: 2, payNow: true, otherAccount: true }],
    ["a Pay now that failed, none left, another account usable", { attempt: 4, payNow: true, otherAccount: true }],
    ["a retry, on the group page itself", { onGroupPage: true }],
    ["the last attempt, on the group page itself", { attempt: 3, onGroupPage: true }],
    ["a stopped debit, on the group page itself", { status: "cancelled", onGroupPage: true }],
    ["a closed account, on the group page itself", { status: "returned", failureCode: "R02", onGroupPage: true }],
    ["a revoked authorisation, on the group page itself", { status: "returned", failureCode: "R10", onGroupPage: true }],
  ];
  it.each(cases)("%s: the English catalogue's words are the English sentence", (_, over) => {
    const facts = { ...base, ...over };
    expect(nextStepAfterFailure(facts, { t: en, locale: "en-US" }).replaceAll("’", "'")).toBe(nextStepAfterFailure(facts));
  });

  it("says when the next attempt comes, in Spanish", () => {
    expect(nextStepAfterFailure(base, { t: es, locale: "es-US" })).toBe(
      "Intento 1 de 3: volveremos a intentar cargar $100.00 a First Platypus Bank Everyday ••3030 el viernes, 4 de diciembre de 2026. Antes de esa fecha puede pagarlo ahora desde la página de la tanda, elegir ahí otra cuenta para esta tanda o asegurarse de tener los fondos disponibles.",
    );
    const reserve = { institution: "First Platypus Bank", name: "Reserve", mask: "5000" };
    expect(nextStepAfterFailure({ ...base, nextAccount: reserve }, { t: es, locale: "es-US" })).toBe(
      "El intento 1 de 3 con First Platypus Bank Everyday ••3030 no se completó: intentaremos cargar $100.00 a First Platypus Bank Reserve ••5000 el viernes, 4 de diciembre de 2026. Antes de esa fecha puede pagarlo ahora desde la página de la tanda, elegir ahí otra cuenta para esta tanda o asegurarse de tener los fondos disponibles.",
    );
  });

  it("on the group page itself, points to its Pay now below, never to 'the group page' (English and Spanish)", () => {
    const here = { ...base, onGroupPage: true };
    expect(nextStepAfterFailure(here)).toBe(
      "Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Everyday ••3030 again on Friday, December 4, 2026. Before then you can pay it now with Pay now below, choose another account for this group under Paid from, or make sure the funds are available.",
    );
    expect(nextStepAfterFailure(here, { t: es, locale: "es-US" })).toBe(
      "Intento 1 de 3: volveremos a intentar cargar $100.00 a First Platypus Bank Everyday ••3030 el viernes, 4 de diciembre de 2026. Antes de esa fecha puede pagarlo ahora con Pagar ahora, más abajo, elegir otra cuenta para esta tanda en «Se paga desde» o asegurarse de tener los fondos disponibles.",
    );
    expect(nextStepAfterFailure({ ...here, attempt: 3 })).toBe(
      "That was the last of 3 attempts to collect $100.00 from First Platypus Bank Everyday ••3030. Nothing more is debited automatically: pay it now with Pay now below; the group's payout waits for it.",
    );
    expect(nextStepAfterFailure({ ...here, attempt: 3 }, { t: es, locale: "es-US" })).toBe(
      "Ese fue el último de 3 intentos de cargar $100.00 a First Platypus Bank Everyday ••3030. No se carga nada más automáticamente: páguelo ahora con Pagar ahora, más abajo; el pago del pozo de la tanda lo espera.",
    );
    for (const over of [
      {},
      { attempt: 3 },
      { status: "cancelled" as const },
      { status: "returned" as const, failureCode: "R02" },
      { status: "returned" as const, failureCode: "R10" },
    ]) {
      expect(nextStepAfterFailure({ ...here, ...over })).not.toContain("group page");
      expect(nextStepAfterFailure({ ...here, ...over }, { t: es, locale: "es-US" })).not.toContain("página de la tanda");
    }
  });

  it("tells the member's own Pay now that failed as their payment, with its day, not as an automatic attempt", () => {
    const payNow = { ...base, attempt: 2, payNow: true };
    expect(nextStepAfterFailure(payNow)).toBe(
      "Your Pay now payment of $100.00 from First Platypus Bank Everyday ••3030 on Tuesday, December 1, 2026 did not go through. The next automatic attempt takes $100.00 from First Platypus Bank Everyday ••3030 on Friday, December 4, 2026. Before then you can pay it with Pay now from another account (link one under Profile → Bank Accounts), or make sure the funds are available.",
    );
    expect(nextStepAfterFailure(payNow, { t: es, locale: "es-US" })).toBe(
      "Su pago con Pagar ahora de $100.00 desde First Platypus Bank Everyday ••3030 el martes, 1 de diciembre de 2026 no se completó. El próximo intento automático carga $100.00 a First Platypus Bank Everyday ••3030 el viernes, 4 de diciembre de 2026. Antes de esa fecha puede pagarlo con Pagar ahora desde otra cuenta (vincule una en Perfil → Cuentas bancarias) o asegurarse de tener los fondos disponibles.",
    );
    expect(nextStepAfterFailure({ ...payNow, attempt: 4 }, { t: es, locale: "es-US" })).toBe(
      "Su pago con Pagar ahora de $100.00 desde First Platypus Bank Everyday ••3030 el martes, 1 de diciembre de 2026 no se completó y no se carga nada más automáticamente: páguelo con Pagar ahora desde otra cuenta (vincule una en Perfil → Cuentas bancarias) o desde esta cuando tenga los fondos disponibles; el pago del pozo de la tanda lo espera.",
    );
  });
});
