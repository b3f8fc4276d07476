/**
 * Issue 31 in the browser, JavaScript on and off: a member whose address hard-bounces (Postmark's black hole domain at
 * the mail double, whose bounce webhook reaches the app over HTTP) sees "We can't reach <address>: update your email"
 * on the dashboard and the profile, follows it to /profile/email, changes the address with the link mailed to the new
 * one, and the banner is gone.
 */
import { emailLinks, expect, registeredMember, test, toasts, uniqueEmail } from "./fixtures";

test("a bounced address: the banner, the change of address, the banner gone", async ({ page, javaScript }) => {
  const email = `hardbounce+${javaScript ? "js" : "nojs"}${Date.now()}${Math.random().toString(36).slice(2, 6)}@bounce-testing.postmarkapp.com`;
  await registeredMember(page, email, undefined, { dashboard: false });
  const banner = page.getByText(`We can't reach ${email}: update your email`);
  // The bounce arrives by webhook, a moment after the email was accepted.
  await expect(async () => {
    await page.goto("/dashboard");
    await expect(banner).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  // Marked by the webhook ("bounced") or, if the welcome email got there first, by Postmark's 406 ("inactive").
  await expect(page.getByText(/came back undelivered\./)).toBeVisible();
  if (javaScript) {
    // A phone's width: the long address wraps instead of pushing the page sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  await page.goto("/profile");
  await expect(banner).toBeVisible();
  await expect(page.getByText("Email cannot be changed here.")).toBeVisible();
  await page.getByRole("link", { name: "Change your email address" }).first().click();
  await expect(page).toHaveURL(/\/profile\/email$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Email address");
  await expect(banner).toBeVisible();

  // Refused first: the current password is checked.
  const newEmail = uniqueEmail(javaScript ? "rebound-js" : "rebound-nojs");
  await page.getByLabel("New email address").fill(newEmail);
  await page.getByLabel("Current password").fill("NotMyPassword1");
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();
  await page.getByLabel("New email address").fill(newEmail);
  await page.getByLabel("Current password").fill("Secret123");
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(toasts(page)).toContainText("Check your new inbox");
  await expect(toasts(page)).toContainText(`We sent a confirmation link to ${newEmail}. Your email changes once you open it.`);
  await expect(page.getByText("Waiting for confirmation")).toBeVisible();
  if (javaScript) {
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // The link, from the member's own mailbox (the demo's inbox for the address they asked for).
  const link = (await emailLinks(page, newEmail, "Confirm your new email address")).find((href) => new URL(href).pathname === "/profile/email");
  expect(link, "a confirmation link").toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm new email address" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(toasts(page)).toContainText("Email Address Changed");
  await expect(toasts(page)).toContainText(`Your email address is now ${newEmail}.`);
  await expect(page.getByText(newEmail).first()).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Bo Unce");
  await expect(banner).toHaveCount(0);
  // The bell keeps what happened: the address could not be reached, then it was changed.
  await expect(page.getByText("We can't reach your email address").first()).toBeAttached();
  await expect(page.getByText("Your email address was changed").first()).toBeAttached();
});
