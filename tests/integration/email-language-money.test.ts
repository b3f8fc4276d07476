/**
 * The money emails in the recipient's language (issue 46 part four e), through the outbox and the mail double: a Spanish
 * member gets the payout and the reminder in Spanish (dollars, days in Spanish, links keeping the language), an English
 * one gets them word for word as before.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase();
const { sendEmailToUser } = await import("../../app/server/email/user-email.server");
const outbox = await import("../../app/server/email/outbox.server");
const { latestMessageTo } = await import("../../sandbox/postmark/store");
const { BASE } = await import("../support/routes");
const { createUser } = await import("../support/users");

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++counter}.${Date.now()}@example.com`;

function payout(name: string) {
  return {
    template: "payout-notification",
    data: { name, groupName: "Vecinos Unidos", amountCents: 315_000, payoutOn: "2027-01-14", sentOn: "2027-01-13", groupUrl: `${BASE}/groups/g1` },
  } as const;
}

function reminder(name: string) {
  return {
    template: "payment-reminder",
    data: { name, groupName: "Vecinos Unidos", amountCents: 105_000, dueOn: "2026-12-01", groupUrl: `${BASE}/groups/g1` },
  } as const;
}

describe("money emails in the recipient's language", () => {
  it("writes a payout and a reminder to a Spanish member in Spanish, and to an English one in English", async () => {
    const spanish = await createUser({ email: uniqueEmail("pozo"), name: "Diego Torres", locale: "es-US" });
    const english = await createUser({ email: uniqueEmail("payout"), name: "Grace Hopper", locale: "en-US" });

    expect((await sendEmailToUser(spanish, payout(spanish.name))).ok).toBe(true);
    await outbox.backgroundDeliveries();
    const pozo = (await latestMessageTo(databaseUrl, spanish.email))!;
    expect(pozo.subject).toBe("Llegó su pago del pozo de $3,150.00 de Vecinos Unidos");
    expect(pozo.textBody).toContain("Hola, Diego Torres:");
    expect(pozo.textBody).toContain("Pago del pozo: $3,150.00");
    expect(pozo.textBody).toContain("Llegó: jueves, 14 de enero de 2027");
    expect(pozo.textBody).toContain(`Ver su tanda: ${BASE}/groups/g1?lang=es-US`);

    expect((await sendEmailToUser(english, payout(english.name))).ok).toBe(true);
    await outbox.backgroundDeliveries();
    const arrived = (await latestMessageTo(databaseUrl, english.email))!;
    expect(arrived.subject).toBe("Your $3,150.00 payout from Vecinos Unidos has arrived");
    expect(arrived.textBody).toContain("Hi Grace Hopper,");
    expect(arrived.textBody).toContain("Arrived: Thursday, January 14, 2027");
    expect(arrived.textBody).toContain(`View your group: ${BASE}/groups/g1\n`);

    expect((await sendEmailToUser(spanish, reminder(spanish.name))).ok).toBe(true);
    await outbox.backgroundDeliveries();
    expect((await latestMessageTo(databaseUrl, spanish.email))!.subject).toBe(
      "Recordatorio: su aporte de $1,050.00 a Vecinos Unidos vence el martes, 1 de diciembre de 2026",
    );
    expect((await sendEmailToUser(english, reminder(english.name))).ok).toBe(true);
    await outbox.backgroundDeliveries();
    expect((await latestMessageTo(databaseUrl, english.email))!.subject).toBe(
      "Reminder: your $1,050.00 contribution to Vecinos Unidos is due Tuesday, December 1, 2026",
    );
  });
});
