import { DEMO, expect, login, test } from "./fixtures";

// The header's signed-in menus are markup React does not render link by link (ADR 059 part eight (s)); with JavaScript
// their links still navigate inside the app as <Link> did, and Logout is still submitted by React Router as <Form> did:
// no new document is loaded for either.
const markDocument = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
const sameDocument = (page: import("@playwright/test").Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);

test("the account menu's links and Logout work in the app, without loading a new document", async ({ page }) => {
  await login(page, DEMO.email, DEMO.password, { dashboard: false });
  await page.goto("/dashboard");
  await page.waitForLoadState("networkidle");
  await markDocument(page);
  const menu = page.locator('header details:has(form[action="/logout"])').filter({ visible: true }).first();
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/reports$/);
  // The menu closes on navigation (site-header.tsx), and the document is the same one.
  await expect(menu).not.toHaveAttribute("open");
  expect(await sameDocument(page)).toBe(true);
  await menu.locator("summary").click();
  await menu.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await sameDocument(page)).toBe(true);
});

test("the small screens' menu links in the app, without loading a new document", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, DEMO.email, DEMO.password, { dashboard: false });
  await page.goto("/profile");
  await page.waitForLoadState("networkidle");
  await markDocument(page);
  const menu = page.locator("header details.md\\:hidden");
  await menu.locator("summary").click();
  await expect(menu.getByText(`Signed in as ${DEMO.name}`)).toBeVisible();
  await menu.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});
