import { ADMIN, expect, fixture, login, test, toasts, uniqueEmail } from "./fixtures";
import { invitedMember, PASSWORD } from "./groups-join.support";

// The join page with JavaScript on and off (axe in groups-join.js.spec.ts).

test("an invitee logs in from the invite link, accepts the terms, links a bank and joins", async ({ page, baseURL, javaScript }) => {
  test.setTimeout(150_000);
  const { groupId, groupName, inviteeEmail, joinLink, firstDueLong } = await invitedMember(page, baseURL, "join");

  // Not signed in: the login page, then back to the invitation.
  const joinPath = new URL(joinLink).pathname;
  await page.goto(joinLink);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(inviteeEmail);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${joinPath}$`));

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Join ${groupName}`);
  const details = page.getByRole("region", { name: "Invitation details" });
  const figure = (term: string) =>
    details
      .locator("div")
      .filter({ has: page.locator("dt", { hasText: term }) })
      .locator("dd")
      .first();
  await expect(figure("Group admin")).toHaveText("Bank Tester");
  await expect(figure("Members")).toHaveText("1 of 3 joined");
  await expect(figure("Contribution")).toHaveText("$100.00");
  await expect(details.getByText("Monthly on the 6th", { exact: true })).toBeVisible();
  await expect(figure("First payment due")).toHaveText(firstDueLong);
  await expect(figure("Your position")).toHaveText("Position 2 of 3");
  await expect(figure("Total payout")).toHaveText("$300.00");
  await expect(page.getByText("Contributions are debited automatically from your linked bank account on each due date.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Terms of joining" }).getByRole("listitem")).toHaveCount(4);

  // The terms must be ticked (checked in the browser with JavaScript, by the server without).
  await page.getByRole("button", { name: "Accept and Join" }).click();
  await expect(page.getByText("You must agree to the terms before joining")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "I have read and agree to the terms above." })).toHaveAttribute("aria-invalid", "true");

  await page.getByRole("checkbox", { name: "I have read and agree to the terms above." }).check();
  await page.getByRole("button", { name: "Accept and Join" }).click();

  // Step 2: no bank yet.
  await expect(page).toHaveURL(new RegExp(`${joinPath}\\?step=bank&terms=on$`));
  await expect(page.getByRole("heading", { name: "Link a bank account" })).toBeVisible();
  await expect(page.getByText("Step 2 of 2: Link a bank account")).toBeVisible();
  await page.getByRole("button", { name: "Connect Bank Account" }).click();

  if (javaScript) {
    // The Link modal; its exchange links the bank and joins in one step.
    await page.getByRole("dialog", { name: "Connect a bank" }).getByRole("button", { name: "First Platypus Bank" }).click();
    const bankLogin = page.getByRole("dialog", { name: "Log in to First Platypus Bank" });
    await bankLogin.getByLabel("Username").fill("user_good");
    await bankLogin.getByLabel("Password").fill("pass_good");
    await bankLogin.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("dialog", { name: "Choose accounts" }).getByRole("button", { name: "Continue" }).click();
  } else {
    // The sandbox bank's Link pages.
    await expect(page.getByRole("heading", { name: "Select your bank" })).toBeVisible();
    await page.getByRole("button", { name: "First Platypus Bank" }).click();
    await page.getByLabel("Username").fill("user_good");
    await page.getByLabel("Password").fill("pass_good");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\?step=bank&terms=on&.*link_token=/);
    await expect(page.getByRole("heading", { name: "Finish connecting First Platypus Bank" })).toBeVisible();
    await page.getByRole("button", { name: "Connect and Join" }).click();
  }

  await expect(page).toHaveURL(new RegExp(`/groups/${groupId}$`));
  await expect(toasts(page)).toContainText("Successfully Joined");
  // The group is still forming: the first due day is the one it would have if it filled today.
  await expect(toasts(page)).toContainText(
    `Your first contribution of $100.00 would be due ${firstDueLong} if the group filled today: the schedule is fixed when the last member joins.`,
  );

  // The invitation is used: following it again leads the member to the group.
  await page.goto(joinLink);
  await expect(page).toHaveURL(new RegExp(`/groups/${groupId}$`));
});

test("declining goes to the dashboard and the link stops working", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { groupName, inviteeEmail, joinLink } = await invitedMember(page, baseURL, "decline");
  await login(page, inviteeEmail, PASSWORD, { dashboard: false });
  await page.goto(joinLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Join ${groupName}`);
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page)).toContainText("Invitation declined");

  const response = await page.goto(joinLink);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid Invitation");
});

test("an unknown code shows 'Invalid Invitation' with a way back", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
  const response = await page.goto("/groups/join/this-code-does-not-exist-42");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid Invitation");
  await expect(page.getByText("The invitation link you followed is invalid or has expired.")).toBeVisible();
  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a user without sandbox access sees the warning and the request card, no details", async ({ page }) => {
  const email = uniqueEmail("join-noaccess");
  await fixture(page, "/members", { name: "Nora Noaccess", email, password: PASSWORD });
  await login(page, email, PASSWORD, { dashboard: false });
  const response = await page.goto("/groups/join/this-code-does-not-exist-43");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You are not authorized to join ROSCA groups in demo mode. Please authorize your bank account first.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Request sandbox access" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept and Join" })).toHaveCount(0);
});
