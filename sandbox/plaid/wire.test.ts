import { describe, expect, it } from "vitest";
import {
  balanceChangeCents,
  canTransition,
  centsToBalance,
  centsToDecimal,
  checkCredentials,
  decimalToCents,
  PlaidFailure,
  TRANSITIONS,
} from "./wire";

describe("decimalToCents", () => {
  it.each([
    ["10.00", 1000],
    ["10", 1000],
    ["10.5", 1050],
    ["0.01", 1],
    ["1234567.89", 123456789],
  ])("%s → %i cents", (amount, cents) => {
    expect(decimalToCents(amount)).toBe(cents);
  });

  it.each([["0.00"], ["0"], ["-1.00"], ["1.001"], ["1e3"], [" 1.00"], ["1,00"], [""], ["."], ["1."]])("rejects %j", (amount) => {
    expect(decimalToCents(amount)).toBeNull();
  });

  it("rejects numbers: Plaid's transfer amounts are strings", () => {
    expect(decimalToCents(10)).toBeNull();
  });
});

describe("centsToDecimal and centsToBalance", () => {
  it.each([
    [1000, "10.00", 10],
    [1, "0.01", 0.01],
    [7450, "74.50", 74.5],
    [-2550, "-25.50", -25.5],
    [0, "0.00", 0],
  ])("%i cents → %s / %d", (cents, decimal, balance) => {
    expect(centsToDecimal(cents)).toBe(decimal);
    expect(centsToBalance(cents)).toBe(balance);
  });
});

describe("transfer state machine", () => {
  const statuses = Object.keys(TRANSITIONS);
  const allowed = new Set(["pending>posted", "pending>failed", "posted>settled", "posted>returned", "settled>funds_available"]);

  it.each(statuses.flatMap((from) => statuses.map((to) => [from, to] as const)))("%s → %s", (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it("refuses unknown statuses", () => {
    expect(canTransition("pending", "swept")).toBe(false);
    expect(canTransition("nope", "posted")).toBe(false);
  });

  it.each([
    ["debit", "settled", 2550, -2550],
    ["credit", "settled", 2550, 2550],
    ["debit", "posted", 2550, 0],
    ["debit", "returned", 2550, 0],
    ["debit", "funds_available", 2550, 0],
    ["credit", "failed", 2550, 0],
  ])("a %s moving to %s changes the balance by the right cents", (type, to, amount, change) => {
    expect(balanceChangeCents(type, to, amount)).toBe(change);
  });
});

describe("checkCredentials", () => {
  it("accepts user_good / pass_good", () => {
    expect(checkCredentials("user_good", "pass_good")).toEqual({ ok: true });
  });

  it.each([
    ["error_ITEM_LOCKED", 400, "ITEM_ERROR", "ITEM_LOCKED"],
    ["error_INVALID_CREDENTIALS", 400, "ITEM_ERROR", "INVALID_CREDENTIALS"],
    ["error_INSTITUTION_DOWN", 400, "INSTITUTION_ERROR", "INSTITUTION_DOWN"],
    ["error_INTERNAL_SERVER_ERROR", 500, "API_ERROR", "INTERNAL_SERVER_ERROR"],
  ])("password %s fails with that code, not retryable", (password, status, type, code) => {
    const result = checkCredentials("anyone", password);
    if (result.ok) throw new Error("expected a failure");
    expect(result.retryable).toBe(false);
    expect(result.failure).toBeInstanceOf(PlaidFailure);
    expect([result.failure.status, result.failure.errorType, result.failure.errorCode]).toEqual([status, type, code]);
  });

  it.each([
    ["user_good", "wrong"],
    ["user_bad", "pass_good"],
    ["user_good", "error_NOT_A_CODE"],
    [undefined, undefined],
  ])("%s / %s is INVALID_CREDENTIALS, retryable", (username, password) => {
    const result = checkCredentials(username, password);
    if (result.ok) throw new Error("expected a failure");
    expect(result.retryable).toBe(true);
    expect(result.failure.errorCode).toBe("INVALID_CREDENTIALS");
  });
});

describe("PlaidFailure.body", () => {
  it("is Plaid's error body", () => {
    expect(new PlaidFailure(400, "INVALID_INPUT", "INVALID_API_KEYS", "invalid client_id or secret provided").body("req1")).toEqual({
      error_type: "INVALID_INPUT",
      error_code: "INVALID_API_KEYS",
      error_message: "invalid client_id or secret provided",
      display_message: null,
      request_id: "req1",
      causes: [],
      status: 400,
      documentation_url: "https://plaid.com/docs/errors/",
      suggested_action: null,
    });
  });
});
