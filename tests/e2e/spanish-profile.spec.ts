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
  await registeredMember(page, email, "Rita Reyes", { dashboard: false });
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
  await login(page, email, "Secret123", { dashboard: false });
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

/**
 * Part five (h): the rest of the profile pages in Spanish (both projects, 375 px). The English walk-throughs are
 * profile.spec.ts, email-bounce.spec.ts and bank-accounts*.spec.ts, unchanged.
 */
async function spanishMember(page: import("@playwright/test").Page, baseURL: string, prefix: string) {
  const email = uniqueEmail(prefix);
  await registeredMember(page, email, "Rita Reyes", { dashboard: false });
  await page.context().addCookies([{ name: "rosca_lang", value: "es-US", url: baseURL }]);
  return email;
}

async function expectSpanishOnly(page: import("@playwright/test").Page, english: readonly string[]) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  const text = await page.locator("main").innerText();
  for (const phrase of english) expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

const PROFILE_ENGLISH = [
  "Profile Information",
  "Personal details",
  "Edit personal details",
  "Display name",
  "Street address",
  "ZIP/Postal code",
  "Date of birth",
  "Not provided",
  "Email cannot be changed",
  "Change your email address",
  "Shown to other members",
  "Rosca is for adults",
  "Please enter a valid",
  "You must be at least 18",
  "Your payment record",
  "Across all your groups",
  "No payment history yet",
  "cycles completed",
  "How your record is computed",
  "Sharing",
  "Others see this summary",
  "Hidden. Groups you join",
  "Show this summary",
  "Update Sharing",
] as const;

test("/profile in Spanish: a refused form comes back in Spanish with what was typed, then saves; the payment record", async ({
  page,
  baseURL,
  javaScript,
}) => {
  test.setTimeout(90_000);
  await spanishMember(page, baseURL!, javaScript ? "perfil-js" : "perfil-nojs");
  await page.goto("/profile");
  await expect(page).toHaveTitle("Perfil — Rosca");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Información del perfil");
  await expect(main.getByRole("heading", { level: 2, name: "Datos personales" })).toBeVisible();
  await expect(main).toContainText("El correo electrónico no se puede cambiar aquí. Cambiar su correo electrónico");
  await expect(main.getByText("Sin indicar").first()).toBeVisible();
  const record = main.getByTestId("payment-record");
  await expect(record.getByRole("heading", { level: 2 })).toHaveText("Su historial de pagos");
  await expect(record).toContainText("En todas sus tandas, pasadas y actuales.");
  await expect(record).toContainText("Todavía sin historial de pagos");
  await expect(record).toContainText("Los demás ven este resumen: Todavía sin historial de pagos · 0 tandas completadas");
  await record.getByText("Cómo se calcula su historial").click();
  await expect(record).toContainText("el peso de un aporte se reduce a la mitad cada 180 días, y después de 2 años ya no cuenta");
  await expectSpanishOnly(page, PROFILE_ENGLISH);

  await main.getByRole("link", { name: "Editar", exact: true }).click();
  await expect(main.getByRole("heading", { level: 2, name: "Editar datos personales" })).toBeVisible();
  await expect(main.getByLabel("Nombre visible")).toHaveValue("Rita Reyes");
  await main.getByLabel("Teléfono").fill("555-0142");
  await main.getByLabel("Ciudad").fill("Dearborn");
  await main.getByLabel("Código postal").fill("1234");
  await main.getByLabel("Fecha de nacimiento").fill("2015-06-01");
  await main.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(main.getByText("Escriba un número de teléfono válido de EE. UU., p. ej. (313) 555-0142")).toBeVisible();
  await expect(main.getByText("Escriba un código postal válido: 5 dígitos (12345) o ZIP+4 (12345-6789)")).toBeVisible();
  await expect(main.getByText("Debe tener al menos 18 años para usar Rosca.")).toBeVisible();
  // What was typed is still there (without JavaScript, the server's answer carries it back).
  await expect(main.getByLabel("Teléfono")).toHaveValue("555-0142");
  await expect(main.getByLabel("Ciudad")).toHaveValue("Dearborn");
  await expect(main.getByLabel("Código postal")).toHaveValue("1234");
  await expect(main.getByLabel("Fecha de nacimiento")).toHaveValue("2015-06-01");
  await expect(main).toContainText("Rosca es para personas adultas: debe tener al menos 18 años.");
  await expectSpanishOnly(page, PROFILE_ENGLISH);

  await main.getByLabel("Teléfono").fill("313.555.0142");
  await main.getByLabel("Estado/Provincia").fill("Michigan");
  await main.getByLabel("Código postal").fill("48126");
  await main.getByLabel("Fecha de nacimiento").fill("1990-04-02");
  await main.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(toasts(page)).toContainText("Perfil actualizado");
  await expect(toasts(page)).toContainText("Su información del perfil se guardó.");
  await expect(main.getByText("2 de abril de 1990")).toBeVisible();
  await expect(main.getByText("La fecha de nacimiento no se puede cambiar una vez guardada")).toBeVisible();

  // Hiding the record: the toast and the page say so in Spanish.
  await record.getByLabel("Mostrar este resumen a los miembros de mis tandas y a las personas invitadas a ellas").uncheck();
  await record.getByRole("button", { name: "Guardar la opción de compartir" }).click();
  await expect(toasts(page)).toContainText("Historial de pagos oculto");
  await expect(page.getByTestId("record-hidden")).toContainText(
    "Oculto. Las tandas a las que se una a partir de ahora, y las personas invitadas a ellas, no ven su historial.",
  );
  await expectSpanishOnly(page, PROFILE_ENGLISH);
});

const EMAIL_ENGLISH = [
  "Email address",
  "We send sign-in links",
  "Change your email address",
  "New email address",
  "Current password",
  "To make sure it's you.",
  "Send confirmation link",
  "Current password is incorrect",
  "Waiting for confirmation",
  "We sent a confirmation link",
  "Cancel this change",
  "Confirm your new email address",
  "Not now",
] as const;

test("/profile/email in Spanish: a wrong password keeps the new address, the link is asked for, and the change is confirmed", async ({
  page,
  baseURL,
  javaScript,
}) => {
  test.setTimeout(90_000);
  const email = await spanishMember(page, baseURL!, javaScript ? "correo-js" : "correo-nojs");
  await page.goto("/profile/email");
  await expect(page).toHaveTitle("Correo electrónico — Rosca");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Correo electrónico");
  await expect(main).toContainText(`Enviamos los enlaces para iniciar sesión, los recordatorios y los avisos a ${email}.`);
  await expect(main.getByRole("heading", { level: 2, name: "Cambiar su correo electrónico" })).toBeVisible();

  const newEmail = uniqueEmail(javaScript ? "nuevo-js" : "nuevo-nojs");
  await main.getByLabel("Nuevo correo electrónico").fill(newEmail);
  await main.getByLabel("Contraseña actual").fill("NoEsLaMia1");
  await main.getByRole("button", { name: "Enviar el enlace de confirmación" }).click();
  await expect(main.getByText("La contraseña actual no es correcta")).toBeVisible();
  await expect(main.getByLabel("Nuevo correo electrónico")).toHaveValue(newEmail);
  await expectSpanishOnly(page, EMAIL_ENGLISH);

  await main.getByLabel("Contraseña actual").fill("Secret123");
  await main.getByRole("button", { name: "Enviar el enlace de confirmación" }).click();
  await expect(toasts(page)).toContainText("Revise su nueva bandeja de entrada");
  await expect(toasts(page)).toContainText(`Enviamos un enlace de confirmación a ${newEmail}. Su correo electrónico cambia cuando usted lo abra.`);
  await expect(main.getByText("Esperando la confirmación")).toBeVisible();
  await expect(main).toContainText(`Enviamos un enlace de confirmación a ${newEmail} el `);
  await expect(main).toContainText("Ábralo para terminar el cambio; mientras tanto, su correo electrónico sigue igual.");
  await expectSpanishOnly(page, EMAIL_ENGLISH);

  const link = (await emailLinks(page, newEmail, "Confirme su nuevo correo electrónico para Rosca")).find(
    (href) => new URL(href).pathname === "/profile/email",
  );
  expect(link, "a confirmation link").toBeTruthy();
  await page.goto(link!);
  await expect(main.getByRole("heading", { level: 2, name: "Confirme su nuevo correo electrónico" })).toBeVisible();
  await expect(main).toContainText(`¿Cambiar su correo electrónico de ${email} a ${newEmail}?`);
  await expect(main.getByRole("link", { name: "Ahora no" })).toBeVisible();
  await expectSpanishOnly(page, EMAIL_ENGLISH);
  await main.getByRole("button", { name: "Confirmar el nuevo correo electrónico" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(toasts(page)).toContainText("Correo electrónico cambiado");
  await expect(toasts(page)).toContainText(`Su correo electrónico ahora es ${newEmail}.`);
});

const SECURITY_ENGLISH = [
  "Security",
  "Change password",
  "Changing your password",
  "Current password",
  "New password",
  "At least 8 characters",
  "Change Password",
  "Passwords do not match",
  "Two-factor authentication",
  "Enable Two-Factor Authentication",
  "Scan this QR code",
  "Setup key",
  "6-digit code",
  "Verify and Enable",
  "Cancel Setup",
  "Invalid MFA code",
  "Active sessions",
  "This device",
  "Started",
  "Last active",
  " on Linux",
  " on Windows",
  " on macOS",
  "Login notifications",
  "Email me when",
  "Profile visibility",
  "Allow other members",
] as const;

test("/profile/security in Spanish: password errors, two-factor setup, sessions and the switches", async ({ page, baseURL, javaScript }) => {
  test.setTimeout(90_000);
  await spanishMember(page, baseURL!, javaScript ? "seguridad-js" : "seguridad-nojs");
  await page.goto("/profile/security");
  await expect(page).toHaveTitle("Seguridad — Rosca");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Seguridad");
  await expect(main.getByRole("heading", { level: 2, name: "Sesiones activas" })).toBeVisible();
  await expect(main.getByText("Este dispositivo")).toBeVisible();
  await expect(main).toContainText(/Inició el .+ · Última actividad el /);
  await expect(main).toContainText("Desactivada. Agregue un segundo paso al iniciar sesión");
  await expect(main.getByText("No hay otras sesiones.")).toBeVisible();
  await expectSpanishOnly(page, SECURITY_ENGLISH);

  await main.getByLabel("Contraseña actual").fill("Secret123");
  await main.getByLabel("Contraseña nueva", { exact: true }).fill("Nuevecita456");
  await main.getByLabel("Confirme la contraseña nueva").fill("Otracosa789");
  await main.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(main.getByText("Las contraseñas no coinciden")).toBeVisible();
  await expectSpanishOnly(page, SECURITY_ENGLISH);

  await main.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();
  await expect(toasts(page)).toContainText("Configure su aplicación de autenticación");
  await expect(main).toContainText("Escanee este código QR con una aplicación de autenticación");
  await expect(main.getByRole("img", { name: "Código QR para su aplicación de autenticación" })).toBeVisible();
  await main.getByLabel("Código de 6 dígitos").fill("12345");
  await main.getByRole("button", { name: "Verificar y activar" }).click();
  await expect(main.getByText("El código de verificación no es válido")).toBeVisible();
  await expect(main.getByLabel("Código de 6 dígitos")).toHaveValue("12345");
  await expectSpanishOnly(page, SECURITY_ENGLISH);
  await main.getByRole("button", { name: "Cancelar la configuración" }).click();
  await expect(toasts(page)).toContainText("Configuración de la verificación en dos pasos cancelada");

  const alerts = main.getByLabel("Enviarme un correo cuando alguien inicie sesión en mi cuenta");
  await alerts.check();
  await alerts.locator("xpath=ancestor::form").getByRole("button", { name: "Guardar" }).click();
  await expect(toasts(page)).toContainText("Avisos de inicio de sesión guardados");
  await expect(toasts(page)).toContainText("Le enviaremos un correo en cada nuevo inicio de sesión.");
  await expect(main.getByLabel("Enviarme un correo cuando alguien inicie sesión en mi cuenta")).toBeChecked();
  await expectSpanishOnly(page, SECURITY_ENGLISH);
});

const BANK_ENGLISH = [
  "Bank Accounts",
  "Link Another Account",
  "Refresh balances",
  "Show balance",
  "Hide balance",
  "Available balance",
  "Connected on",
  "Balance as of",
  "Unlink",
  "depository",
  "checking",
  "savings",
  "Balances refreshed",
  "We ask your bank",
] as const;

test("/profile/bank-accounts in Spanish: the accounts, their balances and the refresh", async ({ page, baseURL, javaScript }) => {
  test.setTimeout(90_000);
  const email = await bankedMember(page, javaScript ? "cuentas-js" : "cuentas-nojs", "Rita Reyes");
  await login(page, email, "Secret123", { dashboard: false });
  await page.context().addCookies([{ name: "rosca_lang", value: "es-US", url: baseURL! }]);
  await page.goto("/profile/bank-accounts");
  await expect(page).toHaveTitle("Cuentas bancarias — Rosca");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Cuentas bancarias");
  await expect(main.getByRole("button", { name: "Vincular otra cuenta" })).toBeVisible();
  await expect(main.getByText(/^Conectada el \d{1,2} de [a-z]+ de \d{4}$/).first()).toBeVisible();
  await expect(main.getByText(/Depósito · Cheques/i).first()).toBeVisible();
  await expect(main.getByRole("button", { name: /^Desvincular First Platypus Bank y sus cuentas$/ }).first()).toBeVisible();
  await main.getByText("Ver saldo").first().click();
  await expect(main.getByText("Saldo disponible:").first()).toBeVisible();
  await expect(main.getByText(/^Saldo al /).first()).toBeVisible();
  await expectSpanishOnly(page, BANK_ENGLISH);

  await main.getByRole("button", { name: "Actualizar saldos" }).click();
  await expect(toasts(page)).toContainText(/Saldos actualizados|Los saldos se actualizaron hace menos de un minuto/);
  await expectSpanishOnly(page, BANK_ENGLISH);
});
