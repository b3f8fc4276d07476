import type { Page } from "@playwright/test";
import { ADMIN, DEMO, expect, login, logout, openEmail, registeredMember, test, toasts, uniqueEmail } from "./fixtures";

const PASSWORD = "Secret123";

async function register(page: Page, email: string, name: string) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function searchAdmin(page: Page, term: string) {
  await page.getByLabel("Search by email or name").fill(term);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?q=${encodeURIComponent(term).replace(/[.]/g, "\\.")}`));
}

function userRow(page: Page, email: string) {
  return page.getByRole("row").filter({ hasText: email });
}

test.describe("admin console", () => {
  test("guards: anonymous visitors log in first, members are turned away", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
    await expect(toasts(page)).toContainText("Authentication Required");

    await login(page, DEMO.email, DEMO.password, { dashboard: false });
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toasts(page)).toContainText("Access Denied");
    await expect(toasts(page)).toContainText("Administrator privileges required to access this page.");
  });

  test("grant and revoke sandbox access; the member's dashboard follows", async ({ page, javaScript }) => {
    // Five logins (argon2): generous on two shared cores. The member is registered and confirmed through the set-up API
    // (the forms are accounts.spec.ts'), signed in by login().
    test.setTimeout(60_000);
    const email = uniqueEmail(javaScript ? "grant-js" : "grant-nojs");
    await registeredMember(page, email, "Gus Grantee");
    await expect(page.getByText("Sandbox access granted")).toHaveCount(0);
    await logout(page);

    await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");
    await searchAdmin(page, email);
    const row = userRow(page, email);
    await expect(row).toContainText("Gus Grantee");
    await expect(row).toContainText("User");
    await expect(row).toContainText("Revoked");
    await row.getByRole("button", { name: /^Grant/ }).click();
    await expect(toasts(page)).toContainText("Sandbox access granted successfully");
    await expect(page).toHaveURL(/\/admin\?q=/);
    await expect(userRow(page, email)).toContainText("Granted");
    await expect(page.getByRole("region", { name: "Audit log" })).toContainText(`Avery Admin granted sandbox access to Gus Grantee (${email})`);
    await logout(page);

    await login(page, email, PASSWORD);
    await expect(page.getByText("Sandbox access granted", { exact: true })).toBeVisible();
    await logout(page);

    await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
    await page.goto(`/admin?${new URLSearchParams({ q: email })}`);
    await userRow(page, email)
      .getByRole("button", { name: /^Revoke/ })
      .click();
    await expect(toasts(page)).toContainText("Sandbox access revoked successfully");
    await expect(userRow(page, email)).toContainText("Revoked");
    await logout(page);

    await login(page, email, PASSWORD);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Gus Grantee");
    await expect(page.getByText("Sandbox access granted", { exact: true })).toHaveCount(0);
  });

  test("add user by email: invalid, already there, granted, invited", async ({ page, javaScript }) => {
    const existing = uniqueEmail(javaScript ? "add-existing-js" : "add-existing-nojs");
    await register(page, existing, "Ella Existing");

    await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
    await page.goto("/admin");
    const emailInput = page.getByLabel("Email address");
    const add = page.getByRole("button", { name: "Add User" });

    await add.click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await emailInput.fill("not-an-email");
    await add.click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();

    // Amina (seeded) already has sandbox access.
    await emailInput.fill("amina@rosca.example");
    await add.click();
    await expect(page.getByText("User already exists in the system")).toBeVisible();

    await page.getByLabel("Email address").fill(existing);
    await page.getByRole("button", { name: "Add User" }).click();
    await expect(toasts(page)).toContainText("User found and granted sandbox access!");
    await searchAdmin(page, existing);
    await expect(userRow(page, existing)).toContainText("Granted");

    const invitee = uniqueEmail(javaScript ? "invitee-js" : "invitee-nojs");
    await page.getByLabel("Email address").fill(invitee);
    await page.getByRole("button", { name: "Add User" }).click();
    await expect(toasts(page)).toContainText("Invitation email sent successfully!");

    const links = await openEmail(page, invitee, "Avery Admin invited you to Rosca");
    expect(links.some((href) => new URL(href).pathname === "/register")).toBe(true);
    // No account yet, so no name: a plain "Hi,", never the address's local part.
    const text = await page.getByRole("region", { name: "Text body" }).locator("pre").textContent();
    expect(text).toMatch(/^Hi,$/m);
    expect(text).not.toContain(invitee.split("@")[0]);
  });
});
