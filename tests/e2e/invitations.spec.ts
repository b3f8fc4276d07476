import type { Browser, Page } from "@playwright/test";
import { ADMIN, emailLinks, expect, grantSandboxAccess, login, openEmail, sandboxMember, test, toasts, uniqueEmail } from "./fixtures";

/**
 * Issue 14's path for real people, with JavaScript on and off, in one go:
 * - the wizard shows the setup fee before anyone commits and says exactly what became of the invitations
 *   (a newcomer emailed, a member notified in the app, no email to a member who did not ask for one);
 * - the group page offers the invite link in ways that need no JavaScript (a read-only field, Email and Text links);
 * - the newcomer follows the invitation while logged out, registers, confirms from the email and logs in, and lands
 *   back on the invitation; accepts it from their invitations inbox and joins after linking a bank;
 * - the member declines from their inbox (a plain form post);
 * - the creator sees what became of each invitation.
 */

const PASSWORD = "Secret123";
const FEE = "$5.00 one-time setup fee, the same for every member and position";
const LENA = { email: "lena@rosca.example", password: "MemberPass2026" };

async function newPage(browser: Browser, baseURL: string | undefined, javaScript: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  return context.newPage();
}

/** Link First Platypus Bank: the Link modal with JavaScript, the bank's own Link pages without. */
async function linkBank(page: Page, javaScript: boolean) {
  if (javaScript) {
    await page.getByRole("dialog", { name: "Connect a bank" }).getByRole("button", { name: "First Platypus Bank" }).click();
    const bankLogin = page.getByRole("dialog", { name: "Log in to First Platypus Bank" });
    await bankLogin.getByLabel("Username").fill("user_good");
    await bankLogin.getByLabel("Password").fill("pass_good");
    await bankLogin.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("dialog", { name: "Choose accounts" }).getByRole("button", { name: "Continue" }).click();
    return;
  }
  await expect(page.getByRole("heading", { name: "Select your bank" })).toBeVisible();
  await page.getByRole("button", { name: "First Platypus Bank" }).click();
  await page.getByLabel("Username").fill("user_good");
  await page.getByLabel("Password").fill("pass_good");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Connect and Join" }).click();
}

/**
 * The path in four tests, one person's part each (ADR 060: no e2e test over 10 s): they run in order in one worker and
 * share the group through the variables below; a part that fails skips the parts after it.
 */
test.describe("invite → register → confirm → log in → back to the invitation → join; a member declines; every step says what happened", () => {
  test.describe.configure({ mode: "serial" });
  // Each part takes 2-5 s alone on a quiet machine; a loaded one makes it slower, not red (ADR 060).
  test.describe.configure({ timeout: 120_000 });
  const groupName = `Invite Circle ${Math.random().toString(36).slice(2, 7)}`;
  const newcomer = uniqueEmail("newcomer");
  const newcomerPattern = newcomer.replaceAll(".", "\\.");
  let creatorEmail = "";
  let groupPath = "";

  test("the creator's wizard shows the fee and says what became of the invitations; the group page offers the invite link", async ({
    page,
    javaScript,
  }) => {
    // The creator's wizard: the fee on the review step, and the truth about the invitations after.
    creatorEmail = await sandboxMember(page, javaScript ? "inviter-js" : "inviter-nojs", { dashboard: false });
    await page.goto("/groups/create");
    await page.getByLabel("Group name").fill(groupName);
    await page.getByLabel("Number of members").selectOption("4");
    await page.getByLabel("Contribution amount (US dollars)").fill("50");
    await page.getByLabel("Payment frequency").selectOption("weekly");
    await page.getByLabel("Day of week").selectOption("5");
    await page.getByRole("button", { name: "Next: Invite Members" }).click();
    await expect(page.getByTestId("setup-fee")).toHaveText(
      `${FEE}. It is charged once, together with each member's first contribution that goes through (never before it); there is no other fee, and no interest.`,
    );
    await page.getByLabel("Member 2 email").fill(newcomer);
    await page.getByLabel("Member 3 email").fill(LENA.email);
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toasts(page)).toContainText(`Your group "${groupName}" has been created. 1 invitation emailed, 1 member notified in the app.`);

    // The group page: the invite link without JavaScript (field, email, text) and with it (Copy Link).
    await page.goto("/groups");
    await page
      .getByRole("link", { name: new RegExp(groupName) })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(groupName);
    groupPath = new URL(page.url()).pathname;
    const field = page.getByRole("textbox", { name: "Invite link" });
    const inviteUrl = await field.inputValue();
    expect(inviteUrl).toMatch(/\/groups\/join\/[A-Za-z0-9_-]{22}$/);
    await expect(field).toHaveAttribute("readonly", "");
    await expect(page.getByRole("link", { name: "Email the link" })).toHaveAttribute(
      "href",
      `mailto:?subject=${encodeURIComponent(`Join my savings group ${groupName} on Rosca`)}&body=${encodeURIComponent(
        `I'd like you to join ${groupName}, our rotating savings group on Rosca: everyone contributes the same amount on a schedule and each of us takes a turn receiving the whole pot, interest-free.\n\nJoin here: ${inviteUrl}`,
      )}`,
    );
    await expect(page.getByRole("link", { name: "Text the link" })).toHaveAttribute(
      "href",
      `sms:?&body=${encodeURIComponent(`Join my savings group ${groupName} on Rosca: ${inviteUrl}`)}`,
    );
    if (javaScript) {
      await expect(page.getByRole("button", { name: "Copy Link" })).toBeVisible();
      await field.focus();
      expect(await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, inviteUrl.length]);
    } else {
      await expect(page.getByRole("button", { name: "Copy Link" })).toHaveCount(0);
    }
    const sent = page.getByRole("region", { name: "Invitations sent" });
    await expect(sent.getByTestId("sent-invitation")).toHaveText([
      /^lena@rosca\.examplePending · expires /,
      new RegExp(`^${newcomerPattern}Pending · expires `),
    ]);
  });

  test("the newcomer follows the emailed invitation logged out, registers, confirms, logs in, lands back on it, and joins from the inbox", async ({
    browser,
    baseURL,
    javaScript,
  }) => {
    // The newcomer: the invitation email states the fee; following it logged out leads to log in, then sign up.
    // (Their inbox is read through the site admin's mailbox: the demo mailbox shows a browser only its own mail, and the
    // newcomer's browser has not given any address yet.)
    const inbox = await newPage(browser, baseURL, javaScript);
    await login(inbox, ADMIN.email, ADMIN.password, { dashboard: false });
    const links = await openEmail(inbox, newcomer, `Bank Tester invited you to join ${groupName}`);
    await expect(inbox.locator("section[aria-labelledby='text-heading'] pre")).toContainText(`Setup fee: ${FEE}`);
    await inbox.context().close();
    const invitee = await newPage(browser, baseURL, javaScript);
    const joinLink = links.find((href) => href.includes("/groups/join/"))!;
    const joinPath = new URL(joinLink).pathname;
    await invitee.goto(joinLink);
    await expect(invitee).toHaveURL(`/login?${new URLSearchParams({ redirectTo: joinPath })}`);
    await expect(invitee.getByRole("status").filter({ hasText: "You have an invitation" })).toContainText(
      "Log in, or create an account if you are new to Rosca, and we'll take you straight to the group that invited you.",
    );
    await invitee.getByRole("link", { name: "Create an account" }).click();
    await expect(invitee).toHaveURL(`/register?${new URLSearchParams({ redirectTo: joinPath })}`);
    await invitee.getByLabel("Full name").fill("Nia Newcomer");
    await invitee.getByLabel("Email").fill(newcomer);
    await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await invitee.getByLabel("Confirm password").fill(PASSWORD);
    await invitee.getByRole("checkbox").check();
    await invitee.getByRole("button", { name: "Create Account" }).click();
    await expect(toasts(invitee)).toContainText("Please check your email to confirm your account.");

    // The confirmation link carries the invitation through /auth-success to the login.
    const confirmLink = (await emailLinks(invitee, newcomer, "Confirm your email address")).find((href) => href.includes("/auth/confirm"))!;
    expect(new URL(confirmLink).searchParams.get("redirectTo")).toBe(joinPath);
    await invitee.goto(confirmLink);
    await invitee.getByRole("button", { name: "Confirm Email" }).click();
    await expect(invitee).toHaveURL(`/auth-success?${new URLSearchParams({ redirectTo: joinPath })}`);
    await expect(invitee.getByRole("main")).toContainText("Thanks for confirming your email address. Log in and we'll take you to your invitation.");

    // Joining needs sandbox access (SPEC.md section 6): an admin grants it meanwhile ("Add User"; admin.spec.ts drives the page).
    await grantSandboxAccess(invitee, newcomer);

    await invitee.getByRole("link", { name: "Log In", exact: true }).click();
    await invitee.getByLabel("Email").fill(newcomer);
    await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await invitee.getByRole("button", { name: "Log In", exact: true }).click();
    await expect(invitee).toHaveURL(joinPath);
    await expect(invitee.getByRole("heading", { level: 1 })).toHaveText(`Join ${groupName}`);
    await expect(invitee.getByTestId("setup-fee")).toHaveText(FEE);

    // The inbox: everything needed to decide, and Accept as a plain post (terms ticked); no bank yet → the bank step.
    await invitee.goto("/invitations");
    const card = invitee.getByRole("article", { name: groupName });
    await expect(card).toContainText("Invited by Bank Tester");
    await expect(card).toContainText("Contribution$50.00 · Every Friday");
    await expect(card).toContainText("FrequencyWeekly");
    await expect(card).toContainText("Members1 of 4 joined");
    await expect(card).toContainText("Payout per turn$200.00");
    await expect(card).toContainText(`Setup fee${FEE}`);
    await card.getByRole("button", { name: "Accept" }).click();
    await expect(invitee.getByRole("article", { name: groupName }).getByText("You must agree to the terms before joining")).toBeVisible();
    await invitee
      .getByRole("article", { name: groupName })
      .getByRole("checkbox", { name: `I have read and agree to the terms of joining ${groupName}.` })
      .check();
    await invitee.getByRole("article", { name: groupName }).getByRole("button", { name: "Accept" }).click();
    await expect(invitee.getByRole("heading", { name: "Link a bank account" })).toBeVisible();
    await invitee.getByRole("button", { name: "Connect Bank Account" }).click();
    await linkBank(invitee, javaScript);
    await expect(invitee).toHaveURL(groupPath);
    await expect(toasts(invitee)).toContainText("Successfully Joined");
  });

  test("the member is notified in the app, not by email, and declines from the inbox", async ({ browser, baseURL, javaScript }) => {
    // The member: notified in the app, no email (invitation emails are off by default); declines from the inbox.
    const lena = await newPage(browser, baseURL, javaScript);
    await login(lena, LENA.email, LENA.password);
    const pending = lena.getByRole("region", { name: /^Pending invitations/ });
    await expect(pending.getByRole("article", { name: groupName })).toBeVisible();
    await lena.goto("/notifications");
    await expect(lena.getByRole("main")).toContainText(`Bank Tester invited you to ${groupName}`);
    await lena.goto(`/dev/mailbox?${new URLSearchParams({ to: LENA.email })}`);
    await expect(lena.getByRole("link", { name: `Bank Tester invited you to join ${groupName}` })).toHaveCount(0);
    await lena.goto("/invitations");
    await lena.getByRole("article", { name: groupName }).getByRole("button", { name: "Decline" }).click();
    await expect(lena).toHaveURL(/\/invitations$/);
    await expect(toasts(lena)).toContainText(`You declined the invitation to ${groupName}.`);
    await expect(lena.getByRole("article", { name: groupName })).toHaveCount(0);
  });

  test("the creator sees what became of each invitation", async ({ page }) => {
    await login(page, creatorEmail, PASSWORD);
    const sent = page.getByRole("region", { name: "Invitations sent" });
    await page.goto(groupPath);
    await expect(page.getByRole("region", { name: "Group at a glance" })).toContainText("Members2 of 4 joined");
    await expect(sent.getByTestId("sent-invitation")).toHaveText([/^lena@rosca\.exampleDeclined$/, new RegExp(`^${newcomerPattern}Joined$`)]);
  });
});
