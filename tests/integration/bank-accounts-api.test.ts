import { describe, expect, it, vi } from "vitest";
import { call, get, post } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

// The sandbox bank double: the page picks our own Link modal, and the exchange runs through the official SDK.
await useTestDatabase({ bank: true });
const api = await import("../../app/routes/api.bank.accounts");
const page = await import("../../app/routes/profile.bank-accounts");
const { signedInUser, sessionJarFor, toastTitles } = await import("../support/users");
const { ownLinkSession } = await import("../support/bank");
const { db } = await import("../../app/server/db/client.server");
const { sessions } = await import("../../app/server/db/schema");
const { eq, sql } = await import("drizzle-orm");
const { logger } = await import("../../app/server/platform/log.server");

const ACCOUNTS = "/api/bank/accounts";
const PAGE = "/profile/bank-accounts";

/** Link First Platypus Bank (user_good) through the page's own exchange action, as the Link modal does. */
async function linkFirstPlatypus(user: Awaited<ReturnType<typeof signedInUser>>["user"], jar: Awaited<ReturnType<typeof signedInUser>>["jar"]) {
  const link = await ownLinkSession(user);
  const exchanged = await call(
    page.action,
    post(PAGE, { intent: "exchange", ...link, institutionId: "ins_109508", institutionName: "First Platypus Bank" }, jar),
  );
  expect(await toastTitles(exchanged.setCookies)).toEqual(["Bank Account Connected!"]);
}

describe("GET /api/bank/accounts", () => {
  it("answers 401 'User not authenticated' without a valid session, and never redirects", async () => {
    const anonymous = await call(api.loader, get(ACCOUNTS));
    expect(anonymous).toMatchObject({ status: 401, location: null, data: { error: "User not authenticated" } });
    expect(anonymous.data).toEqual({ error: "User not authenticated" });

    const forged = await call(api.loader, new Request(`http://localhost:3000${ACCOUNTS}`, { headers: { Cookie: "__session=forged" } }));
    expect(forged).toMatchObject({ status: 401, location: null, data: { error: "User not authenticated" } });

    // A session that has been revoked (logged out elsewhere) is no session.
    const { user } = await signedInUser({ isPlaidSandboxAuthorized: true });
    const jar = await sessionJarFor(user.id);
    await db().delete(sessions).where(eq(sessions.userId, user.id));
    expect(await call(api.loader, get(ACCOUNTS, jar))).toMatchObject({ status: 401, data: { error: "User not authenticated" } });
  });

  it("answers 403 to a signed-in user without sandbox authorisation", async () => {
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: false });
    const result = await call(api.loader, get(ACCOUNTS, jar));
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ error: "Bank accounts are available to sandbox-authorised members only." });
  });

  it("returns the user's own accounts, balances included, and only theirs", async () => {
    const { user, jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    const before = await call(api.loader, get(ACCOUNTS, jar));
    expect(before).toMatchObject({ status: 200, data: { accounts: [] } });

    await linkFirstPlatypus(user, jar);
    const after = await call(api.loader, get(ACCOUNTS, jar));
    expect(after.status).toBe(200);
    const accounts = [...after.data.accounts].sort((a: { maskNumber: string }, b: { maskNumber: string }) =>
      a.maskNumber.localeCompare(b.maskNumber),
    );
    expect(accounts).toMatchObject([
      {
        institutionName: "First Platypus Bank",
        accountType: "depository",
        accountSubtype: "checking",
        maskNumber: "0000",
        balance: { availableCents: 10000, currencyCode: "USD" },
      },
      { institutionName: "First Platypus Bank", accountType: "depository", accountSubtype: "savings", maskNumber: "1111" },
    ]);
    // Never the access token, in any form.
    expect(JSON.stringify(after.data)).not.toMatch(/access-/);

    const { jar: someoneElse } = await signedInUser({ isPlaidSandboxAuthorized: true });
    expect(await call(api.loader, get(ACCOUNTS, someoneElse))).toMatchObject({ status: 200, data: { accounts: [] } });
  });

  it("answers 500 'An unexpected error occurred' when loading fails, logging the cause but never returning it", async () => {
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    // A real failure of the query under bankAccountsFor: its table is gone (sessions and users still work).
    await db().execute(sql`alter table bank_accounts rename to bank_accounts_away`);
    try {
      const result = await call(api.loader, get(ACCOUNTS, jar));
      expect(result.status).toBe(500);
      expect(result.data).toEqual({ error: "An unexpected error occurred" });
      expect(logged).toHaveBeenCalledTimes(1);
      const [fields, line] = logged.mock.calls[0] as unknown as [{ err: unknown }, string];
      expect(line).toBe("GET /api/bank/accounts failed");
      expect(String(fields.err)).toContain("bank_accounts");
    } finally {
      await db().execute(sql`alter table bank_accounts_away rename to bank_accounts`);
      logged.mockRestore();
    }
    expect((await call(api.loader, get(ACCOUNTS, jar))).status).toBe(200);
  });
});

describe("Bank Accounts page with the sandbox bank", () => {
  it("picks the sandbox Link modal, and hands a link token to a fetcher that asks (intent=link-token)", async () => {
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    const loaded = await call(page.loader, get(PAGE, jar));
    expect(loaded.data).toMatchObject({ state: "ready", linkMode: "sandbox", sandboxCredentials: true });

    const token = await call(page.action, post(PAGE, { intent: "link-token" }, jar));
    expect(token.status).toBe(200);
    expect(token.data.linkToken).toMatch(/^link-sandbox-/);
    // Reused for 5 minutes (bank.server.ts caches it per user).
    expect((await call(page.action, post(PAGE, { intent: "link-token" }, jar))).data).toEqual(token.data);
  });

  it("refuses a link token to a user without sandbox authorisation", async () => {
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: false });
    const result = await call(page.action, post(PAGE, { intent: "link-token" }, jar));
    expect(result.status).toBe(302);
    expect(await toastTitles(result.setCookies)).toEqual(["Sandbox access required"]);
  });
});
