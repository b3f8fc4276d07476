/**
 * Plaid's wire format as the sandbox bank speaks it: error bodies, money on the wire, the sandbox institutions and
 * credentials, and the transfer state machine. Pure functions; the HTTP server and the tests use them.
 *
 * Error types and codes are Plaid's (plaid.com/docs/errors). Every error answers with a 4xx/5xx status, because the
 * plaid SDK (axios) rejects non-2xx and the app relies on that.
 */
import { randomBytes } from "node:crypto";

export type PlaidErrorBody = {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
  request_id: string;
  causes: unknown[];
  documentation_url: string;
  suggested_action: string | null;
};

/** A Plaid error to answer with; request_id is added when it is sent. */
export class PlaidFailure extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    readonly errorCode: string,
    message: string,
    readonly displayMessage: string | null = null,
  ) {
    super(message);
  }

  body(requestId: string): PlaidErrorBody {
    return {
      error_type: this.errorType,
      error_code: this.errorCode,
      error_message: this.message,
      display_message: this.displayMessage,
      request_id: requestId,
      causes: [],
      // No `status`: Plaid's PlaidError has it "only ... when the error information is provided via a webhook"; the
      // HTTP status says it here.
      documentation_url: `https://plaid.com/docs/errors/`,
      suggested_action: null,
    };
  }
}

/** Plaid's message for an item whose login must be renewed (errors/item#item_login_required). */
export const ITEM_LOGIN_REQUIRED_MESSAGE =
  "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state";

export const plaidErrors = {
  invalidApiKeys: () => new PlaidFailure(400, "INVALID_INPUT", "INVALID_API_KEYS", "invalid client_id or secret provided"),
  /** Plaid's Invalid Input error for a product not enabled on the client (plaid.com/docs/errors/invalid-input). */
  invalidProduct: (products: string[]) =>
    new PlaidFailure(
      400,
      "INVALID_INPUT",
      "INVALID_PRODUCT",
      `client is not authorized to access the following products: ${JSON.stringify(products)}`,
    ),
  missingFields: (fields: string[]) =>
    new PlaidFailure(400, "INVALID_REQUEST", "MISSING_FIELDS", `the following required fields are missing: ${fields.join(", ")}`),
  invalidField: (message: string) => new PlaidFailure(400, "INVALID_REQUEST", "INVALID_FIELD", message),
  /** plaid.com/docs/errors/user: a `user_id` that was never made with /user/create (or was removed). */
  userNotFound: () =>
    new PlaidFailure(
      400,
      "USER_ERROR",
      "USER_NOT_FOUND",
      "The User you requested cannot be found. This User does not exist or has had access removed by the user.",
    ),
  invalidBody: () => new PlaidFailure(400, "INVALID_REQUEST", "INVALID_BODY", "body could not be parsed as JSON"),
  notFound: (path: string) => new PlaidFailure(404, "INVALID_REQUEST", "NOT_FOUND", `the sandbox bank has no endpoint ${path}`),
  methodNotAllowed: () => new PlaidFailure(405, "INVALID_REQUEST", "INVALID_HTTP_METHOD", "all Plaid API endpoints accept POST only"),
  invalidAccessToken: () =>
    new PlaidFailure(400, "INVALID_INPUT", "INVALID_ACCESS_TOKEN", "provided access token is in an invalid format or does not exist"),
  itemNotFound: () => new PlaidFailure(400, "ITEM_ERROR", "ITEM_NOT_FOUND", "the requested item was not found or has been removed"),
  itemLoginRequired: () => new PlaidFailure(400, "ITEM_ERROR", "ITEM_LOGIN_REQUIRED", ITEM_LOGIN_REQUIRED_MESSAGE),
  invalidPublicToken: (reason: "unknown" | "used" | "expired" | "update") =>
    new PlaidFailure(
      400,
      "INVALID_INPUT",
      "INVALID_PUBLIC_TOKEN",
      reason === "expired"
        ? "provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged"
        : reason === "used"
          ? "provided public token has already been exchanged. Public tokens are single use"
          : reason === "update"
            ? "provided public token comes from Link's update mode: the item's access token is unchanged and still valid, so there is nothing to exchange"
            : "provided public token is in an invalid format or does not exist",
    ),
  invalidLinkToken: (reason: "unknown" | "expired") =>
    new PlaidFailure(
      400,
      "INVALID_INPUT",
      "INVALID_LINK_TOKEN",
      reason === "expired" ? "provided link token is expired" : "provided link token is in an invalid format or does not exist",
    ),
  invalidInstitution: (institutionId: string) =>
    new PlaidFailure(400, "INVALID_INPUT", "INVALID_INSTITUTION", `invalid institution_id provided: ${institutionId}`),
  invalidAccountId: () => new PlaidFailure(400, "INVALID_INPUT", "INVALID_ACCOUNT_ID", "one or more of the account IDs is invalid"),
  invalidWebhookKeyId: () => new PlaidFailure(400, "INVALID_INPUT", "INVALID_WEBHOOK_VERIFICATION_KEY_ID", "invalid key_id provided"),
  transferNotFound: () => new PlaidFailure(400, "INVALID_INPUT", "TRANSFER_NOT_FOUND", "transfer not found"),
  authorizationNotFound: () => new PlaidFailure(400, "INVALID_REQUEST", "INVALID_FIELD", "authorization_id does not exist"),
  authorizationDeclined: () =>
    new PlaidFailure(
      400,
      "TRANSFER_ERROR",
      "TRANSFER_FORBIDDEN_AUTHORIZATION_DECLINED",
      "a transfer cannot be created from a declined authorization",
    ),
  authorizationNeedsUser: () =>
    new PlaidFailure(
      400,
      "TRANSFER_ERROR",
      "TRANSFER_FORBIDDEN_AUTHORIZATION_DECLINED",
      "a transfer cannot be created from an authorization whose decision is user_action_required: repair the item through Link's update mode, then authorize again",
    ),
  /**
   * Plaid documents that an unused authorization expires after one hour, but no error code for using it afterwards;
   * INVALID_FIELD on authorization_id is our choice (README, "Where Plaid's documentation is silent").
   */
  authorizationExpired: () =>
    new PlaidFailure(
      400,
      "INVALID_REQUEST",
      "INVALID_FIELD",
      "authorization_id has expired: an authorization must be used within one hour of its creation; create a new authorization",
    ),
  authorizationMismatch: (field: string) => new PlaidFailure(400, "INVALID_REQUEST", "INVALID_FIELD", `${field} does not match the authorization`),
  transferAccountUnsupported: () =>
    new PlaidFailure(
      400,
      "TRANSFER_ERROR",
      "TRANSFER_UNSUPPORTED_ACCOUNT_TYPE",
      "transfers are only supported for depository checking and savings accounts",
    ),
  transferAccountBlocked: () =>
    new PlaidFailure(400, "TRANSFER_ERROR", "TRANSFER_ACCOUNT_BLOCKED", "transfer was blocked due to a previous ACH return on this account"),
  transferNotCancellable: () => new PlaidFailure(400, "TRANSFER_ERROR", "TRANSFER_NOT_CANCELLABLE", "transfer is not cancellable"),
  transitionInvalid: (from: string, to: string, why = "") =>
    new PlaidFailure(
      400,
      "SANDBOX_ERROR",
      "SANDBOX_TRANSFER_EVENT_TRANSITION_INVALID",
      `the transfer cannot move from ${from} to ${to}${why ? `: ${why}` : ""}`,
    ),
  sandboxProductNotEnabled: (product: string) =>
    new PlaidFailure(400, "SANDBOX_ERROR", "SANDBOX_PRODUCT_NOT_ENABLED", `The ${product} product is not enabled on this item`),
  sandboxWebhookInvalid: () =>
    new PlaidFailure(
      400,
      "SANDBOX_ERROR",
      "SANDBOX_WEBHOOK_INVALID",
      "Webhook for this item is either not set up, or invalid. Please update the item's webhook and try again.",
    ),
  /** Plaid's rate-limit errors never carry a display message (errors/rate-limit-exceeded). */
  rateLimit: (code: string) =>
    new PlaidFailure(429, "RATE_LIMIT_EXCEEDED", code, "rate limit exceeded for attempts to access this item. please try again later"),
  /** Plaid's INTERNAL_SERVER_ERROR; `status` lets a fault stand for a 502/503/504 from Plaid's edge (faults.ts). */
  internal: (status = 500) =>
    new PlaidFailure(
      status,
      "API_ERROR",
      "INTERNAL_SERVER_ERROR",
      "an unexpected error occurred",
      "An unexpected error occurred. Please try again later.",
    ),
};

/**
 * Plaid's RATE_LIMIT_EXCEEDED error codes (errors/rate-limit-exceeded), and the one each of our endpoints answers
 * with; an endpoint not listed answers RATE_LIMIT.
 */
export const RATE_LIMIT_CODES = [
  "ACCOUNTS_LIMIT",
  "ACCOUNTS_BALANCE_GET_LIMIT",
  "AUTH_LIMIT",
  "BALANCE_LIMIT",
  "IDENTITY_LIMIT",
  "INSTITUTIONS_GET_LIMIT",
  "INSTITUTIONS_GET_BY_ID_LIMIT",
  "INVESTMENT_HOLDINGS_GET_LIMIT",
  "INVESTMENT_TRANSACTIONS_LIMIT",
  "ITEM_GET_LIMIT",
  "RATE_LIMIT",
  "TRANSACTIONS_LIMIT",
  "TRANSACTIONS_SYNC_LIMIT",
] as const;

export const ENDPOINT_RATE_LIMIT_CODES: Record<string, (typeof RATE_LIMIT_CODES)[number]> = {
  "/accounts/get": "ACCOUNTS_LIMIT",
  "/accounts/balance/get": "ACCOUNTS_BALANCE_GET_LIMIT",
  "/auth/get": "AUTH_LIMIT",
  "/item/get": "ITEM_GET_LIMIT",
};

export function rateLimitCodeFor(path: string): string {
  return ENDPOINT_RATE_LIMIT_CODES[path] ?? "RATE_LIMIT";
}

// ---- Money ---------------------------------------------------------------------------------------------------------

/** Cents → Plaid's transfer amount, a decimal string with two places ("10.00"). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Cents → a balance as Plaid sends it, a JSON number in currency units (10000 → 100). */
export function centsToBalance(cents: number): number {
  return cents / 100;
}

/**
 * Plaid's transfer amount ("10", "10.5", "10.00") → cents. Anything else (more than two places, signs, exponents,
 * zero) is null: parsed as text, never through floating point.
 */
export function decimalToCents(amount: unknown): number | null {
  if (typeof amount !== "string") return null;
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

// ---- Sandbox institutions and credentials --------------------------------------------------------------------------

export type Institution = { institutionId: string; name: string; routingNumber: string };

/** Plaid's sandbox institutions (non-OAuth), with the routing numbers their sandbox auth data uses. */
export const INSTITUTIONS: readonly Institution[] = [
  { institutionId: "ins_109508", name: "First Platypus Bank", routingNumber: "011401533" },
  { institutionId: "ins_109509", name: "First Gingham Credit Union", routingNumber: "011401533" },
  { institutionId: "ins_109511", name: "Tartan Bank", routingNumber: "011401533" },
];

export function findInstitution(institutionId: unknown): Institution | undefined {
  return INSTITUTIONS.find((institution) => institution.institutionId === institutionId);
}

/** One account a sandbox login finds. routingNumber null means the institution's routing number. */
export type SandboxAccount = {
  name: string;
  officialName: string | null;
  type: "depository";
  subtype: "checking" | "savings";
  mask: string;
  accountNumber: string;
  routingNumber: string | null;
  availableCents: number;
  currentCents: number;
};

/** What user_good / pass_good finds at every sandbox institution, as Plaid's sandbox has it. */
export const ACCOUNT_TEMPLATES: readonly SandboxAccount[] = [
  {
    name: "Plaid Checking",
    officialName: "Plaid Gold Standard 0% Interest Checking",
    type: "depository",
    subtype: "checking",
    mask: "0000",
    accountNumber: "1111222233330000",
    routingNumber: null,
    availableCents: 10_000,
    currentCents: 11_000,
  },
  {
    name: "Plaid Saving",
    officialName: "Plaid Silver Standard 0.1% Interest Saving",
    type: "depository",
    subtype: "savings",
    mask: "1111",
    accountNumber: "1111222233331111",
    routingNumber: null,
    availableCents: 20_000,
    currentCents: 21_000,
  },
];

export const WIRE_ROUTING_NUMBER = "021000021";

export const SANDBOX_USERNAME = "user_good";
export const SANDBOX_PASSWORD = "pass_good";

/** The errors a sandbox password `error_<CODE>` can trigger at login (Plaid: "Test credentials for errors"). */
const LOGIN_ERRORS: Record<string, { status: number; type: string; message: string; display: string }> = {
  INVALID_CREDENTIALS: {
    status: 400,
    type: "ITEM_ERROR",
    message: "the provided credentials were not correct",
    display: "The provided credentials were not correct. Please try again.",
  },
  INVALID_MFA: {
    status: 400,
    type: "ITEM_ERROR",
    message: "the provided MFA response(s) were not correct",
    display: "The provided MFA responses were not correct. Please try again.",
  },
  ITEM_LOCKED: {
    status: 400,
    type: "ITEM_ERROR",
    message: "the account is locked. prompt the user to visit the institution's site and unlock their account",
    display: "The given credentials belong to a locked account. Please reset your credentials with your financial institution.",
  },
  ITEM_NOT_SUPPORTED: {
    status: 400,
    type: "ITEM_ERROR",
    message: "this item is not supported by Plaid",
    display: "Connecting this account is not currently supported.",
  },
  USER_SETUP_REQUIRED: {
    status: 400,
    type: "ITEM_ERROR",
    message: "the account has not been fully set up. prompt the user to visit the issuing institution's site and finish the setup process",
    display: "The given account requires you to take an action with your financial institution.",
  },
  NO_ACCOUNTS: {
    status: 400,
    type: "ITEM_ERROR",
    message: "no valid accounts were found for this item",
    display: "No valid accounts were found at the financial institution.",
  },
  INSTITUTION_DOWN: {
    status: 400,
    type: "INSTITUTION_ERROR",
    message: "this institution is not currently responding to this request. please try again soon",
    display: "This financial institution is not currently available. Please try again later.",
  },
  INSTITUTION_NOT_RESPONDING: {
    status: 400,
    type: "INSTITUTION_ERROR",
    message: "this institution is not currently responding to this request. please try again soon",
    display: "This financial institution is not currently available. Please try again later.",
  },
  INTERNAL_SERVER_ERROR: {
    status: 500,
    type: "API_ERROR",
    message: "an unexpected error occurred",
    display: "An unexpected error occurred. Please try again later.",
  },
};

export const LOGIN_ERROR_CODES = Object.keys(LOGIN_ERRORS);

/** Plaid's custom sandbox user: this username, with a JSON configuration as the password. */
export const CUSTOM_USERNAME = "user_custom";

const CUSTOM_TOP_LEVEL_KEYS = ["override_accounts", "version", "seed"];
const CUSTOM_ACCOUNT_KEYS = ["type", "subtype", "starting_balance", "meta", "numbers"];
const CUSTOM_META_KEYS = ["name", "official_name", "mask"];
const CUSTOM_NUMBERS_KEYS = ["account", "ach_routing"];
const CUSTOM_MAX_ACCOUNTS = 10;
/** Plaid's default names for the two subtypes Transfer can use. */
const CUSTOM_DEFAULTS: Record<SandboxAccount["subtype"], { name: string; officialName: string }> = {
  checking: { name: "Plaid Checking", officialName: "Plaid Gold Standard 0% Interest Checking" },
  savings: { name: "Plaid Saving", officialName: "Plaid Silver Standard 0.1% Interest Saving" },
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function unknownKey(value: Record<string, unknown>, allowed: string[]): string | undefined {
  return Object.keys(value).find((key) => !allowed.includes(key));
}

/** A 9-digit ABA routing number with a valid check digit (3-7-1 weights). */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = value.split("").map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** Dollars (a JSON number, at most two decimal places) → cents; null when it is not such a number. */
function dollarsToCents(value: unknown): number | null {
  if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) > 1e10) return null;
  const cents = Math.round(value * 100);
  return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
}

/**
 * Parses a user_custom password: Plaid's custom-user JSON, in the subset the sandbox bank models.
 *
 *   { "version"?: "1" | "2", "seed"?: string,
 *     "override_accounts": [ { "type": "depository", "subtype"?: "checking" | "savings",
 *                              "starting_balance"?: number (dollars),
 *                              "meta"?: { "name"?: string, "official_name"?: string, "mask"?: string },
 *                              "numbers"?: { "account"?: string, "ach_routing"?: string } }, … ] }
 *
 * Each override is one account, in order. starting_balance is the current balance (Plaid's definition) and also the
 * available balance (default 0); subtype defaults to checking; name / official name default to Plaid's
 * "Plaid Checking" / "Plaid Saving" ones; the account number defaults to 1111222233330000, …0001, … by position; the
 * mask defaults to the account number's last four digits; ach_routing defaults to the institution's. Anything else —
 * other fields, types or subtypes — is refused rather than silently ignored. Returns the accounts or why it refused.
 */
export function parseCustomUser(password: string): { ok: true; accounts: SandboxAccount[] } | { ok: false; reason: string } {
  let config: unknown;
  try {
    config = JSON.parse(password);
  } catch {
    return { ok: false, reason: "the password is not valid JSON" };
  }
  if (!isPlainObject(config)) return { ok: false, reason: "the configuration must be a JSON object" };
  const extra = unknownKey(config, CUSTOM_TOP_LEVEL_KEYS);
  if (extra) return { ok: false, reason: `unsupported field ${extra}` };
  if (config.version !== undefined && config.version !== "1" && config.version !== "2") {
    return { ok: false, reason: 'version must be "1" or "2"' };
  }
  if (config.seed !== undefined && typeof config.seed !== "string") return { ok: false, reason: "seed must be a string" };
  const overrides = config.override_accounts;
  if (!Array.isArray(overrides) || overrides.length === 0) {
    return { ok: false, reason: "override_accounts must be a non-empty array (random accounts are not modelled)" };
  }
  if (overrides.length > CUSTOM_MAX_ACCOUNTS) return { ok: false, reason: `at most ${CUSTOM_MAX_ACCOUNTS} override_accounts` };
  const accounts: SandboxAccount[] = [];
  for (const [index, override] of overrides.entries()) {
    const at = `override_accounts[${index}]`;
    if (!isPlainObject(override)) return { ok: false, reason: `${at} must be an object` };
    const extraKey = unknownKey(override, CUSTOM_ACCOUNT_KEYS);
    if (extraKey) return { ok: false, reason: `unsupported field ${at}.${extraKey}` };
    if (override.type !== "depository") return { ok: false, reason: `${at}.type must be depository` };
    const subtype = override.subtype ?? "checking";
    if (subtype !== "checking" && subtype !== "savings") return { ok: false, reason: `${at}.subtype must be checking or savings` };
    const balanceCents = override.starting_balance === undefined ? 0 : dollarsToCents(override.starting_balance);
    if (balanceCents === null) return { ok: false, reason: `${at}.starting_balance must be a number with at most two decimal places` };

    const meta = override.meta ?? {};
    if (!isPlainObject(meta)) return { ok: false, reason: `${at}.meta must be an object` };
    const extraMeta = unknownKey(meta, CUSTOM_META_KEYS);
    if (extraMeta) return { ok: false, reason: `unsupported field ${at}.meta.${extraMeta}` };
    for (const key of CUSTOM_META_KEYS) {
      if (meta[key] !== undefined && typeof meta[key] !== "string") return { ok: false, reason: `${at}.meta.${key} must be a string` };
    }
    if (meta.name === "") return { ok: false, reason: `${at}.meta.name must not be empty` };
    // Plaid: "an empty string or a string of 2-4 alphanumeric characters".
    if (meta.mask !== undefined && !/^(?:[A-Za-z0-9]{2,4})?$/.test(meta.mask as string)) {
      return { ok: false, reason: `${at}.meta.mask must be empty or 2-4 alphanumeric characters` };
    }

    const numbers = override.numbers ?? {};
    if (!isPlainObject(numbers)) return { ok: false, reason: `${at}.numbers must be an object` };
    const extraNumbers = unknownKey(numbers, CUSTOM_NUMBERS_KEYS);
    if (extraNumbers) return { ok: false, reason: `unsupported field ${at}.numbers.${extraNumbers}` };
    if (numbers.account !== undefined && (typeof numbers.account !== "string" || !/^\d{4,17}$/.test(numbers.account))) {
      return { ok: false, reason: `${at}.numbers.account must be 4-17 digits` };
    }
    if (numbers.ach_routing !== undefined && (typeof numbers.ach_routing !== "string" || !isValidRoutingNumber(numbers.ach_routing))) {
      return { ok: false, reason: `${at}.numbers.ach_routing must be a valid 9-digit ACH routing number` };
    }

    const accountNumber = (numbers.account as string | undefined) ?? `111122223333${String(index).padStart(4, "0")}`;
    accounts.push({
      name: (meta.name as string | undefined) ?? CUSTOM_DEFAULTS[subtype].name,
      officialName: (meta.official_name as string | undefined) ?? CUSTOM_DEFAULTS[subtype].officialName,
      type: "depository",
      subtype,
      mask: (meta.mask as string | undefined) ?? accountNumber.slice(-4),
      accountNumber,
      routingNumber: (numbers.ach_routing as string | undefined) ?? null,
      availableCents: balanceCents,
      currentCents: balanceCents,
    });
  }
  return { ok: true, accounts };
}

function invalidCredentials(): PlaidFailure {
  const invalid = LOGIN_ERRORS.INVALID_CREDENTIALS!;
  return new PlaidFailure(invalid.status, invalid.type, "INVALID_CREDENTIALS", invalid.message, invalid.display);
}

/**
 * Sandbox credentials: user_good / pass_good logs in with ACCOUNT_TEMPLATES; user_custom with a JSON configuration as
 * the password logs in with the accounts it describes (parseCustomUser); a password `error_<CODE>` (any username)
 * fails with that code; anything else — a user_custom configuration that is not JSON or not supported included, as
 * Plaid answers a malformed one — is INVALID_CREDENTIALS. `retryable` tells the Link UI it may ask again (a typo)
 * rather than exit. `reason` (never sent on the wire, where Plaid's message is generic) says what was wrong with a
 * custom configuration.
 */
export function checkCredentials(
  username: unknown,
  password: unknown,
): { ok: true; accounts: readonly SandboxAccount[] } | { ok: false; failure: PlaidFailure; retryable: boolean; reason?: string } {
  if (typeof password === "string" && password.startsWith("error_")) {
    const code = password.slice("error_".length);
    const known = LOGIN_ERRORS[code];
    if (known) return { ok: false, retryable: false, failure: new PlaidFailure(known.status, known.type, code, known.message, known.display) };
  }
  if (username === SANDBOX_USERNAME && password === SANDBOX_PASSWORD) return { ok: true, accounts: ACCOUNT_TEMPLATES };
  if (username === CUSTOM_USERNAME && typeof password === "string") {
    const custom = parseCustomUser(password);
    if (custom.ok) return { ok: true, accounts: custom.accounts };
    return { ok: false, retryable: true, failure: invalidCredentials(), reason: custom.reason };
  }
  return { ok: false, retryable: true, failure: invalidCredentials() };
}

// ---- Transfers ------------------------------------------------------------------------------------------------------

export type TransferStatus = "pending" | "posted" | "settled" | "funds_available" | "failed" | "returned" | "cancelled";

/**
 * The moves /sandbox/transfer/simulate may make: exactly the ones Plaid's description of SandboxTransferSimulateRequest
 * lists ("Compatible status --> event type transitions include: pending --> failed, pending --> posted, posted -->
 * returned, posted --> settled, settled --> funds_available (only applicable to ACH debits.)"). Each is made once: a
 * transfer never goes back, and failed, returned and cancelled are final. A debit is returned from `posted` only, not
 * from settled or funds_available (ADR 049). `cancelled` is reached through /transfer/cancel only (canCancel).
 */
export const TRANSITIONS: Readonly<Record<TransferStatus, readonly TransferStatus[]>> = {
  pending: ["posted", "failed"],
  posted: ["settled", "returned"],
  settled: ["funds_available"],
  funds_available: [],
  failed: [],
  returned: [],
  cancelled: [],
};

/** The event types /sandbox/transfer/simulate accepts (its documented list). */
export const SIMULATED_EVENTS = ["posted", "settled", "failed", "funds_available", "returned"] as const;

/** Why a simulated move is refused, or null when it is allowed for a transfer of this type. */
export function transitionRefusal(transferType: string, from: string, to: string): string | null {
  if (!(TRANSITIONS[from as TransferStatus] ?? []).includes(to as TransferStatus)) return "";
  if (transferType !== "debit" && (to === "funds_available" || from === "funds_available")) {
    return "funds_available applies to ACH debits only; a credit ends at settled";
  }
  return null;
}

export function canTransition(transferType: string, from: string, to: string): boolean {
  return transitionRefusal(transferType, from, to) === null;
}

/** A transfer can be cancelled until it is sent to the network: while it is pending (Plaid's `cancellable`). */
export function canCancel(status: string): boolean {
  return status === "pending";
}

/** The statuses in which a transfer's money has moved (it settled and was not returned). */
const MONEY_MOVED: readonly string[] = ["settled", "funds_available"];

/**
 * How a move from `from` to `to` changes the end user's account (available and current alike), in cents. A debit
 * pulls money from the user's account, a credit pays into it; the money moves when the transfer settles. A return
 * after settlement (from settled or funds_available) moves it back: a returned debit gives the amount back, a returned
 * credit takes it back. A return from posted, a cancellation, and every other move, change nothing.
 */
export function balanceChangeCents(transferType: string, from: string, to: string, amountCents: number): number {
  const sign = transferType === "debit" ? -1 : 1;
  if (to === "settled" && !MONEY_MOVED.includes(from)) return sign * amountCents;
  if (to === "returned" && MONEY_MOVED.includes(from)) return -sign * amountCents;
  return 0;
}

/** A change of the Plaid Ledger's two balances, in cents. */
export type LedgerChange = { availableCents: number; pendingCents: number };

/**
 * How a transfer changes the client's Plaid Ledger (Plaid's "flow of funds"): a debit's amount is `pending` from the
 * moment the transfer is made (`from` null) until funds_available moves it to `available`; a debit that fails, is
 * cancelled or is returned before then leaves pending, one returned after funds_available is clawed back from
 * available (which may go below zero, as at Plaid). A credit is paid from `available` when it is made and its amount
 * comes back if it fails, is cancelled or is returned.
 */
export function ledgerChange(transferType: string, from: string | null, to: string, amountCents: number): LedgerChange {
  const none = { availableCents: 0, pendingCents: 0 };
  if (transferType === "debit") {
    if (from === null) return { availableCents: 0, pendingCents: amountCents };
    if (to === "funds_available") return { availableCents: amountCents, pendingCents: -amountCents };
    if (to === "failed" || to === "cancelled") return { availableCents: 0, pendingCents: -amountCents };
    if (to === "returned") {
      return from === "funds_available" ? { availableCents: -amountCents, pendingCents: 0 } : { availableCents: 0, pendingCents: -amountCents };
    }
    return none;
  }
  if (from === null) return { availableCents: -amountCents, pendingCents: 0 };
  if (to === "failed" || to === "cancelled" || to === "returned") return { availableCents: amountCents, pendingCents: 0 };
  return none;
}

/** Plaid's NACHA return codes the simulator accepts, with the description that goes with them. */
export const ACH_RETURN_CODES: Record<string, string> = {
  R01: "Insufficient funds",
  R02: "Account closed",
  R03: "No account or unable to locate account",
  R04: "Invalid account number structure",
  R05: "Unauthorized debit to consumer account using corporate SEC code",
  R07: "Authorization revoked by customer",
  R08: "Payment stopped",
  R09: "Uncollected funds",
  R10: "Customer advises not authorized, improper, ineligible, or part of an incomplete transaction",
  R16: "Account frozen",
  R20: "Non-transaction account",
  R29: "Corporate customer advises not authorized",
};

/**
 * Returns after which Plaid flags the end user's account as not valid for Transfer: every later authorization on it
 * is refused with TRANSFER_ACCOUNT_BLOCKED (closed, missing, malformed, frozen or non-transaction accounts).
 */
export const BLOCKING_RETURN_CODES: readonly string[] = ["R02", "R03", "R04", "R16", "R20"];

// ---- Authorizations --------------------------------------------------------------------------------------------------

/** "The transfer authorization will expire if not used after one hour." */
export const AUTHORIZATION_TTL_MS = 60 * 60 * 1000;
/** "This idempotency key expires after 48 hours, after which the same key can be reused." */
export const IDEMPOTENCY_KEY_TTL_MS = 48 * 60 * 60 * 1000;

/**
 * Whether a request with an idempotency key gets the authorization the key already has: yes for 48 hours after it
 * was made, unless its decision was user_action_required ("Idempotency does not apply to authorizations whose
 * decisions are user_action_required"), which the user is expected to fix and then authorize again with the same key.
 */
export function idempotencyKeyHolds(authorization: { decision: string; createdAt: Date }, now: Date): boolean {
  return authorization.decision !== "user_action_required" && now.getTime() - authorization.createdAt.getTime() < IDEMPOTENCY_KEY_TTL_MS;
}

export function authorizationExpired(authorization: { createdAt: Date }, now: Date): boolean {
  return now.getTime() - authorization.createdAt.getTime() >= AUTHORIZATION_TTL_MS;
}

export type Decision = { decision: "approved" | "declined" | "user_action_required"; code: string | null; description: string | null };

export const DECISION_DESCRIPTIONS = {
  NSF: "Transaction likely to result in a return due to insufficient funds.",
  LEDGER_NSF: "Insufficient funds in the Ledger's available balance to cover this credit.",
  RISK: "Transaction is high-risk.",
} as const;

/**
 * The decision Plaid's sandbox documents for /transfer/authorization/create, in this order: user_action_required
 * while the item's login must be renewed (decision_rationale null); declined TRANSFER_LIMIT_REACHED above the
 * client's single-transfer limit; for a debit, declined RISK when the account's available balance is exactly $0 and
 * NSF when it is below the amount; for a credit, NSF when the Plaid Ledger's available balance is below the amount
 * (credits are paid from it); approved otherwise.
 */
export function authorizationDecision(input: {
  type: "debit" | "credit";
  amountCents: number;
  loginRequired: boolean;
  accountAvailableCents: number;
  ledgerAvailableCents: number;
  limits: { maxSingleDebitCents: number; maxSingleCreditCents: number };
}): Decision {
  if (input.loginRequired) return { decision: "user_action_required", code: null, description: null };
  const limit = input.type === "debit" ? input.limits.maxSingleDebitCents : input.limits.maxSingleCreditCents;
  if (input.amountCents > limit) {
    return {
      decision: "declined",
      code: "TRANSFER_LIMIT_REACHED",
      description: `The amount exceeds the maximum single ${input.type} transfer amount of $${centsToDecimal(limit)}.`,
    };
  }
  if (input.type === "debit") {
    if (input.accountAvailableCents === 0) return { decision: "declined", code: "RISK", description: DECISION_DESCRIPTIONS.RISK };
    if (input.accountAvailableCents < input.amountCents) return { decision: "declined", code: "NSF", description: DECISION_DESCRIPTIONS.NSF };
  } else if (input.ledgerAvailableCents < input.amountCents) {
    return { decision: "declined", code: "NSF", description: DECISION_DESCRIPTIONS.LEDGER_NSF };
  }
  return { decision: "approved", code: null, description: null };
}

// ---- Retries of returned debits --------------------------------------------------------------------------------------

/** Plaid: "Only transfers that were returned with code R01 or R09 may be retried", up to twice, within 180 days. */
export const RETRYABLE_RETURN_CODES: readonly string[] = ["R01", "R09"];
export const RETRY_WINDOW_MS = 180 * 24 * 60 * 60 * 1000;
export const RETRY_DESCRIPTIONS = ["Retry 1", "Retry 2"] as const;

/**
 * Which retry a description asks for: 1 or 2 for Plaid's exact "Retry 1" / "Retry 2", "invalid" for anything else
 * that reads as a retry ("retry 1", "Retry 3", "RETRY2"), null for an ordinary description. A description that looks
 * like a retry but is not one of the two is refused rather than passed off as an ordinary transfer.
 */
export function retryNumber(description: string): 1 | 2 | "invalid" | null {
  if (description === "Retry 1") return 1;
  if (description === "Retry 2") return 2;
  return /^\s*retry\s*\d*\s*$/i.test(description) ? "invalid" : null;
}

/** What the retry rules need of an earlier transfer of the same account. */
export type EarlierDebit = {
  transferId: string;
  type: string;
  amountCents: number;
  status: string;
  achReturnCode: string | null;
  description: string;
  retryOf: string | null;
  createdAt: Date;
};

/**
 * The original debit a "Retry 1" or "Retry 2" presents again, chosen among the earlier transfers of the same account
 * (`earlier`), or why there is none. "Retry 1" presents again a debit of the same amount that was returned with R01
 * or R09 and has not been retried yet; "Retry 2" presents it a third time, after its "Retry 1" was returned with R01
 * or R09 too. Both within 180 days of the original debit's creation. The most recent eligible original wins.
 */
export function retryTarget(
  retry: 1 | 2,
  request: { amountCents: number; now: Date },
  earlier: readonly EarlierDebit[],
): { ok: true; originalId: string } | { ok: false; reason: string } {
  const description = `Retry ${retry}`;
  const debits = earlier.filter((t) => t.type === "debit" && t.amountCents === request.amountCents);
  const byId = new Map(earlier.map((t) => [t.transferId, t]));
  const retried = (originalId: string, as: string) => earlier.some((t) => t.retryOf === originalId && t.description === as);
  const newestFirst = (a: EarlierDebit, b: EarlierDebit) => b.createdAt.getTime() - a.createdAt.getTime();
  // For "Retry 1" the candidates are originals; for "Retry 2", the "Retry 1"s of originals.
  const presented =
    retry === 1
      ? debits.filter((t) => t.retryOf === null && retryNumber(t.description) === null)
      : debits.filter((t) => t.retryOf !== null && t.description === "Retry 1");
  const what = retry === 1 ? "debit of this account and amount" : '"Retry 1" of this account and amount';
  if (presented.length === 0) {
    return {
      ok: false,
      reason:
        retry === 1
          ? `description "${description}" presents again a returned debit, and this account has no debit of this amount`
          : `description "${description}" must follow a "Retry 1" of the same account and amount, and there is none`,
    };
  }
  const returned = presented.filter((t) => t.status === "returned").sort(newestFirst);
  if (returned.length === 0) {
    return { ok: false, reason: `description "${description}" presents again a returned debit, and no ${what} has been returned` };
  }
  const retryable = returned.filter((t) => t.achReturnCode !== null && RETRYABLE_RETURN_CODES.includes(t.achReturnCode));
  if (retryable.length === 0) {
    return {
      ok: false,
      reason: `the ${what} was returned with ${returned[0]!.achReturnCode ?? "no return code"}, which may not be retried: only R01 and R09 returns may be presented again`,
    };
  }
  const originalOf = (t: EarlierDebit) => (t.retryOf === null ? t : byId.get(t.retryOf));
  const recent = retryable.filter((t) => {
    const original = originalOf(t);
    return original !== undefined && request.now.getTime() - original.createdAt.getTime() <= RETRY_WINDOW_MS;
  });
  if (recent.length === 0) {
    return { ok: false, reason: "a returned debit may be retried only within 180 days of the original debit's creation" };
  }
  const open = recent.filter((t) => !retried(originalOf(t)!.transferId, description));
  if (open.length === 0) return { ok: false, reason: `the returned debit has already been presented again as "${description}"` };
  return { ok: true, originalId: originalOf(open[0]!)!.transferId };
}

// ---- Identifiers ----------------------------------------------------------------------------------------------------

/** Random ids in Plaid's shapes: "access-sandbox-<uuid>", "public-sandbox-<uuid>", "link-sandbox-<uuid>", … */
export function sandboxToken(prefix: "access" | "public" | "link"): string {
  return `${prefix}-sandbox-${uuid()}`;
}

export function randomId(length = 37): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(length);
  let id = "";
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

export function uuid(): string {
  return globalThis.crypto.randomUUID();
}
