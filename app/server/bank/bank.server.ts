/**
 * Bank linking: link tokens, public-token exchange, the user's accounts, balance refresh, unlinking.
 *
 * Invariants:
 * - Every command and query is scoped by the caller's user id; another user's item or account is indistinguishable
 *   from a missing one ("not_found").
 * - Access tokens never leave this module: they are stored encrypted (encryptSecret), decrypted only right before a
 *   Plaid call here, and no exported function returns one.
 * - Balances are integer cents. Plaid sends dollars as JSON numbers; we convert once, at this edge, with Math.round.
 * - users.has_bank_account is derived: true iff the user has an active item with at least one account. Commands
 *   recompute it from the tables inside the same transaction instead of flipping it blindly.
 * - Only sandbox-authorised users may link (SPEC.md section 6). The user passed in must be freshly loaded for the
 *   request (requireUser does), so a revoked authorisation takes effect at once.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { AccountBase } from "plaid";
import type { LoginRequiredReason } from "~/domain/bank-health";
import { decryptSecret, encryptSecret } from "../platform/crypto.server";
import { db, type Db } from "../db/client.server";
import { bankAccounts, bankItems, bankLinkTokens, users } from "../db/schema";
import { appUrl } from "../platform/env.server";
import { notify } from "../notifications/notifications.server";
import { claimLinkToken, plaidUserIdFor, releaseLinkToken, rememberLinkToken, sessionPublicTokens } from "./link-ownership.server";
import { plaidCall, plaidSdk, type BankFailure } from "./plaid.server";
import { notifyUrgent, URGENT } from "../notifications/account-alerts.server";
import { clearItemLoginRequired } from "./account-health.server";
import { logger } from "../platform/log.server";
import { wakeMemberGroups } from "../money/funding.server";

/** SPEC.md section 9: a link token is reused for 5 minutes. */
export const LINK_TOKEN_REUSE_MS = 5 * 60 * 1000;

/** SPEC.md section 8: the one message a failed exchange shows. */
export const LINKING_FAILED = "Linking Failed";

/** A public token that came from someone else's Link session (ADR 038). */
export const NOT_OWN_LINK = "This bank connection was started from another account. Please connect your bank again from this account.";

export type BankUser = { id: string; isPlaidSandboxAuthorized: boolean };

/** SPEC.md section 3 "Bank account", with money in cents, plus the item id that unlinking needs. */
export type BankAccountView = {
  accountId: string;
  itemId: string;
  institutionName: string | null;
  accountName: string;
  accountType: string;
  accountSubtype: string | null;
  maskNumber: string | null;
  connectionDate: string;
  balance: {
    availableCents: number | null;
    currentCents: number | null;
    currencyCode: string | null;
    /** When the bank gave these figures (ISO timestamp): linking, or the last successful refresh. */
    asOf: string;
    /** The last ask for a newer figure failed (the bank down, its login to renew, a rate limit): these are older. */
    refreshFailed: boolean;
  };
  /** ADR 037: the item's login to renew, the account unusable, or its debit authorisation withdrawn (codes, or null). */
  health: { loginRequired: LoginRequiredReason | null; unusableCode: string | null; debitsRevokedCode: string | null };
};

type Refusal<Code extends string> = { ok: false; code: Code; message: string; providerCode?: string };

const notAuthorised: Refusal<"not_authorised"> = {
  ok: false,
  code: "not_authorised",
  message: "Bank linking is available to sandbox-authorised members only.",
};

function bankUnavailable(failure: BankFailure): Refusal<"bank_unavailable"> {
  return {
    ok: false,
    code: "bank_unavailable",
    message: failure.displayMessage ?? "The bank could not be reached. Please try again.",
    providerCode: failure.code,
  };
}

/** Dollars (a JSON number, or null) to integer cents. */
export function dollarsToCents(amount: number | null | undefined): number | null {
  return typeof amount === "number" && Number.isFinite(amount) ? Math.round(amount * 100) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---- Link token -----------------------------------------------------------------------------------------------------

/**
 * A Plaid Link token for this user: the cached one while it is under 5 minutes old (and was made for the same
 * redirect URI), else a new one. Stored in PostgreSQL so every app machine shares it.
 *
 * With `reconnect`, a token for Link's update mode on one of the user's linked items (never cached): made with the
 * authorization that answered user_action_required when there is one (Plaid asks for `transfer.authorization_id`
 * then), else with the item's access token.
 *
 * `webhook: false` makes a one-off token without our webhook URL, neither cached nor reused: for set-up code that
 * links a member's bank before the app listens (the demo seed, the tests), whose items would otherwise send webhooks
 * nobody answers.
 */
export async function createLinkToken(
  user: BankUser,
  options: { redirectUri?: string; now?: Date; webhook?: boolean; reconnect?: { itemId: string } } = {},
): Promise<{ ok: true; linkToken: string; expiration: string } | Refusal<"not_authorised" | "bank_unavailable" | "not_found">> {
  if (!user.isPlaidSandboxAuthorized) return notAuthorised;
  const now = options.now ?? new Date();
  const redirectUri = options.redirectUri ?? null;
  if (options.reconnect) return updateModeLinkToken(user, options.reconnect.itemId, redirectUri, now);
  const oneOff = options.webhook === false;

  const [cached] = oneOff ? [] : await db().select().from(bankLinkTokens).where(eq(bankLinkTokens.userId, user.id)).limit(1);
  if (cached && cached.expiresAt > now && cached.providerExpiresAt > now && cached.redirectUri === redirectUri) {
    return { ok: true, linkToken: cached.token, expiration: cached.providerExpiresAt.toISOString() };
  }

  // Multi-Item Link (ADR 049): Plaid hands the sessions' public tokens to us, server to server, never to the browser.
  const plaidUser = await plaidUserIdFor(user.id);
  if (!plaidUser.ok) return bankUnavailable(plaidUser);
  const created = await plaidCall((api) =>
    api.linkTokenCreate({
      client_name: "Rosca",
      language: "en",
      country_codes: [plaidSdk().CountryCode.Us],
      user: { client_user_id: user.id },
      user_id: plaidUser.plaidUserId,
      enable_multi_item_link: true,
      products: [plaidSdk().Products.Auth, plaidSdk().Products.Transfer],
      ...(oneOff ? {} : { webhook: `${appUrl()}/webhooks/plaid` }),
      ...(redirectUri ? { redirect_uri: redirectUri } : {}),
    }),
  );
  if (!created.ok) return bankUnavailable(created);

  const providerExpiresAt = new Date(created.value.expiration);
  const row = {
    token: created.value.link_token,
    redirectUri,
    providerExpiresAt,
    expiresAt: new Date(now.getTime() + LINK_TOKEN_REUSE_MS),
  };
  // Two tabs racing both get a valid token; the last one written is the one reused.
  if (!oneOff) {
    await db()
      .insert(bankLinkTokens)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: bankLinkTokens.userId, set: row });
  }
  // Whose it is, for the exchange's ownership check (link-ownership.server.ts, ADR 038).
  await rememberLinkToken(user.id, created.value.link_token, providerExpiresAt, now);
  return { ok: true, linkToken: created.value.link_token, expiration: providerExpiresAt.toISOString() };
}

const ITEM_NOT_FOUND: Refusal<"not_found"> = { ok: false, code: "not_found", message: "Bank account not found" };

/** One of the member's own linked items (null: a malformed id, someone else's item, or one unlinked). */
async function ownActiveItem(userId: string, itemId: string) {
  if (!UUID.test(itemId)) return null;
  const [item] = await db()
    .select({
      token: bankItems.accessTokenEncrypted,
      authorizationId: bankItems.loginRequiredAuthorizationId,
      institutionName: bankItems.institutionName,
    })
    .from(bankItems)
    .where(and(eq(bankItems.id, itemId), eq(bankItems.userId, userId), eq(bankItems.status, "active")));
  return item ?? null;
}

async function updateModeLinkToken(user: BankUser, itemId: string, redirectUri: string | null, now: Date) {
  const item = await ownActiveItem(user.id, itemId);
  if (!item) return ITEM_NOT_FOUND;
  const created = await plaidCall((api) =>
    api.linkTokenCreate({
      client_name: "Rosca",
      language: "en",
      country_codes: [plaidSdk().CountryCode.Us],
      user: { client_user_id: user.id },
      ...(item.authorizationId ? { transfer: { authorization_id: item.authorizationId } } : { access_token: decryptSecret(item.token) }),
      webhook: `${appUrl()}/webhooks/plaid`,
      ...(redirectUri ? { redirect_uri: redirectUri } : {}),
    }),
  );
  if (!created.ok) return bankUnavailable(created);
  const expiresAt = new Date(created.value.expiration);
  // Whose it is, as for every Link token (link-ownership.server.ts, ADR 038).
  await rememberLinkToken(user.id, created.value.link_token, expiresAt, now);
  return { ok: true as const, linkToken: created.value.link_token, expiration: expiresAt.toISOString() };
}

/**
 * The member finished Link's update mode for one of their items: ask the bank whether the login works now (/item/get:
 * no error on the item), and if it does, clear the state (account-health.server.ts), which tells the member and wakes
 * their groups. Only the member's own item; the bank's word, not the browser's, decides.
 */
export async function confirmReconnected(
  user: BankUser,
  itemId: string,
): Promise<{ ok: true; institutionName: string | null } | Refusal<"not_authorised" | "not_found" | "bank_unavailable" | "still_required">> {
  if (!user.isPlaidSandboxAuthorized) return notAuthorised;
  const item = await ownActiveItem(user.id, itemId);
  if (!item) return ITEM_NOT_FOUND;
  const checked = await plaidCall((api) => api.itemGet({ access_token: decryptSecret(item.token) }));
  if (!checked.ok) return bankUnavailable(checked);
  if (checked.value.item.error?.error_code === "ITEM_LOGIN_REQUIRED") {
    return { ok: false, code: "still_required", message: "Your bank still needs you to log in. Please try reconnecting again." };
  }
  await db().transaction((tx) => clearItemLoginRequired(tx, { itemId, userId: user.id }));
  return { ok: true, institutionName: item.institutionName };
}

// ---- Exchange -------------------------------------------------------------------------------------------------------

/** What Plaid Link's onSuccess metadata may tell us; only used when the provider's item lacks the name. */
export type LinkMetadata = { institution?: { institution_id?: string | null; name?: string | null } | null };

/** What the browser brings back from Link: only the Link token it ran Link with (ADR 049). */
export type LinkReturn = { linkToken: string };

/** Plaid has not yet reported what the member's Link session linked (ADR 049). */
export const LINK_STILL_FINISHING = "Your bank is still finishing the connection. Please wait a moment and try again.";

/**
 * Link a member's bank after Link said "done": exchange the public tokens Plaid reports for the Link token the browser
 * ran Link with, fetch the accounts, and store each item + accounts in one transaction. Only on the member's own POST
 * naming a Link token issued to them, unexpired and unused (claimed here, so one Link token makes one exchange); the
 * public tokens are read from Plaid (/link/token/get, Multi-Item Link), never taken from the browser
 * (link-ownership.server.ts, ADR 049). A provider item already stored for this user is updated in place (no duplicate
 * rows). On any failure after an exchange, that provider item is removed again (best effort) so nothing is left
 * connected that we do not track.
 */
export async function exchangePublicToken(
  user: BankUser,
  link: LinkReturn,
  metadata: LinkMetadata = {},
): Promise<{ ok: true; accounts: BankAccountView[] } | Refusal<"not_authorised" | "linking_failed" | "not_own_link" | "still_finishing">> {
  if (!user.isPlaidSandboxAuthorized) return notAuthorised;
  const notOwn: Refusal<"not_own_link"> = { ok: false, code: "not_own_link", message: NOT_OWN_LINK };
  const { linkToken } = link;
  if (typeof linkToken !== "string" || linkToken.length === 0 || linkToken.length > 512) return notOwn;
  // The Link token the browser used must be this user's, unexpired and unused (ADR 049); refused before anything is spent.
  const claim = await claimLinkToken(user.id, linkToken);
  if (claim === "not-own") return notOwn;
  if (claim === "spent") return linkingFailed();
  // What Plaid says the Link token's sessions linked: the only public tokens ever exchanged.
  const reported = await sessionPublicTokens(linkToken);
  if (reported.kind !== "tokens") {
    if (reported.kind === "no-session") return notOwn;
    // Plaid could not be asked, or has not reported the session's result yet: the member may press again.
    await releaseLinkToken(user.id, linkToken);
    return reported.kind === "pending" ? { ok: false, code: "still_finishing", message: LINK_STILL_FINISHING } : linkingFailed();
  }
  let linked = 0;
  let failure: BankFailure | undefined;
  for (const publicToken of reported.tokens) {
    const result = await linkItem(user, publicToken, metadata);
    if (result === true) linked += 1;
    else failure = result ?? failure;
  }
  if (linked === 0) {
    // The bank failed (not "that public token is spent"): give the Link token back so the member can press again.
    if (failure && failure.code !== "INVALID_PUBLIC_TOKEN") await releaseLinkToken(user.id, linkToken);
    return linkingFailed(failure);
  }
  return { ok: true, accounts: await bankAccountsFor(user.id) };
}

function linkingFailed(failure?: BankFailure): Refusal<"linking_failed"> {
  return { ok: false, code: "linking_failed", message: LINKING_FAILED, ...(failure ? { providerCode: failure.code } : {}) };
}

/** Exchange one public token Plaid reported and store its item: true, or the bank's failure (undefined: ours). */
async function linkItem(user: BankUser, publicToken: string, metadata: LinkMetadata): Promise<true | BankFailure | undefined> {
  const exchanged = await plaidCall((api) => api.itemPublicTokenExchange({ public_token: publicToken }));
  if (!exchanged.ok) return exchanged;
  const accessToken = exchanged.value.access_token;
  const providerItemId = exchanged.value.item_id;

  const fetched = await plaidCall((api) => api.accountsGet({ access_token: accessToken }));
  if (!fetched.ok) {
    await plaidCall((api) => api.itemRemove({ access_token: accessToken }));
    return fetched;
  }
  const { accounts, item } = fetched.value;
  const institutionId = item.institution_id ?? metadata.institution?.institution_id ?? null;
  const institutionName = item.institution_name ?? metadata.institution?.name ?? null;

  // The balances /accounts/get just gave are the bank's as of now.
  const now = new Date();
  try {
    await db().transaction(async (tx) => {
      const sealed = encryptSecret(accessToken);
      const [existing] = await tx
        .select({ id: bankItems.id, userId: bankItems.userId })
        .from(bankItems)
        .where(eq(bankItems.providerItemId, providerItemId))
        .for("update")
        .limit(1);
      if (existing && existing.userId !== user.id) throw new ItemOwnedElsewhere();
      let itemId: string;
      if (existing) {
        itemId = existing.id;
        await tx
          .update(bankItems)
          .set({
            accessTokenEncrypted: sealed,
            institutionId,
            institutionName,
            status: "active",
            removedAt: null,
            balancesAsOf: now,
            balanceRefreshFailure: null,
          })
          .where(eq(bankItems.id, itemId));
      } else {
        const [inserted] = await tx
          .insert(bankItems)
          .values({ userId: user.id, providerItemId, accessTokenEncrypted: sealed, institutionId, institutionName, balancesAsOf: now })
          .returning({ id: bankItems.id });
        itemId = inserted!.id;
      }
      await upsertAccounts(tx, user.id, itemId, accounts, now);
      await recomputeHasBankAccount(tx, user.id);
      // A new account may be what the member's waiting debits and payouts needed (funding.server.ts).
      await wakeMemberGroups(tx, user.id);
      await notify(
        user.id,
        institutionName
          ? { message: "bankConnected", values: { institutionName }, link: "/profile/bank-accounts" }
          : { message: "bankConnectedUnnamed", link: "/profile/bank-accounts" },
        tx,
      );
    });
  } catch (error) {
    logger.error({ err: error }, "bank: could not store a linked item");
    // Undo the connection at the bank, unless the item is someone else's: removing it would disconnect them.
    if (!(error instanceof ItemOwnedElsewhere)) await plaidCall((api) => api.itemRemove({ access_token: accessToken }));
    return undefined;
  }
  return true;
}

class ItemOwnedElsewhere extends Error {
  constructor() {
    super("provider item is linked to another user");
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function upsertAccounts(tx: Tx, userId: string, itemId: string, accounts: AccountBase[], now: Date) {
  if (accounts.length === 0) return;
  await tx
    .insert(bankAccounts)
    .values(
      accounts.map((account) => ({
        itemId,
        userId,
        providerAccountId: account.account_id,
        name: account.name,
        officialName: account.official_name ?? null,
        type: String(account.type),
        subtype: account.subtype ? String(account.subtype) : null,
        mask: account.mask ?? null,
        availableCents: dollarsToCents(account.balances.available),
        currentCents: dollarsToCents(account.balances.current),
        currencyCode: account.balances.iso_currency_code ?? account.balances.unofficial_currency_code ?? null,
        connectedAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [bankAccounts.itemId, bankAccounts.providerAccountId],
      set: {
        name: sql`excluded.name`,
        officialName: sql`excluded.official_name`,
        type: sql`excluded.type`,
        subtype: sql`excluded.subtype`,
        mask: sql`excluded.mask`,
        availableCents: sql`excluded.available_cents`,
        currentCents: sql`excluded.current_cents`,
        currencyCode: sql`excluded.currency_code`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** has_bank_account := the user has an active item with at least one account. */
async function recomputeHasBankAccount(tx: Tx, userId: string) {
  await tx
    .update(users)
    .set({
      hasBankAccount: sql`exists (
        select 1 from ${bankAccounts} join ${bankItems} on ${bankItems.id} = ${bankAccounts.itemId}
        where ${bankItems.userId} = ${userId} and ${bankItems.status} = 'active')`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

// ---- Queries --------------------------------------------------------------------------------------------------------

/** The user's accounts on active items, newest connection first, in one query. */
export async function bankAccountsFor(userId: string): Promise<BankAccountView[]> {
  const rows = await db()
    .select({
      account: bankAccounts,
      institutionName: bankItems.institutionName,
      loginRequired: bankItems.loginRequiredReason,
      asOf: sql<Date>`coalesce(${bankItems.balancesAsOf}, ${bankItems.createdAt})`.mapWith(bankItems.createdAt),
      refreshFailed: sql<boolean>`${bankItems.balanceRefreshFailure} is not null`,
    })
    .from(bankAccounts)
    .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
    .where(and(eq(bankAccounts.userId, userId), eq(bankItems.userId, userId), eq(bankItems.status, "active")))
    .orderBy(desc(bankAccounts.connectedAt), bankAccounts.name, bankAccounts.id);
  return rows.map(({ account, institutionName, loginRequired, asOf, refreshFailed }) => ({
    accountId: account.id,
    itemId: account.itemId,
    institutionName,
    accountName: account.name,
    accountType: account.type,
    accountSubtype: account.subtype,
    maskNumber: account.mask,
    connectionDate: account.connectedAt.toISOString(),
    balance: {
      availableCents: account.availableCents,
      currentCents: account.currentCents,
      currencyCode: account.currencyCode,
      asOf: asOf.toISOString(),
      refreshFailed,
    },
    health: { loginRequired, unusableCode: account.unusableCode, debitsRevokedCode: account.debitAuthorizationRevokedCode },
  }));
}

/** What a member must do about their bank connections (ADR 037), as the dashboard's banners show it. */
export type BankAttention =
  | { kind: "login"; institutionName: string | null; reason: LoginRequiredReason }
  | { kind: "unusable" | "revoked"; institutionName: string | null; accountName: string; mask: string | null; code: string };

/**
 * `BankAttention[]` for the viewer (`$userId`), as a JSON subquery a page's own statement can carry (the dashboard's):
 * items whose login must be renewed, accounts unusable or whose debits must be authorised again, on linked items.
 */
export const bankAttentionJson = sql<BankAttention[]>`(
  select coalesce(json_agg(x.attention), '[]'::json) from (
    select json_build_object('kind', 'login', 'institutionName', i.institution_name, 'reason', i.login_required_reason) as attention
    from bank_items i
    where i.user_id = ${sql.placeholder("userId")} and i.status = 'active' and i.login_required_reason is not null
    union all
    select json_build_object(
      'kind', case when a.unusable_code is not null then 'unusable' else 'revoked' end, 'institutionName', i.institution_name,
      'accountName', a.name, 'mask', a.mask, 'code', coalesce(a.unusable_code, a.debit_authorization_revoked_code))
    from bank_accounts a join bank_items i on i.id = a.item_id and i.status = 'active'
    where a.user_id = ${sql.placeholder("userId")} and (a.unusable_code is not null or a.debit_authorization_revoked_code is not null)
  ) x)`;

// ---- Balances -------------------------------------------------------------------------------------------------------

/** A stored balance older than this is refreshed when its page is opened (issue 33). */
export const BALANCES_STALE_MS = 5 * 60_000;
/** At most one balance request per item in this long, successful or not: within Plaid's rate limits. */
export const BALANCE_REFRESH_INTERVAL_MS = 60_000;

export type BalanceRefresh = {
  /** Items whose balances the bank gave and we stored. */
  refreshed: string[];
  /** Items the bank did not answer for (its code); their stored balances stay as they were. */
  failed: { itemId: string; code: string }[];
  /** Items asked less than a minute ago, not asked again, and when they may be. */
  tooSoon: { itemId: string; retryAt: Date }[];
};

/**
 * Ask the bank for live balances (/accounts/balance/get) of the user's active items, and store them with the moment
 * they are as of. Each item is asked at most once a minute: the ask is claimed first by stamping the item's
 * balance_refresh_attempted_at in one statement (a second tab, or a second press, finds it stamped and is told when
 * to come back). With `onlyStale`, only items whose balances are older than BALANCES_STALE_MS are asked (the page
 * opening). One failing item does not stop the others; a failure is recorded on the item (the page says its balance
 * is older) and its stored balances stay as they were. Never throws for a bank failure.
 */
export async function refreshBalances(userId: string, options: { now?: Date; onlyStale?: boolean } = {}): Promise<BalanceRefresh> {
  const now = options.now ?? new Date();
  const retryBefore = new Date(now.getTime() - BALANCE_REFRESH_INTERVAL_MS);
  const stale = (alias: string) =>
    options.onlyStale
      ? sql`and coalesce(${sql.raw(alias)}balances_as_of, ${sql.raw(alias)}created_at) <= ${new Date(now.getTime() - BALANCES_STALE_MS)}`
      : sql``;
  // The outer select reads the items as they were before the claim: the last attempt of those not claimed.
  const { rows } = await db().execute<{ id: string; token: string | null; last_attempt: Date | string | null }>(sql`
    with claimed as (
      update ${bankItems} set balance_refresh_attempted_at = ${now}
      where user_id = ${userId} and status = 'active'
        and (balance_refresh_attempted_at is null or balance_refresh_attempted_at <= ${retryBefore})
        ${stale("")}
      returning id, access_token_encrypted)
    select i.id, c.access_token_encrypted as token, i.balance_refresh_attempted_at as last_attempt
    from ${bankItems} i left join claimed c on c.id = i.id
    where i.user_id = ${userId} and i.status = 'active' ${stale("i.")}`);
  const outcome: BalanceRefresh = { refreshed: [], failed: [], tooSoon: [] };
  for (const row of rows) {
    if (row.token === null && row.last_attempt !== null) {
      outcome.tooSoon.push({ itemId: row.id, retryAt: new Date(new Date(row.last_attempt).getTime() + BALANCE_REFRESH_INTERVAL_MS) });
    }
  }
  await Promise.all(
    rows
      .filter((row) => row.token !== null)
      .map(async (item) => {
        const result = await plaidCall((api) => api.accountsBalanceGet({ access_token: decryptSecret(item.token!) }));
        if (!result.ok) {
          outcome.failed.push({ itemId: item.id, code: result.code });
          await db()
            .update(bankItems)
            .set({ balanceRefreshFailure: result.code.slice(0, 64) })
            .where(eq(bankItems.id, item.id));
          return;
        }
        const balances = result.value.accounts.map((account) => ({
          account_id: account.account_id,
          available: dollarsToCents(account.balances.available),
          current: dollarsToCents(account.balances.current),
          currency: account.balances.iso_currency_code ?? account.balances.unofficial_currency_code ?? null,
        }));
        // Every account of the item in one statement, and the item's "as of" with them.
        await db().execute(sql`
          with updated as (
            update ${bankAccounts} a
            set available_cents = b.available, current_cents = b.current, currency_code = b.currency, updated_at = ${now}
            from jsonb_to_recordset(${JSON.stringify(balances)}::jsonb) as b(account_id text, available bigint, current bigint, currency text)
            where a.item_id = ${item.id} and a.user_id = ${userId} and a.provider_account_id = b.account_id
            returning a.id)
          update ${bankItems} set balances_as_of = ${now}, balance_refresh_failure = null where id = ${item.id}`);
        outcome.refreshed.push(item.id);
      }),
  );
  return outcome;
}

// ---- Unlink ---------------------------------------------------------------------------------------------------------

/**
 * Whether an item is the funding source of a group that is still running. Groups do not exist yet, so nothing is;
 * the group module will pass its own predicate (contributions are debited from this item's account) and the unlink
 * route must use it.
 */
export const noActiveGroupFunding = async (_itemId: string) => false;

/**
 * Disconnect one of the user's items: refuse while it funds an active group, else remove it at the bank, mark it
 * removed, delete its accounts, and recompute has_bank_account.
 */
export async function unlinkItem(
  userId: string,
  itemId: string,
  options: { fundsActiveGroup?: (itemId: string) => Promise<boolean>; now?: Date } = {},
): Promise<{ ok: true } | Refusal<"not_found" | "funds_active_group" | "bank_unavailable">> {
  const notFound: Refusal<"not_found"> = { ok: false, code: "not_found", message: "Bank account not found" };
  if (!UUID.test(itemId)) return notFound;
  const [item] = await db()
    .select({ id: bankItems.id, accessTokenEncrypted: bankItems.accessTokenEncrypted, institutionName: bankItems.institutionName })
    .from(bankItems)
    .where(and(eq(bankItems.id, itemId), eq(bankItems.userId, userId), eq(bankItems.status, "active")))
    .limit(1);
  if (!item) return notFound;
  if (await (options.fundsActiveGroup ?? noActiveGroupFunding)(item.id)) {
    return {
      ok: false,
      code: "funds_active_group",
      message: "This bank account pays into an active group. Link another account for that group before removing it.",
    };
  }

  const removed = await plaidCall((api) => api.itemRemove({ access_token: decryptSecret(item.accessTokenEncrypted) }));
  // Already gone at the bank (removed elsewhere): finish locally. Anything else: keep it, so the user can retry.
  if (!removed.ok && removed.code !== "ITEM_NOT_FOUND" && removed.code !== "INVALID_ACCESS_TOKEN") return bankUnavailable(removed);

  await db().transaction(async (tx) => {
    await tx
      .update(bankItems)
      .set({ status: "removed", removedAt: options.now ?? new Date() })
      .where(and(eq(bankItems.id, item.id), eq(bankItems.userId, userId)));
    await tx.delete(bankAccounts).where(and(eq(bankAccounts.itemId, item.id), eq(bankAccounts.userId, userId)));
    await recomputeHasBankAccount(tx, userId);
  });
  await notifyUrgent(userId, URGENT.bankUnlinked(item.institutionName), options.now);
  return { ok: true };
}
