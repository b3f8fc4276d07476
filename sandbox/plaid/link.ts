/**
 * The sandbox Link: our stand-in for Plaid Link. One flow — choose an institution, log in, select accounts — driven
 * either by plain HTML forms (link-view.ts, no JavaScript needed) or by JSON calls (/link/session/*). Both use the
 * functions here, so they behave the same. See README.md for the contract.
 */
import { and, asc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { BankDb } from "./context";
import { createItem, issuePublicToken } from "./items";
import { plaidAccounts, plaidItems, plaidLinkSessions, plaidLinkTokens, type PlaidItemRow } from "./schema";
import { checkCredentials, findInstitution, INSTITUTIONS, plaidErrors, PlaidFailure, uuid } from "./wire";

export type LinkAccount = { id: string; name: string; mask: string; type: string; subtype: string };
export type LinkInstitution = { institution_id: string; name: string };

export type LinkSuccess = {
  public_token: string;
  metadata: { institution: LinkInstitution; accounts: LinkAccount[]; link_session_id: string };
};

export const institutionList = (): LinkInstitution[] =>
  INSTITUTIONS.map((institution) => ({ institution_id: institution.institutionId, name: institution.name }));

type LinkTokenRow = typeof plaidLinkTokens.$inferSelect;

/**
 * The item a link token in update mode repairs (its login is renewed; its accounts and access token stay), or null
 * for a token that links a new item. ITEM_NOT_FOUND once the item has been removed.
 */
export async function updateItem(db: BankDb, linkToken: LinkTokenRow): Promise<PlaidItemRow | null> {
  if (!linkToken.updateItemId) return null;
  const [item] = await db.select().from(plaidItems).where(eq(plaidItems.itemId, linkToken.updateItemId));
  if (!item || item.removedAt) throw plaidErrors.itemNotFound();
  return item;
}

/** The institutions Link offers for a token: all of them, or in update mode the item's own only. */
export async function institutionsFor(db: BankDb, linkToken: LinkTokenRow): Promise<LinkInstitution[]> {
  const item = await updateItem(db, linkToken);
  return item ? institutionList().filter((institution) => institution.institution_id === item.institutionId) : institutionList();
}

/** The institution a Link step names, if Link offers it for this token (INVALID_INSTITUTION otherwise). */
export async function offeredInstitution(db: BankDb, linkToken: LinkTokenRow, institutionId: unknown): Promise<LinkInstitution> {
  const institution = (await institutionsFor(db, linkToken)).find((candidate) => candidate.institution_id === institutionId);
  if (!institution) throw plaidErrors.invalidInstitution(typeof institutionId === "string" ? institutionId : "");
  return institution;
}

export async function liveLinkToken(db: BankDb, linkToken: unknown, now: Date) {
  if (typeof linkToken !== "string" || linkToken === "") throw plaidErrors.missingFields(["link_token"]);
  const [row] = await db.select().from(plaidLinkTokens).where(eq(plaidLinkTokens.linkToken, linkToken));
  if (!row) throw plaidErrors.invalidLinkToken("unknown");
  if (row.expiresAt.getTime() <= now.getTime()) throw plaidErrors.invalidLinkToken("expired");
  return row;
}

/** The link token behind a session, for the redirect target; throws when either is unknown or finished. */
export async function openSession(db: BankDb, linkSessionId: unknown, now: Date) {
  if (typeof linkSessionId !== "string" || linkSessionId === "") throw plaidErrors.missingFields(["link_session_id"]);
  const [session] = await db.select().from(plaidLinkSessions).where(eq(plaidLinkSessions.linkSessionId, linkSessionId));
  if (!session) throw new PlaidFailure(400, "INVALID_INPUT", "INVALID_LINK_SESSION", "link session does not exist");
  if (session.completedAt) {
    throw new PlaidFailure(400, "INVALID_INPUT", "INVALID_LINK_SESSION", "link session is already completed");
  }
  const linkToken = await liveLinkToken(db, session.linkToken, now);
  return { session, linkToken };
}

/**
 * Checks a redirect_uri against the one the link token was created with. Only an exact match is accepted, and the
 * Link UI only ever redirects to the stored value, so it can never be used as an open redirect.
 */
export async function checkRedirect(db: BankDb, linkToken: unknown, redirectUri: unknown, now: Date) {
  const row = await liveLinkToken(db, linkToken, now);
  if (!row.redirectUri) {
    throw plaidErrors.invalidField("this link token has no redirect_uri; create it with redirect_uri to use the hosted Link UI");
  }
  if (redirectUri !== row.redirectUri) throw plaidErrors.invalidField("redirect_uri does not match the link token's redirect_uri");
  return row;
}

export async function startSession(db: BankDb, linkToken: unknown, now: Date) {
  const row = await liveLinkToken(db, linkToken, now);
  const institutions = await institutionsFor(db, row);
  const linkSessionId = uuid();
  await db.insert(plaidLinkSessions).values({ linkSessionId, linkToken: row.linkToken, createdAt: now });
  return { link_session_id: linkSessionId, institutions };
}

/**
 * Logs in at an institution. On success the item and its accounts are created (not yet usable: no access token until
 * a public token is exchanged) and the accounts are offered for selection. In update mode the login renews the
 * existing item's: no item is created, and its own accounts are offered. A failed login throws the Plaid error;
 * `retryable` on the result of checkCredentials says whether the UI should ask again.
 */
export async function logIn(
  db: BankDb,
  input: { linkSessionId: unknown; institutionId: unknown; username: unknown; password: unknown; now: Date },
): Promise<{ link_session_id: string; institution: LinkInstitution; accounts: LinkAccount[] }> {
  const { session, linkToken } = await openSession(db, input.linkSessionId, input.now);
  const institution = await offeredInstitution(db, linkToken, input.institutionId);
  const login = checkCredentials(input.username, input.password);
  if (!login.ok) throw Object.assign(login.failure, { retryable: login.retryable });
  const repairing = await updateItem(db, linkToken);
  let itemId: string;
  let accounts: Array<typeof plaidAccounts.$inferSelect>;
  if (repairing) {
    itemId = repairing.itemId;
    accounts = await db.select().from(plaidAccounts).where(eq(plaidAccounts.itemId, itemId)).orderBy(asc(plaidAccounts.position));
  } else {
    const created = await createItem(db, {
      clientId: linkToken.clientId,
      institutionId: institution.institution_id,
      products: linkToken.products,
      webhook: linkToken.webhook,
      accounts: login.accounts,
      now: input.now,
    });
    itemId = created.item.itemId;
    accounts = created.accounts;
    // Logging in again within a session replaces the earlier item, which no public token was issued for.
    if (session.itemId) await db.delete(plaidItems).where(eq(plaidItems.itemId, session.itemId));
  }
  await db
    .update(plaidLinkSessions)
    .set({ institutionId: institution.institution_id, itemId })
    .where(eq(plaidLinkSessions.linkSessionId, session.linkSessionId));
  return { link_session_id: session.linkSessionId, institution, accounts: accounts.map(linkAccount) };
}

export function isRetryable(error: unknown): boolean {
  return error instanceof PlaidFailure && (error as PlaidFailure & { retryable?: boolean }).retryable === true;
}

function linkAccount(account: typeof plaidAccounts.$inferSelect): LinkAccount {
  return { id: account.accountId, name: account.name, mask: account.mask, type: account.type, subtype: account.subtype };
}

/** What Link's success did besides issuing the public token: the item it repaired in update mode, if it was broken. */
export type LinkCompletion = LinkSuccess & {
  repaired: PlaidItemRow | null;
  /** A Multi-Item Link session: its public token goes to the server (SESSION_FINISHED, /link/token/get), not the browser. */
  multiItem: { linkToken: string; webhook: string | null } | null;
};

/**
 * Completes the session (once): keeps the selected accounts on a new item and issues the public token. In update mode
 * the item keeps all its accounts (and its access token); its login-required state is cleared, and `repaired` names
 * it when it was broken, so the server can send LOGIN_REPAIRED.
 */
export async function selectAccounts(db: BankDb, input: { linkSessionId: unknown; accountIds: unknown; now: Date }): Promise<LinkCompletion> {
  const { session, linkToken } = await openSession(db, input.linkSessionId, input.now);
  if (!session.itemId || !session.institutionId) {
    throw new PlaidFailure(400, "INVALID_INPUT", "INVALID_LINK_SESSION", "log in before selecting accounts");
  }
  const itemId = session.itemId;
  const accountIds = input.accountIds;
  if (!Array.isArray(accountIds) || accountIds.length === 0 || !accountIds.every((id) => typeof id === "string")) {
    throw plaidErrors.missingFields(["account_ids"]);
  }
  const updateMode = linkToken.updateItemId === itemId;
  return db.transaction(async (tx) => {
    const selected = await tx
      .select()
      .from(plaidAccounts)
      .where(and(eq(plaidAccounts.itemId, itemId), inArray(plaidAccounts.accountId, accountIds)))
      .orderBy(plaidAccounts.position);
    if (selected.length !== new Set(accountIds).size) throw plaidErrors.invalidAccountId();
    const [completed] = await tx
      .update(plaidLinkSessions)
      .set({ completedAt: input.now })
      .where(and(eq(plaidLinkSessions.linkSessionId, session.linkSessionId), isNull(plaidLinkSessions.completedAt)))
      .returning();
    if (!completed) throw new PlaidFailure(400, "INVALID_INPUT", "INVALID_LINK_SESSION", "link session is already completed");
    let repaired: PlaidItemRow | null = null;
    if (updateMode) {
      // The login is renewed: the item works again, with the accounts and access token it had.
      const [item] = await tx.select().from(plaidItems).where(eq(plaidItems.itemId, itemId)).for("update");
      if (item?.loginRequiredAt) {
        await tx.update(plaidItems).set({ loginRequiredAt: null }).where(eq(plaidItems.itemId, itemId));
        repaired = item;
      }
    } else {
      // Plaid's item holds only the accounts the user shared.
      await tx.delete(plaidAccounts).where(and(eq(plaidAccounts.itemId, itemId), notInArray(plaidAccounts.accountId, accountIds)));
    }
    const publicToken = await issuePublicToken(tx, itemId, input.now);
    await tx.update(plaidLinkSessions).set({ publicToken }).where(eq(plaidLinkSessions.linkSessionId, session.linkSessionId));
    const institution = findInstitution(session.institutionId)!;
    return {
      public_token: publicToken,
      metadata: {
        institution: { institution_id: institution.institutionId, name: institution.name },
        accounts: selected.map(linkAccount),
        link_session_id: session.linkSessionId,
      },
      repaired,
      multiItem: linkToken.multiItem ? { linkToken: linkToken.linkToken, webhook: linkToken.webhook } : null,
    };
  });
}

/** The accounts offered after login, for re-rendering the select step. */
export async function sessionAccounts(db: BankDb, itemId: string): Promise<LinkAccount[]> {
  const rows = await db.select().from(plaidAccounts).where(eq(plaidAccounts.itemId, itemId)).orderBy(plaidAccounts.position);
  return rows.map(linkAccount);
}

/** Where the browser goes back to, with Plaid Link's onSuccess / onExit data as query parameters. */
export function successRedirect(redirectUri: string, success: LinkSuccess, linkToken: string): string {
  const url = new URL(redirectUri);
  // A Multi-Item Link session's onSuccess carries no public token (the server reads it from /link/token/get).
  if (success.public_token) url.searchParams.set("public_token", success.public_token);
  url.searchParams.set("institution_id", success.metadata.institution.institution_id);
  url.searchParams.set("institution_name", success.metadata.institution.name);
  url.searchParams.set("accounts", JSON.stringify(success.metadata.accounts));
  url.searchParams.set("link_session_id", success.metadata.link_session_id);
  // The Link token the pages ran with, as the embedded Link's page keeps it in memory: the app's exchange names it (ADR 049).
  url.searchParams.set("link_token", linkToken);
  return url.toString();
}

export function exitRedirect(redirectUri: string, error: PlaidFailure | null, linkSessionId: string | null): string {
  const url = new URL(redirectUri);
  url.searchParams.set("status", "exit");
  if (error) {
    url.searchParams.set("error_type", error.errorType);
    url.searchParams.set("error_code", error.errorCode);
    url.searchParams.set("error_message", error.message);
  }
  if (linkSessionId) url.searchParams.set("link_session_id", linkSessionId);
  return url.toString();
}
