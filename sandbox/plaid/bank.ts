/**
 * The sandbox bank's API: one handler per Plaid endpoint, taking the parsed JSON body and answering with the response
 * body Plaid would send (without request_id, which the server adds). Expected failures throw PlaidFailure.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import {
  plaidAccounts,
  plaidItems,
  plaidLinkSessions,
  plaidLinkTokens,
  plaidPublicTokens,
  plaidTransferEvents,
  plaidTransfers,
  plaidWebhookKeys,
  type PlaidAccountRow,
  type PlaidItemRow,
  type PlaidTransferAuthorizationRow,
  type PlaidTransferEventRow,
  type PlaidTransferRow,
} from "./schema";
import type { BankContext, BankDb } from "./context";
import {
  ACH_RETURN_CODES,
  balanceChangeCents,
  canTransition,
  centsToBalance,
  centsToDecimal,
  checkCredentials,
  findInstitution,
  plaidErrors,
  randomId,
  sandboxToken,
  WIRE_ROUTING_NUMBER,
  type SandboxAccount,
} from "./wire";

type Body = Record<string, unknown>;

export const LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;
export const PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;
/** /link/token/get keeps a finished Link session's data this long (Plaid: six hours). */
export const LINK_SESSION_KEPT_MS = 6 * 60 * 60 * 1000;
export const TRANSFER_DESCRIPTION_MAX = 15;
const EVENT_SYNC_DEFAULT_COUNT = 25;
const EVENT_SYNC_MAX_COUNT = 500;
export const TRANSFER_NETWORKS = ["ach", "same-day-ach"];
export const ACH_CLASSES = ["ccd", "ppd", "tel", "web"];

// ---- Request helpers ------------------------------------------------------------------------------------------------

export function requireFields(body: Body, fields: string[]) {
  const missing = fields.filter((field) => body[field] === undefined || body[field] === null || body[field] === "");
  if (missing.length > 0) throw plaidErrors.missingFields(missing);
}

export function stringField(body: Body, field: string): string {
  const value = body[field];
  if (typeof value !== "string") throw plaidErrors.invalidField(`${field} must be a string`);
  return value;
}

export function optionalString(body: Body, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw plaidErrors.invalidField(`${field} must be a string`);
  return value;
}

export function objectField(body: Body, field: string): Body | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) throw plaidErrors.invalidField(`${field} must be an object`);
  return value as Body;
}

function stringArray(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === "string")) {
    throw plaidErrors.invalidField(`${field} must be an array of strings`);
  }
  return value;
}

function webhookUrl(value: string | null, field: string): string | null {
  if (value === null || value === "") return null;
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return value;
  } catch {
    // fall through
  }
  throw plaidErrors.invalidField(`${field} must be an http(s) URL`);
}

export function hashAccessToken(accessToken: string): string {
  return createHash("sha256").update(accessToken, "utf8").digest("hex");
}

// ---- Items and accounts ---------------------------------------------------------------------------------------------

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

async function itemForAccessToken(ctx: BankContext, body: Body): Promise<PlaidItemRow> {
  requireFields(body, ["access_token"]);
  const accessToken = stringField(body, "access_token");
  const [item] = await ctx.db
    .select()
    .from(plaidItems)
    .where(eq(plaidItems.accessTokenSha256, hashAccessToken(accessToken)))
    .limit(1);
  if (!item || item.clientId !== ctx.clientId) throw plaidErrors.invalidAccessToken();
  if (item.removedAt) throw plaidErrors.itemNotFound();
  return item;
}

async function accountsOf(ctx: BankContext, item: PlaidItemRow, body: Body): Promise<PlaidAccountRow[]> {
  const accounts = await ctx.db.select().from(plaidAccounts).where(eq(plaidAccounts.itemId, item.itemId)).orderBy(asc(plaidAccounts.position));
  const options = objectField(body, "options");
  if (!options || options.account_ids === undefined) return accounts;
  const wanted = stringArray(options.account_ids, "options.account_ids");
  if (wanted.some((id) => !accounts.some((account) => account.accountId === id))) throw plaidErrors.invalidAccountId();
  return accounts.filter((account) => wanted.includes(account.accountId));
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

function serializeItem(item: PlaidItemRow) {
  return {
    item_id: item.itemId,
    institution_id: item.institutionId,
    institution_name: findInstitution(item.institutionId)?.name ?? null,
    webhook: item.webhook,
    auth_method: null,
    error: null,
    available_products: [],
    billed_products: item.products,
    products: item.products,
    consented_products: item.products,
    consent_expiration_time: null,
    update_type: "background",
  };
}

// ---- Transfers ------------------------------------------------------------------------------------------------------

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
    type: row.type,
    user: transferUser(row.user),
    amount: centsToDecimal(row.amountCents),
    description: row.description,
    created: row.createdAt.toISOString(),
    status: row.status,
    sweep_status: null,
    network: row.network,
    cancellable: row.status === "pending",
    failure_reason: failureReason(row),
    metadata: row.metadata ?? null,
    origination_account_id: "",
    guarantee_decision: null,
    guarantee_decision_rationale: null,
    iso_currency_code: row.isoCurrencyCode,
    standard_return_window: null,
    unauthorized_return_window: null,
    expected_settlement_date: null,
    originator_client_id: null,
    refunds: [],
    recurring_transfer_id: null,
    credit_funds_source: null,
  };
}

export function serializeEvent(row: PlaidTransferEventRow) {
  return {
    event_id: row.eventId,
    timestamp: row.createdAt.toISOString(),
    event_type: row.eventType,
    account_id: row.accountId,
    funding_account_id: null,
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

export function notifyTransferEvents(ctx: BankContext, url: string | null) {
  const target = url ?? ctx.defaultWebhookUrl ?? null;
  if (!target) return;
  ctx.webhooks.send(target, { webhook_type: "TRANSFER", webhook_code: "TRANSFER_EVENTS_UPDATE", environment: "sandbox" });
}

// ---- Endpoints ------------------------------------------------------------------------------------------------------

type Handler = (ctx: BankContext, body: Body) => Promise<Record<string, unknown>>;

export const endpoints: Record<string, Handler> = {
  "/link/token/create": async (ctx, body) => {
    requireFields(body, ["client_name", "language", "country_codes", "user"]);
    const user = objectField(body, "user");
    if (!user || typeof user.client_user_id !== "string" || user.client_user_id === "") {
      throw plaidErrors.missingFields(["user.client_user_id"]);
    }
    stringArray(body.country_codes, "country_codes");
    const products = body.products === undefined || body.products === null ? [] : stringArray(body.products, "products");
    const now = ctx.now();
    const linkToken = sandboxToken("link");
    const expiresAt = new Date(now.getTime() + LINK_TOKEN_TTL_MS);
    await ctx.db.insert(plaidLinkTokens).values({
      linkToken,
      clientId: ctx.clientId,
      clientName: stringField(body, "client_name"),
      clientUserId: user.client_user_id,
      products,
      webhook: webhookUrl(optionalString(body, "webhook"), "webhook"),
      redirectUri: webhookUrl(optionalString(body, "redirect_uri"), "redirect_uri"),
      createdAt: now,
      expiresAt,
    });
    return { link_token: linkToken, expiration: expiresAt.toISOString() };
  },

  /**
   * The link token and its Link sessions with what each ended in (Plaid's `results.item_add_results`, and the
   * deprecated `on_success`): the one way for a server to learn which public tokens a link token's sessions issued.
   * Only this client's tokens; a finished session is kept six hours. The app asks it before an exchange (ADR 038).
   */
  "/link/token/get": async (ctx, body) => {
    requireFields(body, ["link_token"]);
    const linkToken = stringField(body, "link_token");
    const [row] = await ctx.db
      .select()
      .from(plaidLinkTokens)
      .where(and(eq(plaidLinkTokens.linkToken, linkToken), eq(plaidLinkTokens.clientId, ctx.clientId)));
    if (!row) throw plaidErrors.invalidLinkToken("unknown");
    const keptSince = ctx.now().getTime() - LINK_SESSION_KEPT_MS;
    const sessions = (
      await ctx.db.select().from(plaidLinkSessions).where(eq(plaidLinkSessions.linkToken, linkToken)).orderBy(asc(plaidLinkSessions.createdAt))
    ).filter((session) => !session.completedAt || session.completedAt.getTime() > keptSince);
    const linkSessions = [];
    for (const session of sessions) {
      let success: { public_token: string; item_id: string; institution: { institution_id: string; name: string }; accounts: Body[] } | null = null;
      if (session.publicToken && session.itemId && session.institutionId) {
        const accounts = await ctx.db
          .select()
          .from(plaidAccounts)
          .where(eq(plaidAccounts.itemId, session.itemId))
          .orderBy(asc(plaidAccounts.position));
        success = {
          public_token: session.publicToken,
          item_id: session.itemId,
          institution: { institution_id: session.institutionId, name: findInstitution(session.institutionId)?.name ?? session.institutionId },
          accounts: accounts.map((account) => ({
            id: account.accountId,
            name: account.name,
            mask: account.mask,
            type: account.type,
            subtype: account.subtype,
            verification_status: null,
            class_type: null,
          })),
        };
      }
      linkSessions.push({
        link_session_id: session.linkSessionId,
        started_at: session.createdAt.toISOString(),
        finished_at: session.completedAt?.toISOString() ?? null,
        results: success ? { item_add_results: [success], bank_transfer_results: [], cra_item_add_results: [] } : null,
        on_success: success
          ? {
              public_token: success.public_token,
              metadata: { institution: success.institution, accounts: success.accounts, link_session_id: session.linkSessionId },
            }
          : null,
        exit: null,
      });
    }
    return {
      link_token: row.linkToken,
      created_at: row.createdAt.toISOString(),
      expiration: row.expiresAt.toISOString(),
      metadata: {
        initial_products: row.products,
        webhook: row.webhook,
        // The sandbox bank's institutions are all in the US: the only country a link token here can name.
        country_codes: ["US"],
        language: null,
        redirect_uri: row.redirectUri,
        client_name: row.clientName,
      },
      link_sessions: linkSessions,
    };
  },

  "/sandbox/public_token/create": async (ctx, body) => {
    requireFields(body, ["institution_id", "initial_products"]);
    const institutionId = stringField(body, "institution_id");
    if (!findInstitution(institutionId)) throw plaidErrors.invalidInstitution(institutionId);
    const products = stringArray(body.initial_products, "initial_products");
    const options = objectField(body, "options") ?? {};
    const login = checkCredentials(options.override_username ?? "user_good", options.override_password ?? "pass_good");
    if (!login.ok) throw login.failure;
    const now = ctx.now();
    const { item } = await createItem(ctx.db, {
      clientId: ctx.clientId,
      institutionId,
      products,
      webhook: webhookUrl(optionalString(options, "webhook"), "options.webhook"),
      accounts: login.accounts,
      now,
    });
    return { public_token: await issuePublicToken(ctx.db, item.itemId, now) };
  },

  "/item/public_token/exchange": async (ctx, body) => {
    requireFields(body, ["public_token"]);
    const publicToken = stringField(body, "public_token");
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      // Single use: only the request that flips exchanged_at gets the access token.
      const [exchanged] = await tx
        .update(plaidPublicTokens)
        .set({ exchangedAt: now })
        .where(
          and(eq(plaidPublicTokens.publicToken, publicToken), sql`${plaidPublicTokens.exchangedAt} is null`, gt(plaidPublicTokens.expiresAt, now)),
        )
        .returning();
      if (!exchanged) {
        const [known] = await tx.select().from(plaidPublicTokens).where(eq(plaidPublicTokens.publicToken, publicToken));
        throw plaidErrors.invalidPublicToken(!known ? "unknown" : known.exchangedAt ? "used" : "expired");
      }
      const [item] = await tx.select().from(plaidItems).where(eq(plaidItems.itemId, exchanged.itemId));
      if (!item || item.clientId !== ctx.clientId) throw plaidErrors.invalidPublicToken("unknown");
      const accessToken = sandboxToken("access");
      await tx
        .update(plaidItems)
        .set({ accessTokenSha256: hashAccessToken(accessToken) })
        .where(eq(plaidItems.itemId, item.itemId));
      return { access_token: accessToken, item_id: item.itemId };
    });
  },

  "/accounts/get": async (ctx, body) => {
    const item = await itemForAccessToken(ctx, body);
    const accounts = await accountsOf(ctx, item, body);
    return { accounts: accounts.map(serializeAccount), item: serializeItem(item) };
  },

  // The sandbox has no stale cache: /accounts/balance/get and /accounts/get both read the live balance.
  "/accounts/balance/get": async (ctx, body) => {
    const item = await itemForAccessToken(ctx, body);
    const accounts = await accountsOf(ctx, item, body);
    return {
      accounts: accounts.map((account) => {
        const serialized = serializeAccount(account);
        return { ...serialized, balances: { ...serialized.balances, last_updated_datetime: ctx.now().toISOString() } };
      }),
      item: serializeItem(item),
    };
  },

  "/auth/get": async (ctx, body) => {
    const item = await itemForAccessToken(ctx, body);
    const accounts = await accountsOf(ctx, item, body);
    return {
      accounts: accounts.map(serializeAccount),
      numbers: {
        ach: accounts.map((account) => ({
          account_id: account.accountId,
          account: account.accountNumber,
          routing: account.routingNumber,
          wire_routing: account.wireRoutingNumber,
        })),
        eft: [],
        international: [],
        bacs: [],
      },
      item: serializeItem(item),
    };
  },

  "/item/remove": async (ctx, body) => {
    const item = await itemForAccessToken(ctx, body);
    await ctx.db.update(plaidItems).set({ removedAt: ctx.now() }).where(eq(plaidItems.itemId, item.itemId));
    return {};
  },

  "/webhook_verification_key/get": async (ctx, body) => {
    requireFields(body, ["key_id"]);
    const [key] = await ctx.db
      .select()
      .from(plaidWebhookKeys)
      .where(eq(plaidWebhookKeys.kid, stringField(body, "key_id")));
    if (!key) throw plaidErrors.invalidWebhookKeyId();
    const jwk = key.publicJwk;
    return {
      key: {
        alg: "ES256",
        crv: jwk.crv,
        kid: key.kid,
        kty: jwk.kty,
        use: "sig",
        x: jwk.x,
        y: jwk.y,
        created_at: Math.floor(key.createdAt.getTime() / 1000),
        expired_at: key.expiredAt ? Math.floor(key.expiredAt.getTime() / 1000) : null,
      },
    };
  },

  "/transfer/authorization/create": async (ctx, body) => {
    requireFields(body, ["access_token", "account_id", "type", "network", "amount", "user"]);
    // Group commit (batch.ts): validated and written with the requests that arrive together.
    const authorization = await ctx.batches.authorizations.add(body);
    return { authorization: serializeAuthorization(authorization) };
  },

  "/transfer/create": async (ctx, body) => {
    requireFields(body, ["access_token", "account_id", "authorization_id", "description"]);
    stringField(body, "access_token");
    stringField(body, "authorization_id");
    const answer = await ctx.batches.transfers.add(body);
    if (answer.created) notifyTransferEvents(ctx, answer.webhook);
    return { transfer: serializeTransfer(answer.transfer) };
  },

  "/transfer/get": async (ctx, body) => {
    const transferId = optionalString(body, "transfer_id");
    const authorizationId = optionalString(body, "authorization_id");
    if (!transferId && !authorizationId) throw plaidErrors.missingFields(["transfer_id"]);
    const [transfer] = await ctx.db
      .select()
      .from(plaidTransfers)
      .where(
        and(
          eq(plaidTransfers.clientId, ctx.clientId),
          transferId ? eq(plaidTransfers.transferId, transferId) : eq(plaidTransfers.authorizationId, authorizationId!),
        ),
      );
    if (!transfer) throw plaidErrors.transferNotFound();
    return { transfer: serializeTransfer(transfer) };
  },

  "/transfer/event/sync": async (ctx, body) => {
    requireFields(body, ["after_id"]);
    const afterId = body.after_id;
    if (typeof afterId !== "number" || !Number.isInteger(afterId) || afterId < 0) {
      throw plaidErrors.invalidField("after_id must be a non-negative integer");
    }
    const count = body.count === undefined || body.count === null ? EVENT_SYNC_DEFAULT_COUNT : body.count;
    if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > EVENT_SYNC_MAX_COUNT) {
      throw plaidErrors.invalidField(`count must be an integer from 1 to ${EVENT_SYNC_MAX_COUNT}`);
    }
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
    requireFields(body, ["transfer_id", "event_type"]);
    const transferId = stringField(body, "transfer_id");
    const eventType = stringField(body, "event_type");
    const webhookOverride = webhookUrl(optionalString(body, "webhook"), "webhook");
    const reason = objectField(body, "failure_reason");
    const now = ctx.now();
    const result = await ctx.db.transaction(async (tx) => {
      // The row lock makes concurrent simulations of one transfer take turns, so each move happens once.
      const [transfer] = await tx
        .select()
        .from(plaidTransfers)
        .where(and(eq(plaidTransfers.transferId, transferId), eq(plaidTransfers.clientId, ctx.clientId)))
        .for("update");
      if (!transfer) throw plaidErrors.transferNotFound();
      if (!canTransition(transfer.status, eventType)) throw plaidErrors.transitionInvalid(transfer.status, eventType);

      let failure = { failureCode: null as string | null, achReturnCode: null as string | null, failureDescription: null as string | null };
      if (eventType === "returned") {
        const code = reason?.ach_return_code ?? "R01";
        if (typeof code !== "string" || !ACH_RETURN_CODES[code]) {
          throw plaidErrors.invalidField(`failure_reason.ach_return_code must be one of ${Object.keys(ACH_RETURN_CODES).join(", ")}`);
        }
        const description = typeof reason?.description === "string" ? reason.description : ACH_RETURN_CODES[code]!;
        failure = { failureCode: code, achReturnCode: code, failureDescription: description };
      } else if (eventType === "failed") {
        const code = typeof reason?.failure_code === "string" ? reason.failure_code : null;
        const description = typeof reason?.description === "string" ? reason.description : "The transfer failed.";
        failure = { failureCode: code, achReturnCode: null, failureDescription: description };
      }

      await tx
        .update(plaidTransfers)
        .set({ status: eventType, ...failure })
        .where(eq(plaidTransfers.transferId, transferId));
      // Settling moves the money; a return after settlement moves it back.
      const delta = balanceChangeCents(transfer.type, transfer.status, eventType, transfer.amountCents);
      if (delta !== 0) {
        await tx
          .update(plaidAccounts)
          .set({
            availableCents: sql`${plaidAccounts.availableCents} + ${delta}`,
            currentCents: sql`${plaidAccounts.currentCents} + ${delta}`,
          })
          .where(eq(plaidAccounts.accountId, transfer.accountId));
      }
      await lockEventStream(tx);
      await tx.insert(plaidTransferEvents).values({
        clientId: ctx.clientId,
        transferId,
        eventType,
        accountId: transfer.accountId,
        transferType: transfer.type,
        amountCents: transfer.amountCents,
        ...failure,
        createdAt: now,
      });
      const [item] = await tx.select({ webhook: plaidItems.webhook }).from(plaidItems).where(eq(plaidItems.itemId, transfer.itemId));
      return { webhook: item?.webhook ?? null };
    });
    notifyTransferEvents(ctx, webhookOverride ?? result.webhook);
    return {};
  },
};

/**
 * Event ids must become visible in order: a reader of /transfer/event/sync that saw event 101 must never later find a
 * 100 committed after it (it would skip it forever). Writers of events take turns until they commit.
 */
async function lockEventStream(tx: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('sandbox_plaid.transfer_events', 0))`);
}
