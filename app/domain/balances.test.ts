import { describe, expect, it } from "vitest";
import { balanceAsOf, balanceRefreshFailed, balanceRefreshToast } from "./balances";

describe("balance wording", () => {
  it("says when a balance is from, and that an older one is shown after a failed refresh", () => {
    expect(balanceAsOf("Nov 27, 2026, 9:31 AM EST")).toBe("Balance as of Nov 27, 2026, 9:31 AM EST");
    expect(balanceRefreshFailed("Nov 27, 2026, 9:31 AM EST")).toBe(
      "We couldn't refresh this balance: showing the balance as of Nov 27, 2026, 9:31 AM EST.",
    );
  });

  it.each([
    [
      { refreshed: 2, failed: 0, retryInSeconds: null },
      { type: "success", title: "Balances refreshed" },
    ],
    [
      { refreshed: 0, failed: 1, retryInSeconds: null },
      {
        type: "error",
        title: "Balances not refreshed",
        description: "We couldn't get a new balance from your bank. Each account shows the last balance we have and when it is from.",
      },
    ],
    [
      { refreshed: 1, failed: 1, retryInSeconds: null },
      {
        type: "error",
        title: "Some balances not refreshed",
        description: "We couldn't get a new balance from your bank. Each account shows the last balance we have and when it is from.",
      },
    ],
    [
      { refreshed: 0, failed: 0, retryInSeconds: 42 },
      {
        type: "info",
        title: "Balances refreshed less than a minute ago",
        description: "We ask your bank at most once a minute. Try again in 42 seconds.",
      },
    ],
    [
      { refreshed: 0, failed: 0, retryInSeconds: 1 },
      {
        type: "info",
        title: "Balances refreshed less than a minute ago",
        description: "We ask your bank at most once a minute. Try again in 1 second.",
      },
    ],
    [
      { refreshed: 0, failed: 0, retryInSeconds: null },
      { type: "info", title: "No bank accounts to refresh" },
    ],
  ])("%o → %o", (outcome, toast) => {
    expect(balanceRefreshToast(outcome)).toEqual(toast);
  });
});
