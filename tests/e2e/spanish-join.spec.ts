import type { Page } from "@playwright/test";
import { emailLinks, expect, test, toasts, uniqueEmail } from "./fixtures";
import { invitedMember, PASSWORD } from "./groups-join.support";

/**
 * Issue 46, part four (f): an invitee who follows an invitation link in Spanish (`lang=es-US`, as a Spanish email's
 * links carry) reads the login page and the join page in Spanish, both steps, with JavaScript on and off, at 375 px.
 * The set-up (group, invitee) runs in English; only the invitee's reading is Spanish.
 */
const ENGLISH_PHRASES = [
  "Step 1 of 2",
  "Review and accept",
  "invited you to this savings group",
  "Invitation details",
  "Group admin",
  "joined",
  "Contribution",
  "First payment due",
  "The schedule is fixed",
  "Your position",
  "Position 2 of 3",
  "Total payout",
  "Setup fee",
  "one-time setup fee",
  "Charged once",
  "Members so far",
  "Payment records are computed",
  "Important Information",
  "debited automatically",
  "interest-free",
  "Terms of joining",
  "I will contribute",
  "I authorise",
  "I understand",
  "I have read and agree",
  "Accept and Join",
  "Decline",
  "Monthly on the",
  "Link a bank account",
  "You accepted the terms",
  "How it works",
  "Choose your bank",
  "Connect Bank Account",
  "Demo phase",
  "You must agree",
  "Dashboard",
] as const;

async function expectNoEnglish(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  // "If a member can't pay" (DefaultCover, shared with the group page) is still English: left out of the check.
  const text = await page.locator("main").evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelector('[data-testid="default-cover"]')?.remove();
    return copy.textContent ?? "";
  });
  expect(text).toContain("Unirse a");
  for (const phrase of ENGLISH_PHRASES) expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.use({ viewport: { width: 375, height: 800 } });

test("an invitee arriving with lang=es-US reads the login and the join page in Spanish, both steps, and joins", async ({
  page,
  baseURL,
  javaScript,
}) => {
  test.setTimeout(150_000);
  const { groupName, inviteeEmail, joinLink } = await invitedMember(page, baseURL, "unirse");
  // A fresh browser as far as the app knows: signed out, no language chosen.
  await page.context().clearCookies();

  const spanishLink = new URL(joinLink);
  spanishLink.searchParams.set("lang", "es-US");
  const joinPath = spanishLink.pathname;
  await page.goto(spanishLink.toString());
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inicie sesión en su cuenta");
  await page.getByLabel("Correo electrónico").fill(inviteeEmail);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${joinPath}(\\?lang=es-US)?$`));

  await expect(page).toHaveTitle(`Unirse a ${groupName} — Rosca`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Unirse a ${groupName}`);
  await expect(page.getByText("Paso 1 de 2: Revise y acepte")).toBeVisible();
  await expect(page.getByText("Bank Tester le invitó a esta tanda (grupo de ahorro).")).toBeVisible();
  const details = page.getByRole("region", { name: "Detalles de la invitación" });
  const figure = (term: string) =>
    details
      .locator("div")
      .filter({ has: page.locator("dt", { hasText: term }) })
      .locator("dd")
      .first();
  await expect(figure("Administrador de la tanda")).toHaveText("Bank Tester");
  await expect(figure("Miembros")).toHaveText("1 de 3 se unió");
  await expect(figure("Aporte")).toHaveText("$100.00");
  await expect(details.getByText("Cada mes, el día 6", { exact: true })).toBeVisible();
  await expect(figure("Primera fecha de pago")).toHaveText(/^\d{1,2} de [a-z]+ de \d{4}$/);
  await expect(figure("Su turno")).toHaveText("Turno 2 de 3");
  await expect(figure("Pago del pozo")).toHaveText("$300.00");
  await expect(details.getByText("$100.00 × 3 miembros")).toBeVisible();
  await expect(page.getByTestId("setup-fee")).toHaveText("$5.00 de tarifa de inicio, una sola vez, la misma para cada miembro y cada turno");
  await expect(page.getByText("Los aportes se cargan automáticamente a su cuenta bancaria vinculada en cada fecha de pago.")).toBeVisible();
  const terms = page.getByRole("region", { name: "Condiciones para unirse" });
  await expect(terms.getByRole("listitem").first()).toHaveText(
    "Aportaré $100.00 en cada fecha de pago hasta que se completen los 3 pagos del pozo de la tanda.",
  );
  await expectNoEnglish(page);

  // The terms must be ticked: the message in Spanish (checked in the browser with JavaScript, by the server without).
  await page.getByRole("button", { name: "Aceptar y unirse" }).click();
  await expect(page.getByText("Debe aceptar las condiciones antes de unirse")).toBeVisible();
  const checkbox = page.getByRole("checkbox", { name: "He leído y acepto las condiciones anteriores." });
  await expect(checkbox).toHaveAttribute("aria-invalid", "true");
  await expectNoEnglish(page);

  await checkbox.check();
  await page.getByRole("button", { name: "Aceptar y unirse" }).click();
  await expect(page).toHaveURL(new RegExp(`${joinPath}\\?step=bank&terms=on$`));
  await expect(page.getByText("Paso 2 de 2: Vincule una cuenta bancaria")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vincule una cuenta bancaria" })).toBeVisible();
  await expect(page.getByText(`Usted aceptó las condiciones. Los aportes a ${groupName} se cargan`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cómo funciona" })).toBeVisible();
  await expect(page.getByText("Fase de demostración: elija cualquier banco de prueba")).toBeVisible();
  await expect(page.getByRole("button", { name: "Conectar cuenta bancaria" })).toBeVisible();
  await expectNoEnglish(page);

  await page.getByRole("button", { name: "Conectar cuenta bancaria" }).click();
  if (javaScript) {
    // The demo's Link modal, in Spanish.
    const choose = page.getByRole("dialog", { name: "Conecte un banco" });
    await expect(choose).toContainText("Banco de prueba: no se mueve dinero real. Use user_good / pass_good.");
    await choose.getByRole("button", { name: "First Platypus Bank" }).click();
    const bankLogin = page.getByRole("dialog", { name: "Inicie sesión en First Platypus Bank" });
    await bankLogin.getByLabel("Usuario").fill("user_good");
    await bankLogin.getByLabel("Contraseña").fill("pass_good");
    await bankLogin.getByRole("button", { name: "Enviar" }).click();
    const select = page.getByRole("dialog", { name: "Elija las cuentas" });
    await expect(select.getByRole("group", { name: "Compartir estas cuentas con Rosca:" })).toBeVisible();
    await select.getByRole("button", { name: "Continuar" }).click();
  } else {
    // The sandbox bank's Link pages in the app's language (its `lang`), then the join page's confirm step.
    await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Elija su banco");
    await expect(page.getByText("Banco de prueba: no es un banco real. Aquí no se mueve dinero real.")).toBeVisible();
    await page.getByRole("button", { name: "First Platypus Bank" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inicie sesión en First Platypus Bank");
    await page.getByLabel("Usuario").fill("user_good");
    await page.getByLabel("Contraseña").fill("pass_good");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Elija las cuentas en First Platypus Bank");
    await expect(page.getByRole("group", { name: "Cuentas que compartirá" })).toBeVisible();
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByRole("heading", { name: "Termine de conectar First Platypus Bank" })).toBeVisible();
    await expectNoEnglish(page);
    await page.getByRole("button", { name: "Conectar y unirse" }).click();
  }
  await expect(page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
  await expect(toasts(page)).toContainText("Se unió a la tanda");
  await expect(toasts(page)).toContainText(
    /Su primer aporte de \$100\.00 vencería el \d{1,2} de [a-z]+ de \d{4} si la tanda se llenara hoy: el calendario queda fijo cuando se une el último miembro\./,
  );
});

test.describe("a browser that asks for Spanish", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9,en;q=0.5" } });

  test("confirms a new account's email on /auth/confirm and /auth-success in Spanish", async ({ page }) => {
    const email = uniqueEmail("confirmar");
    await page.goto("/register");
    await page.getByLabel("Nombre completo").fill("Rosa Vega");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill("Secret123");
    await page.getByLabel("Confirme la contraseña").fill("Secret123");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const links = await emailLinks(page, email, "Confirme su correo electrónico para Rosca");
    const confirm = links.find((href) => href.includes("/auth/confirm"));
    expect(confirm, "a confirmation link").toBeTruthy();

    // The demo mailbox, in Spanish too.
    await page.goto("/dev/mailbox");
    await expect(page).toHaveTitle("Buzón — Rosca");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buzón");
    await expect(page.locator("main")).toContainText(
      `Se muestran los correos a ${email}: las cuentas creadas o con sesión iniciada en este navegador.`,
    );
    await expect(page.getByLabel("Correo electrónico del destinatario")).toBeVisible();
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveText(["Para", "Asunto", "Recibido"]);
    const mailbox = await page.locator("main").innerText();
    for (const phrase of ["Mailbox", "Every email the app sends", "Showing email to", "Recipient email address", "Subject"]) {
      expect(mailbox.includes(phrase), phrase).toBe(false);
    }

    await page.getByRole("link", { name: "Confirme su correo electrónico para Rosca" }).click();
    await expect(page).toHaveTitle("Confirme su correo electrónico para Rosca — Buzón — Rosca");
    await expect(page.getByRole("link", { name: "← Volver al buzón" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Enlaces de este mensaje" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cuerpo de texto" })).toBeVisible();
    await expect(page.locator("main dt").first()).toHaveText("De");

    await page.goto(confirm!);
    await expect(page).toHaveTitle("Confirme su correo electrónico — Rosca");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirme su correo electrónico");
    await expect(page.getByText("Un clic y su cuenta estará lista.")).toBeVisible();
    await page.getByRole("button", { name: "Confirmar correo electrónico" }).click();
    await expect(page).toHaveURL(/\/auth-success$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Correo electrónico confirmado");
    await expect(page.getByText("Gracias por confirmar su correo electrónico. Su cuenta está lista: inicie sesión para comenzar.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Iniciar sesión" }).last()).toBeVisible();
    const text = await page.locator("main").innerText();
    for (const phrase of ["Email Confirmed", "Thanks for confirming", "Log In"]) expect(text.includes(phrase), phrase).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
