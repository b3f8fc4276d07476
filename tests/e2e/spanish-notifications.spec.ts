import { expect, sandboxMember, test, toasts } from "./fixtures";

/**
 * Issue 46, part four (e): the bell and /notifications in Spanish, their own words and the notices' (written in the
 * reader's language when read, ADR 062), with JavaScript on and off. A sandbox member has the "access granted" notice;
 * they choose Spanish (Profile → Notifications, a plain form) and read it in the bell and on /notifications at 375 px,
 * mark it read, and go back to English, where the same notice reads in English again.
 */
const ENGLISH_PHRASES = [
  "Notifications",
  "View all notifications",
  "Sandbox access granted",
  "You can now link a sandbox bank account",
  "unread",
  "Unread",
  "Mark all as read",
  "You're all caught up",
  "All notifications marked as read",
  "Open",
  "Mark as read",
  "No notifications yet",
] as const;

async function expectNoEnglish(text: string) {
  for (const phrase of ENGLISH_PHRASES) expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
}

test("a member reads the bell and /notifications in Spanish, and the same notice in English after switching back", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await sandboxMember(page, "campana", { dashboard: false });
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Language" }).getByLabel("Language").selectOption("es-US");
  await page.getByRole("button", { name: "Save Language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");

  // The bell (a <details>: it opens without JavaScript too).
  await page.goto("/dashboard");
  const bell = page.locator("header details").filter({ has: page.getByText("Ver todas las notificaciones") });
  await expect(bell.locator("summary")).toHaveAttribute("aria-label", "Notificaciones, 1 sin leer");
  await bell.locator("summary").click();
  await expect(bell).toContainText("Acceso al entorno de prueba concedido");
  await expectNoEnglish(await bell.innerText());

  // /notifications at 375 px.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notificaciones");
  const main = page.locator("main");
  await expect(main).toContainText("1 sin leer");
  await expect(main).toContainText("Acceso al entorno de prueba concedido");
  await expect(main).toContainText("Ya puede vincular una cuenta bancaria de prueba, crear tandas y unirse a tandas.");
  await expect(main.getByText("Sin leer", { exact: true })).toBeVisible();
  await expect(main.getByRole("button", { name: "Abrir" })).toBeVisible();
  await expectNoEnglish(await main.innerText());
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole("button", { name: "Marcar todas como leídas" }).click();
  await expect(toasts(page)).toContainText("Todas las notificaciones se marcaron como leídas");
  await expect(main).toContainText("Está al día.");
  await expect(main.getByRole("link", { name: "Abrir" })).toBeVisible();
  await expectNoEnglish(await main.innerText());

  // Back to English: the same notice, read again, in English.
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Idioma" }).getByLabel("Idioma").selectOption("en-US");
  await page.getByRole("button", { name: "Guardar idioma" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
  await expect(main).toContainText("Sandbox access granted");
  await expect(main).toContainText("You can now link a sandbox bank account, create groups and join groups.");
  await expect(main).toContainText("You're all caught up.");
});
