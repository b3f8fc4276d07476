import { describe, expect, it } from "vitest";
import { call, get, post } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

// Real Plaid configured (PLAID_ENV with keys, no sandbox bank). Nothing here calls Plaid: these tests cover what the
// page decides and what it answers without JavaScript, which need no provider.
await useTestDatabase();
delete process.env.PLAID_SANDBOX_URL;
process.env.PLAID_ENV = "sandbox";
process.env.PLAID_CLIENT_ID = "test-client-id";
process.env.PLAID_SECRET = "test-secret";
const page = await import("../../app/routes/profile.bank-accounts");
const api = await import("../../app/routes/api.bank.accounts");
const { signedInUser } = await import("../support/users");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { CookieJar } = await import("../support/routes");

const PAGE = "/profile/bank-accounts";

describe("Bank Accounts page with real Plaid configured", () => {
  it("picks Plaid Link for JavaScript, with the sandbox test credentials hint for Plaid's sandbox", async () => {
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    const loaded = await call(page.loader, get(PAGE, jar));
    expect(loaded.data).toMatchObject({ state: "ready", accounts: [], linkMode: "plaid", sandboxCredentials: true });
  });

  it("tells a user without JavaScript that linking needs it, instead of sending them anywhere", async () => {
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    const result = await call(page.action, post(PAGE, { intent: "start-link" }, jar));
    expect(result).toMatchObject({ status: 302, location: PAGE });
    const arrived = new CookieJar();
    arrived.store(result.setCookies);
    const { toasts } = await takeToasts(get(PAGE, arrived));
    expect(toasts.map(({ type, title, description }) => ({ type, title, description }))).toEqual([
      {
        type: "warning",
        title: "JavaScript Required",
        description: "Connecting a bank opens the bank-linking provider's secure window, which needs JavaScript. Please turn it on and try again.",
      },
    ]);
  });

  it("still serves the accounts API, which never depends on the provider", async () => {
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    expect(await call(api.loader, get("/api/bank/accounts", jar))).toMatchObject({ status: 200, data: { accounts: [] } });
  });
});
