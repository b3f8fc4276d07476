/**
 * Items in error and webhooks as Plaid sends them: /sandbox/item/reset_login and ITEM_LOGIN_REQUIRED on the data
 * endpoints, /item/get's error, /sandbox/item/fire_webhook's codes in Plaid's shapes, TRANSFER_EVENTS_UPDATE batched
 * per URL, retries with Plaid's backoff (shrunk through webhookRetryBaseMs), and what stop() drops.
 */
import { createHash } from "node:crypto";
import { decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { Products, WebhookType } from "plaid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { type BankSandboxOptions, startBankSandbox } from "./server";
import { CLIENT_ID, invalidField, linkItem, makeTransfer, plaidError, rejection, SECRET, sdk, simulate, webhookReceiver } from "./testing";
import { ITEM_LOGIN_REQUIRED_MESSAGE } from "./wire";

let databaseUrl: string;
const open: Array<{ stop(): Promise<void> } | { close(): Promise<void> }> = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
});

afterAll(async () => {
  for (const thing of open.reverse()) await ("stop" in thing ? thing.stop() : thing.close());
});

async function bank(options: Partial<BankSandboxOptions> = {}) {
  const started = await startBankSandbox({ databaseUrl, clientId: CLIENT_ID, secret: SECRET, webhookBatchMs: 20, ...options });
  open.push(started);
  return { bank: started, client: sdk(started.url) };
}

async function receiver(answer?: Parameters<typeof webhookReceiver>[0]) {
  const started = await webhookReceiver(answer);
  open.push(started);
  return started;
}

const itemLoginRequired = {
  error_type: "ITEM_ERROR",
  error_code: "ITEM_LOGIN_REQUIRED",
  error_code_reason: null,
  error_message: ITEM_LOGIN_REQUIRED_MESSAGE,
  display_message: null,
  causes: [],
  documentation_url: "https://plaid.com/docs/errors/item/#item_login_required",
  suggested_action: null,
};
/** In a webhook, Plaid's error object also carries `status` (PlaidError: "only ... via a webhook"). */
const itemLoginRequiredInWebhook = { ...itemLoginRequired, status: 400 };

describe("an item whose login must be renewed", () => {
  let setup: Awaited<ReturnType<typeof bank>>;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    setup = await bank();
    hooks = await receiver();
  });

  it("is put there by /sandbox/item/reset_login, which fires ITEM / ERROR at once, and /item/get shows the error", async () => {
    const { client } = setup;
    const item = await linkItem(client, { webhook: hooks.url });
    const { data: healthy } = await client.itemGet({ access_token: item.accessToken });
    expect([healthy.item.error, healthy.status]).toEqual([null, null]);
    hooks.received.length = 0;
    const { data } = await client.sandboxItemResetLogin({ access_token: item.accessToken });
    expect(data.reset_login).toBe(true);
    await setup.bank.webhooksIdle();
    expect(hooks.bodies()).toEqual([
      { webhook_type: "ITEM", webhook_code: "ERROR", item_id: item.itemId, error: itemLoginRequiredInWebhook, environment: "sandbox" },
    ]);
    const { data: broken } = await client.itemGet({ access_token: item.accessToken });
    expect(broken.item).toMatchObject({ item_id: item.itemId, institution_id: "ins_109508", webhook: hooks.url, error: itemLoginRequired });
    expect(Date.parse(broken.item.created_at!)).not.toBeNaN();
  });

  it("answers ITEM_LOGIN_REQUIRED on /accounts/get, /accounts/balance/get and /auth/get until LOGIN_REPAIRED", async () => {
    const { client } = setup;
    const item = await linkItem(client, { webhook: hooks.url });
    await client.sandboxItemResetLogin({ access_token: item.accessToken });
    const refusal = plaidError(400, "ITEM_ERROR", "ITEM_LOGIN_REQUIRED", ITEM_LOGIN_REQUIRED_MESSAGE);
    expect(await rejection(client.accountsGet({ access_token: item.accessToken }))).toEqual(refusal);
    expect(await rejection(client.accountsBalanceGet({ access_token: item.accessToken }))).toEqual(refusal);
    expect(await rejection(client.authGet({ access_token: item.accessToken }))).toEqual(refusal);
    await setup.bank.webhooksIdle();
    hooks.received.length = 0;
    const { data } = await client.sandboxItemFireWebhook({ access_token: item.accessToken, webhook_code: "LOGIN_REPAIRED" as never });
    expect(data.webhook_fired).toBe(true);
    await setup.bank.webhooksIdle();
    expect(hooks.bodies()).toEqual([{ webhook_type: "ITEM", webhook_code: "LOGIN_REPAIRED", item_id: item.itemId, environment: "sandbox" }]);
    const { data: accounts } = await client.accountsGet({ access_token: item.accessToken });
    expect(accounts.item.error).toBeNull();
  });

  it("can be put there by fire_webhook ERROR (as ITEM) too, so the item agrees with the webhook", async () => {
    const { client } = setup;
    const item = await linkItem(client, { webhook: hooks.url });
    await client.sandboxItemFireWebhook({ access_token: item.accessToken, webhook_code: "ERROR" as never });
    const { data } = await client.itemGet({ access_token: item.accessToken });
    expect(data.item.error?.error_code).toBe("ITEM_LOGIN_REQUIRED");
  });
});

describe("/sandbox/item/fire_webhook", () => {
  let setup: Awaited<ReturnType<typeof bank>>;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  let item: Awaited<ReturnType<typeof linkItem>>;
  const now = new Date("2030-03-01T00:00:00Z");
  beforeAll(async () => {
    setup = await bank({ now: () => now });
    hooks = await receiver();
    item = await linkItem(setup.client, { webhook: hooks.url });
  });

  async function fire(code: string, type?: WebhookType) {
    hooks.received.length = 0;
    await setup.client.sandboxItemFireWebhook({
      access_token: item.accessToken,
      webhook_code: code as never,
      ...(type ? { webhook_type: type } : {}),
    });
    await setup.bank.webhooksIdle();
    return hooks.bodies();
  }

  it.each([
    ["PENDING_DISCONNECT", undefined, { reason: "INSTITUTION_MIGRATION", disconnect_time: "2030-03-08T00:00:00.000Z" }],
    ["NEW_ACCOUNTS_AVAILABLE", undefined, { error: null }],
    ["DEFAULT_UPDATE", WebhookType.Auth, { account_ids_with_new_auth: [], account_ids_with_updated_auth: {}, error: null }],
  ])("fires %s in Plaid's shape", async (code, type, fields) => {
    expect(await fire(code, type)).toEqual([
      { webhook_type: type ?? "ITEM", webhook_code: code, item_id: item.itemId, ...fields, environment: "sandbox" },
    ]);
  });

  it("fires USER_ACCOUNT_REVOKED for the item's first account and USER_PERMISSION_REVOKED with its error", async () => {
    expect(await fire("USER_ACCOUNT_REVOKED")).toEqual([
      {
        webhook_type: "ITEM",
        webhook_code: "USER_ACCOUNT_REVOKED",
        item_id: item.itemId,
        account_id: item.accounts[0]!.account_id,
        environment: "sandbox",
      },
    ]);
    const [revoked] = await fire("USER_PERMISSION_REVOKED");
    expect(revoked).toMatchObject({
      webhook_type: "ITEM",
      webhook_code: "USER_PERMISSION_REVOKED",
      error: { error_code: "USER_PERMISSION_REVOKED" },
    });
  });

  it.each([
    [
      "DEFAULT_UPDATE (TRANSACTIONS by default)",
      "DEFAULT_UPDATE",
      undefined,
      plaidError(400, "SANDBOX_ERROR", "SANDBOX_PRODUCT_NOT_ENABLED", "The transactions product is not enabled on this item"),
    ],
    [
      "SYNC_UPDATES_AVAILABLE",
      "SYNC_UPDATES_AVAILABLE",
      undefined,
      plaidError(400, "SANDBOX_ERROR", "SANDBOX_PRODUCT_NOT_ENABLED", "The transactions product is not enabled on this item"),
    ],
    [
      "ERROR as ASSETS",
      "ERROR",
      WebhookType.Assets,
      plaidError(400, "SANDBOX_ERROR", "SANDBOX_PRODUCT_NOT_ENABLED", "The assets product is not enabled on this item"),
    ],
    [
      "LOGIN_REPAIRED as AUTH",
      "LOGIN_REPAIRED",
      WebhookType.Auth,
      invalidField("webhook_type AUTH cannot be fired with webhook_code LOGIN_REPAIRED: use ITEM"),
    ],
    [
      "SMS_MICRODEPOSITS_VERIFICATION",
      "SMS_MICRODEPOSITS_VERIFICATION",
      undefined,
      invalidField(
        "webhook_code SMS_MICRODEPOSITS_VERIFICATION needs an item linked through Same-Day Micro-deposits, which the sandbox bank does not model",
      ),
    ],
  ])("refuses %s", async (_, code, type, failure) => {
    expect(
      await rejection(
        setup.client.sandboxItemFireWebhook({ access_token: item.accessToken, webhook_code: code as never, ...(type ? { webhook_type: type } : {}) }),
      ),
    ).toEqual(failure);
  });

  it("fires DEFAULT_UPDATE for TRANSACTIONS on an item with that product", async () => {
    const withTransactions = await linkItem(setup.client, { webhook: hooks.url, products: [Products.Transactions] });
    hooks.received.length = 0;
    await setup.client.sandboxItemFireWebhook({ access_token: withTransactions.accessToken, webhook_code: "DEFAULT_UPDATE" as never });
    await setup.bank.webhooksIdle();
    expect(hooks.bodies()).toEqual([
      {
        webhook_type: "TRANSACTIONS",
        webhook_code: "DEFAULT_UPDATE",
        item_id: withTransactions.itemId,
        new_transactions: 0,
        error: null,
        environment: "sandbox",
      },
    ]);
  });

  it("refuses SANDBOX_WEBHOOK_INVALID for an item without a webhook", async () => {
    const silent = await linkItem(setup.client);
    expect(
      await rejection(setup.client.sandboxItemFireWebhook({ access_token: silent.accessToken, webhook_code: "LOGIN_REPAIRED" as never })),
    ).toEqual(
      plaidError(
        400,
        "SANDBOX_ERROR",
        "SANDBOX_WEBHOOK_INVALID",
        "Webhook for this item is either not set up, or invalid. Please update the item's webhook and try again.",
      ),
    );
  });
});

describe("TRANSFER_EVENTS_UPDATE, batched per URL", () => {
  it("sends the first at once, then at most one per webhookBatchMs carrying every event since", async () => {
    const { bank: sandbox, client } = await bank({ webhookBatchMs: 2500 });
    const hooks = await receiver();
    const item = await linkItem(client, { webhook: hooks.url });
    // Nothing can have sent the first before this moment.
    const beforeFirst = Date.now();
    const transferId = await makeTransfer(client, item, item.checking.account_id, "1.00");
    await simulate(client, transferId, "posted", "settled", "funds_available");
    await sandbox.webhooksIdle();
    expect(hooks.bodies()).toEqual([
      { webhook_type: "TRANSFER", webhook_code: "TRANSFER_EVENTS_UPDATE", environment: "sandbox" },
      { webhook_type: "TRANSFER", webhook_code: "TRANSFER_EVENTS_UPDATE", environment: "sandbox" },
    ]);
    // The second leaves the bank no sooner than webhookBatchMs after the first left it, and the first left after
    // `beforeFirst`. Measured from there, not from the first's arrival: on a busy machine the first can reach the
    // receiver late, which shortened the interval between arrivals below the batch (2,273 ms seen under load).
    expect(hooks.received[1]!.at - beforeFirst).toBeGreaterThanOrEqual(2500);
  });

  it("sends item webhooks at once, each on its own", async () => {
    const { bank: sandbox, client } = await bank({ webhookBatchMs: 60_000 });
    const hooks = await receiver();
    const item = await linkItem(client, { webhook: hooks.url });
    await client.sandboxItemResetLogin({ access_token: item.accessToken });
    await client.sandboxItemResetLogin({ access_token: item.accessToken });
    await sandbox.webhooksIdle();
    expect(hooks.bodies().map((body) => body.webhook_code)).toEqual(["ERROR", "ERROR"]);
  });

  it("sends /sandbox/transfer/fire_webhook's at once to the URL given", async () => {
    const { bank: sandbox, client } = await bank({ webhookBatchMs: 60_000 });
    const hooks = await receiver();
    const { data } = await client.sandboxTransferFireWebhook({ webhook: hooks.url });
    expect(Object.keys(data)).toEqual(["request_id"]);
    await sandbox.webhooksIdle();
    expect(hooks.bodies()).toEqual([{ webhook_type: "TRANSFER", webhook_code: "TRANSFER_EVENTS_UPDATE", environment: "sandbox" }]);
  });
});

describe("retries", () => {
  it("retries a non-2xx answer after the base delay, then 4× longer, signing each attempt afresh", async () => {
    const hooks = await receiver((index) => (index < 2 ? 500 : 200));
    const { bank: sandbox, client } = await bank({ webhookRetryBaseMs: 150 });
    await client.sandboxTransferFireWebhook({ webhook: hooks.url });
    await sandbox.webhooksIdle();
    expect(hooks.received).toHaveLength(3);
    const gaps = [hooks.received[1]!.at - hooks.received[0]!.at, hooks.received[2]!.at - hooks.received[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(140);
    expect(gaps[1]).toBeGreaterThanOrEqual(590);
    for (const delivery of hooks.received) {
      const jwt = delivery.headers["plaid-verification"] as string;
      const { data } = await client.webhookVerificationKeyGet({ key_id: decodeProtectedHeader(jwt).kid! });
      const key = await importJWK({ kty: "EC", crv: data.key.crv, x: data.key.x, y: data.key.y }, "ES256");
      const { payload } = await jwtVerify(jwt, key, { algorithms: ["ES256"], maxTokenAge: "5 min" });
      expect(payload.request_body_sha256).toBe(createHash("sha256").update(delivery.body).digest("hex"));
    }
  });

  it("retries a receiver that does not answer within the timeout", async () => {
    const hooks = await receiver((index) => (index === 0 ? "hang" : 200));
    const { bank: sandbox, client } = await bank({ webhookRetryBaseMs: 50, webhookTimeoutMs: 1000 });
    const item = await linkItem(client, { webhook: hooks.url });
    await client.sandboxItemResetLogin({ access_token: item.accessToken });
    await sandbox.webhooksIdle();
    expect(hooks.bodies().map((body) => body.webhook_code)).toEqual(["ERROR", "ERROR"]);
  });

  it("gives up after Plaid's 24 hours (scaled with the base: 7 attempts), and webhooksIdle() then resolves", async () => {
    const hooks = await receiver(() => 503);
    const { bank: sandbox, client } = await bank({ webhookRetryBaseMs: 2 });
    await client.sandboxTransferFireWebhook({ webhook: hooks.url });
    await sandbox.webhooksIdle();
    expect(hooks.received).toHaveLength(7);
  });

  it("lets a pending retry carry the transfer events that arrive meanwhile", async () => {
    const hooks = await receiver((index) => (index === 0 ? 500 : 200));
    const { bank: sandbox, client } = await bank({ webhookRetryBaseMs: 2000, webhookBatchMs: 0 });
    const item = await linkItem(client, { webhook: hooks.url });
    const transferId = await makeTransfer(client, item, item.checking.account_id, "1.00");
    await simulate(client, transferId, "posted", "settled");
    await sandbox.webhooksIdle();
    expect(hooks.received).toHaveLength(2);
  });

  it("keeps retries in memory only: stop() drops those still waiting", async () => {
    const hooks = await receiver(() => 500);
    const { bank: sandbox, client } = await bank({ webhookRetryBaseMs: 60_000 });
    await client.sandboxTransferFireWebhook({ webhook: hooks.url });
    while (hooks.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await sandbox.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hooks.received).toHaveLength(1);
  });
});
