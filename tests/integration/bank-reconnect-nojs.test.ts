/**
 * Reconnecting a bank whose login stopped working, without JavaScript (issue 30, ADR 037): the bank-accounts page's
 * form sends the member to the sandbox bank's own Link pages in update mode (plain HTML forms), the bank sends them
 * back, the page asks them to confirm, and the item works again with the same access token. The sandbox bank's HTML
 * is driven here as a browser without JavaScript would (form posts, 303s).
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const route = await import("../../app/routes/profile.bank-accounts");
const { call, get, post } = await import("../support/routes");
const { sessionJarFor, toastTitles } = await import("../support/users");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { applyItemWebhook } = await import("../../app/server/bank/item-webhooks.server");
const { decryptSecret } = await import("../../app/server/platform/crypto.server");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const { bankItems } = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");

/** A hidden input's value in the sandbox bank's HTML. */
function hidden(html: string, name: string) {
  const match = html.match(new RegExp(`name="${name}" value="([^"]+)"`));
  if (!match) throw new Error(`no ${name} in: ${html.slice(0, 500)}`);
  return match[1]!;
}

async function postForm(url: string, fields: Array<[string, string]>) {
  return fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
}

describe("reconnecting without JavaScript", () => {
  it("start-reconnect → the bank's update-mode pages → back to the page → Confirm reconnection: the item works again", async () => {
    const member = await money.bankedMember("Ines");
    const [item] = await db().select().from(bankItems).where(eq(bankItems.userId, member.id));
    const accessToken = decryptSecret(item!.accessTokenEncrypted);
    // The bank says the login stopped working (what Plaid's ITEM_LOGIN_REQUIRED webhook tells us).
    expect((await plaidCall((api) => api.sandboxItemResetLogin({ access_token: accessToken }))).ok).toBe(true);
    await applyItemWebhook({
      webhook_type: "ITEM",
      webhook_code: "ERROR",
      item_id: item!.providerItemId,
      error: { error_code: "ITEM_LOGIN_REQUIRED" },
    });
    const [broken] = await db().select().from(bankItems).where(eq(bankItems.id, item!.id));
    expect(broken!.loginRequiredAt).not.toBeNull();
    const jar = await sessionJarFor(member.id);

    const start = await call(route.action, post("/profile/bank-accounts", { intent: "start-reconnect", itemId: item!.id }, jar));
    expect(start.status).toBe(302);
    const linkUrl = new URL(start.location!);
    expect(`${linkUrl.origin}${linkUrl.pathname}`).toBe(`${process.env.PLAID_SANDBOX_URL}/link`);
    const redirectUri = linkUrl.searchParams.get("redirect_uri")!;
    expect(redirectUri).toBe(`http://localhost:3000/profile/bank-accounts?reconnect=${item!.id}`);

    // Update mode offers the item's own bank only.
    const first = await (await fetch(linkUrl)).text();
    expect(first).toContain('value="ins_109508">First Platypus Bank</button>');
    const token = hidden(first, "token");
    const credentials = await postForm(`${process.env.PLAID_SANDBOX_URL}/link/credentials`, [
      ["token", token],
      ["institution_id", "ins_109508"],
    ]);
    const sessionId = hidden(await credentials.text(), "link_session_id");
    const login = await postForm(`${process.env.PLAID_SANDBOX_URL}/link/login`, [
      ["link_session_id", sessionId],
      ["institution_id", "ins_109508"],
      ["username", "user_good"],
      ["password", "pass_good"],
    ]);
    const account = (await login.text()).match(/name="account_id" value="([^"]+)"/)![1]!;
    const select = await postForm(`${process.env.PLAID_SANDBOX_URL}/link/select`, [
      ["link_session_id", sessionId],
      ["account_id", account],
    ]);
    expect(select.status).toBe(303);
    const back = new URL(select.headers.get("location")!);
    expect(back.searchParams.get("reconnect")).toBe(item!.id);
    expect(back.searchParams.get("public_token")).toMatch(/^public-sandbox-/);

    // Back on the page: it asks the member to confirm (a form post, no JavaScript).
    const page = await call(route.loader, get(`${back.pathname}${back.search}`, jar));
    expect(page.data.reconnected).toEqual({ itemId: item!.id, institutionName: "First Platypus Bank" });
    const confirmed = await call(route.action, post("/profile/bank-accounts", { intent: "reconnected", itemId: item!.id }, jar));
    expect(confirmed).toMatchObject({ status: 302, location: "/profile/bank-accounts" });
    expect(await toastTitles(confirmed.setCookies)).toEqual(["Bank reconnected"]);
    const [repaired] = await db().select().from(bankItems).where(eq(bankItems.id, item!.id));
    expect(repaired!.loginRequiredAt).toBeNull();
    // The same access token works at the bank again.
    expect((await plaidCall((api) => api.accountsGet({ access_token: accessToken }))).ok).toBe(true);
  });

  it("refuses another member's item, and says so", async () => {
    const owner = await money.bankedMember("Owner");
    const [item] = await db().select().from(bankItems).where(eq(bankItems.userId, owner.id));
    const stranger = await money.bankedMember("Stranger");
    const jar = await sessionJarFor(stranger.id);
    const start = await call(route.action, post("/profile/bank-accounts", { intent: "start-reconnect", itemId: item!.id }, jar));
    expect(start).toMatchObject({ status: 302, location: "/profile/bank-accounts" });
    expect(await toastTitles(start.setCookies)).toEqual(["Linking Failed"]);
    const confirm = await call(route.action, post("/profile/bank-accounts", { intent: "reconnected", itemId: item!.id }, jar));
    expect(await toastTitles(confirm.setCookies)).toEqual(["Not reconnected yet"]);
  });
});
