import { bankedMember, emailLinks, expect, login, logout, registeredMember, test, toasts, uniqueEmail } from "./fixtures";

/**
 * Issue 46, part four (g): the account pages in Spanish (both projects, 375 px). A member who reads Spanish (the
 * language cookie, as the header's switch sets it) resets a forgotten password on /reset-password; the English
 * walk-through is accounts.spec.ts's, unchanged.
 */
const RESET_ENGLISH = [
  "Choose a new password",
  "Use at least 8 characters",
  "New password",
  "Confirm new password",
  "Update Password",
  "Your new password must be different from your current password.",
  "Password updated",
  "Your password has been reset",
  "every device was signed out",
  "Go to Login",
] as const;

test.use({ viewport: { width: 375, height: 800 } });

test("a member resets a forgotten password on /reset-password in Spanish", async ({ page, baseURL, javaScript }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail(javaScript ? "restablecer-js" : "restablecer-nojs");
  // Signed in once in this browser, so the demo mailbox shows this account's email.
  await registeredMember(page, email, "Rita Reyes");
  await logout(page);
  await page.context().addCookies([{ name: "rosca_lang", value: "es-US", url: baseURL! }]);

  await page.goto("/login?mode=reset");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviar el enlace" }).click();
  const resetLink = (await emailLinks(page, email, "Restablezca su contraseña de Rosca")).find((href) => href.includes("/reset-password"))!;

  await page.goto(resetLink);
  await expect(page).toHaveTitle("Elija una contraseña nueva — Rosca");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Elija una contraseña nueva");
  await expect(page.locator("main")).toContainText("Use al menos 8 caracteres, con una letra mayúscula, una letra minúscula y un número.");
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("Secret123");
  await page.getByLabel("Confirme la contraseña nueva").fill("Secret123");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByText("Su contraseña nueva debe ser distinta de la actual.")).toBeVisible();
  await expectNoEnglish(page);

  await page.getByLabel("Contraseña nueva", { exact: true }).fill("Nuevecita456");
  await page.getByLabel("Confirme la contraseña nueva").fill("Nuevecita456");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contraseña cambiada");
  await expect(page.locator("main")).toContainText("Su contraseña se restableció");
  await expect(page.locator("main")).toContainText(
    "Por su seguridad, se cerró la sesión en todos los dispositivos. Le llevaremos a la página de inicio de sesión en 3 segundos…",
  );
  await expect(page.getByRole("link", { name: "Ir a iniciar sesión" })).toBeVisible();
  await expectNoEnglish(page);
  await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });

  // The link is single-use: the toast on /login says so in Spanish.
  await page.goto(resetLink);
  await expect(page).toHaveURL(/\/login$/);
  await expect(toasts(page)).toContainText("Enlace no válido");
  await expect(toasts(page)).toContainText("Este enlace para restablecer la contraseña ya se usó. Solicite uno nuevo si todavía lo necesita.");

  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill("Nuevecita456");
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

async function expectNoEnglish(page: import("@playwright/test").Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  const text = await page.locator("main").innerText();
  for (const phrase of RESET_ENGLISH) expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test("the account card on /profile reads in Spanish", async ({ page, baseURL, javaScript }) => {
  const email = uniqueEmail(javaScript ? "cuenta-js" : "cuenta-nojs");
  await registeredMember(page, email, "Rita Reyes");
  await page.context().addCookies([{ name: "rosca_lang", value: "es-US", url: baseURL! }]);
  await page.goto("/profile");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 2, name: "Cuenta", exact: true })).toBeVisible();
  await expect(main.getByRole("progressbar", { name: "Perfil completado" })).toBeVisible();
  const rows = await main
    .locator("dl div")
    .filter({ has: page.locator("dt") })
    .allInnerTexts();
  const row = (label: string) => rows.find((text) => text.startsWith(label))?.replace(/\s+/g, " ");
  expect(row("Miembro desde")).toMatch(/^Miembro desde \d{1,2} de [a-z]+ de \d{4}$/);
  expect(row("Último inicio de sesión")).toMatch(/^Último inicio de sesión \d{1,2} [a-z]+\.? \d{4}/);
  expect(row("Estado de la cuenta")).toBe("Estado de la cuenta Activa");
  expect(row("Estado del banco")).toBe("Estado del banco Sin conectar");
  const text = await main.innerText();
  for (const phrase of ["Profile completion", "Member since", "Last login", "Account status", "Bank status", "Not Connected"]) {
    expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("the payday card on /profile/bank-accounts reads and saves in Spanish", async ({ page, baseURL, javaScript }) => {
  const email = await bankedMember(page, javaScript ? "pago-js" : "pago-nojs", "Rita Reyes");
  await login(page, email, "Secret123");
  await page.context().addCookies([{ name: "rosca_lang", value: "es-US", url: baseURL! }]);
  await page.goto("/profile/bank-accounts");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 2, name: "Cuándo le pagan" })).toBeVisible();
  await expect(main).toContainText(
    "Opcional. Si el cargo de un aporte se devuelve porque el dinero todavía no estaba, lo intentamos de nuevo el día después de su próximo día de pago (dentro de dos semanas) en lugar de tres días después.",
  );
  const select = main.getByLabel("Día de pago");
  await expect(select.locator("option").first()).toHaveText("Sin definir");
  await expect(select.locator("option", { hasText: "Dos veces al mes, el 1 y el 15" })).toHaveCount(1);
  await expect(select.locator("option", { hasText: "Cada mes, el día 31 (o el último día del mes)" })).toHaveCount(1);
  await select.selectOption({ label: "Cada viernes" });
  await main.getByRole("button", { name: "Guardar día de pago" }).click();
  await expect(toasts(page)).toContainText("Día de pago guardado");
  await expect(main.getByLabel("Día de pago")).toHaveValue("weekly:5");
  const text = await main.innerText();
  for (const phrase of ["When you're paid", "Optional. If a contribution", "Not set", "Every Friday", "Twice a month", "Save payday"]) {
    expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
