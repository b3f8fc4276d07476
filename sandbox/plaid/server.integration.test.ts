/**
 * Contract tests: the sandbox bank driven through the official plaid SDK, answering as Plaid does and keeping its
 * state in PostgreSQL.
 */
import { createHash } from "node:crypto";
import { decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { CountryCode, Products, TransferType } from "plaid";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { type BankSandbox, startBankSandbox } from "./server";
import {
  authorizationRequest,
  CLIENT_ID,
  fundLedger,
  linkItem as link,
  plaidError,
  rejection,
  SECRET,
  errorBodyOf,
  lateReturn,
  sdk as plaid,
  webhookReceiver,
} from "./testing";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let databaseUrl: string;
let sandbox: BankSandbox;
let client: ReturnType<typeof plaid>;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let webhookUrl: string;

const linkItem = (options: { webhook?: string; institutionId?: string } = {}) => link(client, options);

async function balances(accessToken: string, accountId: string) {
  const { data } = await client.accountsBalanceGet({ access_token: accessToken, options: { account_ids: [accountId] } });
  return { available: data.accounts[0]!.balances.available, current: data.accounts[0]!.balances.current };
}

/** A late return (the bank's own endpoint: Plaid's simulator returns from posted only); throws unless it is made. */
async function lateReturnOk(transferId: string, code = "R01") {
  const result = await lateReturn(sandbox.url, transferId, code);
  if (result.status !== 200) throw new Error(`late return: ${JSON.stringify(result.body)}`);
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  receiver = await webhookReceiver();
  webhookUrl = receiver.url;
  // TRANSFER_EVENTS_UPDATE is batched per URL (webhooks.integration.test.ts); a short batch keeps these tests quick.
  sandbox = await startBankSandbox({ databaseUrl, clientId: CLIENT_ID, secret: SECRET, webhookBatchMs: 20 });
  client = plaid(sandbox.url);
});

afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});

describe("authentication and errors", () => {
  it("answers a wrong secret with 400 INVALID_API_KEYS", async () => {
    expect(await rejection(plaid(sandbox.url, CLIENT_ID, "wrong").accountsGet({ access_token: "access-sandbox-x" }))).toEqual(
      plaidError(400, "INVALID_INPUT", "INVALID_API_KEYS", "invalid client_id or secret provided"),
    );
  });

  it("accepts client_id and secret in the body instead of headers", async () => {
    const response = await fetch(`${sandbox.url}/link/token/create`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: CLIENT_ID,
        secret: SECRET,
        client_name: "Rosca",
        language: "en",
        country_codes: ["US"],
        user: { client_user_id: "u1" },
        products: ["auth"],
      }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).link_token).toMatch(/^link-sandbox-/);
  });

  it("answers missing credentials with MISSING_FIELDS", async () => {
    const response = await fetch(`${sandbox.url}/accounts/get`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(response.status).toBe(400);
    const { request_id: _, ...body } = await response.json();
    expect(body).toEqual(
      errorBodyOf(plaidError(400, "INVALID_REQUEST", "MISSING_FIELDS", "the following required fields are missing: client_id, secret")),
    );
  });

  it("answers an unknown endpoint with 404 and a non-POST with 405", async () => {
    const missing = await fetch(`${sandbox.url}/transactions/sync`, { method: "POST", body: "{}" });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error_code).toBe("NOT_FOUND");
    const get = await fetch(`${sandbox.url}/accounts/get`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("answers malformed JSON with 400 INVALID_BODY", async () => {
    const response = await fetch(`${sandbox.url}/accounts/get`, { method: "POST", body: "{nope" });
    expect(response.status).toBe(400);
    expect((await response.json()).error_code).toBe("INVALID_BODY");
  });

  it("answers an unknown access token with INVALID_ACCESS_TOKEN", async () => {
    expect(await rejection(client.authGet({ access_token: "access-sandbox-unknown" }))).toEqual(
      plaidError(400, "INVALID_INPUT", "INVALID_ACCESS_TOKEN", "provided access token is in an invalid format or does not exist"),
    );
  });

  it("answers 429 RATE_LIMIT_EXCEEDED past the rate limit", async () => {
    const limited = await startBankSandbox({ databaseUrl, clientId: CLIENT_ID, secret: SECRET, rateLimit: { requests: 2, windowMs: 60_000 } });
    try {
      const limitedClient = plaid(limited.url);
      for (let i = 0; i < 2; i++) {
        expect(await rejection(limitedClient.accountsBalanceGet({ access_token: "access-sandbox-x" }))).toMatchObject({ status: 400 });
      }
      // Plaid's code for /accounts/balance/get, and no display message (rate-limit errors never have one).
      expect(await rejection(limitedClient.accountsBalanceGet({ access_token: "access-sandbox-x" }))).toEqual(
        plaidError(
          429,
          "RATE_LIMIT_EXCEEDED",
          "ACCOUNTS_BALANCE_GET_LIMIT",
          "rate limit exceeded for attempts to access this item. please try again later",
        ),
      );
      // Each endpoint has its own count; an endpoint without a code of its own answers RATE_LIMIT.
      for (let i = 0; i < 2; i++) await limitedClient.transferEventSync({ after_id: 0 });
      expect(await rejection(limitedClient.transferEventSync({ after_id: 0 }))).toEqual(
        plaidError(429, "RATE_LIMIT_EXCEEDED", "RATE_LIMIT", "rate limit exceeded for attempts to access this item. please try again later"),
      );
      // The bank's own count of what it was asked (what the money bench divides by the debits): refused requests too.
      expect(limited.requestCounts()).toEqual({ "/accounts/balance/get": 3, "/transfer/event/sync": 3 });
    } finally {
      await limited.stop();
    }
  });
});

describe("link and items", () => {
  it("creates a link token that expires in 4 hours", async () => {
    const before = Date.now();
    const { data } = await client.linkTokenCreate({
      client_name: "Rosca",
      language: "en",
      country_codes: [CountryCode.Us],
      user: { client_user_id: "user-1" },
      products: [Products.Auth, Products.Transfer],
      webhook: webhookUrl,
      redirect_uri: "http://localhost:3000/bank/linked",
    });
    expect(data.link_token).toMatch(new RegExp(`^link-sandbox-${UUID.source.slice(1, -1)}$`));
    const expiresIn = Date.parse(data.expiration) - before;
    expect(expiresIn).toBeGreaterThan(4 * 3600_000 - 5_000);
    expect(expiresIn).toBeLessThanOrEqual(4 * 3600_000 + 5_000);
  });

  it("rejects a link token request without user.client_user_id", async () => {
    expect(
      await rejection(client.linkTokenCreate({ client_name: "Rosca", language: "en", country_codes: [CountryCode.Us], user: {} as never })),
    ).toEqual(plaidError(400, "INVALID_REQUEST", "MISSING_FIELDS", "the following required fields are missing: user.client_user_id"));
  });

  it("links user_good: checking 0000 and savings 1111 with balances, numbers and the item", async () => {
    const { data: created } = await client.sandboxPublicTokenCreate({ institution_id: "ins_109509", initial_products: [Products.Auth] });
    expect(created.public_token).toMatch(/^public-sandbox-/);
    const { data: exchanged } = await client.itemPublicTokenExchange({ public_token: created.public_token });
    expect(exchanged.access_token).toMatch(/^access-sandbox-/);

    const { data: accounts } = await client.accountsGet({ access_token: exchanged.access_token });
    expect(accounts.item).toEqual({
      item_id: exchanged.item_id,
      institution_id: "ins_109509",
      institution_name: "First Gingham Credit Union",
      webhook: null,
      auth_method: null,
      error: null,
      available_products: [],
      billed_products: ["auth"],
      products: ["auth"],
      consented_products: ["auth"],
      consent_expiration_time: null,
      update_type: "background",
    });
    expect(accounts.accounts.map(({ account_id: _, ...rest }) => rest)).toEqual([
      {
        balances: { available: 100, current: 110, limit: null, iso_currency_code: "USD", unofficial_currency_code: null },
        mask: "0000",
        name: "Plaid Checking",
        official_name: "Plaid Gold Standard 0% Interest Checking",
        type: "depository",
        subtype: "checking",
      },
      {
        balances: { available: 200, current: 210, limit: null, iso_currency_code: "USD", unofficial_currency_code: null },
        mask: "1111",
        name: "Plaid Saving",
        official_name: "Plaid Silver Standard 0.1% Interest Saving",
        type: "depository",
        subtype: "savings",
      },
    ]);

    const { data: balance } = await client.accountsBalanceGet({ access_token: exchanged.access_token });
    expect(balance.accounts.map((account) => account.balances.available)).toEqual([100, 200]);
    expect(Date.parse(balance.accounts[0]!.balances.last_updated_datetime!)).not.toBeNaN();

    const { data: auth } = await client.authGet({ access_token: exchanged.access_token });
    expect(auth.numbers).toEqual({
      ach: [
        { account_id: accounts.accounts[0]!.account_id, account: "1111222233330000", routing: "011401533", wire_routing: "021000021" },
        { account_id: accounts.accounts[1]!.account_id, account: "1111222233331111", routing: "011401533", wire_routing: "021000021" },
      ],
      eft: [],
      international: [],
      bacs: [],
    });
    expect(auth.accounts.map((account) => account.mask)).toEqual(["0000", "1111"]);
  });

  it("filters accounts by options.account_ids and rejects an unknown id", async () => {
    const { accessToken, savings } = await linkItem();
    const { data } = await client.accountsGet({ access_token: accessToken, options: { account_ids: [savings.account_id] } });
    expect(data.accounts.map((account) => account.mask)).toEqual(["1111"]);
    expect(await rejection(client.accountsGet({ access_token: accessToken, options: { account_ids: ["nope"] } }))).toEqual(
      plaidError(400, "INVALID_INPUT", "INVALID_ACCOUNT_ID", "one or more of the account IDs is invalid"),
    );
  });

  it("makes public tokens single use", async () => {
    const { data: created } = await client.sandboxPublicTokenCreate({ institution_id: "ins_109511", initial_products: [Products.Auth] });
    await client.itemPublicTokenExchange({ public_token: created.public_token });
    expect(await rejection(client.itemPublicTokenExchange({ public_token: created.public_token }))).toEqual(
      plaidError(400, "INVALID_INPUT", "INVALID_PUBLIC_TOKEN", "provided public token has already been exchanged. Public tokens are single use"),
    );
    expect(await rejection(client.itemPublicTokenExchange({ public_token: "public-sandbox-unknown" }))).toEqual(
      plaidError(400, "INVALID_INPUT", "INVALID_PUBLIC_TOKEN", "provided public token is in an invalid format or does not exist"),
    );
  });

  it("expires public tokens after 30 minutes", async () => {
    let now = new Date("2030-01-01T00:00:00Z");
    const clocked = await startBankSandbox({ databaseUrl, clientId: CLIENT_ID, secret: SECRET, now: () => now });
    try {
      const clockedClient = plaid(clocked.url);
      const { data: fresh } = await clockedClient.sandboxPublicTokenCreate({ institution_id: "ins_109508", initial_products: [Products.Auth] });
      const { data: stale } = await clockedClient.sandboxPublicTokenCreate({ institution_id: "ins_109508", initial_products: [Products.Auth] });
      now = new Date("2030-01-01T00:29:59Z");
      await clockedClient.itemPublicTokenExchange({ public_token: fresh.public_token });
      now = new Date("2030-01-01T00:30:00Z");
      expect(await rejection(clockedClient.itemPublicTokenExchange({ public_token: stale.public_token }))).toEqual(
        plaidError(
          400,
          "INVALID_INPUT",
          "INVALID_PUBLIC_TOKEN",
          "provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged",
        ),
      );
    } finally {
      await clocked.stop();
    }
  });

  it("fails the link with the code of an error_<CODE> password", async () => {
    expect(
      await rejection(
        client.sandboxPublicTokenCreate({
          institution_id: "ins_109508",
          initial_products: [Products.Auth],
          options: { override_username: "user_good", override_password: "error_ITEM_LOCKED" },
        }),
      ),
    ).toEqual(
      plaidError(
        400,
        "ITEM_ERROR",
        "ITEM_LOCKED",
        "the account is locked. prompt the user to visit the institution's site and unlock their account",
        "The given credentials belong to a locked account. Please reset your credentials with your financial institution.",
      ),
    );
    expect(
      await rejection(
        client.sandboxPublicTokenCreate({
          institution_id: "ins_109508",
          initial_products: [Products.Auth],
          options: { override_password: "error_INVALID_CREDENTIALS" },
        }),
      ),
    ).toMatchObject({ status: 400, error_type: "ITEM_ERROR", error_code: "INVALID_CREDENTIALS" });
    expect(
      await rejection(
        client.sandboxPublicTokenCreate({
          institution_id: "ins_109508",
          initial_products: [Products.Auth],
          options: { override_password: "error_INTERNAL_SERVER_ERROR" },
        }),
      ),
    ).toMatchObject({ status: 500, error_type: "API_ERROR", error_code: "INTERNAL_SERVER_ERROR" });
  });

  it("links user_custom from override_password: the configured accounts, balances and numbers", async () => {
    const config = {
      override_accounts: [
        { type: "depository", subtype: "checking", starting_balance: 5000 },
        {
          type: "depository",
          subtype: "savings",
          starting_balance: 1234.56,
          meta: { name: "Rainy Day", official_name: "Rainy Day Savings", mask: "4242" },
          numbers: { account: "9900001234", ach_routing: "021000021" },
        },
      ],
    };
    const { data: created } = await client.sandboxPublicTokenCreate({
      institution_id: "ins_109511",
      initial_products: [Products.Auth, Products.Transfer],
      options: { override_username: "user_custom", override_password: JSON.stringify(config) },
    });
    const { data: exchanged } = await client.itemPublicTokenExchange({ public_token: created.public_token });
    const { data: accounts } = await client.accountsGet({ access_token: exchanged.access_token });
    expect(accounts.accounts.map(({ account_id: _, ...rest }) => rest)).toEqual([
      {
        balances: { available: 5000, current: 5000, limit: null, iso_currency_code: "USD", unofficial_currency_code: null },
        mask: "0000",
        name: "Plaid Checking",
        official_name: "Plaid Gold Standard 0% Interest Checking",
        type: "depository",
        subtype: "checking",
      },
      {
        balances: { available: 1234.56, current: 1234.56, limit: null, iso_currency_code: "USD", unofficial_currency_code: null },
        mask: "4242",
        name: "Rainy Day",
        official_name: "Rainy Day Savings",
        type: "depository",
        subtype: "savings",
      },
    ]);
    const { data: auth } = await client.authGet({ access_token: exchanged.access_token });
    expect(auth.numbers.ach).toEqual([
      { account_id: accounts.accounts[0]!.account_id, account: "1111222233330000", routing: "011401533", wire_routing: "021000021" },
      { account_id: accounts.accounts[1]!.account_id, account: "9900001234", routing: "021000021", wire_routing: "021000021" },
    ]);

    // The NSF check uses the configured balance: 5000.00 is covered, 5000.01 is not.
    const checking = accounts.accounts[0]!.account_id;
    const { data: covered } = await client.transferAuthorizationCreate(authorizationRequest(exchanged.access_token, checking, "5000.00"));
    expect([covered.authorization.decision, covered.authorization.decision_rationale]).toEqual(["approved", null]);
    const { data: short } = await client.transferAuthorizationCreate(authorizationRequest(exchanged.access_token, checking, "5000.01"));
    expect([short.authorization.decision, short.authorization.decision_rationale?.code]).toEqual(["declined", "NSF"]);
  });

  it("answers a user_custom password that is not JSON, or not a supported configuration, with INVALID_CREDENTIALS", async () => {
    const invalid = plaidError(
      400,
      "ITEM_ERROR",
      "INVALID_CREDENTIALS",
      "the provided credentials were not correct",
      "The provided credentials were not correct. Please try again.",
    );
    for (const password of [
      "{not json",
      "{}",
      JSON.stringify({ override_accounts: [{ type: "credit", subtype: "credit card", starting_balance: 10 }] }),
      JSON.stringify({ override_accounts: [{ type: "depository", subtype: "checking", transactions: [] }] }),
      JSON.stringify({ override_accounts: [{ type: "depository", numbers: { ach_routing: "123456789" } }] }),
    ]) {
      expect(
        await rejection(
          client.sandboxPublicTokenCreate({
            institution_id: "ins_109508",
            initial_products: [Products.Auth],
            options: { override_username: "user_custom", override_password: password },
          }),
        ),
      ).toEqual(invalid);
    }
    // A custom configuration is a password for user_custom only.
    expect(
      await rejection(
        client.sandboxPublicTokenCreate({
          institution_id: "ins_109508",
          initial_products: [Products.Auth],
          options: { override_username: "user_good", override_password: JSON.stringify({ override_accounts: [{ type: "depository" }] }) },
        }),
      ),
    ).toEqual(invalid);
  });

  it("rejects an unknown institution", async () => {
    expect(await rejection(client.sandboxPublicTokenCreate({ institution_id: "ins_1", initial_products: [Products.Auth] }))).toEqual(
      plaidError(400, "INVALID_INPUT", "INVALID_INSTITUTION", "invalid institution_id provided: ins_1"),
    );
  });

  it("removes an item: its access token stops working", async () => {
    const { accessToken } = await linkItem();
    const { data } = await client.itemRemove({ access_token: accessToken });
    expect(Object.keys(data)).toEqual(["request_id"]);
    expect(await rejection(client.accountsGet({ access_token: accessToken }))).toEqual(
      plaidError(400, "ITEM_ERROR", "ITEM_NOT_FOUND", "the requested item was not found or has been removed"),
    );
  });

  it("keeps linked items across a restart (state in PostgreSQL, access token stored hashed)", async () => {
    const { accessToken, itemId } = await linkItem();
    const second = await startBankSandbox({ databaseUrl, clientId: CLIENT_ID, secret: SECRET });
    try {
      const { data } = await plaid(second.url).accountsGet({ access_token: accessToken });
      expect(data.item.item_id).toBe(itemId);
    } finally {
      await second.stop();
    }
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query("select access_token_sha256 from sandbox_plaid.items where item_id = $1", [itemId]);
      expect(rows[0].access_token_sha256).toBe(createHash("sha256").update(accessToken).digest("hex"));
    } finally {
      await db.end();
    }
  });
});

describe("transfers", () => {
  it("approves an authorization the available balance covers, with Plaid's shape", async () => {
    const { accessToken, checking } = await linkItem();
    const { data } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "100.00"));
    expect(data.authorization.id).toMatch(UUID);
    expect(data.authorization).toMatchObject({
      decision: "approved",
      decision_rationale: null,
      guarantee_decision: null,
      proposed_transfer: {
        account_id: checking.account_id,
        type: "debit",
        amount: "100.00",
        network: "ach",
        ach_class: "web",
        iso_currency_code: "USD",
        user: { legal_name: "Ada Lovelace", phone_number: null, email_address: null, address: null },
      },
    });
  });

  it("declines with NSF when the available balance is short", async () => {
    const { accessToken, checking } = await linkItem();
    const { data } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "100.01"));
    expect(data.authorization.decision).toBe("declined");
    expect(data.authorization.decision_rationale).toEqual({
      code: "NSF",
      description: "Transaction likely to result in a return due to insufficient funds.",
    });
    expect(
      await rejection(
        client.transferCreate({
          access_token: accessToken,
          account_id: checking.account_id,
          authorization_id: data.authorization.id,
          description: "Rosca",
        }),
      ),
    ).toEqual(
      plaidError(400, "TRANSFER_ERROR", "TRANSFER_FORBIDDEN_AUTHORIZATION_DECLINED", "a transfer cannot be created from a declined authorization"),
    );
  });

  it("judges a credit against the Plaid Ledger's available balance, never the payee's account", async () => {
    const { accessToken, checking } = await linkItem();
    const { data: ledgerNow } = await client.transferLedgerGet({});
    const short = (Number(ledgerNow.balance.available) + 0.01).toFixed(2);
    const { data: declined } = await client.transferAuthorizationCreate(
      authorizationRequest(accessToken, checking.account_id, short, { type: TransferType.Credit }),
    );
    expect([declined.authorization.decision, declined.authorization.decision_rationale]).toEqual([
      "declined",
      { code: "NSF", description: "Insufficient funds in the Ledger's available balance to cover this credit." },
    ]);
    await fundLedger(client, 5000);
    // The payee's account holds 100: a credit of 5000 goes into it, paid from the Ledger.
    const { data } = await client.transferAuthorizationCreate(
      authorizationRequest(accessToken, checking.account_id, "5000.00", { type: TransferType.Credit }),
    );
    expect([data.authorization.decision, data.authorization.decision_rationale]).toEqual(["approved", null]);
  });

  it("honours idempotency_key: the same key returns the same authorization", async () => {
    const { accessToken, checking } = await linkItem();
    const request = authorizationRequest(accessToken, checking.account_id, "10.00", { idempotency_key: "contribution-42" });
    const first = await client.transferAuthorizationCreate(request);
    const again = await client.transferAuthorizationCreate({ ...request, amount: "20.00" });
    expect(again.data.authorization).toEqual(first.data.authorization);
    const other = await client.transferAuthorizationCreate({ ...request, idempotency_key: "contribution-43" });
    expect(other.data.authorization.id).not.toBe(first.data.authorization.id);
  });

  it("validates the amount and the account", async () => {
    const { accessToken, checking } = await linkItem();
    expect(await rejection(client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "1.001")))).toEqual(
      plaidError(400, "INVALID_REQUEST", "INVALID_FIELD", "amount must be a positive decimal string with at most two decimal places"),
    );
    expect(await rejection(client.transferAuthorizationCreate(authorizationRequest(accessToken, "other", "1.00")))).toMatchObject({
      status: 400,
      error_code: "INVALID_ACCOUNT_ID",
    });
  });

  it("creates a transfer once per authorization, gets it, and walks pending → posted → settled → funds_available", async () => {
    const { accessToken, checking } = await linkItem({ webhook: webhookUrl });
    const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "25.50"));
    const create = { access_token: accessToken, account_id: checking.account_id, authorization_id: auth.authorization.id, description: "Round 1" };
    const { data: created } = await client.transferCreate({ ...create, metadata: { contribution: "c-1" } });
    expect(created.transfer).toMatchObject({
      authorization_id: auth.authorization.id,
      account_id: checking.account_id,
      type: "debit",
      amount: "25.50",
      description: "Round 1",
      status: "pending",
      network: "ach",
      ach_class: "web",
      cancellable: true,
      failure_reason: null,
      metadata: { contribution: "c-1" },
      iso_currency_code: "USD",
      refunds: [],
    });
    const { data: retried } = await client.transferCreate(create);
    expect(retried.transfer.id).toBe(created.transfer.id);

    const transferId = created.transfer.id;
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 100, current: 110 });
    await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "posted" });
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 100, current: 110 });
    await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "settled" });
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 74.5, current: 84.5 });
    await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "funds_available" });
    const { data: got } = await client.transferGet({ transfer_id: transferId });
    expect(got.transfer.status).toBe("funds_available");
    expect(got.transfer.cancellable).toBe(false);

    expect(await rejection(client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "posted" }))).toEqual(
      plaidError(400, "SANDBOX_ERROR", "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID", "the transfer cannot move from funds_available to posted"),
    );
    // The next debit is judged against the settled balance.
    const { data: next } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "74.51"));
    expect(next.authorization.decision_rationale?.code).toBe("NSF");
  });

  it("credits the account when a credit settles", async () => {
    await fundLedger(client, 12.34);
    const { accessToken, savings } = await linkItem();
    const { data: auth } = await client.transferAuthorizationCreate(
      authorizationRequest(accessToken, savings.account_id, "12.34", { type: TransferType.Credit }),
    );
    const { data } = await client.transferCreate({
      access_token: accessToken,
      account_id: savings.account_id,
      authorization_id: auth.authorization.id,
      description: "Payout",
    });
    await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: "posted" });
    await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: "settled" });
    expect(await balances(accessToken, savings.account_id)).toEqual({ available: 212.34, current: 222.34 });
  });

  it("returns a posted transfer with an ACH code, fails a pending one, and refuses other moves", async () => {
    const { accessToken, checking } = await linkItem();
    const makeTransfer = async () => {
      const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "1.00"));
      const { data } = await client.transferCreate({
        access_token: accessToken,
        account_id: checking.account_id,
        authorization_id: auth.authorization.id,
        description: "x",
      });
      return data.transfer.id;
    };
    const returned = await makeTransfer();
    expect(await rejection(client.sandboxTransferSimulate({ transfer_id: returned, event_type: "settled" }))).toEqual(
      plaidError(400, "SANDBOX_ERROR", "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID", "the transfer cannot move from pending to settled"),
    );
    await client.sandboxTransferSimulate({ transfer_id: returned, event_type: "posted" });
    await client.sandboxTransferSimulate({ transfer_id: returned, event_type: "returned", failure_reason: { ach_return_code: "R01" } });
    const { data: gotReturned } = await client.transferGet({ transfer_id: returned });
    expect(gotReturned.transfer.status).toBe("returned");
    expect(gotReturned.transfer.failure_reason).toEqual({ failure_code: "R01", ach_return_code: "R01", description: "Insufficient funds" });
    expect(await rejection(client.sandboxTransferSimulate({ transfer_id: returned, event_type: "settled" }))).toMatchObject({
      status: 400,
      error_code: "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID",
    });
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 100, current: 110 });

    const failed = await makeTransfer();
    await client.sandboxTransferSimulate({ transfer_id: failed, event_type: "failed" });
    const { data: gotFailed } = await client.transferGet({ transfer_id: failed });
    expect(gotFailed.transfer.status).toBe("failed");
    expect(gotFailed.transfer.failure_reason).toEqual({ failure_code: null, ach_return_code: null, description: "The transfer failed." });

    expect(await rejection(client.sandboxTransferSimulate({ transfer_id: "nope", event_type: "posted" }))).toEqual(
      plaidError(400, "INVALID_INPUT", "TRANSFER_NOT_FOUND", "transfer not found"),
    );
    expect(await rejection(client.transferGet({ transfer_id: "nope" }))).toMatchObject({ status: 400, error_code: "TRANSFER_NOT_FOUND" });
  });

  it("returns a settled debit: the amount goes back to the account, with the ACH code, and the return is final", async () => {
    const { accessToken, checking } = await linkItem();
    const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "25.50"));
    const { data } = await client.transferCreate({
      access_token: accessToken,
      account_id: checking.account_id,
      authorization_id: auth.authorization.id,
      description: "Round 2",
    });
    const transferId = data.transfer.id;
    const { data: before } = await client.transferEventSync({ after_id: 0, count: 500 });
    const cursor = before.transfer_events.at(-1)!.event_id;

    await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "posted" });
    await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "settled" });
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 74.5, current: 84.5 });
    await lateReturnOk(transferId, "R10");
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 100, current: 110 });

    const { data: got } = await client.transferGet({ transfer_id: transferId });
    expect(got.transfer.status).toBe("returned");
    expect(got.transfer.failure_reason).toEqual({
      failure_code: "R10",
      ach_return_code: "R10",
      description: "Customer advises not authorized, improper, ineligible, or part of an incomplete transaction",
    });
    const { data: events } = await client.transferEventSync({ after_id: cursor, count: 500 });
    expect(events.transfer_events.map((event) => [event.event_type, event.transfer_amount, event.failure_reason?.ach_return_code ?? null])).toEqual([
      ["posted", "25.50", null],
      ["settled", "25.50", null],
      ["returned", "25.50", "R10"],
    ]);

    for (const next of ["returned", "funds_available", "settled"]) {
      expect(await rejection(client.sandboxTransferSimulate({ transfer_id: transferId, event_type: next }))).toEqual(
        plaidError(400, "SANDBOX_ERROR", "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID", `the transfer cannot move from returned to ${next}`),
      );
    }
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 100, current: 110 });
  });

  it("returns a debit after funds_available (default R01), giving the amount back", async () => {
    const { accessToken, checking } = await linkItem();
    const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "40.00"));
    const { data } = await client.transferCreate({
      access_token: accessToken,
      account_id: checking.account_id,
      authorization_id: auth.authorization.id,
      description: "Round 3",
    });
    for (const event of ["posted", "settled", "funds_available"]) {
      await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: event });
    }
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 60, current: 70 });
    await lateReturnOk(data.transfer.id);
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 100, current: 110 });
    const { data: got } = await client.transferGet({ transfer_id: data.transfer.id });
    expect(got.transfer.status).toBe("returned");
    expect(got.transfer.failure_reason).toEqual({ failure_code: "R01", ach_return_code: "R01", description: "Insufficient funds" });
  });

  it("returns a settled credit: the amount is taken back; a credit never reaches funds_available", async () => {
    await fundLedger(client, 62.34);
    const { accessToken, savings, checking } = await linkItem();
    const credit = async (accountId: string, amount: string) => {
      const { data: auth } = await client.transferAuthorizationCreate(
        authorizationRequest(accessToken, accountId, amount, { type: TransferType.Credit }),
      );
      const { data } = await client.transferCreate({
        access_token: accessToken,
        account_id: accountId,
        authorization_id: auth.authorization.id,
        description: "Payout",
      });
      await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: "posted" });
      await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: "settled" });
      return data.transfer.id;
    };
    const first = await credit(savings.account_id, "12.34");
    expect(await balances(accessToken, savings.account_id)).toEqual({ available: 212.34, current: 222.34 });
    await lateReturnOk(first, "R02");
    expect(await balances(accessToken, savings.account_id)).toEqual({ available: 200, current: 210 });
    // R02 (account closed): Plaid refuses every later transfer to or from the account.
    expect(
      await rejection(
        client.transferAuthorizationCreate(authorizationRequest(accessToken, savings.account_id, "1.00", { type: TransferType.Credit })),
      ),
    ).toEqual(plaidError(400, "TRANSFER_ERROR", "TRANSFER_ACCOUNT_BLOCKED", "transfer was blocked due to a previous ACH return on this account"));

    const second = await credit(checking.account_id, "50.00");
    // Plaid: funds_available applies to ACH debits only.
    expect(await rejection(client.sandboxTransferSimulate({ transfer_id: second, event_type: "funds_available" }))).toEqual(
      plaidError(
        400,
        "SANDBOX_ERROR",
        "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID",
        "the transfer cannot move from settled to funds_available: funds_available applies to ACH debits only; a credit ends at settled",
      ),
    );
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 150, current: 160 });
    await lateReturnOk(second);
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 100, current: 110 });
    const { data: got } = await client.transferGet({ transfer_id: second });
    expect(got.transfer.status).toBe("returned");
  });

  it("returns concurrently at most once: the money moves back once", async () => {
    const { accessToken, checking } = await linkItem();
    const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "10.00"));
    const { data } = await client.transferCreate({
      access_token: accessToken,
      account_id: checking.account_id,
      authorization_id: auth.authorization.id,
      description: "Race",
    });
    await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: "posted" });
    await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: "settled" });
    // A late return (the bank's own endpoint; Plaid's simulator returns from posted only), five at once.
    const results = await Promise.all(Array.from({ length: 5 }, () => lateReturn(sandbox.url, data.transfer.id)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    for (const result of results.filter((result) => result.status !== 200)) {
      expect(result.body.error_message).toBe(
        "the transfer cannot move from returned to returned: a late return is of a settled transfer; use /sandbox/transfer/simulate from posted",
      );
    }
    expect(await balances(accessToken, checking.account_id)).toEqual({ available: 100, current: 110 });
  });

  it("returns a user_custom account's settled debit back to its starting balance", async () => {
    const { data: created } = await client.sandboxPublicTokenCreate({
      institution_id: "ins_109508",
      initial_products: [Products.Auth, Products.Transfer],
      options: {
        override_username: "user_custom",
        override_password: JSON.stringify({ override_accounts: [{ type: "depository", subtype: "checking", starting_balance: 75.25 }] }),
      },
    });
    const { data: exchanged } = await client.itemPublicTokenExchange({ public_token: created.public_token });
    const { data: accounts } = await client.accountsGet({ access_token: exchanged.access_token });
    const accountId = accounts.accounts[0]!.account_id;
    const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(exchanged.access_token, accountId, "75.25"));
    expect(auth.authorization.decision).toBe("approved");
    const { data } = await client.transferCreate({
      access_token: exchanged.access_token,
      account_id: accountId,
      authorization_id: auth.authorization.id,
      description: "All in",
    });
    await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: "posted" });
    await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: "settled" });
    expect(await balances(exchanged.access_token, accountId)).toEqual({ available: 0, current: 0 });
    await lateReturnOk(data.transfer.id, "R01");
    expect(await balances(exchanged.access_token, accountId)).toEqual({ available: 75.25, current: 75.25 });
  });

  it("pages transfer events with after_id and has_more", async () => {
    const { data: start } = await client.transferEventSync({ after_id: 0, count: 500 });
    let cursor = start.transfer_events.at(-1)?.event_id ?? 0;
    expect(start.has_more).toBe(false);

    const { accessToken, checking } = await linkItem();
    const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "3.00"));
    const { data: created } = await client.transferCreate({
      access_token: accessToken,
      account_id: checking.account_id,
      authorization_id: auth.authorization.id,
      description: "Sync",
    });
    await client.sandboxTransferSimulate({ transfer_id: created.transfer.id, event_type: "posted" });
    await client.sandboxTransferSimulate({ transfer_id: created.transfer.id, event_type: "settled" });

    const { data: page1 } = await client.transferEventSync({ after_id: cursor, count: 2 });
    expect(page1.has_more).toBe(true);
    expect(page1.transfer_events.map((event) => event.event_type)).toEqual(["pending", "posted"]);
    expect(page1.transfer_events[0]).toMatchObject({
      event_id: cursor + 1,
      transfer_id: created.transfer.id,
      account_id: checking.account_id,
      transfer_type: "debit",
      transfer_amount: "3.00",
      failure_reason: null,
    });
    cursor = page1.transfer_events[1]!.event_id;
    const { data: page2 } = await client.transferEventSync({ after_id: cursor, count: 2 });
    expect(page2.has_more).toBe(false);
    expect(page2.transfer_events.map((event) => [event.event_id, event.event_type])).toEqual([[cursor + 1, "settled"]]);

    expect(await rejection(client.transferEventSync({ after_id: -1 }))).toEqual(
      plaidError(400, "INVALID_REQUEST", "INVALID_FIELD", "after_id must be at least 0"),
    );
  });
});

describe("webhooks", () => {
  it("sends TRANSFER_EVENTS_UPDATE signed with an ES256 JWT that verifies against /webhook_verification_key/get", async () => {
    const { accessToken, checking } = await linkItem({ webhook: webhookUrl });
    const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "1.00"));
    const { data } = await client.transferCreate({
      access_token: accessToken,
      account_id: checking.account_id,
      authorization_id: auth.authorization.id,
      description: "Hook",
    });
    await sandbox.webhooksIdle();
    receiver.received.length = 0;
    await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: "posted" });
    await sandbox.webhooksIdle();

    expect(receiver.received).toHaveLength(1);
    const webhook = receiver.received[0]!;
    expect(JSON.parse(webhook.body)).toEqual({ webhook_type: "TRANSFER", webhook_code: "TRANSFER_EVENTS_UPDATE", environment: "sandbox" });
    expect(webhook.headers["content-type"]).toBe("application/json");
    const jwt = webhook.headers["plaid-verification"] as string;
    const header = decodeProtectedHeader(jwt);
    expect(header.alg).toBe("ES256");
    expect(header.typ).toBe("JWT");

    const { data: keyResponse } = await client.webhookVerificationKeyGet({ key_id: header.kid! });
    expect(keyResponse.key).toMatchObject({ alg: "ES256", crv: "P-256", kty: "EC", use: "sig", kid: header.kid, expired_at: null });
    expect(Number.isInteger(keyResponse.key.created_at)).toBe(true);
    const publicKey = await importJWK({ kty: "EC", crv: keyResponse.key.crv, x: keyResponse.key.x, y: keyResponse.key.y }, "ES256");
    const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ["ES256"], maxTokenAge: "5 min" });
    expect(payload.request_body_sha256).toBe(createHash("sha256").update(webhook.body).digest("hex"));
  });

  it("sends to the simulate call's webhook when given", async () => {
    const { accessToken, checking } = await linkItem();
    const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(accessToken, checking.account_id, "1.00"));
    const { data } = await client.transferCreate({
      access_token: accessToken,
      account_id: checking.account_id,
      authorization_id: auth.authorization.id,
      description: "Hook",
    });
    await sandbox.webhooksIdle();
    receiver.received.length = 0;
    await client.sandboxTransferSimulate({ transfer_id: data.transfer.id, event_type: "failed", webhook: webhookUrl });
    await sandbox.webhooksIdle();
    expect(receiver.received).toHaveLength(1);
  });

  it("answers an unknown key id with INVALID_WEBHOOK_VERIFICATION_KEY_ID", async () => {
    expect(await rejection(client.webhookVerificationKeyGet({ key_id: "nope" }))).toEqual(
      plaidError(400, "INVALID_INPUT", "INVALID_WEBHOOK_VERIFICATION_KEY_ID", "invalid key_id provided"),
    );
  });
});
