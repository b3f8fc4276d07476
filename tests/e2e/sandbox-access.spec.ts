import { ADMIN, emailLinks, expect, login, logout, registeredMember, test, toasts, uniqueEmail } from "./fixtures";

const PASSWORD = "Secret123";

test("request sandbox access, an admin grants it, the member is notified in-app and by email", async ({ page, javaScript }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail(javaScript ? "sandbox-js" : "sandbox-nojs");
  // Registered and confirmed through the set-up API (the forms are accounts.spec.ts'), signed in by login().
  await registeredMember(page, email, "Nadia Rahman");

  // Not authorised: the request card, not the link-bank card.
  await expect(page.getByRole("heading", { name: "Request sandbox access" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Link your bank account" })).toHaveCount(0);
  await page.getByRole("button", { name: "Request Sandbox Access" }).click();
  await expect(toasts(page)).toContainText("Request Sent");
  await expect(page.getByText("Request received — we review requests within 24 hours.")).toBeVisible();
  await logout(page);

  await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
  await page.goto("/admin");
  const pending = page.locator("section[aria-labelledby='pending-title']");
  await expect(pending).toContainText(email);
  await pending.getByRole("button", { name: `Grant sandbox access to ${email}` }).click();
  await expect(toasts(page)).toContainText("Sandbox access granted successfully");
  await expect(pending).not.toContainText(email);
  await logout(page);

  await login(page, email, PASSWORD);
  await expect(page.getByRole("heading", { name: "Link your bank account" })).toBeVisible();
  // The bell counts the unread notification; opening it marks it read and follows its link.
  const bell = page.locator("summary[aria-label^='Notifications']");
  await expect(bell).toHaveAttribute("aria-label", "Notifications, 1 unread");
  await bell.click();
  await page.getByRole("button", { name: /Sandbox access granted/ }).click();
  await expect(page).toHaveURL(/\/profile\/bank-accounts$/);
  await expect(page.locator("summary[aria-label^='Notifications']")).toHaveAttribute("aria-label", "Notifications, none unread");

  const links = await emailLinks(page, email, "Sandbox access granted on Rosca");
  expect(links.some((href) => href.endsWith("/profile/bank-accounts"))).toBe(true);
});
