/**
 * ADR 056, part five (h): /profile/bank-accounts' states and bank-health alerts rendered for a Spanish reader (as
 * root.tsx renders a page inside the reader's catalogue), and the same data for an English one, word for word as
 * before. The e2e spec (spanish-profile.spec.ts) walks the pages; these are the states a browser walk cannot reach
 * without a bank failing: a login to renew, an account the bank closed, a withdrawn authorisation, the return from Link.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
const page = await import("../../app/routes/profile.bank-accounts");
const { LocaleProvider } = await import("../../app/components/i18n");
const { catalogueJson } = await import("../../app/server/platform/locale.server");
const { textOf } = await import("../support/render");

function render(locale: "en-US" | "es-US", loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: "/profile/bank-accounts", Component: page.default as never, loader: () => loaderData }]);
  const stub = createElement(Stub, { initialEntries: ["/profile/bank-accounts"], hydrationData: { loaderData: { page: loaderData } } });
  // Its children come as createElement's third argument (the props' type names them too).
  const props = { locale, messages: catalogueJson(locale) } as Parameters<typeof LocaleProvider>[0];
  return textOf(renderToString(createElement(LocaleProvider, props, stub)));
}

const account = (id: string, health: { loginRequired?: string | null; unusableCode?: string | null; debitsRevokedCode?: string | null }) => ({
  accountId: id,
  itemId: `item-${id}`,
  institutionName: "First Platypus Bank",
  accountName: `Plaid Checking ${id}`,
  accountType: "depository",
  accountSubtype: "checking",
  maskNumber: `000${id}`,
  connectionDate: "2026-11-02T15:00:00.000Z",
  balance: { availableCents: 105000, currentCents: 110000, currencyCode: "USD", asOf: "2026-11-27T14:31:00.000Z", refreshFailed: id === "2" },
  health: { loginRequired: null, unusableCode: null, debitsRevokedCode: null, ...health },
});

const ready = {
  state: "ready",
  accounts: [
    account("1", { loginRequired: "ITEM_LOGIN_REQUIRED" }),
    account("2", { unusableCode: "R02" }),
    account("3", { debitsRevokedCode: "R10" }),
  ],
  returned: { linkToken: "link-sandbox-1", institutionId: "ins_1", institutionName: "Tartan Bank" },
  reconnected: null,
  cancelled: { message: "Usted cerró la conexión con el banco antes de que terminara." },
  memberName: "Rita Reyes",
  payday: "",
  linkMode: "sandbox",
  sandboxCredentials: true,
};

const ENGLISH = [
  "Bank Accounts",
  "Link Another Account",
  "Bank Linking Cancelled",
  "Finish connecting",
  "Your bank approved the connection",
  "Connect Accounts",
  "Reconnect your bank",
  "Your login at",
  "Reconnect First Platypus Bank",
  "Link another account",
  "can't be used",
  "The bank says this account is closed.",
  "Authorise debits again",
  "You told your bank that a debit was not authorised.",
  "I, Rita Reyes, authorise",
  "I authorise these debits.",
  "Authorise debits",
  "Refresh balances",
  "Show balance",
  "Available balance",
  "Current balance",
  "Balance as of",
  "We couldn't refresh this balance",
  "Connected on",
  "Unlink",
  "When you're paid",
];

describe("/profile/bank-accounts for a Spanish reader", () => {
  it("says every state, alert and card in Spanish, with the account, the return code's meaning and the dates", () => {
    const text = render("es-US", ready);
    for (const phrase of [
      "Cuentas bancarias Vincular otra cuenta",
      "Vinculación bancaria cancelada Usted cerró la conexión con el banco antes de que terminara.",
      "Vuelva a conectar su banco Su inicio de sesión en First Platypus Bank venció, así que no podemos cargar aportes ni enviar pagos del pozo por medio de él.",
      "Volver a conectar First Platypus Bank",
      "Vincule otra cuenta: First Platypus Bank Plaid Checking 2 ••0002 no se puede usar El banco dice que esta cuenta está cerrada. Ya no podemos cargar aportes a esta cuenta",
      "Vuelva a autorizar los cargos a First Platypus Bank Plaid Checking 3 ••0003 Usted le dijo a su banco que un cargo no estaba autorizado.",
      "Yo, Rita Reyes, autorizo a Rosca a hacer cargos por ACH a mi cuenta First Platypus Bank Plaid Checking 3 ••0003",
      "Autorizo estos cargos. Autorizar los cargos",
      "Termine de conectar Tartan Bank Su banco aprobó la conexión. Confirme para agregar las cuentas que eligió. Conectar las cuentas",
      "Actualizar saldos",
      "depósito · cheques · ••••0001 Conectada el 2 de noviembre de 2026",
      "Desvincular First Platypus Bank y sus cuentas",
      "Ver saldo Ocultar saldo de Plaid Checking 1 Saldo disponible: $1,050.00 Saldo actual: $1,100.00",
      "Saldo al 27 nov 2026, 9:31 a.m. EST",
      "No pudimos actualizar este saldo: se muestra el saldo al 27 nov 2026, 9:31 a.m. EST.",
      "Cuándo le pagan",
    ])
      expect(text).toContain(phrase);
    for (const phrase of ENGLISH) expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
  });

  it("says the empty and failed states in Spanish", () => {
    const empty = render("es-US", { ...ready, accounts: [], returned: null, cancelled: null });
    expect(empty).toContain(
      "No se encontraron cuentas bancarias Conecte una cuenta bancaria de prueba para participar en tandas: Únase a tandas con personas de confianza",
    );
    expect(empty).toContain("Fase de demostración: elija cualquier banco de prueba e inicie sesión con user_good / pass_good");
    const failed = render("es-US", { state: "error", message: "Failed to fetch bank accounts" });
    expect(failed).toContain("No se pudo cargar la cuenta bancaria No se pudieron obtener las cuentas bancarias Intentar de nuevo");
  });

  it("is word for word as before for an English reader", () => {
    const text = render("en-US", ready);
    for (const phrase of [
      "Bank Accounts Link Another Account",
      "Reconnect your bank Your login at First Platypus Bank has expired, so we can't collect contributions or send payouts through it.",
      "Reconnect First Platypus Bank",
      "Link another account: First Platypus Bank Plaid Checking 2 ••0002 can't be used The bank says this account is closed.",
      "I, Rita Reyes, authorise Rosca to debit my account First Platypus Bank Plaid Checking 3 ••0003 by ACH",
      "I authorise these debits. Authorise debits",
      "Finish connecting Tartan Bank Your bank approved the connection. Confirm to add the accounts you selected. Connect Accounts",
      "depository · checking · ••••0001 Connected on November 2, 2026",
      "Unlink First Platypus Bank and its accounts",
      "Show balance Hide balance of Plaid Checking 1 Available balance: $1,050.00 Current balance: $1,100.00",
      "Balance as of Nov 27, 2026, 9:31 AM EST",
    ])
      expect(text).toContain(phrase);
  });
});
