/**
 * Plaid's request contract, endpoint by endpoint, through the official SDK: for each endpoint the app calls, requests
 * the OpenAPI description (2020-09-14_1.697.4) refuses are refused with Plaid's envelope (status, error_type,
 * error_code, display_message null) and a message naming the field, and nothing is written.
 */
import { ACHClass, CountryCode, Products, TransferNetwork, TransferType } from "plaid";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { type BankSandbox, startBankSandbox } from "./server";
import { authorizationRequest, CLIENT_ID, invalidField, linkItem, makeTransfer, missingFields, plaidError, rejection, SECRET, sdk } from "./testing";

let databaseUrl: string;
let sandbox: BankSandbox;
let client: ReturnType<typeof sdk>;
let item: Awaited<ReturnType<typeof linkItem>>;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  sandbox = await startBankSandbox({ databaseUrl, clientId: CLIENT_ID, secret: SECRET, webhookBatchMs: 20 });
  client = sdk(sandbox.url);
  item = await linkItem(client);
});

afterAll(async () => {
  await sandbox?.stop();
});

/** Row counts of the bank's tables: a refused request must leave them as they were. */
async function counts() {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select (select count(*) from sandbox_plaid.link_tokens)::int as link_tokens,
              (select count(*) from sandbox_plaid.items)::int as items,
              (select count(*) from sandbox_plaid.transfer_authorizations)::int as authorizations,
              (select count(*) from sandbox_plaid.transfers)::int as transfers,
              (select count(*) from sandbox_plaid.transfer_events)::int as events`,
    );
    return rows[0];
  } finally {
    await db.end();
  }
}

const debit = (extra: Record<string, unknown> = {}) =>
  ({ ...authorizationRequest(item.accessToken, item.checking.account_id, "10.00"), ...extra }) as never;

describe("/transfer/authorization/create", () => {
  it.each([
    ["a 51-character idempotency_key", { idempotency_key: "k".repeat(51) }, invalidField("idempotency_key must be at most 50 characters")],
    [
      "ppd on a debit (the member authorised online: web)",
      { ach_class: ACHClass.Ppd },
      invalidField("ach_class ppd is not supported for debits: use ccd or tel or web"),
    ],
    [
      "web on a credit",
      { type: TransferType.Credit, ach_class: ACHClass.Web },
      invalidField("ach_class web is not supported for credits: use ccd or ppd"),
    ],
    ["an unknown ach_class", { ach_class: "arc" }, invalidField("ach_class must be one of ccd, ppd, tel, web")],
    ["no ach_class on an ACH network", { ach_class: undefined }, missingFields("ach_class")],
    [
      "rtp, which is not enabled",
      { network: TransferNetwork.Rtp },
      invalidField("network rtp is not enabled for this client: the sandbox bank moves money over ach and same-day-ach"),
    ],
    ["an unknown network", { network: "carrier-pigeon" }, invalidField("network must be one of ach, same-day-ach, rtp, wire")],
    ["an unknown type", { type: "refund" }, invalidField("type must be one of debit, credit")],
    ["an amount with three decimals", { amount: "1.001" }, invalidField("amount must be a positive decimal string with at most two decimal places")],
    ["an amount as a number", { amount: 10 }, invalidField("amount must be a string")],
    [
      "a same-day-ach amount over $1,000,000",
      { network: TransferNetwork.SameDayAch, amount: "1000000.01" },
      invalidField("amount must be at most 1000000.00 for same-day-ach"),
    ],
    ["no user.legal_name", { user: {} }, missingFields("user.legal_name")],
    [
      "no account, access token or user",
      { access_token: undefined, account_id: "", user: undefined },
      missingFields("access_token", "account_id", "user"),
    ],
    ["a currency other than USD", { iso_currency_code: "EUR" }, invalidField("iso_currency_code must be USD")],
    [
      "a funding account (legacy funding)",
      { funding_account_id: "fa-1" },
      invalidField("funding_account_id is not supported by the sandbox bank (legacy funding accounts; payouts come from the Plaid Ledger)"),
    ],
    ["a custom attribute with a bad key", { custom_attributes: { "bad key": "x" } }, invalidField("custom_attributes.bad key has an invalid key")],
    ["user_present as a string", { user_present: "yes" }, invalidField("user_present must be a boolean")],
  ])("refuses %s", async (_, extra, failure) => {
    const before = await counts();
    expect(await rejection(client.transferAuthorizationCreate(debit(extra)))).toEqual(failure);
    expect(await counts()).toEqual(before);
  });

  it("accepts a 50-character key, ccd and tel debits, a ppd credit and null for optional fields", async () => {
    const { data: fifty } = await client.transferAuthorizationCreate(debit({ idempotency_key: "k".repeat(50), device: null, user_present: null }));
    expect(fifty.authorization.decision).toBe("approved");
    for (const achClass of [ACHClass.Ccd, ACHClass.Tel]) {
      const { data } = await client.transferAuthorizationCreate(debit({ ach_class: achClass }));
      expect(data.authorization.proposed_transfer.ach_class).toBe(achClass);
    }
    const { data: credit } = await client.transferAuthorizationCreate(
      authorizationRequest(item.accessToken, item.checking.account_id, "1.00", { type: TransferType.Credit }),
    );
    expect(credit.authorization.proposed_transfer.ach_class).toBe("ppd");
  });
});

describe("/transfer/create", () => {
  async function approved(amount = "10.00") {
    const { data } = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, amount));
    return data.authorization.id;
  }
  const create = (authorizationId: string, extra: Record<string, unknown> = {}) =>
    ({
      access_token: item.accessToken,
      account_id: item.checking.account_id,
      authorization_id: authorizationId,
      description: "Contrib",
      ...extra,
    }) as never;

  it.each([
    ["an 11-character ACH description", { description: "Contributio" }, invalidField("description must be at most 10 characters for ACH transfers")],
    ["a 16-character description", { description: "Rosca contributn" }, invalidField("description must be at most 15 characters")],
    ["an empty description", { description: "" }, missingFields("description")],
    ["a metadata value that is not a string", { metadata: { attempt: 2 } }, invalidField("metadata.attempt must be a string")],
    [
      "a metadata key of 41 characters",
      { metadata: { ["k".repeat(41)]: "v" } },
      invalidField(`metadata.${"k".repeat(41)} key must be 1 to 40 characters`),
    ],
    ["a metadata value of 501 characters", { metadata: { note: "v".repeat(501) } }, invalidField("metadata.note must be at most 500 characters")],
    ["non-ASCII metadata", { metadata: { name: "Zoë" } }, invalidField("metadata.name must be printable ASCII only (keys and values)")],
    [
      "51 metadata pairs",
      { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) },
      invalidField("metadata must hold at most 50 key/value pairs"),
    ],
    ["an amount above the authorized one", { amount: "10.01" }, invalidField("amount must not exceed the authorized amount of 10.00")],
    ["a type other than the authorization's", { type: TransferType.Credit }, invalidField("type does not match the authorization")],
    ["another account", { account_id: "acc-other" }, invalidField("account_id does not match the authorization")],
    [
      "a deprecated idempotency_key over 50 characters",
      { idempotency_key: "k".repeat(51) },
      invalidField("idempotency_key must be at most 50 characters"),
    ],
    [
      '"Retry 3"',
      { description: "Retry 3" },
      invalidField('description "Retry 3" reads as a retry: a returned debit is presented again as "Retry 1", then "Retry 2"'),
    ],
  ])("refuses %s", async (_, extra, failure) => {
    const authorizationId = await approved();
    const before = await counts();
    expect(await rejection(client.transferCreate(create(authorizationId, extra)))).toEqual(failure);
    expect(await counts()).toEqual(before);
  });

  it("refuses an unknown authorization and a missing one", async () => {
    expect(await rejection(client.transferCreate(create("00000000-0000-0000-0000-000000000000")))).toEqual(
      invalidField("authorization_id does not exist"),
    );
    expect(await rejection(client.transferCreate(create("", { account_id: undefined })))).toEqual(missingFields("account_id", "authorization_id"));
  });

  it("makes a transfer of a smaller amount than authorized, with the app's metadata (~90-character key)", async () => {
    const authorizationId = await approved("10.00");
    const key = `contribution:${crypto.randomUUID()}:12:${crypto.randomUUID()}:3`;
    const { data } = await client.transferCreate(
      create(authorizationId, { amount: "7.50", metadata: { rosca_key: key, rosca_transfer: crypto.randomUUID() } }),
    );
    expect([data.transfer.amount, data.transfer.metadata?.rosca_key]).toEqual(["7.50", key]);
    expect(key.length).toBeGreaterThan(80);
  });
});

describe("reading transfers and events", () => {
  it.each([
    ["/transfer/get without an id", () => client.transferGet({}), missingFields("transfer_id")],
    [
      "/transfer/get with both ids",
      () => client.transferGet({ transfer_id: "t", authorization_id: "a" }),
      invalidField("authorization_id must not be sent with transfer_id: give exactly one of them"),
    ],
    ["/transfer/list count 26", () => client.transferList({ count: 26 }), invalidField("count must be at most 25")],
    ["/transfer/list count 0", () => client.transferList({ count: 0 }), invalidField("count must be at least 1")],
    ["/transfer/list offset -1", () => client.transferList({ offset: -1 }), invalidField("offset must be at least 0")],
    ["/transfer/list count 1.5", () => client.transferList({ count: 1.5 }), invalidField("count must be an integer")],
    [
      "/transfer/list a date without a time",
      () => client.transferList({ start_date: "2030-01-01" }),
      invalidField("start_date must be an RFC 3339 date-time such as 2019-12-06T22:35:49Z"),
    ],
    [
      "/transfer/list end before start",
      () => client.transferList({ start_date: "2030-01-02T00:00:00Z", end_date: "2030-01-01T00:00:00Z" }),
      invalidField("end_date must not be before start_date"),
    ],
    ["/transfer/event/sync without after_id", () => client.transferEventSync({} as never), missingFields("after_id")],
    ["/transfer/event/sync count 501", () => client.transferEventSync({ after_id: 0, count: 501 }), invalidField("count must be at most 500")],
    ["/transfer/event/sync count 0", () => client.transferEventSync({ after_id: 0, count: 0 }), invalidField("count must be at least 1")],
    [
      "/transfer/event/sync after_id as a string",
      () => client.transferEventSync({ after_id: "5" as never }),
      invalidField("after_id must be a number"),
    ],
    ["/transfer/cancel without transfer_id", () => client.transferCancel({} as never), missingFields("transfer_id")],
    [
      "/transfer/cancel an unknown reason_code",
      () => client.transferCancel({ transfer_id: "t", reason_code: "NOPE" as never }),
      invalidField("reason_code must be one of AC03, AM09, CUST, DUPL, FRAD, TECH, UPAY, AC14, AM06, BE05, FOCR, MS02, MS03, RR04, RUTA"),
    ],
    [
      "/transfer/ledger/get another ledger",
      () => client.transferLedgerGet({ ledger_id: "ledger-x" }),
      invalidField("ledger_id is not a ledger of this client"),
    ],
  ])("refuses %s", async (_, call, failure) => {
    expect(await rejection(call())).toEqual(failure);
  });

  it("pages events 100 at a time by default (Plaid's default count)", async () => {
    const transferIds: string[] = [];
    for (let i = 0; i < 26; i++) transferIds.push(await makeTransfer(client, item, item.checking.account_id, "0.01"));
    for (const transferId of transferIds) {
      await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "posted" });
      await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "settled" });
      await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "funds_available" });
    }
    const { data } = await client.transferEventSync({ after_id: 0 });
    expect([data.transfer_events.length, data.has_more]).toEqual([100, true]);
  });
});

describe("the simulator", () => {
  it("refuses events outside its list, a failure reason on a success, and unknown return codes", async () => {
    const transferId = await makeTransfer(client, item, item.checking.account_id, "1.00");
    expect(await rejection(client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "cancelled" }))).toEqual(
      invalidField("event_type must be one of posted, settled, failed, funds_available, returned"),
    );
    expect(
      await rejection(client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "posted", failure_reason: { description: "why" } })),
    ).toEqual(invalidField('failure_reason may be sent only with event_type "failed" or "returned"'));
    await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "posted" });
    expect(
      await rejection(client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "returned", failure_reason: { failure_code: "R99" } })),
    ).toEqual(invalidField("failure_reason.failure_code must be one of R01, R02, R03, R04, R05, R07, R08, R09, R10, R16, R20, R29"));
    expect(
      await rejection(
        client.sandboxTransferSimulate({
          transfer_id: transferId,
          event_type: "returned",
          failure_reason: { failure_code: "R01", ach_return_code: "R09" },
        }),
      ),
    ).toEqual(invalidField("failure_reason.ach_return_code must equal failure_reason.failure_code when both are sent"));
    expect(await rejection(client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "settled", webhook: "not a url" }))).toEqual(
      invalidField("webhook must be an http(s) URL"),
    );
    expect(await rejection(client.sandboxTransferLedgerSimulateAvailable({ webhook: "ftp://bank" }))).toEqual(
      invalidField("webhook must be an http(s) URL"),
    );
    expect(await rejection(client.sandboxTransferFireWebhook({} as never))).toEqual(missingFields("webhook"));
  });
});

describe("links and items", () => {
  const linkToken = (extra: Record<string, unknown>) =>
    client.linkTokenCreate({
      client_name: "Rosca",
      language: "en",
      country_codes: [CountryCode.Us],
      user: { client_user_id: "u1" },
      products: [Products.Auth, Products.Transfer],
      ...extra,
    } as never);

  it.each([
    ["no products outside update mode", { products: undefined }, missingFields("products")],
    [
      "an unknown product",
      { products: ["auth", "crypto"] },
      invalidField(
        "products[1] must be one of " +
          "assets, auth, balance, balance_plus, beacon, identity, identity_match, investments, investments_auth, liabilities, payment_initiation, identity_verification, transactions, credit_details, income, income_verification, standing_orders, transfer, employment, recurring_transactions, transactions_refresh, signal, statements, processor_payments, processor_identity, profile, cra_base_report, cra_income_insights, cra_partner_insights, cra_network_insights, cra_cashflow_insights, cra_monitoring, cra_lend_score, cra_plaid_credit_score, layer, pay_by_bank, protect_linked_bank, protect_transactions",
      ),
    ],
    [
      "an unsupported language",
      { language: "xx" },
      invalidField("language must be one of da, nl, en, et, fr, de, hi, it, lv, lt, no, pl, pt, ro, es, sv, vi"),
    ],
    ["no country", { country_codes: [] }, invalidField("country_codes must have at least 1 item")],
    ["a webhook that is not http(s)", { webhook: "javascript:alert(1)" }, invalidField("webhook must be an http(s) URL")],
    ["an empty client_name", { client_name: "" }, missingFields("client_name")],
    ["no user", { user: undefined }, missingFields("user")],
    [
      "an unknown access_token (update mode)",
      { access_token: "access-sandbox-nope", products: undefined },
      plaidError(400, "INVALID_INPUT", "INVALID_ACCESS_TOKEN", "provided access token is in an invalid format or does not exist"),
    ],
    [
      "an unknown authorization (update mode)",
      { transfer: { authorization_id: "nope" }, products: undefined },
      invalidField("transfer.authorization_id does not exist"),
    ],
  ])("/link/token/create refuses %s", async (_, extra, failure) => {
    expect(await rejection(linkToken(extra))).toEqual(failure);
  });

  it.each([
    [
      "/sandbox/public_token/create without products",
      () => client.sandboxPublicTokenCreate({ institution_id: "ins_109508", initial_products: [] }),
      invalidField("initial_products must have at least 1 item"),
    ],
    [
      "/sandbox/public_token/create without an institution",
      () => client.sandboxPublicTokenCreate({ initial_products: [Products.Auth] } as never),
      missingFields("institution_id"),
    ],
    ["/item/public_token/exchange without a token", () => client.itemPublicTokenExchange({} as never), missingFields("public_token")],
    [
      "/accounts/get with account_ids not a list",
      () => client.accountsGet({ access_token: item.accessToken, options: { account_ids: "x" as never } }),
      invalidField("options.account_ids must be an array"),
    ],
    [
      "/accounts/balance/get with a bad min_last_updated_datetime",
      () => client.accountsBalanceGet({ access_token: item.accessToken, options: { min_last_updated_datetime: "yesterday" } }),
      invalidField("options.min_last_updated_datetime must be an RFC 3339 date-time such as 2019-12-06T22:35:49Z"),
    ],
    ["/auth/get with a numeric access_token", () => client.authGet({ access_token: 7 as never }), invalidField("access_token must be a string")],
    ["/item/get without an access token", () => client.itemGet({} as never), missingFields("access_token")],
    [
      "/item/remove with a 513-character note",
      () => client.itemRemove({ access_token: item.accessToken, reason_note: "n".repeat(513) }),
      invalidField("reason_note must be at most 512 characters"),
    ],
    ["/webhook_verification_key/get without key_id", () => client.webhookVerificationKeyGet({} as never), missingFields("key_id")],
    ["/sandbox/item/reset_login without an access token", () => client.sandboxItemResetLogin({} as never), missingFields("access_token")],
    [
      "/sandbox/item/reset_login with an unknown one",
      () => client.sandboxItemResetLogin({ access_token: "access-sandbox-nope" }),
      plaidError(400, "INVALID_INPUT", "INVALID_ACCESS_TOKEN", "provided access token is in an invalid format or does not exist"),
    ],
    [
      "/sandbox/item/fire_webhook with an unknown code",
      () => client.sandboxItemFireWebhook({ access_token: item.accessToken, webhook_code: "NOPE" as never }),
      invalidField(
        "webhook_code must be one of DEFAULT_UPDATE, NEW_ACCOUNTS_AVAILABLE, SMS_MICRODEPOSITS_VERIFICATION, AUTHORIZATION_GRANTED, USER_PERMISSION_REVOKED, USER_ACCOUNT_REVOKED, PENDING_DISCONNECT, RECURRING_TRANSACTIONS_UPDATE, LOGIN_REPAIRED, SYNC_UPDATES_AVAILABLE, PRODUCT_READY, ERROR",
      ),
    ],
  ])("refuses %s", async (_, call, failure) => {
    expect(await rejection(call())).toEqual(failure);
  });
});
