import { DEMO, expect, login, test } from "./fixtures";

// The dashboard's activity list is markup React does not render item by item (ADR 059 part seven (m)); its links still
// navigate inside the app with JavaScript, as <Link> did: no new document is loaded.
test("an activity item's link opens its group in the app, without loading a new document", async ({ page }) => {
  await login(page, DEMO.email, DEMO.password, { dashboard: false });
  await page.goto("/dashboard");
  const link = page.getByTestId("activity-item").first().getByRole("link");
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/groups\/[0-9a-f-]{36}$/);
  // Hydrated: the session timer and the bell are islands that load after hydration; wait for the document to settle.
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await link.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
