/**
 * Part five (k) of issue 46 (ADR 062): the failed-contribution notices, the late contribution's reminders, the warnings
 * about one bank account and the leaver's own email are messages. Their English is checked here against the wording
 * functions they were written with before (failureReason, nextStepAfterFailure, adminNoticeAfterFailure,
 * owedToRecipientMessage, lateReminderText, dailyReminderText, bank-health.ts, ROSTER_MESSAGES), branch by branch.
 */
import { describe, expect, it } from "vitest";
import { DECLINE_REASONS, failureReason, failureReasonValues, memberFailureReason, RETURN_ACTIONS, RETURN_REASONS } from "~/domain/ach";
import {
  accountNoticeValues,
  reauthorizedNotice,
  REVOKED_AUTHORIZATION_CODES,
  revokedAuthorizationNotice,
  UNUSABLE_ACCOUNT_CODES,
  unusableAccountNotice,
} from "~/domain/bank-health";
import {
  adminFailureValues,
  adminNoticeAfterFailure,
  consentValues,
  type FailedContributionFacts,
  failureStepValues,
  nextStepAfterFailure,
  owedToRecipientMessage,
} from "~/domain/failed-contribution";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { dailyReminderText, type LateReminderFacts, lateReminderText, lateReminderValues } from "~/domain/reminders";
import { ROSTER_MESSAGES } from "~/domain/roster";
import { noticeText } from "./notice-text";

const account = { institution: "First Platypus Bank", name: "Plaid Checking", mask: "0000" };
// Thursday December 3, 2026.
const facts = (over: Partial<FailedContributionFacts> = {}): FailedContributionFacts => ({
  status: "declined",
  failureCode: "NSF",
  attempt: 1,
  amountCents: 10500,
  account,
  statusOn: "2026-12-03",
  retryOn: "2026-12-07",
  ...over,
});

/**
 * Every way a debit fails that the notices tell apart: each code and status, each attempt, with and without an account,
 * retried from the same account or from another the member chose since, after an automatic attempt or the member's own
 * Pay now (ADR 052: their payment, not "Attempt N of 3").
 */
const failures: FailedContributionFacts[] = [];
for (const base of [
  ...Object.keys(DECLINE_REASONS).map((code) => ({ status: "declined" as const, failureCode: code })),
  { status: "declined" as const, failureCode: "OTHER_RATIONALE" },
  ...Object.keys(RETURN_ACTIONS).map((code) => ({ status: "returned" as const, failureCode: code })),
  { status: "returned" as const, failureCode: "R99" },
  { status: "cancelled" as const, failureCode: "CANCELLED" },
  { status: "failed" as const, failureCode: null },
])
  for (const attempt of [1, 2, 3, 4])
    for (const acct of [account, null, { institution: null, name: "Savings", mask: null }])
      for (const retryOn of ["2026-12-07", "2026-12-09", null])
        for (const nextAccount of [undefined, { institution: "First Platypus Bank", name: "Plaid Saving", mask: "0001" }])
          for (const payNow of [false, true]) failures.push(facts({ ...base, attempt, account: acct, retryOn, nextAccount, payNow }));

describe("the failed contribution's notices as messages", () => {
  it("write the member's urgent notice word for word as failureReason + nextStepAfterFailure did", () => {
    expect(failures.length).toBeGreaterThan(300);
    for (const failed of failures)
      for (const description of [null, "The bank rejected the entry."]) {
        const reason = failureReasonValues(failed.status, failed.failureCode, description);
        expect(
          noticeText({ message: "contributionFailed", values: { groupName: "Family Circle", ...reason, ...failureStepValues(failed) } }),
          JSON.stringify(failed),
        ).toEqual({
          title: "Your contribution to Family Circle did not go through",
          body: `${failureReason(failed.status, failed.failureCode, description)} ${nextStepAfterFailure(failed)}`,
        });
      }
  });

  it("write the admin's notice word for word as the cycle wrote it, the reason as the member's account's, not the admin's", () => {
    for (const failed of failures) {
      const reason = failureReasonValues(failed.status, failed.failureCode);
      expect(
        noticeText({
          message: "contributionLateAdmin",
          values: { groupName: "Family Circle", ...reason, ...adminFailureValues("Omar Haddad", failed) },
        }),
        JSON.stringify(failed),
      ).toEqual({
        title: "Omar Haddad's contribution to Family Circle is late",
        body: `${memberFailureReason("Omar Haddad", failed.status, failed.failureCode)} ${adminNoticeAfterFailure("Omar Haddad", failed)}`,
      });
    }
    expect(
      noticeText({
        message: "contributionLateAdmin",
        values: {
          groupName: "Family Circle",
          ...failureReasonValues("declined", "NSF"),
          ...adminFailureValues("Omar Haddad", facts({ attempt: 3 })),
        },
      }).body,
    ).toBe(
      "Omar Haddad's bank account did not have enough money available for this payment, so it was not attempted. Omar Haddad's $105.00 contribution did not go through and nothing more is debited automatically. Omar Haddad can pay it now from the group page; the group page's late contributions section lets you send a reminder.",
    );
    expect(
      noticeText({
        message: "contributionLateAdmin",
        values: { groupName: "Family Circle", ...failureReasonValues("returned", "R07"), ...adminFailureValues("Omar Haddad", facts()) },
      }).body,
    ).toMatch(/^Omar Haddad withdrew their authorisation of these payments at their bank\. /);
    // The member's own Pay now (ADR 052): their payment, never "(attempt 2 of 3)".
    expect(
      noticeText({
        message: "contributionLateAdmin",
        values: {
          groupName: "Family Circle",
          ...failureReasonValues("declined", "NSF"),
          ...adminFailureValues("Omar Haddad", facts({ attempt: 2, payNow: true })),
        },
      }).body,
    ).toBe(
      "Omar Haddad's bank account did not have enough money available for this payment, so it was not attempted. Omar Haddad's own payment (Pay now) of $105.00 did not go through; the next automatic attempt is on Monday, December 7, 2026. Omar Haddad can pay it now from the group page before then.",
    );
    expect(
      noticeText(
        {
          message: "contributionLateAdmin",
          values: {
            groupName: "Familia",
            ...failureReasonValues("declined", "NSF"),
            ...adminFailureValues("Omar", facts({ attempt: 4, payNow: true })),
          },
        },
        "es-US",
      ).body,
    ).toBe(
      "La cuenta bancaria de Omar no tenía suficiente dinero disponible para este pago, así que no se intentó. El propio pago de Omar (Pagar ahora) de $105.00 no se completó y no se carga nada más automáticamente. Omar puede pagarlo ahora desde la página de la tanda; desde la sección de aportes atrasados de la página de la tanda usted puede enviarle un recordatorio.",
    );
  });

  it("write the admin's reminder and Pay now request as nudgeLateMembers did, with the step or what is owed to a recipient", () => {
    const words = (kind: string, failed: FailedContributionFacts, owed: Record<string, string | number>) =>
      noticeText({
        message: "lateNudge",
        values: { kind, groupName: "Family Circle", amountCents: failed.amountCents, dueOn: "2026-11-27", ...owed },
      });
    const due = formatCalendarDay("2026-11-27", "full");
    for (const failed of failures) {
      expect(words("reminder", failed, { consented: "no", ...failureStepValues(failed) })).toEqual({
        title: "Reminder: your contribution to Family Circle is late",
        body: `Your ${formatMoney(failed.amountCents)} contribution due ${due} has not gone through. ${nextStepAfterFailure(failed)}`,
      });
    }
    const consent = { recipientName: "Amina Yusuf", acceptedOn: "2026-12-11", arrivedCents: 40000, owedCents: 10000 };
    expect(words("pay_now_request", facts(), { consented: "yes", ...consentValues(consent) })).toEqual({
      title: "Your group admin asks you to pay your late contribution to Family Circle",
      body: `Your $105.00 contribution due ${due} has not gone through. ${owedToRecipientMessage(consent)}`,
    });
  });

  it("say the same in Spanish, with the locale's dates and the account named or not", () => {
    const failed = facts({ status: "returned", failureCode: "R01", attempt: 1, retryOn: "2026-12-09" });
    expect(
      noticeText(
        {
          message: "contributionFailed",
          values: { groupName: "Familia", ...failureReasonValues("returned", "R01"), ...failureStepValues(failed) },
        },
        "es-US",
      ),
    ).toEqual({
      title: "Su aporte a Familia no se completó",
      body: "Su banco devolvió el pago por fondos insuficientes. Intento 1 de 3: volveremos a intentar cargar $105.00 a First Platypus Bank Plaid Checking ••0000 el miércoles, 9 de diciembre de 2026, el día después de su día de pago. Antes de esa fecha puede pagarlo ahora desde la página de la tanda, elegir ahí otra cuenta para esta tanda o asegurarse de tener los fondos disponibles.",
    });
    const unusable = facts({ status: "returned", failureCode: "R02", account: null });
    expect(
      noticeText(
        {
          message: "contributionFailed",
          values: { groupName: "Familia", ...failureReasonValues("returned", "R02"), ...failureStepValues(unusable) },
        },
        "es-US",
      ).body,
    ).toBe(
      "Su banco devolvió el pago porque la cuenta está cerrada. Su cuenta bancaria ya no se puede usar para $105.00: vincule otra cuenta en Perfil → Cuentas bancarias y elíjala para esta tanda, o páguelo ahora desde la página de la tanda.",
    );
    expect(
      noticeText(
        {
          message: "contributionLateAdmin",
          values: { groupName: "Familia", ...failureReasonValues("declined", "NSF"), ...adminFailureValues("Omar", facts({ attempt: 3 })) },
        },
        "es-US",
      ),
    ).toEqual({
      title: "El aporte de Omar a Familia está atrasado",
      body: "La cuenta bancaria de Omar no tenía suficiente dinero disponible para este pago, así que no se intentó. El aporte de $105.00 de Omar no se completó y no se carga nada más automáticamente. Omar puede pagarlo ahora desde la página de la tanda; desde la sección de aportes atrasados de la página de la tanda usted puede enviarle un recordatorio.",
    });
    expect(
      noticeText(
        {
          message: "lateNudge",
          values: {
            kind: "pay_now_request",
            groupName: "Familia",
            amountCents: 10500,
            dueOn: "2026-11-27",
            consented: "no",
            ...failureStepValues(facts()),
          },
        },
        "es-US",
      ),
    ).toEqual({
      title: "El administrador de su tanda le pide que pague su aporte atrasado a Familia",
      body: "Su aporte de $105.00 con fecha de pago el viernes, 27 de noviembre de 2026 no se ha completado. Intento 1 de 3: volveremos a intentar cargar $105.00 a First Platypus Bank Plaid Checking ••0000 el lunes, 7 de diciembre de 2026. Antes de esa fecha puede pagarlo ahora desde la página de la tanda, elegir ahí otra cuenta para esta tanda o asegurarse de tener los fondos disponibles.",
    });
  });
});

describe("after the member's own Pay now failed", () => {
  it("says to link another account only to a member who has no other usable account, in English and Spanish", () => {
    const words = (over: Partial<FailedContributionFacts>, locale?: "es-US") =>
      noticeText(
        {
          message: "contributionFailed",
          values: { groupName: "Familia", ...failureReasonValues("declined", "NSF"), ...failureStepValues(facts(over)) },
        },
        locale,
      ).body;
    const retry = { attempt: 2, payNow: true };
    expect(words({ ...retry, otherAccount: true })).toMatch(
      /Before then you can pay it with Pay now from another account, or make sure the funds are available\.$/,
    );
    expect(words({ ...retry, otherAccount: false })).toMatch(
      /Before then you can pay it with Pay now from another account \(link one under Profile → Bank Accounts\), or make sure the funds are available\.$/,
    );
    expect(words({ attempt: 4, payNow: true, otherAccount: true })).toContain(
      "nothing more is debited automatically: pay it with Pay now from another account, or from this one once the funds are available;",
    );
    expect(words({ ...retry, otherAccount: true }, "es-US")).toMatch(
      /Antes de esa fecha puede pagarlo con Pagar ahora desde otra cuenta o asegurarse de tener los fondos disponibles\.$/,
    );
    expect(words({ attempt: 4, payNow: true, otherAccount: false }, "es-US")).toContain(
      "páguelo con Pagar ahora desde otra cuenta (vincule una en Perfil → Cuentas bancarias) o desde esta",
    );
    // The English the page and the toast say (nextStepAfterFailure) is the notice's.
    for (const otherAccount of [true, false])
      for (const attempt of [2, 4])
        expect(words({ attempt, payNow: true, otherAccount })).toBe(
          `Your bank account did not have enough money available for this payment, so it was not attempted. ${nextStepAfterFailure(facts({ attempt, payNow: true, otherAccount }))}`,
        );
  });
});

describe("the late contribution's daily reminder as a message", () => {
  const late: LateReminderFacts = {
    groupName: "Family Circle",
    amountCents: 10500,
    feeCents: 0,
    dueOn: "2026-11-27",
    account,
    nextAttemptOn: "2026-12-07",
  };

  it("writes English word for word as lateReminderText and dailyReminderText's late stage", () => {
    for (const nextAttemptOn of ["2026-12-07", null])
      for (const feeCents of [0, 500])
        for (const acct of [account, null]) {
          const reminder = { ...late, nextAttemptOn, feeCents, account: acct };
          expect(noticeText({ message: "lateReminder", values: lateReminderValues(reminder) })).toEqual(lateReminderText(reminder));
        }
    for (const final of [true, false])
      expect(
        noticeText({
          message: "dailyLate",
          values: { groupName: "Family Circle", amountCents: 10500, dueOn: "2026-11-27", final: final ? "yes" : "no" },
        }),
      ).toEqual(dailyReminderText({ stage: "late", final }, { groupName: "Family Circle", amountCents: 10500, dueOn: "2026-11-27" }));
  });

  it("writes it in Spanish", () => {
    expect(noticeText({ message: "lateReminder", values: lateReminderValues({ ...late, feeCents: 500 }) }, "es-US")).toEqual({
      title: "Su aporte de $105.00 a Family Circle todavía no se ha completado",
      body: "El cargo de $105.00 a First Platypus Bank Plaid Checking ••0000, con fecha de pago el viernes, 27 de noviembre de 2026, no se completó. Próximo intento: lunes, 7 de diciembre de 2026. No tiene que esperar: páguelo ahora con Pagar ahora. La tarifa de inicio única de $5.00 se carga aparte, una vez que el aporte se complete.",
    });
    expect(noticeText({ message: "lateReminder", values: lateReminderValues({ ...late, nextAttemptOn: null, account: null }) }, "es-US").body).toBe(
      "El cargo de $105.00 a su cuenta bancaria, con fecha de pago el viernes, 27 de noviembre de 2026, no se completó y no quedan más intentos automáticos: pague con Pagar ahora. El pago del pozo de la tanda lo espera.",
    );
  });
});

describe("the warnings about one bank account as messages", () => {
  const label = { institutionName: "First Platypus Bank", accountName: "Plaid Checking", mask: "0000" };

  it("write English word for word as bank-health.ts's notices", () => {
    for (const code of [...Object.keys(UNUSABLE_ACCOUNT_CODES), "R99"]) {
      const { title, body } = unusableAccountNotice(label, code);
      expect(noticeText({ message: "accountUnusable", values: accountNoticeValues(label, code) })).toEqual({ title, body });
    }
    for (const code of [...Object.keys(REVOKED_AUTHORIZATION_CODES), "R98"]) {
      const { title, body } = revokedAuthorizationNotice(label, code);
      expect(noticeText({ message: "debitsRevoked", values: accountNoticeValues(label, code) })).toEqual({ title, body });
    }
    const authorised = reauthorizedNotice({ ...label, institutionName: null, mask: null });
    expect(
      noticeText({
        message: "debitsAuthorised",
        values: { ...accountNoticeValues({ ...label, institutionName: null, mask: null }), wording: "I, Ana, authorise Rosca." },
      }),
    ).toEqual({ title: authorised.title, body: `${authorised.body} What you agreed to: I, Ana, authorise Rosca.` });
  });

  it("write them in Spanish", () => {
    expect(noticeText({ message: "accountUnusable", values: accountNoticeValues(label, "R02") }, "es-US")).toEqual({
      title: "Vincule otra cuenta: First Platypus Bank Plaid Checking ••0000 no se puede usar",
      body: "El banco dice que esta cuenta está cerrada. Ya no podemos cargar aportes a esta cuenta ni depositar en ella pagos del pozo. Vincule otra cuenta bancaria para mantener sus tandas al día.",
    });
    expect(noticeText({ message: "debitsRevoked", values: accountNoticeValues(label, "R61") }, "es-US")).toEqual({
      title: "Vuelva a autorizar los cargos a First Platypus Bank Plaid Checking ••0000",
      body: "Su banco devolvió un cargo como no autorizado (código de devolución R61). No volveremos a cargar esta cuenta hasta que usted lo autorice. Revise y autorice los cargos para seguir aportando a sus tandas.",
    });
    expect(
      noticeText({ message: "debitsAuthorised", values: { ...accountNoticeValues(label), wording: "I, Ana, authorise Rosca." } }, "es-US").body,
    ).toBe(
      "Usted autorizó a Rosca a cargar First Platypus Bank Plaid Checking ••0000 para los aportes de sus tandas. Los aportes que esperaban siguen adelante ahora. Lo que usted aceptó: I, Ana, authorise Rosca.",
    );
  });
});

describe("the leaver's own email as a message", () => {
  it("writes English word for word as ROSTER_MESSAGES, and Spanish", () => {
    expect(noticeText({ message: "memberLeftSelf", values: { groupName: "Wedding Fund" } })).toEqual({
      title: ROSTER_MESSAGES.leftEmailTitle("Wedding Fund"),
      body: ROSTER_MESSAGES.leftEmailBody("Wedding Fund"),
    });
    expect(noticeText({ message: "memberLeftSelf", values: { groupName: "Boda" } }, "es-US").title).toBe("Usted salió de Boda");
  });
});

describe("failureReasonValues", () => {
  it("keeps every reason failureReason knows", () => {
    for (const code of Object.keys(DECLINE_REASONS)) expect(failureReasonValues("declined", code)).toEqual({ reason: code });
    for (const code of Object.keys(RETURN_REASONS)) expect(failureReasonValues("returned", code)).toEqual({ reason: code });
    expect(failureReasonValues("returned", "R61")).toEqual({ reason: "returnedOther", returnCode: "R61" });
    expect(failureReasonValues("failed", null, "Rejected.")).toEqual({ reason: "bankSaid", bankDescription: "Rejected." });
    expect(failureReasonValues("failed", null)).toEqual({ reason: "unknown" });
  });
});
