import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

test.describe("accounts with JavaScript", () => {
  test("show and hide the password (JavaScript)", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Visible123");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("account pages have no serious accessibility violations", async ({ page }) => {
    for (const path of ["/login", "/login?mode=reset", "/register"]) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
  });
});
