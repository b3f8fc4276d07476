import type { Cookie } from "@playwright/test";
import { DEMO, expect, expectNoSeriousA11yViolations, login, test, toasts } from "./fixtures";

test("with JavaScript a success toast leaves on its own, and its close button works", async ({ page }) => {
  await login(page, DEMO.email, DEMO.password);
  const toast = toasts(page).getByRole("status").filter({ hasText: "Login Successful" });
  // Successes leave after 2 s (SPEC.md section 9).
  await expect(toast).toBeHidden({ timeout: 4_000 });

  await page.goto("/profile/notifications");
  await page.getByRole("button", { name: "Save Preferences" }).click();
  const saved = toasts(page).getByRole("status").filter({ hasText: "Preferences Saved" });
  await expect(saved).toBeVisible();
  await saved.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(saved).toBeHidden();
});

// One test per page (issue 47: the four scans in one test took 14 s on a busy machine), signed in once by cookies.
test.describe("the charts, the balance toggle and the preferences page have no serious accessibility violations", () => {
  let cookies: Cookie[] = [];
  test.beforeAll(async ({ browser }, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await login(await context.newPage(), DEMO.email, DEMO.password, { dashboard: false });
    cookies = await context.cookies();
    await context.close();
  });
  test.beforeEach(async ({ context }) => {
    await context.addCookies(cookies);
  });

  test("the group page with its pool balance shown as numbers", async ({ page }) => {
    await page.goto("/groups");
    await page.getByRole("link", { name: "Family Savings Circle" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Family Savings Circle");
    const pool = page.getByRole("region", { name: "Pool balance" });
    await pool.getByText("Show the numbers").click();
    await expect(pool.getByRole("table", { name: "Pool balance by day" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the dashboard with its savings chart", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("group", { name: "Your savings in Family Savings Circle" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("bank accounts with a balance shown", async ({ page }) => {
    await page.goto("/profile/bank-accounts");
    await page.getByText("Show balance", { exact: true }).first().click();
    await expect(page.getByText("Hide balance", { exact: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the notification preferences", async ({ page }) => {
    await page.goto("/profile/notifications");
    await expect(page).toHaveURL(/\/profile\/notifications$/);
    await expectNoSeriousA11yViolations(page);
  });
});
