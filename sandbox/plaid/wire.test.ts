import { describe, expect, it } from "vitest";
import {
  ACCOUNT_TEMPLATES,
  authorizationDecision,
  authorizationExpired,
  balanceChangeCents,
  canCancel,
  canTransition,
  centsToBalance,
  centsToDecimal,
  checkCredentials,
  decimalToCents,
  type EarlierDebit,
  idempotencyKeyHolds,
  isValidRoutingNumber,
  ledgerChange,
  parseCustomUser,
  PlaidFailure,
  retryNumber,
  retryTarget,
  TRANSITIONS,
  transitionRefusal,
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
  const allowed = {
    debit: new Set(["pending>posted", "pending>failed", "posted>settled", "posted>returned", "settled>funds_available"]),
    // Plaid: funds_available is for ACH debits only; a credit ends at settled. A return from posted only (a late
    // return is the sandbox bank's own /sandbox/transfer/late_return).
    credit: new Set(["pending>posted", "pending>failed", "posted>settled", "posted>returned"]),
  };

  it("has the seven statuses of Plaid's TransferStatus", () => {
    expect(statuses.sort()).toEqual(["cancelled", "failed", "funds_available", "pending", "posted", "returned", "settled"]);
  });

  it.each((["debit", "credit"] as const).flatMap((type) => statuses.flatMap((from) => statuses.map((to) => [type, from, to] as const))))(
    "a %s: %s → %s",
    (type, from, to) => {
      expect(canTransition(type, from, to)).toBe(allowed[type].has(`${from}>${to}`));
    },
  );

  it("says why a credit cannot reach funds_available", () => {
    expect(transitionRefusal("credit", "settled", "funds_available")).toBe("funds_available applies to ACH debits only; a credit ends at settled");
    expect(transitionRefusal("debit", "pending", "settled")).toBe("");
    expect(transitionRefusal("debit", "settled", "funds_available")).toBeNull();
  });

  it("refuses unknown statuses", () => {
    expect(canTransition("debit", "pending", "swept")).toBe(false);
    expect(canTransition("debit", "nope", "posted")).toBe(false);
  });

  it.each([
    ["pending", true],
    ["posted", false],
    ["settled", false],
    ["funds_available", false],
    ["failed", false],
    ["returned", false],
    ["cancelled", false],
  ])("%s is cancellable: %s", (status, cancellable) => {
    expect(canCancel(status)).toBe(cancellable);
  });

  it.each([
    ["debit", "posted", "settled", 2550, -2550],
    ["credit", "posted", "settled", 2550, 2550],
    ["debit", "pending", "posted", 2550, 0],
    ["debit", "pending", "failed", 2550, 0],
    ["debit", "pending", "cancelled", 2550, 0],
    ["credit", "pending", "failed", 2550, 0],
    ["debit", "posted", "returned", 2550, 0],
    ["credit", "posted", "returned", 2550, 0],
    ["debit", "settled", "funds_available", 2550, 0],
    // A return after settlement moves the money back.
    ["debit", "settled", "returned", 2550, 2550],
    ["credit", "settled", "returned", 2550, -2550],
    ["debit", "funds_available", "returned", 2550, 2550],
  ])("a %s moving %s → %s changes the end user's balance by the right cents", (type, from, to, amount, change) => {
    expect(balanceChangeCents(type, from, to, amount)).toBe(change);
  });

  it("nets the end user's balance to zero over every allowed path that ends in a return", () => {
    const paths = {
      debit: [
        ["pending", "posted", "returned"],
        ["pending", "posted", "settled", "returned"],
        ["pending", "posted", "settled", "funds_available", "returned"],
      ],
      credit: [
        ["pending", "posted", "returned"],
        ["pending", "posted", "settled", "returned"],
      ],
    };
    for (const type of ["debit", "credit"] as const) {
      for (const path of paths[type]) {
        let total = 0;
        for (let i = 1; i < path.length; i++) {
          // The simulator's moves, and a late return's last step (/sandbox/transfer/late_return).
          expect(canTransition(type, path[i - 1]!, path[i]!) || path[i] === "returned").toBe(true);
          total += balanceChangeCents(type, path[i - 1]!, path[i]!, 1234);
        }
        expect(total).toBe(0);
      }
    }
  });
});

describe("the Plaid Ledger (ledgerChange)", () => {
  it.each([
    // A debit is pending from the moment it is made, available at funds_available.
    ["debit", null, "pending", { availableCents: 0, pendingCents: 1000 }],
    ["debit", "pending", "posted", { availableCents: 0, pendingCents: 0 }],
    ["debit", "posted", "settled", { availableCents: 0, pendingCents: 0 }],
    ["debit", "settled", "funds_available", { availableCents: 1000, pendingCents: -1000 }],
    ["debit", "pending", "failed", { availableCents: 0, pendingCents: -1000 }],
    ["debit", "pending", "cancelled", { availableCents: 0, pendingCents: -1000 }],
    ["debit", "posted", "returned", { availableCents: 0, pendingCents: -1000 }],
    ["debit", "settled", "returned", { availableCents: 0, pendingCents: -1000 }],
    // Returned after its funds were available: clawed back from available (which may go negative).
    ["debit", "funds_available", "returned", { availableCents: -1000, pendingCents: 0 }],
    // A credit is paid from available when it is made, and comes back if it does not go through.
    ["credit", null, "pending", { availableCents: -1000, pendingCents: 0 }],
    ["credit", "pending", "posted", { availableCents: 0, pendingCents: 0 }],
    ["credit", "posted", "settled", { availableCents: 0, pendingCents: 0 }],
    ["credit", "pending", "failed", { availableCents: 1000, pendingCents: 0 }],
    ["credit", "pending", "cancelled", { availableCents: 1000, pendingCents: 0 }],
    ["credit", "posted", "returned", { availableCents: 1000, pendingCents: 0 }],
    ["credit", "settled", "returned", { availableCents: 1000, pendingCents: 0 }],
  ] as const)("a %s moving %s → %s", (type, from, to, change) => {
    expect(ledgerChange(type, from, to, 1000)).toEqual(change);
  });

  it("nets to zero over every path that ends without the money moving, for debits and credits", () => {
    const ends = ["failed", "cancelled", "returned"];
    for (const type of ["debit", "credit"] as const) {
      const paths = [
        ["pending", "failed"],
        ["pending", "cancelled"],
        ["pending", "posted", "returned"],
        ["pending", "posted", "settled", "returned"],
        ...(type === "debit" ? [["pending", "posted", "settled", "funds_available", "returned"]] : []),
      ];
      for (const path of paths) {
        expect(ends).toContain(path.at(-1));
        const total = { availableCents: 0, pendingCents: 0 };
        let from: string | null = null;
        for (const to of path) {
          const change = ledgerChange(type, from, to, 777);
          total.availableCents += change.availableCents;
          total.pendingCents += change.pendingCents;
          from = to;
        }
        expect(total).toEqual({ availableCents: 0, pendingCents: 0 });
      }
    }
  });

  it("leaves a collected debit in available and a paid credit out of it", () => {
    const sum = (type: string, path: string[]) => {
      let from: string | null = null;
      let available = 0;
      let pending = 0;
      for (const to of path) {
        const change = ledgerChange(type, from, to, 500);
        available += change.availableCents;
        pending += change.pendingCents;
        from = to;
      }
      return [available, pending];
    };
    expect(sum("debit", ["pending", "posted", "settled", "funds_available"])).toEqual([500, 0]);
    expect(sum("debit", ["pending", "posted", "settled"])).toEqual([0, 500]);
    expect(sum("credit", ["pending", "posted", "settled"])).toEqual([-500, 0]);
  });
});

describe("authorizations", () => {
  const at = new Date("2030-01-03T00:00:00Z");
  const hoursBefore = (hours: number) => new Date(at.getTime() - hours * 3_600_000);

  it.each([
    ["approved", 47.99, true],
    ["approved", 48, false],
    ["declined", 1, true],
    ["user_action_required", 0, false],
  ])("a key whose authorization was %s %d hours ago still holds: %s", (decision, hours, holds) => {
    expect(idempotencyKeyHolds({ decision, createdAt: hoursBefore(hours) }, at)).toBe(holds);
  });

  it("expires an authorization one hour after it was made", () => {
    expect(authorizationExpired({ createdAt: new Date(at.getTime() - 3_599_999) }, at)).toBe(false);
    expect(authorizationExpired({ createdAt: hoursBefore(1) }, at)).toBe(true);
  });

  const limits = { maxSingleDebitCents: 100_000, maxSingleCreditCents: 1_200_000 };
  const decide = (input: Partial<Parameters<typeof authorizationDecision>[0]>) =>
    authorizationDecision({
      type: "debit",
      amountCents: 1000,
      loginRequired: false,
      accountAvailableCents: 10_000,
      ledgerAvailableCents: 0,
      limits,
      ...input,
    });

  it.each([
    ["a covered debit", {}, { decision: "approved", code: null, description: null }],
    [
      "a debit above the available balance",
      { accountAvailableCents: 999 },
      { decision: "declined", code: "NSF", description: "Transaction likely to result in a return due to insufficient funds." },
    ],
    [
      "a debit from an account at exactly $0",
      { accountAvailableCents: 0 },
      { decision: "declined", code: "RISK", description: "Transaction is high-risk." },
    ],
    [
      "a debit above the single-debit limit",
      { amountCents: 100_001, accountAvailableCents: 10_000_000 },
      {
        decision: "declined",
        code: "TRANSFER_LIMIT_REACHED",
        description: "The amount exceeds the maximum single debit transfer amount of $1000.00.",
      },
    ],
    ["a debit at the limit", { amountCents: 100_000, accountAvailableCents: 100_000 }, { decision: "approved", code: null, description: null }],
    [
      "any transfer while the login must be renewed",
      { loginRequired: true, amountCents: 1_000_000 },
      { decision: "user_action_required", code: null, description: null },
    ],
    [
      "a credit the Ledger covers",
      { type: "credit", ledgerAvailableCents: 1000, accountAvailableCents: 0 },
      { decision: "approved", code: null, description: null },
    ],
    [
      "a credit the Ledger does not cover",
      { type: "credit", ledgerAvailableCents: 999 },
      { decision: "declined", code: "NSF", description: "Insufficient funds in the Ledger's available balance to cover this credit." },
    ],
    [
      "a credit above the single-credit limit",
      { type: "credit", amountCents: 1_200_001, ledgerAvailableCents: 5_000_000 },
      {
        decision: "declined",
        code: "TRANSFER_LIMIT_REACHED",
        description: "The amount exceeds the maximum single credit transfer amount of $12000.00.",
      },
    ],
  ] as const)("%s", (_, input, decision) => {
    expect(decide(input as Partial<Parameters<typeof authorizationDecision>[0]>)).toEqual(decision);
  });
});

describe("retries of returned debits", () => {
  it.each([
    ["Retry 1", 1],
    ["Retry 2", 2],
    ["Retry 3", "invalid"],
    ["retry 1", "invalid"],
    ["RETRY2", "invalid"],
    ["Retry", "invalid"],
    ["Contrib", null],
    ["Retrying", null],
  ] as const)("%j is %s", (description, number) => {
    expect(retryNumber(description)).toBe(number);
  });

  const now = new Date("2030-07-01T00:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const debit = (id: string, extra: Partial<EarlierDebit> = {}): EarlierDebit => ({
    transferId: id,
    type: "debit",
    amountCents: 1000,
    status: "returned",
    achReturnCode: "R01",
    description: "Contrib",
    retryOf: null,
    createdAt: daysAgo(10),
    ...extra,
  });
  const request = { amountCents: 1000, now };

  it("presents again the newest R01/R09 return of the same amount as Retry 1", () => {
    expect(retryTarget(1, request, [debit("old", { createdAt: daysAgo(20), achReturnCode: "R09" }), debit("new")])).toEqual({
      ok: true,
      originalId: "new",
    });
  });

  it("presents again an original a third time as Retry 2, after its Retry 1 came back R01/R09", () => {
    const earlier = [debit("o"), debit("r1", { description: "Retry 1", retryOf: "o", achReturnCode: "R09", createdAt: daysAgo(5) })];
    expect(retryTarget(2, request, earlier)).toEqual({ ok: true, originalId: "o" });
  });

  it.each([
    [
      "no debit of the amount",
      1,
      [debit("o", { amountCents: 999 })],
      'description "Retry 1" presents again a returned debit, and this account has no debit of this amount',
    ],
    [
      "a debit not returned",
      1,
      [debit("o", { status: "settled", achReturnCode: null })],
      'description "Retry 1" presents again a returned debit, and no debit of this account and amount has been returned',
    ],
    [
      "an R10 return",
      1,
      [debit("o", { achReturnCode: "R10" })],
      "the debit of this account and amount was returned with R10, which may not be retried: only R01 and R09 returns may be presented again",
    ],
    [
      "an original older than 180 days",
      1,
      [debit("o", { createdAt: daysAgo(181) })],
      "a returned debit may be retried only within 180 days of the original debit's creation",
    ],
    [
      "an original already retried",
      1,
      [debit("o"), debit("r1", { description: "Retry 1", retryOf: "o", status: "pending", achReturnCode: null })],
      'the returned debit has already been presented again as "Retry 1"',
    ],
    [
      "a Retry 2 without a Retry 1",
      2,
      [debit("o")],
      'description "Retry 2" must follow a "Retry 1" of the same account and amount, and there is none',
    ],
    [
      "a Retry 2 after a Retry 1 returned R10",
      2,
      [debit("o"), debit("r1", { description: "Retry 1", retryOf: "o", achReturnCode: "R10" })],
      'the "Retry 1" of this account and amount was returned with R10, which may not be retried: only R01 and R09 returns may be presented again',
    ],
    [
      "a Retry 2 more than 180 days after the original",
      2,
      [debit("o", { createdAt: daysAgo(200) }), debit("r1", { description: "Retry 1", retryOf: "o", createdAt: daysAgo(170) })],
      "a returned debit may be retried only within 180 days of the original debit's creation",
    ],
    [
      "a third retry",
      2,
      [debit("o"), debit("r1", { description: "Retry 1", retryOf: "o" }), debit("r2", { description: "Retry 2", retryOf: "o" })],
      'the returned debit has already been presented again as "Retry 2"',
    ],
    [
      "a credit",
      1,
      [debit("o", { type: "credit" })],
      'description "Retry 1" presents again a returned debit, and this account has no debit of this amount',
    ],
  ] as const)("refuses %s", (_, retry, earlier, reason) => {
    expect(retryTarget(retry, request, earlier)).toEqual({ ok: false, reason });
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
      documentation_url: "https://plaid.com/docs/errors/",
      suggested_action: null,
    });
  });
});
