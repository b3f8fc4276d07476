import { expect, test } from "./fixtures";

test("a landing page from the cache hydrates under the CSP and navigates without reloading", async ({ page }) => {
  const cspViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.request.get("/");
  const response = await page.goto("/");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  // React Router's client sets its route modules once it has hydrated; the scripts run only if their nonce is right.
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  // A marker on window survives only a client-side navigation, which needs the hydrated app.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.locator("footer").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(cspViolations).toEqual([]);
});
