import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const bank = await import("../../app/server/bank/bank.server");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { linkThroughSessionFor, ownLinkSession } = await import("../support/bank");
const { decryptSecret } = await import("../../app/server/platform/crypto.server");
const { db } = await import("../../app/server/db/client.server");
const { bankAccounts, bankItems, bankLinkTokens, bankPlaidUsers, notifications, users } = await import("../../app/server/db/schema");
const { and, eq, sql } = await import("drizzle-orm");

async function makeUser(email: string, authorised = true) {
  const [user] = await db()
    .insert(users)
    .values({ email, name: email.split("@")[0]!, emailConfirmedAt: new Date(), isPlaidSandboxAuthorized: authorised })
    .returning();
  return user!;
}

async function linkedUser(email: string) {
  const user = await makeUser(email);
  const publicToken = await ownLinkSession(user);
  const linked = await bank.exchangePublicToken(user, publicToken);
  if (!linked.ok) throw new Error(`exchange: ${linked.code}`);
  return { user, publicToken, accounts: linked.accounts };
}

async function hasBankAccount(userId: string) {
  const [row] = await db().select({ value: users.hasBankAccount }).from(users).where(eq(users.id, userId));
  return row!.value;
}

describe("link token", () => {
  it("is refused to a user without sandbox authorisation, and nothing is cached", async () => {
    const user = await makeUser("outsider@example.com", false);
    const result = await bank.createLinkToken(user);
    expect(result).toEqual({ ok: false, code: "not_authorised", message: "Bank linking is available to sandbox-authorised members only." });
    expect(await db().select().from(bankLinkTokens).where(eq(bankLinkTokens.userId, user.id))).toEqual([]);
  });

  it("is reused for 5 minutes, then renewed; each user has their own", async () => {
    const alice = await makeUser("token-alice@example.com");
    const bob = await makeUser("token-bob@example.com");
    const t0 = new Date();
    const first = await bank.createLinkToken(alice, { now: t0 });
    if (!first.ok) throw new Error(first.code);
    expect(first.linkToken).toMatch(/^link-sandbox-/);
    // The bank's own expiry (4 hours), not our reuse window.
    expect(new Date(first.expiration).getTime()).toBeGreaterThan(t0.getTime() + 3 * 60 * 60 * 1000);

    const within = await bank.createLinkToken(alice, { now: new Date(t0.getTime() + 5 * 60 * 1000 - 1000) });
    expect(within).toEqual(first);
    const [row] = await db().select().from(bankLinkTokens).where(eq(bankLinkTokens.userId, alice.id));
    expect(row!.expiresAt.getTime()).toBe(t0.getTime() + 5 * 60 * 1000);

    const after = await bank.createLinkToken(alice, { now: new Date(t0.getTime() + 5 * 60 * 1000) });
    if (!after.ok) throw new Error(after.code);
    expect(after.linkToken).not.toBe(first.linkToken);

    const bobs = await bank.createLinkToken(bob, { now: t0 });
    if (!bobs.ok) throw new Error(bobs.code);
    expect(bobs.linkToken).not.toBe(first.linkToken);
    expect(bobs.linkToken).not.toBe(after.linkToken);
  });

  it("is renewed when a different redirect URI is asked for", async () => {
    const user = await makeUser("token-redirect@example.com");
    const plain = await bank.createLinkToken(user);
    const redirected = await bank.createLinkToken(user, { redirectUri: "http://localhost:3000/profile/bank-accounts" });
    if (!plain.ok || !redirected.ok) throw new Error("link token");
    expect(redirected.linkToken).not.toBe(plain.linkToken);
  });
});

describe("exchange and accounts", () => {
  it("stores the item and both sandbox accounts with exact balances in cents, and notifies the user", async () => {
    const { user, accounts } = await linkedUser("linker@example.com");
    expect(accounts).toHaveLength(2);
    const byMask = Object.fromEntries(accounts.map((account) => [account.maskNumber, account]));
    expect(byMask["0000"]).toMatchObject({
      institutionName: "First Platypus Bank",
      accountName: "Plaid Checking",
      accountType: "depository",
      accountSubtype: "checking",
      maskNumber: "0000",
      balance: { availableCents: 10000, currentCents: 11000, currencyCode: "USD" },
    });
    expect(byMask["1111"]).toMatchObject({
      institutionName: "First Platypus Bank",
      accountName: "Plaid Saving",
      accountType: "depository",
      accountSubtype: "savings",
      maskNumber: "1111",
      balance: { availableCents: 20000, currentCents: 21000, currencyCode: "USD" },
    });
    expect(Number.isNaN(Date.parse(byMask["0000"]!.connectionDate))).toBe(false);
    expect(await bank.bankAccountsFor(user.id)).toEqual(accounts);
    expect(await hasBankAccount(user.id)).toBe(true);

    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: "Bank account connected",
      body: "First Platypus Bank is now linked to your account.",
      link: "/profile/bank-accounts",
    });
  });

  it("keeps the access token encrypted at rest, and the decrypted token works at the bank", async () => {
    const { user } = await linkedUser("at-rest@example.com");
    const [item] = await db().select().from(bankItems).where(eq(bankItems.userId, user.id));
    const plaintext = decryptSecret(item!.accessTokenEncrypted);
    expect(plaintext).toMatch(/^access-sandbox-/);
    expect(item!.accessTokenEncrypted).toMatch(/^v2\.k0\./);
    expect(item!.accessTokenEncrypted).not.toContain(plaintext);
    // Nothing else in the row carries it either.
    expect(JSON.stringify(item)).not.toContain(plaintext);
    const live = await plaidCall((api) => api.accountsGet({ access_token: plaintext }));
    expect(live.ok).toBe(true);
  });

  it("refuses a user without sandbox authorisation before calling the bank (the public token stays unused)", async () => {
    const insider = await makeUser("exchange-insider@example.com");
    const publicToken = await ownLinkSession(insider);
    // Authorisation withdrawn (as an admin would) before the exchange.
    await db().update(users).set({ isPlaidSandboxAuthorized: false }).where(eq(users.id, insider.id));
    const refused = await bank.exchangePublicToken({ ...insider, isPlaidSandboxAuthorized: false }, publicToken);
    expect(refused).toMatchObject({ ok: false, code: "not_authorised" });
    expect(await bank.bankAccountsFor(insider.id)).toEqual([]);
    expect(await hasBankAccount(insider.id)).toBe(false);
    // Still exchangeable: we never spent it.
    await db().update(users).set({ isPlaidSandboxAuthorized: true }).where(eq(users.id, insider.id));
    expect((await bank.exchangePublicToken(insider, publicToken)).ok).toBe(true);
  });

  const notOwn = {
    ok: false,
    code: "not_own_link",
    message: "This bank connection was started from another account. Please connect your bank again from this account.",
  };

  it("exchanges only under the user's own Link token (ADR 049): another account's and one nobody was issued are refused, unspent", async () => {
    const alice = await makeUser("owner-alice@example.com");
    const bob = await makeUser("owner-bob@example.com");
    const alices = await ownLinkSession(alice);
    const bobs = await ownLinkSession(bob);
    // Alice's Link token (with her public token beside it, as a leaked return would carry both), posted by Bob.
    expect(await bank.exchangePublicToken(bob, alices)).toEqual(notOwn);
    // A Link token nobody was issued, and none.
    expect(await bank.exchangePublicToken(bob, { linkToken: "link-sandbox-made-up" })).toEqual(notOwn);
    expect(await bank.exchangePublicToken(bob, { linkToken: "" })).toEqual(notOwn);
    // A user who never opened Link at all: the same.
    const carol = await makeUser("owner-carol@example.com");
    expect(await bank.exchangePublicToken(carol, alices)).toEqual(notOwn);
    expect(await db().select().from(bankItems).where(eq(bankItems.userId, bob.id))).toEqual([]);
    expect(await db().select().from(bankItems).where(eq(bankItems.userId, carol.id))).toEqual([]);
    // Alice's and Bob's own are still unspent, and theirs to exchange.
    expect((await bank.exchangePublicToken(alice, alices)).ok).toBe(true);
    expect((await bank.exchangePublicToken(bob, bobs)).ok).toBe(true);
  });

  it("never takes a public token from the browser: a forged one and another account's, posted with the member's own Link token, are refused", async () => {
    const alice = await makeUser("browser-alice@example.com");
    const mallory = await makeUser("browser-mallory@example.com");
    const alices = await ownLinkSession(alice);
    // Mallory's own Link token, never opened: the bank reports no session for it, whatever the POST carries.
    const first = await bank.createLinkToken(mallory, { webhook: false });
    if (!first.ok) throw new Error(first.code);
    const posted = { linkToken: first.linkToken, publicToken: "public-sandbox-forged" };
    expect(await bank.exchangePublicToken(mallory, posted)).toEqual(notOwn);
    const second = await bank.createLinkToken(mallory, { webhook: false });
    if (!second.ok) throw new Error(second.code);
    const stolen = { linkToken: second.linkToken, publicToken: alices.publicToken };
    expect(await bank.exchangePublicToken(mallory, stolen)).toEqual(notOwn);
    expect(await db().select().from(bankItems).where(eq(bankItems.userId, mallory.id))).toEqual([]);
    // With a session of her own, Mallory links her own bank, not the one behind Alice's public token.
    const mallorys = await ownLinkSession(mallory);
    const withStolen = { linkToken: mallorys.linkToken, publicToken: alices.publicToken };
    expect((await bank.exchangePublicToken(mallory, withStolen)).ok).toBe(true);
    // Alice's is still unspent, and hers.
    expect((await bank.exchangePublicToken(alice, alices)).ok).toBe(true);
    const items = await db().select({ userId: bankItems.userId, providerItemId: bankItems.providerItemId }).from(bankItems);
    const alicesItem = items.filter((item) => item.userId === alice.id);
    const mallorysItem = items.filter((item) => item.userId === mallory.id);
    expect(alicesItem).toHaveLength(1);
    expect(mallorysItem).toHaveLength(1);
    expect(mallorysItem[0]!.providerItemId).not.toBe(alicesItem[0]!.providerItemId);
  });

  it("takes one exchange per Link token; the next link gets a fresh Link token", async () => {
    const user = await makeUser("owner-once@example.com");
    const first = await ownLinkSession(user);
    expect((await bank.exchangePublicToken(user, first)).ok).toBe(true);
    // The same Link token again: spent.
    expect(await bank.exchangePublicToken(user, first)).toEqual({ ok: false, code: "linking_failed", message: "Linking Failed" });
    // The cached Link token was dropped with the exchange: the page's next one is new.
    const cached = await bank.createLinkToken(user);
    if (!cached.ok) throw new Error(cached.code);
    const next = await bank.createLinkToken(user);
    if (!next.ok) throw new Error(next.code);
    expect(next.linkToken).toBe(cached.linkToken);
    expect(cached.linkToken).not.toBe(first.linkToken);
  });

  it("says the connection is still finishing while the bank reports no result for a session, and takes the Link token again later", async () => {
    const user = await makeUser("owner-finishing@example.com");
    const token = await bank.createLinkToken(user, { webhook: false });
    if (!token.ok) throw new Error(token.code);
    // Link opened (a session started) but not finished.
    const bankUrl = process.env.PLAID_SANDBOX_URL ?? process.env.PLAID_API_URL;
    const started = await fetch(`${bankUrl}/link/session/institutions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ link_token: token.linkToken }),
    });
    expect(started.status).toBe(200);
    expect(await bank.exchangePublicToken(user, { linkToken: token.linkToken })).toEqual({
      ok: false,
      code: "still_finishing",
      message: "Your bank is still finishing the connection. Please wait a moment and try again.",
    });
    expect(await hasBankAccount(user.id)).toBe(false);
    // The session finishes; the same Link token is taken now.
    const { linkThroughSession } = await import("../../sandbox/plaid/link-client");
    expect((await linkThroughSession(bankUrl!, token.linkToken)).ok).toBe(true);
    expect((await bank.exchangePublicToken(user, { linkToken: token.linkToken })).ok).toBe(true);
    expect(await hasBankAccount(user.id)).toBe(true);
  });

  it("links a member whose Plaid user was made but never kept (a crash after /user/create): Plaid refuses the same client_user_id twice", async () => {
    const user = await makeUser("made-not-kept@example.com");
    // What a process that died between Plaid's answer and the insert leaves: a user at the bank, none in bank_plaid_users.
    const before = await plaidCall((api) => api.userCreate({ client_user_id: user.id }));
    if (!before.ok) throw new Error(before.code);
    expect(await plaidCall((api) => api.userCreate({ client_user_id: user.id }))).toMatchObject({ ok: false, code: "INVALID_FIELD", status: 400 });
    const linked = await bank.exchangePublicToken(user, await ownLinkSession(user));
    expect(linked.ok).toBe(true);
    const [kept] = await db().select().from(bankPlaidUsers).where(eq(bankPlaidUsers.userId, user.id));
    expect(kept!.plaidUserId).toMatch(/^usr_/);
    expect(kept!.plaidUserId).not.toBe(before.value.user_id);
  });

  it("exchanges under any of the user's unused Link tokens (another tab, another redirect)", async () => {
    const user = await makeUser("owner-tabs@example.com");
    const first = await ownLinkSession(user);
    // A second Link token (another redirect URI replaces the cached one) before the first is exchanged.
    const second = await bank.createLinkToken(user, { redirectUri: "http://localhost:3000/profile/bank-accounts" });
    if (!second.ok) throw new Error(second.code);
    expect((await bank.exchangePublicToken(user, first)).ok).toBe(true);
  });

  it("does not duplicate anything when the same Link token is posted twice", async () => {
    const { user, publicToken } = await linkedUser("twice@example.com");
    const again = await bank.exchangePublicToken(user, publicToken);
    expect(again).toEqual({ ok: false, code: "linking_failed", message: "Linking Failed" });
    expect(await db().select().from(bankItems).where(eq(bankItems.userId, user.id))).toHaveLength(1);
    expect(await db().select().from(bankAccounts).where(eq(bankAccounts.userId, user.id))).toHaveLength(2);
  });

  it("surfaces bank failures as typed results, never throws", async () => {
    // Plaid's sandbox fails a login with password error_ITEM_LOCKED.
    const user = await makeUser("garbage-token@example.com");
    const locked = await linkThroughSessionFor(user, { password: "error_ITEM_LOCKED" });
    expect(locked).toMatchObject({ ok: false, code: "ITEM_LOCKED" });
    expect(await bank.exchangePublicToken(user, { linkToken: "link-anything" })).toEqual(notOwn);
    expect(await hasBankAccount(user.id)).toBe(false);
    expect(await db().select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
  });

  it("refreshes balances from the bank", async () => {
    const { user, accounts } = await linkedUser("refresh@example.com");
    const checking = accounts.find((account) => account.maskNumber === "0000")!;
    const [stored] = await db().select().from(bankAccounts).where(eq(bankAccounts.id, checking.accountId));
    // Move the money at the bank (its own table, in the same database).
    await db().execute(
      sql`update sandbox_plaid.accounts set available_cents = 12345, current_cents = 54321 where account_id = ${stored!.providerAccountId}`,
    );
    const now = new Date(Date.now() + 1000);
    const refreshed = await bank.refreshBalances(user.id, { now });
    expect(refreshed).toEqual({ refreshed: [checking.itemId], failed: [], tooSoon: [] });
    const after = await bank.bankAccountsFor(user.id);
    expect(after.find((account) => account.accountId === checking.accountId)!.balance).toEqual({
      availableCents: 12345,
      currentCents: 54321,
      currencyCode: "USD",
      asOf: now.toISOString(),
      refreshFailed: false,
    });
    expect(after.find((account) => account.maskNumber === "1111")!.balance.availableCents).toBe(20000);
  });
});

describe("ownership and unlinking", () => {
  it("hides one user's accounts from another, who cannot unlink them either (not found)", async () => {
    const { user: alice, accounts } = await linkedUser("idor-alice@example.com");
    const mallory = await makeUser("idor-mallory@example.com");
    expect(await bank.bankAccountsFor(mallory.id)).toEqual([]);
    const itemId = accounts[0]!.itemId;
    expect(await bank.unlinkItem(mallory.id, itemId)).toEqual({ ok: false, code: "not_found", message: "Bank account not found" });
    expect(await bank.unlinkItem(mallory.id, "not-a-uuid")).toMatchObject({ ok: false, code: "not_found" });
    expect(await bank.refreshBalances(mallory.id)).toEqual({ refreshed: [], failed: [], tooSoon: [] });
    expect(await bank.bankAccountsFor(alice.id)).toHaveLength(2);
    expect(await hasBankAccount(alice.id)).toBe(true);
  });

  it("refuses to unlink an item that funds an active group, changing nothing", async () => {
    const { user, accounts } = await linkedUser("funding@example.com");
    const itemId = accounts[0]!.itemId;
    const asked: string[] = [];
    const refused = await bank.unlinkItem(user.id, itemId, {
      fundsActiveGroup: async (id) => {
        asked.push(id);
        return true;
      },
    });
    expect(refused).toMatchObject({ ok: false, code: "funds_active_group" });
    expect(asked).toEqual([itemId]);
    expect(await bank.bankAccountsFor(user.id)).toHaveLength(2);
    expect(await hasBankAccount(user.id)).toBe(true);
  });

  it("unlinks: removed at the bank, marked removed, accounts deleted, has_bank_account false", async () => {
    const { user, accounts } = await linkedUser("unlink@example.com");
    const itemId = accounts[0]!.itemId;
    const [item] = await db().select().from(bankItems).where(eq(bankItems.id, itemId));
    const accessToken = decryptSecret(item!.accessTokenEncrypted);

    expect(await bank.unlinkItem(user.id, itemId)).toEqual({ ok: true });
    expect(await hasBankAccount(user.id)).toBe(false);
    expect(await bank.bankAccountsFor(user.id)).toEqual([]);
    expect(await db().select().from(bankAccounts).where(eq(bankAccounts.itemId, itemId))).toEqual([]);
    const [after] = await db().select().from(bankItems).where(eq(bankItems.id, itemId));
    expect(after!.status).toBe("removed");
    expect(after!.removedAt).toBeInstanceOf(Date);
    const atBank = await plaidCall((api) => api.accountsGet({ access_token: accessToken }));
    expect(atBank).toMatchObject({ ok: false, code: "ITEM_NOT_FOUND" });
    // A second unlink finds nothing to unlink.
    expect(await bank.unlinkItem(user.id, itemId)).toMatchObject({ ok: false, code: "not_found" });
  });

  it("keeps has_bank_account true while another linked item remains", async () => {
    const { user } = await linkedUser("two-items@example.com");
    const linked = await bank.exchangePublicToken(user, await ownLinkSession(user));
    if (!linked.ok) throw new Error(linked.code);
    expect(linked.accounts).toHaveLength(4);
    const items = await db()
      .select({ id: bankItems.id })
      .from(bankItems)
      .where(and(eq(bankItems.userId, user.id), eq(bankItems.status, "active")));
    expect(items).toHaveLength(2);
    expect(await bank.unlinkItem(user.id, items[0]!.id)).toEqual({ ok: true });
    expect(await hasBankAccount(user.id)).toBe(true);
    expect(await bank.bankAccountsFor(user.id)).toHaveLength(2);
    expect(await bank.unlinkItem(user.id, items[1]!.id)).toEqual({ ok: true });
    expect(await hasBankAccount(user.id)).toBe(false);
  });
});

describe("balances in cents", () => {
  it.each([
    [100, 10000],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [-12.5, -1250],
    [null, null],
    [undefined, null],
  ])("dollarsToCents(%s) = %s", (dollars, cents) => {
    expect(bank.dollarsToCents(dollars as number | null | undefined)).toBe(cents);
  });
});
