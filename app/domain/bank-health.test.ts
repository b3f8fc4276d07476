import { describe, expect, it } from "vitest";
import { describeAccount, isLoginRequiredReason, type LoginRequiredReason, loginBlocksTransfers, loginStateChanges } from "./bank-health";

describe("loginStateChanges", () => {
  // current (null = healthy) × next → changes?
  const table: Array<[LoginRequiredReason | null, LoginRequiredReason, boolean]> = [
    [null, "ITEM_LOGIN_REQUIRED", true],
    [null, "PENDING_EXPIRATION", true],
    [null, "USER_ACTION_REQUIRED", true],
    ["PENDING_EXPIRATION", "ITEM_LOGIN_REQUIRED", true],
    ["PENDING_EXPIRATION", "USER_ACTION_REQUIRED", true],
    ["PENDING_EXPIRATION", "PENDING_EXPIRATION", false],
    ["ITEM_LOGIN_REQUIRED", "ITEM_LOGIN_REQUIRED", false],
    ["ITEM_LOGIN_REQUIRED", "USER_ACTION_REQUIRED", false],
    ["ITEM_LOGIN_REQUIRED", "PENDING_EXPIRATION", false],
    ["USER_ACTION_REQUIRED", "ITEM_LOGIN_REQUIRED", false],
    ["USER_ACTION_REQUIRED", "USER_ACTION_REQUIRED", false],
    ["USER_ACTION_REQUIRED", "PENDING_EXPIRATION", false],
  ];
  it.each(table)("%s → %s: %s", (current, next, expected) => {
    expect(loginStateChanges(current, next)).toBe(expected);
  });
});

describe("loginBlocksTransfers", () => {
  it("only a login that has stopped working stops money", () => {
    expect(
      [null, "PENDING_EXPIRATION", "ITEM_LOGIN_REQUIRED", "USER_ACTION_REQUIRED"].map((r) => loginBlocksTransfers(r as LoginRequiredReason | null)),
    ).toEqual([false, false, true, true]);
  });
});

describe("isLoginRequiredReason", () => {
  it("accepts the three reasons only", () => {
    expect(["ITEM_LOGIN_REQUIRED", "PENDING_EXPIRATION", "USER_ACTION_REQUIRED", "LOGIN_REPAIRED", "", null, 1].map(isLoginRequiredReason)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("describeAccount", () => {
  it("names the bank, the account and its last digits, leaving out what is unknown", () => {
    expect(describeAccount({ institutionName: "First Platypus Bank", accountName: "Plaid Checking", mask: "0000" })).toBe(
      "First Platypus Bank Plaid Checking ••0000",
    );
    expect(describeAccount({ institutionName: null, accountName: "Household", mask: null })).toBe("Household");
  });
});
