/**
 * The sandbox bank's API: one handler per Plaid endpoint, taking the request body the server has already checked
 * against the endpoint's schema (contract.ts) and answering with the response body Plaid would send (without
 * request_id, which the server adds). Expected failures throw PlaidFailure. Transfers after they are made live in
 * transfers.ts; the two hot endpoints that make them are group-committed (batch.ts).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { BankContext } from "./context";
import type { FaultRuleRequest, LinkTokenCreateRequest } from "./contract";
import { fireWebhookDecision, itemLoginRequiredWebhook } from "./item-webhooks";
import {
  accountsOf,
  checkItem,
  createItem,
  issuePublicToken,
  itemForAccessToken,
  itemWebhookUrl,
  hashAccessToken,
  serializeAccount,
  serializeItem,
  workingItem,
} from "./items";
import {
  plaidAccounts,
  plaidItems,
  plaidLinkSessions,
  plaidLinkTokens,
  plaidPublicTokens,
  plaidTransferAuthorizations,
  plaidUsers,
  plaidWebhookKeys,
} from "./schema";
import { notifyTransferEvents, serializeAuthorization, serializeTransfer, transferEndpoints } from "./transfers";
import { checkCredentials, findInstitution, plaidErrors, PlaidFailure, randomId, sandboxToken } from "./wire";

type Body = Record<string, unknown>;

export const LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;
/** /link/token/get keeps a finished Link session's data this long (Plaid: six hours). */
export const LINK_SESSION_KEPT_MS = 6 * 60 * 60 * 1000;

type Handler = (ctx: BankContext, body: Body) => Promise<Record<string, unknown>>;

/**
 * The item a Link token in update mode repairs: the item of `access_token`, or of `transfer.authorization_id` (an
 * authorization of this client's that answered user_action_required); when both are sent they must agree.
 */
async function updateModeItem(ctx: BankContext, request: LinkTokenCreateRequest): Promise<string | null> {
  let itemId: string | null = null;
  if (request.access_token !== undefined) itemId = (await itemForAccessToken(ctx, request.access_token)).itemId;
  const authorizationId = request.transfer?.authorization_id;
  if (authorizationId === undefined) return itemId;
  const [authorization] = await ctx.db
    .select({ itemId: plaidTransferAuthorizations.itemId, clientId: plaidTransferAuthorizations.clientId })
    .from(plaidTransferAuthorizations)
    .where(eq(plaidTransferAuthorizations.authorizationId, authorizationId));
  if (!authorization || authorization.clientId !== ctx.clientId) throw plaidErrors.invalidField("transfer.authorization_id does not exist");
  if (itemId !== null && itemId !== authorization.itemId) {
    throw plaidErrors.invalidField("transfer.authorization_id is an authorization of another item than access_token's");
  }
  const [item] = await ctx.db.select().from(plaidItems).where(eq(plaidItems.itemId, authorization.itemId));
  const checked = checkItem(ctx, item);
  if (checked instanceof PlaidFailure) throw checked;
  return checked.itemId;
}

export const endpoints: Record<string, Handler> = {
  "/link/token/create": async (ctx, body) => {
    const request = body as LinkTokenCreateRequest;
    const updateItemId = await updateModeItem(ctx, request);
    const multiItem = request.enable_multi_item_link === true;
    if (multiItem && updateItemId) throw plaidErrors.invalidField("enable_multi_item_link cannot be used in update mode");
    // Multi-Item Link: "`user_id` … Required for integrations that began using … Multi-Item Link … after December 10,
    // 2025" (LinkTokenCreateRequest). The sandbox bank is such an integration: the user must be one of this client's.
    let plaidUserId: string | null = null;
    if (request.user_id !== undefined) {
      const [user] = await ctx.db
        .select()
        .from(plaidUsers)
        .where(and(eq(plaidUsers.userId, request.user_id), eq(plaidUsers.clientId, ctx.clientId)));
      if (!user) throw plaidErrors.userNotFound();
      plaidUserId = user.userId;
    }
    if (multiItem && !plaidUserId) throw plaidErrors.invalidField("user_id is required when enable_multi_item_link is true");
    const now = ctx.now();
    const linkToken = sandboxToken("link");
    const expiresAt = new Date(now.getTime() + LINK_TOKEN_TTL_MS);
    await ctx.db.insert(plaidLinkTokens).values({
      linkToken,
      clientId: ctx.clientId,
      clientName: request.client_name,
      clientUserId: request.user?.client_user_id ?? null,
      products: request.products ?? [],
      webhook: request.webhook ?? null,
      redirectUri: request.redirect_uri ?? null,
      createdAt: now,
      expiresAt,
      updateItemId,
      multiItem,
      userId: plaidUserId,
    });
    return { link_token: linkToken, expiration: expiresAt.toISOString() };
  },

  /**
   * A Plaid user for one of the client's users (Plaid's `UserCreateResponse`: `user_id`, `request_id`). Once only per
   * `client_user_id`: "If you call the endpoint multiple times with the same client_user_id, the first creation call
   * will succeed and the rest will fail with an error message indicating that the user has been created for the given
   * client_user_id" (/user/create). Plaid's docs name no error code for it; the double answers INVALID_FIELD.
   */
  "/user/create": async (ctx, body) => {
    const clientUserId = body.client_user_id as string;
    const [made] = await ctx.db
      .insert(plaidUsers)
      .values({ userId: `usr_${randomId(14)}`, clientId: ctx.clientId, clientUserId, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning();
    if (!made) throw plaidErrors.invalidField("a user has already been created for the given client_user_id");
    return { user_id: made.userId };
  },

  /**
   * The link token and its Link sessions (Plaid's `LinkTokenGetResponse`). What a session ended in (`results`, with
   * every result list the schema requires, and the deprecated `on_success`) only when the account is enabled for Link
   * events (BankContext.linkEvents): Plaid's description says that by default the endpoint "will only return complete
   * event data for Hosted Link sessions", and the sandbox bank's Link is the embedded one. Without it a session is its
   * id and times. Only this client's tokens; a finished session is kept six hours. The app's extra check (ADR 049).
   */
  "/link/token/get": async (ctx, body) => {
    const linkToken = body.link_token as string;
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
      const times = {
        link_session_id: session.linkSessionId,
        started_at: session.createdAt.toISOString(),
        finished_at: session.completedAt?.toISOString() ?? null,
      };
      // Multi-Item Link sessions always tell their results: that is how their public tokens are delivered.
      if (!ctx.linkEvents && !row.multiItem) {
        linkSessions.push(times);
        continue;
      }
      let success: { public_token: string; institution: { institution_id: string; name: string }; accounts: Body[] } | null = null;
      if (session.publicToken && session.itemId && session.institutionId) {
        const accounts = await ctx.db
          .select()
          .from(plaidAccounts)
          .where(eq(plaidAccounts.itemId, session.itemId))
          .orderBy(asc(plaidAccounts.position));
        success = {
          public_token: session.publicToken,
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
        ...times,
        // LinkSessionResults: every list required; the document results are null where nothing applies.
        results: success
          ? {
              item_add_results: [success],
              cra_item_add_results: [],
              cra_update_results: [],
              bank_income_results: [],
              payroll_income_results: [],
              document_income_results: null,
              cra_document_upload_results: null,
            }
          : null,
        // The deprecated onSuccess mirror: a Multi-Item Link session's onSuccess carries no public token.
        on_success:
          success && !row.multiItem
            ? {
                public_token: success.public_token,
                metadata: { institution: success.institution, accounts: success.accounts, link_session_id: session.linkSessionId },
              }
            : null,
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
    const institutionId = body.institution_id as string;
    if (!findInstitution(institutionId)) throw plaidErrors.invalidInstitution(institutionId);
    const options = (body.options ?? {}) as { webhook?: string; override_username?: string; override_password?: string };
    const login = checkCredentials(options.override_username ?? "user_good", options.override_password ?? "pass_good");
    if (!login.ok) throw login.failure;
    const now = ctx.now();
    const { item } = await createItem(ctx.db, {
      clientId: ctx.clientId,
      institutionId,
      products: body.initial_products as string[],
      webhook: options.webhook ?? null,
      accounts: login.accounts,
      now,
    });
    return { public_token: await issuePublicToken(ctx.db, item.itemId, now) };
  },

  /**
   * Single use, for 30 minutes. A public token from Link's update mode is refused: the item already has its access
   * token, which stays valid and unchanged (Plaid: there is no need to exchange it), so exchanging can never hand out
   * a second token or replace the first (README).
   */
  "/item/public_token/exchange": async (ctx, body) => {
    const publicToken = body.public_token as string;
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      // The row lock makes concurrent exchanges take turns: only the first gets the access token.
      const [known] = await tx.select().from(plaidPublicTokens).where(eq(plaidPublicTokens.publicToken, publicToken)).for("update");
      if (!known) throw plaidErrors.invalidPublicToken("unknown");
      if (known.exchangedAt) throw plaidErrors.invalidPublicToken("used");
      if (known.expiresAt.getTime() <= now.getTime()) throw plaidErrors.invalidPublicToken("expired");
      const [item] = await tx.select().from(plaidItems).where(eq(plaidItems.itemId, known.itemId));
      if (!item || item.clientId !== ctx.clientId) throw plaidErrors.invalidPublicToken("unknown");
      if (item.accessTokenSha256 !== null) throw plaidErrors.invalidPublicToken("update");
      await tx.update(plaidPublicTokens).set({ exchangedAt: now }).where(eq(plaidPublicTokens.publicToken, publicToken));
      const accessToken = sandboxToken("access");
      await tx
        .update(plaidItems)
        .set({ accessTokenSha256: hashAccessToken(accessToken) })
        .where(eq(plaidItems.itemId, item.itemId));
      return { access_token: accessToken, item_id: item.itemId };
    });
  },

  "/accounts/get": async (ctx, body) => {
    const item = await workingItem(ctx, body.access_token as string);
    const accounts = await accountsOf(ctx.db, item, (body.options as { account_ids?: string[] } | undefined)?.account_ids);
    return { accounts: accounts.map(serializeAccount), item: serializeItem(item) };
  },

  // The sandbox has no stale cache: /accounts/balance/get and /accounts/get both read the live balance.
  "/accounts/balance/get": async (ctx, body) => {
    const item = await workingItem(ctx, body.access_token as string);
    const accounts = await accountsOf(ctx.db, item, (body.options as { account_ids?: string[] } | undefined)?.account_ids);
    return {
      accounts: accounts.map((account) => {
        const serialized = serializeAccount(account);
        return { ...serialized, balances: { ...serialized.balances, last_updated_datetime: ctx.now().toISOString() } };
      }),
      item: serializeItem(item),
    };
  },

  "/auth/get": async (ctx, body) => {
    const item = await workingItem(ctx, body.access_token as string);
    const accounts = await accountsOf(ctx.db, item, (body.options as { account_ids?: string[] } | undefined)?.account_ids);
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

  /** The item and its health: `error` is ITEM_LOGIN_REQUIRED's while the login must be renewed. */
  "/item/get": async (ctx, body) => {
    const item = await itemForAccessToken(ctx, body.access_token as string);
    return { item: { ...serializeItem(item), created_at: item.createdAt.toISOString() }, status: null };
  },

  "/item/remove": async (ctx, body) => {
    const item = await itemForAccessToken(ctx, body.access_token as string);
    await ctx.db.update(plaidItems).set({ removedAt: ctx.now() }).where(eq(plaidItems.itemId, item.itemId));
    return {};
  },

  /** ITEM_LOGIN_REQUIRED until Link's update mode (or LOGIN_REPAIRED) repairs it; fires ITEM / ERROR at once. */
  "/sandbox/item/reset_login": async (ctx, body) => {
    const item = await itemForAccessToken(ctx, body.access_token as string);
    await ctx.db
      .update(plaidItems)
      .set({ loginRequiredAt: sql`coalesce(${plaidItems.loginRequiredAt}, ${ctx.now().toISOString()}::timestamptz)` })
      .where(eq(plaidItems.itemId, item.itemId));
    const url = itemWebhookUrl(ctx, item);
    if (url) ctx.webhooks.send(url, itemLoginRequiredWebhook(item.itemId));
    return { reset_login: true };
  },

  /**
   * Fires one webhook of the endpoint's enum in Plaid's shape (item-webhooks.ts). ERROR (as ITEM) and LOGIN_REPAIRED
   * also do what they say, so the item's state agrees with the webhook the app received.
   */
  "/sandbox/item/fire_webhook": async (ctx, body) => {
    const item = await itemForAccessToken(ctx, body.access_token as string);
    const [first] = await accountsOf(ctx.db, item);
    const decision = fireWebhookDecision({
      code: body.webhook_code as string,
      type: body.webhook_type as string | undefined,
      item: { itemId: item.itemId, products: item.products },
      firstAccountId: first?.accountId ?? null,
      now: ctx.now(),
    });
    if (decision instanceof PlaidFailure) throw decision;
    const url = itemWebhookUrl(ctx, item);
    if (!url) throw plaidErrors.sandboxWebhookInvalid();
    if (decision.effect === "login_required") {
      await ctx.db
        .update(plaidItems)
        .set({ loginRequiredAt: sql`coalesce(${plaidItems.loginRequiredAt}, ${ctx.now().toISOString()}::timestamptz)` })
        .where(eq(plaidItems.itemId, item.itemId));
    } else if (decision.effect === "login_repaired") {
      await ctx.db.update(plaidItems).set({ loginRequiredAt: null }).where(eq(plaidItems.itemId, item.itemId));
    }
    ctx.webhooks.send(url, decision.payload);
    return { webhook_fired: true };
  },

  "/webhook_verification_key/get": async (ctx, body) => {
    const [key] = await ctx.db
      .select()
      .from(plaidWebhookKeys)
      .where(eq(plaidWebhookKeys.kid, body.key_id as string));
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

  // Group commit (batch.ts): decided and written with the requests that arrive together.
  "/transfer/authorization/create": async (ctx, body) => ({ authorization: serializeAuthorization(await ctx.batches.authorizations.add(body)) }),

  "/transfer/create": async (ctx, body) => {
    const answer = await ctx.batches.transfers.add(body);
    if (answer.created) notifyTransferEvents(ctx, answer.webhook);
    return { transfer: serializeTransfer(answer.transfer) };
  },

  ...transferEndpoints,

  /** Not Plaid's: sets the faults on demand (faults.ts, README "Faults"); an empty list clears them. */
  "/sandbox/faults/set": async (ctx, body) => {
    const rules = body.rules as FaultRuleRequest[];
    ctx.faults.set(rules, Object.keys(endpoints));
    return { rules: rules.length };
  },
};
