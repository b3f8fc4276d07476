import { generateTOTP } from "@epic-web/totp";
import { expect, expectNoSeriousA11yViolations, login, logout, registerAndConfirm, test, toasts, uniqueEmail } from "./fixtures";

test.describe("profile pages with JavaScript", () => {
  // Ten axe scans in all, in two tests so that each stays well inside its time limit on a busy machine.
  test("profile, its edit form with errors, security and notifications have no serious accessibility violations", async ({ page }) => {
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
  });

  test("two-factor setup, its enabled state and the login code step have no serious accessibility violations", async ({ page }) => {
    const email = uniqueEmail("profile-2fa-a11y");
    await registerAndConfirm(page, { name: "Access Ible", email, password: "Secret123" });
    await login(page, email, "Secret123");
    await page.goto("/profile/security");
    await page.getByRole("button", { name: "Enable Two-Factor Authentication" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Finish the setup, then look at the login's code step (with an error shown) and the "2FA on" state.
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    const code = async () => (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
    await page.getByLabel("6-digit code").fill(await code());
    await page.getByRole("button", { name: "Verify and Enable" }).click();
    await expect(toasts(page)).toContainText("Two-Factor Authentication Enabled");
    await expectNoSeriousA11yViolations(page);
    await logout(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Secret123");
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?step=2fa$/);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Authentication code").fill("12");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Invalid MFA code")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
