/**
 * Bank connections (Plaid items), their accounts and their health (ADR 037), cached Link tokens, and members' debit
 * authorisations.
 */
import { sql } from "drizzle-orm";
import type { LoginRequiredReason } from "../../../domain/bank-health";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * A bank connection (a Plaid "item"): one login at one institution. The provider's access token is stored encrypted
 * (crypto.server.ts) and is decrypted only inside app/server/bank/. Unlinking keeps the row as 'removed' (history,
 * audit), deletes its accounts, and never reuses it.
 */
export const bankItems = pgTable(
  "bank_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerItemId: text("provider_item_id").notNull().unique(),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    institutionId: text("institution_id"),
    institutionName: text("institution_name"),
    status: varchar("status", { length: 16 }).$type<"active" | "removed">().notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /**
     * Set while the member must log in to the bank again through Link's update mode (ADR 037): since when, and why
     * (Plaid's ITEM_LOGIN_REQUIRED or PENDING_EXPIRATION webhook, or an authorization answered user_action_required).
     * Both null while the connection is healthy; set and cleared together (app/server/bank/account-health.server.ts).
     */
    loginRequiredAt: timestamp("login_required_at", { withTimezone: true }),
    loginRequiredReason: varchar("login_required_reason", { length: 32 }).$type<LoginRequiredReason>(),
    /**
     * The transfer authorization answered user_action_required that put the item in this state, if one did: Plaid
     * wants the update-mode Link token made with `transfer.authorization_id` for it rather than the access token.
     */
    loginRequiredAuthorizationId: text("login_required_authorization_id"),
    /**
     * The balances of the item's accounts (bank_accounts) are the bank's as of this moment: set when the item is linked
     * and by every successful /accounts/balance/get (issue 33). Null on items linked before it existed: their
     * created_at stands in.
     */
    balancesAsOf: timestamp("balances_as_of", { withTimezone: true }),
    /**
     * The last time we asked the bank for the item's balances, successful or not: at most one ask a minute per item
     * (Plaid's rate limits), claimed by an update of this column so two tabs cannot both ask.
     */
    balanceRefreshAttemptedAt: timestamp("balance_refresh_attempted_at", { withTimezone: true }),
    /** The bank's error code when that last ask failed (the page then says the balance shown is older); null otherwise. */
    balanceRefreshFailure: varchar("balance_refresh_failure", { length: 64 }),
  },
  (t) => [
    index("bank_items_user_id_idx").on(t.userId),
    check(
      "bank_items_login_required_reason",
      sql`(${t.loginRequiredAt} is null and ${t.loginRequiredReason} is null) or (${t.loginRequiredAt} is not null and ${t.loginRequiredReason} is not null and ${t.loginRequiredReason} in ('ITEM_LOGIN_REQUIRED', 'PENDING_EXPIRATION', 'USER_ACTION_REQUIRED'))`,
    ),
  ],
);

/**
 * The accounts of a bank item, normalised from the provider's shape. Balances are integer cents (the provider sends
 * dollars as JSON numbers); null when the provider does not know. user_id is denormalised from the item so every
 * query can be scoped by owner without a join.
 */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => bankItems.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerAccountId: text("provider_account_id").notNull(),
    name: text("name").notNull(),
    officialName: text("official_name"),
    type: text("type").notNull(),
    subtype: text("subtype"),
    mask: text("mask"),
    availableCents: bigint("available_cents", { mode: "number" }),
    currentCents: bigint("current_cents", { mode: "number" }),
    currencyCode: text("currency_code"),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when a debit came back with a NACHA return code saying the account cannot be used at all (R02 closed, R03
     * no account, R04 invalid number…): nothing is debited from or paid into it again; the member links another.
     */
    unusableAt: timestamp("unusable_at", { withTimezone: true }),
    unusableCode: varchar("unusable_code", { length: 3 }),
    /**
     * Set when a debit came back with a return code saying the member's authorisation is gone (R05, R07, R08, R10,
     * R29): the account is never debited again until the member authorises debits anew in our form
     * (debit_authorizations), which clears both.
     */
    debitAuthorizationRevokedAt: timestamp("debit_authorization_revoked_at", { withTimezone: true }),
    debitAuthorizationRevokedCode: varchar("debit_authorization_revoked_code", { length: 3 }),
  },
  (t) => [
    uniqueIndex("bank_accounts_item_provider_account_key").on(t.itemId, t.providerAccountId),
    index("bank_accounts_user_id_idx").on(t.userId),
    check(
      "bank_accounts_unusable_code",
      sql`(${t.unusableAt} is null and ${t.unusableCode} is null) or (${t.unusableAt} is not null and ${t.unusableCode} is not null and ${t.unusableCode} ~ '^R[0-9]{2}$')`,
    ),
    check(
      "bank_accounts_debit_authorization_revoked_code",
      sql`(${t.debitAuthorizationRevokedAt} is null and ${t.debitAuthorizationRevokedCode} is null) or (${t.debitAuthorizationRevokedAt} is not null and ${t.debitAuthorizationRevokedCode} is not null and ${t.debitAuthorizationRevokedCode} ~ '^R[0-9]{2}$')`,
    ),
  ],
);

export type DebitAuthorizationSource = "reauthorization" | "pay_now";

/**
 * A member's authorisation of debits from one bank account, given in our web form (NACHA's WEB entry class): what they
 * were shown, when, from where. Append-only: the record of consent is kept (NACHA asks for two years) even after the
 * account is unlinked, so the account is referenced loosely and its name and mask are copied in.
 */
export const debitAuthorizations = pgTable(
  "debit_authorizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bankAccountId: uuid("bank_account_id").references(() => bankAccounts.id, { onDelete: "set null" }),
    source: varchar("source", { length: 24 }).$type<DebitAuthorizationSource>().notNull(),
    institutionName: text("institution_name"),
    accountName: text("account_name").notNull(),
    accountMask: text("account_mask"),
    /** The exact words the member agreed to. */
    wording: text("wording").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("debit_authorizations_user_idx").on(t.userId, t.givenAt), index("debit_authorizations_account_idx").on(t.bankAccountId)],
);

/**
 * The user's current Plaid Link token, reused for 5 minutes (SPEC.md section 9). In PostgreSQL, not process memory,
 * so every app machine sees the same cached token.
 */
export const bankLinkTokens = pgTable("bank_link_tokens", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull(),
  /** The redirect_uri the token was created with; a request for another one gets a new token. */
  redirectUri: text("redirect_uri"),
  /** The provider's own expiry of the token (4 hours at Plaid). */
  providerExpiresAt: timestamp("provider_expires_at", { withTimezone: true }).notNull(),
  /** When we stop reusing it: created + 5 minutes. */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Every Link token issued to a user (ADR 038, ADR 049), kept while a public token from one of its sessions could still
 * be exchanged: an exchange names the Link token the browser used, which must be one of the signed-in user's, unexpired
 * and unused; where the provider returns the sessions' results (/link/token/get), the public token must be among them.
 */
export const bankLinkTokenOwners = pgTable(
  "bank_link_token_owners",
  {
    linkToken: text("link_token").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The provider's own expiry of the token; a session can end (and issue a public token) until then. */
    providerExpiresAt: timestamp("provider_expires_at", { withTimezone: true }).notNull(),
    /** When a public token was exchanged under it (ADR 049): one exchange per Link token, then a new token. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("bank_link_token_owners_user_idx").on(t.userId, t.createdAt)],
);

/**
 * The member's Plaid user (`/user/create`'s `user_id`), made once, the first time they link a bank (ADR 049): Plaid's
 * Multi-Item Link, which delivers public tokens server to server, needs a `user_id` on the Link token.
 */
export const bankPlaidUsers = pgTable(
  "bank_plaid_users",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    plaidUserId: text("plaid_user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("bank_plaid_users_plaid_user_key").on(t.plaidUserId)],
);
