/**
 * Whether Plaid has enabled, for the configured keys, what the app needs (ADR 057): a missing setting is a clear
 * error for the operator (a log line at boot, a line on /readyz, the admin console's health section), never a silent
 * refusal of every member. Checked with documented endpoints the SDK has:
 *
 * - /link/token/create with the app's products (Auth, Transfer): Plaid answers INVALID_PRODUCT for a product not
 *   enabled on the client, and INVALID_API_KEYS for keys it does not accept.
 * - /transfer/ledger/get: payouts draw on the Plaid Ledger; INVALID_PRODUCT when Transfer is not enabled.
 *
 * A failure that says nothing about the settings (a timeout, a 500) is "Plaid could not be asked", not a missing
 * setting. The answer is kept 5 minutes, so the pages that show it do not ask Plaid on every view.
 */
import { env } from "../platform/env.server";
import { logger } from "../platform/log.server";
import { type BankFailure, plaidCall, plaidClient, plaidSdk } from "./plaid.server";

export type PlaidSettingProblem = { setting: string; message: string; code: string };

export type PlaidSettingsReport =
  | { state: "not-configured"; checkedAt: Date }
  | { state: "ok"; checkedAt: Date }
  | { state: "missing"; checkedAt: Date; problems: PlaidSettingProblem[] }
  | { state: "unreachable"; checkedAt: Date; message: string };

const KEEP_MS = 5 * 60 * 1000;
let last: PlaidSettingsReport | null = null;

/** Which Plaid environment the keys are for, in words. */
function where(): string {
  const config = env();
  return config.PLAID_ENV ? `Plaid's ${config.PLAID_ENV} environment` : "the sandbox bank";
}

/** What a refusal means for the operator, or null when it says nothing about the settings. */
function problemOf(failure: BankFailure, what: "link" | "ledger"): PlaidSettingProblem | null {
  if (failure.code === "INVALID_API_KEYS") {
    return {
      setting: "PLAID_CLIENT_ID / PLAID_SECRET",
      code: failure.code,
      message: `${where()} does not accept PLAID_CLIENT_ID and PLAID_SECRET (INVALID_API_KEYS): set the keys of this environment from Plaid's Dashboard. Until then no member can link a bank and no payment runs.`,
    };
  }
  if (failure.code === "INVALID_PRODUCT" && what === "link") {
    return {
      setting: "Plaid products: Auth and Transfer",
      code: failure.code,
      message: `${where()} refuses Link tokens for Auth and Transfer with these keys (INVALID_PRODUCT: ${failure.message}). Ask Plaid to enable Auth and Transfer for this client ID. Until then no member can link a bank.`,
    };
  }
  if (failure.code === "INVALID_PRODUCT") {
    return {
      setting: "Plaid Transfer and its Ledger",
      code: failure.code,
      message: `${where()} refuses Transfer with these keys (INVALID_PRODUCT: ${failure.message}). Ask Plaid to enable Transfer and the Plaid Ledger for this client ID. Until then no contribution is collected and no payout is sent.`,
    };
  }
  return null;
}

/** Ask Plaid now (and remember the answer). */
export async function checkPlaidSettings(now = new Date()): Promise<PlaidSettingsReport> {
  if (!plaidClient()) return remember({ state: "not-configured", checkedAt: now });
  const problems: PlaidSettingProblem[] = [];
  const link = await plaidCall((api) =>
    api.linkTokenCreate({
      client_name: "Rosca",
      language: "en",
      country_codes: [plaidSdk().CountryCode.Us],
      user: { client_user_id: "rosca-settings-check" },
      products: [plaidSdk().Products.Auth, plaidSdk().Products.Transfer],
    }),
  );
  if (!link.ok) {
    const problem = problemOf(link, "link");
    if (!problem) return remember({ state: "unreachable", checkedAt: now, message: `Plaid could not be asked (${link.code}: ${link.message})` });
    problems.push(problem);
    // Keys Plaid does not accept say all there is to say.
    if (link.code === "INVALID_API_KEYS") return remember({ state: "missing", checkedAt: now, problems });
  }
  const ledger = await plaidCall((api) => api.transferLedgerGet({}));
  if (!ledger.ok) {
    const problem = problemOf(ledger, "ledger");
    if (!problem && problems.length === 0) {
      return remember({ state: "unreachable", checkedAt: now, message: `Plaid could not be asked (${ledger.code}: ${ledger.message})` });
    }
    if (problem) problems.push(problem);
  }
  return remember(problems.length > 0 ? { state: "missing", checkedAt: now, problems } : { state: "ok", checkedAt: now });
}

function remember(report: PlaidSettingsReport): PlaidSettingsReport {
  last = report;
  return report;
}

/** The last answer while it is under 5 minutes old, else a new one. */
export async function plaidSettings(now = new Date()): Promise<PlaidSettingsReport> {
  if (last && now.getTime() - last.checkedAt.getTime() < KEEP_MS) return last;
  return checkPlaidSettings(now);
}

/** The last answer, without asking Plaid (null before the first check). */
export function lastPlaidSettings(): PlaidSettingsReport | null {
  return last;
}

/** One line for /readyz, or null when nothing is missing. */
export function plaidSettingsLine(report: PlaidSettingsReport | null): string | null {
  if (!report || report.state === "ok" || report.state === "not-configured") return null;
  if (report.state === "unreachable") return `Plaid settings unchecked: ${report.message}`;
  return `Plaid settings missing: ${report.problems.map((problem) => problem.message).join(" ")}`;
}

/** At boot: ask once and log what is missing, one error line per setting. Never throws. */
export async function checkPlaidSettingsAtBoot(): Promise<void> {
  try {
    const report = await checkPlaidSettings();
    if (report.state === "missing") {
      for (const problem of report.problems) {
        logger.error({ setting: problem.setting, code: problem.code }, `Plaid setting missing: ${problem.message}`);
      }
    } else if (report.state === "unreachable") {
      logger.warn(`Plaid settings unchecked at boot: ${report.message}`);
    } else if (report.state === "ok") {
      logger.info("Plaid settings: Auth, Transfer and the Ledger answer for these keys");
    }
  } catch (error) {
    logger.error({ err: error }, "Plaid settings: the check failed");
  }
}
