/** Money a group waits for, in an operator's words (ADR 040), in the reader's language (ADR 056 part five (i)). */
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { messages as english } from "./messages/en-US";
import { messages as spanish } from "./messages/es-US";
import type { Words } from "./messages/words";
import { type WaitingMoney, whatHappened, whatThePlatformWillDo } from "./money-health";

function translatorOf(locale: string, catalogue: Record<string, string>): Words {
  const compiled = Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({ locale, messages: { [locale]: compiled } });
  return (id, values) => i18n._(id, values);
}
const en = { t: translatorOf("en-US", english), locale: "en-US" } as const;
const es = { t: translatorOf("es-US", spanish), locale: "es-US" } as const;

const base: WaitingMoney = {
  kind: "contribution",
  memberName: "Chidi Okafor",
  periodNumber: 1,
  amountCents: 100_000,
  attempt: 3,
  failures: 3,
  status: "declined",
  failureCode: "NSF",
  next: { kind: "no-retry" },
  waitReason: null,
  recipientName: "Amina Yusuf",
  payoutCents: 400_000,
  payoutLeft: false,
};

describe("whatHappened and whatThePlatformWillDo", () => {
  it.each<[string, Partial<WaitingMoney>, string, string]>([
    [
      "attempts ran out",
      {},
      "Declined: insufficient funds (NSF), attempt 3 of 3",
      "Nothing automatic: no further attempt will be made. Meanwhile the period 1 payout of $4,000.00 to Amina Yusuf waits: the platform does not cover a missed contribution.",
    ],
    [
      "a retry on a day",
      { attempt: 1, status: "returned", failureCode: "R01", next: { kind: "retry", on: "2026-01-15" } },
      "Returned: insufficient funds (R01), attempt 1 of 3",
      "Tries again on January 15, 2026 (attempt 2 of 3). The period 1 payout of $4,000.00 to Amina Yusuf goes out once it is collected.",
    ],
    [
      "the member's own Pay now after three automatic attempts (attempt 4)",
      { attempt: 4, failures: 4, payNow: true, automaticAttempts: 3 },
      "Declined: insufficient funds (NSF), the member's own payment (Pay now) after 3 automatic attempts",
      "Nothing automatic: no further attempt will be made. Meanwhile the period 1 payout of $4,000.00 to Amina Yusuf waits: the platform does not cover a missed contribution.",
    ],
    [
      "the member's own Pay now after one automatic attempt (attempt 2), one automatic retry left",
      {
        attempt: 2,
        failures: 2,
        payNow: true,
        automaticAttempts: 1,
        failureCode: "R01",
        status: "returned",
        next: { kind: "retry", on: "2026-01-15" },
      },
      "Returned: insufficient funds (R01), the member's own payment (Pay now) after 1 automatic attempt",
      "Tries again on January 15, 2026 (attempt 3 of 3). The period 1 payout of $4,000.00 to Amina Yusuf goes out once it is collected.",
    ],
    [
      "waiting for the member's login",
      { attempt: 2, status: "created", failureCode: null, next: { kind: "waits-for-member" }, waitReason: "login_required" },
      "Waiting for the member (attempt 2 of 3): their bank login needs renewing",
      "Debits again as soon as Chidi Okafor reconnects their bank; nothing is sent until then. Meanwhile the period 1 payout of $4,000.00 to Amina Yusuf waits: the platform does not cover a missed contribution.",
    ],
    [
      "authorisation withdrawn",
      { attempt: 2, status: "created", failureCode: null, next: { kind: "waits-for-member" }, waitReason: "debits_not_authorised" },
      "Waiting for the member (attempt 2 of 3): they withdrew their authorisation of our debits",
      "Debits again as soon as Chidi Okafor authorises debits again; nothing is sent until then. Meanwhile the period 1 payout of $4,000.00 to Amina Yusuf waits: the platform does not cover a missed contribution.",
    ],
    [
      "an unusable account, after the payout left",
      { attempt: 2, status: "created", failureCode: null, next: { kind: "waits-for-member" }, waitReason: "account_unusable", payoutLeft: true },
      "Waiting for the member (attempt 2 of 3): their bank account can no longer be used",
      "Debits again as soon as Chidi Okafor links another account; nothing is sent until then. Its payout already left: what the pool could not give back is fronted by the platform and repaid first from Chidi Okafor's next settled contribution.",
    ],
    [
      "a return that allows no retry",
      { attempt: 1, status: "returned", failureCode: "R06" },
      "Returned: R06, attempt 1 of 3",
      "Nothing automatic: no further attempt will be made. Meanwhile the period 1 payout of $4,000.00 to Amina Yusuf waits: the platform does not cover a missed contribution.",
    ],
    [
      "a payout out of attempts",
      { kind: "payout", memberName: "Amina Yusuf", amountCents: 400_000, status: "failed", failureCode: null },
      "Failed, attempt 3 of 3",
      "Nothing automatic: 3 attempts failed, so the period 1 payout of $4,000.00 to Amina Yusuf is not sent again by itself; the money stays in the pool.",
    ],
    [
      "a payout that failed once: sent again",
      {
        kind: "payout",
        memberName: "Amina Yusuf",
        attempt: 1,
        failures: 1,
        status: "failed",
        failureCode: null,
        next: { kind: "retry", on: "2026-01-15" },
      },
      "Failed, attempt 1 of 3",
      "Sends the period 1 payout of $4,000.00 to Amina Yusuf again on January 15, 2026 (attempt 2 of 3).",
    ],
    [
      "a consented turn's rest payout, its first failure (its attempt number follows the payout of what arrived)",
      {
        kind: "payout",
        memberName: "Amina Yusuf",
        amountCents: 100_000,
        payoutCents: 100_000,
        attempt: 2,
        failures: 1,
        status: "declined",
        failureCode: null,
        next: { kind: "retry", on: "2026-01-15" },
      },
      "Declined, attempt 1 of 3",
      "Sends the period 1 payout of $1,000.00 to Amina Yusuf again on January 15, 2026 (attempt 2 of 3).",
    ],
    [
      "a payout cancelled after one failure",
      { kind: "payout", memberName: "Amina Yusuf", attempt: 2, failures: 2, status: "cancelled", failureCode: null },
      "Cancelled, attempt 2 of 3",
      "Nothing automatic: 2 attempts failed, so the period 1 payout of $4,000.00 to Amina Yusuf is not sent again by itself; the money stays in the pool.",
    ],
  ])("%s", (_name, overrides, happened, willDo) => {
    const money = { ...base, ...overrides };
    expect(whatHappened(money)).toBe(happened);
    expect(whatThePlatformWillDo(money)).toBe(willDo);
    // The English catalogue says exactly the same.
    expect(whatHappened(money, en)).toBe(happened);
    expect(whatThePlatformWillDo(money, en)).toBe(willDo);
  });

  it("says the same in Spanish, with the locale's dates and dollars", () => {
    const retry = { ...base, attempt: 1, status: "returned" as const, failureCode: "R01", next: { kind: "retry" as const, on: "2026-01-15" } };
    expect(whatHappened(retry, es)).toBe("Devuelto: fondos insuficientes (R01), intento 1 de 3");
    expect(whatHappened({ ...base, attempt: 4, failures: 4, payNow: true, automaticAttempts: 3 }, es)).toBe(
      "Rechazado: fondos insuficientes (NSF), el propio pago del miembro (Pagar ahora) después de 3 intentos automáticos",
    );
    expect(whatThePlatformWillDo(retry, es)).toBe(
      "Se vuelve a intentar el 15 de enero de 2026 (intento 2 de 3). El pago del pozo del período 1 de $4,000.00 para Amina Yusuf sale en cuanto llegue este aporte.",
    );
    const unusable = {
      ...base,
      attempt: 2,
      status: "created" as const,
      failureCode: null,
      next: { kind: "waits-for-member" as const },
      waitReason: "account_unusable" as const,
      payoutLeft: true,
    };
    expect(whatHappened(unusable, es)).toBe("Esperando al miembro (intento 2 de 3): su cuenta bancaria ya no se puede usar");
    expect(whatThePlatformWillDo(unusable, es)).toBe(
      "Se vuelve a cargar en cuanto Chidi Okafor vincule otra cuenta; hasta entonces no se envía nada. Su pago del pozo ya salió: lo que el pozo no pudo devolver lo adelanta la plataforma y se reembolsa primero del próximo aporte liquidado de Chidi Okafor.",
    );
    expect(whatHappened({ ...base, status: "returned", failureCode: "R06" }, es)).toBe("Devuelto: R06, intento 3 de 3");
    const payout = { ...base, kind: "payout" as const, attempt: 1, failures: 1, status: "failed" as const, failureCode: null };
    expect(whatThePlatformWillDo({ ...payout, next: { kind: "retry", on: "2026-01-15" } }, es)).toBe(
      "Vuelve a enviar el pago del pozo del período 1 de $4,000.00 para Amina Yusuf el 15 de enero de 2026 (intento 2 de 3).",
    );
    expect(whatThePlatformWillDo(payout, es)).toBe(
      "Nada automático: falló 1 intento, así que el pago del pozo del período 1 de $4,000.00 para Amina Yusuf no se vuelve a enviar solo; el dinero se queda en el pozo.",
    );
    expect(whatThePlatformWillDo(base, es)).toBe(
      "Nada automático: no se hará ningún otro intento. Mientras tanto, el pago del pozo del período 1 de $4,000.00 para Amina Yusuf espera: la plataforma no cubre un aporte que falta.",
    );
  });
});
