/**
 * Transfers after they are made: their shapes on the wire, reading them (/transfer/get, /transfer/list,
 * /transfer/event/sync), moving them (/sandbox/transfer/simulate, /transfer/cancel,
 * /sandbox/transfer/ledger/simulate_available) and the Plaid Ledger they move (/transfer/ledger/get). Making them is
 * the group commit's (batch.ts). Every move is one transaction: the transfer's row (locked), the end user's balance,
 * the Ledger, a blocked account after a blocking return, and the event, written while holding the event stream's lock.
 */
import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { addBankDays } from "../../app/domain/bank-days";
import { todayIn } from "../../app/domain/schedule";
import type { BankContext, FundsHold } from "./context";
import type { SimulateRequest, TransferListRequest } from "./contract";
import { EVENT_SYNC_COUNT, TRANSFER_LIST_COUNT } from "./contract";
import { applyLedgerChangeIn, ledgerIdFor, readLedger, sumChanges } from "./ledger";
import {
  plaidAccounts,
  plaidItems,
  plaidTransferEvents,
  plaidTransfers,
  type PlaidTransferAuthorizationRow,
  type PlaidTransferEventRow,
  type PlaidTransferRow,
} from "./schema";
import {
  ACH_RETURN_CODES,
  balanceChangeCents,
  BLOCKING_RETURN_CODES,
  canCancel,
  centsToDecimal,
  ledgerChange,
  plaidErrors,
  transitionRefusal,
} from "./wire";

type Body = Record<string, unknown>;
type Tx = Parameters<Parameters<BankContext["db"]["transaction"]>[0]>[0];

// ---- Shapes on the wire -----------------------------------------------------------------------------------------------

function transferUser(user: Record<string, unknown>) {
  return {
    legal_name: user.legal_name,
    phone_number: user.phone_number ?? null,
    email_address: user.email_address ?? null,
    address: user.address ?? null,
  };
}

function failureReason(row: { failureCode: string | null; achReturnCode: string | null; failureDescription: string | null }) {
  if (row.failureCode === null && row.achReturnCode === null && row.failureDescription === null) return null;
  return { failure_code: row.failureCode, ach_return_code: row.achReturnCode, description: row.failureDescription ?? "" };
}

export function serializeAuthorization(row: PlaidTransferAuthorizationRow) {
  return {
    id: row.authorizationId,
    created: row.createdAt.toISOString(),
    decision: row.decision,
    decision_rationale: row.rationaleCode ? { code: row.rationaleCode, description: row.rationaleDescription ?? "" } : null,
    guarantee_decision: null,
    guarantee_decision_rationale: null,
    payment_risk: null,
    proposed_transfer: {
      ach_class: row.achClass ?? undefined,
      account_id: row.accountId,
      funding_account_id: null,
      ledger_id: ledgerIdFor(row.clientId),
      type: row.type,
      user: transferUser(row.user),
      amount: centsToDecimal(row.amountCents),
      requested_amount: centsToDecimal(row.amountCents),
      network: row.network,
      origination_account_id: "",
      iso_currency_code: row.isoCurrencyCode,
      originator_client_id: null,
      credit_funds_source: null,
    },
  };
}

export function serializeTransfer(row: PlaidTransferRow) {
  return {
    id: row.transferId,
    authorization_id: row.authorizationId,
    ach_class: row.achClass ?? undefined,
    account_id: row.accountId,
    funding_account_id: null,
    ledger_id: ledgerIdFor(row.clientId),
    type: row.type,
    user: transferUser(row.user),
    amount: centsToDecimal(row.amountCents),
    description: row.description,
    created: row.createdAt.toISOString(),
    status: row.status,
    sweep_status: null,
    network: row.network,
    cancellable: canCancel(row.status),
    failure_reason: failureReason(row),
    metadata: row.metadata ?? null,
    origination_account_id: "",
    guarantee_decision: null,
    guarantee_decision_rationale: null,
    iso_currency_code: row.isoCurrencyCode,
    standard_return_window: null,
    unauthorized_return_window: null,
    expected_settlement_date: null,
    expected_funds_available_date: row.expectedFundsAvailableDate ?? null,
    originator_client_id: null,
    refunds: [],
    recurring_transfer_id: null,
    credit_funds_source: null,
  };
}

/** Settlement: the bank day after a transfer entered the network (standard ACH, no same-day cutoff simulated). */
const SETTLE_AFTER_BANK_DAYS = 1;

/**
 * `expected_funds_available_date` of a debit made at `createdAt`: the day its Ledger hold ends. Plaid: "The hold period
 * will begin on the business day after the transaction emits the settled event" and lasts the client's hold; on the ACH
 * calendar (app/domain/bank-days.ts), in Eastern time (funds "are typically made available at approximately 3:00PM ET
 * on the last day of the hold period"). Null for a credit ("Only applies to debit transfers").
 */
export function expectedFundsAvailableDate(type: string, createdAt: Date, hold: FundsHold): string | null {
  if (type !== "debit") return null;
  const made = todayIn("America/New_York", createdAt);
  const key = `${made}:${hold.bankDays}`;
  let day = availableDays.get(key);
  if (day === undefined) {
    day = addBankDays(made, SETTLE_AFTER_BANK_DAYS + hold.bankDays);
    if (availableDays.size >= 64) availableDays.clear();
    availableDays.set(key, day);
  }
  return day;
}

/** The days already worked out, by day made and hold (a batch of thousands of debits shares one). */
const availableDays = new Map<string, string>();

export function serializeEvent(row: PlaidTransferEventRow) {
  return {
    event_id: row.eventId,
    timestamp: row.createdAt.toISOString(),
    event_type: row.eventType,
    account_id: row.accountId,
    funding_account_id: null,
    ledger_id: ledgerIdFor(row.clientId),
    transfer_id: row.transferId,
    origination_account_id: null,
    transfer_type: row.transferType,
    transfer_amount: centsToDecimal(row.amountCents),
    failure_reason: failureReason(row),
    sweep_id: null,
    sweep_amount: null,
    refund_id: null,
    originator_client_id: null,
  };
}

/** TRANSFER_EVENTS_UPDATE for new events: to `url`, else the bank's fallback; batched per URL (webhooks.ts). */
export function notifyTransferEvents(ctx: Pick<BankContext, "webhooks" | "defaultWebhookUrl">, url: string | null) {
  const target = url ?? ctx.defaultWebhookUrl ?? null;
  if (target) ctx.webhooks.transferEvents(target);
}

/**
 * Event ids must become visible in order: a reader of /transfer/event/sync that saw event 101 must never later find a
 * 100 committed after it (it would skip it forever). Writers of events take turns until they commit.
 */
export const EVENT_STREAM_LOCK = "select pg_advisory_xact_lock(hashtextextended('sandbox_plaid.transfer_events', 0))";

async function lockEventStream(tx: Tx) {
  await tx.execute(sql.raw(EVENT_STREAM_LOCK));
}

// ---- Moves ------------------------------------------------------------------------------------------------------------

const MOVE_CHUNK = 1000;

type Failure = { failureCode: string | null; achReturnCode: string | null; failureDescription: string | null };
const NO_FAILURE: Failure = { failureCode: null, achReturnCode: null, failureDescription: null };

/**
 * Moves locked transfers to `to` inside `tx`: their rows, the end users' balances (settlement and returns after it),
 * the Ledger (one statement for all), accounts blocked by their return code, and one event each. The caller has checked
 * that every move is allowed and holds the rows' locks.
 */
async function moveTransfers(tx: Tx, ctx: BankContext, transfers: PlaidTransferRow[], to: string, failure: Failure = NO_FAILURE) {
  if (transfers.length === 0) return;
  // The event stream's lock first, before the accounts and the Ledger row: a batch of creates (batch.ts) takes it and
  // then the Ledger row, so taking them the other way round here deadlocked the two (seen in the e2e logs when both
  // projects moved the sandbox clock while the other created transfers). One order everywhere: stream, then rows.
  await lockEventStream(tx);
  const now = ctx.now();
  const recorded = to === "returned" || to === "failed" ? failure : NO_FAILURE;
  // In chunks: a statement carries at most 65,535 parameters (simulate_available may move thousands of debits).
  for (let start = 0; start < transfers.length; start += MOVE_CHUNK) {
    const ids = transfers.slice(start, start + MOVE_CHUNK).map((t) => t.transferId);
    await tx
      .update(plaidTransfers)
      // A debit that returns, fails or is cancelled before its money was available loses its date ("If the transfer does
      // return before this date, this field will be null"); one returned after funds_available keeps it.
      .set({
        status: to,
        ...recorded,
        ...(to === "returned" || to === "failed" || to === "cancelled"
          ? {
              expectedFundsAvailableDate: sql`case when ${plaidTransfers.status} = 'funds_available' then ${plaidTransfers.expectedFundsAvailableDate} end`,
            }
          : {}),
      })
      .where(inArray(plaidTransfers.transferId, ids));
  }
  for (const transfer of transfers) {
    const delta = balanceChangeCents(transfer.type, transfer.status, to, transfer.amountCents);
    if (delta !== 0) {
      await tx
        .update(plaidAccounts)
        .set({ availableCents: sql`${plaidAccounts.availableCents} + ${delta}`, currentCents: sql`${plaidAccounts.currentCents} + ${delta}` })
        .where(eq(plaidAccounts.accountId, transfer.accountId));
    }
  }
  await applyLedgerChangeIn(tx, ctx.clientId, sumChanges(transfers.map((t) => ledgerChange(t.type, t.status, to, t.amountCents))));
  if (to === "returned" && failure.achReturnCode && BLOCKING_RETURN_CODES.includes(failure.achReturnCode)) {
    // Plaid flags the account as not valid for Transfer: later authorizations answer TRANSFER_ACCOUNT_BLOCKED.
    await tx
      .update(plaidAccounts)
      .set({ blockedAt: now, blockedReturnCode: failure.achReturnCode })
      .where(and(inArray(plaidAccounts.accountId, [...new Set(transfers.map((t) => t.accountId))]), sql`${plaidAccounts.blockedAt} is null`));
  }
  for (let start = 0; start < transfers.length; start += MOVE_CHUNK) {
    await tx.insert(plaidTransferEvents).values(
      transfers.slice(start, start + MOVE_CHUNK).map((transfer) => ({
        clientId: ctx.clientId,
        transferId: transfer.transferId,
        eventType: to,
        accountId: transfer.accountId,
        transferType: transfer.type,
        amountCents: transfer.amountCents,
        ...recorded,
        createdAt: now,
      })),
    );
  }
}

/**
 * The transfer, locked for a move (moves of one transfer take turns, so each happens once), with its item's webhook
 * URL (read in the same statement: the move does not change it).
 */
async function lockedTransfer(tx: Tx, ctx: BankContext, transferId: string): Promise<{ transfer: PlaidTransferRow; webhook: string | null }> {
  const [row] = await tx
    .select({
      transfer: plaidTransfers,
      // A sub-select of the target list: FOR UPDATE locks the transfer's row only.
      webhook: sql<string | null>`(select i.webhook from sandbox_plaid.items i where i.item_id = transfers.item_id)`,
    })
    .from(plaidTransfers)
    .where(and(eq(plaidTransfers.transferId, transferId), eq(plaidTransfers.clientId, ctx.clientId)))
    .for("update");
  if (!row) throw plaidErrors.transferNotFound();
  return row;
}

/**
 * One locked transfer moved to `to`: what moveTransfers does for a list, in two statements after the transaction's
 * lock of the row (the event stream's lock, then one statement with the row, the account, the Ledger and the event)
 * instead of up to six. /sandbox/transfer/simulate is called once per step of every transfer the money tests settle
 * (thousands of calls in a test run), each a transaction of its own.
 */
async function moveTransfer(tx: Tx, ctx: BankContext, transfer: PlaidTransferRow, to: string, failure: Failure = NO_FAILURE) {
  await lockEventStream(tx);
  const now = ctx.now();
  const recorded = to === "returned" || to === "failed" ? failure : NO_FAILURE;
  const clearsFundsDate = to === "returned" || to === "failed" || to === "cancelled";
  const delta = balanceChangeCents(transfer.type, transfer.status, to, transfer.amountCents);
  const ledger = ledgerChange(transfer.type, transfer.status, to, transfer.amountCents);
  const blocks = to === "returned" && failure.achReturnCode !== null && BLOCKING_RETURN_CODES.includes(failure.achReturnCode);
  // Each table's row is written once (a statement may not change one row twice); the sub-statements see one snapshot,
  // which is all any of them reads: the locked transfer's own columns and the account's and Ledger's current values.
  await tx.execute(sql`
    with moved as (
      update sandbox_plaid.transfers set status = ${to}, failure_code = ${recorded.failureCode},
        ach_return_code = ${recorded.achReturnCode}, failure_description = ${recorded.failureDescription},
        expected_funds_available_date = case when ${clearsFundsDate}::boolean and status <> 'funds_available' then null
          else expected_funds_available_date end
      where transfer_id = ${transfer.transferId}
    ), account as (
      update sandbox_plaid.accounts set available_cents = available_cents + ${delta}::bigint, current_cents = current_cents + ${delta}::bigint,
        blocked_at = case when ${blocks}::boolean and blocked_at is null then ${now.toISOString()}::timestamptz else blocked_at end,
        blocked_return_code = case when ${blocks}::boolean and blocked_at is null then ${failure.achReturnCode}::text else blocked_return_code end
      where account_id = ${transfer.accountId} and (${delta}::bigint <> 0 or (${blocks}::boolean and blocked_at is null))
    ), ledger as (
      insert into sandbox_plaid.ledgers (client_id, available_cents, pending_cents)
      select ${ctx.clientId}, ${ledger.availableCents}::bigint, ${ledger.pendingCents}::bigint
      where ${ledger.availableCents}::bigint <> 0 or ${ledger.pendingCents}::bigint <> 0
      on conflict (client_id) do update set available_cents = ledgers.available_cents + excluded.available_cents,
        pending_cents = ledgers.pending_cents + excluded.pending_cents
    )
    insert into sandbox_plaid.transfer_events (client_id, transfer_id, event_type, account_id, transfer_type, amount_cents,
      failure_code, ach_return_code, failure_description, created_at)
    values (${ctx.clientId}, ${transfer.transferId}, ${to}, ${transfer.accountId}, ${transfer.type}, ${transfer.amountCents}::bigint,
      ${recorded.failureCode}::text, ${recorded.achReturnCode}::text, ${recorded.failureDescription}::text, ${now.toISOString()}::timestamptz)`);
}

async function itemWebhooks(tx: Tx, itemIds: string[]): Promise<Array<string | null>> {
  if (itemIds.length === 0) return [];
  const rows = await tx
    .select({ webhook: plaidItems.webhook })
    .from(plaidItems)
    .where(inArray(plaidItems.itemId, [...new Set(itemIds)]));
  return rows.map((row) => row.webhook);
}

/** What a simulated `failed` or `returned` records: Plaid's failure_reason, with a known return code for a return. */
function simulatedFailure(request: SimulateRequest): Failure {
  const reason = request.failure_reason;
  if (request.event_type === "returned") {
    const code = reason?.failure_code ?? reason?.ach_return_code ?? "R01";
    if (!ACH_RETURN_CODES[code]) {
      throw plaidErrors.invalidField(`failure_reason.failure_code must be one of ${Object.keys(ACH_RETURN_CODES).join(", ")}`);
    }
    return { failureCode: code, achReturnCode: code, failureDescription: reason?.description ?? ACH_RETURN_CODES[code]! };
  }
  if (request.event_type === "failed") {
    const code = reason?.failure_code ?? reason?.ach_return_code ?? null;
    return { failureCode: code, achReturnCode: code, failureDescription: reason?.description ?? "The transfer failed." };
  }
  return NO_FAILURE;
}

function checkLedgerId(ctx: BankContext, ledgerId: unknown) {
  if (typeof ledgerId === "string" && ledgerId !== ledgerIdFor(ctx.clientId))
    throw plaidErrors.invalidField("ledger_id is not a ledger of this client");
}

// ---- Endpoints --------------------------------------------------------------------------------------------------------

type Handler = (ctx: BankContext, body: Body) => Promise<Record<string, unknown>>;

export const transferEndpoints: Record<string, Handler> = {
  "/transfer/get": async (ctx, body) => {
    const transferId = body.transfer_id as string | undefined;
    const [transfer] = await ctx.db
      .select()
      .from(plaidTransfers)
      .where(
        and(
          eq(plaidTransfers.clientId, ctx.clientId),
          transferId ? eq(plaidTransfers.transferId, transferId) : eq(plaidTransfers.authorizationId, body.authorization_id as string),
        ),
      );
    if (!transfer) throw plaidErrors.transferNotFound();
    return { transfer: serializeTransfer(transfer) };
  },

  /** Newest first (by `created`), `count` from `offset`; start_date and end_date bound `created`, both inclusive. */
  "/transfer/list": async (ctx, body) => {
    const request = body as TransferListRequest;
    const rows = await ctx.db
      .select()
      .from(plaidTransfers)
      .where(
        and(
          eq(plaidTransfers.clientId, ctx.clientId),
          request.start_date ? gte(plaidTransfers.createdAt, new Date(request.start_date)) : undefined,
          request.end_date ? lte(plaidTransfers.createdAt, new Date(request.end_date)) : undefined,
        ),
      )
      .orderBy(desc(plaidTransfers.createdAt), desc(plaidTransfers.transferId))
      .limit(request.count ?? TRANSFER_LIST_COUNT.default)
      .offset(request.offset ?? 0);
    return { transfers: rows.map(serializeTransfer) };
  },

  "/transfer/cancel": async (ctx, body) => {
    const webhook = await ctx.db.transaction(async (tx) => {
      const { transfer, webhook } = await lockedTransfer(tx, ctx, body.transfer_id as string);
      if (!canCancel(transfer.status)) throw plaidErrors.transferNotCancellable();
      await moveTransfer(tx, ctx, transfer, "cancelled");
      return webhook;
    });
    notifyTransferEvents(ctx, webhook);
    return {};
  },

  "/transfer/event/sync": async (ctx, body) => {
    const afterId = body.after_id as number;
    const count = (body.count as number | undefined) ?? EVENT_SYNC_COUNT.default;
    // One more than asked tells whether there is more, without a second query.
    const rows = await ctx.db
      .select()
      .from(plaidTransferEvents)
      .where(and(eq(plaidTransferEvents.clientId, ctx.clientId), gt(plaidTransferEvents.eventId, afterId)))
      .orderBy(asc(plaidTransferEvents.eventId))
      .limit(count + 1);
    return { transfer_events: rows.slice(0, count).map(serializeEvent), has_more: rows.length > count };
  },

  "/sandbox/transfer/simulate": async (ctx, body) => {
    const request = body as SimulateRequest;
    const failure = simulatedFailure(request);
    const webhook = await ctx.db.transaction(async (tx) => {
      const { transfer, webhook } = await lockedTransfer(tx, ctx, request.transfer_id);
      const refusal = transitionRefusal(transfer.type, transfer.status, request.event_type);
      if (refusal !== null) throw plaidErrors.transitionInvalid(transfer.status, request.event_type, refusal);
      await moveTransfer(tx, ctx, transfer, request.event_type, failure);
      return webhook;
    });
    notifyTransferEvents(ctx, request.webhook ?? webhook);
    return {};
  },

  /**
   * The sandbox bank's own endpoint, not Plaid's: a debit or credit returned after it settled (a debit also after
   * funds_available), as ACH returns can arrive for weeks (an unauthorized debit, R10, up to 60 days). Plaid's
   * /sandbox/transfer/simulate returns a transfer from `posted` only, so its sandbox cannot show what production can;
   * the app's tests of late returns use this (ADR 049).
   */
  "/sandbox/transfer/late_return": async (ctx, body) => {
    const request = { ...(body as SimulateRequest), event_type: "returned" as const };
    const failure = simulatedFailure(request);
    const webhook = await ctx.db.transaction(async (tx) => {
      const { transfer, webhook } = await lockedTransfer(tx, ctx, request.transfer_id);
      if (transfer.status !== "settled" && transfer.status !== "funds_available") {
        throw plaidErrors.transitionInvalid(
          transfer.status,
          "returned",
          "a late return is of a settled transfer; use /sandbox/transfer/simulate from posted",
        );
      }
      await moveTransfer(tx, ctx, transfer, "returned", failure);
      return webhook;
    });
    notifyTransferEvents(ctx, request.webhook ?? webhook);
    return {};
  },

  "/transfer/ledger/get": async (ctx, body) => {
    checkLedgerId(ctx, body.ledger_id);
    const ledger = await readLedger(ctx.db, ctx.clientId);
    return {
      ledger_id: ledgerIdFor(ctx.clientId),
      balance: { available: centsToDecimal(ledger.availableCents), pending: centsToDecimal(ledger.pendingCents) },
      name: "Sandbox ledger",
      is_default: true,
    };
  },

  /**
   * Our reading of "simulate converting pending balance to available balance": every settled debit's hold ends now —
   * each moves to funds_available (with its event), which moves its amount from pending to available. Debits not yet
   * settled stay pending (their hold has not begun).
   */
  "/sandbox/transfer/ledger/simulate_available": async (ctx, body) => {
    checkLedgerId(ctx, body.ledger_id);
    const webhooks = await ctx.db.transaction(async (tx) => {
      const settled = await tx
        .select()
        .from(plaidTransfers)
        .where(and(eq(plaidTransfers.clientId, ctx.clientId), eq(plaidTransfers.type, "debit"), eq(plaidTransfers.status, "settled")))
        .orderBy(asc(plaidTransfers.createdAt), asc(plaidTransfers.transferId))
        .for("update");
      await moveTransfers(tx, ctx, settled, "funds_available");
      return itemWebhooks(
        tx,
        settled.map((t) => t.itemId),
      );
    });
    const explicit = body.webhook as string | undefined;
    if (explicit) notifyTransferEvents(ctx, explicit);
    else for (const url of new Set(webhooks)) notifyTransferEvents(ctx, url);
    return {};
  },

  /** "Manually trigger a TRANSFER_EVENTS_UPDATE webhook": at once, not batched. */
  "/sandbox/transfer/fire_webhook": async (ctx, body) => {
    ctx.webhooks.send(body.webhook as string, { webhook_type: "TRANSFER", webhook_code: "TRANSFER_EVENTS_UPDATE", environment: "sandbox" });
    return {};
  },
};
