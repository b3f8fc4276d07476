/**
 * Issue 33: balances refreshed through the bank (/accounts/balance/get) on /profile/bank-accounts, against the sandbox
 * bank: a figure older than 5 minutes is asked again as the page opens; "Refresh balances" asks at most once a minute
 * per item and says so when pressed too soon; a failed ask (the bank down, its login to renew, its rate limit) keeps
 * the last figure and says when it is from.
 */
import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const route = await import("../../app/routes/profile.bank-accounts");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { decryptSecret } = await import("../../app/server/platform/crypto.server");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { formatDateTime } = await import("../../app/domain/format");
const { db } = await import("../../app/server/db/client.server");
const { bankAccounts, bankItems } = await import("../../app/server/db/schema");
const { bankedMember } = await import("../support/money");
const { sessionJarFor } = await import("../support/users");
const { call, CookieJar, get, post } = await import("../support/routes");
const { renderRoute, textOf } = await import("../support/render");
const { ACHClass, TransferNetwork, TransferType } = await import("plaid");
const { and, eq, sql } = await import("drizzle-orm");

const PAGE = "/profile/bank-accounts";

afterEach(() => setFaults([]));

/** Faults on demand at the sandbox bank (sandbox/plaid/README.md "Faults"). */
async function setFaults(rules: Array<{ endpoint: string; fault: string; times?: number }>) {
  const response = await fetch(`${process.env.PLAID_SANDBOX_URL}/sandbox/faults/set`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "PLAID-CLIENT-ID": "sandbox-client-id", "PLAID-SECRET": "sandbox-secret" },
    body: JSON.stringify({ rules }),
  });
  expect(response.status).toBe(200);
}

async function member() {
  const user = await bankedMember("Balance Watcher");
  const [item] = await db().select().from(bankItems).where(eq(bankItems.userId, user.id));
  const [checking] = await db()
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, user.id), eq(bankAccounts.subtype, "checking")));
  return { user, item: item!, checking: checking!, jar: await sessionJarFor(user.id) };
}

/** As if the figures were stored `minutes` ago (and last asked for then). */
async function age(itemId: string, minutes: number) {
  const then = new Date(Date.now() - minutes * 60_000);
  await db().update(bankItems).set({ balancesAsOf: then, balanceRefreshAttemptedAt: then }).where(eq(bankItems.id, itemId));
  return then;
}

/** A $10.00 debit of the member's checking account at the bank, settled there: the bank's balance goes down by $10. */
async function settledDebit(itemId: string, providerAccountId: string) {
  const [item] = await db().select({ token: bankItems.accessTokenEncrypted }).from(bankItems).where(eq(bankItems.id, itemId));
  const accessToken = decryptSecret(item!.token);
  const authorization = await plaidCall((api) =>
    api.transferAuthorizationCreate({
      access_token: accessToken,
      account_id: providerAccountId,
      type: TransferType.Debit,
      network: TransferNetwork.Ach,
      ach_class: ACHClass.Web,
      amount: "10.00",
      user: { legal_name: "Balance Watcher" },
    }),
  );
  if (!authorization.ok) throw new Error(authorization.code);
  const transfer = await plaidCall((api) =>
    api.transferCreate({
      access_token: accessToken,
      account_id: providerAccountId,
      authorization_id: authorization.value.authorization.id,
      description: "Contrib",
    }),
  );
  if (!transfer.ok) throw new Error(transfer.code);
  for (const event of ["posted", "settled"]) {
    const simulated = await plaidCall((api) => api.sandboxTransferSimulate({ transfer_id: transfer.value.transfer.id, event_type: event }));
    if (!simulated.ok) throw new Error(simulated.code);
  }
}

async function openPage(jar: InstanceType<typeof CookieJar>) {
  const page = await call(route.loader, get(PAGE, jar));
  expect(page.status).toBe(200);
  const data = page.data as Awaited<ReturnType<typeof route.loader>> & { state: "ready" };
  expect(data.state).toBe("ready");
  return { data, text: textOf(renderRoute(route.default, PAGE, data)) };
}

async function press(jar: InstanceType<typeof CookieJar>) {
  const result = await call(route.action, post(PAGE, { intent: "refresh-balances" }, jar));
  expect(result).toMatchObject({ status: 302, location: PAGE });
  const flash = new CookieJar();
  flash.store(result.setCookies);
  return (await takeToasts(get(PAGE, flash))).toasts.map(({ type, title, description }) => ({ type, title, description }));
}

const checkingOf = (data: {
  accounts: Array<{ maskNumber: string | null; balance: { availableCents: number | null; asOf: string; refreshFailed: boolean } }>;
}) => data.accounts.find((account) => account.maskNumber === "0000")!.balance;

describe("balances on /profile/bank-accounts", () => {
  it("a fresh figure is shown as it is; once older than 5 minutes the page asks the bank, and shows what a settled debit left", async () => {
    const { item, checking, jar } = await member();
    expect(checking.availableCents).toBe(10_000);
    await settledDebit(item.id, checking.providerAccountId);

    // Linked moments ago: the page shows the stored figure and does not ask the bank.
    const fresh = await openPage(jar);
    expect(checkingOf(fresh.data)).toMatchObject({ availableCents: 10_000, refreshFailed: false });
    const [untouched] = await db().select().from(bankItems).where(eq(bankItems.id, item.id));
    expect(untouched!.balanceRefreshAttemptedAt).toBeNull();
    expect(fresh.text).toContain(`Balance as of ${formatDateTime(untouched!.balancesAsOf!)}`);

    // Six minutes later (the figures aged in the database): the page asks the bank and shows $90.00.
    await age(item.id, 6);
    const before = Date.now();
    const stale = await openPage(jar);
    expect(checkingOf(stale.data)).toMatchObject({ availableCents: 9_000, refreshFailed: false });
    const [refreshed] = await db().select().from(bankItems).where(eq(bankItems.id, item.id));
    expect(refreshed!.balancesAsOf!.getTime()).toBeGreaterThanOrEqual(before);
    expect(refreshed!.balanceRefreshFailure).toBeNull();
    expect(stale.text).toContain("Available balance: $90.00");
    expect(stale.text).toContain(`Balance as of ${formatDateTime(refreshed!.balancesAsOf!)}`);
  });

  it("'Refresh balances' asks the bank at once; pressed again within the minute it does not, and says when it may", async () => {
    const { item, checking, jar } = await member();
    await settledDebit(item.id, checking.providerAccountId);
    expect(await press(jar)).toEqual([{ type: "success", title: "Balances refreshed", description: undefined }]);
    expect(checkingOf((await openPage(jar)).data).availableCents).toBe(9_000);

    // The bank's figure moves again; a second press inside the minute is not sent to the bank.
    await settledDebit(item.id, checking.providerAccountId);
    const again = await press(jar);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ type: "info", title: "Balances refreshed less than a minute ago" });
    expect(again[0]!.description).toMatch(/^We ask your bank at most once a minute\. Try again in (\d+) seconds?\.$/);
    const seconds = Number(/in (\d+) second/.exec(again[0]!.description!)![1]);
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(checkingOf((await openPage(jar)).data).availableCents).toBe(9_000);

    // A minute on, it asks again.
    await db().update(bankItems).set({ balanceRefreshAttemptedAt: sql`now() - interval '61 seconds'` }).where(eq(bankItems.id, item.id));
    expect(await press(jar)).toEqual([{ type: "success", title: "Balances refreshed", description: undefined }]);
    expect(checkingOf((await openPage(jar)).data).availableCents).toBe(8_000);
  });

  it.each([
    ["the bank down", { endpoint: "/accounts/balance/get", fault: "500" }],
    ["the bank's rate limit", { endpoint: "/accounts/balance/get", fault: "rate_limit" }],
  ])("a failed refresh (%s) keeps the last figure and says when it is from", async (_what, fault) => {
    const { item, checking, jar } = await member();
    await settledDebit(item.id, checking.providerAccountId);
    const asOf = await age(item.id, 10);
    await setFaults([{ ...fault, times: 1 }]);
    const page = await openPage(jar);
    expect(checkingOf(page.data)).toMatchObject({ availableCents: 10_000, refreshFailed: true });
    expect(page.text).toContain(`We couldn't refresh this balance: showing the balance as of ${formatDateTime(asOf)}.`);
    expect(page.text).not.toContain("Balance as of");
    const [stored] = await db().select().from(bankItems).where(eq(bankItems.id, item.id));
    expect(stored!.balanceRefreshFailure).toBe(fault.fault === "500" ? "INTERNAL_SERVER_ERROR" : "ACCOUNTS_BALANCE_GET_LIMIT");

    // The next ask that works clears it.
    await db().update(bankItems).set({ balanceRefreshAttemptedAt: sql`now() - interval '61 seconds'` }).where(eq(bankItems.id, item.id));
    const healed = await openPage(jar);
    expect(checkingOf(healed.data)).toMatchObject({ availableCents: 9_000, refreshFailed: false });
  });

  it("a login to renew at the bank (ITEM_LOGIN_REQUIRED): the press says so, the page keeps the last figure", async () => {
    const { item, checking, jar } = await member();
    await settledDebit(item.id, checking.providerAccountId);
    const [row] = await db().select({ token: bankItems.accessTokenEncrypted }).from(bankItems).where(eq(bankItems.id, item.id));
    const reset = await plaidCall((api) => api.sandboxItemResetLogin({ access_token: decryptSecret(row!.token) }));
    expect(reset.ok).toBe(true);
    expect(await press(jar)).toEqual([
      {
        type: "error",
        title: "Balances not refreshed",
        description: "We couldn't get a new balance from your bank. Each account shows the last balance we have and when it is from.",
      },
    ]);
    const [stored] = await db().select().from(bankItems).where(eq(bankItems.id, item.id));
    expect(stored!.balanceRefreshFailure).toBe("ITEM_LOGIN_REQUIRED");
    const page = await openPage(jar);
    expect(checkingOf(page.data)).toMatchObject({ availableCents: 10_000, refreshFailed: true });
    expect(page.text).toContain(`We couldn't refresh this balance: showing the balance as of ${formatDateTime(stored!.balancesAsOf!)}.`);
  });

  it("two presses at once ask the bank once: the second finds the item claimed", async () => {
    const { jar } = await member();
    const both = await Promise.all([press(jar), press(jar)]);
    expect(both.map((toasts) => toasts[0]!.title).sort()).toEqual(["Balances refreshed", "Balances refreshed less than a minute ago"]);
  });
});
