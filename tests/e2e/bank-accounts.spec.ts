import { expect, login, registerAndConfirm, test, uniqueEmail } from "./fixtures";

const PASSWORD = "Secret123";

test("members without sandbox access see the request card", async ({ page }) => {
  const email = uniqueEmail("bank-noaccess");
  await registerAndConfirm(page, { name: "No Access", email, password: PASSWORD });
  await login(page, email, PASSWORD);
  await page.goto("/profile/bank-accounts");
  await expect(page.getByRole("heading", { name: "Request sandbox access" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Link Bank Account" })).toHaveCount(0);
});
