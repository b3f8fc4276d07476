import { generateTOTP } from "@epic-web/totp";
import type { Cookie, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, fixture, login, logout, test, toasts, uniqueEmail } from "./fixtures";

/**
 * axe on the profile pages, one test per page or state (issue 47: ten scans in two tests took 15-16 s each quietly and
 * timed out on a loaded machine). Members are made through the set-up API (registration itself has its own specs).
 */
test.describe("profile pages with JavaScript", () => {
  test.describe("a fresh member's profile pages", () => {
    let cookies: Cookie[] = [];
    test.beforeAll(async ({ browser }, testInfo) => {
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      const page = await context.newPage();
      const email = uniqueEmail("profile-a11y");
      await fixture(page, "/members", { name: "Access Ible", email, password: "Secret123" });
      await login(page, email, "Secret123", { dashboard: false });
      cookies = await context.cookies();
      await context.close();
    });

    for (const path of ["/profile", "/profile?edit=1", "/profile/security", "/profile/notifications"]) {
      test(`${path} has no serious accessibility violations`, async ({ page, context }) => {
        await context.addCookies(cookies);
        await page.goto(path);
        await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
        await expectNoSeriousA11yViolations(page);
      });
    }

    test("the edit form with a server error shown has no serious accessibility violations", async ({ page, context }) => {
      await context.addCookies(cookies);
      await page.goto("/profile?edit=1");
      await page.getByLabel("Phone").fill("12");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Please enter a valid US phone number, e.g. (313) 555-0142")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });

  /** A fresh member, signed in, on /profile/security with the two-factor setup (QR code) open; returns its secret. */
  async function startTwoFactorSetup(page: Page, prefix: string) {
    const email = uniqueEmail(prefix);
    await fixture(page, "/members", { name: "Access Ible", email, password: "Secret123" });
    await login(page, email, "Secret123", { dashboard: false });
    await page.goto("/profile/security");
    await page.getByRole("button", { name: "Enable Two-Factor Authentication" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    return { email, secret };
  }

  async function finishTwoFactorSetup(page: Page, secret: string) {
    const code = (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Verify and Enable" }).click();
    await expect(toasts(page)).toContainText("Two-Factor Authentication Enabled");
  }

  test("two-factor setup and its enabled state have no serious accessibility violations", async ({ page }) => {
    const { secret } = await startTwoFactorSetup(page, "profile-2fa-a11y");
    await expectNoSeriousA11yViolations(page);
    await finishTwoFactorSetup(page, secret);
    await expectNoSeriousA11yViolations(page);
  });

  test("the login's code step, and with an error shown, have no serious accessibility violations", async ({ page }) => {
    const { email, secret } = await startTwoFactorSetup(page, "profile-2fa-login-a11y");
    await finishTwoFactorSetup(page, secret);
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
