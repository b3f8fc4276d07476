import { DEMO, expect, login, logout, test } from "./fixtures";

/** Issue 32 in the browser, with JavaScript on and off. */

test("after logging out, Back does not show a signed-in page from the browser's cache", async ({ page }) => {
  await login(page, DEMO.email, DEMO.password, { dashboard: false });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile Information" })).toBeVisible();
  await logout(page);
  await page.goBack();
  // The page is asked for again (nothing was stored), and the server sends the visitor to log in.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  await expect(page.getByRole("heading", { name: "Profile Information" })).toHaveCount(0);
});
