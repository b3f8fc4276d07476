import { expect, expectNoSeriousA11yViolations, login, registerAndConfirm, test, uniqueEmail } from "./fixtures";

test.describe("profile pages with JavaScript", () => {
  test("profile, security (with 2FA setup), notifications and the login code step have no serious accessibility violations", async ({ page }) => {
    const email = uniqueEmail("profile-a11y");
    await registerAndConfirm(page, { name: "Access Ible", email, password: "Secret123" });
    await login(page, email, "Secret123");
    for (const path of ["/profile", "/profile?edit=1", "/profile/security", "/profile/notifications"]) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
    // The edit form with server errors shown.
    await page.goto("/profile?edit=1");
    await page.getByLabel("Phone").fill("12");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Please enter a valid US phone number, e.g. (313) 555-0142")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/profile/security");
    await page.getByRole("button", { name: "Enable Two-Factor Authentication" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
