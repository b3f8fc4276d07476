import { describe, expect, it } from "vitest";
import { consentLine } from "./pay-now.server";

const input = {
  amountCents: 10_000,
  account: { institution: "First Platypus Bank", name: "Everyday", mask: "3030" },
  collectOn: "2026-12-04",
  groupName: "Late Circle",
};

describe("Pay now's authorisation (ADR 052, ADR 056)", () => {
  it("is the English sentence, word for word, for an English reader", () => {
    expect(consentLine(input)).toBe(
      "I authorise Rosca to debit $100.00 once from First Platypus Bank Everyday ••3030 through the ACH network on Friday, December 4, 2026, for my late contribution to Late Circle. I can cancel this authorisation by contacting Rosca support before that day.",
    );
  });

  it("is the same authorisation in Spanish for a Spanish reader, its date in Spanish", () => {
    expect(consentLine(input, "es-US")).toBe(
      "Autorizo a Rosca a cargar $100.00 una sola vez a First Platypus Bank Everyday ••3030 por la red ACH el viernes, 4 de diciembre de 2026, por mi aporte atrasado a Late Circle. Puedo cancelar esta autorización comunicándome con el soporte de Rosca antes de ese día.",
    );
  });
});
