import { expect, login, test, toasts } from "./fixtures";
import { invitedMember, PASSWORD } from "./groups-join.support";
import { LINK_ROUND_TRIP, linkSeen, plaidLinkButton, standInForPlaidLink } from "./plaid-link.support";

/**
 * The join page with real Plaid configured: the island, the link-token action, the exchange and the join run for real;
 * only Plaid's own script is a stand-in (plaid-link.support.ts).
 */

test("an invitee without a bank links one through Plaid Link on the join page and joins", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const { groupId, groupName, inviteeEmail, joinLink, firstDueLong } = await invitedMember(page, baseURL, "plaid-join");
  await login(page, inviteeEmail, PASSWORD, { dashboard: false });
  await standInForPlaidLink(page);

  await page.goto(joinLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Join ${groupName}`);
  await page.getByRole("checkbox", { name: "I have read and agree to the terms above." }).check();
  await page.getByRole("button", { name: "Accept and Join" }).click();
  await expect(page.getByRole("heading", { name: "Link a bank account" })).toBeVisible();

  // With JavaScript the bank step is Plaid Link, not the form that answers "JavaScript Required".
  await (await plaidLinkButton(page)).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${groupId}$`), LINK_ROUND_TRIP);
  await expect(toasts(page)).toContainText("Successfully Joined");
  await expect(toasts(page)).toContainText(
    `Your first contribution of $100.00 would be due ${firstDueLong} if the group filled today: the schedule is fixed when the last member joins.`,
  );
  // Plaid Link was opened with the link token our server got from "Plaid" (the page was never reloaded on the way).
  const seen = await linkSeen(page);
  expect(seen.opened).toBe(1);
  expect(seen.linkTokens.at(-1)).toMatch(/^link-sandbox-/);
  await expect(page.getByRole("region", { name: "Group at a glance" })).toContainText("Members2 of 3 joined");

  // The linked bank is the one Plaid Link reported.
  await page.goto("/profile/bank-accounts");
  await expect(page.getByText("First Platypus Bank").first()).toBeVisible();
  await expect(toasts(page)).not.toContainText("JavaScript Required");
});
