/**
 * Group commit for the sandbox bank's two hot endpoints, /transfer/authorization/create and /transfer/create (ADR 009).
 * Requests that arrive together (within BATCH_WAIT_MS, up to BATCH_MAX) are answered from one round of queries: one
 * read of everything they need (items, accounts, authorizations, transfers already made), then one write (and, for
 * transfers, one turn at the event stream's lock and one commit). Each request still gets exactly the answer it would
 * have got alone — the same validation, errors and idempotency (the same key → the same authorization; the same
 * authorization → the same transfer, however many ask at once) — so the double keeps Plaid's wire format and
 * semantics while costing a few queries per batch instead of about ten per debit.
 */
import { randomUUID } from "node:crypto";
import type { BankContext, Batcher, TransferAnswer, TransferBatches } from "./context";
import { ACH_DESCRIPTION_MAX, type AuthorizationRequest, ENABLED_NETWORKS, type TransferCreateRequest } from "./contract";
import { checkItem, hashAccessToken } from "./items";
import { applyLedgerChange, readLedger, sumChanges } from "./ledger";
import { EVENT_STREAM_LOCK, expectedFundsAvailableDate } from "./transfers";
import {
  plaidAccounts,
  plaidItems,
  plaidTransferAuthorizations,
  plaidTransferEvents,
  plaidTransfers,
  type PlaidAccountRow,
  type PlaidItemRow,
  type PlaidTransferAuthorizationRow,
  type PlaidTransferRow,
} from "./schema";
import { insertMany, selectWhereIn } from "./bulk";
import {
  authorizationDecision,
  authorizationExpired,
  centsToDecimal,
  decimalToCents,
  idempotencyKeyHolds,
  ledgerChange,
  PlaidFailure,
  plaidErrors,
  retryNumber,
  retryTarget,
} from "./wire";

const BATCH_WAIT_MS = 2;
const BATCH_MAX = 200;

/**
 * Collects items for up to BATCH_WAIT_MS (or BATCH_MAX of them) and runs them as one batch, with at most `inFlight`
 * batches at a time (concurrent batches are safe: every write is ON CONFLICT DO NOTHING and the loser answers with the
 * winner's row). While the batches in flight run, the next one fills: the busier the bank, the bigger its batches.
 */
export class MicroBatcher<I, O> implements Batcher<I, O> {
  private queue: Array<{ input: I; resolve: (value: O) => void; reject: (error: unknown) => void }> = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = 0;

  constructor(
    private readonly run: (inputs: I[]) => Promise<Array<O | PlaidFailure>>,
    private readonly maxInFlight = 4,
  ) {}

  add(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.queue.length >= BATCH_MAX) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), BATCH_WAIT_MS);
    });
  }

  private flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0 || this.inFlight >= this.maxInFlight) return;
    const batch = this.queue.splice(0, BATCH_MAX);
    this.inFlight += 1;
    void (async () => {
      try {
        const outputs = await this.run(batch.map((entry) => entry.input));
        batch.forEach((entry, i) => {
          const output = outputs[i]!;
          if (output instanceof PlaidFailure) entry.reject(output);
          else entry.resolve(output);
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      } finally {
        this.inFlight -= 1;
        // What queued up meanwhile goes next (it has waited at least as long as a timer would have made it).
        if (this.queue.length > 0) this.flush();
      }
    })();
  }
}

type Body = Record<string, unknown>;

const unique = <T>(values: Iterable<T>) => [...new Set(values)];

/**
 * Authorizations for a batch of requests the server has checked against the schema (contract.ts). A key still
 * holding answers with its authorization, whatever else the request says (Plaid's rule); a key 48 hours old, or whose
 * authorization needed the user, makes the next generation of it (idempotencyKeyHolds). The decision is Plaid's
 * sandbox's (authorizationDecision). Everything is read in one round of queries, whatever the batch's size.
 */
export async function authorizeBatch(ctx: BankContext, bodies: Body[]): Promise<Array<PlaidTransferAuthorizationRow | PlaidFailure>> {
  const requests = bodies as AuthorizationRequest[];
  const now = ctx.now();
  const keys = unique(requests.map((r) => r.idempotency_key).filter((key): key is string => key !== undefined));
  const [existing, items, accounts, ledger] = await Promise.all([
    selectWhereIn<PlaidTransferAuthorizationRow>(ctx.db, plaidTransferAuthorizations, "idempotencyKey", keys, ctx.clientId),
    selectWhereIn<PlaidItemRow>(ctx.db, plaidItems, "accessTokenSha256", unique(requests.map((r) => hashAccessToken(r.access_token)))),
    selectWhereIn<PlaidAccountRow>(ctx.db, plaidAccounts, "accountId", unique(requests.map((r) => r.account_id))),
    requests.some((r) => r.type === "credit") ? readLedger(ctx.db, ctx.clientId) : null,
  ]);
  // The newest generation of each key: the one a request with the key may get back.
  const latestByKey = new Map<string, PlaidTransferAuthorizationRow>();
  for (const row of existing) {
    const latest = latestByKey.get(row.idempotencyKey!);
    if (!latest || row.keyGeneration > latest.keyGeneration) latestByKey.set(row.idempotencyKey!, row);
  }
  const itemByHash = new Map(items.map((item) => [item.accessTokenSha256!, item]));
  const accountById = new Map(accounts.map((account) => [account.accountId, account]));

  const answers: Array<PlaidTransferAuthorizationRow | PlaidFailure> = [];
  const fresh: PlaidTransferAuthorizationRow[] = [];
  for (const request of requests) {
    const key = request.idempotency_key ?? null;
    const latest = key ? latestByKey.get(key) : undefined;
    if (latest && idempotencyKeyHolds(latest, now)) {
      answers.push(latest);
      continue;
    }
    const item = checkItem(ctx, itemByHash.get(hashAccessToken(request.access_token)));
    if (item instanceof PlaidFailure) {
      answers.push(item);
      continue;
    }
    const account = accountById.get(request.account_id);
    if (!account || account.itemId !== item.itemId) {
      answers.push(plaidErrors.invalidAccountId());
      continue;
    }
    if (account.blockedAt) {
      answers.push(plaidErrors.transferAccountBlocked());
      continue;
    }
    const amountCents = decimalToCents(request.amount)!;
    const decision = authorizationDecision({
      type: request.type,
      amountCents,
      loginRequired: item.loginRequiredAt !== null,
      accountAvailableCents: account.availableCents,
      ledgerAvailableCents: ledger?.availableCents ?? 0,
      limits: ctx.limits,
    });
    const row: PlaidTransferAuthorizationRow = {
      authorizationId: randomUUID(),
      clientId: ctx.clientId,
      idempotencyKey: key,
      keyGeneration: latest ? latest.keyGeneration + 1 : 0,
      itemId: item.itemId,
      accountId: account.accountId,
      type: request.type,
      network: request.network,
      achClass: request.ach_class ?? null,
      amountCents,
      isoCurrencyCode: request.iso_currency_code ?? "USD",
      user: {
        legal_name: request.user.legal_name,
        phone_number: request.user.phone_number ?? null,
        email_address: request.user.email_address ?? null,
        address: request.user.address ?? null,
      },
      decision: decision.decision,
      rationaleCode: decision.code,
      rationaleDescription: decision.description,
      createdAt: now,
    };
    fresh.push(row);
    // A later request of this batch with the key gets this one (or, if it needed the user, the generation after).
    if (key) latestByKey.set(key, row);
    answers.push(row);
  }
  if (fresh.length === 0) return answers;

  const inserted = await insertMany<PlaidTransferAuthorizationRow>(ctx.db, plaidTransferAuthorizations, fresh);
  if (inserted.length === fresh.length) return answers;
  // Another batch (another process) made some key's generation first: answer with its authorization.
  const won = new Set(inserted.map((row) => row.authorizationId));
  const lost = fresh.filter((row) => !won.has(row.authorizationId));
  const winners = await selectWhereIn<PlaidTransferAuthorizationRow>(
    ctx.db,
    plaidTransferAuthorizations,
    "idempotencyKey",
    unique(lost.map((row) => row.idempotencyKey!)),
    ctx.clientId,
  );
  const winnerOf = (row: PlaidTransferAuthorizationRow) =>
    winners.find((winner) => winner.idempotencyKey === row.idempotencyKey && winner.keyGeneration === row.keyGeneration);
  return answers.map((answer) =>
    answer instanceof PlaidFailure || won.has(answer.authorizationId) || !fresh.includes(answer)
      ? answer
      : (winnerOf(answer) ?? plaidErrors.internal()),
  );
}

// ---- /transfer/create -------------------------------------------------------------------------------------------------

/** Why a transfer request does not fit its authorization (or the description rules), or null. */
function transferRefusal(request: TransferCreateRequest, authorization: PlaidTransferAuthorizationRow): PlaidFailure | null {
  if (request.account_id !== authorization.accountId) return plaidErrors.authorizationMismatch("account_id");
  // The deprecated copies of the authorization's fields, when a client still sends them, must agree with it.
  if (request.type !== undefined && request.type !== authorization.type) return plaidErrors.authorizationMismatch("type");
  if (request.network !== undefined && request.network !== authorization.network) return plaidErrors.authorizationMismatch("network");
  if (request.ach_class !== undefined && request.ach_class !== authorization.achClass) return plaidErrors.authorizationMismatch("ach_class");
  if (request.iso_currency_code !== undefined && request.iso_currency_code !== authorization.isoCurrencyCode) {
    return plaidErrors.authorizationMismatch("iso_currency_code");
  }
  if (request.amount !== undefined && decimalToCents(request.amount)! > authorization.amountCents) {
    return plaidErrors.invalidField(`amount must not exceed the authorized amount of ${centsToDecimal(authorization.amountCents)}`);
  }
  if (ENABLED_NETWORKS.includes(authorization.network) && request.description.length > ACH_DESCRIPTION_MAX) {
    return plaidErrors.invalidField(`description must be at most ${ACH_DESCRIPTION_MAX} characters for ACH transfers`);
  }
  return null;
}

/**
 * Transfers for a batch of requests: each authorization makes at most one transfer (a retry, or several at once,
 * get the one made, even after the authorization's hour). A "Retry 1" / "Retry 2" must present again an R01/R09
 * return of the same account and amount (retryTarget); the earlier transfers of the accounts it concerns are read in
 * the same round as everything else, and only for batches that carry one. New transfers, their `pending` events and
 * the Ledger's change (one statement) are written in one transaction, holding the event stream's lock once.
 */
export async function transferBatch(ctx: BankContext, bodies: Body[]): Promise<Array<TransferAnswer | PlaidFailure>> {
  const requests = bodies as TransferCreateRequest[];
  const now = ctx.now();
  const authorizationIds = unique(requests.map((r) => r.authorization_id));
  const retryAccounts = unique(requests.filter((r) => retryNumber(r.description) !== null).map((r) => r.account_id));
  const [items, authorizations, existing, earlier] = await Promise.all([
    selectWhereIn<PlaidItemRow>(ctx.db, plaidItems, "accessTokenSha256", unique(requests.map((r) => hashAccessToken(r.access_token)))),
    selectWhereIn<PlaidTransferAuthorizationRow>(ctx.db, plaidTransferAuthorizations, "authorizationId", authorizationIds, ctx.clientId),
    selectWhereIn<PlaidTransferRow>(ctx.db, plaidTransfers, "authorizationId", authorizationIds),
    selectWhereIn<PlaidTransferRow>(ctx.db, plaidTransfers, "accountId", retryAccounts, ctx.clientId),
  ]);
  const itemByHash = new Map(items.map((item) => [item.accessTokenSha256!, item]));
  const itemById = new Map(items.map((item) => [item.itemId, item]));
  const authorizationById = new Map(authorizations.map((row) => [row.authorizationId, row]));
  const transferByAuthorization = new Map(existing.map((row) => [row.authorizationId, row]));

  const answers: Array<TransferAnswer | PlaidFailure> = [];
  const fresh = new Map<string, PlaidTransferRow>();
  for (const request of requests) {
    const item = checkItem(ctx, itemByHash.get(hashAccessToken(request.access_token)));
    if (item instanceof PlaidFailure) {
      answers.push(item);
      continue;
    }
    const authorization = authorizationById.get(request.authorization_id);
    if (!authorization) {
      answers.push(plaidErrors.authorizationNotFound());
      continue;
    }
    // The authorization id is the idempotency key: a retry answers with the transfer already made.
    const made = transferByAuthorization.get(request.authorization_id) ?? fresh.get(request.authorization_id);
    if (made) {
      answers.push({ transfer: made, webhook: itemById.get(made.itemId)?.webhook ?? null, created: false });
      continue;
    }
    if (authorization.decision === "declined") {
      answers.push(plaidErrors.authorizationDeclined());
      continue;
    }
    if (authorization.decision !== "approved") {
      answers.push(plaidErrors.authorizationNeedsUser());
      continue;
    }
    if (authorizationExpired(authorization, now)) {
      answers.push(plaidErrors.authorizationExpired());
      continue;
    }
    if (authorization.itemId !== item.itemId) {
      answers.push(plaidErrors.authorizationMismatch("access_token"));
      continue;
    }
    const refusal = transferRefusal(request, authorization);
    if (refusal) {
      answers.push(refusal);
      continue;
    }
    const amountCents = request.amount === undefined ? authorization.amountCents : decimalToCents(request.amount)!;
    let retryOf: string | null = null;
    const retry = retryNumber(request.description);
    if (retry === "invalid") {
      answers.push(
        plaidErrors.invalidField(
          `description "${request.description}" reads as a retry: a returned debit is presented again as "Retry 1", then "Retry 2"`,
        ),
      );
      continue;
    }
    if (retry !== null) {
      const target =
        authorization.type === "debit"
          ? retryTarget(
              retry,
              { amountCents, now },
              [...earlier, ...fresh.values()].filter((t) => t.accountId === authorization.accountId),
            )
          : ({ ok: false, reason: "only a returned debit may be presented again" } as const);
      if (!target.ok) {
        answers.push(plaidErrors.invalidField(`description "${request.description}" is refused: ${target.reason}`));
        continue;
      }
      retryOf = target.originalId;
    }
    const transfer: PlaidTransferRow = {
      transferId: randomUUID(),
      clientId: ctx.clientId,
      authorizationId: request.authorization_id,
      itemId: item.itemId,
      accountId: authorization.accountId,
      type: authorization.type,
      network: authorization.network,
      achClass: authorization.achClass,
      amountCents,
      isoCurrencyCode: authorization.isoCurrencyCode,
      description: request.description,
      user: authorization.user,
      metadata: request.metadata ?? null,
      status: "pending",
      failureCode: null,
      achReturnCode: null,
      failureDescription: null,
      createdAt: now,
      retryOf,
      expectedFundsAvailableDate: expectedFundsAvailableDate(authorization.type, now, ctx.fundsHold),
    };
    fresh.set(request.authorization_id, transfer);
    answers.push({ transfer, webhook: item.webhook, created: true });
  }
  if (fresh.size === 0) return answers;

  const rows = [...fresh.values()];
  const client = await ctx.db.$client.connect();
  let inserted: PlaidTransferRow[];
  try {
    await client.query("begin");
    inserted = await insertMany<PlaidTransferRow>(ctx.db, plaidTransfers, rows, client);
    if (inserted.length > 0) {
      // Event ids must become visible in order: writers of events take turns until they commit.
      await client.query(EVENT_STREAM_LOCK);
      await insertMany(
        ctx.db,
        plaidTransferEvents,
        inserted.map((transfer) => ({
          clientId: ctx.clientId,
          transferId: transfer.transferId,
          eventType: "pending",
          accountId: transfer.accountId,
          transferType: transfer.type,
          amountCents: transfer.amountCents,
          failureCode: null,
          achReturnCode: null,
          failureDescription: null,
          createdAt: transfer.createdAt,
        })),
        client,
      );
      // Debits go to the Ledger's pending balance, credits are paid from its available balance: one statement.
      await applyLedgerChange(client, ctx.clientId, sumChanges(inserted.map((t) => ledgerChange(t.type, null, "pending", t.amountCents))));
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  if (inserted.length === rows.length) return answers;
  // Some rows were not written: another batch (another process) made the transfer for that authorization first (answer
  // with theirs), or presented the same original debit again with the same retry description (refused).
  const won = new Set(inserted.map((row) => row.transferId));
  const lost = rows.filter((row) => !won.has(row.transferId)).map((row) => row.authorizationId);
  const theirs = await selectWhereIn<PlaidTransferRow>(ctx.db, plaidTransfers, "authorizationId", lost);
  const byAuthorization = new Map(theirs.map((row) => [row.authorizationId, row]));
  return answers.map((answer) => {
    if (answer instanceof PlaidFailure || !answer.created || won.has(answer.transfer.transferId)) return answer;
    const winner = byAuthorization.get(answer.transfer.authorizationId);
    if (winner) return { transfer: winner, webhook: answer.webhook, created: false };
    return plaidErrors.invalidField(
      `description "${answer.transfer.description}" is refused: the returned debit has already been presented again as "${answer.transfer.description}"`,
    );
  });
}

/** One set per server: the batches' context is the server's (same database, client and clock for every request). */
export function transferBatches(ctx: Omit<BankContext, "batches">): TransferBatches {
  const context = ctx as BankContext;
  return {
    authorizations: new MicroBatcher((bodies) => authorizeBatch(context, bodies)),
    // Transfer batches take turns at the event stream's lock: two in flight (one committing, one reading and inserting
    // its transfers) keep it busy; more only queue at the lock, in smaller batches (ADR 009's measurements).
    transfers: new MicroBatcher((bodies) => transferBatch(context, bodies), 2),
  };
}
