/**
 * Transfers as Plaid runs them, through the official SDK: authorization decisions, idempotency keys that expire,
 * authorizations that expire, "Retry 1" / "Retry 2", the Plaid Ledger, cancellation and listing. The bank's clock is
 * the test's, so hours and days pass at once.
 */
import { TransferType } from "plaid";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBankDays } from "../../app/domain/bank-days";
import { todayIn } from "../../app/domain/schedule";
import { createTestDatabase } from "../../tests/support/test-db";
import { type BankSandbox, startBankSandbox } from "./server";
import {
  authorizationRequest,
  CLIENT_ID,
  customUser,
  fundLedger,
  invalidField,
  lateReturn,
  ledger,
  linkItem,
  makeTransfer,
  plaidError,
  rejection,
  SECRET,
  sdk,
  simulate,
  webhookReceiver,
} from "./testing";

const HOUR = 3_600_000;
let databaseUrl: string;
let sandbox: BankSandbox;
let client: ReturnType<typeof sdk>;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let now = new Date("2030-01-01T12:00:00Z");
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  receiver = await webhookReceiver();
  sandbox = await startBankSandbox({
    databaseUrl,
    clientId: CLIENT_ID,
    secret: SECRET,
    now: () => now,
    webhookBatchMs: 20,
    transferLimits: { maxSingleDebitCents: 100_000, maxSingleCreditCents: 1_200_000 },
  });
  client = sdk(sandbox.url);
});

afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(text, values)).rows as T[];
  } finally {
    await db.end();
  }
}

describe("authorization decisions (Plaid's sandbox rules)", () => {
  it("declines RISK when the account's available balance is exactly $0, NSF when it is short", async () => {
    const empty = await linkItem(client, { password: customUser(0) });
    const { data: risk } = await client.transferAuthorizationCreate(authorizationRequest(empty.accessToken, empty.checking.account_id, "1.00"));
    expect([risk.authorization.decision, risk.authorization.decision_rationale]).toEqual([
      "declined",
      { code: "RISK", description: "Transaction is high-risk." },
    ]);
    const poor = await linkItem(client, { password: customUser(0.99) });
    const { data: nsf } = await client.transferAuthorizationCreate(authorizationRequest(poor.accessToken, poor.checking.account_id, "1.00"));
    expect([nsf.authorization.decision, nsf.authorization.decision_rationale?.code]).toEqual(["declined", "NSF"]);
  });

  it("declines TRANSFER_LIMIT_REACHED above the single-transfer limits (startBankSandbox's transferLimits)", async () => {
    const rich = await linkItem(client, { password: customUser(5000) });
    const { data: debit } = await client.transferAuthorizationCreate(authorizationRequest(rich.accessToken, rich.checking.account_id, "1000.01"));
    expect([debit.authorization.decision, debit.authorization.decision_rationale]).toEqual([
      "declined",
      { code: "TRANSFER_LIMIT_REACHED", description: "The amount exceeds the maximum single debit transfer amount of $1000.00." },
    ]);
    const { data: atLimit } = await client.transferAuthorizationCreate(authorizationRequest(rich.accessToken, rich.checking.account_id, "1000.00"));
    expect(atLimit.authorization.decision).toBe("approved");
    const { data: credit } = await client.transferAuthorizationCreate(
      authorizationRequest(rich.accessToken, rich.checking.account_id, "12000.01", { type: TransferType.Credit }),
    );
    expect(credit.authorization.decision_rationale).toEqual({
      code: "TRANSFER_LIMIT_REACHED",
      description: "The amount exceeds the maximum single credit transfer amount of $12000.00.",
    });
  });

  it("answers user_action_required (rationale null) while the item's login must be renewed", async () => {
    const item = await linkItem(client);
    await client.sandboxItemResetLogin({ access_token: item.accessToken });
    for (const type of [TransferType.Debit, TransferType.Credit]) {
      const { data } = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, "1.00", { type }));
      expect([data.authorization.decision, data.authorization.decision_rationale]).toEqual(["user_action_required", null]);
      expect(
        await rejection(
          client.transferCreate({
            access_token: item.accessToken,
            account_id: item.checking.account_id,
            authorization_id: data.authorization.id,
            description: "Contrib",
          }),
        ),
      ).toEqual(
        plaidError(
          400,
          "TRANSFER_ERROR",
          "TRANSFER_FORBIDDEN_AUTHORIZATION_DECLINED",
          "a transfer cannot be created from an authorization whose decision is user_action_required: repair the item through Link's update mode, then authorize again",
        ),
      );
    }
  });

  it.each(["R02", "R03", "R04", "R16", "R20"])("blocks the account after an %s return: TRANSFER_ACCOUNT_BLOCKED from then on", async (code) => {
    const item = await linkItem(client);
    const transferId = await makeTransfer(client, item, item.checking.account_id, "1.00");
    await simulate(client, transferId, "posted");
    await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "returned", failure_reason: { failure_code: code } });
    expect(await rejection(client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, "1.00")))).toEqual(
      plaidError(400, "TRANSFER_ERROR", "TRANSFER_ACCOUNT_BLOCKED", "transfer was blocked due to a previous ACH return on this account"),
    );
    // The item's other account is not blocked.
    const { data } = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.savings.account_id, "1.00"));
    expect(data.authorization.decision).toBe("approved");
  });

  it("does not block the account after an R01, R09 or R10 return", async () => {
    const item = await linkItem(client);
    for (const code of ["R01", "R09", "R10"]) {
      const transferId = await makeTransfer(client, item, item.checking.account_id, "1.00");
      await simulate(client, transferId, "posted");
      await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "returned", failure_reason: { ach_return_code: code } });
    }
    const { data } = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, "1.00"));
    expect(data.authorization.decision).toBe("approved");
  });
});

describe("idempotency keys and expiry", () => {
  it("answers a key with its authorization for 48 hours, then makes a new one", async () => {
    const item = await linkItem(client);
    const request = authorizationRequest(item.accessToken, item.checking.account_id, "10.00", { idempotency_key: "a".repeat(48) });
    const { data: first } = await client.transferAuthorizationCreate(request);
    later(47 * HOUR);
    const { data: again } = await client.transferAuthorizationCreate({ ...request, amount: "20.00" });
    expect(again.authorization).toEqual(first.authorization);
    later(HOUR);
    const { data: fresh } = await client.transferAuthorizationCreate({ ...request, amount: "20.00" });
    expect(fresh.authorization.id).not.toBe(first.authorization.id);
    expect(fresh.authorization.proposed_transfer.amount).toBe("20.00");
    // And the new generation is the key's answer from now on.
    const { data: third } = await client.transferAuthorizationCreate(request);
    expect(third.authorization.id).toBe(fresh.authorization.id);
  });

  it("never answers a user_action_required key with its old authorization; after the repair, the same key is approved", async () => {
    const item = await linkItem(client, { webhook: receiver.url });
    await client.sandboxItemResetLogin({ access_token: item.accessToken });
    const request = authorizationRequest(item.accessToken, item.checking.account_id, "10.00", { idempotency_key: "reauthorize-me" });
    const { data: first } = await client.transferAuthorizationCreate(request);
    const { data: second } = await client.transferAuthorizationCreate(request);
    expect([first.authorization.decision, second.authorization.decision]).toEqual(["user_action_required", "user_action_required"]);
    expect(second.authorization.id).not.toBe(first.authorization.id);
    await client.sandboxItemFireWebhook({ access_token: item.accessToken, webhook_code: "LOGIN_REPAIRED" as never });
    const { data: repaired } = await client.transferAuthorizationCreate(request);
    expect(repaired.authorization.decision).toBe("approved");
    const { data: replay } = await client.transferAuthorizationCreate(request);
    expect(replay.authorization.id).toBe(repaired.authorization.id);
    const rows = await query<{ key_generation: string }>(
      "select key_generation from sandbox_plaid.transfer_authorizations where idempotency_key = $1 order by key_generation",
      ["reauthorize-me"],
    );
    expect(rows.map((row) => Number(row.key_generation))).toEqual([0, 1, 2]);
  });

  it("makes one authorization for one key however many ask at once", async () => {
    const item = await linkItem(client);
    const request = authorizationRequest(item.accessToken, item.checking.account_id, "3.00", { idempotency_key: "race-key" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.transferAuthorizationCreate(request)));
    expect(new Set(answers.map((answer) => answer.data.authorization.id)).size).toBe(1);
  });

  it("refuses a transfer on an authorization an hour old, but returns one made within the hour at any time", async () => {
    const item = await linkItem(client);
    const { data: unused } = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, "5.00"));
    const { data: used } = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, "5.00"));
    const create = (authorizationId: string) =>
      client.transferCreate({
        access_token: item.accessToken,
        account_id: item.checking.account_id,
        authorization_id: authorizationId,
        description: "Contrib",
      });
    later(HOUR - 1);
    const { data: made } = await create(used.authorization.id);
    later(1);
    expect(await rejection(create(unused.authorization.id))).toEqual(
      invalidField("authorization_id has expired: an authorization must be used within one hour of its creation; create a new authorization"),
    );
    later(49 * HOUR);
    const { data: again } = await create(used.authorization.id);
    expect(again.transfer.id).toBe(made.transfer.id);
  });
});

describe("Retry 1 and Retry 2", () => {
  async function returnedDebit(item: Awaited<ReturnType<typeof linkItem>>, code: string, amount = "4.00", description = "Contrib") {
    const transferId = await makeTransfer(client, item, item.checking.account_id, amount, { description });
    await simulate(client, transferId, "posted");
    await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "returned", failure_reason: { failure_code: code } });
    return transferId;
  }
  const retry = async (item: Awaited<ReturnType<typeof linkItem>>, description: string, amount = "4.00") => {
    const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, amount));
    return client.transferCreate({
      access_token: item.accessToken,
      account_id: item.checking.account_id,
      authorization_id: auth.authorization.id,
      description,
    });
  };
  const retryOf = async (transferId: string) =>
    (await query<{ retry_of: string | null }>("select retry_of from sandbox_plaid.transfers where transfer_id = $1", [transferId]))[0]!.retry_of;

  it("presents an R01 return again as Retry 1, and an R09 return of that as Retry 2; a third is refused", async () => {
    const item = await linkItem(client);
    const original = await returnedDebit(item, "R01");
    const { data: first } = await retry(item, "Retry 1");
    expect(await retryOf(first.transfer.id)).toBe(original);
    await simulate(client, first.transfer.id, "posted");
    await client.sandboxTransferSimulate({ transfer_id: first.transfer.id, event_type: "returned", failure_reason: { failure_code: "R09" } });
    const { data: second } = await retry(item, "Retry 2");
    expect(await retryOf(second.transfer.id)).toBe(original);
    expect(await rejection(retry(item, "Retry 2"))).toEqual(
      invalidField('description "Retry 2" is refused: the returned debit has already been presented again as "Retry 2"'),
    );
    expect(await rejection(retry(item, "Retry 1"))).toEqual(
      invalidField('description "Retry 1" is refused: the returned debit has already been presented again as "Retry 1"'),
    );
  });

  it("refuses a retry of an R10 return (authorization revoked: never debit again)", async () => {
    const item = await linkItem(client);
    await returnedDebit(item, "R10");
    expect(await rejection(retry(item, "Retry 1"))).toEqual(
      invalidField(
        'description "Retry 1" is refused: the debit of this account and amount was returned with R10, which may not be retried: only R01 and R09 returns may be presented again',
      ),
    );
  });

  it("refuses a retry of another amount, of nothing returned, and one 181 days after the original", async () => {
    const item = await linkItem(client);
    await returnedDebit(item, "R01");
    expect(await rejection(retry(item, "Retry 1", "4.01"))).toEqual(
      invalidField(
        'description "Retry 1" is refused: description "Retry 1" presents again a returned debit, and this account has no debit of this amount',
      ),
    );
    later(181 * 24 * HOUR);
    expect(await rejection(retry(item, "Retry 1"))).toEqual(
      invalidField('description "Retry 1" is refused: a returned debit may be retried only within 180 days of the original debit\'s creation'),
    );
  });

  it("makes one Retry 1 when two race for the same return", async () => {
    const item = await linkItem(client);
    await returnedDebit(item, "R01");
    const results = await Promise.allSettled([retry(item, "Retry 1"), retry(item, "Retry 1"), retry(item, "Retry 1")]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") {
        expect(await rejection(Promise.reject(result.reason))).toEqual(
          invalidField('description "Retry 1" is refused: the returned debit has already been presented again as "Retry 1"'),
        );
      }
    }
  });
});

describe("the Plaid Ledger", () => {
  // The Ledger is the client's: measure each test's change from where it starts.
  async function since(before: { available: number; pending: number }) {
    const after = await ledger(client);
    return {
      available: Math.round((after.available - before.available) * 100) / 100,
      pending: Math.round((after.pending - before.pending) * 100) / 100,
    };
  }
  async function change(run: () => Promise<unknown>) {
    const before = await ledger(client);
    await run();
    return since(before);
  }

  it("holds a debit in pending from its creation, makes it available at funds_available, and answers in Plaid's shape", async () => {
    const item = await linkItem(client);
    const before = await ledger(client);
    const transferId = await makeTransfer(client, item, item.checking.account_id, "25.00");
    expect(await since(before)).toEqual({ available: 0, pending: 25 });
    expect(await change(() => simulate(client, transferId, "posted", "settled"))).toEqual({ available: 0, pending: 0 });
    expect(await change(() => simulate(client, transferId, "funds_available"))).toEqual({ available: 25, pending: -25 });
    const { data } = await client.transferLedgerGet({});
    expect(data).toMatchObject({ ledger_id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: "Sandbox ledger", is_default: true });
    expect(data.balance.available).toMatch(/^-?\d+\.\d\d$/);
    const { data: same } = await client.transferLedgerGet({ ledger_id: data.ledger_id });
    expect(same.ledger_id).toBe(data.ledger_id);
  });

  it("moves and creates at once take their locks in one order: nothing deadlocks (the event stream, then the Ledger row)", async () => {
    // A move to funds_available changes the Ledger and writes an event, as a batch of creates does; they once took the
    // two locks in opposite orders and PostgreSQL aborted one of them (a 500 from the bank, seen in the e2e logs).
    const item = await linkItem(client);
    const failures: string[] = [];
    for (let round = 0; round < 4; round++) {
      const walked = await Promise.all(Array.from({ length: 6 }, () => makeTransfer(client, item, item.checking.account_id, "1.00")));
      await Promise.all(walked.map((id) => simulate(client, id, "posted", "settled")));
      const results = await Promise.allSettled([
        ...walked.map((id) => simulate(client, id, "funds_available")),
        ...Array.from({ length: 6 }, () => makeTransfer(client, item, item.checking.account_id, "1.00")),
      ]);
      for (const result of results) if (result.status === "rejected") failures.push(String(result.reason));
    }
    expect(failures).toEqual([]);
  });

  it("takes a credit from available when it is made and gives it back when it fails or is returned", async () => {
    await fundLedger(client, 30);
    const item = await linkItem(client);
    const before = await ledger(client);
    const failing = await makeTransfer(client, item, item.checking.account_id, "10.00", { type: TransferType.Credit, description: "Payout" });
    expect(await since(before)).toEqual({ available: -10, pending: 0 });
    expect(await change(() => simulate(client, failing, "failed"))).toEqual({ available: 10, pending: 0 });
    const returning = await makeTransfer(client, item, item.checking.account_id, "10.00", { type: TransferType.Credit, description: "Payout" });
    expect(await change(() => simulate(client, returning, "posted"))).toEqual({ available: 0, pending: 0 });
    expect(await change(() => simulate(client, returning, "returned"))).toEqual({ available: 10, pending: 0 });
    // Returned after it settled: only by the sandbox bank's own late return (Plaid's simulator refuses it).
    const late = await makeTransfer(client, item, item.checking.account_id, "10.00", { type: TransferType.Credit, description: "Payout" });
    await simulate(client, late, "posted", "settled");
    expect(await change(async () => expect((await lateReturn(sandbox.url, late)).status).toBe(200))).toEqual({ available: 10, pending: 0 });
  });

  it("simulates only the moves Plaid documents: a transfer is returned from posted, not from settled or funds_available", async () => {
    const item = await linkItem(client);
    const settled = await makeTransfer(client, item, item.checking.account_id, "5.00");
    await simulate(client, settled, "posted", "settled");
    const refusal = (from: string) =>
      plaidError(400, "SANDBOX_ERROR", "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID", `the transfer cannot move from ${from} to returned`);
    expect(await rejection(simulate(client, settled, "returned"))).toEqual(refusal("settled"));
    await simulate(client, settled, "funds_available");
    expect(await rejection(simulate(client, settled, "returned"))).toEqual(refusal("funds_available"));
    // The late return takes settled and funds_available only.
    const posted = await makeTransfer(client, item, item.checking.account_id, "5.00");
    await simulate(client, posted, "posted");
    expect((await lateReturn(sandbox.url, posted)).body).toMatchObject({
      error_code: "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID",
      error_message:
        "the transfer cannot move from posted to returned: a late return is of a settled transfer; use /sandbox/transfer/simulate from posted",
    });
    expect((await lateReturn(sandbox.url, settled)).status).toBe(200);
    const { data } = await client.transferGet({ transfer_id: settled });
    expect([data.transfer.status, data.transfer.failure_reason?.failure_code]).toEqual(["returned", "R01"]);
  });

  it("claws a debit returned after funds_available back from available (below zero if need be), one returned before from pending", async () => {
    const item = await linkItem(client);
    const late = await makeTransfer(client, item, item.checking.account_id, "40.00");
    await simulate(client, late, "posted", "settled", "funds_available");
    expect(await change(async () => expect((await lateReturn(sandbox.url, late)).status).toBe(200))).toEqual({ available: -40, pending: 0 });
    const early = await makeTransfer(client, item, item.checking.account_id, "40.00");
    await simulate(client, early, "posted", "settled");
    expect(await change(async () => expect((await lateReturn(sandbox.url, early)).status).toBe(200))).toEqual({ available: 0, pending: -40 });
    const { data } = await client.transferLedgerGet({});
    const db = await query<{ available_cents: string }>("select available_cents from sandbox_plaid.ledgers where client_id = $1", [CLIENT_ID]);
    expect(Number(data.balance.available)).toBe(Number(db[0]!.available_cents) / 100);
  });

  it("makes every settled debit available at /sandbox/transfer/ledger/simulate_available, and nothing else", async () => {
    const item = await linkItem(client);
    const settled = await makeTransfer(client, item, item.checking.account_id, "7.00");
    await simulate(client, settled, "posted", "settled");
    const posted = await makeTransfer(client, item, item.checking.account_id, "3.00");
    await simulate(client, posted, "posted");
    await fundLedger(client, 1);
    const credit = await makeTransfer(client, item, item.checking.account_id, "1.00", { type: TransferType.Credit, description: "Payout" });
    await simulate(client, credit, "posted", "settled");
    const moved = await change(() => client.sandboxTransferLedgerSimulateAvailable({}));
    expect(moved.pending).toBeLessThanOrEqual(-7);
    const statuses = await Promise.all(
      [settled, posted, credit].map(async (id) => (await client.transferGet({ transfer_id: id })).data.transfer.status),
    );
    expect(statuses).toEqual(["funds_available", "posted", "settled"]);
  });
});

describe("expected_funds_available_date", () => {
  // "The expected date when funds from a transfer will be made available … assuming the debit does not return before
  // this date. If the transfer does return before this date, this field will be null. Only applies to debit transfers."
  const dateOf = async (transferId: string) => (await client.transferGet({ transfer_id: transferId })).data.transfer.expected_funds_available_date;
  const madeOn = () => todayIn("America/New_York", now);

  it("is the day the Ledger hold ends: settled the bank day after the debit is made, then the client's hold (1 bank day by default)", async () => {
    const item = await linkItem(client);
    const debit = await makeTransfer(client, item, item.checking.account_id, "6.00");
    expect(await dateOf(debit)).toBe(addBankDays(madeOn(), 2));
    // It stays through settlement and after the money is available.
    await simulate(client, debit, "posted", "settled", "funds_available");
    expect(await dateOf(debit)).toBe(addBankDays(madeOn(), 2));
  });

  it("follows the client's hold (setFundsHold): two bank days after settlement, a day later", async () => {
    const item = await linkItem(client);
    sandbox.setFundsHold(2);
    try {
      const debit = await makeTransfer(client, item, item.checking.account_id, "6.00");
      expect(await dateOf(debit)).toBe(addBankDays(madeOn(), 3));
    } finally {
      sandbox.setFundsHold(1);
    }
    expect(() => sandbox.setFundsHold(-1)).toThrow("bank sandbox: a funds hold is 0 to 30 bank days, got -1");
  });

  it("falls on a bank day: made on New Year's Day 2031 (a Wednesday, a Fed holiday), available Monday January 6", async () => {
    const before = now;
    now = new Date("2031-01-01T17:00:00Z");
    try {
      const item = await linkItem(client);
      const debit = await makeTransfer(client, item, item.checking.account_id, "6.00");
      // Enters Thursday Jan 2, settles Friday Jan 3, available Monday Jan 6.
      expect(await dateOf(debit)).toBe("2031-01-06");
    } finally {
      now = new Date(Math.max(before.getTime(), now.getTime()));
    }
  });

  it("is null for a credit, and for a debit returned or cancelled before it; a debit returned after it keeps it", async () => {
    await fundLedger(client, 5);
    const item = await linkItem(client);
    const credit = await makeTransfer(client, item, item.checking.account_id, "1.00", { type: TransferType.Credit, description: "Payout" });
    expect(await dateOf(credit)).toBeNull();
    const returned = await makeTransfer(client, item, item.checking.account_id, "2.00");
    await simulate(client, returned, "posted", "returned");
    expect(await dateOf(returned)).toBeNull();
    const cancelled = await makeTransfer(client, item, item.checking.account_id, "2.00");
    await client.transferCancel({ transfer_id: cancelled });
    expect(await dateOf(cancelled)).toBeNull();
    const late = await makeTransfer(client, item, item.checking.account_id, "2.00");
    await simulate(client, late, "posted", "settled", "funds_available");
    expect((await lateReturn(sandbox.url, late)).status).toBe(200);
    expect(await dateOf(late)).toBe(addBankDays(madeOn(), 2));
  });
});

describe("/transfer/cancel", () => {
  it("cancels a pending transfer: cancelled, a cancelled event, its money back, not cancellable again", async () => {
    const item = await linkItem(client);
    const transferId = await makeTransfer(client, item, item.checking.account_id, "9.00");
    const { data: before } = await client.transferGet({ transfer_id: transferId });
    expect(before.transfer.cancellable).toBe(true);
    const pendingBefore = (await ledger(client)).pending;
    const { data: sync } = await client.transferEventSync({ after_id: 0, count: 500 });
    let cursor = sync.transfer_events.at(-1)!.event_id;
    while (true) {
      const { data: page } = await client.transferEventSync({ after_id: cursor, count: 500 });
      if (page.transfer_events.length === 0) break;
      cursor = page.transfer_events.at(-1)!.event_id;
    }
    const { data: cancelled } = await client.transferCancel({ transfer_id: transferId });
    expect(Object.keys(cancelled)).toEqual(["request_id"]);
    const { data: after } = await client.transferGet({ transfer_id: transferId });
    expect([after.transfer.status, after.transfer.cancellable, after.transfer.failure_reason]).toEqual(["cancelled", false, null]);
    expect(Math.round(((await ledger(client)).pending - pendingBefore) * 100) / 100).toBe(-9);
    const { data: events } = await client.transferEventSync({ after_id: cursor });
    expect(events.transfer_events.map((event) => [event.transfer_id, event.event_type])).toEqual([[transferId, "cancelled"]]);
    expect(await rejection(client.transferCancel({ transfer_id: transferId }))).toEqual(
      plaidError(400, "TRANSFER_ERROR", "TRANSFER_NOT_CANCELLABLE", "transfer is not cancellable"),
    );
    expect(await rejection(client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "posted" }))).toEqual(
      plaidError(400, "SANDBOX_ERROR", "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID", "the transfer cannot move from cancelled to posted"),
    );
  });

  it("refuses to cancel a posted transfer, and an unknown one", async () => {
    const item = await linkItem(client);
    const transferId = await makeTransfer(client, item, item.checking.account_id, "9.00");
    await simulate(client, transferId, "posted");
    expect(await rejection(client.transferCancel({ transfer_id: transferId }))).toEqual(
      plaidError(400, "TRANSFER_ERROR", "TRANSFER_NOT_CANCELLABLE", "transfer is not cancellable"),
    );
    expect(await rejection(client.transferCancel({ transfer_id: "nope" }))).toEqual(
      plaidError(400, "INVALID_INPUT", "TRANSFER_NOT_FOUND", "transfer not found"),
    );
  });

  it("cancels once when cancellation races with posting", async () => {
    const item = await linkItem(client);
    const transferId = await makeTransfer(client, item, item.checking.account_id, "2.00");
    const [cancel, post] = await Promise.allSettled([
      client.transferCancel({ transfer_id: transferId }),
      client.sandboxTransferSimulate({ transfer_id: transferId, event_type: "posted" }),
    ]);
    expect([cancel.status, post.status].filter((status) => status === "fulfilled")).toHaveLength(1);
    const events = await query<{ event_type: string }>(
      "select event_type from sandbox_plaid.transfer_events where transfer_id = $1 order by event_id",
      [transferId],
    );
    expect(events.length).toBe(2);
  });
});

describe("/transfer/get and /transfer/list", () => {
  it("gets a transfer by its authorization id", async () => {
    const item = await linkItem(client);
    const { data: auth } = await client.transferAuthorizationCreate(authorizationRequest(item.accessToken, item.checking.account_id, "1.00"));
    expect(await rejection(client.transferGet({ authorization_id: auth.authorization.id }))).toEqual(
      plaidError(400, "INVALID_INPUT", "TRANSFER_NOT_FOUND", "transfer not found"),
    );
    const { data: made } = await client.transferCreate({
      access_token: item.accessToken,
      account_id: item.checking.account_id,
      authorization_id: auth.authorization.id,
      description: "Contrib",
    });
    const { data } = await client.transferGet({ authorization_id: auth.authorization.id });
    expect(data.transfer.id).toBe(made.transfer.id);
  });

  it("lists newest first, 25 by default, by count and offset, within start_date and end_date", async () => {
    const item = await linkItem(client);
    later(24 * HOUR);
    const start = now.toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) {
      later(60_000);
      ids.push(await makeTransfer(client, item, item.checking.account_id, "0.01", { metadata: { n: String(i) } }));
    }
    const end = now.toISOString();
    later(60_000);
    await makeTransfer(client, item, item.checking.account_id, "0.01");
    const { data: first } = await client.transferList({ start_date: start, end_date: end });
    expect(first.transfers.map((t) => t.id)).toEqual([...ids].reverse().slice(0, 25));
    const { data: rest } = await client.transferList({ start_date: start, end_date: end, offset: 25, count: 25 });
    expect(rest.transfers.map((t) => t.metadata?.n)).toEqual(["1", "0"]);
    const { data: one } = await client.transferList({ count: 1 });
    expect(one.transfers).toHaveLength(1);
  });
});
