import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 46, part one: the public pages in Spanish (es-US), for a browser that asks for Spanish and for a visitor who
 * switches with the language form; both projects (with and without JavaScript). A Spanish page fails on any of the
 * English phrases its English version shows (ADR 056).
 */
const ENGLISH_PHRASES = [
  "Save Together, Grow Together",
  "How it works",
  "Start Your Group",
  "Learn More",
  "Example groups",
  "Payout per turn",
  "Create your account",
  "Already have an account?",
  "Full name",
  "Confirm password",
  "I agree to the",
  "Log in to your account",
  "Remember me",
  "Forgot your password?",
  "Didn't get the confirmation email?",
  "New here?",
  "How can we help?",
  "Frequently asked questions",
  "Step-by-step guides",
  "Still need help?",
  "Contact Support",
  "Help Center",
  "Privacy Policy",
  "Terms of Service",
  "Sign Up",
  "Skip to content",
  "Demo phase",
  "Banks are a sandbox",
  "members",
  "month",
] as const;

const PAGES = [
  { path: "/", h1: "Ahorremos juntos, crezcamos juntos" },
  { path: "/register", h1: "Cree su cuenta" },
  { path: "/login", h1: "Inicie sesión en su cuenta" },
  { path: "/help", h1: "¿Cómo podemos ayudarle?" },
] as const;

async function expectSpanish(page: Page, h1: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  const text = await page.locator("body").innerText();
  for (const phrase of ENGLISH_PHRASES) expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
}

test.describe("a browser that asks for Spanish", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9,en;q=0.5" }, viewport: { width: 375, height: 800 } });

  for (const { path, h1 } of PAGES) {
    test(`${path} is in Spanish`, async ({ page }) => {
      await page.goto(path);
      await expectSpanish(page, h1);
    });
  }

  test("the landing page's figures are US dollars and its examples Spanish", async ({ page }) => {
    await page.goto("/");
    const wedding = page.getByTestId("example-wedding");
    await expect(wedding.getByRole("heading")).toHaveText("Fondo para bodas");
    await expect(wedding).toContainText("$500 cada dos semanas");
    await expect(wedding).toContainText("$5,000 en total");
    await expect(wedding).toContainText("$500 × 10 miembros");
    // The sample cycle's last turn is the reader's: its avatar's letters too (hidden from screen readers, read by eyes).
    const yours = page.getByRole("listitem").filter({ hasText: "Turno 5: Usted" });
    await expect(yours.locator('[aria-hidden="true"]')).toHaveText("UD.");
  });

  test("the register form's validation speaks Spanish and keeps what was typed", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Nombre completo").fill("Ana");
    await page.getByLabel("Correo electrónico").fill("ana@example");
    await page.getByLabel("Contraseña", { exact: true }).fill("corta");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByText("Escriba un correo electrónico válido")).toBeVisible();
    await expect(page.getByText("La contraseña debe tener al menos 8 caracteres")).toBeVisible();
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Ana");
    await expectSpanish(page, "Cree su cuenta");
  });

  test("wrong credentials at login: the server's message in Spanish", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Correo electrónico").fill("nadie@example.com");
    await page.getByLabel("Contraseña").fill("Incorrecta123");
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(page.getByText("El usuario, el correo electrónico o la contraseña no son correctos.", { exact: false })).toBeVisible();
    await expect(page.getByText("Invalid username")).toHaveCount(0);
  });

  test("the Help Center's answers are Spanish, with the engine's own numbers", async ({ page }) => {
    await page.goto("/help#missed-payment");
    await expect(page.getByText("¿Qué pasa si alguien no paga un aporte?")).toBeVisible();
    await expect(page.locator("#missed-payment")).toContainText("3 intentos en total");
  });
});

test.describe("the language switch (a plain form)", () => {
  test.use({ locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US" } });

  test("switches to Spanish, stays on the page and is remembered, then back to English", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fdashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await page.getByRole("banner").getByRole("button", { name: "Español" }).first().click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await expectSpanish(page, "Inicie sesión en su cuenta");
    // Remembered by the cookie on the next page, whatever the browser asks for.
    await page.goto("/help");
    await expectSpanish(page, "¿Cómo podemos ayudarle?");
    await page.getByRole("banner").getByRole("button", { name: "English" }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How can we help?");
  });

  test("sends nobody off-site, and refuses a language it does not have", async ({ page, request }) => {
    const offsite = await request.post("/language", {
      form: { locale: "es-US", redirectTo: "//evil.example/phish" },
      maxRedirects: 0,
    });
    expect(offsite.status()).toBe(303);
    expect(offsite.headers().location).toBe("/");
    const unknown = await request.post("/language", { form: { locale: "fr-FR", redirectTo: "/" }, maxRedirects: 0 });
    expect(unknown.status()).toBe(400);
    await page.goto("/");
  });
});
