/**
 * The sandbox Link: our stand-in for Plaid Link. One flow — choose an institution, log in, select accounts — driven
 * either by plain HTML forms (link-view.ts, no JavaScript needed) or by JSON calls (/link/session/*). Both use the
 * functions here, so they behave the same. See README.md for the contract.
 */
import { and, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { createItem, issuePublicToken } from "./bank";
import type { BankDb } from "./context";
import { plaidAccounts, plaidItems, plaidLinkSessions, plaidLinkTokens } from "./schema";
import { checkCredentials, findInstitution, INSTITUTIONS, plaidErrors, PlaidFailure, uuid } from "./wire";

export type LinkAccount = { id: string; name: string; mask: string; type: string; subtype: string };
export type LinkInstitution = { institution_id: string; name: string };

export type LinkSuccess = {
  public_token: string;
  metadata: { institution: LinkInstitution; accounts: LinkAccount[]; link_session_id: string };
};

export const institutionList = (): LinkInstitution[] =>
  INSTITUTIONS.map((institution) => ({ institution_id: institution.institutionId, name: institution.name }));

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
  const linkSessionId = uuid();
  await db.insert(plaidLinkSessions).values({ linkSessionId, linkToken: row.linkToken, createdAt: now });
  return { link_session_id: linkSessionId, institutions: institutionList() };
}

/**
 * Logs in at an institution. On success the item and its accounts are created (not yet usable: no access token until
 * a public token is exchanged) and the accounts are offered for selection. A failed login throws the Plaid error;
 * `retryable` on the result of checkCredentials says whether the UI should ask again.
 */
export async function logIn(
  db: BankDb,
  input: { linkSessionId: unknown; institutionId: unknown; username: unknown; password: unknown; now: Date },
): Promise<{ link_session_id: string; institution: LinkInstitution; accounts: LinkAccount[] }> {
  const { session, linkToken } = await openSession(db, input.linkSessionId, input.now);
  const institution = findInstitution(input.institutionId);
  if (!institution) throw plaidErrors.invalidInstitution(String(input.institutionId ?? ""));
  const login = checkCredentials(input.username, input.password);
  if (!login.ok) throw Object.assign(login.failure, { retryable: login.retryable });
  const { item, accounts } = await createItem(db, {
    clientId: linkToken.clientId,
    institutionId: institution.institutionId,
    products: linkToken.products,
    webhook: linkToken.webhook,
    accounts: login.accounts,
    now: input.now,
  });
  // Logging in again within a session replaces the earlier item, which no public token was issued for.
  if (session.itemId) await db.delete(plaidItems).where(eq(plaidItems.itemId, session.itemId));
  await db
    .update(plaidLinkSessions)
    .set({ institutionId: institution.institutionId, itemId: item.itemId })
    .where(eq(plaidLinkSessions.linkSessionId, session.linkSessionId));
  return {
    link_session_id: session.linkSessionId,
    institution: { institution_id: institution.institutionId, name: institution.name },
    accounts: accounts.map(linkAccount),
  };
}

export function isRetryable(error: unknown): boolean {
  return error instanceof PlaidFailure && (error as PlaidFailure & { retryable?: boolean }).retryable === true;
}

function linkAccount(account: typeof plaidAccounts.$inferSelect): LinkAccount {
  return { id: account.accountId, name: account.name, mask: account.mask, type: account.type, subtype: account.subtype };
}

/** Keeps the selected accounts on the item, issues the public token and completes the session (once). */
export async function selectAccounts(db: BankDb, input: { linkSessionId: unknown; accountIds: unknown; now: Date }): Promise<LinkSuccess> {
  const { session } = await openSession(db, input.linkSessionId, input.now);
  if (!session.itemId || !session.institutionId) {
    throw new PlaidFailure(400, "INVALID_INPUT", "INVALID_LINK_SESSION", "log in before selecting accounts");
  }
  const itemId = session.itemId;
  const accountIds = input.accountIds;
  if (!Array.isArray(accountIds) || accountIds.length === 0 || !accountIds.every((id) => typeof id === "string")) {
    throw plaidErrors.missingFields(["account_ids"]);
  }
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
    // Plaid's item holds only the accounts the user shared.
    await tx.delete(plaidAccounts).where(and(eq(plaidAccounts.itemId, itemId), notInArray(plaidAccounts.accountId, accountIds)));
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
    };
  });
}

/** The accounts offered after login, for re-rendering the select step. */
export async function sessionAccounts(db: BankDb, itemId: string): Promise<LinkAccount[]> {
  const rows = await db.select().from(plaidAccounts).where(eq(plaidAccounts.itemId, itemId)).orderBy(plaidAccounts.position);
  return rows.map(linkAccount);
}

/** Where the browser goes back to, with Plaid Link's onSuccess / onExit data as query parameters. */
export function successRedirect(redirectUri: string, success: LinkSuccess): string {
  const url = new URL(redirectUri);
  url.searchParams.set("public_token", success.public_token);
  url.searchParams.set("institution_id", success.metadata.institution.institution_id);
  url.searchParams.set("institution_name", success.metadata.institution.name);
  url.searchParams.set("accounts", JSON.stringify(success.metadata.accounts));
  url.searchParams.set("link_session_id", success.metadata.link_session_id);
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
