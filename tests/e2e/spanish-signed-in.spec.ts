import type { Page } from "@playwright/test";
import { bankedMember, emailLinks, expect, login, registeredMember, sandboxMember, test, toasts, uniqueEmail } from "./fixtures";
import { formingGroup } from "./groups-page.support";

/**
 * Issue 46, part two: a member chooses Spanish under Profile → Notifications (a plain form: both projects, with and
 * without JavaScript, at 375 px) and the signed-in pages translated so far follow, failing on any English phrase
 * their English versions show; a visitor who registers in Spanish gets the confirmation email in Spanish, its link
 * keeping the language (ADR 056).
 */
const ENGLISH_PHRASES = [
  // The dashboard.
  "Welcome,",
  "Here's where your savings groups live.",
  "Create New Group",
  "Request sandbox access",
  "During the demo phase",
  "Request Sandbox Access",
  "Prefer email?",
  "Complete your profile",
  "See what's missing",
  "Your savings at a glance",
  "Active groups",
  "Next contribution",
  "Next payout",
  "None scheduled",
  "Your groups",
  "View all groups",
  "You haven't joined a savings group yet.",
  "Recent activity",
  "No activity yet.",
  // Its activity's sentences and times (every kind's English verb).
  "You joined",
  " joined ",
  " contributed ",
  "received a payout",
  "swapped turns",
  "sandbox time",
  // /groups.
  "Every savings group you created or joined.",
  "You aren't in any savings groups yet.",
  "Create your first group",
  // A group's card (dashboard and /groups) and its savings chart.
  "Forming",
  "of 3 joined",
  "Members",
  "Contribution",
  "Monthly on the",
  "Your position",
  "Paid in so far",
  "Received",
  "Your turn is drawn",
  "Your savings in",
  // /groups/create.
  "Create a New Group",
  "Group Settings",
  "Group name",
  "Number of members",
  "Contribution amount",
  "Payment frequency",
  "Day of week",
  "Every Friday",
  "Payout order",
  "Fixed Order",
  "Turn swaps",
  "Summary",
  "The cycle lasts",
  "Next: Invite Members",
  "Invite Members",
  "Your group",
  "Setup fee",
  "one-time setup fee",
  "Invitee email addresses",
  "What happens next",
  "Create Group",
  "Please enter a valid email address",
  "Group name is required",
  "Group Created Successfully!",
  "has been created",
  // /invitations and an invitation's card.
  "Invited by",
  "Frequency",
  "Payout per turn",
  "Terms of joining",
  "I have read and agree",
  "Accept",
  "Decline",
  "Details",
  "Pending invitations",
  "You must agree to the terms",
  // Profile → Notifications.
  "Notification preferences",
  "Email notifications",
  "Push notifications",
  "Contribution reminders",
  "Save Preferences",
  "Bank Accounts",
  // The shell around it.
  "Skip to content",
  "Dashboard",
  "Demo phase",
] as const;

async function expectNoEnglish(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  const text = await page.locator("body").innerText();
  for (const phrase of ENGLISH_PHRASES) expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
}

test.use({ viewport: { width: 375, height: 800 } });

test("a member chooses Spanish under Profile → Notifications and the dashboard follows", async ({ page }) => {
  await registeredMember(page, uniqueEmail("espanol"), "Lucía Ramos", { dashboard: false });
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Language" }).getByLabel("Language").selectOption("es-US");
  await page.getByRole("button", { name: "Save Language" }).click();
  await expect(page).toHaveURL(/\/profile\/notifications$/);
  await expect(toasts(page)).toContainText("Idioma guardado");
  await expect(page.getByRole("region", { name: "Idioma" }).getByLabel("Idioma")).toHaveValue("es-US");

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preferencias de notificaciones");
  await expectNoEnglish(page);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Le damos la bienvenida, Lucía Ramos");
  await expect(page.getByText("Pida acceso al entorno de prueba")).toBeVisible();
  await expect(page.getByText("Nada programado").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Crear una tanda" })).toBeVisible();
  await expectNoEnglish(page);
  // The page fits a 375 px phone: nothing wider than the viewport.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.goto("/groups");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sus tandas");
  await expect(page.getByRole("link", { name: "Crear su primera tanda" })).toBeVisible();
  await expectNoEnglish(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Back to English the same way: the account says English again.
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Idioma" }).getByLabel("Idioma").selectOption("en-US");
  await page.getByRole("button", { name: "Guardar idioma" }).click();
  await expect(toasts(page)).toContainText("Language Saved");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Lucía Ramos");
});

test.describe("a browser that asks for Spanish", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9,en;q=0.5" } });

  test("registers and gets the confirmation email in Spanish, its link keeping the language", async ({ page }) => {
    const email = uniqueEmail("registro");
    await page.goto("/register");
    await page.getByLabel("Nombre completo").fill("Diego Torres");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill("Secret123");
    await page.getByLabel("Confirme la contraseña").fill("Secret123");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const links = await emailLinks(page, email, "Confirme su correo electrónico para Rosca");
    const confirm = links.find((href) => href.includes("/auth/confirm"));
    expect(confirm, "a confirmation link").toBeTruthy();
    expect(new URL(confirm!).searchParams.get("lang")).toBe("es-US");
  });
});

test("a member who reads Spanish sees their group's card in Spanish on the dashboard and /groups", async ({ page, baseURL }) => {
  // A forming group (monthly on the 6th, $100, fixed order), created in English; the member then chooses Spanish.
  const group = await formingGroup(page, baseURL, "tarjeta");
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Language" }).getByLabel("Language").selectOption("es-US");
  await page.getByRole("button", { name: "Save Language" }).click();
  await expect(toasts(page)).toContainText("Idioma guardado");

  for (const path of ["/dashboard", "/groups"]) {
    await page.goto(path);
    const card = page.getByRole("article", { name: group.name });
    await expect(card).toContainText("En formación");
    await expect(card).toContainText("Miembros1 de 3 se unió");
    await expect(card).toContainText("Aporte$100.00 · Cada mes, el día 6");
    await expect(card).toContainText("Pago del pozo$300.00");
    await expect(card).toContainText("Su turno1 de 3");
    await expect(card.getByRole("group", { name: `Sus ahorros en ${group.name}` })).toContainText("Aportado hasta ahora$0.00 de $300.00");
    if (path === "/dashboard") {
      // Her own joining, in her words: the sentence and the time (no "AM"/"PM" in Spanish).
      const joined = page.getByTestId("activity-item").filter({ hasText: group.name });
      await expect(joined).toContainText(`IngresoUsted se unió a ${group.name}`);
      await expect(joined.locator("time")).toHaveText(/^\d{1,2} [a-z]{3} \d{4}, \d{1,2}:\d{2} [ap]\.m\. E[SD]T$/);
    }
    await expectNoEnglish(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
});

test("a member who reads Spanish creates a group with the wizard in Spanish", async ({ page, javaScript }) => {
  test.setTimeout(60_000);
  await sandboxMember(page, javaScript ? "crear-js" : "crear-nojs", { dashboard: false });
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Language" }).getByLabel("Language").selectOption("es-US");
  await page.getByRole("button", { name: "Save Language" }).click();
  await expect(toasts(page)).toContainText("Idioma guardado");

  await page.goto("/groups/create");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crear una tanda nueva");
  await expect(page.getByRole("navigation", { name: "Progreso" }).locator('[aria-current="step"]')).toContainText("Configuración de la tanda");
  await expect(page.getByLabel("Número de miembros")).toHaveValue("5");
  await expect(page.getByTestId("summary-payout")).toHaveText("$500.00");
  await expect(page.getByTestId("summary-cycle")).toHaveText("La tanda dura 5 períodos (5 meses), con un pago del pozo por período.");
  await expectNoEnglish(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // A rule's message, in Spanish, next to its field; nothing typed is lost.
  await page.getByRole("button", { name: "Siguiente: invitar a los miembros" }).click();
  await expect(page.getByText("El nombre de la tanda es obligatorio")).toBeVisible();
  await expectNoEnglish(page);

  await page.getByLabel("Nombre de la tanda").fill("Círculo semanal");
  await page.getByLabel("Número de miembros").selectOption("3");
  await page.getByLabel("Monto del aporte (dólares estadounidenses)").fill("50");
  await page.getByLabel("Frecuencia de los aportes").selectOption("weekly");
  await page.getByLabel("Día de la semana").selectOption("5");
  if (!javaScript) await page.getByRole("button", { name: "Actualizar el resumen" }).click();
  await expect(page.getByTestId("schedule-line")).toHaveText("Cada viernes");
  await expect(page.getByTestId("summary-cycle")).toHaveText("La tanda dura 3 períodos (3 semanas), con un pago del pozo por período.");

  await page.getByRole("button", { name: "Siguiente: invitar a los miembros" }).click();
  const recap = page.getByRole("region", { name: "Su tanda" });
  await expect(recap).toContainText("Círculo semanal");
  await expect(recap).toContainText("Cada viernes");
  await expect(recap).toContainText("3 (usted incluido)");
  await expect(page.getByTestId("setup-fee")).toContainText("de tarifa de inicio, una sola vez");
  await page.getByLabel("Correo electrónico del miembro 2").fill("no-es-un-correo");
  await page.getByRole("button", { name: "Crear tanda" }).click();
  await expect(page.getByText("Escriba un correo electrónico válido")).toBeVisible();
  await expect(page.getByLabel("Correo electrónico del miembro 2")).toHaveValue("no-es-un-correo");
  await expectNoEnglish(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByLabel("Correo electrónico del miembro 2").fill(uniqueEmail("invitada"));
  await page.getByRole("button", { name: "Crear tanda" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page)).toContainText("¡Tanda creada!");
  await expect(toasts(page)).toContainText("Se creó su tanda «Círculo semanal». 1 invitación enviada por correo.");
  await expect(page.getByRole("article", { name: "Círculo semanal" })).toContainText("$50.00 · Cada viernes");
  await expectNoEnglish(page);
});

test("a member who reads Spanish sees an invitation in Spanish on the dashboard and /invitations, and accepts it", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const invitee = await bankedMember(page, "invitada", "Inés Invitada");
  // Someone else creates a group inviting her (the wizard's API), then leaves.
  await sandboxMember(page, "anfitriona", { dashboard: false });
  const groupName = `Tanda ${Math.random().toString(36).slice(2, 7)}`;
  const response = await page.request.post("/api/groups/create", {
    data: {
      name: groupName,
      memberCount: 3,
      contributionAmount: 100,
      payoutSchedule: "fixed",
      frequency: "monthly",
      dayOfMonth: 6,
      memberEmails: [invitee],
    },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status(), await response.text()).toBe(201);
  // The host leaves: the browser forgets the session (no page was opened as the host, so no Logout to press).
  await page.context().clearCookies();

  await login(page, invitee, "Secret123", { dashboard: false });
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Language" }).getByLabel("Language").selectOption("es-US");
  await page.getByRole("button", { name: "Save Language" }).click();
  await expect(toasts(page)).toContainText("Idioma guardado");

  await page.goto("/dashboard");
  const card = page.getByRole("article", { name: groupName });
  await expect(card).toContainText("Le invitó Bank Tester");
  await expect(card).toContainText("Aporte$100.00 · Cada mes, el día 6");
  await expect(card).toContainText("FrecuenciaCada mes");
  await expect(card).toContainText("Miembros1 de 3 se unió");
  await expect(card).toContainText("Tarifa de inicio$5.00 de tarifa de inicio, una sola vez");
  await expectNoEnglish(page);

  await page.goto("/invitations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invitaciones");
  const pending = page.getByRole("article", { name: groupName });
  await pending.getByRole("button", { name: `Aceptar la invitación a ${groupName}` }).click();
  await expect(page.getByText("Debe aceptar las condiciones antes de unirse")).toBeVisible();
  await expectNoEnglish(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole("article", { name: groupName }).getByLabel(`Leí y acepto las condiciones para unirme a ${groupName}.`).check();
  await page
    .getByRole("article", { name: groupName })
    .getByRole("button", { name: `Aceptar la invitación a ${groupName}` })
    .click();
  await expect(page).toHaveURL(/\/groups\/[0-9a-f-]+$/);
  await expect(toasts(page)).toContainText("Se unió a la tanda");
  await expect(toasts(page)).toContainText("Su primer aporte de $100.00 vencería el");
});
