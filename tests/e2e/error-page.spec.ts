import type { Page } from "@playwright/test";
import { ADMIN, expect, login, test } from "./fixtures";

/**
 * Issue 33: an error page keeps the signed-in layout (the header with the user's menu, not "Log In") and names the
 * status as HTTP does: "400 Bad Request", not "400 Internal Server Error".
 */

/** A form on this origin (so the host's Origin check lets it through) posting `fields` to `action`: a plain HTML form. */
async function postMalformed(page: Page, action: string, fields: Record<string, string>, enctype = "application/x-www-form-urlencoded") {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join("");
  await page.route("**/__malformed-form", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><form method="post" action="${action}" enctype="${enctype}">${inputs}<button>Send</button></form>`,
    }),
  );
  await page.goto("/__malformed-form");
  await page.getByRole("button", { name: "Send" }).click();
}

test("a malformed admin form post: '400 Bad Request' under the signed-in header", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
  await postMalformed(page, "/admin", { intent: "grant", userId: "not-a-uuid" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
  await expect(page.getByText("400 Bad Request", { exact: true })).toBeVisible();
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);
  // Signed in: the header has the user's menu and no "Log In" link.
  const header = page.locator("header").first();
  await expect(header.getByText(ADMIN.name).first()).toBeAttached();
  await expect(header.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
});

test("a form the server cannot read: '415 Unsupported Media Type', under the header of whoever sent it", async ({ page }) => {
  // A form sent as text/plain: the host refuses the body before any page code runs.
  await postMalformed(page, "/contact", { topic: "General" }, "text/plain");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
  await expect(page.getByText("415 Unsupported Media Type", { exact: true })).toBeVisible();
  await expect(page.locator("header").first().getByRole("link", { name: "Login", exact: true }).first()).toBeAttached();

  await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
  await postMalformed(page, "/contact", { topic: "General" }, "text/plain");
  await expect(page.getByText("415 Unsupported Media Type", { exact: true })).toBeVisible();
  await expect(page.locator("header").first().getByText(ADMIN.name).first()).toBeAttached();
  await expect(page.locator("header").first().getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
});
