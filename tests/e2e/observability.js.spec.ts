import { expect, test } from "./fixtures";

/** Issue 16: error reporting costs the pages nothing unless it is configured (ADR 014). */

test("without SENTRY_DSN the landing page loads no error-reporting code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // goto waits for "load": the client entry has run by then, and with a DSN it would have asked for the SDK's chunk.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.some((path) => /\/assets\/entry\.client-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.filter((path) => /sentry|error-reporting/i.test(path))).toEqual([]);
  expect(await page.locator('meta[name="sentry-dsn"]').count()).toBe(0);
});
