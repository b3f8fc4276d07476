import { DEMO, expect, test, toasts } from "./fixtures";

// Without JavaScript a toast never leaves on its own: it sits below the content's top and has a close control that
// works by CSS alone.
test("a toast without JavaScript stays clear of the page's heading and closes with its × control", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const toast = toasts(page).getByRole("status").filter({ hasText: "Login Successful" });
  await expect(toast).toBeVisible();
  // "Welcome!" if this is the demo account's first sign-in of the run, "Welcome back!" after.
  await expect(toast).toContainText(/Welcome(?: back)?!/);
  const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
  const box = await toast.boundingBox();
  // At the bottom of the window, not over the heading.
  expect(box!.y).toBeGreaterThan(heading!.y + heading!.height);
  expect(box!.y + box!.height).toBeGreaterThan((page.viewportSize()?.height ?? 0) - 40);

  // The close control is a checkbox named "Dismiss notification" drawn as ×; a click on the × hides the toast.
  await expect(toast.getByRole("checkbox", { name: "Dismiss notification" })).toHaveCount(1);
  await toast.locator("label").click();
  await expect(toast).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${DEMO.name}`);
});
