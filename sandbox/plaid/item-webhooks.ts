/**
 * Item webhooks in Plaid's shapes (the *Webhook schemas of the OpenAPI description), and what
 * /sandbox/item/fire_webhook does for each code of its enum. Pure: the endpoint (bank.ts) sends what this decides and
 * applies its effect on the item.
 */
import { itemLoginRequiredError } from "./items";
import { type PlaidFailure, plaidErrors } from "./wire";

const ENVIRONMENT = "sandbox";

/** ITEM / ERROR with ITEM_LOGIN_REQUIRED: what /sandbox/item/reset_login fires. */
export function itemLoginRequiredWebhook(itemId: string) {
  return { webhook_type: "ITEM", webhook_code: "ERROR", item_id: itemId, error: itemLoginRequiredError("webhook"), environment: ENVIRONMENT };
}

/** ITEM / LOGIN_REPAIRED: the item works again. */
export function loginRepairedWebhook(itemId: string) {
  return { webhook_type: "ITEM", webhook_code: "LOGIN_REPAIRED", item_id: itemId, environment: ENVIRONMENT };
}

/** LINK / SESSION_FINISHED (`LinkSessionFinishedWebhook`): how a Multi-Item Link session's public tokens are delivered. */
export function sessionFinishedWebhook(linkToken: string, linkSessionId: string, publicTokens: string[]) {
  return {
    webhook_type: "LINK",
    webhook_code: "SESSION_FINISHED",
    status: "SUCCESS",
    link_session_id: linkSessionId,
    link_token: linkToken,
    public_tokens: publicTokens,
    environment: ENVIRONMENT,
  };
}

/** What firing a code does to the item besides sending the webhook. */
export type ItemEffect = "login_required" | "login_repaired" | null;

export type FireDecision = { payload: Record<string, unknown>; effect: ItemEffect };

/** The product a DEFAULT_UPDATE of each type belongs to, and its payload's own fields. */
const DEFAULT_UPDATES: Record<string, { product: string; fields: Record<string, unknown> }> = {
  AUTH: { product: "auth", fields: { account_ids_with_new_auth: [], account_ids_with_updated_auth: {}, error: null } },
  TRANSACTIONS: { product: "transactions", fields: { new_transactions: 0, error: null } },
  INVESTMENTS_TRANSACTIONS: {
    product: "investments",
    fields: { new_investments_transactions: 0, canceled_investments_transactions: 0, error: null },
  },
  HOLDINGS: { product: "investments", fields: { new_holdings: 0, updated_holdings: 0, error: null } },
  LIABILITIES: { product: "liabilities", fields: { account_ids_with_new_liabilities: [], account_ids_with_updated_liabilities: {}, error: null } },
};

/** The webhook types each code may be fired as; the first is the default when webhook_type is not sent. */
const TYPES_BY_CODE: Record<string, readonly string[]> = {
  DEFAULT_UPDATE: ["TRANSACTIONS", "AUTH", "INVESTMENTS_TRANSACTIONS", "HOLDINGS", "LIABILITIES"],
  NEW_ACCOUNTS_AVAILABLE: ["ITEM"],
  SMS_MICRODEPOSITS_VERIFICATION: ["AUTH"],
  AUTHORIZATION_GRANTED: ["ITEM"],
  USER_PERMISSION_REVOKED: ["ITEM"],
  USER_ACCOUNT_REVOKED: ["ITEM"],
  PENDING_DISCONNECT: ["ITEM"],
  RECURRING_TRANSACTIONS_UPDATE: ["TRANSACTIONS"],
  LOGIN_REPAIRED: ["ITEM"],
  SYNC_UPDATES_AVAILABLE: ["TRANSACTIONS"],
  PRODUCT_READY: ["ASSETS"],
  ERROR: ["ITEM", "ASSETS"],
};

/** How long before a PENDING_DISCONNECT the sandbox says the item will stop working. */
export const PENDING_DISCONNECT_NOTICE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The webhook /sandbox/item/fire_webhook sends for `code` (and `type`, when given) on this item, or Plaid's failure:
 * SANDBOX_PRODUCT_NOT_ENABLED for a product the item does not have, INVALID_FIELD for a type the code is not fired as
 * and for what the sandbox bank does not model (micro-deposit items, asset reports).
 */
export function fireWebhookDecision(input: {
  code: string;
  type: string | undefined;
  item: { itemId: string; products: readonly string[] };
  firstAccountId: string | null;
  now: Date;
}): FireDecision | PlaidFailure {
  const allowed = TYPES_BY_CODE[input.code];
  if (!allowed) return plaidErrors.invalidField(`webhook_code ${input.code} cannot be fired`);
  const type = input.type ?? allowed[0]!;
  if (!allowed.includes(type)) {
    return plaidErrors.invalidField(`webhook_type ${type} cannot be fired with webhook_code ${input.code}: use ${allowed.join(" or ")}`);
  }
  const base = { webhook_type: type, webhook_code: input.code, item_id: input.item.itemId };
  const needs = (product: string) => (input.item.products.includes(product) ? null : plaidErrors.sandboxProductNotEnabled(product));
  const fired = (fields: Record<string, unknown>, effect: ItemEffect = null): FireDecision => ({
    payload: { ...base, ...fields, environment: ENVIRONMENT },
    effect,
  });

  switch (input.code) {
    case "DEFAULT_UPDATE": {
      const update = DEFAULT_UPDATES[type]!;
      return needs(update.product) ?? fired(update.fields);
    }
    case "SYNC_UPDATES_AVAILABLE":
      return needs("transactions") ?? fired({ initial_update_complete: true, historical_update_complete: true });
    case "RECURRING_TRANSACTIONS_UPDATE":
      return needs("transactions") ?? fired({ account_ids: [] });
    case "NEW_ACCOUNTS_AVAILABLE":
      return fired({ error: null });
    case "USER_PERMISSION_REVOKED":
      return fired({
        error: {
          error_type: "ITEM_ERROR",
          error_code: "USER_PERMISSION_REVOKED",
          error_code_reason: null,
          error_message: "the holder of this account has revoked their permission for your application to access it",
          display_message: null,
          causes: [],
          status: 400,
          documentation_url: "https://plaid.com/docs/errors/item/#user_permission_revoked",
          suggested_action: null,
        },
      });
    case "USER_ACCOUNT_REVOKED":
      return fired({ account_id: input.firstAccountId });
    case "PENDING_DISCONNECT":
      return fired({ reason: "INSTITUTION_MIGRATION", disconnect_time: new Date(input.now.getTime() + PENDING_DISCONNECT_NOTICE_MS).toISOString() });
    case "LOGIN_REPAIRED":
      return fired({}, "login_repaired");
    case "ERROR":
      if (type === "ITEM") return fired({ error: itemLoginRequiredError("webhook") }, "login_required");
      return needs("assets") ?? plaidErrors.invalidField("asset reports are not modelled by the sandbox bank");
    case "PRODUCT_READY":
      return needs("assets") ?? plaidErrors.invalidField("asset reports are not modelled by the sandbox bank");
    case "SMS_MICRODEPOSITS_VERIFICATION":
      return plaidErrors.invalidField(
        "webhook_code SMS_MICRODEPOSITS_VERIFICATION needs an item linked through Same-Day Micro-deposits, which the sandbox bank does not model",
      );
    default:
      return plaidErrors.invalidField(`webhook_code ${input.code} is not modelled by the sandbox bank`);
  }
}
