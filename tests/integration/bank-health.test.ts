/**
 * The bank-connection states (ADR 037) as app/server/bank/account-health.server.ts sets and clears them: each set
 * once, told once (bell + outbox email in the caller's transaction), cleared by the member's own action.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
const health = await import("../../app/server/bank/account-health.server");
const { db } = await import("../../app/server/db/client.server");
const { bankAccounts, bankItems, debitAuthorizations, emailOutbox, notifications } = await import("../../app/server/db/schema");
const { decryptSecret, encryptSecret } = await import("../../app/server/platform/crypto.server");
const { savePreferences } = await import("../../app/server/notifications/preferences.server");
const { DEFAULT_PREFERENCES } = await import("../../app/domain/profile");
const { debitAuthorizationWording } = await import("../../app/domain/bank-health");
const { createUser } = await import("../support/users");
const { asc, eq, sql } = await import("drizzle-orm");

const NOW = new Date("2026-03-02T15:00:00Z");

let counter = 0;
/** A member with one item at First Platypus Bank holding a checking and a savings account (rows as bank.server writes them). */
async function memberWithBank(name = "Amina Yusuf") {
  counter += 1;
  const user = await createUser({ name, isPlaidSandboxAuthorized: true, hasBankAccount: true });
  const [item] = await db()
    .insert(bankItems)
    .values({
      userId: user.id,
      providerItemId: `item-health-${counter}-${Date.now()}`,
      accessTokenEncrypted: encryptSecret(`access-sandbox-health-${counter}`),
      institutionId: "ins_109508",
      institutionName: "First Platypus Bank",
    })
    .returning();
  const [checking, savings] = await db()
    .insert(bankAccounts)
    .values([
      {
        itemId: item!.id,
        userId: user.id,
        providerAccountId: `acc-c-${counter}`,
        name: "Plaid Checking",
        type: "depository",
        subtype: "checking",
        mask: "0000",
      },
      {
        itemId: item!.id,
        userId: user.id,
        providerAccountId: `acc-s-${counter}`,
        name: "Plaid Saving",
        type: "depository",
        subtype: "savings",
        mask: "1111",
      },
    ])
    .returning();
  return { user, item: item!, checking: checking!, savings: savings! };
}

async function bell(userId: string) {
  return db()
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

async function outbox(userId: string) {
  const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.userId, userId)).orderBy(asc(emailOutbox.createdAt));
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    template: row.template,
    status: row.status,
    data: JSON.parse(decryptSecret(row.payloadEncrypted!)) as Record<string, string>,
  }));
}

async function itemState(itemId: string) {
  const [row] = await db()
    .select({ at: bankItems.loginRequiredAt, reason: bankItems.loginRequiredReason, authorizationId: bankItems.loginRequiredAuthorizationId })
    .from(bankItems)
    .where(eq(bankItems.id, itemId));
  return row!;
}

async function accountState(accountId: string) {
  const [row] = await db().select().from(bankAccounts).where(eq(bankAccounts.id, accountId));
  return row!;
}

/**
 * In this file's database: locks other sessions hold on bank_items, and lock requests some session is waiting for (a
 * row lock is waited for on the holder's transaction id, a lock with no database, hence the sessions' filter).
 */
const THIS_DATABASE = sql`(select oid from pg_database where datname = current_database())`;
async function itemLocks() {
  const { rows } = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'bank_items' and l.pid <> pg_backend_pid() and l.database = ${THIS_DATABASE}`,
  );
  return rows[0]!.n;
}
async function waitingLocks() {
  const { rows } = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from pg_locks where not granted and pid in (select pid from pg_stat_activity where datname = current_database())`,
  );
  return rows[0]!.n;
}

const LOGIN_EXPIRED_BODY =
  "Your login at First Platypus Bank has expired, so we can't collect contributions or send payouts through it. Reconnect your bank to keep your groups on schedule; it takes a minute and your accounts stay the same.";

describe("markItemLoginRequired", () => {
  it("sets the state once and tells the member once: bell and email, in the caller's transaction", async () => {
    const { user, item } = await memberWithBank();
    const first = await db().transaction((tx) => health.markItemLoginRequired(tx, { itemId: item.id, reason: "ITEM_LOGIN_REQUIRED", now: NOW }));
    expect(first.changed).toBe(true);
    expect(first.emailIds).toHaveLength(1);
    expect(await itemState(item.id)).toEqual({ at: NOW, reason: "ITEM_LOGIN_REQUIRED", authorizationId: null });

    // The webhook again, a retried job, the engine's user_action_required on the same item: nothing new.
    const again = await db().transaction((tx) => health.markItemLoginRequired(tx, { itemId: item.id, reason: "ITEM_LOGIN_REQUIRED" }));
    const engine = await db().transaction((tx) =>
      health.markItemLoginRequired(tx, { itemId: item.id, reason: "USER_ACTION_REQUIRED", authorizationId: "auth-1" }),
    );
    expect(again).toEqual({ changed: false, emailIds: [] });
    expect(engine).toEqual({ changed: false, emailIds: [] });
    expect(await itemState(item.id)).toEqual({ at: NOW, reason: "ITEM_LOGIN_REQUIRED", authorizationId: null });

    expect(await bell(user.id)).toEqual([{ title: "Reconnect your bank", body: LOGIN_EXPIRED_BODY, link: "/profile/bank-accounts" }]);
    const emails = await outbox(user.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      id: first.emailIds[0],
      to: user.email,
      template: "account-alert",
      status: "queued",
      data: {
        name: "Amina Yusuf",
        title: "Reconnect your bank",
        body: LOGIN_EXPIRED_BODY,
        actionLabel: "Reconnect your bank",
        actionUrl: "http://localhost:3000/profile/bank-accounts",
      },
    });
  });

  it("keeps the authorization that asked for user action", async () => {
    const { item } = await memberWithBank();
    await db().transaction((tx) =>
      health.markItemLoginRequired(tx, { itemId: item.id, reason: "USER_ACTION_REQUIRED", authorizationId: "auth-uar-1", now: NOW }),
    );
    expect(await itemState(item.id)).toEqual({ at: NOW, reason: "USER_ACTION_REQUIRED", authorizationId: "auth-uar-1" });
  });

  it("a pending expiration is a warning; a login that then stops working is told again, never the other way round", async () => {
    const { user, item } = await memberWithBank();
    await db().transaction((tx) => health.markItemLoginRequired(tx, { itemId: item.id, reason: "PENDING_EXPIRATION", now: NOW }));
    expect((await bell(user.id)).map((n) => n.body)).toEqual([
      "Your connection to First Platypus Bank expires in a few days. Reconnect your bank before then so your contributions and payouts keep going through; it takes a minute and your accounts stay the same.",
    ]);
    const later = new Date(NOW.getTime() + 7 * 86_400_000);
    const broken = await db().transaction((tx) => health.markItemLoginRequired(tx, { itemId: item.id, reason: "ITEM_LOGIN_REQUIRED", now: later }));
    expect(broken.changed).toBe(true);
    expect(await itemState(item.id)).toEqual({ at: later, reason: "ITEM_LOGIN_REQUIRED", authorizationId: null });
    const warning = await db().transaction((tx) => health.markItemLoginRequired(tx, { itemId: item.id, reason: "PENDING_EXPIRATION" }));
    expect(warning.changed).toBe(false);
    expect(await itemState(item.id)).toEqual({ at: later, reason: "ITEM_LOGIN_REQUIRED", authorizationId: null });
    expect((await bell(user.id)).map((n) => n.body)).toEqual([expect.stringContaining("expires in a few days"), LOGIN_EXPIRED_BODY]);
    expect(await outbox(user.id)).toHaveLength(2);
  });

  it("rolls back with the caller: no state, no bell, no email", async () => {
    const { user, item } = await memberWithBank();
    await expect(
      db().transaction(async (tx) => {
        await health.markItemLoginRequired(tx, { itemId: item.id, reason: "ITEM_LOGIN_REQUIRED", now: NOW });
        throw new Error("the caller failed afterwards");
      }),
    ).rejects.toThrow("the caller failed afterwards");
    expect(await itemState(item.id)).toEqual({ at: null, reason: null, authorizationId: null });
    expect(await bell(user.id)).toEqual([]);
    expect(await outbox(user.id)).toEqual([]);
  });

  it("two callers at once tell the member once", async () => {
    const { user, item } = await memberWithBank();
    // The first caller has set the state and not committed yet when the second one reads it: the second must wait for
    // the first's commit (row lock) and then find the state already set.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = db().transaction(async (tx) => {
      const result = await health.markItemLoginRequired(tx, { itemId: item.id, reason: "ITEM_LOGIN_REQUIRED" });
      await gate;
      return result;
    });
    while ((await itemLocks()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = db().transaction((tx) => health.markItemLoginRequired(tx, { itemId: item.id, reason: "ITEM_LOGIN_REQUIRED" }));
    // Let go of the first once the second is blocked on the item's row, whichever statement it blocked in.
    while ((await waitingLocks()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    const results = await Promise.all([first, second]);
    expect(results.map((result) => result.changed)).toEqual([true, false]);
    expect(await bell(user.id)).toHaveLength(1);
    expect(await outbox(user.id)).toHaveLength(1);
  });

  it("leaves a removed item alone, and the state without notices when urgent notifications are off", async () => {
    const removed = await memberWithBank();
    await db().update(bankItems).set({ status: "removed", removedAt: NOW }).where(eq(bankItems.id, removed.item.id));
    expect(await db().transaction((tx) => health.markItemLoginRequired(tx, { itemId: removed.item.id, reason: "ITEM_LOGIN_REQUIRED" }))).toEqual({
      changed: false,
      emailIds: [],
    });
    expect(await itemState(removed.item.id)).toEqual({ at: null, reason: null, authorizationId: null });

    const quiet = await memberWithBank();
    await savePreferences(quiet.user.id, { ...DEFAULT_PREFERENCES, pushUrgentAccount: false });
    const result = await db().transaction((tx) =>
      health.markItemLoginRequired(tx, { itemId: quiet.item.id, reason: "ITEM_LOGIN_REQUIRED", now: NOW }),
    );
    expect(result).toEqual({ changed: true, emailIds: [] });
    expect((await itemState(quiet.item.id)).reason).toBe("ITEM_LOGIN_REQUIRED");
    expect(await bell(quiet.user.id)).toEqual([]);
    expect(await outbox(quiet.user.id)).toEqual([]);
  });

  it("refuses a reason that is not one of the three, and the database refuses a half-set state", async () => {
    const { item } = await memberWithBank();
    await expect(
      db().transaction((tx) => health.markItemLoginRequired(tx, { itemId: item.id, reason: "EXPIRED" as "ITEM_LOGIN_REQUIRED" })),
    ).rejects.toThrow('not a login-required reason: "EXPIRED"');
    await expect(db().update(bankItems).set({ loginRequiredAt: NOW }).where(eq(bankItems.id, item.id))).rejects.toMatchObject({
      cause: { constraint: "bank_items_login_required_reason" },
    });
    await expect(
      db()
        .update(bankItems)
        .set({ loginRequiredAt: NOW, loginRequiredReason: "EXPIRED" as "ITEM_LOGIN_REQUIRED" })
        .where(eq(bankItems.id, item.id)),
    ).rejects.toMatchObject({ cause: { constraint: "bank_items_login_required_reason" } });
  });
});

describe("clearItemLoginRequired", () => {
  it("clears the state and tells the member in the app; a healthy item or another user's item is left alone", async () => {
    const { user, item } = await memberWithBank();
    const other = await memberWithBank("Omar Haddad");
    await db().transaction((tx) =>
      health.markItemLoginRequired(tx, { itemId: item.id, reason: "USER_ACTION_REQUIRED", authorizationId: "auth-9", now: NOW }),
    );

    expect(await db().transaction((tx) => health.clearItemLoginRequired(tx, { itemId: item.id, userId: other.user.id }))).toEqual({
      changed: false,
      emailIds: [],
    });
    expect((await itemState(item.id)).reason).toBe("USER_ACTION_REQUIRED");

    expect(await db().transaction((tx) => health.clearItemLoginRequired(tx, { itemId: item.id, userId: user.id }))).toEqual({
      changed: true,
      emailIds: [],
    });
    expect(await itemState(item.id)).toEqual({ at: null, reason: null, authorizationId: null });
    expect(await db().transaction((tx) => health.clearItemLoginRequired(tx, { itemId: item.id }))).toEqual({ changed: false, emailIds: [] });
    expect((await bell(user.id)).map((n) => [n.title, n.body])).toEqual([
      ["Reconnect your bank", LOGIN_EXPIRED_BODY],
      ["Bank reconnected", "First Platypus Bank is connected again. Contributions and payouts that were waiting for it go ahead now."],
    ]);
    expect(await outbox(user.id)).toHaveLength(1);
  });
});

describe("markAccountUnusable", () => {
  it("marks one account once with its return code and tells the member to link another", async () => {
    const { user, checking, savings } = await memberWithBank();
    const first = await db().transaction((tx) => health.markAccountUnusable(tx, { bankAccountId: checking.id, returnCode: "R02", now: NOW }));
    const again = await db().transaction((tx) => health.markAccountUnusable(tx, { bankAccountId: checking.id, returnCode: "R03" }));
    expect(first.changed).toBe(true);
    expect(again).toEqual({ changed: false, emailIds: [] });
    expect(await accountState(checking.id)).toMatchObject({ unusableAt: NOW, unusableCode: "R02", debitAuthorizationRevokedAt: null });
    expect(await accountState(savings.id)).toMatchObject({ unusableAt: null, unusableCode: null });
    const notice = {
      title: "Link another account: First Platypus Bank Plaid Checking ••0000 can't be used",
      body: "The bank says this account is closed. We can't take contributions from it or pay payouts into it any more. Link another bank account to keep your groups on schedule.",
      link: "/profile/bank-accounts",
    };
    expect(await bell(user.id)).toEqual([notice]);
    expect((await outbox(user.id)).map((email) => email.data)).toEqual([
      expect.objectContaining({ title: notice.title, body: notice.body, actionLabel: "Link another account" }),
    ]);
  });

  it("words R03 and R04 for what happened, and refuses anything that is not a return code", async () => {
    const a = await memberWithBank();
    const b = await memberWithBank();
    await db().transaction((tx) => health.markAccountUnusable(tx, { bankAccountId: a.checking.id, returnCode: "R03" }));
    await db().transaction((tx) => health.markAccountUnusable(tx, { bankAccountId: b.checking.id, returnCode: "R04" }));
    expect((await bell(a.user.id))[0]!.body).toMatch(/^The bank could not find an account with this number\. /);
    expect((await bell(b.user.id))[0]!.body).toMatch(/^The bank says the account number is not valid\. /);
    await expect(db().transaction((tx) => health.markAccountUnusable(tx, { bankAccountId: a.savings.id, returnCode: "closed" }))).rejects.toThrow(
      'not a NACHA return code: "closed"',
    );
    await expect(
      db().update(bankAccounts).set({ unusableAt: NOW, unusableCode: "X1" }).where(eq(bankAccounts.id, a.savings.id)),
    ).rejects.toMatchObject({ cause: { constraint: "bank_accounts_unusable_code" } });
    await expect(db().update(bankAccounts).set({ unusableAt: NOW }).where(eq(bankAccounts.id, a.savings.id))).rejects.toMatchObject({
      cause: { constraint: "bank_accounts_unusable_code" },
    });
    await expect(db().update(bankAccounts).set({ debitAuthorizationRevokedAt: NOW }).where(eq(bankAccounts.id, a.savings.id))).rejects.toMatchObject({
      cause: { constraint: "bank_accounts_debit_authorization_revoked_code" },
    });
  });
});

describe("revokeDebitAuthorization and authorizeDebits", () => {
  it("revokes once with the code's own words; the member's consent in our form records what they agreed to and clears it", async () => {
    const { user, checking } = await memberWithBank();
    const revoked = await db().transaction((tx) => health.revokeDebitAuthorization(tx, { bankAccountId: checking.id, returnCode: "R10", now: NOW }));
    const again = await db().transaction((tx) => health.revokeDebitAuthorization(tx, { bankAccountId: checking.id, returnCode: "R07" }));
    expect(revoked.changed).toBe(true);
    expect(again.changed).toBe(false);
    expect(await accountState(checking.id)).toMatchObject({ debitAuthorizationRevokedAt: NOW, debitAuthorizationRevokedCode: "R10" });
    expect((await bell(user.id))[0]).toEqual({
      title: "Authorise debits again from First Platypus Bank Plaid Checking ••0000",
      body: "You told your bank that a debit was not authorised. We won't debit this account again until you authorise it. Review and authorise debits to keep paying into your groups.",
      link: "/profile/bank-accounts",
    });

    const later = new Date(NOW.getTime() + 3_600_000);
    const consent = { ipAddress: "203.0.113.9", userAgent: "Mozilla/5.0 (Test)" };
    const given = await db().transaction((tx) => health.authorizeDebits(tx, { userId: user.id, bankAccountId: checking.id, consent, now: later }));
    expect(given).toMatchObject({ changed: true });
    expect(await accountState(checking.id)).toMatchObject({ debitAuthorizationRevokedAt: null, debitAuthorizationRevokedCode: null });
    const wording = debitAuthorizationWording({
      memberName: "Amina Yusuf",
      institutionName: "First Platypus Bank",
      accountName: "Plaid Checking",
      mask: "0000",
    });
    expect(wording).toBe(
      "I, Amina Yusuf, authorise Rosca to debit my account First Platypus Bank Plaid Checking ••0000 by ACH for the contributions and the setup fee of each savings group I belong to, in the amounts and on the due dates the group's schedule shows, and to credit my payouts to it. A debit that is returned may be retried up to twice when the rules allow. This authorisation stays in effect until I withdraw it, which I can do at any time by unlinking the account under Profile → Bank Accounts or by telling Rosca support, in time for Rosca to act on it before the next debit.",
    );
    expect(await db().select().from(debitAuthorizations).where(eq(debitAuthorizations.userId, user.id))).toEqual([
      {
        id: given!.authorizationId,
        userId: user.id,
        bankAccountId: checking.id,
        source: "reauthorization",
        institutionName: "First Platypus Bank",
        accountName: "Plaid Checking",
        accountMask: "0000",
        wording,
        ipAddress: "203.0.113.9",
        userAgent: "Mozilla/5.0 (Test)",
        givenAt: later,
      },
    ]);
    const emails = await outbox(user.id);
    expect(emails.map((email) => email.data.title)).toEqual([
      "Authorise debits again from First Platypus Bank Plaid Checking ••0000",
      "Debits authorised",
    ]);
    expect(emails[1]!.data.body).toBe(
      `You authorised Rosca to debit First Platypus Bank Plaid Checking ••0000 for your group contributions. Waiting contributions go ahead now. What you agreed to: ${wording}`,
    );
  });

  it("each return code of a withdrawn authorisation has its own words", async () => {
    const expected: Record<string, string> = {
      R05: "Your bank returned a debit because debits of this kind were not authorised on a consumer account.",
      R07: "You withdrew your authorisation of these debits at your bank.",
      R08: "You asked your bank to stop payment on a debit.",
      R29: "Your bank says the account holder did not authorise the debit.",
    };
    for (const [code, words] of Object.entries(expected)) {
      const { user, checking } = await memberWithBank();
      await db().transaction((tx) => health.revokeDebitAuthorization(tx, { bankAccountId: checking.id, returnCode: code }));
      expect((await bell(user.id))[0]!.body).toBe(
        `${words} We won't debit this account again until you authorise it. Review and authorise debits to keep paying into your groups.`,
      );
    }
  });

  it("refuses another member's account: nothing recorded, nothing cleared", async () => {
    const owner = await memberWithBank();
    const intruder = await memberWithBank("Omar Haddad");
    await db().transaction((tx) => health.revokeDebitAuthorization(tx, { bankAccountId: owner.checking.id, returnCode: "R07" }));
    const result = await db().transaction((tx) =>
      health.authorizeDebits(tx, { userId: intruder.user.id, bankAccountId: owner.checking.id, consent: { ipAddress: null, userAgent: null } }),
    );
    expect(result).toBeNull();
    expect((await accountState(owner.checking.id)).debitAuthorizationRevokedCode).toBe("R07");
    expect(await db().select().from(debitAuthorizations).where(eq(debitAuthorizations.bankAccountId, owner.checking.id))).toEqual([]);
  });

  it("keeps the record of consent when the account is unlinked", async () => {
    const { user, item, checking } = await memberWithBank();
    await db().transaction((tx) =>
      health.authorizeDebits(tx, { userId: user.id, bankAccountId: checking.id, consent: { ipAddress: null, userAgent: null } }),
    );
    await db().delete(bankAccounts).where(eq(bankAccounts.itemId, item.id));
    const [kept] = await db().select().from(debitAuthorizations).where(eq(debitAuthorizations.userId, user.id));
    expect(kept).toMatchObject({ bankAccountId: null, accountName: "Plaid Checking", accountMask: "0000", source: "reauthorization" });
  });
});

describe("authorising debits in Spanish (ADR 056, part five (h))", () => {
  it("records the words the Spanish page showed, the ones the member ticked", async () => {
    const route = await import("../../app/routes/profile.bank-accounts");
    const { call, post } = await import("../support/routes");
    const { sessionJarFor } = await import("../support/users");
    const { translator } = await import("../../app/server/platform/locale.server");
    const { user, checking } = await memberWithBank("Rita Reyes");
    await db().transaction((tx) => health.revokeDebitAuthorization(tx, { bankAccountId: checking.id, returnCode: "R10", now: NOW }));
    const request = post(
      "/profile/bank-accounts",
      { intent: "authorize-debits", bankAccountId: checking.id, consent: "yes" },
      await sessionJarFor(user.id),
    );
    request.headers.set("Accept-Language", "es-US");
    expect(await call(route.action, request)).toMatchObject({ status: 302, location: "/profile/bank-accounts" });
    const label = { memberName: "Rita Reyes", institutionName: "First Platypus Bank", accountName: "Plaid Checking", mask: "0000" };
    const spanish = debitAuthorizationWording(label, translator("es-US"));
    expect(spanish).toMatch(/^Yo, Rita Reyes, autorizo a Rosca a hacer cargos por ACH a mi cuenta First Platypus Bank Plaid Checking ••0000 /);
    const [given] = await db().select().from(debitAuthorizations).where(eq(debitAuthorizations.userId, user.id));
    expect(given?.wording).toBe(spanish);
    expect((await accountState(checking.id)).debitAuthorizationRevokedCode).toBeNull();
  });
});
