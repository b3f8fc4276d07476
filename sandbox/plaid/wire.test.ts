import { describe, expect, it } from "vitest";
import {
  ACCOUNT_TEMPLATES,
  balanceChangeCents,
  canTransition,
  centsToBalance,
  centsToDecimal,
  checkCredentials,
  decimalToCents,
  isValidRoutingNumber,
  parseCustomUser,
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
  const allowed = new Set([
    "pending>posted",
    "pending>failed",
    "posted>settled",
    "posted>returned",
    "settled>funds_available",
    "settled>returned",
    "funds_available>returned",
  ]);

  it("has the seven statuses", () => {
    expect(statuses.sort()).toEqual(["cancelled", "failed", "funds_available", "pending", "posted", "returned", "settled"]);
  });

  it.each(statuses.flatMap((from) => statuses.map((to) => [from, to] as const)))("%s → %s", (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it("refuses unknown statuses", () => {
    expect(canTransition("pending", "swept")).toBe(false);
    expect(canTransition("nope", "posted")).toBe(false);
  });

  it.each([
    ["debit", "posted", "settled", 2550, -2550],
    ["credit", "posted", "settled", 2550, 2550],
    ["debit", "pending", "posted", 2550, 0],
    ["debit", "pending", "failed", 2550, 0],
    ["credit", "pending", "failed", 2550, 0],
    ["debit", "posted", "returned", 2550, 0],
    ["credit", "posted", "returned", 2550, 0],
    ["debit", "settled", "funds_available", 2550, 0],
    ["credit", "settled", "funds_available", 2550, 0],
    // A return after settlement moves the money back.
    ["debit", "settled", "returned", 2550, 2550],
    ["credit", "settled", "returned", 2550, -2550],
    ["debit", "funds_available", "returned", 2550, 2550],
    ["credit", "funds_available", "returned", 2550, -2550],
  ])("a %s moving %s → %s changes the balance by the right cents", (type, from, to, amount, change) => {
    expect(balanceChangeCents(type, from, to, amount)).toBe(change);
  });

  it("nets to zero over every allowed path that ends in a return", () => {
    const paths = [
      ["pending", "posted", "returned"],
      ["pending", "posted", "settled", "returned"],
      ["pending", "posted", "settled", "funds_available", "returned"],
    ];
    for (const type of ["debit", "credit"]) {
      for (const path of paths) {
        let total = 0;
        for (let i = 1; i < path.length; i++) {
          expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
          total += balanceChangeCents(type, path[i - 1]!, path[i]!, 1234);
        }
        expect(total).toBe(0);
      }
    }
  });
});

describe("checkCredentials", () => {
  it("accepts user_good / pass_good with Plaid's two accounts", () => {
    expect(checkCredentials("user_good", "pass_good")).toEqual({ ok: true, accounts: ACCOUNT_TEMPLATES });
    expect(ACCOUNT_TEMPLATES.map((account) => [account.name, account.mask, account.availableCents, account.currentCents])).toEqual([
      ["Plaid Checking", "0000", 10_000, 11_000],
      ["Plaid Saving", "1111", 20_000, 21_000],
    ]);
  });

  it("accepts user_custom with a JSON configuration, and fails an error_<CODE> password even for user_custom", () => {
    const result = checkCredentials("user_custom", '{"override_accounts":[{"type":"depository","subtype":"checking","starting_balance":5000}]}');
    expect(result).toEqual({
      ok: true,
      accounts: [
        {
          name: "Plaid Checking",
          officialName: "Plaid Gold Standard 0% Interest Checking",
          type: "depository",
          subtype: "checking",
          mask: "0000",
          accountNumber: "1111222233330000",
          routingNumber: null,
          availableCents: 500_000,
          currentCents: 500_000,
        },
      ],
    });
    const locked = checkCredentials("user_custom", "error_ITEM_LOCKED");
    if (locked.ok) throw new Error("expected a failure");
    expect([locked.failure.errorCode, locked.retryable]).toEqual(["ITEM_LOCKED", false]);
  });

  it.each([
    ["not json", "the password is not valid JSON"],
    ["pass_good", "the password is not valid JSON"],
    ["[]", "the configuration must be a JSON object"],
    ["{}", "override_accounts must be a non-empty array (random accounts are not modelled)"],
    ['{"override_accounts":[{"type":"credit","subtype":"credit card"}]}', "override_accounts[0].type must be depository"],
  ])("user_custom with %s is INVALID_CREDENTIALS, retryable (%s)", (password, reason) => {
    const result = checkCredentials("user_custom", password);
    if (result.ok) throw new Error("expected a failure");
    expect(result.retryable).toBe(true);
    expect(result.reason).toBe(reason);
    expect([result.failure.status, result.failure.errorType, result.failure.errorCode, result.failure.message]).toEqual([
      400,
      "ITEM_ERROR",
      "INVALID_CREDENTIALS",
      "the provided credentials were not correct",
    ]);
  });

  it("is INVALID_CREDENTIALS for a custom configuration under another username", () => {
    const result = checkCredentials("user_good", '{"override_accounts":[{"type":"depository"}]}');
    if (result.ok) throw new Error("expected a failure");
    expect(result.failure.errorCode).toBe("INVALID_CREDENTIALS");
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

describe("parseCustomUser", () => {
  it("reads type, subtype, starting_balance, meta and numbers, in order", () => {
    const result = parseCustomUser(
      JSON.stringify({
        version: "2",
        seed: "rosca",
        override_accounts: [
          {
            type: "depository",
            subtype: "savings",
            starting_balance: 1234.56,
            meta: { name: "Rainy Day", official_name: "Rainy Day Savings", mask: "4242" },
            numbers: { account: "9900001234", ach_routing: "021000021" },
          },
          { type: "depository", starting_balance: 0.1 },
          { type: "depository", subtype: "checking", numbers: { account: "5556667777" } },
        ],
      }),
    );
    expect(result).toEqual({
      ok: true,
      accounts: [
        {
          name: "Rainy Day",
          officialName: "Rainy Day Savings",
          type: "depository",
          subtype: "savings",
          mask: "4242",
          accountNumber: "9900001234",
          routingNumber: "021000021",
          availableCents: 123_456,
          currentCents: 123_456,
        },
        {
          name: "Plaid Checking",
          officialName: "Plaid Gold Standard 0% Interest Checking",
          type: "depository",
          subtype: "checking",
          mask: "0001",
          accountNumber: "1111222233330001",
          routingNumber: null,
          availableCents: 10,
          currentCents: 10,
        },
        {
          name: "Plaid Checking",
          officialName: "Plaid Gold Standard 0% Interest Checking",
          type: "depository",
          subtype: "checking",
          mask: "7777",
          accountNumber: "5556667777",
          routingNumber: null,
          availableCents: 0,
          currentCents: 0,
        },
      ],
    });
  });

  it("accepts a negative starting balance (an overdrawn account) and an empty mask", () => {
    const result = parseCustomUser('{"override_accounts":[{"type":"depository","starting_balance":-20.5,"meta":{"mask":""}}]}');
    if (!result.ok) throw new Error(result.reason);
    expect([result.accounts[0]!.availableCents, result.accounts[0]!.currentCents, result.accounts[0]!.mask]).toEqual([-2050, -2050, ""]);
  });

  const account = (extra: Record<string, unknown>) => JSON.stringify({ override_accounts: [{ type: "depository", ...extra }] });
  it.each([
    [JSON.stringify({ override_accounts: [] }), "override_accounts must be a non-empty array (random accounts are not modelled)"],
    [JSON.stringify({ override_accounts: [{ type: "depository" }], force_error: "ITEM_LOCKED" }), "unsupported field force_error"],
    [JSON.stringify({ override_accounts: [{ type: "depository" }], version: 3 }), 'version must be "1" or "2"'],
    [JSON.stringify({ override_accounts: Array(11).fill({ type: "depository" }) }), "at most 10 override_accounts"],
    [JSON.stringify({ override_accounts: ["checking"] }), "override_accounts[0] must be an object"],
    [JSON.stringify({ override_accounts: [{ subtype: "checking" }] }), "override_accounts[0].type must be depository"],
    [account({ subtype: "money market" }), "override_accounts[0].subtype must be checking or savings"],
    [account({ starting_balance: "5000" }), "override_accounts[0].starting_balance must be a number with at most two decimal places"],
    [account({ starting_balance: 1.005 }), "override_accounts[0].starting_balance must be a number with at most two decimal places"],
    [account({ force_available_balance: 10 }), "unsupported field override_accounts[0].force_available_balance"],
    [account({ transactions: [] }), "unsupported field override_accounts[0].transactions"],
    [account({ meta: { limit: 100 } }), "unsupported field override_accounts[0].meta.limit"],
    [account({ meta: { name: 7 } }), "override_accounts[0].meta.name must be a string"],
    [account({ meta: { name: "" } }), "override_accounts[0].meta.name must not be empty"],
    [account({ meta: { mask: "12345" } }), "override_accounts[0].meta.mask must be empty or 2-4 alphanumeric characters"],
    [account({ meta: "x" }), "override_accounts[0].meta must be an object"],
    [account({ numbers: { ach_wire_routing: "021000021" } }), "unsupported field override_accounts[0].numbers.ach_wire_routing"],
    [account({ numbers: { account: "12ab" } }), "override_accounts[0].numbers.account must be 4-17 digits"],
    [account({ numbers: { ach_routing: "123456789" } }), "override_accounts[0].numbers.ach_routing must be a valid 9-digit ACH routing number"],
  ])("refuses %s", (password, reason) => {
    expect(parseCustomUser(password)).toEqual({ ok: false, reason });
  });

  it.each([
    ["011401533", true],
    ["021000021", true],
    ["322271627", true],
    ["123456789", false],
    ["01140153", false],
    ["01140153a", false],
  ])("routing number %s valid: %s", (routing, valid) => {
    expect(isValidRoutingNumber(routing)).toBe(valid);
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
