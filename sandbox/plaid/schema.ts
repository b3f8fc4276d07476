import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, jsonb, pgSchema, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The sandbox bank keeps its own schema, apart from the app's tables. Money is integer cents (bigint, read as a JS
 * number: sandbox balances stay far below 2^53). Wire amounts are converted at the edge (wire.ts).
 */
export const sandboxPlaid = pgSchema("sandbox_plaid");

/** /link/token/create. The token itself is the key: it is handed to the browser, so it is no secret worth hashing. */
export const plaidLinkTokens = sandboxPlaid.table("link_tokens", {
  linkToken: text().primaryKey(),
  clientId: text().notNull(),
  clientName: text().notNull(),
  clientUserId: text(),
  products: jsonb().$type<string[]>().notNull(),
  webhook: text(),
  /** Where the sandbox Link UI may send the browser back to; never anywhere else (no open redirect). */
  redirectUri: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  /**
   * Link's update mode: the item this token re-authenticates (created with `access_token`, or with
   * `transfer.authorization_id` for the authorization's item). Null for a token that links a new item.
   */
  updateItemId: text(),
  /**
   * Made with `enable_multi_item_link: true` (Multi-Item Link): the browser's onSuccess carries no public token; the
   * session's public tokens are read server to server from /link/token/get, whatever the Link events setting.
   */
  multiItem: boolean().notNull().default(false),
  /** The `user_id` from /user/create the token was made with (Multi-Item Link needs one). */
  userId: text(),
});

/** /user/create: a Plaid user for one of the client's own users (`client_user_id`). */
export const plaidUsers = sandboxPlaid.table(
  "users",
  {
    userId: text().primaryKey(),
    clientId: text().notNull(),
    clientUserId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("users_client_user_key").on(table.clientId, table.clientUserId)],
);

/**
 * One run of the sandbox Link UI (HTML or JSON) for a link token: institution chosen, credentials accepted (the item
 * and its accounts are created then, so account ids are real from the select step on), accounts selected (the
 * public token is issued and the session is completed; it cannot be completed twice).
 */
export const plaidLinkSessions = sandboxPlaid.table("link_sessions", {
  linkSessionId: text().primaryKey(),
  linkToken: text()
    .notNull()
    .references(() => plaidLinkTokens.linkToken, { onDelete: "cascade" }),
  institutionId: text(),
  itemId: text(),
  publicToken: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  completedAt: timestamp({ withTimezone: true }),
});

/**
 * An item: one login at one institution. access_token_sha256 is null until the public token is exchanged; only the
 * SHA-256 of the access token is kept, so a dump of the bank's tables hands out no working tokens (the bank only ever
 * needs to look a token up, never to show it).
 */
export const plaidItems = sandboxPlaid.table(
  "items",
  {
    itemId: text().primaryKey(),
    clientId: text().notNull(),
    institutionId: text().notNull(),
    products: jsonb().$type<string[]>().notNull(),
    webhook: text(),
    accessTokenSha256: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    removedAt: timestamp({ withTimezone: true }),
    /**
     * Set by /sandbox/item/reset_login: the item is in Plaid's ITEM_LOGIN_REQUIRED error state until the user logs in
     * again through Link's update mode (or /sandbox/item/fire_webhook LOGIN_REPAIRED).
     */
    loginRequiredAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex("items_access_token_sha256_key").on(table.accessTokenSha256)],
);

/** /sandbox/public_token/create and the Link UI. Single use: exchangedAt is set once, atomically. */
export const plaidPublicTokens = sandboxPlaid.table("public_tokens", {
  publicToken: text().primaryKey(),
  itemId: text()
    .notNull()
    .references(() => plaidItems.itemId, { onDelete: "cascade" }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  exchangedAt: timestamp({ withTimezone: true }),
});

export const plaidAccounts = sandboxPlaid.table(
  "accounts",
  {
    accountId: text().primaryKey(),
    itemId: text()
      .notNull()
      .references(() => plaidItems.itemId, { onDelete: "cascade" }),
    name: text().notNull(),
    officialName: text(),
    type: text().notNull(),
    subtype: text().notNull(),
    mask: text().notNull(),
    accountNumber: text().notNull(),
    routingNumber: text().notNull(),
    wireRoutingNumber: text().notNull(),
    availableCents: bigint({ mode: "number" }).notNull(),
    currentCents: bigint({ mode: "number" }).notNull(),
    /** Order of the accounts within the item, as the institution lists them. */
    position: bigint({ mode: "number" }).notNull(),
    /**
     * Set when a transfer to or from this account came back saying the account cannot be used (R02, R03, R04, R16,
     * R20): Plaid then refuses every new authorization on it with TRANSFER_ACCOUNT_BLOCKED.
     */
    blockedAt: timestamp({ withTimezone: true }),
    blockedReturnCode: text(),
  },
  (table) => [index("accounts_item_id_idx").on(table.itemId)],
);

export const plaidTransferAuthorizations = sandboxPlaid.table(
  "transfer_authorizations",
  {
    authorizationId: text().primaryKey(),
    clientId: text().notNull(),
    /** Same client + same key → the same authorization, whatever else the retried request says (Plaid's rule). */
    idempotencyKey: text(),
    itemId: text().notNull(),
    accountId: text().notNull(),
    type: text().notNull(),
    network: text().notNull(),
    achClass: text(),
    amountCents: bigint({ mode: "number" }).notNull(),
    isoCurrencyCode: text().notNull(),
    user: jsonb().$type<Record<string, unknown>>().notNull(),
    decision: text().notNull(),
    rationaleCode: text(),
    rationaleDescription: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * Plaid forgets an idempotency key 48 hours after it made the authorization, and a key whose authorization needed
     * the user (user_action_required) is not idempotent at all: the next request with the key is a new generation of
     * it. (client, key, generation) is unique, so requests racing with one key still make one authorization.
     */
    keyGeneration: bigint({ mode: "number" }).notNull().default(0),
  },
  (table) => [
    uniqueIndex("transfer_authorizations_idempotency_key")
      .on(table.clientId, table.idempotencyKey, table.keyGeneration)
      .where(sql`${table.idempotencyKey} is not null`),
  ],
);

export const plaidTransfers = sandboxPlaid.table(
  "transfers",
  {
    transferId: text().primaryKey(),
    clientId: text().notNull(),
    /**
     * The authorization id is the transfer's idempotency key: one authorization, at most one transfer. No foreign key:
     * the batch reads the authorization before it inserts, authorizations are never deleted, and the key's FOR KEY
     * SHARE check was PostgreSQL's most expensive statement of a due date (ADR 009).
     */
    authorizationId: text().notNull(),
    itemId: text().notNull(),
    accountId: text().notNull(),
    type: text().notNull(),
    network: text().notNull(),
    achClass: text(),
    amountCents: bigint({ mode: "number" }).notNull(),
    isoCurrencyCode: text().notNull(),
    description: text().notNull(),
    user: jsonb().$type<Record<string, unknown>>().notNull(),
    metadata: jsonb().$type<Record<string, string>>(),
    status: text().notNull(),
    failureCode: text(),
    achReturnCode: text(),
    failureDescription: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * A "Retry 1" / "Retry 2" debit: the original debit (returned R01/R09) it presents again. Each original is
     * retried at most once per description (the unique index), so two racing retries make one transfer.
     */
    retryOf: text(),
    /**
     * `expected_funds_available_date` as Plaid answers it (YYYY-MM-DD): for a debit, the day its hold ends (settlement,
     * then the client's hold, on the ACH calendar: transfers.ts `expectedFundsAvailableDate`); null for a credit, and
     * once a debit returns, fails or is cancelled before it ("If the transfer does return before this date, this field
     * will be null").
     */
    expectedFundsAvailableDate: text(),
  },
  (table) => [
    uniqueIndex("transfers_authorization_id_key").on(table.authorizationId),
    // The debits of an account, for the retry rules (read only by batches that carry a retry).
    index("transfers_account_id_idx").on(table.accountId),
    // /transfer/list, newest first.
    index("transfers_client_id_created_at_idx").on(table.clientId, table.createdAt),
    uniqueIndex("transfers_retry_of_description_key").on(table.retryOf, table.description).where(sql`${table.retryOf} is not null`),
  ],
);

/**
 * Append-only. event_id is a sequence, so /transfer/event/sync can page with after_id. No foreign key to the transfer
 * (ADR 009): an event is written only in the transaction that writes or locks its transfer, and transfers are never
 * deleted; the key's check was the costliest part of a due date's event inserts, inside the event stream's lock.
 */
export const plaidTransferEvents = sandboxPlaid.table(
  "transfer_events",
  {
    eventId: bigserial({ mode: "number" }).primaryKey(),
    clientId: text().notNull(),
    transferId: text().notNull(),
    eventType: text().notNull(),
    accountId: text().notNull(),
    transferType: text().notNull(),
    amountCents: bigint({ mode: "number" }).notNull(),
    failureCode: text(),
    achReturnCode: text(),
    failureDescription: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index("transfer_events_client_id_event_id_idx").on(table.clientId, table.eventId)],
);

/**
 * The Plaid Ledger: the client's balance with Plaid that every debit settles into and every credit is paid from.
 * `pending` holds debits from when they are made until their funds become available (Plaid's hold: our settler calls
 * funds_available); `available` pays credits, which take their amount when they are made and give it back if they
 * fail or are returned. A debit returned after its funds were available is taken back from available (which may go
 * below zero, as at Plaid).
 */
export const plaidLedgers = sandboxPlaid.table("ledgers", {
  clientId: text().primaryKey(),
  availableCents: bigint({ mode: "number" }).notNull(),
  pendingCents: bigint({ mode: "number" }).notNull(),
});

/** ES256 keys that sign webhooks (Plaid-Verification). The newest unexpired key signs; any key can be fetched by kid. */
export const plaidWebhookKeys = sandboxPlaid.table("webhook_keys", {
  kid: text().primaryKey(),
  publicJwk: jsonb().$type<Record<string, string>>().notNull(),
  privateJwk: jsonb().$type<Record<string, string>>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiredAt: timestamp({ withTimezone: true }),
});

export type PlaidItemRow = typeof plaidItems.$inferSelect;
export type PlaidAccountRow = typeof plaidAccounts.$inferSelect;
export type PlaidTransferAuthorizationRow = typeof plaidTransferAuthorizations.$inferSelect;
export type PlaidTransferRow = typeof plaidTransfers.$inferSelect;
export type PlaidTransferEventRow = typeof plaidTransferEvents.$inferSelect;
export type PlaidLedgerRow = typeof plaidLedgers.$inferSelect;
