/**
 * Items and their accounts: creating them (a successful login), finding them by access token, their error state
 * (ITEM_LOGIN_REQUIRED, set by /sandbox/item/reset_login and cleared by Link's update mode), and their shapes on the
 * wire. Used by the endpoints (bank.ts), the transfer batches (batch.ts) and the Link UI (link.ts).
 */
import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { BankContext, BankDb } from "./context";
import { plaidAccounts, plaidItems, plaidPublicTokens, type PlaidAccountRow, type PlaidItemRow } from "./schema";
import {
  centsToBalance,
  findInstitution,
  ITEM_LOGIN_REQUIRED_MESSAGE,
  plaidErrors,
  PlaidFailure,
  randomId,
  sandboxToken,
  WIRE_ROUTING_NUMBER,
  type SandboxAccount,
} from "./wire";

export const PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;

export function hashAccessToken(accessToken: string): string {
  return createHash("sha256").update(accessToken, "utf8").digest("hex");
}

/**
 * Creates an item with the accounts a successful login found (checkCredentials: user_good's, or a user_custom
 * configuration's). Its access token exists only after exchange.
 */
export async function createItem(
  db: BankDb,
  input: {
    clientId: string;
    institutionId: string;
    products: string[];
    webhook: string | null;
    accounts: readonly SandboxAccount[];
    now: Date;
  },
): Promise<{ item: PlaidItemRow; accounts: PlaidAccountRow[] }> {
  const institution = findInstitution(input.institutionId);
  if (!institution) throw plaidErrors.invalidInstitution(input.institutionId);
  return db.transaction(async (tx) => {
    const [item] = await tx
      .insert(plaidItems)
      .values({
        itemId: randomId(),
        clientId: input.clientId,
        institutionId: institution.institutionId,
        products: input.products,
        webhook: input.webhook,
        createdAt: input.now,
      })
      .returning();
    const accounts = await tx
      .insert(plaidAccounts)
      .values(
        input.accounts.map((account, position) => ({
          accountId: randomId(),
          itemId: item!.itemId,
          name: account.name,
          officialName: account.officialName,
          type: account.type,
          subtype: account.subtype,
          mask: account.mask,
          accountNumber: account.accountNumber,
          routingNumber: account.routingNumber ?? institution.routingNumber,
          wireRoutingNumber: WIRE_ROUTING_NUMBER,
          availableCents: account.availableCents,
          currentCents: account.currentCents,
          position,
        })),
      )
      .returning();
    return { item: item!, accounts };
  });
}

export async function issuePublicToken(db: Pick<BankDb, "insert">, itemId: string, now: Date): Promise<string> {
  const publicToken = sandboxToken("public");
  await db.insert(plaidPublicTokens).values({
    publicToken,
    itemId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PUBLIC_TOKEN_TTL_MS),
  });
  return publicToken;
}

/** The item an access token opens, if it is this client's and not removed; else Plaid's error for it, as a value. */
export function checkItem(ctx: Pick<BankContext, "clientId">, item: PlaidItemRow | undefined): PlaidItemRow | PlaidFailure {
  if (!item || item.clientId !== ctx.clientId) return plaidErrors.invalidAccessToken();
  if (item.removedAt) return plaidErrors.itemNotFound();
  return item;
}

/** The item of an access token; throws INVALID_ACCESS_TOKEN / ITEM_NOT_FOUND. */
export async function itemForAccessToken(ctx: BankContext, accessToken: string): Promise<PlaidItemRow> {
  const [row] = await ctx.db
    .select()
    .from(plaidItems)
    .where(eq(plaidItems.accessTokenSha256, hashAccessToken(accessToken)))
    .limit(1);
  const item = checkItem(ctx, row);
  if (item instanceof PlaidFailure) throw item;
  return item;
}

/** The item of an access token, refusing with ITEM_LOGIN_REQUIRED while its login must be renewed (data endpoints). */
export async function workingItem(ctx: BankContext, accessToken: string): Promise<PlaidItemRow> {
  const item = await itemForAccessToken(ctx, accessToken);
  if (item.loginRequiredAt) throw plaidErrors.itemLoginRequired();
  return item;
}

/** The item's accounts in the institution's order, or those `accountIds` names (INVALID_ACCOUNT_ID for a stranger). */
export async function accountsOf(db: BankDb, item: PlaidItemRow, accountIds?: string[]): Promise<PlaidAccountRow[]> {
  const accounts = await db.select().from(plaidAccounts).where(eq(plaidAccounts.itemId, item.itemId)).orderBy(asc(plaidAccounts.position));
  if (accountIds === undefined) return accounts;
  if (accountIds.some((id) => !accounts.some((account) => account.accountId === id))) throw plaidErrors.invalidAccountId();
  return accounts.filter((account) => accountIds.includes(account.accountId));
}

export function serializeAccount(account: PlaidAccountRow) {
  return {
    account_id: account.accountId,
    balances: {
      available: centsToBalance(account.availableCents),
      current: centsToBalance(account.currentCents),
      limit: null,
      iso_currency_code: "USD",
      unofficial_currency_code: null,
    },
    mask: account.mask,
    name: account.name,
    official_name: account.officialName,
    type: account.type,
    subtype: account.subtype,
  };
}

/**
 * The `error` object of an item whose login must be renewed (in /item/get and the ITEM ERROR webhook). `status` only in
 * a webhook: Plaid's PlaidError says it "will only be returned in the response body when the error information is
 * provided via a webhook".
 */
export function itemLoginRequiredError(where: "api" | "webhook" = "api") {
  return {
    error_type: "ITEM_ERROR",
    error_code: "ITEM_LOGIN_REQUIRED",
    error_code_reason: null,
    error_message: ITEM_LOGIN_REQUIRED_MESSAGE,
    display_message: null,
    causes: [],
    ...(where === "webhook" ? { status: 400 } : {}),
    documentation_url: "https://plaid.com/docs/errors/item/#item_login_required",
    suggested_action: null,
  };
}

export function serializeItem(item: PlaidItemRow) {
  return {
    item_id: item.itemId,
    institution_id: item.institutionId,
    institution_name: findInstitution(item.institutionId)?.name ?? null,
    webhook: item.webhook,
    auth_method: null,
    error: item.loginRequiredAt ? itemLoginRequiredError() : null,
    available_products: [],
    billed_products: item.products,
    products: item.products,
    consented_products: item.products,
    consent_expiration_time: null,
    update_type: "background",
  };
}

/** Where an item's webhooks go: its own URL, else the bank's fallback (the `webhookUrl` option). */
export function itemWebhookUrl(ctx: Pick<BankContext, "defaultWebhookUrl">, item: PlaidItemRow): string | null {
  return item.webhook ?? ctx.defaultWebhookUrl ?? null;
}
