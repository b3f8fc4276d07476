import { expect, registeredMember, test, uniqueEmail } from "./fixtures";

test("members without sandbox access see the request card", async ({ page }) => {
  // Registered and confirmed through the set-up API (the forms are accounts.spec.ts'), signed in by login().
  await registeredMember(page, uniqueEmail("bank-noaccess"), "No Access", { dashboard: false });
  await page.goto("/profile/bank-accounts");
  await expect(page.getByRole("heading", { name: "Request sandbox access" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Link Bank Account" })).toHaveCount(0);
});
