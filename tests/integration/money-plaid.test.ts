/**
 * The money engine against a bank that keeps Plaid's contract (issue 30, ADR 030): what the engine sends is valid
 * (keys, descriptions, entry classes, metadata), and every lifecycle case real Plaid has is handled — a return per
 * NACHA rule (R01 presented again as "Retry 1"/"Retry 2"; R10 never again until the member authorises; R02 never
 * again from that account), a login that needs the member (user_action_required, then Link's update mode), each
 * decline in its own words, a 500 after the transfer was made, an answer lost for 49 hours, an authorization that
 * died unused, a debit cancelled before it left, and the Plaid Ledger's balance after a cycle.
 *
 * The sandbox bank's clock runs `bankOffsetMs` ahead of real time when a test needs hours to pass at the bank; its
 * single-debit limit is $500 here, so that one test can reach it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

let bankOffsetMs = 0;
await useTestDatabase({ bank: { now: () => new Date(Date.now() + bankOffsetMs), transferLimits: { maxSingleDebitCents: 50_000 } } });
const cycle = await import("../../app/server/money/cycle.server");
const scheduler = await import("../../app/server/money/scheduler.server");
const { cancelTransfer } = await import("../../app/server/money/transfers.server");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { returnTransfer } = await import("../support/bank");
const { authorizeDebits } = await import("../../app/server/bank/account-health.server");
const { applyItemWebhook } = await import("../../app/server/bank/item-webhooks.server");
const { confirmReconnected, createLinkToken } = await import("../../app/server/bank/bank.server");
const { sandboxLinkCall } = await import("../../app/server/bank/link-session.server");
const { decryptSecret } = await import("../../app/server/platform/crypto.server");
const { setPayday } = await import("../../app/server/profile/profile.server");
const { bankIdempotencyKey, DECLINE_REASONS } = await import("../../app/domain/ach");
const { isBankDay } = await import("../../app/domain/bank-days");
const { formatCalendarDay } = await import("../../app/domain/format");
const money = await import("../support/money");
const adminRoute = await import("../../app/routes/admin");
const { call, post } = await import("../support/routes");
const { signedInUser, toastTitles } = await import("../support/users");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, asc, eq, sql } = await import("drizzle-orm");

// Tuesday 2026-01-06, noon in New York. Weekly on Friday: due Jan 9, 16, 23.
const NOW = new Date("2026-01-06T17:00:00Z");

afterEach(async () => {
  bankOffsetMs = 0;
  await setFaults([]);
});

/** Faults on demand at the sandbox bank (its control endpoint, sandbox/plaid/README.md "Faults"). */
async function setFaults(rules: Array<{ endpoint: string; fault: string; times?: number }>) {
  const response = await fetch(`${process.env.PLAID_SANDBOX_URL}/sandbox/faults/set`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "PLAID-CLIENT-ID": "sandbox-client-id", "PLAID-SECRET": "sandbox-secret" },
    body: JSON.stringify({ rules }),
  });
  expect(response.status).toBe(200);
}

/** The bank's own records of one of our rows: its authorizations (by any of the row's keys) and its transfers. */
async function atTheBank(row: { id: string; idempotencyKey: string; bankKeyRound: number }) {
  const keys = Array.from({ length: row.bankKeyRound + 1 }, (_, round) => bankIdempotencyKey(row.idempotencyKey, round));
  const { rows: authorizations } = await db().execute<{
    authorization_id: string;
    idempotency_key: string;
    decision: string;
    ach_class: string;
    type: string;
  }>(
    sql`select authorization_id, idempotency_key, decision, ach_class, type from sandbox_plaid.transfer_authorizations
        where idempotency_key = any(${`{${keys.join(",")}}`}::text[]) order by created_at`,
  );
  const { rows: transfers } = await db().execute<{ transfer_id: string; description: string; status: string; metadata: Record<string, string> }>(
    sql`select transfer_id, description, status, metadata from sandbox_plaid.transfers where metadata->>'rosca_transfer' = ${row.id} order by created_at`,
  );
  return { authorizations, transfers };
}

async function simulate(providerTransferId: string, eventType: "posted" | "settled" | "funds_available" | "returned", returnCode?: string) {
  if (eventType === "returned") {
    const returned = await returnTransfer(providerTransferId, returnCode);
    if (!returned.ok) throw new Error(`return: ${returned.code} ${returned.message}`);
    return;
  }
  const result = await plaidCall((api) =>
    api.sandboxTransferSimulate({
      transfer_id: providerTransferId,
      event_type: eventType,
      ...(returnCode ? { failure_reason: { failure_code: returnCode, ach_return_code: returnCode } } : {}),
    }),
  );
  if (!result.ok) throw new Error(`simulate ${eventType}: ${result.code} ${result.message}`);
}

async function bell(userId: string) {
  const rows = await db()
    .select()
    .from(schema.notifications)
    .where(eq(schema.notifications.userId, userId))
    .orderBy(asc(schema.notifications.createdAt));
  return rows.map((n) => ({ title: n.title, body: n.body }));
}

async function checkingOf(userId: string) {
  const [account] = await db()
    .select()
    .from(schema.bankAccounts)
    .where(and(eq(schema.bankAccounts.userId, userId), eq(schema.bankAccounts.subtype, "checking")));
  return account!;
}

async function itemOf(userId: string) {
  const [item] = await db().select().from(schema.bankItems).where(eq(schema.bankItems.userId, userId));
  return item!;
}

describe("the engine's requests keep Plaid's contract", () => {
  it("keys of 48 characters derived by the database, web debits and ppd credits, short descriptions that say why, our keys in metadata", async () => {
    const { group } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: group.createdBy, isAdmin: false };
    // Tuesday Jan 13: the debits of Friday 9, settled Monday 12 (when the fees were debited), are available, the payout goes.
    await cycle.advanceClock(admin, group.id, { days: 7 }, NOW);
    const rows = await money.transfersOf(group.id);
    expect(rows.map((row) => row.kind).sort()).toEqual(["contribution", "contribution", "contribution", "fee", "fee", "fee", "payout"]);
    for (const row of rows) {
      // The trigger's digest is the domain's, and it is what Plaid sees.
      expect(row.bankIdempotencyKey).toBe(bankIdempotencyKey(row.idempotencyKey, 0));
      expect(row.bankIdempotencyKey).toMatch(/^[0-9a-f]{48}$/);
      const bank = await atTheBank(row);
      expect(bank.authorizations).toEqual([
        {
          authorization_id: row.providerAuthorizationId,
          idempotency_key: row.bankIdempotencyKey,
          decision: "approved",
          ach_class: row.kind === "payout" ? "ppd" : "web",
          type: row.kind === "payout" ? "credit" : "debit",
        },
      ]);
      expect(bank.transfers).toEqual([
        {
          transfer_id: row.providerTransferId,
          description: { contribution: "Contrib", fee: "Setup fee", payout: "Payout" }[row.kind],
          status: row.status,
          metadata: { rosca_key: row.idempotencyKey, rosca_transfer: row.id },
        },
      ]);
    }
  }, 120_000);
});

describe("returns, by NACHA rule", () => {
  it("an R01 return is presented again from the same account as Retry 1, then Retry 2, and never a third time", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    const late = members[2]!;
    await cycle.advanceClock(admin, group.id, { days: 5 }, NOW); // Jan 11
    const latest = async () => (await money.transfersOf(group.id, { kind: "contribution", userId: late.id, periodNumber: 1 })).at(-1)!;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const row = await latest();
      expect(row.attempt).toBe(attempt);
      // Posted and settled on the next bank day (ADR 040: never on a weekend or a holiday).
      while ((await latest()).status === "pending") await cycle.advanceClock(admin, group.id, { days: 1 }, NOW);
      await simulate(row.providerTransferId!, "returned", "R01");
      await cycle.syncBankEvents(NOW);
      // The next attempt on its retry day (3 days later, on an ACH business day), from the same account.
      if (attempt < 3)
        for (let day = 0; day < 7 && (await latest()).attempt === attempt; day++) await cycle.advanceClock(admin, group.id, { days: 1 }, NOW);
      else await cycle.advanceClock(admin, group.id, { days: 3 }, NOW);
    }
    const attempts = await money.transfersOf(group.id, { kind: "contribution", userId: late.id, periodNumber: 1 });
    expect(attempts.map((row) => [row.attempt, row.status, row.failureCode])).toEqual([
      [1, "returned", "R01"],
      [2, "returned", "R01"],
      [3, "returned", "R01"],
    ]);
    const descriptions = [];
    for (const row of attempts) descriptions.push((await atTheBank(row)).transfers.map((t) => t.description));
    expect(descriptions).toEqual([["Contrib"], ["Retry 1"], ["Retry 2"]]);
    expect(new Set(attempts.map((row) => row.bankAccountId)).size).toBe(1);
    const notices = (await bell(late.id)).filter((n) => n.title === `Your contribution to ${group.name} did not go through`);
    // Each notice names the amount, the account and the next attempt's day (on the ACH calendar).
    for (const row of attempts.slice(0, 2)) expect(isBankDay(row.retryOn!)).toBe(true);
    expect(notices.map((n) => n.body)).toEqual([
      `Your bank returned the payment for insufficient funds. Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Plaid Checking ••0000 again on ${formatCalendarDay(attempts[0]!.retryOn!, "full")}. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.`,
      `Your bank returned the payment for insufficient funds. Attempt 2 of 3: we'll try $100.00 from First Platypus Bank Plaid Checking ••0000 again on ${formatCalendarDay(attempts[1]!.retryOn!, "full")}. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.`,
      "Your bank returned the payment for insufficient funds. That was the last of 3 attempts to collect $100.00 from First Platypus Bank Plaid Checking ••0000. Nothing more is debited automatically: pay it now from the group page; the group's payout waits for it.",
    ]);
  }, 240_000);

  it("with a payday set, an R01 return is presented again the day after the member's next payday", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    const late = members[2]!;
    expect(await setPayday(late.id, "weekly:4")).toBe(true); // paid on Thursdays
    await cycle.advanceClock(admin, group.id, { days: 6 }, NOW); // Monday Jan 12: Friday's debits settled
    const [first] = await money.transfersOf(group.id, { kind: "contribution", userId: late.id });
    await simulate(first!.providerTransferId!, "returned", "R01");
    await cycle.syncBankEvents(NOW);
    await scheduler.processDueGroups(NOW); // the group saw news from the bank: its run tells the member
    expect((await money.transfersOf(group.id, { kind: "contribution", userId: late.id }))[0]).toMatchObject({
      statusOn: "2026-01-12",
      retryOn: "2026-01-16",
    });
    expect((await bell(late.id)).map((n) => n.body)).toContain(
      "Your bank returned the payment for insufficient funds. Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Plaid Checking ••0000 again on Friday, January 16, 2026, the day after your payday. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.",
    );
    // Thursday Jan 15, payday, when a member without a payday would be tried again: no retry yet.
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW);
    expect(await money.transfersOf(group.id, { kind: "contribution", userId: late.id, periodNumber: 1 })).toHaveLength(1);
    await cycle.advanceClock(admin, group.id, { days: 1 }, NOW); // Friday Jan 16
    const [, retried] = await money.transfersOf(group.id, { kind: "contribution", userId: late.id, periodNumber: 1 });
    expect(retried).toMatchObject({ attempt: 2, initiatedOn: "2026-01-16" });
    expect((await atTheBank(retried!)).transfers.map((t) => t.description)).toEqual(["Retry 1"]);
  }, 240_000);

  it("an R10 return: the member's authorisation is gone, nothing is debited from any of their accounts until they authorise again", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    const disputing = members[2]!;
    await cycle.advanceClock(admin, group.id, { days: 6 }, NOW); // Monday Jan 12: settled
    const [first] = await money.transfersOf(group.id, { kind: "contribution", userId: disputing.id });
    await simulate(first!.providerTransferId!, "returned", "R10");
    await cycle.syncBankEvents(NOW);
    const checking = await checkingOf(disputing.id);
    expect(checking).toMatchObject({ debitAuthorizationRevokedCode: "R10", unusableCode: null });
    expect((await bell(disputing.id)).map((n) => n.title)).toContain(
      `Authorise debits again from First Platypus Bank ${checking.name} ••${checking.mask}`,
    );

    // Three days later the retry is due: it waits for the member, and the bank never hears of it (nor of their savings).
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW); // Thursday Jan 15
    const [, waiting] = await money.transfersOf(group.id, { kind: "contribution", userId: disputing.id, periodNumber: 1 });
    expect(waiting).toMatchObject({ attempt: 2, status: "created", providerAuthorizationId: null, providerTransferId: null });
    expect(waiting!.waitingForMemberAt).not.toBeNull();
    expect(await atTheBank(waiting!)).toEqual({ authorizations: [], transfers: [] });
    // A waiting row is not money in flight: the scheduler leaves the group alone until the member acts.
    const lastRun = async () =>
      (await db().select({ at: schema.groups.lastProcessedAt }).from(schema.groups).where(eq(schema.groups.id, group.id)))[0]!.at;
    const before = await lastRun();
    await scheduler.processDueGroups(NOW);
    expect(await lastRun()).toEqual(before);

    // The member authorises debits again: the group wakes, and the debit goes as a new entry (not "Retry 1": an R10
    // return is never presented again).
    const authorised = await db().transaction((tx) =>
      authorizeDebits(tx, { userId: disputing.id, bankAccountId: checking.id, consent: { ipAddress: "203.0.113.7", userAgent: "test" } }),
    );
    expect(authorised).toMatchObject({ changed: true });
    await scheduler.processDueGroups(NOW);
    const [, sent] = await money.transfersOf(group.id, { kind: "contribution", userId: disputing.id, periodNumber: 1 });
    expect(sent).toMatchObject({ attempt: 2, status: "pending", bankAccountId: checking.id, waitingForMemberAt: null });
    expect((await atTheBank(sent!)).transfers.map((t) => t.description)).toEqual(["Contrib"]);
  }, 240_000);

  it("an R02 return: the account is closed, the next debit comes from the member's other account as a new entry", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    const member = members[1]!;
    await cycle.advanceClock(admin, group.id, { days: 7 }, NOW);
    const [first] = await money.transfersOf(group.id, { kind: "contribution", userId: member.id });
    await simulate(first!.providerTransferId!, "returned", "R02");
    await cycle.syncBankEvents(NOW);
    const checking = await checkingOf(member.id);
    expect(checking.unusableCode).toBe("R02");
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW);
    const [, retry] = await money.transfersOf(group.id, { kind: "contribution", userId: member.id, periodNumber: 1 });
    const [savings] = await db().select().from(schema.bankAccounts).where(eq(schema.bankAccounts.id, retry!.bankAccountId!));
    expect(savings).toMatchObject({ userId: member.id, subtype: "savings" });
    expect((await atTheBank(retry!)).transfers.map((t) => t.description)).toEqual(["Contrib"]);
  }, 240_000);
});

describe("a login that needs the member", () => {
  it("user_action_required: the member is asked to reconnect, reconnects through Link's update mode, and the debit is authorised again under the same key", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    const member = members[2]!;
    const item = await itemOf(member.id);
    const reset = await plaidCall((api) => api.sandboxItemResetLogin({ access_token: decryptSecret(item.accessTokenEncrypted) }));
    expect(reset.ok).toBe(true);

    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW); // Jan 9: due
    const [contribution] = await money.transfersOf(group.id, { kind: "contribution", userId: member.id });
    expect(contribution).toMatchObject({ status: "created", providerTransferId: null });
    expect(contribution!.waitingForMemberAt).not.toBeNull();
    const flagged = await itemOf(member.id);
    expect(flagged.loginRequiredReason).toBe("USER_ACTION_REQUIRED");
    const atFirst = await atTheBank(contribution!);
    expect(atFirst.authorizations.map((a) => a.decision)).toEqual(["user_action_required"]);
    // The item remembers the refused authorization. No setup fee was asked: it comes with a contribution that went
    // through (ADR 040).
    expect(await money.transfersOf(group.id, { kind: "fee", userId: member.id })).toEqual([]);
    expect(atFirst.authorizations.map((a) => a.authorization_id)).toEqual([flagged.loginRequiredAuthorizationId]);
    expect((await bell(member.id)).map((n) => n.title)).toContain("Reconnect your bank");

    // Link's update mode, as the member's browser would run it through our proxy (the sandbox modal's steps).
    const token = await createLinkToken(member, { reconnect: { itemId: item.id } });
    if (!token.ok) throw new Error(token.code);
    const session = await sandboxLinkCall("institutions", { link_token: token.linkToken });
    if (!session.ok) throw new Error(session.code);
    const institutions = session.body.institutions as Array<{ institution_id: string }>;
    expect(institutions.map((i) => i.institution_id)).toEqual(["ins_109508"]);
    const login = await sandboxLinkCall("login", {
      link_session_id: session.body.link_session_id,
      institution_id: "ins_109508",
      username: "user_good",
      password: "pass_good",
    });
    if (!login.ok) throw new Error(login.code);
    const accounts = login.body.accounts as Array<{ id: string }>;
    const selected = await sandboxLinkCall("select", { link_session_id: session.body.link_session_id, account_ids: accounts.map((a) => a.id) });
    expect(selected.ok).toBe(true);
    expect(await confirmReconnected(member, item.id)).toEqual({ ok: true, institutionName: "First Platypus Bank" });
    expect((await itemOf(member.id)).loginRequiredReason).toBeNull();

    // The group was woken: the next tick authorises again under the same key (a user_action_required decision does not
    // hold the key), is approved, and the transfer is made.
    await scheduler.processDueGroups(NOW);
    const [sent] = await money.transfersOf(group.id, { kind: "contribution", userId: member.id });
    expect(sent).toMatchObject({ status: "pending", bankKeyRound: 0, waitingForMemberAt: null });
    const atTheEnd = await atTheBank(sent!);
    expect(atTheEnd.authorizations.map((a) => [a.idempotency_key, a.decision])).toEqual([
      [sent!.bankIdempotencyKey, "user_action_required"],
      [sent!.bankIdempotencyKey, "approved"],
    ]);
    expect(atTheEnd.transfers).toHaveLength(1);
  }, 240_000);

  it("Plaid's ITEM webhooks: a login that stopped working, one about to expire, one repaired — each applied once", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const member = members[1]!;
    const item = await itemOf(member.id);
    const webhook = (code: string, errorCode?: string) =>
      applyItemWebhook({
        webhook_type: "ITEM",
        webhook_code: code,
        item_id: item.providerItemId,
        ...(errorCode ? { error: { error_code: errorCode } } : {}),
      });
    expect(await webhook("PENDING_DISCONNECT")).toBe("applied");
    expect((await itemOf(member.id)).loginRequiredReason).toBe("PENDING_EXPIRATION");
    expect(await webhook("PENDING_DISCONNECT")).toBe("unchanged");
    expect(await webhook("ERROR", "ITEM_LOGIN_REQUIRED")).toBe("applied");
    expect(await webhook("ERROR", "ITEM_LOGIN_REQUIRED")).toBe("unchanged");
    expect((await itemOf(member.id)).loginRequiredReason).toBe("ITEM_LOGIN_REQUIRED");
    expect((await bell(member.id)).filter((n) => n.title === "Reconnect your bank")).toHaveLength(2);
    const [before] = await db().select({ bankChanges: schema.groups.bankChanges }).from(schema.groups).where(eq(schema.groups.id, group.id));
    expect(await webhook("LOGIN_REPAIRED")).toBe("applied");
    expect((await itemOf(member.id)).loginRequiredReason).toBeNull();
    const [after] = await db().select({ bankChanges: schema.groups.bankChanges }).from(schema.groups).where(eq(schema.groups.id, group.id));
    expect(after!.bankChanges).toBe(before!.bankChanges + 1);
    expect(await webhook("DEFAULT_UPDATE")).toBe("ignored");
    expect(
      await applyItemWebhook({ webhook_type: "ITEM", webhook_code: "ERROR", item_id: "not-ours", error: { error_code: "ITEM_LOGIN_REQUIRED" } }),
    ).toBe("unknown_item");
  }, 120_000);
});

describe("declines, each in its own words", () => {
  it("RISK (an account at exactly $0) and TRANSFER_LIMIT_REACHED (a debit above the bank's limit)", async () => {
    const small = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    await money.setSandboxBalance(small.members[2]!.id, 0);
    await cycle.advanceClock({ id: small.members[0]!.id, isAdmin: false }, small.group.id, { days: 3 }, NOW);
    const [risky] = await money.transfersOf(small.group.id, { kind: "contribution", userId: small.members[2]!.id });
    expect(risky).toMatchObject({ status: "declined", failureCode: "RISK" });
    expect((await bell(small.members[2]!.id)).map((n) => n.body)).toContain(
      `${DECLINE_REASONS.RISK} Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Plaid Checking ••0000 again on Monday, January 12, 2026. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.`,
    );

    // $600 a month against this bank's $500 single-debit limit.
    const big = await money.startedGroup({ now: NOW, balanceCents: 1_000_000, draft: { contributionCents: 60_000 } });
    await cycle.advanceClock({ id: big.members[0]!.id, isAdmin: false }, big.group.id, { days: 3 }, NOW);
    const [limited] = await money.transfersOf(big.group.id, { kind: "contribution", userId: big.members[1]!.id });
    expect(limited).toMatchObject({ status: "declined", failureCode: "TRANSFER_LIMIT_REACHED" });
    expect((await bell(big.members[1]!.id)).map((n) => n.body)).toContain(
      `${DECLINE_REASONS.TRANSFER_LIMIT_REACHED} Attempt 1 of 3: we'll try $600.00 from First Platypus Bank Plaid Checking ••0000 again on Monday, January 12, 2026. Before then you can pay it now from the group page, choose another account for this group there, or make sure the funds are available.`,
    );
  }, 240_000);
});

describe("lost answers", () => {
  it("a 500 from /transfer/create after the transfer was made: the next run finds that transfer, and there is one", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    // Every create of the due date does its work and answers 500 (the client retries each, and gives up).
    await setFaults([{ endpoint: "/transfer/create", fault: "500_after", times: 1000 }]);
    await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 3 }, NOW);
    const unanswered = await money.transfersOf(group.id);
    expect(unanswered.map((row) => row.status)).toEqual(Array(3).fill("created"));
    await setFaults([]);
    await scheduler.processDueGroups(NOW);
    for (const row of await money.transfersOf(group.id)) {
      expect(row.status).toBe("pending");
      const bank = await atTheBank(row);
      expect(bank.authorizations).toHaveLength(1);
      expect(bank.transfers.map((t) => t.transfer_id)).toEqual([row.providerTransferId]);
    }
  }, 120_000);

  it("an answer lost for 49 hours: the transfer is found in the bank's event stream before anything is sent again; one transfer", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    await setFaults([{ endpoint: "/transfer/create", fault: "500_after", times: 1000 }]);
    await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 3 }, NOW);
    await setFaults([]);
    // Two days without a run (a worker outage): Plaid has forgotten the keys, our rows are 49 hours old.
    bankOffsetMs = 49 * 3_600_000;
    await db().execute(sql`update bank_transfers set created_at = created_at - interval '49 hours' where group_id = ${group.id}`);
    await scheduler.processDueGroups(NOW);
    for (const row of await money.transfersOf(group.id)) {
      const bank = await atTheBank(row);
      expect(bank.transfers.map((t) => t.transfer_id)).toEqual([row.providerTransferId]);
      expect(bank.authorizations).toHaveLength(1);
      expect(row).toMatchObject({ status: "pending", bankKeyRound: 0 });
    }
  }, 120_000);

  it("an authorization's answer lost for 49 hours: reconciled first, then authorized under a new key; one transfer", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    await setFaults([{ endpoint: "/transfer/authorization/create", fault: "500_after", times: 1000 }]);
    await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 3 }, NOW);
    await setFaults([]);
    expect((await money.transfersOf(group.id)).map((row) => [row.status, row.providerAuthorizationId])).toEqual(Array(3).fill(["created", null]));
    bankOffsetMs = 49 * 3_600_000;
    await db().execute(sql`update bank_transfers set created_at = created_at - interval '49 hours' where group_id = ${group.id}`);
    // The first run reads the stream to its end (nothing of ours there) and only then sends the rows, under new keys.
    await scheduler.processDueGroups(NOW);
    await scheduler.processDueGroups(NOW);
    for (const row of await money.transfersOf(group.id)) {
      expect(row).toMatchObject({ status: "pending", bankKeyRound: 1 });
      const bank = await atTheBank(row);
      expect(bank.authorizations.map((a) => a.idempotency_key)).toEqual([bankIdempotencyKey(row.idempotencyKey, 0), row.bankIdempotencyKey]);
      expect(bank.transfers.map((t) => t.transfer_id)).toEqual([row.providerTransferId]);
    }
  }, 120_000);

  it("an authorization that died unused (an hour at Plaid): the create is refused, and the next round's authorization is used; one transfer", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    // Authorized, but every create fails before it does anything.
    await setFaults([{ endpoint: "/transfer/create", fault: "500", times: 1000 }]);
    await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 3 }, NOW);
    await setFaults([]);
    const authorized = await money.transfersOf(group.id);
    expect(authorized.every((row) => row.status === "created" && row.providerAuthorizationId !== null)).toBe(true);
    bankOffsetMs = 2 * 3_600_000;
    await scheduler.processDueGroups(NOW); // same key, same (expired) authorization: refused, a new round
    await scheduler.processDueGroups(NOW); // the new round's authorization, and the transfer
    for (const row of await money.transfersOf(group.id)) {
      expect(row).toMatchObject({ status: "pending", bankKeyRound: 1 });
      const bank = await atTheBank(row);
      expect(bank.authorizations).toHaveLength(2);
      expect(bank.transfers.map((t) => t.transfer_id)).toEqual([row.providerTransferId]);
    }
  }, 120_000);
});

describe("cancelled", () => {
  it("a pending debit cancelled at the bank: no posting, not tried again, the member told; a settled one cannot be", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    const member = members[1]!;
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW); // Jan 9: pending
    const [contribution] = await money.transfersOf(group.id, { kind: "contribution", userId: member.id });
    expect(await cancelTransfer(contribution!.id)).toEqual({ ok: true });
    const [cancelled] = await money.transfersOf(group.id, { kind: "contribution", userId: member.id });
    expect(cancelled).toMatchObject({ status: "cancelled", failureCode: "CANCELLED" });
    expect((await atTheBank(cancelled!)).transfers.map((t) => t.status)).toEqual(["cancelled"]);
    await cycle.advanceClock(admin, group.id, { days: 6 }, NOW);
    expect((await money.transfersOf(group.id, { kind: "contribution", userId: member.id, periodNumber: 1 })).map((row) => row.status)).toEqual([
      "cancelled",
    ]);
    const postings = await db().select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.bankTransferId, contribution!.id));
    expect(postings).toEqual([]);
    expect((await bell(member.id)).map((n) => n.body)).toContain(
      "The payment was cancelled before it reached your bank. The debit of $100.00 from First Platypus Bank Plaid Checking ••0000 was stopped and will not be tried again automatically: pay it now from the group page; the group's payout waits for it.",
    );
    // Another member's contribution has long settled: too late to cancel.
    const [settled] = await money.transfersOf(group.id, { kind: "contribution", userId: members[2]!.id });
    expect(await cancelTransfer(settled!.id)).toEqual({
      ok: false,
      code: "not_cancellable",
      message: "Only a debit the bank has not sent on yet (pending) can be cancelled.",
    });
  }, 120_000);
});

describe("cancelled, end to end", () => {
  it("the admin console's Cancel debit: a non-admin is refused, the admin's cancel reaches the bank, nothing is posted and the member is told", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 3 }, NOW); // Jan 9: pending
    const member = members[2]!;
    const [contribution] = await money.transfersOf(group.id, { kind: "contribution", userId: member.id });
    expect(contribution!.status).toBe("pending");

    const outsider = await signedInUser({ isPlaidSandboxAuthorized: true });
    const refused = await call(adminRoute.action, post("/admin", { intent: "cancel-debit", transferId: contribution!.id }, outsider.jar));
    expect(refused).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await toastTitles(refused.setCookies)).toEqual(["Access Denied"]);
    expect((await money.transfersOf(group.id, { kind: "contribution", userId: member.id }))[0]!.status).toBe("pending");

    const admin = await signedInUser({ isAdmin: true });
    const done = await call(adminRoute.action, post("/admin", { intent: "cancel-debit", transferId: contribution!.id }, admin.jar));
    expect(done.status).toBe(302);
    expect(await toastTitles(done.setCookies)).toEqual(["Debit cancelled: it will not reach the member's bank, and it is not tried again"]);
    const [cancelled] = await money.transfersOf(group.id, { kind: "contribution", userId: member.id });
    expect(cancelled).toMatchObject({ status: "cancelled", failureCode: "CANCELLED" });
    expect((await atTheBank(cancelled!)).transfers.map((t) => t.status)).toEqual(["cancelled"]);
    expect(await db().select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.bankTransferId, contribution!.id))).toEqual([]);
    await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 1 }, NOW);
    expect((await bell(member.id)).map((n) => n.body)).toContain(
      "The payment was cancelled before it reached your bank. The debit of $100.00 from First Platypus Bank Plaid Checking ••0000 was stopped and will not be tried again automatically: pay it now from the group page; the group's payout waits for it.",
    );

    // Twice: the second is refused in words, and changes nothing.
    const again = await call(adminRoute.action, post("/admin", { intent: "cancel-debit", transferId: contribution!.id }, admin.jar));
    expect(await toastTitles(again.setCookies)).toEqual(["Could not cancel the debit"]);
    expect((await atTheBank(cancelled!)).transfers.map((t) => t.status)).toEqual(["cancelled"]);
  }, 120_000);

  it("a debit cancelled at the bank without us (Plaid's Dashboard): read from the event stream, cancelled here, not posted, not tried again", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const admin = { id: members[0]!.id, isAdmin: false };
    await cycle.advanceClock(admin, group.id, { days: 3 }, NOW); // Jan 9: pending
    const member = members[1]!;
    const [contribution] = await money.transfersOf(group.id, { kind: "contribution", userId: member.id });
    const cancelledAtBank = await plaidCall((api) => api.transferCancel({ transfer_id: contribution!.providerTransferId! }));
    expect(cancelledAtBank.ok).toBe(true);
    // Nothing here knows yet; the next day's run reads the bank's events.
    expect((await money.transfersOf(group.id, { kind: "contribution", userId: member.id }))[0]!.status).toBe("pending");
    await cycle.advanceClock(admin, group.id, { days: 6 }, NOW);
    const rows = await money.transfersOf(group.id, { kind: "contribution", userId: member.id, periodNumber: 1 });
    expect(rows.map((row) => row.status)).toEqual(["cancelled"]);
    expect(await db().select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.bankTransferId, contribution!.id))).toEqual([]);
    expect((await atTheBank(rows[0]!)).transfers.map((t) => t.status)).toEqual(["cancelled"]);
    expect((await bell(member.id)).map((n) => n.body)).toContain(
      "The payment was cancelled before it reached your bank. The debit of $100.00 from First Platypus Bank Plaid Checking ••0000 was stopped and will not be tried again automatically: pay it now from the group page; the group's payout waits for it.",
    );
  }, 120_000);
});

describe("the Plaid Ledger", () => {
  it("after a whole cycle the platform's Ledger holds exactly the setup fees: every payout was paid from available money", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const ledger = async () => {
      const result = await plaidCall((api) => api.transferLedgerGet({}));
      if (!result.ok) throw new Error(result.code);
      return result.value.balance;
    };
    const before = await ledger();
    await cycle.advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 30 }, NOW);
    const after = await ledger();
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    expect(cents(after.available) - cents(before.available)).toBe(3 * 500);
    expect(cents(after.pending) - cents(before.pending)).toBe(0);
  }, 120_000);
});
