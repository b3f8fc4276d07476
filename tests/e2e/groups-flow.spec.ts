import type { Page } from "@playwright/test";
import { plannedDates } from "../../app/domain/payment-dates";
import {
  emailLinks,
  expect,
  expectNoSeriousA11yViolations,
  grantSandboxAccess,
  login,
  logout,
  registerAndConfirm,
  sandboxMember,
  test,
  toasts,
  uniqueEmail,
} from "./fixtures";

/**
 * Issue 5's whole flow, with JavaScript on and off: a sandbox member creates a 3-member weekly group in the wizard and
 * invites two people by email; both read their invitation in the mailbox and join (one has linked a bank already, the
 * other links one on the way); the last join starts the group; the group page and the dashboard show the figures the
 * rules give.
 */

const PASSWORD = "Secret123";
const longDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" });
const fullDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "full" });

/** The first Friday on or after today in New York (the group's time zone), and the two after it. */
function fridays() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  const first = new Date(`${today}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() + ((5 - first.getUTCDay() + 7) % 7));
  return [0, 7, 14].map((days) => new Date(first.getTime() + days * 86_400_000));
}

async function registerWithSandboxAccess(page: Page, name: string, email: string) {
  await registerAndConfirm(page, { name, email, password: PASSWORD });
  await grantSandboxAccess(page, email);
  await login(page, email, PASSWORD, { dashboard: false });
}

/** Link First Platypus Bank: the Link modal with JavaScript, the bank's own Link pages without. */
async function linkBank(page: Page, javaScript: boolean, finishButton: string) {
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
  await page.getByRole("button", { name: finishButton }).click();
}

async function acceptInvitation(page: Page, joinLink: string, groupName: string) {
  await page.goto(joinLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Join ${groupName}`);
  await page.getByRole("checkbox", { name: "I have read and agree to the terms above." }).check();
  await page.getByRole("button", { name: "Accept and Join" }).click();
}

/**
 * The journey in four tests, one person's part each (ADR 060: no e2e test over 10 s): they run in order in one worker
 * and share the group through the variables below; a part that fails skips the parts after it.
 */
test.describe("create a 3-member group, invite two people, both join (one links a bank on the way), and it starts", () => {
  test.describe.configure({ mode: "serial" });
  // Each part takes 4-7 s alone on a quiet machine; a loaded one makes it slower, not red (ADR 060).
  test.describe.configure({ timeout: 120_000 });
  const groupName = `Flow Circle ${Math.random().toString(36).slice(2, 7)}`;
  const [first, second, third] = fridays() as [Date, Date, Date];
  const inviteeA = uniqueEmail("flow-a");
  const inviteeB = uniqueEmail("flow-b");
  let creatorEmail = "";
  let groupPath = "";

  test("the creator, a sandbox member, makes the group in the wizard and invites two people by email", async ({ page, javaScript }) => {
    creatorEmail = await sandboxMember(page, "flow-creator", { dashboard: false });
    await page.goto("/groups/create");
    await page.getByLabel("Group name").fill(groupName);
    await page.getByLabel("Number of members").selectOption("3");
    await page.getByLabel("Contribution amount (US dollars)").fill("50");
    await page.getByLabel("Payment frequency").selectOption("weekly");
    await page.getByLabel("Day of week").selectOption("5");
    if (!javaScript) await page.getByRole("button", { name: "Update summary" }).click();
    await expect(page.getByTestId("schedule-line")).toHaveText("Every Friday");
    await expect(page.getByTestId("summary-payout")).toHaveText("$150.00");
    await page.getByRole("button", { name: "Next: Invite Members" }).click();
    await page.getByLabel("Member 2 email").fill(inviteeA);
    await page.getByLabel("Member 3 email").fill(inviteeB);
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toasts(page)).toContainText("Group Created Successfully!");
    await logout(page);
  });

  test("invitee A links a bank first (Bank Accounts), then joins from the invitation email: no bank step", async ({ page, javaScript }) => {
    await registerWithSandboxAccess(page, "Ada Early", inviteeA);
    await page.goto("/profile/bank-accounts");
    await page.getByRole("button", { name: "Link Bank Account" }).click();
    await linkBank(page, javaScript, "Connect Accounts");
    await expect(toasts(page)).toContainText("Bank Account Connected!");
    const linksA = await emailLinks(page, inviteeA, `Bank Tester invited you to join ${groupName}`);
    await acceptInvitation(page, linksA.find((href) => href.includes("/groups/join/"))!, groupName);
    await expect(page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
    await expect(toasts(page)).toContainText("Successfully Joined");
    await expect(toasts(page)).toContainText(
      `Your first contribution of $50.00 would be due ${longDay.format(first)} if the group filled today: the schedule is fixed when the last member joins.`,
    );
    groupPath = new URL(page.url()).pathname;
    await expect(page.getByRole("region", { name: "Group at a glance" })).toContainText("Members2 of 3 joined");
    await logout(page);
  });

  test("invitee B has no bank: accepting leads to step 2, linking there joins, and the group starts", async ({ page, javaScript }) => {
    await registerWithSandboxAccess(page, "Ben Late", inviteeB);
    const linksB = await emailLinks(page, inviteeB, `Bank Tester invited you to join ${groupName}`);
    await acceptInvitation(page, linksB.find((href) => href.includes("/groups/join/"))!, groupName);
    await expect(page.getByRole("heading", { name: "Link a bank account" })).toBeVisible();
    await page.getByRole("button", { name: "Connect Bank Account" }).click();
    await linkBank(page, javaScript, "Connect and Join");
    await expect(page).toHaveURL(new RegExp(`${groupPath}$`));
    await expect(toasts(page)).toContainText("Successfully Joined");
    await logout(page);
  });

  test("the creator: everyone was told (in-app and by email), and the group page and the dashboard show the started group", async ({
    page,
    javaScript,
  }) => {
    // Signed in first: the demo mailbox shows a browser the mail of the accounts created or signed in to there (ADR 016),
    // and this test's browser is new.
    await login(page, creatorEmail, PASSWORD, { dashboard: false });
    const started = await emailLinks(page, creatorEmail, `${groupName} has started: your first contribution is due ${fullDay.format(first)}`);
    expect(started.some((href) => href.endsWith(groupPath))).toBe(true);
    await page.goto(groupPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(groupName);
    const glance = page.getByRole("region", { name: "Group at a glance" });
    await expect(glance).toContainText("Members3 members");
    await expect(glance).toContainText(`Next contribution${longDay.format(first)}`);
    await expect(glance).toContainText("Contribution$50.00Every Friday");
    // The payout's day: expected in the creator's bank, from the due day on the ACH calendar (ADR 040). When the first
    // due day is today and the worker has already run it, the creator (who has no bank linked) is asked for it instead,
    // and the card shows the due day and what the payout waits for.
    const arrival = plannedDates(1, first.toISOString().slice(0, 10)).arrival!.day;
    const expected = `RecipientYouExpected in your bank${longDay.format(new Date(`${arrival}T00:00:00Z`))}Amount$150.00`;
    const waiting = "RecipientYouPayoutNot sent yetAmount$150.00Next contribution due todayYour contribution waits for you";
    const isToday = first.toISOString().slice(0, 10) === new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    const card = page.getByRole("region", { name: "Next Payout", exact: true });
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(card).toContainText(isToday ? new RegExp(`${literal(expected)}|${literal(waiting)}`) : expected);
    await expect(page.getByRole("textbox", { name: "Invite link" })).toHaveCount(0);
    const rows = page.getByRole("table", { name: "Payout schedule", exact: true }).locator("tbody tr");
    await expect(rows).toHaveCount(3);
    // A turn's dates are a list (due, collected, sent, arrival): its first item is the due day.
    const table = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.querySelector("li")?.textContent ?? td.textContent ?? "").trim())),
    );
    const medium = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
    expect(table.map((cells) => [cells[0], cells[2], cells[3], cells[4]])).toEqual([
      ["1", `Due ${medium.format(first)}`, "$150.00", "Pending"],
      ["2", `Due ${medium.format(second)}`, "$150.00", "Pending"],
      ["3", `Due ${medium.format(third)}`, "$150.00", "Pending"],
    ]);
    expect(table.map((cells) => cells[1])).toEqual([
      expect.stringContaining("Bank Tester"),
      expect.stringContaining("Ada Early"),
      expect.stringContaining("Ben Late"),
    ]);
    await expect(page.locator("footer").filter({ hasText: "Start date" })).toContainText(
      `Start date${longDay.format(first)}End date${longDay.format(third)}`,
    );
    if (javaScript) await expectNoSeriousA11yViolations(page);

    // The dashboard: one active group, its next contribution, and the creator's own payout (first in the order).
    await page.goto("/dashboard");
    const stats = page.getByRole("region", { name: "Your savings at a glance" });
    await expect(stats).toContainText("Active groups1");
    await expect(stats).toContainText(`Next contribution${longDay.format(first)}`);
    await expect(stats).toContainText(`Next payout$150.00Expected in your bank ${longDay.format(new Date(`${arrival}T00:00:00Z`))}`);
    const activity = page.getByRole("region", { name: "Recent activity", exact: true });
    await expect(activity).toContainText(`Ben Late joined ${groupName}`);
    await expect(activity).toContainText(`Ada Early joined ${groupName}`);
    if (javaScript) await expectNoSeriousA11yViolations(page);
  });
});
