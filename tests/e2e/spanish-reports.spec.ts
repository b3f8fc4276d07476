import { bankedMember, expect, fixture, login, test, toasts } from "./fixtures";

/**
 * Issue 46, part four (f): /reports in Spanish (both projects, 375 px). The report is sent in English (the group's
 * report form is another part's); the member then reads Spanish (the language cookie) and answers it.
 */
const ENGLISH_PHRASES = [
  "Your reports",
  "Problems you reported",
  "A member is not paying",
  "Open",
  "Sent ",
  "Add to this report",
  "Your answer",
  "Send Answer",
  "Reply from the Rosca team",
] as const;

test.use({ viewport: { width: 375, height: 800 } });

test("a member reads and answers their report on /reports in Spanish", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const dana = await bankedMember(page, "reporte-dana", "Dana Demo");
  const bo = await bankedMember(page, "reporte-bo", "Bo Baker");
  const cy = await bankedMember(page, "reporte-cy", "Cy Chen");
  const { groupId } = await fixture<{ groupId: string }>(page, "/groups/started", { admin: dana, members: [bo, cy], name: `Reporte ${suffix}` });
  const problem = `Cy no ha pagado esta semana (${suffix}).`;

  await login(page, bo, "Secret123", { dashboard: false });
  await page.goto(`/groups/${groupId}`);
  await page.getByRole("link", { name: "Report a problem" }).click();
  await page.getByRole("radio", { name: "A member is not paying" }).check();
  await page.getByLabel("What happened?").fill(problem);
  await page.getByRole("button", { name: "Send Report" }).click();
  await expect(page).toHaveURL(/\/reports$/);

  // The member reads Spanish from now on (the language cookie, as the header's switch sets it).
  await page.context().addCookies([{ name: "rosca_lang", value: "es-US", url: baseURL! }]);
  await page.goto("/reports");
  await expect(page).toHaveTitle("Sus reportes — Rosca");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sus reportes");
  await expect(page.locator("main")).toContainText("Los problemas que reportó sobre sus tandas y sus pagos");
  const mine = page.getByTestId("report").filter({ hasText: problem });
  await expect(mine.getByRole("heading", { level: 2 })).toHaveText(`Un miembro no está pagando · Reporte ${suffix}`);
  await expect(mine).toContainText("Abierto");
  await expect(mine).toContainText(/Enviado el \d{1,2} [a-z]+\.? \d{4}/);

  await mine.getByText("Agregar a este reporte").click();
  await mine.getByLabel("Su respuesta (nuestro equipo la ve junto con su reporte)").fill("Lo veo dos veces en mi banco.");
  await mine.getByRole("button", { name: "Enviar respuesta" }).click();
  await expect(toasts(page)).toContainText("Respuesta enviada");
  await expect(toasts(page)).toContainText("Nuestro equipo la ve junto con su reporte.");
  const answered = page.getByTestId("report").filter({ hasText: problem });
  await expect(answered.getByTestId("report-answer")).toContainText("Su respuesta ·");
  await expect(answered.getByTestId("report-answer")).toContainText("Lo veo dos veces en mi banco.");

  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  const text = await page.locator("main").innerText();
  for (const phrase of ENGLISH_PHRASES) expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
