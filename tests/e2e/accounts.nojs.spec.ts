import { expect, test, uniqueEmail } from "./fixtures";

const PASSWORD = "Secret123";

// With JavaScript the Create Account button stays disabled until the terms are ticked; without it, the server's
// refusal is what the user meets.
test.describe("accounts without JavaScript", () => {
  test("the server refuses an unticked terms box", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Full name").fill("No Terms");
    await page.getByLabel("Email").fill(uniqueEmail("terms"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("You must agree to the Terms of Service and Privacy Policy")).toBeVisible();
  });
});
