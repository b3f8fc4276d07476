/**
 * Plaid's response contract, endpoint by endpoint: every answer the sandbox bank gives to an endpoint the app calls is
 * checked against that endpoint's official response schema, and its errors against `PlaidError`, from Plaid's OpenAPI
 * description (plaid/plaid-openapi 2020-09-14.yml, extracted by scripts/plaid-openapi-schemas.ts into
 * openapi-responses.json). The request side is contract.integration.test.ts. ADR 049.
 */
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { CountryCode, Products, TransferType } from "plaid";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { linkThroughSession } from "./link-client";
import { type BankSandbox, startBankSandbox } from "./server";
import { authorizationRequest, CLIENT_ID, customUser, fundLedger, linkItem, makeTransfer, SECRET, sdk } from "./testing";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const openapi = JSON.parse(readFileSync(new URL("./openapi-responses.json", import.meta.url), "utf8")) as {
  version: string;
  responses: Record<string, string>;
  schemas: Record<string, unknown>;
};

/** OpenAPI 3.0's `nullable` as JSON Schema: the schema, or null. */
function jsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonSchema);
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
    key,
    key === "properties"
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).map(([name, property]) => [name, jsonSchema(property)]))
      : jsonSchema(inner),
  ]);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  if (schema.nullable !== true) return schema;
  const { nullable: _nullable, ...rest } = schema;
  return { anyOf: [rest, { type: "null" }] };
}

const ajv = addFormats(new Ajv({ strict: false, allErrors: true, logger: false }));
ajv.addSchema({ $id: "plaid", components: { schemas: jsonSchema(openapi.schemas) } });
const validators = new Map<string, ValidateFunction>();
function validator(schemaName: string) {
  let validate = validators.get(schemaName);
  if (!validate) {
    validate = ajv.compile({ $ref: `plaid#/components/schemas/${schemaName}` });
    validators.set(schemaName, validate);
  }
  return validate;
}

/** The schema's complaints about `body` (empty: it conforms). */
function violations(schemaName: string, body: unknown): string[] {
  const validate = validator(schemaName);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""} ${JSON.stringify(error.params)}`);
}

const responseSchema = (endpoint: string) => openapi.responses[endpoint]!;

/** Which endpoints this file has checked an answer of, to prove every one the app calls was. */
const checked = new Set<string>();
function conforms(endpoint: string, body: unknown) {
  expect(violations(responseSchema(endpoint), body), endpoint).toEqual([]);
  checked.add(endpoint);
}

/** A refused call's body: conforms to PlaidError and has no `status` (Plaid sends it only inside webhooks). */
async function errorBody(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const data = (error as { response?: { data: Record<string, unknown> } }).response?.data;
    if (!data) throw error;
    expect(violations("PlaidError", data)).toEqual([]);
    expect(data).not.toHaveProperty("status");
    return data;
  }
  throw new Error("expected the call to be refused");
}

let databaseUrl: string;
let sandbox: BankSandbox;
let client: ReturnType<typeof sdk>;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  sandbox = await startBankSandbox({ databaseUrl, clientId: CLIENT_ID, secret: SECRET, webhookBatchMs: 20 });
  client = sdk(sandbox.url);
});

afterAll(async () => {
  await sandbox?.stop();
});

async function linkToken(extra: Record<string, unknown> = {}) {
  const { data } = await client.linkTokenCreate({
    client_name: "Rosca",
    language: "en",
    country_codes: [CountryCode.Us],
    user: { client_user_id: "user-1" },
    products: [Products.Auth, Products.Transfer],
    ...extra,
  });
  conforms("/link/token/create", data);
  return data.link_token;
}

describe("the schemas themselves", () => {
  it("are Plaid's, for every endpoint the app calls", () => {
    expect(openapi.version).toBe("2020-09-14_1.697.4");
    expect(Object.keys(openapi.responses).sort()).toEqual(
      [
        "/accounts/balance/get",
        "/accounts/get",
        "/item/get",
        "/item/public_token/exchange",
        "/item/remove",
        "/link/token/create",
        "/link/token/get",
        "/sandbox/transfer/simulate",
        "/transfer/authorization/create",
        "/transfer/cancel",
        "/transfer/create",
        "/transfer/event/sync",
        "/transfer/get",
        "/user/create",
        "/webhook_verification_key/get",
      ].sort(),
    );
    // A test that can fail: a body missing what LinkTokenGetResponse requires does not conform.
    expect(violations("LinkTokenGetResponse", { link_token: "link-sandbox-x", request_id: "abc" })).not.toEqual([]);
    expect(violations("LinkSessionResults", { item_add_results: [] })).toEqual(
      expect.arrayContaining([expect.stringContaining("cra_update_results")]),
    );
  });
});

describe("Link and items", () => {
  it("/link/token/create, /link/token/get (by default and with Link events), /item/public_token/exchange, /accounts/*, /item/*", async () => {
    const token = await linkToken({ redirect_uri: "http://localhost:3000/profile/bank-accounts" });
    const { data: fresh } = await client.linkTokenGet({ link_token: token });
    conforms("/link/token/get", fresh);

    const linked = await linkThroughSession(sandbox.url, token);
    if (!linked.ok) throw new Error(linked.code);
    // An unfinished second session too.
    await fetch(`${sandbox.url}/link/session/institutions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ link_token: token }),
    });
    const { data: byDefault } = await client.linkTokenGet({ link_token: token });
    conforms("/link/token/get", byDefault);
    expect(byDefault.link_sessions!.map((session) => session.results)).toEqual([undefined, undefined]);

    sandbox.setLinkEvents(true);
    try {
      const { data: withEvents } = await client.linkTokenGet({ link_token: token });
      conforms("/link/token/get", withEvents);
      expect(withEvents.link_sessions![0]!.results).toMatchObject({
        item_add_results: [{ public_token: linked.publicToken }],
        cra_item_add_results: [],
        cra_update_results: [],
        bank_income_results: [],
        payroll_income_results: [],
        document_income_results: null,
      });
      expect(withEvents.link_sessions![1]!.results).toBeNull();
    } finally {
      sandbox.setLinkEvents(false);
    }

    // Multi-Item Link (the app's Link tokens, ADR 049): /user/create, and the results without Link events.
    const { data: plaidUser } = await client.userCreate({ client_user_id: "user-multi" });
    conforms("/user/create", plaidUser);
    const multi = await linkToken({ user_id: plaidUser.user_id, enable_multi_item_link: true });
    const multiLinked = await linkThroughSession(sandbox.url, multi);
    if (!multiLinked.ok) throw new Error(multiLinked.code);
    const { data: multiGet } = await client.linkTokenGet({ link_token: multi });
    conforms("/link/token/get", multiGet);
    expect(multiGet.link_sessions![0]!.results!.item_add_results).toHaveLength(1);

    const { data: exchanged } = await client.itemPublicTokenExchange({ public_token: linked.publicToken });
    conforms("/item/public_token/exchange", exchanged);
    const accessToken = exchanged.access_token;
    conforms("/accounts/get", (await client.accountsGet({ access_token: accessToken })).data);
    conforms("/accounts/balance/get", (await client.accountsBalanceGet({ access_token: accessToken })).data);
    conforms("/item/get", (await client.itemGet({ access_token: accessToken })).data);

    // An item whose login must be renewed: /item/get's `error` is a PlaidError, without `status` outside a webhook.
    await client.sandboxItemResetLogin({ access_token: accessToken });
    const { data: broken } = await client.itemGet({ access_token: accessToken });
    conforms("/item/get", broken);
    expect(broken.item.error).toMatchObject({ error_code: "ITEM_LOGIN_REQUIRED" });
    expect(broken.item.error).not.toHaveProperty("status");
    // Update mode for it.
    await linkToken({ access_token: accessToken, products: undefined });

    conforms("/item/remove", (await client.itemRemove({ access_token: accessToken })).data);
  });

  it("answers errors with PlaidError's body, without status", async () => {
    const unknownLink = await errorBody(client.linkTokenGet({ link_token: "link-sandbox-00000000-0000-0000-0000-000000000000" }));
    expect(unknownLink).toMatchObject({ error_type: "INVALID_INPUT", error_code: "INVALID_LINK_TOKEN", display_message: null });
    expect(await errorBody(client.itemPublicTokenExchange({ public_token: "public-sandbox-forged" }))).toMatchObject({
      error_code: "INVALID_PUBLIC_TOKEN",
    });
    expect(await errorBody(client.accountsGet({ access_token: "access-sandbox-nope" }))).toMatchObject({ error_code: "INVALID_ACCESS_TOKEN" });
    expect(await errorBody(client.transferGet({ transfer_id: "00000000-0000-0000-0000-000000000000" }))).toMatchObject({
      error_code: "TRANSFER_NOT_FOUND",
    });
    expect(await errorBody(client.webhookVerificationKeyGet({ key_id: "nope" }))).toMatchObject({
      error_code: "INVALID_WEBHOOK_VERIFICATION_KEY_ID",
    });
    expect(await errorBody(client.transferEventSync({} as never))).toMatchObject({ error_code: "MISSING_FIELDS" });
  });
});

describe("transfers", () => {
  it("/transfer/authorization/create, /transfer/create, /transfer/get, /transfer/event/sync, /transfer/cancel, /sandbox/transfer/simulate", async () => {
    const item = await linkItem(client, { password: customUser(500) });
    const approved = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, "10.00"));
    conforms("/transfer/authorization/create", approved.data);
    const declined = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, "900.00"));
    conforms("/transfer/authorization/create", declined.data);
    expect(declined.data.authorization.decision).toBe("declined");

    const { data: created } = await client.transferCreate({
      access_token: item.accessToken,
      account_id: item.checking.account_id,
      authorization_id: approved.data.authorization.id,
      description: "Contrib",
      metadata: { rosca_key: "k-1" },
    });
    conforms("/transfer/create", created);
    const id = created.transfer.id;
    for (const event of ["posted", "settled", "funds_available"]) {
      conforms("/sandbox/transfer/simulate", (await client.sandboxTransferSimulate({ transfer_id: id, event_type: event })).data);
      conforms("/transfer/get", (await client.transferGet({ transfer_id: id })).data);
    }
    const returnedId = await makeTransfer(client, item, item.checking.account_id, "5.00");
    await client.sandboxTransferSimulate({ transfer_id: returnedId, event_type: "posted" });
    await client.sandboxTransferSimulate({ transfer_id: returnedId, event_type: "returned", failure_reason: { failure_code: "R01" } });
    conforms("/transfer/get", (await client.transferGet({ transfer_id: returnedId })).data);
    const failedId = await makeTransfer(client, item, item.checking.account_id, "4.00");
    await client.sandboxTransferSimulate({ transfer_id: failedId, event_type: "failed", failure_reason: { failure_code: "R02" } });
    conforms("/transfer/get", (await client.transferGet({ transfer_id: failedId })).data);

    // A credit (a payout) from the Ledger.
    await fundLedger(client, 100);
    const credit = await client.transferAuthorizationCreate(
      authorizationRequest(item.accessToken, item.checking.account_id, "20.00", { type: TransferType.Credit }),
    );
    conforms("/transfer/authorization/create", credit.data);
    const cancelledId = await makeTransfer(client, item, item.checking.account_id, "3.00");
    conforms("/transfer/cancel", (await client.transferCancel({ transfer_id: cancelledId })).data);

    let afterId = 0;
    for (;;) {
      const { data } = await client.transferEventSync({ after_id: afterId, count: 25 });
      conforms("/transfer/event/sync", data);
      if (!data.has_more) break;
      afterId = data.transfer_events.at(-1)!.event_id;
    }
  });

  it("/webhook_verification_key/get", async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ kid: string }>("select kid from sandbox_plaid.webhook_keys limit 1").finally(() => db.end());
    conforms("/webhook_verification_key/get", (await client.webhookVerificationKeyGet({ key_id: rows[0]!.kid })).data);
  });
});

describe("coverage", () => {
  it("checked an answer of every endpoint the app calls", () => {
    expect([...checked].sort()).toEqual(Object.keys(openapi.responses).sort());
  });
});
