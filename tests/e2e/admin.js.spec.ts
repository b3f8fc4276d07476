import { ADMIN, expect, expectNoSeriousA11yViolations, login, test } from "./fixtures";

test("admin console has no serious accessibility violations", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");
  await expect(page.getByRole("row").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // With an error showing, too.
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto("/admin?q=nobody-matches-this");
  await expect(page.getByText("No users found")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
