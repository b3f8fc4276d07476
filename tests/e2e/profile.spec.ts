import { generateTOTP } from "@epic-web/totp";
import type { Page } from "@playwright/test";
import { expect, fixture, login, logout, test, toasts, uniqueEmail } from "./fixtures";

const PASSWORD = "Secret123";

async function newSignedInUser(page: Page, prefix: string, name = "Layla Haddad") {
  const email = uniqueEmail(prefix);
  await fixture(page, "/members", { name, email, password: PASSWORD });
  await login(page, email, PASSWORD, { dashboard: false });
  return email;
}

async function totp(secret: string) {
  return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
}

test.describe("profile", () => {
  test("edit the profile: validation, save, date of birth locked, cancel", async ({ page, javaScript }) => {
    const email = await newSignedInUser(page, javaScript ? "profile-js" : "profile-nojs");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile Information");
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText("Email cannot be changed")).toBeVisible();
    // Name and email of 8 fields.
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expect(page.getByText("Not Connected")).toBeVisible();

    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByLabel("Display name")).toHaveValue("Layla Haddad");
    await page.getByLabel("Phone").fill("555-0142");
    await page.getByLabel("ZIP/Postal code").fill("1234");
    await page.getByLabel("Date of birth").fill("2015-06-01");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Please enter a valid US phone number, e.g. (313) 555-0142")).toBeVisible();
    await expect(page.getByText("Please enter a valid ZIP code: 5 digits (12345) or ZIP+4 (12345-6789)")).toBeVisible();
    await expect(page.getByText("You must be at least 18 years old to use Rosca.")).toBeVisible();

    await page.getByLabel("Display name").fill("Layla H. Haddad");
    await page.getByLabel("Phone").fill("313.555.0142");
    await page.getByLabel("Street address").fill("12 Elm St");
    await page.getByLabel("City").fill("Dearborn");
    await page.getByLabel("State/Province").fill("Michigan");
    await page.getByLabel("ZIP/Postal code").fill("48126");
    await page.getByLabel("Date of birth").fill("1990-04-02");
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(toasts(page)).toContainText("Profile Updated");
    await expect(toasts(page)).toContainText("Your profile information has been saved successfully.");
    await expect(page.getByText("(313) 555-0142")).toBeVisible();
    await expect(page.getByText("MI", { exact: true })).toBeVisible();
    await expect(page.getByText("April 2, 1990")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");

    // Date of birth is now read-only; Cancel leaves without saving.
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByText("Date of birth cannot be changed once set")).toBeVisible();
    await expect(page.getByLabel("Date of birth")).toHaveCount(0);
    await page.getByLabel("City").fill("Detroit");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("Dearborn")).toBeVisible();
  });

  test("notification preferences are saved", async ({ page, javaScript }) => {
    await newSignedInUser(page, javaScript ? "prefs-js" : "prefs-nojs");
    await page.goto("/profile/notifications");
    await expect(page.getByLabel("Contribution reminders")).toBeChecked();
    await expect(page.getByLabel("Payout notifications")).toBeChecked();
    await expect(page.getByLabel("New group invitations")).not.toBeChecked();
    await expect(page.getByLabel("Weekly summary")).not.toBeChecked();
    await expect(page.getByLabel("Urgent account notifications")).toBeChecked();
    await expect(page.getByLabel("Daily reminders")).not.toBeChecked();

    await page.getByLabel("Contribution reminders").uncheck();
    await page.getByLabel("Weekly summary").check();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toasts(page)).toContainText("Preferences Saved");
    await page.reload();
    await expect(page.getByLabel("Contribution reminders")).not.toBeChecked();
    await expect(page.getByLabel("Weekly summary")).toBeChecked();
  });

  test("two-factor authentication: enable, log in with a code, disable", async ({ page, javaScript }) => {
    const email = await newSignedInUser(page, javaScript ? "totp-js" : "totp-nojs");
    await page.goto("/profile/security");
    await page.getByRole("button", { name: "Enable Two-Factor Authentication" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();

    await page.getByLabel("6-digit code").fill("000000" === (await totp(secret)) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify and Enable" }).click();
    await expect(page.getByText("Invalid MFA code")).toBeVisible();
    await page.getByLabel("6-digit code").fill(await totp(secret));
    await page.getByRole("button", { name: "Verify and Enable" }).click();
    await expect(toasts(page)).toContainText("Two-Factor Authentication Enabled");

    await logout(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?step=2fa$/);
    await page.getByLabel("Authentication code").fill(await totp(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toasts(page)).toContainText("Login Successful");

    await page.goto("/profile/security");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Disable Two-Factor Authentication" }).click();
    await expect(toasts(page)).toContainText("Two-Factor Authentication Disabled");
    await expect(page.getByRole("button", { name: "Enable Two-Factor Authentication" })).toBeVisible();
  });

  test("security toggles and this device in the sessions list", async ({ page, javaScript }) => {
    await newSignedInUser(page, javaScript ? "sec-js" : "sec-nojs");
    await page.goto("/profile/security");
    await expect(page.getByText("This device")).toBeVisible();
    const alerts = page.getByLabel("Email me when someone signs in to my account");
    await expect(alerts).not.toBeChecked();
    await alerts.check();
    await alerts.locator("xpath=ancestor::form").getByRole("button", { name: "Save" }).click();
    await expect(toasts(page)).toContainText("Login Notifications Saved");
    await expect(page.getByLabel("Email me when someone signs in to my account")).toBeChecked();

    const visible = page.getByLabel("Allow other members to see my profile");
    await expect(visible).toBeChecked();
    await visible.uncheck();
    await visible.locator("xpath=ancestor::form").getByRole("button", { name: "Save" }).click();
    await expect(toasts(page)).toContainText("Privacy Saved");
    await expect(page.getByLabel("Allow other members to see my profile")).not.toBeChecked();
  });
});
