/** The banner and the email page pass axe (the flow itself: email-bounce.spec.ts). */
import { expect, expectNoSeriousA11yViolations, registeredMember, test } from "./fixtures";

test("the undeliverable-email banner and /profile/email have no serious accessibility violations", async ({ page }) => {
  const email = `hardbounce+axe${Date.now()}${Math.random().toString(36).slice(2, 6)}@bounce-testing.postmarkapp.com`;
  await registeredMember(page, email, undefined, { dashboard: false });
  await expect(async () => {
    await page.goto("/dashboard");
    await expect(page.getByText(`We can't reach ${email}: update your email`)).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  await page.goto("/profile/email");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText("Email address is required")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
