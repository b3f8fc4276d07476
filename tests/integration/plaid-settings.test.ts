/**
 * A missing Plaid setting is a clear error (ADR 057): the boot check's log lines, /readyz's detail and the admin
 * console's panel say which setting to ask Plaid for, against the sandbox bank refusing as Plaid does (INVALID_PRODUCT
 * for a product not enabled on the client, INVALID_API_KEYS for keys it does not accept).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { bank: sandboxBank } = await useTestDatabase({ bank: true });
const settings = await import("../../app/server/bank/plaid-settings.server");
const readyz = await import("../../app/routes/readyz");
const { logger } = await import("../../app/server/platform/log.server");
const { reloadEnv } = await import("../../app/server/platform/env.server");

const NO_AUTH_TRANSFER =
  'the sandbox bank refuses Link tokens for Auth and Transfer with these keys (INVALID_PRODUCT: client is not authorized to access the following products: ["transfer"]). Ask Plaid to enable Auth and Transfer for this client ID. Until then no member can link a bank.';
const NO_TRANSFER =
  'the sandbox bank refuses Transfer with these keys (INVALID_PRODUCT: client is not authorized to access the following products: ["transfer"]). Ask Plaid to enable Transfer and the Plaid Ledger for this client ID. Until then no contribution is collected and no payout is sent.';

afterEach(() => {
  sandboxBank!.setEnabledProducts(null);
  vi.restoreAllMocks();
});

async function readiness() {
  const response = await readyz.loader();
  return { status: response.status, body: await response.text() };
}

describe("Plaid settings check", () => {
  it("says nothing is missing when Auth, Transfer and the Ledger answer", async () => {
    const info = vi.spyOn(logger, "info").mockImplementation(() => {});
    await settings.checkPlaidSettingsAtBoot();
    expect(info).toHaveBeenCalledWith("Plaid settings: Auth, Transfer and the Ledger answer for these keys");
    expect(settings.lastPlaidSettings()).toMatchObject({ state: "ok" });
    expect(await readiness()).toEqual({ status: 200, body: "ready" });
  });

  it("names the missing product at boot, on /readyz and in the admin's report, when Transfer is not enabled", async () => {
    sandboxBank!.setEnabledProducts(["auth"]);
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    await settings.checkPlaidSettingsAtBoot();
    expect(errors.mock.calls).toEqual([
      [{ setting: "Plaid products: Auth and Transfer", code: "INVALID_PRODUCT" }, `Plaid setting missing: ${NO_AUTH_TRANSFER}`],
      [{ setting: "Plaid Transfer and its Ledger", code: "INVALID_PRODUCT" }, `Plaid setting missing: ${NO_TRANSFER}`],
    ]);
    expect(await readiness()).toEqual({ status: 200, body: `ready\nPlaid settings missing: ${NO_AUTH_TRANSFER} ${NO_TRANSFER}` });
    // The admin console's view is the kept report (5 minutes), not a new call per page view.
    const report = await settings.plaidSettings();
    expect(report).toMatchObject({
      state: "missing",
      problems: [
        { setting: "Plaid products: Auth and Transfer", code: "INVALID_PRODUCT", message: NO_AUTH_TRANSFER },
        { setting: "Plaid Transfer and its Ledger", code: "INVALID_PRODUCT", message: NO_TRANSFER },
      ],
    });
    // Enabled again: the next check says so, and /readyz's line goes.
    sandboxBank!.setEnabledProducts(null);
    expect(await settings.checkPlaidSettings()).toMatchObject({ state: "ok" });
    expect(await readiness()).toEqual({ status: 200, body: "ready" });
  });

  it("names the keys when Plaid does not accept them", async () => {
    const clientId = process.env.PLAID_CLIENT_ID;
    process.env.PLAID_CLIENT_ID = "not-our-client-id";
    reloadEnv();
    try {
      expect(await settings.checkPlaidSettings()).toMatchObject({
        state: "missing",
        problems: [
          {
            setting: "PLAID_CLIENT_ID / PLAID_SECRET",
            code: "INVALID_API_KEYS",
            message:
              "the sandbox bank does not accept PLAID_CLIENT_ID and PLAID_SECRET (INVALID_API_KEYS): set the keys of this environment from Plaid's Dashboard. Until then no member can link a bank and no payment runs.",
          },
        ],
      });
    } finally {
      process.env.PLAID_CLIENT_ID = clientId;
      reloadEnv();
    }
    expect(await settings.checkPlaidSettings()).toMatchObject({ state: "ok" });
  });
});
