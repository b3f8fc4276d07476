import type { Page } from "@playwright/test";
import { expect, test, toasts } from "./fixtures";

/**
 * Issue 46, part five (j): the public content pages in Spanish (ADR 056), for a browser that asks for Spanish and for a
 * visitor whose language cookie says Spanish while the browser asks for English; both projects (with and without
 * JavaScript), at 375 px. Each page shows its exact Spanish words and none of its English version's phrases; the legal
 * documents keep their English text under a Spanish header that says the English version governs.
 */
const PHONE = { width: 375, height: 800 };

/** What the English content pages say, which a Spanish reader must not see. */
const ENGLISH_PHRASES = [
  "About Rosca",
  "A savings tradition, made simple",
  "Our mission",
  "What we stand for",
  "Rosca at a glance",
  "Members per group",
  "Where we are today",
  "Interest-free, always",
  "Create an Account",
  "Visit the Help Center",
  "Contact Us",
  "Careers at Rosca",
  "Coming soon",
  "Get in touch",
  "Product engineering",
  "The Rosca Blog",
  "min read",
  "By The Rosca Team",
  "Keep reading",
  "All articles",
  "Many names, one idea",
  "A rotating savings and credit association",
  "Before you write",
  "Send us a message",
  "All fields are required",
  "Choose a topic",
  "Send Message",
  "Up to 5,000 characters",
  "How we keep your account safe",
  "How we protect accounts",
  "Passwords hashed with argon2id",
  "What you can do",
  "Responsible disclosure",
  "We ask that you",
  "Saving together without riba",
  "Four principles we design around",
  "No interest, in either direction",
  "What this means in practice",
  "Please consult your own scholar",
  "Read: Saving Without Riba",
  "Effective date",
  "On this page",
] as const;

const PAGES = [
  {
    path: "/about",
    h1: "Una tradición de ahorro, más fácil",
    phrases: ["Nuestra misión", "Miembros por tanda", "De $10 a $1,000", "Sin intereses, siempre"],
  },
  { path: "/careers", h1: "Empleos en Rosca", phrases: ["Próximamente", "Ingeniería de producto", "Contáctenos sobre empleos"] },
  {
    path: "/blog",
    h1: "El blog de Rosca",
    phrases: [
      "¿Qué es una tanda? El círculo de ahorro que existe en todo el mundo",
      "4 min de lectura",
      "15 de septiembre de 2026",
      "Por El equipo de Rosca",
    ],
  },
  {
    path: "/blog/running-a-group-with-friends",
    h1: "Ocho consejos para organizar una tanda con amigos",
    phrases: ["Por Atención a los miembros de Rosca", "17 de noviembre de 2026", "un calendario cada dos semanas, los viernes", "Siga leyendo"],
  },
  {
    path: "/contact",
    h1: "Contáctenos",
    phrases: ["Antes de escribir", "Envíenos un mensaje", "Todos los campos son obligatorios.", "Hasta 5,000 caracteres."],
  },
  {
    path: "/security",
    h1: "Cómo mantenemos segura su cuenta",
    phrases: ["Contraseñas con hash argon2id", "Lo que usted puede hacer", "Divulgación responsable", "Le pedimos que:"],
  },
  {
    path: "/sharia",
    h1: "Ahorrar juntos sin riba",
    phrases: [
      "Cuatro principios en los que basamos el diseño",
      "Sin intereses, en ninguna dirección",
      "Consulte a su propio especialista",
      "Leer: Ahorrar sin riba",
    ],
  },
] as const;

async function expectSpanish(page: Page, h1: string, phrases: readonly string[]) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  const text = await page.locator("body").innerText();
  for (const phrase of phrases) expect(text, `Spanish phrase on ${page.url()}`).toContain(phrase);
  for (const phrase of ENGLISH_PHRASES) expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${page.url()} is wider than the phone`).toBeLessThanOrEqual(PHONE.width);
}

async function expectLegal(page: Page, path: string, h1: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  const header = page.locator("main header");
  await expect(header).toContainText("Fecha de vigencia: 21 de noviembre de 2026");
  await expect(header).toContainText("la versión en inglés");
  await expect(page.getByRole("navigation", { name: "En esta página" })).toBeVisible();
  // The document itself is English by design, and marked so.
  await expect(page.locator('main section[lang="en-US"]').first()).toBeAttached();
  expect(await header.innerText()).not.toContain("Effective date");
}

for (const [how, use] of [
  ["a browser that asks for Spanish", { locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9,en;q=0.5" } }],
  ["a visitor whose language cookie is Spanish", { locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US" } }],
] as const) {
  test.describe(how, () => {
    test.use({ ...use, viewport: PHONE });
    test.beforeEach(async ({ page, baseURL }) => {
      if (use.locale === "en-US") await page.context().addCookies([{ name: "rosca_lang", value: "es-US", url: baseURL! }]);
    });

    for (const { path, h1, phrases } of PAGES) {
      test(`${path} is in Spanish`, async ({ page }) => {
        await page.goto(path);
        await expectSpanish(page, h1, phrases);
      });
    }

    test("the legal documents: a Spanish header, the English text, the notice that English governs", async ({ page }) => {
      await expectLegal(page, "/privacy", "Política de privacidad");
      await expectLegal(page, "/terms", "Términos del servicio");
    });

    test("the contact form's validation speaks Spanish and keeps what was typed", async ({ page }) => {
      await page.goto("/contact");
      await page.getByRole("button", { name: "Enviar mensaje" }).click();
      const form = page.getByRole("main").locator("form");
      await expect(form.getByText("Escriba su nombre", { exact: true })).toBeVisible();
      await expect(form.getByText("Escriba su correo electrónico", { exact: true })).toBeVisible();
      await expect(form.getByText("Elija un tema", { exact: true }).last()).toBeVisible();
      await expect(form.getByText("Escriba un mensaje", { exact: true })).toBeVisible();

      await page.getByLabel("Nombre", { exact: true }).fill("Amina Yusuf");
      await page.getByLabel("Correo electrónico", { exact: true }).fill("amina@");
      await page.getByLabel("Tema", { exact: true }).selectOption({ label: "Acceso al entorno de prueba" });
      await page.getByLabel("Mensaje", { exact: true }).fill("Muy corto");
      await page.getByRole("button", { name: "Enviar mensaje" }).click();
      await expect(form.getByText("Escriba un correo electrónico válido", { exact: true })).toBeVisible();
      await expect(form.getByText("El mensaje debe tener al menos 10 caracteres", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Amina Yusuf");
      await expect(page.getByLabel("Correo electrónico", { exact: true })).toHaveValue("amina@");
      await expect(page.getByLabel("Tema", { exact: true })).toHaveValue("sandbox");
      await expect(page.getByLabel("Mensaje", { exact: true })).toHaveValue("Muy corto");
      expect(await form.innerText()).not.toContain("Please");
    });
  });
}

test.describe("a Spanish visitor sends a message", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" }, viewport: PHONE });

  test("the toast is Spanish, and the careers page preselects its topic", async ({ page, javaScript }) => {
    await page.goto("/careers");
    await page.getByRole("link", { name: "Contáctenos sobre empleos" }).click();
    await expect(page).toHaveURL(/\/contact\?topic=careers$/);
    await expect(page.getByLabel("Tema", { exact: true })).toHaveValue("careers");
    await page.getByLabel("Nombre", { exact: true }).fill(`Amina ${javaScript ? "js" : "nojs"} ${Date.now().toString(36)}`);
    await page.getByLabel("Correo electrónico", { exact: true }).fill("amina@example.com");
    await page.getByLabel("Mensaje", { exact: true }).fill("¿Tienen puestos para atención a los miembros?");
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(toasts(page)).toContainText("Mensaje enviado");
    await expect(toasts(page)).toContainText("Nuestro equipo de soporte responde en menos de 24 horas.");
    await expect(page.getByLabel("Mensaje", { exact: true })).toHaveValue("");
  });

  test("an unknown article is a Spanish 404 with a way back", async ({ page }) => {
    const response = await page.goto("/blog/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Artículo no encontrado");
    await expect(page.getByRole("link", { name: "Volver al blog" })).toBeVisible();
  });
});
