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
import { ACH_CLASSES, hashAccessToken, objectField, optionalString, stringField, TRANSFER_DESCRIPTION_MAX, TRANSFER_NETWORKS } from "./bank";
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
import { decimalToCents, PlaidFailure, plaidErrors } from "./wire";

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

/** A failure thrown by a validation helper, as a value. */
function attempt<T>(check: () => T): T | PlaidFailure {
  try {
    return check();
  } catch (error) {
    if (error instanceof PlaidFailure) return error;
    throw error;
  }
}

/** The fields of an authorization request, checked in the order Plaid reports them (after the item and account). */
function authorizationFields(body: Body) {
  const type = stringField(body, "type");
  if (type !== "debit" && type !== "credit") throw plaidErrors.invalidField("type must be one of debit, credit");
  const network = stringField(body, "network");
  if (!TRANSFER_NETWORKS.includes(network)) throw plaidErrors.invalidField(`network must be one of ${TRANSFER_NETWORKS.join(", ")}`);
  const achClass = optionalString(body, "ach_class");
  if (achClass === null) throw plaidErrors.missingFields(["ach_class"]);
  if (!ACH_CLASSES.includes(achClass)) throw plaidErrors.invalidField(`ach_class must be one of ${ACH_CLASSES.join(", ")}`);
  const amountCents = decimalToCents(body.amount);
  if (amountCents === null) throw plaidErrors.invalidField("amount must be a positive decimal string with at most two decimal places");
  const user = objectField(body, "user")!;
  if (typeof user.legal_name !== "string" || user.legal_name === "") throw plaidErrors.missingFields(["user.legal_name"]);
  const isoCurrencyCode = optionalString(body, "iso_currency_code") ?? "USD";
  if (isoCurrencyCode !== "USD") throw plaidErrors.invalidField("iso_currency_code must be USD");
  return {
    type,
    network,
    achClass,
    amountCents,
    isoCurrencyCode,
    user: {
      legal_name: user.legal_name,
      phone_number: user.phone_number ?? null,
      email_address: user.email_address ?? null,
      address: user.address ?? null,
    },
  };
}

/**
 * Authorizations for a batch of validated requests. A key already used answers with its authorization (whatever else
 * the request says, as Plaid does); a debit larger than the account's available balance is declined (NSF).
 */
export async function authorizeBatch(ctx: BankContext, bodies: Body[]): Promise<Array<PlaidTransferAuthorizationRow | PlaidFailure>> {
  const requests = bodies.map((body) => ({
    body,
    idempotencyKey: attempt(() => optionalString(body, "idempotency_key")),
    accessToken: attempt(() => stringField(body, "access_token")),
    accountId: attempt(() => stringField(body, "account_id")),
  }));
  const keys = [...new Set(requests.map((r) => r.idempotencyKey).filter((key): key is string => typeof key === "string"))];
  const hashes = [...new Set(requests.map((r) => r.accessToken).filter((t): t is string => typeof t === "string"))].map(hashAccessToken);
  const [existing, items] = await Promise.all([
    selectWhereIn<PlaidTransferAuthorizationRow>(ctx.db, plaidTransferAuthorizations, "idempotencyKey", keys, ctx.clientId),
    selectWhereIn<PlaidItemRow>(ctx.db, plaidItems, "accessTokenSha256", hashes),
  ]);
  const byKey = new Map(existing.map((row) => [row.idempotencyKey!, row]));
  const itemByHash = new Map(items.map((item) => [item.accessTokenSha256!, item]));
  const accountIds = [...new Set(requests.map((r) => r.accountId).filter((id): id is string => typeof id === "string"))];
  const accounts = await selectWhereIn<PlaidAccountRow>(ctx.db, plaidAccounts, "accountId", accountIds);
  const accountById = new Map(accounts.map((account) => [account.accountId, account]));

  const answers: Array<PlaidTransferAuthorizationRow | PlaidFailure | { pendingKey: string }> = [];
  const fresh: PlaidTransferAuthorizationRow[] = [];
  const claimed = new Map<string, PlaidTransferAuthorizationRow>();
  for (const request of requests) {
    if (request.idempotencyKey instanceof PlaidFailure) {
      answers.push(request.idempotencyKey);
      continue;
    }
    const known = request.idempotencyKey ? (byKey.get(request.idempotencyKey) ?? claimed.get(request.idempotencyKey)) : undefined;
    if (known) {
      answers.push(known);
      continue;
    }
    if (request.accessToken instanceof PlaidFailure) {
      answers.push(request.accessToken);
      continue;
    }
    const item = checkItem(ctx, itemByHash.get(hashAccessToken(request.accessToken)));
    if (item instanceof PlaidFailure) {
      answers.push(item);
      continue;
    }
    if (request.accountId instanceof PlaidFailure) {
      answers.push(request.accountId);
      continue;
    }
    const account = accountById.get(request.accountId);
    if (!account || account.itemId !== item.itemId) {
      answers.push(plaidErrors.invalidAccountId());
      continue;
    }
    const fields = attempt(() => authorizationFields(request.body));
    if (fields instanceof PlaidFailure) {
      answers.push(fields);
      continue;
    }
    // A debit pulls from the user's account: declined when the available balance cannot cover it.
    const nsf = fields.type === "debit" && account.availableCents < fields.amountCents;
    const row: PlaidTransferAuthorizationRow = {
      authorizationId: randomUUID(),
      clientId: ctx.clientId,
      idempotencyKey: request.idempotencyKey,
      keyGeneration: 0,
      itemId: item.itemId,
      accountId: request.accountId,
      type: fields.type,
      network: fields.network,
      achClass: fields.achClass,
      amountCents: fields.amountCents,
      isoCurrencyCode: fields.isoCurrencyCode,
      user: fields.user,
      decision: nsf ? "declined" : "approved",
      rationaleCode: nsf ? "NSF" : null,
      rationaleDescription: nsf ? "Transaction likely to result in a return due to insufficient funds." : null,
      createdAt: ctx.now(),
    };
    fresh.push(row);
    if (request.idempotencyKey) claimed.set(request.idempotencyKey, row);
    answers.push(row);
  }
  if (fresh.length > 0) {
    const inserted = await insertMany<PlaidTransferAuthorizationRow>(ctx.db, plaidTransferAuthorizations, fresh);
    if (inserted.length < fresh.length) {
      // Another batch (another process) won a key: answer with its authorization.
      const won = new Set(inserted.map((row) => row.authorizationId));
      const lostKeys = fresh.filter((row) => !won.has(row.authorizationId) && row.idempotencyKey).map((row) => row.idempotencyKey!);
      const winners = await selectWhereIn<PlaidTransferAuthorizationRow>(
        ctx.db,
        plaidTransferAuthorizations,
        "idempotencyKey",
        lostKeys,
        ctx.clientId,
      );
      const winnerByKey = new Map(winners.map((row) => [row.idempotencyKey!, row]));
      for (let i = 0; i < answers.length; i++) {
        const answer = answers[i];
        if (
          answer &&
          !(answer instanceof PlaidFailure) &&
          "authorizationId" in answer &&
          !won.has(answer.authorizationId) &&
          fresh.includes(answer)
        ) {
          answers[i] = (answer.idempotencyKey && winnerByKey.get(answer.idempotencyKey)) || plaidErrors.internal();
        }
      }
    }
  }
  return answers as Array<PlaidTransferAuthorizationRow | PlaidFailure>;
}

function checkItem(ctx: BankContext, item: PlaidItemRow | undefined): PlaidItemRow | PlaidFailure {
  if (!item || item.clientId !== ctx.clientId) return plaidErrors.invalidAccessToken();
  if (item.removedAt) return plaidErrors.itemNotFound();
  return item;
}

// ---- /transfer/create -------------------------------------------------------------------------------------------------

/**
 * Transfers for a batch of requests: each authorization makes at most one transfer (a retry, or several at once,
 * get the one made). New transfers and their `pending` events are written in one transaction, holding the event
 * stream's lock once for the whole batch (event ids become visible in order).
 */
export async function transferBatch(ctx: BankContext, bodies: Body[]): Promise<Array<TransferAnswer | PlaidFailure>> {
  // The handler checked these two are strings before the request joined the batch.
  const requests = bodies.map((body) => ({ body, accessToken: body.access_token as string, authorizationId: body.authorization_id as string }));
  const hashes = [...new Set(requests.map((r) => hashAccessToken(r.accessToken)))];
  const authorizationIds = [...new Set(requests.map((r) => r.authorizationId))];
  const [items, authorizations, existing] = await Promise.all([
    selectWhereIn<PlaidItemRow>(ctx.db, plaidItems, "accessTokenSha256", hashes),
    selectWhereIn<PlaidTransferAuthorizationRow>(ctx.db, plaidTransferAuthorizations, "authorizationId", authorizationIds, ctx.clientId),
    selectWhereIn<PlaidTransferRow>(ctx.db, plaidTransfers, "authorizationId", authorizationIds),
  ]);
  const itemByHash = new Map(items.map((item) => [item.accessTokenSha256!, item]));
  const itemById = new Map(items.map((item) => [item.itemId, item]));
  const authorizationById = new Map(authorizations.map((row) => [row.authorizationId, row]));
  const transferByAuthorization = new Map(existing.map((row) => [row.authorizationId, row]));

  const answers: Array<TransferAnswer | PlaidFailure> = [];
  const fresh = new Map<string, PlaidTransferRow>();
  for (const request of requests) {
    const item = checkItem(ctx, itemByHash.get(hashAccessToken(request.accessToken)));
    if (item instanceof PlaidFailure) {
      answers.push(item);
      continue;
    }
    const authorization = authorizationById.get(request.authorizationId);
    if (!authorization) {
      answers.push(plaidErrors.authorizationNotFound());
      continue;
    }
    // The authorization id is the idempotency key: a retry answers with the transfer already made.
    const made = transferByAuthorization.get(request.authorizationId) ?? fresh.get(request.authorizationId);
    if (made) {
      answers.push({ transfer: made, webhook: itemById.get(made.itemId)?.webhook ?? null, created: false });
      continue;
    }
    if (authorization.decision !== "approved") {
      answers.push(plaidErrors.authorizationDeclined());
      continue;
    }
    if (authorization.itemId !== item.itemId) {
      answers.push(plaidErrors.authorizationMismatch("access_token"));
      continue;
    }
    const checked = attempt(() => {
      if (stringField(request.body, "account_id") !== authorization.accountId) throw plaidErrors.authorizationMismatch("account_id");
      if (request.body.amount !== undefined && decimalToCents(request.body.amount) !== authorization.amountCents)
        throw plaidErrors.authorizationMismatch("amount");
      const description = stringField(request.body, "description");
      if (description.length > TRANSFER_DESCRIPTION_MAX)
        throw plaidErrors.invalidField(`description must be at most ${TRANSFER_DESCRIPTION_MAX} characters`);
      return { description, metadata: objectField(request.body, "metadata") as Record<string, string> | null };
    });
    if (checked instanceof PlaidFailure) {
      answers.push(checked);
      continue;
    }
    const transfer: PlaidTransferRow = {
      transferId: randomUUID(),
      clientId: ctx.clientId,
      authorizationId: request.authorizationId,
      itemId: item.itemId,
      accountId: authorization.accountId,
      type: authorization.type,
      network: authorization.network,
      achClass: authorization.achClass,
      amountCents: authorization.amountCents,
      isoCurrencyCode: authorization.isoCurrencyCode,
      description: checked.description,
      user: authorization.user,
      metadata: checked.metadata,
      status: "pending",
      failureCode: null,
      achReturnCode: null,
      failureDescription: null,
      createdAt: ctx.now(),
    };
    fresh.set(request.authorizationId, transfer);
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
      await client.query("select pg_advisory_xact_lock(hashtextextended('sandbox_plaid.transfer_events', 0))");
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
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  if (inserted.length < rows.length) {
    // Another batch (another process) made some of these transfers first: answer with theirs.
    const won = new Set(inserted.map((row) => row.transferId));
    const lost = rows.filter((row) => !won.has(row.transferId)).map((row) => row.authorizationId);
    const theirs = await selectWhereIn<PlaidTransferRow>(ctx.db, plaidTransfers, "authorizationId", lost);
    const byAuthorization = new Map(theirs.map((row) => [row.authorizationId, row]));
    for (let i = 0; i < answers.length; i++) {
      const answer = answers[i]!;
      if (answer instanceof PlaidFailure || !answer.created || won.has(answer.transfer.transferId)) continue;
      const winner = byAuthorization.get(answer.transfer.authorizationId);
      answers[i] = winner ? { transfer: winner, webhook: answer.webhook, created: false } : plaidErrors.internal();
    }
  }
  return answers;
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
