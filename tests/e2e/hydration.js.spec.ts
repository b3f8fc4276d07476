/**
 * The e2e harness's own promise (fixtures.ts, `waitForHydrationOnLoads`): with JavaScript on, a document load returns
 * once React has hydrated the document, so a test's first click is React's. The app's entry module is held back here,
 * as a loaded machine holds it back, so that the document is parsed long before it hydrates.
 */
import type { Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";

const ENTRY_DELAY_MS = 1_500;

async function holdBackTheEntryModule(page: Page) {
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ENTRY_DELAY_MS));
    await route.continue();
  });
}

test.describe("a click right after a document load", () => {
  test("is React's once goto has returned, even when the app's modules arrive late", async ({ page }) => {
    await holdBackTheEntryModule(page);
    // DOMContentLoaded does not wait for React Router's module script (it is `async`): without the wait, goto would
    // return about 1.5 s before the page hydrates.
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Use demo account" }).click();
    // React's handler fills the form in; the no-JS path would have signed in at once.
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(DEMO.password);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("without the wait, the same click is the no-JS path (what the wait prevents)", async ({ page }) => {
    await holdBackTheEntryModule(page);
    // Playwright's own goto, not the fixture's: it returns at DOMContentLoaded, before React has hydrated.
    const playwrightGoto = Object.getPrototypeOf(page).goto as Page["goto"];
    await playwrightGoto.call(page, "/login", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Use demo account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${DEMO.name}`);
  });

  // Two tests (issue 47: one took 8.9 s at the machine's slow hours, four held-back loads of 1.5 s each).
  test("going back and forward wait too", async ({ page }) => {
    await page.goto("/register");
    await holdBackTheEntryModule(page);
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    await page.goBack({ waitUntil: "domcontentloaded" });
    await expect(page).toHaveURL(/\/register$/);
    await page.goForward({ waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Use demo account" }).click();
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.email);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("reload waits too", async ({ page }) => {
    await page.goto("/login");
    await holdBackTheEntryModule(page);
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Use demo account" }).click();
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.email);
    await expect(page).toHaveURL(/\/login$/);
  });
});
