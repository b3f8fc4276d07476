import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, login, logout, test, uniqueEmail } from "./fixtures";

const PASSWORD = "Secret123";
const CONFIRM_SUBJECT = "Confirm your email address for Rosca";

/**
 * axe on the message page, minus the message's own HTML: axe cannot run inside a frame sandboxed without
 * allow-scripts (it waits for it forever), and the email's markup is the template's business, not the page's.
 */
async function expectNoSeriousA11yViolationsOutsideFrame(page: Page) {
  const results = await new AxeBuilder({ page }).exclude("iframe").options({ iframes: false }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help}`);
  expect(serious, "serious or critical axe violations").toEqual([]);
}

/** Register through the form so the app itself sends the confirmation email into the mail double. */
async function registerAndWaitForEmail(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Mailbox Tester");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function filterByRecipient(page: Page, email: string) {
  await page.goto("/dev/mailbox");
  await page.getByLabel("Recipient email address").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`/dev/mailbox\\?to=${encodeURIComponent(email).replaceAll(".", "\\.")}$`));
}

test.describe("dev mailbox", () => {
  test("lists messages, filters by recipient (a plain GET form) and shows the empty state", async ({ page, javaScript }) => {
    const email = uniqueEmail("mailbox-list");
    await registerAndWaitForEmail(page, email);

    await filterByRecipient(page, email);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mailbox");
    const rows = page.getByRole("table").locator("tbody tr");
    // Confirmation and welcome, newest (welcome) first.
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("Welcome to Rosca");
    await expect(rows.nth(1)).toContainText(CONFIRM_SUBJECT);
    await expect(rows.nth(0)).toContainText(email);
    // axe runs as a script in the page: only where scripts run.
    if (javaScript) await expectNoSeriousA11yViolations(page);

    await filterByRecipient(page, uniqueEmail("mailbox-nobody"));
    await expect(page.getByRole("status")).toContainText("No messages to");
    await page.getByRole("link", { name: "Show all" }).click();
    await expect(page).toHaveURL(/\/dev\/mailbox$/);
  });

  test("shows a message with its links, and a link in the HTML body opens in the top window", async ({ page, javaScript }) => {
    const email = uniqueEmail("mailbox-view");
    await registerAndWaitForEmail(page, email);
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
    });

    await filterByRecipient(page, email);
    await page.getByRole("link", { name: CONFIRM_SUBJECT }).click();
    await expect(page).toHaveURL(/\/dev\/mailbox\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CONFIRM_SUBJECT);
    await expect(page.getByText(email, { exact: true })).toBeVisible();

    const listed = page.locator("section[aria-labelledby='links-heading'] a");
    await expect(listed).toHaveCount(1);
    const confirmHref = await listed.first().getAttribute("href");
    expect(confirmHref).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/confirm\?id=[0-9a-f-]{36}&token=\S+$/);

    await expect(page.locator("section[aria-labelledby='text-heading'] pre")).toContainText(`Confirm email address: ${confirmHref}`);
    if (javaScript) await expectNoSeriousA11yViolationsOutsideFrame(page);

    // The HTML body renders inside the sandboxed frame under the app's CSP, and its button navigates the top window.
    const frame = page.frameLocator("iframe[title^='HTML body']");
    const button = frame.getByRole("link", { name: "Confirm email address" });
    await expect(button).toBeVisible();
    await button.click();
    await expect(page).toHaveURL(confirmHref!);
    expect(cspViolations).toEqual([]);
  });

  test("an unknown or malformed message id is a 404 page", async ({ page }) => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-message"]) {
      const response = await page.goto(`/dev/mailbox/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message Not Found");
      await expect(page.getByRole("link", { name: "Back to mailbox" })).toHaveAttribute("href", "/dev/mailbox");
    }
  });

  test("shows each browser only its own mail: a reset link reaches the person who asked from their browser, no one else", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("mailbox-scope");
    await registerAndWaitForEmail(page, email);

    // Someone else's browser asks for a reset of that account, and is told what everyone is told.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto("/login?mode=reset");
    await strangerPage.getByLabel("Email").fill(email);
    await strangerPage.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(strangerPage.getByText("The link expires in 1 hour.")).toBeVisible();
    // Their mailbox shows nothing at all, and the reset email's address does not open it.
    await strangerPage.goto(`/dev/mailbox?${new URLSearchParams({ to: email })}`);
    await expect(strangerPage.getByRole("status")).toContainText("Nothing to show in this browser yet");
    await expect(strangerPage.getByRole("table")).toHaveCount(0);

    // The account's own browser sees the reset email (it created the account here) and can open it.
    await filterByRecipient(page, email);
    await expect(page.getByText(`Showing email to ${email}: accounts created or signed in to in this browser.`)).toBeVisible();
    await page.getByRole("link", { name: "Reset your Rosca password" }).click();
    await expect(page).toHaveURL(/\/dev\/mailbox\/[0-9a-f-]{36}$/);
    const messageUrl = page.url();
    await expect(page.locator("section[aria-labelledby='links-heading'] a").first()).toHaveAttribute("href", /\/reset-password\?access_token=/);

    // The same URL in the stranger's browser is a 404, signed out or signed in as someone else.
    const response = await strangerPage.goto(messageUrl);
    expect(response?.status()).toBe(404);
    await expect(strangerPage.getByRole("heading", { level: 1 })).toHaveText("Message Not Found");
    await login(strangerPage, "amina@rosca.example", "MemberPass2026", { dashboard: false });
    expect((await strangerPage.goto(messageUrl))?.status()).toBe(404);
    await logout(strangerPage);
    await stranger.close();
  });
});
