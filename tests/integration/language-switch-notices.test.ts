/**
 * Issue 46: "A member who switches language sees the next email in the new language" — and the bell too — with the
 * notices of a failed contribution (ADR 062, part five k). Real PostgreSQL, the sandbox bank and the mail double over
 * HTTP, driven by the sandbox clock: a member whose debit is declined is told in English (bell and email); they switch
 * to Spanish on Profile → Notifications (its language preference action); the next day's reminder of their late
 * contribution and the admin's request to pay now arrive in Spanish (exact subjects), and the bell shows every notice,
 * the earlier ones included, in Spanish. The admin, who switches through the header's switch (POST /language), reads
 * their own notice about it in Spanish too. Fixed days: the group's clock reads Tuesday January 6, 2026; weekly on
 * Friday (first due Friday January 9).
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase({ bank: true });
const root = await import("../../app/root");
const profileNotifications = await import("../../app/routes/profile.notifications");
const language = await import("../../app/routes/language");
const cycle = await import("../../app/server/money/cycle.server");
const { nudgeLateMembers } = await import("../../app/server/money/late-contributions.server");
const money = await import("../support/money");
const { savePreferences } = await import("../../app/server/notifications/preferences.server");
const { DEFAULT_PREFERENCES } = await import("../../app/domain/profile");
const { listMessages } = await import("../../sandbox/postmark/store");
const { call, get, post } = await import("../support/routes");
const { reloadUser, sessionJarFor } = await import("../support/users");

const NOW = new Date("2026-01-06T17:00:00Z");

type Item = { title: string; body: string | null };
async function bell(jar: Awaited<ReturnType<typeof sessionJarFor>>) {
  const items = (await call(root.loader, get("/dashboard", jar))).data.feed.notifications as Item[];
  return items.map(({ title, body }) => ({ title, body }));
}

async function subjects(to: string, tag: string) {
  return (await listMessages(databaseUrl, { to })).filter((message) => message.tag === tag).map((message) => message.subject);
}

describe("a member who switches language", () => {
  it("gets the next email, and reads the bell, in the new language", async () => {
    const started = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const { group } = started;
    const late = started.members[2]!;
    const admin = started.members[0]!;
    await money.setSandboxBalance(late.id, 5_000);
    await money.setGroupToday(group.id, "2026-01-06");
    await savePreferences(late.id, { ...DEFAULT_PREFERENCES, pushDailyReminders: true, emailContributionReminders: true });
    const jar = await sessionJarFor(late.id);
    const adminJar = await sessionJarFor(admin.id);

    // Friday January 9: the $100 debit is declined. The member is told in English, in the bell and by email.
    await cycle.advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 3 }, new Date());
    const failedTitle = `Your contribution to ${group.name} did not go through`;
    expect(await subjects(late.email, "account-alert")).toEqual([failedTitle]);
    expect((await bell(jar)).find((item) => item.title === failedTitle)?.body).toBe(
      "Your bank account did not have enough money available for this payment, so it was not attempted. Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Plaid Checking ••0000 again on Monday, January 12, 2026. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.",
    );
    const adminLate = `${late.name}'s contribution to ${group.name} is late`;
    expect((await bell(adminJar)).map((item) => item.title)).toContain(adminLate);

    // The member chooses Spanish on Profile → Notifications.
    const saved = await call(profileNotifications.action, post("/profile/notifications", { intent: "language", locale: "es-US" }, jar));
    expect(saved.status).toBe(302);
    expect((await reloadUser(late.id)).locale).toBe("es-US");

    // Saturday January 10: the daily reminder of the late contribution is Spanish.
    await cycle.advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 1 }, new Date());
    const reminderTitle = `Su aporte de $100.00 a ${group.name} todavía no se ha completado`;
    const daily = await subjects(late.email, "daily-reminder");
    expect(daily).toContain(reminderTitle);
    expect(daily).toContain(`Your $100.00 contribution to ${group.name} is due in 3 days`);
    expect(daily.filter((subject) => subject.includes("hasn't gone through"))).toEqual([]);
    const [reminderEmail] = (await listMessages(databaseUrl, { to: late.email })).filter((message) => message.subject === reminderTitle);
    expect(reminderEmail!.textBody).toContain(
      "El cargo de $100.00 a First Platypus Bank Plaid Checking ••0000, con fecha de pago el viernes, 9 de enero de 2026, no se completó. Próximo intento: lunes, 12 de enero de 2026.",
    );

    // The admin asks the member to pay now: the urgent email is Spanish too.
    expect(await nudgeLateMembers({ id: admin.id, isAdmin: false }, group.id, late.id, "pay_now_request")).toMatchObject({ ok: true, sent: 1 });
    expect((await subjects(late.email, "account-alert")).sort()).toEqual(
      [failedTitle, `El administrador de su tanda le pide que pague su aporte atrasado a ${group.name}`].sort(),
    );

    // The bell: the notice stored before the switch and those after, all in Spanish.
    const spanishBell = await bell(jar);
    expect(spanishBell.find((item) => item.title === `Su aporte a ${group.name} no se completó`)?.body).toBe(
      "Su cuenta bancaria no tenía suficiente dinero disponible para este pago, así que no se intentó. Intento 1 de 3: volveremos a intentar cargar $100.00 a First Platypus Bank Plaid Checking ••0000 el lunes, 12 de enero de 2026. Antes de esa fecha puede pagarlo ahora desde la página de la tanda, elegir ahí otra cuenta para esta tanda o asegurarse de tener los fondos disponibles.",
    );
    expect(spanishBell.map((item) => item.title)).toEqual(
      expect.arrayContaining([reminderTitle, `El administrador de su tanda le pide que pague su aporte atrasado a ${group.name}`]),
    );
    expect(spanishBell.map((item) => item.title)).not.toContain(failedTitle);

    // The admin switches with the header's switch: their notice about the member reads in Spanish.
    expect((await call(language.action, post("/language", { locale: "es-US", redirectTo: "/dashboard" }, adminJar))).status).toBe(303);
    const adminBell = (await bell(adminJar)).map((item) => item.title);
    expect(adminBell).toContain(`El aporte de ${late.name} a ${group.name} está atrasado`);
    expect(adminBell).not.toContain(adminLate);
  }, 240_000);
});
