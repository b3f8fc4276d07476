/**
 * Emails in the recipient's language (issue 46, ADR 056 part two), through the routes with real emails in the mail
 * double: a visitor who registers in Spanish gets the confirmation and welcome in Spanish, their links keeping the
 * language; a member's stored language wins over the request's; the language is read when the email is sent, so a
 * member who switches (the header's switch, POST /language) gets the next email in the new language.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase();
const register = await import("../../app/routes/register");
const login = await import("../../app/routes/login");
const language = await import("../../app/routes/language");
const notifications = await import("../../app/routes/profile.notifications");
const { requestPasswordReset } = await import("../../app/server/auth/accounts.server");
const { grantSandboxAccess } = await import("../../app/server/admin/sandbox-access.server");
const outbox = await import("../../app/server/email/outbox.server");
const { listMessages, latestMessageTo } = await import("../../sandbox/postmark/store");
const { extractLinks } = await import("../../sandbox/postmark/view");
const { db } = await import("../../app/server/db/client.server");
const { emailOutbox } = await import("../../app/server/db/schema");
const { BASE, call, context, post } = await import("../support/routes");
const { createUser, reloadUser, sessionJarFor, toastTitles } = await import("../support/users");
const { eq } = await import("drizzle-orm");
const { linkLanguageCookie } = await import("../../app/server/platform/locale.server");
const { rememberLinkLanguage } = await import("../../host/app");

let counter = 0;
function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}
/** Each test from its own network, so per-IP limits never leak between tests. */
function ip() {
  counter += 1;
  return `198.19.${Math.floor(counter / 250)}.${counter % 250}`;
}

/** A form post as a browser with this Accept-Language sends it. */
function postAs(path: string, fields: Record<string, string>, acceptLanguage: string, cookie?: string) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": acceptLanguage, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function resendConfirmation(email: string, acceptLanguage: string) {
  const response = await call(login.action, postAs("/login", { intent: "resend-confirmation", email }, acceptLanguage), {}, context(ip()));
  expect(response.status).toBe(200);
  await outbox.backgroundDeliveries();
  return latestMessageTo(databaseUrl, email);
}

describe("emails in the recipient's language", () => {
  it("a visitor who registers in Spanish gets the confirmation and the welcome in Spanish, links keeping the language", async () => {
    const email = uniqueEmail("registro");
    const fields = { fullName: "Lucía Ramos", email, password: "Secret123", confirmPassword: "Secret123", terms: "on" };
    const response = await call(register.action, postAs("/register", fields, "es-MX,es;q=0.9,en;q=0.5"), {}, context(ip()));
    expect(response.status).toBe(302);
    const messages = await listMessages(databaseUrl, { to: email });
    expect(messages.map((message) => message.subject).sort()).toEqual([
      "Confirme su correo electrónico para Rosca",
      "Le damos la bienvenida a Rosca",
    ]);
    const confirmation = messages.find((message) => message.subject.startsWith("Confirme"))!;
    expect(confirmation.textBody).toContain("Hola, Lucía Ramos:");
    expect(confirmation.textBody).toContain("Este enlace es válido por 24 horas.");
    const link = new URL(extractLinks(confirmation).find((href) => new URL(href).pathname === "/auth/confirm")!);
    expect(link.searchParams.get("lang")).toBe("es-US");
    // Nothing stored on the account: the request's language was the email's, kept on its outbox row.
    const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(rows.map((row) => row.locale)).toEqual(["es-US", "es-US"]);
    expect((await reloadUser(rows[0]!.userId!)).locale).toBeNull();
  });

  it("a visitor who chose Spanish with the switch keeps it on the new account: an email someone else causes is Spanish", async () => {
    const email = uniqueEmail("elegido");
    const fields = { fullName: "Rosa Vega", email, password: "Secret123", confirmPassword: "Secret123", terms: "on" };
    // The browser asks for English; the visitor chose Spanish (the language switch's cookie).
    const response = await call(register.action, postAs("/register", fields, "en-US,en;q=0.9", "rosca_lang=es-US"), {}, context(ip()));
    expect(response.status).toBe(302);
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const user = await reloadUser(row!.userId!);
    expect(user.locale).toBe("es-US");
    // Sandbox access granted by an admin (a request with no language of the member's): the email follows the account.
    const admin = await createUser({ email: uniqueEmail("admin"), isAdmin: true });
    expect((await grantSandboxAccess(admin.id, user.id)).status).toBe("changed");
    await outbox.backgroundDeliveries();
    expect((await latestMessageTo(databaseUrl, email))!.subject).toBe("Acceso al entorno de prueba concedido en Rosca");
  });

  it("a visitor who registers in English gets English, links as they always were", async () => {
    const email = uniqueEmail("register");
    const fields = { fullName: "Cora Confirm", email, password: "Secret123", confirmPassword: "Secret123", terms: "on" };
    await call(register.action, postAs("/register", fields, "en-US,en;q=0.9"), {}, context(ip()));
    const messages = await listMessages(databaseUrl, { to: email });
    expect(messages.map((message) => message.subject).sort()).toEqual(["Confirm your email address for Rosca", "Welcome to Rosca"]);
    const confirmation = messages.find((message) => message.subject.startsWith("Confirm"))!;
    const link = new URL(extractLinks(confirmation).find((href) => new URL(href).pathname === "/auth/confirm")!);
    expect(link.searchParams.has("lang")).toBe(false);
  });

  it("a Spanish member's confirmation is Spanish whatever the request's language; after switching to English the next is English", async () => {
    const member = await createUser({ email: uniqueEmail("miembro"), name: "Diego Torres", emailConfirmedAt: null, locale: "es-US" });
    const spanish = await resendConfirmation(member.email, "en-US");
    expect(spanish!.subject).toBe("Confirme su correo electrónico para Rosca");
    expect(spanish!.textBody).toContain("Hola, Diego Torres:");

    // The header's switch, signed in: the choice goes onto the account.
    const jar = await sessionJarFor(member.id);
    const switched = await call(language.action, postAs("/language", { locale: "en-US", redirectTo: "/dashboard" }, "es-US", jar.header()));
    expect(switched.status).toBe(303);
    expect((await reloadUser(member.id)).locale).toBe("en-US");

    const english = await resendConfirmation(member.email, "es-US");
    expect(english!.subject).toBe("Confirm your email address for Rosca");
    expect(english!.textBody).toContain("Hi Diego Torres,");
    expect(english!.id).not.toBe(spanish!.id);
  });

  it("reads the language when it sends: an email queued before the switch goes out in the new language", async () => {
    const member = await createUser({ email: uniqueEmail("cola"), name: "Ana Cola", locale: "es-US" });
    const message = { template: "welcome", data: { name: member.name, dashboardUrl: `${BASE}/dashboard` } } as const;
    const id = await outbox.queueEmail(db(), member.email, message, { userId: member.id, locale: "es-US" });
    await call(language.action, post("/language", { locale: "en-US" }, await sessionJarFor(member.id)));
    const result = (await outbox.deliverEmails([id])).get(id)!;
    expect(result.status).toBe("sent");
    expect((await latestMessageTo(databaseUrl, member.email))!.subject).toBe("Welcome to Rosca");
  });

  it("writes to a new address being confirmed in its owner's language, and to a stranger in the request's, else English", () => {
    expect(outbox.recipientLocale({ accountLocale: "es-US", locale: "en-US" })).toBe("es-US");
    expect(outbox.recipientLocale({ accountLocale: null, locale: "es-US" })).toBe("es-US");
    expect(outbox.recipientLocale({ accountLocale: null, locale: null })).toBe("en-US");
    expect(outbox.recipientLocale({ accountLocale: "fr-FR", locale: "xx" })).toBe("en-US");
  });

  it("a link's language is remembered in this browser's cookie only when the cookie says otherwise (the host)", () => {
    expect(linkLanguageCookie("es-US", undefined)).toMatch(/^rosca_lang=es-US; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    expect(linkLanguageCookie("es-US", "rosca_lang=en-US; other=1")).toMatch(/^rosca_lang=es-US;/);
    expect(linkLanguageCookie("es-US", "rosca_lang=es-US")).toBeNull();
    expect(linkLanguageCookie(["es-US"], undefined)).toBeNull();
    expect(linkLanguageCookie("<script>", undefined)).toBeNull();
    const appended: string[] = [];
    const res = { append: (_name: string, value: string) => appended.push(value) };
    let nexts = 0;
    const req = (method: string, lang: string) => ({ method, query: { lang }, headers: {} });
    rememberLinkLanguage(req("GET", "es-US") as never, res as never, () => (nexts += 1));
    rememberLinkLanguage(req("POST", "es-US") as never, res as never, () => (nexts += 1));
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatch(/^rosca_lang=es-US;/);
    expect(nexts).toBe(2);
  });
});

describe("Profile → Notifications: the language preference", () => {
  it("stores the choice on the account and in the cookie, says so, and the next email is in it", async () => {
    const member = await createUser({ email: uniqueEmail("perfil"), name: "Rosa Perfil" });
    const jar = await sessionJarFor(member.id);
    const page = await call(notifications.loader, new Request(`${BASE}/profile/notifications`, { headers: { Cookie: jar.header() } }));
    expect((page.data as { locale: string }).locale).toBe("en-US");

    const saved = await call(notifications.action, post("/profile/notifications", { intent: "language", locale: "es-US" }, jar));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/profile/notifications");
    expect(await toastTitles(saved.setCookies)).toEqual(["Language Saved"]);
    expect(saved.setCookies.some((cookie) => cookie.startsWith("rosca_lang=es-US;"))).toBe(true);
    expect((await reloadUser(member.id)).locale).toBe("es-US");
    // The notification preferences are untouched by it.
    expect(
      (await call(notifications.loader, new Request(`${BASE}/profile/notifications`, { headers: { Cookie: jar.header() } }))).data,
    ).toMatchObject({
      locale: "es-US",
      preferences: { emailContributionReminders: true, emailWeeklySummary: false },
    });

    await requestPasswordReset(member.email, new Date(), "en-US");
    await outbox.backgroundDeliveries();
    expect((await latestMessageTo(databaseUrl, member.email))!.subject).toBe("Restablezca su contraseña de Rosca");
  });

  it("refuses a language it does not speak with a 400 and a message, changing nothing", async () => {
    const member = await createUser({ email: uniqueEmail("perfil"), locale: "es-US" });
    const jar = await sessionJarFor(member.id);
    const refused = await call(notifications.action, post("/profile/notifications", { intent: "language", locale: "fr-FR" }, jar));
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ error: null, languageError: "Choose English or Español." });
    expect((await reloadUser(member.id)).locale).toBe("es-US");
  });

  it("answers a visitor with the login page, not the form", async () => {
    const response = await call(notifications.action, post("/profile/notifications", { intent: "language", locale: "es-US" }));
    expect(response.status).toBe(302);
    expect(response.location).toMatch(/^\/login/);
  });
});
