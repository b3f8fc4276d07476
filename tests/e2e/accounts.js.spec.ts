import type { Cookie } from "@playwright/test";
import { DEMO, emailLinks, expect, expectNoSeriousA11yViolations, fixture, login, registerAndConfirm, test, uniqueEmail } from "./fixtures";

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

  // One test per page or step (issue 47: the five scans, the email round trip and the reset in one test took 27 s).
  test("the register page and, once registered and confirmed, the confirmation page have no serious accessibility violations", async ({ page }) => {
    const email = uniqueEmail("a11y");
    await page.goto("/register");
    await expectNoSeriousA11yViolations(page);
    await registerAndConfirm(page, { name: "Access Ible", email, password: "Secret123" });
    await expectNoSeriousA11yViolations(page);
  });

  test("the reset form from the email and its 'Password updated' page have no serious accessibility violations", async ({ page }) => {
    const email = uniqueEmail("a11y-reset");
    await fixture(page, "/members", { name: "Access Ible", email, password: "Secret123" });
    await page.goto("/login?mode=reset");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("The link expires in 1 hour.")).toBeVisible();
    const resetLink = (await emailLinks(page, email, "Reset your Rosca password")).find((href) => href.includes("/reset-password"))!;
    await page.goto(resetLink);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("New password", { exact: true }).fill("Another456");
    await page.getByLabel("Confirm new password").fill("Another456");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password updated");
    await expectNoSeriousA11yViolations(page);
  });

  test.describe("signed-in pages", () => {
    let cookies: Cookie[] = [];
    test.beforeAll(async ({ browser }, testInfo) => {
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      await login(await context.newPage(), DEMO.email, DEMO.password, { dashboard: false });
      cookies = await context.cookies();
      await context.close();
    });
    for (const path of ["/dashboard", "/dashboard?complete-profile=1", "/notifications", "/profile", "/profile/bank-accounts", "/dev/mailbox"]) {
      test(`${path} has no serious accessibility violations`, async ({ page, context }) => {
        await context.addCookies(cookies);
        await page.goto(path);
        await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
});

test("the profile-completion modal lists what is missing and leads to the profile form", async ({ page }) => {
  await login(page, DEMO.email, DEMO.password);
  await page.getByRole("link", { name: "See what's missing" }).click();
  const dialog = page.getByRole("dialog", { name: /Your profile is \d+% complete/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText(["Street address", "Date of birth"]);
  await dialog.getByRole("link", { name: "Complete Profile" }).click();
  await expect(page).toHaveURL(/\/profile\?edit=1$/);
});
