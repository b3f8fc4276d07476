/**
 * The profile pages' wording in the reader's language (ADR 056, part five (h)): the English catalogue says exactly
 * what the domain's English constants and functions say, so English readers see no change, and the Spanish says the
 * same thing with the same numbers.
 */
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { balanceAsOf, balanceRefreshFailed, balanceRefreshToast } from "./balances";
import {
  debitAuthorizationWording,
  LOGIN_REQUIRED_REASONS,
  REVOKED_AUTHORIZATION_CODES,
  reconnectNotice,
  revokedAuthorizationNotice,
  UNUSABLE_ACCOUNT_CODES,
  unusableAccountNotice,
} from "./bank-health";
import { messages as english } from "./messages/en-US";
import { messages as spanish } from "./messages/es-US";
import type { Words } from "./messages/words";
import { describeDevice, EMAIL_CHANGE_MESSAGES, PROFILE_MESSAGES } from "./profile";
import { FADE_AFTER_DAYS, HALF_LIFE_DAYS, NEW_MEMBER_MARKS, RECORD_EXPLANATION, RECORD_SHARING } from "./reliability";

function translatorOf(locale: string, catalogue: Record<string, string>): Words {
  const compiled = Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({ locale, messages: { [locale]: compiled } });
  return (id, values) => i18n._(id, values);
}
const en = translatorOf("en-US", english);
const es = translatorOf("es-US", spanish);
const numbers = { halfLife: HALF_LIFE_DAYS, years: FADE_AFTER_DAYS / 365, marks: NEW_MEMBER_MARKS };
const EXPLANATION = [
  "profile.record.explanation1",
  "profile.record.explanation2",
  "profile.record.explanation3",
  "profile.record.explanation4",
  "profile.record.explanation5",
] as const;

describe("the payment record's words", () => {
  it("explains the record in English exactly as RECORD_EXPLANATION, and in Spanish with the same numbers", () => {
    expect(EXPLANATION.map((id) => en(id, numbers))).toEqual(RECORD_EXPLANATION);
    expect(es("profile.record.explanation3", numbers)).toBe(
      "Lo reciente pesa más: el peso de un aporte se reduce a la mitad cada 180 días, y después de 2 años ya no cuenta. La puntuación es la parte ponderada pagada a tiempo; un pago con atraso cuenta la mitad y uno reembolsado, la cuarta parte. Se muestra a partir de 5 aportes contados; antes de eso usted es miembro nuevo y se muestran sus cifras en su lugar.",
    );
  });

  it("says what is not counted yet as the page said it before, one and many", () => {
    for (const count of [1, 3]) {
      const one = count === 1;
      expect(en("profile.record.open", { count })).toBe(
        `${count} ${one ? "contribution is" : "contributions are"} still on the way and not counted yet.`,
      );
      expect(en("profile.record.declined", { count })).toBe(
        `${count} ${one ? "debit was" : "debits were"} declined and ${one ? "waits" : "wait"} for a retry or for you; not counted yet.`,
      );
      expect(en("profile.record.faded", { count, years: 2 })).toBe(
        `${count} older ${one ? "contribution is" : "contributions are"} more than 2 years old and no longer counted.`,
      );
    }
    expect(es("profile.record.open", { count: 1 })).toBe("1 aporte todavía está en camino y aún no cuenta.");
    expect(es("profile.record.declined", { count: 2 })).toBe(
      "2 cargos fueron rechazados y esperan un nuevo intento o una acción suya; aún no cuentan.",
    );
    expect(es("profile.record.faded", { count: 3, years: 2 })).toBe("3 aportes anteriores tienen más de 2 años y ya no cuentan.");
  });

  it("translates the sharing toasts and the profile's messages, which travel in English", () => {
    for (const toast of Object.values(RECORD_SHARING)) {
      expect(es(toast.title as never)).not.toBe(toast.title);
      expect(es(toast.description as never)).not.toBe(toast.description);
    }
    for (const message of Object.values(PROFILE_MESSAGES).flatMap((value) =>
      typeof value === "string" ? [value] : [value.title, value.description],
    )) {
      if (message === PROFILE_MESSAGES.emailLocked) continue; // shown inside profile.info.emailNote
      expect(es(message as never), message).not.toBe(message);
    }
    expect(es(PROFILE_MESSAGES.zipInvalid as never)).toBe("Escriba un código postal válido: 5 dígitos (12345) o ZIP+4 (12345-6789)");
  });
});

describe("the email change's sentences with an address", () => {
  const address = "rita@example.com";
  it("are EMAIL_CHANGE_MESSAGES' own in English", () => {
    expect(en("profile.email.sent", { address })).toBe(EMAIL_CHANGE_MESSAGES.sent(address));
    expect(en("profile.email.queued", { address })).toBe(EMAIL_CHANGE_MESSAGES.queued(address));
    expect(en("profile.email.notDelivered", { address })).toBe(EMAIL_CHANGE_MESSAGES.notDelivered(address));
    expect(en("profile.email.changed", { address })).toBe(EMAIL_CHANGE_MESSAGES.changed(address));
  });
  it("name the address in Spanish", () => {
    expect(es("profile.email.sent", { address })).toBe(
      "Enviamos un enlace de confirmación a rita@example.com. Su correo electrónico cambia cuando usted lo abra.",
    );
    expect(es("profile.email.changed", { address })).toBe("Su correo electrónico ahora es rita@example.com.");
  });
});

describe("a session's device", () => {
  const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  it.each([[chrome], ["curl/8.5.0"], [""], [null], ["Mozilla/5.0 (Windows NT 10.0) Mystery/1.0"]])(
    "%s: the English catalogue says what describeDevice says",
    (ua) => {
      expect(describeDevice(ua, en)).toBe(describeDevice(ua));
    },
  );
  it("is named in Spanish, the names kept", () => {
    expect(describeDevice(chrome, es)).toBe("Chrome en Windows");
    expect(describeDevice("Mozilla/5.0 (Windows NT 10.0) Mystery/1.0", es)).toBe("Navegador desconocido en Windows");
    expect(describeDevice("", es)).toBe("Dispositivo desconocido");
    expect(describeDevice("curl/8.5.0", es)).toBe("curl");
  });
});

describe("the bank accounts page's words", () => {
  const account = { institutionName: "First Platypus Bank", accountName: "Plaid Checking", mask: "0000" };
  const unnamed = { institutionName: null, accountName: "Plaid Checking", mask: null };

  it("give every bank-health notice exactly its English with the English catalogue", () => {
    for (const bank of ["First Platypus Bank", null])
      for (const reason of LOGIN_REQUIRED_REASONS) expect(reconnectNotice(bank, reason, en)).toEqual(reconnectNotice(bank, reason));
    for (const code of [...Object.keys(UNUSABLE_ACCOUNT_CODES), "R99"])
      for (const label of [account, unnamed]) expect(unusableAccountNotice(label, code, en)).toEqual(unusableAccountNotice(label, code));
    for (const code of [...Object.keys(REVOKED_AUTHORIZATION_CODES), "R99"])
      for (const label of [account, unnamed]) expect(revokedAuthorizationNotice(label, code, en)).toEqual(revokedAuthorizationNotice(label, code));
    expect(debitAuthorizationWording({ ...account, memberName: "Rita Reyes" }, en)).toBe(
      debitAuthorizationWording({ ...account, memberName: "Rita Reyes" }),
    );
  });

  it("say them in Spanish, with the account and the return code", () => {
    const notice = revokedAuthorizationNotice(account, "R10", es);
    expect(notice.title).toBe("Vuelva a autorizar los cargos a First Platypus Bank Plaid Checking ••0000");
    expect(notice.body).toBe(
      "Usted le dijo a su banco que un cargo no estaba autorizado. No volveremos a cargar esta cuenta hasta que usted lo autorice. Revise y autorice los cargos para seguir aportando a sus tandas.",
    );
    expect(unusableAccountNotice(unnamed, "R99", es).body).toMatch(/^El banco devolvió un cargo de esta cuenta \(código de devolución R99\)\. /);
    expect(reconnectNotice(null, "PENDING_EXPIRATION", es).body).toMatch(/^Su conexión con su banco vence en unos días\./);
    expect(debitAuthorizationWording({ ...account, memberName: "Rita Reyes" }, es)).toMatch(
      /^Yo, Rita Reyes, autorizo a Rosca a hacer cargos por ACH a mi cuenta First Platypus Bank Plaid Checking ••0000 /,
    );
  });

  it("say the balances' age and the refresh toasts as balances.ts does in English", () => {
    const time = "Nov 27, 2026, 9:31 AM EST";
    expect(en("profile.bank.balanceAsOf", { time })).toBe(balanceAsOf(time));
    expect(en("profile.bank.balanceRefreshFailed", { time })).toBe(balanceRefreshFailed(time));
    for (const retryInSeconds of [1, 42]) {
      const outcome = { refreshed: 0, failed: 0, retryInSeconds };
      expect(balanceRefreshToast(outcome, en)).toEqual(balanceRefreshToast(outcome));
    }
    expect(balanceRefreshToast({ refreshed: 0, failed: 0, retryInSeconds: 1 }, es).description).toBe(
      "Consultamos a su banco como máximo una vez por minuto. Inténtelo de nuevo en 1 segundo.",
    );
    for (const outcome of [
      { refreshed: 1, failed: 1, retryInSeconds: null },
      { refreshed: 0, failed: 2, retryInSeconds: null },
      { refreshed: 2, failed: 0, retryInSeconds: null },
      { refreshed: 0, failed: 0, retryInSeconds: null },
    ]) {
      const toast = balanceRefreshToast(outcome);
      expect(es(toast.title as never), toast.title).not.toBe(toast.title);
      if (toast.description) expect(es(toast.description as never)).not.toBe(toast.description);
    }
  });

  it("count the accounts connected", () => {
    expect(en("profile.bank.connectedToast", { count: 1 })).toBe("1 account is ready to use.");
    expect(en("profile.bank.connectedToast", { count: 2 })).toBe("2 accounts are ready to use.");
    expect(es("profile.bank.connectedToast", { count: 2 })).toBe("2 cuentas están listas para usar.");
  });
});
