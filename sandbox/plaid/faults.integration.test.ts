/**
 * Faults on demand: the `Plaid-Sandbox-Fault` header for a test that calls the bank itself, and rules set with
 * POST /sandbox/faults/set for a test that drives the app. What each fault answers, and whether the work was done.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { type BankSandbox, startBankSandbox } from "./server";
import { authorizationRequest, CLIENT_ID, errorBodyOf, invalidField, linkItem, plaidError, rejection, SECRET, sdk } from "./testing";

let sandbox: BankSandbox;
let client: ReturnType<typeof sdk>;
let item: Awaited<ReturnType<typeof linkItem>>;

beforeAll(async () => {
  sandbox = await startBankSandbox({ databaseUrl: await createTestDatabase(), clientId: CLIENT_ID, secret: SECRET, webhookBatchMs: 20 });
  client = sdk(sandbox.url);
  item = await linkItem(client);
});

afterAll(async () => {
  await sandbox?.stop();
});

const internal = (status = 500) =>
  plaidError(status, "API_ERROR", "INTERNAL_SERVER_ERROR", "an unexpected error occurred", "An unexpected error occurred. Please try again later.");

async function authorize() {
  const { data } = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, "2.00"));
  return data.authorization.id;
}

function create(authorizationId: string, fault?: string, timeoutMs?: number) {
  const api = sdk(sandbox.url, CLIENT_ID, SECRET, timeoutMs);
  return api.transferCreate(
    { access_token: item.accessToken, account_id: item.checking.account_id, authorization_id: authorizationId, description: "Contrib" },
    fault ? { headers: { "Plaid-Sandbox-Fault": fault } } : undefined,
  );
}

async function madeFor(authorizationId: string) {
  try {
    return (await client.transferGet({ authorization_id: authorizationId })).data.transfer.id;
  } catch {
    return null;
  }
}

describe("the Plaid-Sandbox-Fault header", () => {
  it("500: answers INTERNAL_SERVER_ERROR and does nothing", async () => {
    const authorizationId = await authorize();
    expect(await rejection(create(authorizationId, "500"))).toEqual(internal());
    expect(await madeFor(authorizationId)).toBeNull();
  });

  it("500_after: makes the transfer, then answers 500 (a retry gets the transfer made)", async () => {
    const authorizationId = await authorize();
    expect(await rejection(create(authorizationId, "500_after; status=503"))).toEqual(internal(503));
    const made = await madeFor(authorizationId);
    expect(made).not.toBeNull();
    const { data } = await create(authorizationId);
    expect(data.transfer.id).toBe(made);
  });

  it("timeout: makes the transfer and answers only after delay_ms, past the client's timeout", async () => {
    const authorizationId = await authorize();
    const error = await create(authorizationId, "timeout; delay_ms=2000", 300).catch((e: { code?: string }) => e);
    expect((error as { code?: string }).code).toBe("ECONNABORTED");
    expect(await madeFor(authorizationId)).not.toBeNull();
  });

  it("rate_limit: answers 429 with the code given, display_message null, and does nothing", async () => {
    const authorizationId = await authorize();
    expect(await rejection(create(authorizationId, "rate_limit; error_code=RATE_LIMIT"))).toEqual(
      plaidError(429, "RATE_LIMIT_EXCEEDED", "RATE_LIMIT", "rate limit exceeded for attempts to access this item. please try again later"),
    );
    expect(await rejection(client.accountsGet({ access_token: item.accessToken }, { headers: { "Plaid-Sandbox-Fault": "rate_limit" } }))).toEqual(
      plaidError(429, "RATE_LIMIT_EXCEEDED", "ACCOUNTS_LIMIT", "rate limit exceeded for attempts to access this item. please try again later"),
    );
    expect(await madeFor(authorizationId)).toBeNull();
  });

  it.each([
    ["an unknown fault", "explode", invalidField("Plaid-Sandbox-Fault: fault must be one of 500, 500_after, timeout, rate_limit")],
    ["a parameter without a value", "500; status", invalidField('Plaid-Sandbox-Fault parameter "status" must be name=value')],
    ["a status that is not 5xx", "500; status=200", invalidField("Plaid-Sandbox-Fault: status must be at least 500")],
    [
      "an unknown rate-limit code",
      "rate_limit; error_code=SLOW_DOWN",
      invalidField(
        "Plaid-Sandbox-Fault: error_code must be one of ACCOUNTS_LIMIT, ACCOUNTS_BALANCE_GET_LIMIT, AUTH_LIMIT, BALANCE_LIMIT, IDENTITY_LIMIT, INSTITUTIONS_GET_LIMIT, INSTITUTIONS_GET_BY_ID_LIMIT, INVESTMENT_HOLDINGS_GET_LIMIT, INVESTMENT_TRANSACTIONS_LIMIT, ITEM_GET_LIMIT, RATE_LIMIT, TRANSACTIONS_LIMIT, TRANSACTIONS_SYNC_LIMIT",
      ),
    ],
    ["a delay for a 500", "500; delay_ms=10", invalidField('Plaid-Sandbox-Fault: delay_ms may be sent only with fault "timeout"')],
  ])("refuses %s", async (_, header, failure) => {
    const authorizationId = await authorize();
    expect(await rejection(create(authorizationId, header))).toEqual(failure);
    expect(await madeFor(authorizationId)).toBeNull();
  });
});

describe("POST /sandbox/faults/set", () => {
  async function setFaults(rules: unknown[]) {
    const response = await fetch(`${sandbox.url}/sandbox/faults/set`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "PLAID-CLIENT-ID": CLIENT_ID, "PLAID-SECRET": SECRET },
      body: JSON.stringify({ rules }),
    });
    const { request_id: _, ...body } = await response.json();
    return { status: response.status, body };
  }

  it("applies each rule to the next `times` requests to its endpoint, then answers normally; an empty list clears", async () => {
    expect(
      await setFaults([
        { endpoint: "/transfer/create", fault: "500", times: 2 },
        { endpoint: "/accounts/get", fault: "rate_limit" },
      ]),
    ).toEqual({
      status: 200,
      body: { rules: 2 },
    });
    const authorizationId = await authorize();
    expect(await rejection(create(authorizationId))).toEqual(internal());
    expect(await rejection(create(authorizationId))).toEqual(internal());
    expect(await madeFor(authorizationId)).toBeNull();
    const { data } = await create(authorizationId);
    expect(data.transfer.status).toBe("pending");

    await setFaults([]);
    const { data: accounts } = await client.accountsGet({ access_token: item.accessToken });
    expect(accounts.accounts.length).toBeGreaterThan(0);
  });

  it("needs the client's credentials and refuses rules it cannot apply", async () => {
    const anonymous = await fetch(`${sandbox.url}/sandbox/faults/set`, { method: "POST", body: JSON.stringify({ rules: [] }) });
    expect(anonymous.status).toBe(400);
    expect((await anonymous.json()).error_code).toBe("MISSING_FIELDS");
    expect(await setFaults([{ endpoint: "/transfer/teleport", fault: "500" }])).toEqual({
      status: 400,
      body: errorBodyOf(invalidField("rules[0].endpoint must be an endpoint of the sandbox bank, got /transfer/teleport")),
    });
    expect(await setFaults([{ endpoint: "/transfer/create", fault: "500", times: 0 }])).toEqual({
      status: 400,
      body: errorBodyOf(invalidField("rules[0].times must be at least 1")),
    });
    expect(await setFaults([{ fault: "500" }])).toEqual({
      status: 400,
      body: errorBodyOf(plaidError(400, "INVALID_REQUEST", "MISSING_FIELDS", "the following required fields are missing: rules[0].endpoint")),
    });
  });
});

describe("latencyMs (the bench's round trip to a provider)", () => {
  it("holds every answer, a refusal too, for the latency", async () => {
    const slow = await startBankSandbox({ databaseUrl: await createTestDatabase(), clientId: CLIENT_ID, secret: SECRET, latencyMs: 300 });
    try {
      const slowClient = sdk(slow.url);
      let started = performance.now();
      const linked = await linkItem(slowClient);
      expect(linked.accessToken).toMatch(/^access-sandbox-/);
      // linkItem makes several calls, each held.
      expect(performance.now() - started).toBeGreaterThanOrEqual(2 * 295);

      started = performance.now();
      expect(await rejection(sdk(slow.url, CLIENT_ID, "wrong-secret").transferGet({ authorization_id: "nope" }))).toMatchObject({
        status: 400,
        error_code: "INVALID_API_KEYS",
      });
      expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    } finally {
      await slow.stop();
    }
  });

  it("setLatency changes it for the requests after it: none while a test sets up, then the held answers", async () => {
    const bank = await startBankSandbox({ databaseUrl: await createTestDatabase(), clientId: CLIENT_ID, secret: SECRET });
    try {
      const client = sdk(bank.url);
      const linked = await linkItem(client);
      bank.setLatency(1_000);
      const started = performance.now();
      expect((await client.accountsGet({ access_token: linked.accessToken })).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(995);
      bank.setLatency(0);
      const again = performance.now();
      expect((await client.accountsGet({ access_token: linked.accessToken })).status).toBe(200);
      expect(performance.now() - again).toBeLessThan(995);
    } finally {
      await bank.stop();
    }
  });
});
