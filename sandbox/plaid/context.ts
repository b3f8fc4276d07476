/**
 * What the sandbox bank's handlers run with: its database, client id, clock, webhook sender and the group-commit
 * batches. In a module of its own so that the endpoints (bank.ts), the group commit (batch.ts) and the bulk statements
 * (bulk.ts) all import it, and none of them imports another for it.
 */
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { FaultRules } from "./faults";
import type { PlaidTransferAuthorizationRow, PlaidTransferRow } from "./schema";
import type { WebhookSender } from "./webhooks";

/** Drizzle over the bank's pool; the pool itself (`$client`) serves the hot path's prepared statements (bulk.ts). */
export type BankDb = NodePgDatabase & { $client: pg.Pool };

export type BankContext = {
  db: BankDb;
  clientId: string;
  now: () => Date;
  webhooks: WebhookSender;
  /** Where TRANSFER webhooks go when neither the simulate call nor the item names a webhook URL. */
  defaultWebhookUrl?: string;
  /** The group-committed endpoints (batch.ts), one set per server. */
  batches: TransferBatches;
  /** Single-transfer limits: an authorization above them is declined TRANSFER_LIMIT_REACHED. */
  limits: TransferLimits;
  /** Faults on demand set through /sandbox/faults/set (faults.ts). */
  faults: FaultRules;
  /** The account is enabled for Link events: /link/token/get returns the embedded Link's session results. */
  linkEvents?: boolean;
  /**
   * The client's Ledger hold: a debit's money is available this many bank days after it settles (Plaid: "typically 2-5
   * days after the transfer has settled … unique to you"); what `expected_funds_available_date` says. Shared and
   * mutable (BankSandbox.setFundsHold): the batches hold the same object.
   */
  fundsHold: FundsHold;
};

/** The Ledger hold in bank days after settlement (BankSandboxOptions.fundsHoldBankDays, 1 by default). */
export type FundsHold = { bankDays: number };

/** Plaid's max_single_transfer_debit_amount / max_single_transfer_credit_amount (/transfer/configuration/get), in cents. */
export type TransferLimits = { maxSingleDebitCents: number; maxSingleCreditCents: number };

/** A request's way into a batch: its own answer once the batch it joined has run (MicroBatcher, batch.ts). */
export type Batcher<I, O> = { add(input: I): Promise<O> };

/** A transfer answered by /transfer/create; `created` when this request made it (its webhook is then due). */
export type TransferAnswer = { transfer: PlaidTransferRow; webhook: string | null; created: boolean };

export type TransferBatches = {
  authorizations: Batcher<Record<string, unknown>, PlaidTransferAuthorizationRow>;
  transfers: Batcher<Record<string, unknown>, TransferAnswer>;
};
