/**
 * The request side of Plaid's contract, as the sandbox bank enforces it: one zod schema per endpoint, written from the
 * request schemas of Plaid's OpenAPI description (plaid/plaid-openapi, 2020-09-14.yml, version 2020-09-14_1.697.4):
 * required fields, types, enums, formats, lengths and ranges, plus the rules the description states in prose (ach_class
 * per direction, "one of transfer_id or authorization_id", the metadata limits). A request that breaks one is answered
 * with Plaid's envelope: MISSING_FIELDS listing every missing field, else INVALID_FIELD naming the first broken one
 * (both error_type INVALID_REQUEST, status 400), before the endpoint does anything.
 *
 * Reading of JSON null: an optional field sent as null counts as absent, a required one as missing (Plaid's servers
 * decode null into "not set"; the official SDKs never send null for an unset field).
 */
import { z } from "zod";
import { decimalToCents, type PlaidFailure, plaidErrors, RATE_LIMIT_CODES, SIMULATED_EVENTS } from "./wire";

// ---- Enums from the description --------------------------------------------------------------------------------------

/** `Products`. */
export const PRODUCTS = [
  "assets",
  "auth",
  "balance",
  "balance_plus",
  "beacon",
  "identity",
  "identity_match",
  "investments",
  "investments_auth",
  "liabilities",
  "payment_initiation",
  "identity_verification",
  "transactions",
  "credit_details",
  "income",
  "income_verification",
  "standing_orders",
  "transfer",
  "employment",
  "recurring_transactions",
  "transactions_refresh",
  "signal",
  "statements",
  "processor_payments",
  "processor_identity",
  "profile",
  "cra_base_report",
  "cra_income_insights",
  "cra_partner_insights",
  "cra_network_insights",
  "cra_cashflow_insights",
  "cra_monitoring",
  "cra_lend_score",
  "cra_plaid_credit_score",
  "layer",
  "pay_by_bank",
  "protect_linked_bank",
  "protect_transactions",
] as const;

/** `CountryCode`. */
export const COUNTRY_CODES = [
  "US",
  "GB",
  "ES",
  "NL",
  "FR",
  "IE",
  "CA",
  "DE",
  "IT",
  "PL",
  "DK",
  "NO",
  "SE",
  "EE",
  "LT",
  "LV",
  "PT",
  "BE",
  "AT",
  "FI",
] as const;

/** /link/token/create `language`: "Supported languages are …". */
export const LINK_LANGUAGES = ["da", "nl", "en", "et", "fr", "de", "hi", "it", "lv", "lt", "no", "pl", "pt", "ro", "es", "sv", "vi"] as const;

/** `TransferNetwork`. Only the ACH networks are enabled for the sandbox bank's client (rtp and wire are refused). */
export const TRANSFER_NETWORKS = ["ach", "same-day-ach", "rtp", "wire"] as const;
export const ENABLED_NETWORKS: readonly string[] = ["ach", "same-day-ach"];

/** `ACHClass`, and the description's "Codes supported for credits: ccd, ppd / for debits: ccd, tel, web". */
export const ACH_CLASSES = ["ccd", "ppd", "tel", "web"] as const;
export const ACH_CLASSES_BY_TYPE: Record<"debit" | "credit", readonly string[]> = { debit: ["ccd", "tel", "web"], credit: ["ccd", "ppd"] };

/** `ReasonCode` of /transfer/cancel (RfP only; accepted and ignored for ACH, as documented). */
const CANCEL_REASON_CODES = [
  "AC03",
  "AM09",
  "CUST",
  "DUPL",
  "FRAD",
  "TECH",
  "UPAY",
  "AC14",
  "AM06",
  "BE05",
  "FOCR",
  "MS02",
  "MS03",
  "RR04",
  "RUTA",
] as const;

/** /sandbox/item/fire_webhook's two enums. */
export const FIRE_WEBHOOK_TYPES = ["AUTH", "HOLDINGS", "INVESTMENTS_TRANSACTIONS", "ITEM", "LIABILITIES", "TRANSACTIONS", "ASSETS"] as const;
export const FIRE_WEBHOOK_CODES = [
  "DEFAULT_UPDATE",
  "NEW_ACCOUNTS_AVAILABLE",
  "SMS_MICRODEPOSITS_VERIFICATION",
  "AUTHORIZATION_GRANTED",
  "USER_PERMISSION_REVOKED",
  "USER_ACCOUNT_REVOKED",
  "PENDING_DISCONNECT",
  "RECURRING_TRANSACTIONS_UPDATE",
  "LOGIN_REPAIRED",
  "SYNC_UPDATES_AVAILABLE",
  "PRODUCT_READY",
  "ERROR",
] as const;

/** Limits the description states: `TransferAuthorizationIdempotencyKey` maxLength 50, description 15 (RTP) / 10 (ACH). */
export const IDEMPOTENCY_KEY_MAX = 50;
export const TRANSFER_DESCRIPTION_MAX = 15;
export const ACH_DESCRIPTION_MAX = 10;
/** `network`: "The transaction limit for a Same Day ACH transfer is $1,000,000". */
export const SAME_DAY_ACH_MAX_CENTS = 100_000_000;
/** `TransferMetadata`: at most 50 pairs, keys of at most 40 characters, values of at most 500, ASCII only. */
export const METADATA_MAX_PAIRS = 50;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;
/** /transfer/event/sync `count` (default 100) and /transfer/list `count` (default 25). */
export const EVENT_SYNC_COUNT = { min: 1, max: 500, default: 100 };
export const TRANSFER_LIST_COUNT = { min: 1, max: 25, default: 25 };

// ---- Building blocks --------------------------------------------------------------------------------------------------

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** An identifier or token the request must carry: an empty string counts as missing. */
const id = () => z.string().min(1);
const url = () => z.string().refine(isHttpUrl, { message: "must be an http(s) URL" });
/** `format: date-time`: RFC 3339 with a time zone (`2019-12-06T22:35:49Z`). */
const dateTime = () => z.iso.datetime({ offset: true });
/** `TransferAmount`: "decimal string with two digits of precision". */
const transferAmount = () =>
  z.string().refine((value) => decimalToCents(value) !== null, { message: "must be a positive decimal string with at most two decimal places" });

/** Fields we accept from the description but whose feature the sandbox bank does not have: refused, never ignored. */
const notModelled = (what: string) => z.any().refine(() => false, { message: `is not supported by the sandbox bank (${what})` });

const ascii = (value: string) => /^[\x20-\x7e]*$/.test(value);

const transferMetadata = () =>
  z.record(z.string(), z.string()).superRefine((metadata, ctx) => {
    const entries = Object.entries(metadata);
    if (entries.length > METADATA_MAX_PAIRS) ctx.addIssue({ code: "custom", message: `must hold at most ${METADATA_MAX_PAIRS} key/value pairs` });
    for (const [key, value] of entries) {
      if (key.length === 0 || key.length > METADATA_KEY_MAX) {
        ctx.addIssue({ code: "custom", path: [key], message: `key must be 1 to ${METADATA_KEY_MAX} characters` });
      } else if (value.length > METADATA_VALUE_MAX) {
        ctx.addIssue({ code: "custom", path: [key], message: `must be at most ${METADATA_VALUE_MAX} characters` });
      } else if (!ascii(key) || !ascii(value)) {
        ctx.addIssue({ code: "custom", path: [key], message: "must be printable ASCII only (keys and values)" });
      }
    }
  });

const customAttributes = () =>
  z.record(z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/), z.string().max(500)).refine((attributes) => Object.keys(attributes).length <= 50, {
    message: "must hold at most 50 key/value pairs",
  });

/** A required field the object-level rules find missing (reported with the others, as MISSING_FIELDS). */
function missing(ctx: z.RefinementCtx, path: string[]) {
  ctx.addIssue({ code: "custom", path, message: "is required", params: { missing: true } });
}

const accessTokenRequest = { access_token: id() };
const accountOptions = z.object({ account_ids: z.array(z.string()).optional() });

// ---- One schema per endpoint ------------------------------------------------------------------------------------------

const linkTokenCreateSchema = z
  .object({
    client_name: id(),
    language: z.enum(LINK_LANGUAGES),
    country_codes: z.array(z.enum(COUNTRY_CODES)).min(1),
    user: z
      .object({
        client_user_id: id(),
        legal_name: z.string().optional(),
        phone_number: z.string().optional(),
        email_address: z.string().optional(),
      })
      .optional(),
    // "A `user_id` generated using `/user/create` … One of either the `user_id` or the `user` field is required."
    user_id: id().optional(),
    // Multi-Item Link (public tokens delivered through /link/token/get and SESSION_FINISHED, not onSuccess).
    enable_multi_item_link: z.boolean().optional(),
    products: z.array(z.enum(PRODUCTS)).optional(),
    webhook: url().optional(),
    redirect_uri: url().optional(),
    // Update mode: the item to repair, by its access token or by a transfer authorization that needed the user.
    access_token: id().optional(),
    transfer: z.object({ authorization_id: id().optional(), intent_id: notModelled("transfer intents").optional() }).optional(),
    update: z.object({ account_selection_enabled: z.boolean().optional() }).optional(),
  })
  .superRefine((request, ctx) => {
    const updateMode = request.access_token !== undefined || request.transfer?.authorization_id !== undefined;
    // "If launching Link in update mode, should be omitted … at least one product is required otherwise."
    if (!updateMode && (request.products === undefined || request.products.length === 0)) missing(ctx, ["products"]);
    if (request.user === undefined && request.user_id === undefined) missing(ctx, ["user"]);
  });

const publicTokenCreateSchema = z.object({
  institution_id: id(),
  initial_products: z.array(z.enum(PRODUCTS)).min(1),
  options: z
    .object({
      webhook: url().optional(),
      override_username: z.string().optional(),
      override_password: z.string().optional(),
    })
    .optional(),
});

const authorizationCreateSchema = z
  .object({
    access_token: id(),
    account_id: id(),
    type: z.enum(["debit", "credit"]),
    network: z.enum(TRANSFER_NETWORKS),
    amount: transferAmount(),
    ach_class: z.enum(ACH_CLASSES).optional(),
    user: z.object({
      legal_name: id(),
      phone_number: z.string().optional(),
      email_address: z.string().optional(),
      address: z
        .object({
          street: z.string().optional(),
          city: z.string().optional(),
          region: z.string().optional(),
          postal_code: z.string().optional(),
          country: z.string().optional(),
        })
        .optional(),
    }),
    device: z.looseObject({ ip_address: z.string().optional(), user_agent: z.string().optional() }).optional(),
    idempotency_key: z.string().max(IDEMPOTENCY_KEY_MAX).optional(),
    iso_currency_code: z.string().optional(),
    user_present: z.boolean().optional(),
    with_guarantee: z.boolean().optional(),
    request_guarantee: z.boolean().optional(),
    beacon_session_id: z.string().optional(),
    ruleset_key: z.string().optional(),
    custom_attributes: customAttributes().optional(),
    ledger_id: z.string().optional(),
    funding_account_id: notModelled("legacy funding accounts; payouts come from the Plaid Ledger").optional(),
    payment_profile_token: notModelled("payment profiles").optional(),
    origination_account_id: notModelled("origination accounts").optional(),
    originator_client_id: notModelled("Transfer for Platforms").optional(),
    credit_funds_source: notModelled("deprecated; credits come from the Plaid Ledger").optional(),
    test_clock_id: notModelled("test clocks").optional(),
    wire_details: notModelled("wires").optional(),
  })
  .superRefine((request, ctx) => {
    if (!ENABLED_NETWORKS.includes(request.network)) {
      ctx.addIssue({
        code: "custom",
        path: ["network"],
        message: `${request.network} is not enabled for this client: the sandbox bank moves money over ach and same-day-ach`,
      });
      return;
    }
    // "Required for transfers on an ACH network."
    if (request.ach_class === undefined) return missing(ctx, ["ach_class"]);
    const allowed = ACH_CLASSES_BY_TYPE[request.type];
    if (!allowed.includes(request.ach_class)) {
      ctx.addIssue({
        code: "custom",
        path: ["ach_class"],
        message: `${request.ach_class} is not supported for ${request.type}s: use ${allowed.join(" or ")}`,
      });
    }
    if (request.iso_currency_code !== undefined && request.iso_currency_code !== "USD") {
      ctx.addIssue({ code: "custom", path: ["iso_currency_code"], message: "must be USD" });
    }
    if (request.network === "same-day-ach" && decimalToCents(request.amount)! > SAME_DAY_ACH_MAX_CENTS) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "must be at most 1000000.00 for same-day-ach" });
    }
  });

const transferCreateSchema = z.object({
  access_token: id(),
  account_id: id(),
  authorization_id: id(),
  description: z.string().min(1).max(TRANSFER_DESCRIPTION_MAX),
  amount: transferAmount().optional(),
  metadata: transferMetadata().optional(),
  // Deprecated: authorization_id is the idempotency key now. Still checked against the description's limits.
  idempotency_key: z.string().max(IDEMPOTENCY_KEY_MAX).optional(),
  // Deprecated copies of the authorization's fields: when sent, they must agree with it (batch.ts).
  type: z.enum(["debit", "credit"]).optional(),
  network: z.enum(TRANSFER_NETWORKS).optional(),
  ach_class: z.enum(ACH_CLASSES).optional(),
  iso_currency_code: z.string().optional(),
  user: z.looseObject({ legal_name: z.string().optional() }).optional(),
  origination_account_id: notModelled("origination accounts").optional(),
  test_clock_id: notModelled("test clocks").optional(),
  facilitator_fee: notModelled("Transfer for Platforms").optional(),
});

const transferGetSchema = z
  .object({ transfer_id: id().optional(), authorization_id: id().optional(), originator_client_id: notModelled("Transfer for Platforms").optional() })
  .superRefine((request, ctx) => {
    if (request.transfer_id === undefined && request.authorization_id === undefined) missing(ctx, ["transfer_id"]);
    else if (request.transfer_id !== undefined && request.authorization_id !== undefined) {
      ctx.addIssue({ code: "custom", path: ["authorization_id"], message: "must not be sent with transfer_id: give exactly one of them" });
    }
  });

const transferListSchema = z
  .object({
    start_date: dateTime().optional(),
    end_date: dateTime().optional(),
    count: z.int().min(TRANSFER_LIST_COUNT.min).max(TRANSFER_LIST_COUNT.max).optional(),
    offset: z.int().min(0).optional(),
    origination_account_id: notModelled("origination accounts").optional(),
    originator_client_id: notModelled("Transfer for Platforms").optional(),
    funding_account_id: notModelled("legacy funding accounts").optional(),
  })
  .superRefine((request, ctx) => {
    if (request.start_date && request.end_date && Date.parse(request.start_date) > Date.parse(request.end_date)) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "must not be before start_date" });
    }
  });

const simulateSchema = z
  .object({
    transfer_id: id(),
    event_type: z.enum(SIMULATED_EVENTS),
    failure_reason: z
      .looseObject({ failure_code: z.string().optional(), ach_return_code: z.string().optional(), description: z.string().optional() })
      .optional(),
    webhook: url().optional(),
    test_clock_id: notModelled("test clocks").optional(),
  })
  .superRefine((request, ctx) => {
    const reason = request.failure_reason;
    if (reason && request.event_type !== "failed" && request.event_type !== "returned") {
      ctx.addIssue({ code: "custom", path: ["failure_reason"], message: 'may be sent only with event_type "failed" or "returned"' });
    }
    if (reason?.failure_code !== undefined && reason.ach_return_code !== undefined && reason.failure_code !== reason.ach_return_code) {
      ctx.addIssue({
        code: "custom",
        path: ["failure_reason", "ach_return_code"],
        message: "must equal failure_reason.failure_code when both are sent",
      });
    }
  });

/** Our own control endpoint (not Plaid's): faults on demand, README "Faults". */
export const FAULT_KINDS = ["500", "500_after", "timeout", "rate_limit"] as const;
export const faultRuleSchema = z
  .object({
    endpoint: z.string().regex(/^\/[a-z_/]+$/, { message: "must be an endpoint path such as /transfer/create" }),
    fault: z.enum(FAULT_KINDS),
    times: z.int().min(1).max(1000).optional(),
    status: z.int().min(500).max(599).optional(),
    error_code: z.enum(RATE_LIMIT_CODES).optional(),
    delay_ms: z.int().min(1).max(120_000).optional(),
  })
  .superRefine((rule, ctx) => {
    if (rule.status !== undefined && rule.fault !== "500" && rule.fault !== "500_after") {
      ctx.addIssue({ code: "custom", path: ["status"], message: 'may be sent only with fault "500" or "500_after"' });
    }
    if (rule.error_code !== undefined && rule.fault !== "rate_limit") {
      ctx.addIssue({ code: "custom", path: ["error_code"], message: 'may be sent only with fault "rate_limit"' });
    }
    if (rule.delay_ms !== undefined && rule.fault !== "timeout") {
      ctx.addIssue({ code: "custom", path: ["delay_ms"], message: 'may be sent only with fault "timeout"' });
    }
  });
export const faultRulesSchema = z.object({ rules: z.array(faultRuleSchema).max(50) });
export type FaultRuleRequest = z.infer<typeof faultRuleSchema>;

export const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  "/link/token/create": linkTokenCreateSchema,
  "/link/token/get": z.object({ link_token: id() }),
  "/user/create": z.object({ client_user_id: z.string().min(1).max(128) }),
  "/sandbox/public_token/create": publicTokenCreateSchema,
  "/item/public_token/exchange": z.object({ public_token: id() }),
  "/accounts/get": z.object({ ...accessTokenRequest, options: accountOptions.optional() }),
  "/accounts/balance/get": z.object({
    ...accessTokenRequest,
    options: z.object({ account_ids: z.array(z.string()).optional(), min_last_updated_datetime: dateTime().optional() }).optional(),
  }),
  "/auth/get": z.object({ ...accessTokenRequest, options: accountOptions.optional() }),
  "/item/get": z.object(accessTokenRequest),
  "/item/remove": z.object({
    ...accessTokenRequest,
    reason_code: z
      .enum(["FRAUD_FIRST_PARTY", "FRAUD_FALSE_IDENTITY", "FRAUD_ABUSE", "FRAUD_OTHER", "CONNECTION_IS_NON_FUNCTIONAL", "OTHER"])
      .optional(),
    reason_note: z.string().max(512).optional(),
  }),
  "/webhook_verification_key/get": z.object({ key_id: id() }),
  "/transfer/authorization/create": authorizationCreateSchema,
  "/transfer/create": transferCreateSchema,
  "/transfer/get": transferGetSchema,
  "/transfer/list": transferListSchema,
  "/transfer/cancel": z.object({ transfer_id: id(), reason_code: z.enum(CANCEL_REASON_CODES).optional() }),
  "/transfer/event/sync": z.object({
    after_id: z.int().min(0),
    count: z.int().min(EVENT_SYNC_COUNT.min).max(EVENT_SYNC_COUNT.max).optional(),
  }),
  "/transfer/ledger/get": z.object({ ledger_id: z.string().optional(), originator_client_id: notModelled("Transfer for Platforms").optional() }),
  "/sandbox/transfer/simulate": simulateSchema,
  "/sandbox/transfer/ledger/simulate_available": z.object({
    ledger_id: z.string().optional(),
    webhook: url().optional(),
    originator_client_id: notModelled("Transfer for Platforms").optional(),
    test_clock_id: notModelled("test clocks").optional(),
  }),
  "/sandbox/transfer/fire_webhook": z.object({ webhook: url() }),
  "/sandbox/item/reset_login": z.object(accessTokenRequest),
  "/sandbox/item/fire_webhook": z.object({
    ...accessTokenRequest,
    webhook_type: z.enum(FIRE_WEBHOOK_TYPES).optional(),
    webhook_code: z.enum(FIRE_WEBHOOK_CODES),
  }),
  "/sandbox/faults/set": faultRulesSchema,
  /** The sandbox bank's own (not Plaid's): a return after settlement, which Plaid's simulator cannot make (README). */
  "/sandbox/transfer/late_return": z.object({
    transfer_id: id(),
    failure_reason: z.looseObject({ failure_code: z.string().optional(), description: z.string().optional() }).optional(),
    webhook: url().optional(),
  }),
};

export type AuthorizationRequest = z.infer<typeof authorizationCreateSchema>;
export type TransferCreateRequest = z.infer<typeof transferCreateSchema>;
export type LinkTokenCreateRequest = z.infer<typeof linkTokenCreateSchema>;
export type SimulateRequest = z.infer<typeof simulateSchema>;
export type TransferListRequest = z.infer<typeof transferListSchema>;

// ---- From zod's issues to Plaid's envelope ----------------------------------------------------------------------------

/** The body with every null member of an object removed (null reads as "not sent"). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (member !== null) out[key] = withoutNulls(member);
  return out;
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** `user.legal_name`, `country_codes[0]`, `metadata.rosca_key`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), "");
}

const ARTICLE: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  record: "an object",
};

/** What is wrong with a field, in words that follow its name ("amount must be …"). */
function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `must be ${ARTICLE[issue.expected] ?? issue.expected}`;
    case "too_big":
      if (issue.origin === "string") return `must be at most ${issue.maximum} characters`;
      if (issue.origin === "array") return `must have at most ${issue.maximum} items`;
      return `must be at most ${issue.maximum}`;
    case "too_small":
      if (issue.origin === "string") return `must be at least ${issue.minimum} characters`;
      if (issue.origin === "array") return `must have at least ${issue.minimum} item${issue.minimum === 1 ? "" : "s"}`;
      return `must be at least ${issue.minimum}`;
    case "invalid_value":
      return `must be one of ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      return issue.format === "datetime" ? "must be an RFC 3339 date-time such as 2019-12-06T22:35:49Z" : "has an invalid format";
    case "invalid_key":
      return "has an invalid key";
    default:
      return issue.message;
  }
}

/** Plaid's failure for a request that broke its schema: every missing field at once, else the first invalid one. */
export function schemaFailure(issues: readonly z.core.$ZodIssue[], body: unknown): PlaidFailure {
  const missingFields: string[] = [];
  for (const issue of issues) {
    const value = valueAt(body, issue.path);
    // A field zod complains about that is not there at all (whatever it expected of it) is a missing one.
    const absent =
      value === undefined ||
      (issue.code === "too_small" && issue.origin === "string" && value === "") ||
      (issue.code === "custom" && (issue.params as { missing?: boolean } | undefined)?.missing === true);
    if (absent && !missingFields.includes(fieldPath(issue.path))) missingFields.push(fieldPath(issue.path));
  }
  if (missingFields.length > 0) return plaidErrors.missingFields(missingFields);
  const first = issues[0]!;
  return plaidErrors.invalidField(`${fieldPath(first.path)} ${describe(first)}`);
}

/**
 * The request checked against its endpoint's schema: the body as the endpoint should read it (nulls dropped, members
 * the schema does not name left out), or the Plaid failure to answer with. Endpoints without a schema get the body
 * unchanged.
 */
export function parseRequest(path: string, body: Record<string, unknown>): Record<string, unknown> {
  const schema = REQUEST_SCHEMAS[path];
  if (!schema) return body;
  const cleaned = withoutNulls(body);
  const result = schema.safeParse(cleaned);
  if (!result.success) throw schemaFailure(result.error.issues, cleaned);
  return result.data as Record<string, unknown>;
}
