import { describe, expect, it } from "vitest";
import { fieldPath, parseRequest, withoutNulls } from "./contract";
import { PlaidFailure } from "./wire";

function failure(path: string, body: Record<string, unknown>) {
  try {
    parseRequest(path, body);
  } catch (error) {
    if (error instanceof PlaidFailure) return [error.status, error.errorType, error.errorCode, error.message];
    throw error;
  }
  throw new Error("expected a failure");
}

const authorization = {
  access_token: "access-sandbox-1",
  account_id: "acc-1",
  type: "debit",
  network: "ach",
  ach_class: "web",
  amount: "10.00",
  user: { legal_name: "Ada Lovelace" },
};

describe("parseRequest", () => {
  it("lists every missing field at once, nested ones by their path", () => {
    expect(failure("/transfer/authorization/create", { type: "debit", user: {} })).toEqual([
      400,
      "INVALID_REQUEST",
      "MISSING_FIELDS",
      "the following required fields are missing: access_token, account_id, network, amount, user.legal_name",
    ]);
  });

  it("reads null as not sent: missing when required, absent when optional", () => {
    expect(failure("/item/get", { access_token: null })).toEqual([
      400,
      "INVALID_REQUEST",
      "MISSING_FIELDS",
      "the following required fields are missing: access_token",
    ]);
    expect(parseRequest("/transfer/authorization/create", { ...authorization, idempotency_key: null, device: null })).toEqual(authorization);
  });

  it("counts an empty identifier as missing", () => {
    expect(failure("/transfer/cancel", { transfer_id: "" })).toEqual([
      400,
      "INVALID_REQUEST",
      "MISSING_FIELDS",
      "the following required fields are missing: transfer_id",
    ]);
  });

  it("names the first invalid field once nothing is missing", () => {
    expect(failure("/transfer/authorization/create", { ...authorization, amount: "ten", idempotency_key: "k".repeat(51) })).toEqual([
      400,
      "INVALID_REQUEST",
      "INVALID_FIELD",
      "amount must be a positive decimal string with at most two decimal places",
    ]);
  });

  it("leaves out members the schema does not name, and passes bodies of endpoints without a schema through", () => {
    expect(parseRequest("/item/get", { access_token: "a", client_id: "c", secret: "s", extra: 1 })).toEqual({ access_token: "a" });
    expect(parseRequest("/unknown", { x: 1 })).toEqual({ x: 1 });
  });
});

describe("fieldPath and withoutNulls", () => {
  it.each([
    [["user", "legal_name"], "user.legal_name"],
    [["country_codes", 0], "country_codes[0]"],
    [["rules", 2, "endpoint"], "rules[2].endpoint"],
    [[], ""],
  ] as const)("%j → %s", (path, text) => {
    expect(fieldPath(path)).toBe(text);
  });

  it("drops null members of objects at every depth, not null items of arrays", () => {
    expect(withoutNulls({ a: null, b: { c: null, d: 1 }, e: [null, { f: null }] })).toEqual({ b: { d: 1 }, e: [null, {}] });
  });
});
