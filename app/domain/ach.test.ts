import { describe, expect, it } from "vitest";
import {
  ACH_DESCRIPTION_MAX_LENGTH,
  achClass,
  type AttemptFacts,
  BANK_KEY_MAX_LENGTH,
  bankIdempotencyKey,
  DECLINE_REASONS,
  failureReason,
  RETURN_ACTIONS,
  RETURN_REASONS,
  returnAction,
  returnedRun,
  retryNumber,
  transferDescription,
} from "./ach";
import { transferKey } from "./money";

const KEY = transferKey("contribution", "0a8d6b8e-8f3e-4b8c-9a51-2b2f1f7f4c11", 12, "5c4a2f0e-7b1d-4c55-8e2a-96b1a7d3c3f0", 3);

describe("bankIdempotencyKey", () => {
  it("fits Plaid's 50 characters where our logical key does not", () => {
    expect(KEY.length).toBe(91);
    expect(KEY.length).toBeGreaterThan(BANK_KEY_MAX_LENGTH);
    expect(bankIdempotencyKey(KEY, 0)).toMatch(/^[0-9a-f]{48}$/);
  });

  it("is the first 48 hex characters of SHA-256(key#round) (as sha256sum prints them)", () => {
    expect(bankIdempotencyKey("contribution:g:1:u:1", 0)).toBe("79d977a8256058eec07662b6fb60eecc525a73188b48da78");
    expect(bankIdempotencyKey("contribution:g:1:u:1", 1)).toBe("fe897b9badee2f254af8de64e0b99709c799efbb5d569acb");
  });

  it("differs for every attempt and round, and is the same every time for the same ones", () => {
    const keys = new Set<string>();
    for (let attempt = 1; attempt <= 3; attempt++) {
      for (let round = 0; round < 5; round++) keys.add(bankIdempotencyKey(KEY.replace(/3$/, String(attempt)), round));
    }
    expect(keys.size).toBe(15);
    expect(bankIdempotencyKey(KEY, 2)).toBe(bankIdempotencyKey(KEY, 2));
  });

  it("refuses a round that is not a whole number ≥ 0", () => {
    expect(() => bankIdempotencyKey(KEY, -1)).toThrow(RangeError);
    expect(() => bankIdempotencyKey(KEY, 1.5)).toThrow(RangeError);
  });
});

describe("transferDescription and achClass", () => {
  it.each([
    ["contribution", 0, "Contrib"],
    ["fee", 0, "Setup fee"],
    ["payout", 0, "Payout"],
    ["contribution", 1, "Retry 1"],
    ["contribution", 2, "Retry 2"],
    ["fee", 1, "Retry 1"],
  ] as const)("%s, retry %i: %s (at most 10 characters, as Plaid allows for ACH)", (purpose, retry, expected) => {
    expect(transferDescription(purpose, retry)).toBe(expected);
    expect(expected.length).toBeLessThanOrEqual(ACH_DESCRIPTION_MAX_LENGTH);
  });

  it("a payout is never a retry of a returned debit", () => {
    expect(() => transferDescription("payout", 1)).toThrow(RangeError);
  });

  it("debits the member authorised online are web; credits to a member are ppd", () => {
    expect(achClass("debit")).toBe("web");
    expect(achClass("credit")).toBe("ppd");
  });
});

describe("returnAction", () => {
  it.each([
    ["R01", "retry"],
    ["R09", "retry"],
    ["R02", "unusable"],
    ["R03", "unusable"],
    ["R04", "unusable"],
    ["R16", "unusable"],
    ["R20", "unusable"],
    ["R05", "revoke"],
    ["R07", "revoke"],
    ["R08", "revoke"],
    ["R10", "revoke"],
    ["R29", "revoke"],
    ["R06", "final"],
    ["R11", "final"],
    [null, "final"],
    ["", "final"],
  ])("%s → %s", (code, action) => {
    expect(returnAction(code)).toBe(action);
  });

  it("every code with a rule has words for the member, and so has every decline rationale the bank gives", () => {
    for (const code of Object.keys(RETURN_ACTIONS)) expect(RETURN_REASONS[code]).toMatch(/\.$/);
    for (const code of ["NSF", "RISK", "TRANSFER_LIMIT_REACHED"]) expect(DECLINE_REASONS[code]).toMatch(/\.$/);
  });
});

const A = (attempt: number, status: string, failureCode: string | null = null, initiatedOn = "2026-01-09", accountId = "acc-1"): AttemptFacts => ({
  attempt,
  status,
  failureCode,
  initiatedOn,
  accountId,
});

describe("returnedRun and retryNumber", () => {
  it("the first attempt and one after a failure or a decline are new entries (Retry 0)", () => {
    expect(retryNumber([], "2026-01-09")).toBe(0);
    expect(retryNumber([A(1, "declined", "NSF")], "2026-01-12")).toBe(0);
    expect(retryNumber([A(1, "failed")], "2026-01-12")).toBe(0);
  });

  it("a debit returned R01 or R09 is presented again as Retry 1, then Retry 2, and never a third time", () => {
    expect(retryNumber([A(1, "returned", "R01")], "2026-01-12")).toBe(1);
    expect(retryNumber([A(1, "returned", "R09")], "2026-01-12")).toBe(1);
    expect(retryNumber([A(1, "returned", "R01"), A(2, "returned", "R09", "2026-01-12")], "2026-01-15")).toBe(2);
    expect(retryNumber([A(1, "returned", "R01"), A(2, "returned", "R01"), A(3, "returned", "R01")], "2026-01-18")).toBeNull();
  });

  it("a declined retry is not an entry: the next one presents the same return again", () => {
    const attempts = [A(1, "returned", "R01"), A(2, "declined", "NSF")];
    expect(returnedRun(attempts).map((a) => a.attempt)).toEqual([1]);
    expect(retryNumber(attempts, "2026-01-15")).toBe(1);
  });

  it("after any other return, or a settled entry, the run starts again", () => {
    expect(retryNumber([A(1, "returned", "R10")], "2026-01-12")).toBe(0);
    expect(retryNumber([A(1, "returned", "R01"), A(2, "returned", "R02")], "2026-01-15")).toBe(0);
    expect(returnedRun([A(1, "returned", "R01"), A(2, "failed")])).toEqual([]);
  });

  it("only within 180 days of the original entry", () => {
    expect(retryNumber([A(1, "returned", "R01", "2026-01-09")], "2026-07-08")).toBe(1);
    expect(retryNumber([A(1, "returned", "R01", "2026-01-09")], "2026-07-09")).toBeNull();
  });

  it("a debit from another account is a new entry, not a retry", () => {
    expect(retryNumber([A(1, "returned", "R01")], "2026-01-12", "acc-2")).toBe(0);
    expect(retryNumber([A(1, "returned", "R01")], "2026-01-12", "acc-1")).toBe(1);
  });
});

describe("failureReason", () => {
  it("says what the bank did, in the member's words", () => {
    expect(failureReason("declined", "NSF")).toBe(DECLINE_REASONS.NSF);
    expect(failureReason("declined", "RISK")).toBe(DECLINE_REASONS.RISK);
    expect(failureReason("returned", "R10")).toBe("You told your bank that this payment was not authorised.");
    expect(failureReason("returned", "R61")).toBe("Your bank returned the payment (return code R61).");
    expect(failureReason("cancelled", "CANCELLED")).toBe("The payment was cancelled before it reached your bank.");
    expect(failureReason("failed", null, "The bank rejected the entry.")).toBe("The bank rejected the entry.");
    expect(failureReason("failed", null)).toBe("The bank did not complete the payment.");
  });
});
