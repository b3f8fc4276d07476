/**
 * The notices of the recipient's consent (ADR 053 step 4) as catalogue ids (ADR 062): in English exactly the sentences
 * they were written as before, in Spanish the same figures.
 */
import { describe, expect, it } from "vitest";
import { consentNotices, restSentNotices } from "~/domain/turn-consent";
import { noticeText } from "./notice-text";

const consent = consentNotices({
  groupName: "Family",
  recipientName: "Ana",
  debtorName: "Lena",
  owedCents: 10_000,
  arrivedCents: 20_000,
  periodNumber: 3,
  consentedOn: "2026-12-21",
});
const rest = restSentNotices({
  groupName: "Family",
  recipientName: "Ana",
  debtorName: "Lena",
  amountCents: 10_000,
  periodNumber: 3,
  sentOn: "2026-12-28",
});

describe("the consent's notices", () => {
  it("say in English exactly what they said before", () => {
    expect(noticeText(consent.debtor, "en-US")).toEqual({
      title: "You owe Ana $100.00 in Family",
      body: "On Monday, December 21, 2026 Ana accepted $200.00 for their turn (period 3) instead of waiting for your contribution. Your $100.00 contribution is still owed to them: pay it with Pay now on the group page and it is sent on to Ana when it arrives.",
    });
    expect(noticeText(consent.admin, "en-US")).toEqual({
      title: "Ana accepted what arrived in Family",
      body: "On Monday, December 21, 2026 Ana accepted $200.00 for period 3. Lena's $100.00 stays owed to Ana and is sent on when it arrives.",
    });
    expect(noticeText(rest.recipient, "en-US")).toEqual({
      title: "The rest of your Family payout is on its way",
      body: "Lena's $100.00 contribution for period 3 arrived, and on Monday, December 28, 2026 we sent it to you: the rest of your payout.",
    });
    expect(noticeText(rest.debtor, "en-US")).toEqual({
      title: "Your $100.00 owed in Family is paid",
      body: "Your contribution for period 3 arrived, and on Monday, December 28, 2026 we sent the $100.00 on to Ana. You owe nothing more for that turn.",
    });
    expect(noticeText(rest.admin, "en-US")).toEqual({
      title: "Lena's $100.00 reached Ana in Family",
      body: "Lena's contribution for period 3 arrived, and on Monday, December 28, 2026 we sent the $100.00 on to Ana: the rest of their payout.",
    });
  });

  it("say the same in Spanish", () => {
    expect(noticeText(consent.debtor, "es-US")).toEqual({
      title: "Le debe $100.00 a Ana en Family",
      body: "El lunes, 21 de diciembre de 2026, Ana aceptó $200.00 para su turno (período 3) en vez de esperar su aporte. Su aporte de $100.00 se le sigue debiendo a Ana: páguelo con Pagar ahora en la página de la tanda y se le envía a Ana cuando llegue.",
    });
    expect(noticeText(rest.debtor, "es-US").body).toBe(
      "Llegó su aporte para el período 3, y el lunes, 28 de diciembre de 2026 le enviamos los $100.00 a Ana. No debe nada más por ese turno.",
    );
  });
});
