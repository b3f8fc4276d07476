/**
 * What the bank-accounts page says about a balance's age and about a refresh (issue 33). The times come formatted:
 * the page formats them (formatDateTime), these only put them into words.
 */
import type { Words } from "./messages/words";
import { plural } from "./plural";
import type { ToastInput } from "./toast";

/** Under a balance the bank gave us at `time`. */
export function balanceAsOf(time: string) {
  return `Balance as of ${time}`;
}

/** Under a balance whose last refresh failed: the figure shown is the last one the bank gave. */
export function balanceRefreshFailed(time: string) {
  return `We couldn't refresh this balance: showing the balance as of ${time}.`;
}

export type RefreshOutcome = {
  refreshed: number;
  failed: number;
  /** Seconds until the soonest item may be asked again, when some were asked less than a minute ago; else null. */
  retryInSeconds: number | null;
};

/**
 * The toast after "Refresh balances". Its fixed texts travel in English (the page translates them, ADR 056); the one
 * with a number of seconds is written with the reader's words when given.
 */
export function balanceRefreshToast(outcome: RefreshOutcome, t?: Words): ToastInput {
  if (outcome.failed > 0) {
    return {
      type: "error",
      title: outcome.refreshed > 0 ? "Some balances not refreshed" : "Balances not refreshed",
      description: "We couldn't get a new balance from your bank. Each account shows the last balance we have and when it is from.",
    };
  }
  if (outcome.refreshed > 0) return { type: "success", title: "Balances refreshed" };
  if (outcome.retryInSeconds !== null) {
    return {
      type: "info",
      title: "Balances refreshed less than a minute ago",
      description: t
        ? t("profile.bank.balancesRetry", { seconds: outcome.retryInSeconds })
        : `We ask your bank at most once a minute. Try again in ${plural(outcome.retryInSeconds, { one: "second", other: "seconds" })}.`,
    };
  }
  return { type: "info", title: "No bank accounts to refresh" };
}
