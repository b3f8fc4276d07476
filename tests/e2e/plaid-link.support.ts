/**
 * Plaid Link for the Plaid-mode specs (*.plaid.spec.ts, the "plaid" project's server: PLAID_ENV set, the sandbox bank
 * answering as Plaid's API). Only Plaid's browser script is replaced: Plaid Link itself (Plaid's iframe) cannot run
 * without Plaid, so `link-initialize.js` is served by a stand-in that does what Link does for a person who picks First
 * Platypus Bank and logs in: it receives the link token our server asked Plaid for (a new link's, or update mode's for a
 * login to renew), runs a Link session for it (the sandbox bank's JSON Link, standing in for Plaid's) and calls
 * onSuccess with that session's public token. Everything of ours runs for real: the island, the token actions, the
 * exchange (and its check that the public token came from this member's own Link session), the reconnection.
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { linkThroughSession } from "../../sandbox/plaid/link-client";

const PLAID_LINK_SCRIPT = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";
/** The plaid project's sandbox bank (playwright.config.ts PLAID_BANK_PORT). */
export const BANK_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 200}`;

/** Plaid's window.Plaid, reduced to what Link does for a person who links First Platypus Bank (through __completeLink). */
const STAND_IN = `
window.Plaid = {
  create: function (config) {
    window.__plaidLinkTokens = (window.__plaidLinkTokens || []).concat([config.token]);
    setTimeout(function () { if (config.onLoad) config.onLoad(); }, 0);
    return {
      open: function () {
        window.__plaidOpened = (window.__plaidOpened || 0) + 1;
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

/** Serve the stand-in for Plaid's script on this page (and the pages it navigates to). */
export async function standInForPlaidLink(page: Page) {
  await page.exposeFunction("__completeLink", async (linkToken: string) => {
    const linked = await linkThroughSession(BANK_URL, linkToken);
    if (!linked.ok) throw new Error(`the sandbox Link refused: ${linked.code}`);
    return linked;
  });
  await page.route(PLAID_LINK_SCRIPT, (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: STAND_IN }));
}

/** What the stand-in saw on the current page: how many times Link was opened, and the link tokens it was created with. */
export async function linkSeen(page: Page) {
  return page.evaluate(() => {
    const stand = window as unknown as { __plaidOpened?: number; __plaidLinkTokens?: string[] };
    return { opened: stand.__plaidOpened ?? 0, linkTokens: stand.__plaidLinkTokens ?? [] };
  });
}

/**
 * The page's "Connect Bank Account" once it is Plaid Link's button (`type="button"`, after hydration). Before hydration
 * the same words are the form that answers "JavaScript Required"; a click that lands there is the no-JS path, not Link
 * (money-flow.plaid's join clicked it in that moment, 2026-11-29, and waited for a redirect that Link never made).
 */
export async function plaidLinkButton(page: Page, name = "Connect Bank Account") {
  const button = page.getByRole("button", { name });
  await expect(button).toHaveAttribute("type", "button");
  return button;
}

/**
 * How long the first check after a click on Plaid Link's button waits: the Link token's request, the Link stand-in's
 * script, the exchange (or the reconnection) and the redirect with its toast, each a round trip to the server and the
 * bank double. 2-4 s on a quiet machine; one run beside three preparations of the previous release took over 15 s
 * (2026-11-30, money-flow.plaid's update mode). A passing check returns as soon as it holds (ADR 060).
 */
export const LINK_ROUND_TRIP = { timeout: 60_000 };
