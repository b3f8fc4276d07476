/**
 * The sandbox Link UI: the HTML flow with plain form posts (what a browser without JavaScript does), and the same
 * flow as JSON. Both end in a public token the app exchanges through the plaid SDK.
 */
import { Configuration, CountryCode, PlaidApi, Products } from "plaid";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { startBankSandbox, type BankSandbox } from "./server";
import { authorizationRequest, invalidField, linkItem, plaidError, rejection, sdk, webhookReceiver } from "./testing";

const APP = "http://localhost:3000";
const REDIRECT_URI = `${APP}/bank/linked`;

let sandbox: BankSandbox;
let client: PlaidApi;
let databaseUrl: string;
let hooks: Awaited<ReturnType<typeof webhookReceiver>>;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  hooks = await webhookReceiver();
  sandbox = await startBankSandbox({ databaseUrl, linkCorsOrigins: [APP], webhookBatchMs: 20 });
  client = new PlaidApi(
    new Configuration({
      basePath: sandbox.url,
      baseOptions: { headers: { "PLAID-CLIENT-ID": "sandbox-client-id", "PLAID-SECRET": "sandbox-secret" } },
    }),
  );
});

afterAll(async () => {
  await sandbox?.stop();
  await hooks?.close();
});

async function linkToken(redirectUri: string | null = REDIRECT_URI) {
  const { data } = await client.linkTokenCreate({
    client_name: "Rosca",
    language: "en",
    country_codes: [CountryCode.Us],
    user: { client_user_id: "user-1" },
    products: [Products.Auth, Products.Transfer],
    redirect_uri: redirectUri ?? undefined,
  });
  return data.link_token;
}

/** A form post as a browser sends it; redirects are not followed so the Location can be asserted. */
function postForm(path: string, fields: Array<[string, string]>) {
  return fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** The value of a hidden input in a page. */
function hiddenValue(html: string, name: string) {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  if (!match) throw new Error(`no hidden ${name} in page`);
  return match[1]!;
}

function checkboxValues(html: string) {
  return [...html.matchAll(/<input type="checkbox" name="account_id" value="([^"]*)" checked>/g)].map((match) => match[1]!);
}

async function toCredentials(institutionId = "ins_109508") {
  const token = await linkToken();
  const start = await fetch(`${sandbox.url}/link?token=${encodeURIComponent(token)}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
  expect(start.status).toBe(200);
  const credentials = await postForm("/link/credentials", [
    ["token", hiddenValue(await start.text(), "token")],
    ["institution_id", institutionId],
  ]);
  expect(credentials.status).toBe(200);
  const html = await credentials.text();
  return { token, linkSessionId: hiddenValue(html, "link_session_id"), html };
}

describe("HTML Link flow (no JavaScript)", () => {
  it("goes institution → credentials → accounts → redirect with a public token the app can exchange", async () => {
    const token = await linkToken();
    const start = await fetch(`${sandbox.url}/link?token=${encodeURIComponent(token)}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    expect(start.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(start.headers.get("content-security-policy")).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${APP}; frame-ancestors ${APP}; base-uri 'none'`,
    );
    const startHtml = await start.text();
    expect(startHtml).not.toContain("<script");
    expect(startHtml).toContain('<button type="submit" name="institution_id" value="ins_109508">First Platypus Bank</button>');
    expect(startHtml).toContain('<button type="submit" name="institution_id" value="ins_109509">First Gingham Credit Union</button>');
    expect(startHtml).toContain('<button type="submit" name="institution_id" value="ins_109511">Tartan Bank</button>');

    const credentials = await postForm("/link/credentials", [
      ["token", token],
      ["institution_id", "ins_109511"],
    ]);
    const credentialsHtml = await credentials.text();
    expect(credentialsHtml).toContain("<h1>Log in to Tartan Bank</h1>");
    const linkSessionId = hiddenValue(credentialsHtml, "link_session_id");

    const login = await postForm("/link/login", [
      ["link_session_id", linkSessionId],
      ["institution_id", "ins_109511"],
      ["username", "user_good"],
      ["password", "pass_good"],
    ]);
    expect(login.status).toBe(200);
    const accountsHtml = await login.text();
    const accountIds = checkboxValues(accountsHtml);
    expect(accountIds).toHaveLength(2);
    expect(accountsHtml).toContain("Plaid Checking ••0000 (checking)");
    expect(accountsHtml).toContain("Plaid Saving ••1111 (savings)");

    // Share the checking account only.
    const select = await postForm("/link/select", [
      ["link_session_id", linkSessionId],
      ["account_id", accountIds[0]!],
    ]);
    expect(select.status).toBe(303);
    const location = new URL(select.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get("institution_id")).toBe("ins_109511");
    expect(location.searchParams.get("institution_name")).toBe("Tartan Bank");
    expect(location.searchParams.get("link_session_id")).toBe(linkSessionId);
    expect(JSON.parse(location.searchParams.get("accounts")!)).toEqual([
      { id: accountIds[0], name: "Plaid Checking", mask: "0000", type: "depository", subtype: "checking" },
    ]);
    // The Link token the pages ran with, which the app's exchange names (ADR 049).
    expect(location.searchParams.get("link_token")).toMatch(/^link-sandbox-/);

    const { data: exchanged } = await client.itemPublicTokenExchange({ public_token: location.searchParams.get("public_token")! });
    const { data: accounts } = await client.accountsGet({ access_token: exchanged.access_token });
    expect(accounts.accounts.map((account) => [account.account_id, account.mask])).toEqual([[accountIds[0], "0000"]]);
    expect(accounts.item.institution_id).toBe("ins_109511");

    // The session is finished: posting the last step again does not issue a second public token.
    const again = await postForm("/link/select", [
      ["link_session_id", linkSessionId],
      ["account_id", accountIds[0]!],
    ]);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("INVALID_LINK_SESSION: link session is already completed");
  });

  it("refuses a redirect_uri other than the link token's (no open redirect)", async () => {
    const token = await linkToken();
    const response = await fetch(
      `${sandbox.url}/link?token=${encodeURIComponent(token)}&redirect_uri=${encodeURIComponent("https://evil.example/")}`,
      {
        redirect: "manual",
      },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("INVALID_FIELD: redirect_uri does not match the link token&#39;s redirect_uri");
  });

  it("refuses a link token created without a redirect_uri, and an unknown token", async () => {
    const token = await linkToken(null);
    const response = await fetch(`${sandbox.url}/link?token=${encodeURIComponent(token)}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "INVALID_FIELD: this link token has no redirect_uri; create it with redirect_uri to use the hosted Link UI",
    );
    const unknown = await fetch(`${sandbox.url}/link?token=link-sandbox-nope&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("INVALID_LINK_TOKEN: provided link token is in an invalid format or does not exist");
  });

  it("asks again after wrong credentials", async () => {
    const { linkSessionId } = await toCredentials();
    const login = await postForm("/link/login", [
      ["link_session_id", linkSessionId],
      ["institution_id", "ins_109508"],
      ["username", "user_good"],
      ["password", "typo"],
    ]);
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain('<p class="error" role="alert">The provided credentials were not correct. Please try again.</p>');
    expect(hiddenValue(html, "link_session_id")).toBe(linkSessionId);
  });

  it("logs in user_custom with a JSON configuration as the password (a plain form post) and links its accounts", async () => {
    const { linkSessionId, html } = await toCredentials();
    expect(html).toContain("user_custom with a JSON configuration as the password");
    const config = {
      override_accounts: [
        { type: "depository", subtype: "checking", starting_balance: 5000, meta: { name: "Household <Checking>", mask: "9876" } },
        { type: "depository", subtype: "savings", starting_balance: 10.05 },
      ],
    };
    const login = await postForm("/link/login", [
      ["link_session_id", linkSessionId],
      ["institution_id", "ins_109508"],
      ["username", "user_custom"],
      ["password", JSON.stringify(config)],
    ]);
    expect(login.status).toBe(200);
    const accountsHtml = await login.text();
    const accountIds = checkboxValues(accountsHtml);
    expect(accountIds).toHaveLength(2);
    expect(accountsHtml).toContain("Household &lt;Checking&gt; ••9876 (checking)");
    expect(accountsHtml).toContain("Plaid Saving ••0001 (savings)");

    const select = await postForm("/link/select", [
      ["link_session_id", linkSessionId],
      ...accountIds.map((id): [string, string] => ["account_id", id]),
    ]);
    expect(select.status).toBe(303);
    const location = new URL(select.headers.get("location")!);
    expect(JSON.parse(location.searchParams.get("accounts")!)).toEqual([
      { id: accountIds[0], name: "Household <Checking>", mask: "9876", type: "depository", subtype: "checking" },
      { id: accountIds[1], name: "Plaid Saving", mask: "0001", type: "depository", subtype: "savings" },
    ]);
    const { data: exchanged } = await client.itemPublicTokenExchange({ public_token: location.searchParams.get("public_token")! });
    const { data: balances } = await client.accountsBalanceGet({ access_token: exchanged.access_token });
    expect(balances.accounts.map((account) => [account.name, account.balances.available, account.balances.current])).toEqual([
      ["Household <Checking>", 5000, 5000],
      ["Plaid Saving", 10.05, 10.05],
    ]);
  });

  it("asks again after a user_custom password that is not JSON or not supported", async () => {
    const { linkSessionId } = await toCredentials();
    for (const password of ['{"override_accounts":[', '{"override_accounts":[{"type":"loan","subtype":"student"}]}']) {
      const login = await postForm("/link/login", [
        ["link_session_id", linkSessionId],
        ["institution_id", "ins_109508"],
        ["username", "user_custom"],
        ["password", password],
      ]);
      expect(login.status).toBe(200);
      const html = await login.text();
      expect(html).toContain('<p class="error" role="alert">The provided credentials were not correct. Please try again.</p>');
      expect(hiddenValue(html, "link_session_id")).toBe(linkSessionId);
    }
  });

  it("exits to the redirect_uri with the error of an error_<CODE> password", async () => {
    const { linkSessionId } = await toCredentials();
    const login = await postForm("/link/login", [
      ["link_session_id", linkSessionId],
      ["institution_id", "ins_109508"],
      ["username", "user_good"],
      ["password", "error_ITEM_LOCKED"],
    ]);
    expect(login.status).toBe(303);
    const location = new URL(login.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      status: "exit",
      error_type: "ITEM_ERROR",
      error_code: "ITEM_LOCKED",
      error_message: "the account is locked. prompt the user to visit the institution's site and unlock their account",
      link_session_id: linkSessionId,
    });
  });

  it("exits from the first page (Select your bank) back to the app, as Link's onExit", async () => {
    const token = await linkToken();
    const start = await fetch(`${sandbox.url}/link?token=${encodeURIComponent(token)}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    const html = await start.text();
    expect(html).toContain('<form method="post" action="/link/exit"><input type="hidden" name="token"');
    const exit = await postForm("/link/exit", [["token", hiddenValue(html, "token")]]);
    expect(exit.status).toBe(303);
    expect(exit.headers.get("location")).toBe(`${REDIRECT_URI}?status=exit`);
    // An unknown token still never redirects anywhere.
    const unknown = await postForm("/link/exit", [["token", "link-sandbox-nope"]]);
    expect([unknown.status, unknown.headers.get("location")]).toEqual([400, null]);
  });

  it("exits without an error when the user leaves", async () => {
    const { linkSessionId } = await toCredentials();
    const exit = await postForm("/link/exit", [["link_session_id", linkSessionId]]);
    expect(exit.status).toBe(303);
    expect(exit.headers.get("location")).toBe(`${REDIRECT_URI}?status=exit&link_session_id=${linkSessionId}`);
  });

  it("re-asks when no account is selected", async () => {
    const { linkSessionId } = await toCredentials();
    await postForm("/link/login", [
      ["link_session_id", linkSessionId],
      ["institution_id", "ins_109508"],
      ["username", "user_good"],
      ["password", "pass_good"],
    ]);
    const select = await postForm("/link/select", [["link_session_id", linkSessionId]]);
    expect(select.status).toBe(200);
    const html = await select.text();
    expect(html).toContain('<p class="error" role="alert">Select at least one account.</p>');
    expect(checkboxValues(html)).toHaveLength(2);
  });
});

describe("JSON Link flow", () => {
  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${sandbox.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  it("returns { public_token, metadata } like Plaid Link's onSuccess", async () => {
    const token = await linkToken();
    const started = await post("/link/session/institutions", { link_token: token });
    expect(started.status).toBe(200);
    expect(started.body.institutions).toEqual([
      { institution_id: "ins_109508", name: "First Platypus Bank" },
      { institution_id: "ins_109509", name: "First Gingham Credit Union" },
      { institution_id: "ins_109511", name: "Tartan Bank" },
    ]);
    const linkSessionId = started.body.link_session_id;

    const failed = await post("/link/session/login", {
      link_session_id: linkSessionId,
      institution_id: "ins_109509",
      username: "user_good",
      password: "error_INVALID_CREDENTIALS",
    });
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({
      error_type: "ITEM_ERROR",
      error_code: "INVALID_CREDENTIALS",
      display_message: "The provided credentials were not correct. Please try again.",
    });

    const login = await post("/link/session/login", {
      link_session_id: linkSessionId,
      institution_id: "ins_109509",
      username: "user_good",
      password: "pass_good",
    });
    expect(login.status).toBe(200);
    expect(login.body.institution).toEqual({ institution_id: "ins_109509", name: "First Gingham Credit Union" });
    expect(login.body.accounts.map((account: { mask: string }) => account.mask)).toEqual(["0000", "1111"]);

    const ids = login.body.accounts.map((account: { id: string }) => account.id);
    const selected = await post("/link/session/select", { link_session_id: linkSessionId, account_ids: ids });
    expect(selected.status).toBe(200);
    expect(selected.body.public_token).toMatch(/^public-sandbox-/);
    expect(selected.body.metadata).toEqual({
      institution: { institution_id: "ins_109509", name: "First Gingham Credit Union" },
      accounts: login.body.accounts,
      link_session_id: linkSessionId,
    });
    const { data } = await client.itemPublicTokenExchange({ public_token: selected.body.public_token });
    expect(data.item_id).toMatch(/^[A-Za-z0-9]{37}$/);

    const twice = await post("/link/session/select", { link_session_id: linkSessionId, account_ids: ids });
    expect(twice.status).toBe(400);
    expect(twice.body.error_code).toBe("INVALID_LINK_SESSION");
  });

  it("logs in user_custom with a JSON configuration, and answers a bad one with INVALID_CREDENTIALS", async () => {
    const started = await post("/link/session/institutions", { link_token: await linkToken() });
    const linkSessionId = started.body.link_session_id;
    const bad = await post("/link/session/login", {
      link_session_id: linkSessionId,
      institution_id: "ins_109508",
      username: "user_custom",
      password: "{}",
    });
    expect(bad.status).toBe(400);
    const { request_id: _, ...badBody } = bad.body;
    expect(badBody).toEqual({
      error_type: "ITEM_ERROR",
      error_code: "INVALID_CREDENTIALS",
      error_message: "the provided credentials were not correct",
      display_message: "The provided credentials were not correct. Please try again.",
      causes: [],
      documentation_url: "https://plaid.com/docs/errors/",
      suggested_action: null,
    });

    const password = JSON.stringify({
      override_accounts: [
        { type: "depository", subtype: "checking", starting_balance: 250, numbers: { account: "4444555566", ach_routing: "322271627" } },
      ],
    });
    const login = await post("/link/session/login", {
      link_session_id: linkSessionId,
      institution_id: "ins_109508",
      username: "user_custom",
      password,
    });
    expect(login.status).toBe(200);
    expect(login.body.accounts.map(({ id: _id, ...rest }: { id: string }) => rest)).toEqual([
      { name: "Plaid Checking", mask: "5566", type: "depository", subtype: "checking" },
    ]);
    const selected = await post("/link/session/select", { link_session_id: linkSessionId, account_ids: [login.body.accounts[0].id] });
    const { data: exchanged } = await client.itemPublicTokenExchange({ public_token: selected.body.public_token });
    const { data: auth } = await client.authGet({ access_token: exchanged.access_token });
    expect(auth.numbers.ach.map(({ account, routing }) => [account, routing])).toEqual([["4444555566", "322271627"]]);
    expect(auth.accounts.map((account) => [account.balances.available, account.balances.current])).toEqual([[250, 250]]);
  });

  it("replaces the accounts of an earlier login in the same session", async () => {
    const started = await post("/link/session/institutions", { link_token: await linkToken() });
    const credentials = { link_session_id: started.body.link_session_id, institution_id: "ins_109508", username: "user_good", password: "pass_good" };
    const first = await post("/link/session/login", credentials);
    const second = await post("/link/session/login", credentials);
    expect(second.body.accounts[0].id).not.toBe(first.body.accounts[0].id);
    const stale = await post("/link/session/select", { link_session_id: started.body.link_session_id, account_ids: [first.body.accounts[0].id] });
    expect(stale.status).toBe(400);
    expect(stale.body.error_code).toBe("INVALID_ACCOUNT_ID");
  });

  it("answers exit with the session's status", async () => {
    const started = await post("/link/session/institutions", { link_token: await linkToken() });
    const exit = await post("/link/session/exit", { link_session_id: started.body.link_session_id });
    expect(exit.body.metadata).toEqual({ link_session_id: started.body.link_session_id, status: "institution_not_found", institution: null });
  });

  it("rejects an unknown link token", async () => {
    const started = await post("/link/session/institutions", { link_token: "link-sandbox-nope" });
    expect(started.status).toBe(400);
    expect(started.body.error_code).toBe("INVALID_LINK_TOKEN");
  });

  it("allows CORS from the configured app origin only, on the JSON Link endpoints only", async () => {
    const token = await linkToken();
    const allowed = await post("/link/session/institutions", { link_token: token }, { Origin: APP });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(APP);
    const other = await post("/link/session/institutions", { link_token: token }, { Origin: "https://evil.example" });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();

    const preflight = await fetch(`${sandbox.url}/link/session/login`, {
      method: "OPTIONS",
      headers: { Origin: APP, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("Content-Type");

    const api = await fetch(`${sandbox.url}/accounts/get`, { method: "POST", headers: { Origin: APP }, body: "{}" });
    expect(api.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("Link update mode (a login to renew)", () => {
  async function post(path: string, body: unknown) {
    const response = await fetch(`${sandbox.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }
  async function brokenItem() {
    const item = await linkItem(client, { webhook: hooks.url, institutionId: "ins_109511" });
    await client.sandboxItemResetLogin({ access_token: item.accessToken });
    await sandbox.webhooksIdle();
    hooks.received.length = 0;
    return item;
  }
  async function updateToken(extra: Record<string, unknown>) {
    const { data } = await client.linkTokenCreate({
      client_name: "Rosca",
      language: "en",
      country_codes: [CountryCode.Us],
      user: { client_user_id: "user-1" },
      redirect_uri: REDIRECT_URI,
      ...extra,
    } as never);
    return data.link_token;
  }

  it("HTML flow with access_token: the item's bank only, its accounts, success clears the error and keeps the access token", async () => {
    const item = await brokenItem();
    const token = await updateToken({ access_token: item.accessToken });
    const start = await fetch(`${sandbox.url}/link?token=${encodeURIComponent(token)}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    const startHtml = await start.text();
    expect(startHtml).toContain('<button type="submit" name="institution_id" value="ins_109511">Tartan Bank</button>');
    expect(startHtml).not.toContain("ins_109508");
    const elsewhere = await postForm("/link/credentials", [
      ["token", token],
      ["institution_id", "ins_109508"],
    ]);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain("INVALID_INSTITUTION: invalid institution_id provided: ins_109508");

    const credentials = await postForm("/link/credentials", [
      ["token", token],
      ["institution_id", "ins_109511"],
    ]);
    const linkSessionId = hiddenValue(await credentials.text(), "link_session_id");
    const login = await postForm("/link/login", [
      ["link_session_id", linkSessionId],
      ["institution_id", "ins_109511"],
      ["username", "user_good"],
      ["password", "pass_good"],
    ]);
    const offered = checkboxValues(await login.text());
    expect(offered).toEqual(item.accounts.map((account) => account.account_id));
    const select = await postForm("/link/select", [
      ["link_session_id", linkSessionId],
      ["account_id", offered[0]!],
    ]);
    expect(select.status).toBe(303);
    const location = new URL(select.headers.get("location")!);
    expect(location.searchParams.get("public_token")).toMatch(/^public-sandbox-/);
    expect(location.searchParams.get("institution_id")).toBe("ins_109511");

    // The same access token works again, with every account it had.
    const { data } = await client.accountsGet({ access_token: item.accessToken });
    expect([data.item.error, data.accounts.map((account) => account.account_id)]).toEqual([null, item.accounts.map((account) => account.account_id)]);
    await sandbox.webhooksIdle();
    expect(hooks.bodies()).toEqual([{ webhook_type: "ITEM", webhook_code: "LOGIN_REPAIRED", item_id: item.itemId, environment: "sandbox" }]);
    // Nothing to exchange: the update-mode public token never replaces (or doubles) the item's access token.
    expect(await rejection(client.itemPublicTokenExchange({ public_token: location.searchParams.get("public_token")! }))).toEqual(
      plaidError(
        400,
        "INVALID_INPUT",
        "INVALID_PUBLIC_TOKEN",
        "provided public token comes from Link's update mode: the item's access token is unchanged and still valid, so there is nothing to exchange",
      ),
    );
    await client.accountsGet({ access_token: item.accessToken });
  });

  it("JSON flow with transfer.authorization_id after user_action_required; the same key is then approved", async () => {
    const item = await brokenItem();
    const request = authorizationRequest(item.accessToken, item.checking.account_id, "5.00", { idempotency_key: "update-mode-key" });
    const { data: needsUser } = await client.transferAuthorizationCreate(request);
    expect(needsUser.authorization.decision).toBe("user_action_required");
    const token = await updateToken({ transfer: { authorization_id: needsUser.authorization.id } });
    const started = await post("/link/session/institutions", { link_token: token });
    expect(started.body.institutions).toEqual([{ institution_id: "ins_109511", name: "Tartan Bank" }]);
    const wrongBank = await post("/link/session/login", {
      link_session_id: started.body.link_session_id,
      institution_id: "ins_109508",
      username: "user_good",
      password: "pass_good",
    });
    expect([wrongBank.status, wrongBank.body.error_code]).toEqual([400, "INVALID_INSTITUTION"]);
    const login = await post("/link/session/login", {
      link_session_id: started.body.link_session_id,
      institution_id: "ins_109511",
      username: "user_good",
      password: "pass_good",
    });
    const selected = await post("/link/session/select", { link_session_id: started.body.link_session_id, account_ids: [login.body.accounts[0].id] });
    expect(selected.status).toBe(200);
    expect(Object.keys(selected.body).sort()).toEqual(["metadata", "public_token", "request_id"]);
    expect(selected.body.metadata.institution).toEqual({ institution_id: "ins_109511", name: "Tartan Bank" });
    const { data: approved } = await client.transferAuthorizationCreate(request);
    expect(approved.authorization.decision).toBe("approved");
  });

  it("sends no LOGIN_REPAIRED for an item that was not broken, and keeps a failed login in update mode from touching the item", async () => {
    const item = await linkItem(client, { webhook: hooks.url, institutionId: "ins_109511" });
    const token = await updateToken({ access_token: item.accessToken });
    const started = await post("/link/session/institutions", { link_token: token });
    const failed = await post("/link/session/login", {
      link_session_id: started.body.link_session_id,
      institution_id: "ins_109511",
      username: "user_good",
      password: "error_ITEM_LOCKED",
    });
    expect(failed.body.error_code).toBe("ITEM_LOCKED");
    const login = await post("/link/session/login", {
      link_session_id: started.body.link_session_id,
      institution_id: "ins_109511",
      username: "user_good",
      password: "pass_good",
    });
    // What linking the item sent is delivered first: at a load of about 20 one of its webhooks arrived after the reset
    // below and was counted against the select (2026-11-29).
    await sandbox.webhooksIdle();
    hooks.received.length = 0;
    await post("/link/session/select", { link_session_id: started.body.link_session_id, account_ids: [login.body.accounts[0].id] });
    await sandbox.webhooksIdle();
    expect(hooks.received).toHaveLength(0);
    const { data } = await client.accountsGet({ access_token: item.accessToken });
    expect(data.accounts).toHaveLength(2);
  });

  it("refuses another client's authorization, and an access token and authorization of different items", async () => {
    const other = await startBankSandbox({ databaseUrl, clientId: "other-client", secret: "other-secret" });
    try {
      const otherClient = sdk(other.url, "other-client", "other-secret");
      const foreign = await linkItem(otherClient);
      const { data: foreignAuthorization } = await otherClient.transferAuthorizationCreate(
        authorizationRequest(foreign.accessToken, foreign.checking.account_id, "1.00"),
      );
      expect(await rejection(updateToken({ transfer: { authorization_id: foreignAuthorization.authorization.id } }))).toEqual(
        invalidField("transfer.authorization_id does not exist"),
      );
    } finally {
      await other.stop();
    }
    const first = await linkItem(client);
    const second = await linkItem(client);
    const { data: secondAuthorization } = await client.transferAuthorizationCreate(
      authorizationRequest(second.accessToken, second.checking.account_id, "1.00"),
    );
    expect(
      await rejection(updateToken({ access_token: first.accessToken, transfer: { authorization_id: secondAuthorization.authorization.id } })),
    ).toEqual(invalidField("transfer.authorization_id is an authorization of another item than access_token's"));
  });
});

describe("/link/token/get", () => {
  it("by default (Link events not enabled, Plaid's default) lists the sessions without what they ended in", async () => {
    const { linkThroughSession } = await import("./link-client");
    const token = await linkToken();
    const linked = await linkThroughSession(sandbox.url, token);
    if (!linked.ok) throw new Error(linked.code);
    const { data } = await client.linkTokenGet({ link_token: token });
    expect(data.link_sessions).toEqual([{ link_session_id: linked.linkSessionId, started_at: expect.any(String), finished_at: expect.any(String) }]);
    expect(data).toMatchObject({ link_token: token, metadata: { client_name: "Rosca", language: null } });
  });

  it("with Link events enabled, lists the token's Link sessions and the public token each ended in, through the SDK", async () => {
    sandbox.setLinkEvents(true);
    onTestFinished(() => sandbox.setLinkEvents(false));
    const { linkThroughSession } = await import("./link-client");
    const token = await linkToken();
    const before = await client.linkTokenGet({ link_token: token });
    expect(before.data).toMatchObject({
      link_token: token,
      metadata: { initial_products: ["auth", "transfer"], country_codes: ["US"], redirect_uri: REDIRECT_URI, client_name: "Rosca", webhook: null },
      link_sessions: [],
    });
    expect(Date.parse(before.data.expiration!) - Date.parse(before.data.created_at!)).toBe(4 * 60 * 60 * 1000);

    const linked = await linkThroughSession(sandbox.url, token);
    if (!linked.ok) throw new Error(linked.code);
    // A second session for the same token, left unfinished.
    const open = await fetch(`${sandbox.url}/link/session/institutions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ link_token: token }),
    });
    const openId = ((await open.json()) as { link_session_id: string }).link_session_id;

    const { data } = await client.linkTokenGet({ link_token: token });
    expect(data.link_sessions).toHaveLength(2);
    const [done, unfinished] = data.link_sessions!;
    expect(done).toMatchObject({
      link_session_id: linked.linkSessionId,
      finished_at: expect.any(String),
      results: {
        item_add_results: [
          {
            public_token: linked.publicToken,
            institution: { institution_id: "ins_109508", name: "First Platypus Bank" },
          },
        ],
        cra_item_add_results: [],
        cra_update_results: [],
        bank_income_results: [],
        payroll_income_results: [],
        document_income_results: null,
      },
      on_success: { public_token: linked.publicToken, metadata: { link_session_id: linked.linkSessionId } },
    });
    expect(done!.results!.item_add_results[0]!.accounts.map((account) => account.mask)).toEqual(["0000", "1111"]);
    expect(unfinished).toMatchObject({ link_session_id: openId, finished_at: null, results: null, on_success: null });
  });

  it("with Multi-Item Link, tells what the sessions ended in without Link events, and never hands the browser the public token", async () => {
    // "Multi-Item Link … does not require special enablement": a `user_id` from /user/create and the flag.
    const { data: made } = await client.userCreate({ client_user_id: "user-multi" });
    expect(made.user_id).toMatch(/^usr_/);
    // Once per client_user_id, as Plaid documents: the second call fails.
    expect(await rejection(client.userCreate({ client_user_id: "user-multi" }))).toEqual(
      invalidField("a user has already been created for the given client_user_id"),
    );
    const request = {
      client_name: "Rosca",
      language: "en",
      country_codes: [CountryCode.Us],
      user: { client_user_id: "user-multi" },
      products: [Products.Auth, Products.Transfer],
      enable_multi_item_link: true,
      webhook: hooks.url,
      redirect_uri: REDIRECT_URI,
    };
    expect(await rejection(client.linkTokenCreate(request))).toEqual(invalidField("user_id is required when enable_multi_item_link is true"));
    expect(await rejection(client.linkTokenCreate({ ...request, user_id: "usr_unknown" }))).toEqual(
      plaidError(
        400,
        "USER_ERROR",
        "USER_NOT_FOUND",
        "The User you requested cannot be found. This User does not exist or has had access removed by the user.",
      ),
    );
    const { data: created } = await client.linkTokenCreate({ ...request, user_id: made.user_id });
    const token = created.link_token;

    hooks.received.length = 0;
    const { linkThroughSession } = await import("./link-client");
    const linked = await linkThroughSession(sandbox.url, token);
    if (!linked.ok) throw new Error(linked.code);
    // onSuccess is empty: the browser's Link gets no public token.
    expect(linked.publicToken).toBe("");
    const { data } = await client.linkTokenGet({ link_token: token });
    const publicToken = data.link_sessions![0]!.results!.item_add_results[0]!.public_token;
    expect(publicToken).toMatch(/^public-sandbox-/);
    expect(data.link_sessions).toEqual([
      expect.objectContaining({
        link_session_id: linked.linkSessionId,
        results: expect.objectContaining({ item_add_results: [expect.objectContaining({ public_token: publicToken })] }),
        on_success: null,
      }),
    ]);
    // The SESSION_FINISHED webhook carries it too (LinkSessionFinishedWebhook).
    await sandbox.webhooksIdle();
    expect(hooks.bodies()).toEqual([
      {
        webhook_type: "LINK",
        webhook_code: "SESSION_FINISHED",
        status: "SUCCESS",
        link_session_id: linked.linkSessionId,
        link_token: token,
        public_tokens: [publicToken],
        environment: "sandbox",
      },
    ]);
    const { data: exchanged } = await client.itemPublicTokenExchange({ public_token: publicToken });
    expect(exchanged.access_token).toMatch(/^access-sandbox-/);
  });

  it("with Multi-Item Link, the no-JavaScript pages return to the app with the Link token and no public token", async () => {
    const { data: made } = await client.userCreate({ client_user_id: "user-multi-html" });
    const { data: created } = await client.linkTokenCreate({
      client_name: "Rosca",
      language: "en",
      country_codes: [CountryCode.Us],
      user: { client_user_id: "user-multi-html" },
      user_id: made.user_id,
      products: [Products.Auth, Products.Transfer],
      enable_multi_item_link: true,
      redirect_uri: REDIRECT_URI,
    });
    const credentials = await postForm("/link/credentials", [
      ["token", created.link_token],
      ["institution_id", "ins_109508"],
    ]);
    const linkSessionId = hiddenValue(await credentials.text(), "link_session_id");
    const login = await postForm("/link/login", [
      ["link_session_id", linkSessionId],
      ["institution_id", "ins_109508"],
      ["username", "user_good"],
      ["password", "pass_good"],
    ]);
    const select = await postForm("/link/select", [
      ["link_session_id", linkSessionId],
      ...checkboxValues(await login.text()).map((id): [string, string] => ["account_id", id]),
    ]);
    expect(select.status).toBe(303);
    const location = new URL(select.headers.get("location")!);
    expect(location.searchParams.get("public_token")).toBeNull();
    expect(location.searchParams.get("link_token")).toBe(created.link_token);
    expect(location.searchParams.get("institution_id")).toBe("ins_109508");
  });

  it("refuses a product Plaid has not enabled for the client as Plaid does (INVALID_PRODUCT)", async () => {
    sandbox.setEnabledProducts(["auth"]);
    onTestFinished(() => sandbox.setEnabledProducts(null));
    const notTransfer = plaidError(
      400,
      "INVALID_INPUT",
      "INVALID_PRODUCT",
      'client is not authorized to access the following products: ["transfer"]',
    );
    expect(await rejection(linkToken())).toEqual(notTransfer);
    expect(await rejection(client.transferLedgerGet({}))).toEqual(notTransfer);
    // Auth alone is enabled.
    const { data } = await client.linkTokenCreate({
      client_name: "Rosca",
      language: "en",
      country_codes: [CountryCode.Us],
      user: { client_user_id: "user-1" },
      products: [Products.Auth],
    });
    expect(data.link_token).toMatch(/^link-sandbox-/);
  });

  it("answers an unknown or missing link token as Plaid does", async () => {
    const unknown = await client.linkTokenGet({ link_token: "link-sandbox-00000000-0000-0000-0000-000000000000" }).catch((error) => error.response);
    expect([unknown.status, unknown.data.error_type, unknown.data.error_code]).toEqual([400, "INVALID_INPUT", "INVALID_LINK_TOKEN"]);
    const missing = await client.linkTokenGet({} as never).catch((error) => error.response);
    expect([missing.status, missing.data.error_type, missing.data.error_code]).toEqual([400, "INVALID_REQUEST", "MISSING_FIELDS"]);
  });
});
