/**
 * Issue 33: without JavaScript, the sandbox bank's Link pages let the member leave at every step: Exit on "Select your
 * bank", on the bank's login and on "Select accounts" each lands back on the page that opened Link with SPEC.md's
 * "Bank Linking Cancelled" (it once landed on the bank's own host: "Link cannot continue / MISSING_FIELDS:
 * link_session_id"). From /profile/bank-accounts and from a join page's bank step alike.
 */
import type { Page } from "@playwright/test";
import { bankedMember, expect, login, sandboxMember, test, uniqueEmail } from "./fixtures";

const CANCELLED = "You closed the bank connection before it finished.";

/** Open Link from the page (its button), go forward `steps` steps into it, then press Exit. */
async function exitLinkAfter(page: Page, open: () => Promise<void>, steps: 0 | 1 | 2) {
  await open();
  await expect(page.getByRole("heading", { name: "Select your bank" })).toBeVisible();
  if (steps >= 1) {
    await page.getByRole("button", { name: "First Platypus Bank" }).click();
    await expect(page.getByRole("heading", { name: "Log in to First Platypus Bank" })).toBeVisible();
  }
  if (steps >= 2) {
    await page.getByLabel("Username").fill("user_good");
    await page.getByLabel("Password").fill("pass_good");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("heading", { name: "Select accounts at First Platypus Bank" })).toBeVisible();
  }
  await page.getByRole("button", { name: "Exit" }).click();
}

async function expectCancelled(page: Page, path: RegExp) {
  await expect(page).toHaveURL(path);
  const alert = page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: "Bank Linking Cancelled" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(CANCELLED);
  await expect(page.getByText("Link cannot continue")).toHaveCount(0);
}

test("Exit at every Link step goes back to /profile/bank-accounts with 'Bank Linking Cancelled'", async ({ page }) => {
  test.setTimeout(90_000);
  await sandboxMember(page, "link-exit-profile", { dashboard: false });
  const open = async () => {
    await page.goto("/profile/bank-accounts");
    await page.getByRole("button", { name: "Link Bank Account" }).click();
  };
  for (const steps of [0, 1, 2] as const) {
    await exitLinkAfter(page, open, steps);
    await expectCancelled(page, /\/profile\/bank-accounts\?status=exit/);
    // Nothing was linked.
    await expect(page.getByRole("heading", { name: "No Bank Accounts Found" })).toBeVisible();
  }
});

test("Exit at every Link step goes back to the join page's bank step with 'Bank Linking Cancelled'", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // A group by a member with a bank; the invitee has sandbox access and no bank yet.
  const creator = await bankedMember(page, "link-exit-creator", "Cora Creator");
  await login(page, creator, "Secret123", { dashboard: false });
  const created = await page.request.post("/api/groups/create", {
    data: {
      name: `Exit Circle ${Math.random().toString(36).slice(2, 7)}`,
      memberCount: 3,
      contributionAmount: 100,
      payoutSchedule: "fixed",
      frequency: "monthly",
      dayOfMonth: 6,
      startDate: new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 3, 1)).toISOString().slice(0, 10),
      memberEmails: [uniqueEmail("link-exit-nobody")],
    },
    headers: { Origin: baseURL ?? "" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/groups/${id}`);
  const inviteUrl = await page.getByRole("textbox", { name: "Invite link" }).inputValue();
  const joinPath = new URL(inviteUrl).pathname;
  await page.context().clearCookies();

  await sandboxMember(page, "link-exit-joiner", { dashboard: false });
  const open = async () => {
    await page.goto(joinPath);
    await page.getByRole("checkbox", { name: "I have read and agree to the terms above." }).check();
    await page.getByRole("button", { name: "Accept and Join" }).click();
    await expect(page.getByRole("heading", { name: "Link a bank account" })).toBeVisible();
    await page.getByRole("button", { name: "Connect Bank Account" }).click();
  };
  const back = new RegExp(`${joinPath}\\?step=bank&terms=on&status=exit`);
  for (const steps of [0, 1, 2] as const) {
    await exitLinkAfter(page, open, steps);
    await expectCancelled(page, back);
    // Still on the bank step, free to try again.
    await expect(page.getByRole("button", { name: "Connect Bank Account" })).toBeVisible();
  }
});
