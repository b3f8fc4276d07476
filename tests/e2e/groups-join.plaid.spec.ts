import { expect, login, test, toasts } from "./fixtures";
import { linkThroughSession } from "../../sandbox/plaid/link-client";
import { invitedMember, PASSWORD } from "./groups-join.support";

/**
 * The join page with real Plaid configured (the "plaid" project's server: PLAID_ENV set, the sandbox bank answering
 * as Plaid's API). Only Plaid's browser script is replaced: Plaid Link itself (Plaid's iframe) cannot run without
 * Plaid, so `link-initialize.js` is served by a stand-in that does what Link does for a person who picks First
 * Platypus Bank and logs in: it receives the link token our server asked Plaid for, runs a Link session for it (the
 * sandbox bank's JSON Link, standing in for Plaid's) and calls onSuccess with that session's public token. Everything of
 * ours runs for real: the island, the link-token action, the exchange (and its check that the public token came from
 * this member's own Link session), the join.
 */

const PLAID_LINK_SCRIPT = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";
const BANK_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 200}`;

/**
 * Plaid's window.Plaid, reduced to what Link does for a person who links First Platypus Bank: a Link session for the
 * link token our server gave the page (run by the sandbox bank's JSON Link, through window.__completeLink below), then
 * onSuccess with that session's public token, the only kind our server exchanges (ADR 038).
 */
function linkStandIn() {
  return `
window.Plaid = {
  create: function (config) {
    window.__plaidLinkToken = config.token;
    setTimeout(function () { if (config.onLoad) config.onLoad(); }, 0);
    return {
      open: function () {
        window.__plaidOpened = true;
        window.__completeLink(config.token).then(function (linked) {
          config.onSuccess(linked.publicToken, {
            institution: linked.institution,
            accounts: [],
            link_session_id: linked.linkSessionId,
          });
        });
      },
      exit: function () {},
      submit: function () {},
      destroy: function () {},
    };
  },
};`;
}

test("an invitee without a bank links one through Plaid Link on the join page and joins", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const { groupId, groupName, inviteeEmail, joinLink, firstDueLong } = await invitedMember(page, baseURL, "plaid-join");
  await login(page, inviteeEmail, PASSWORD);
  await page.exposeFunction("__completeLink", async (linkToken: string) => {
    const linked = await linkThroughSession(BANK_URL, linkToken);
    if (!linked.ok) throw new Error(`the sandbox Link refused: ${linked.code}`);
    return linked;
  });
  await page.route(PLAID_LINK_SCRIPT, (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: linkStandIn() }));

  await page.goto(joinLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Join ${groupName}`);
  await page.getByRole("checkbox", { name: "I have read and agree to the terms above." }).check();
  await page.getByRole("button", { name: "Accept and Join" }).click();
  await expect(page.getByRole("heading", { name: "Link a bank account" })).toBeVisible();

  // With JavaScript the bank step is Plaid Link, not the form that answers "JavaScript Required".
  await page.getByRole("button", { name: "Connect Bank Account" }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${groupId}$`));
  await expect(toasts(page)).toContainText("Successfully Joined");
  await expect(toasts(page)).toContainText(`Your first contribution of $100.00 is due ${firstDueLong}.`);
  // Plaid Link was opened with the link token our server got from "Plaid" (the page was never reloaded on the way).
  const seen = await page.evaluate(() => {
    const stand = window as unknown as { __plaidOpened?: boolean; __plaidLinkToken?: string };
    return { opened: stand.__plaidOpened, linkToken: stand.__plaidLinkToken };
  });
  expect(seen.opened).toBe(true);
  expect(seen.linkToken).toMatch(/^link-sandbox-/);
  await expect(page.getByRole("region", { name: "Group at a glance" })).toContainText("Members2 of 3 joined");

  // The linked bank is the one Plaid Link reported.
  await page.goto("/profile/bank-accounts");
  await expect(page.getByText("First Platypus Bank").first()).toBeVisible();
  await expect(toasts(page)).not.toContainText("JavaScript Required");
});
