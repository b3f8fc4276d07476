/**
 * Whose Link session a public token came from (ADR 038). A public token is a bearer secret: whoever holds one could
 * exchange it, and the bank login behind it would become their linked account (their contributions debited from
 * someone else's bank). Plaid binds a Link token to our user (`user.client_user_id`) but its exchange endpoint takes
 * the public token alone, so before an exchange we ask Plaid's /link/token/get about the Link tokens we issued to the
 * signed-in user: the public token must be among what their sessions ended in. Anything else is refused, unspent.
 *
 * With real Plaid, /link/token/get returns the sessions' results for Hosted Link by default and for the embedded
 * Link once Plaid enables "Link events" on the account; the sandbox bank always does (sandbox/plaid/README.md).
 */
import { and, desc, eq, gt } from "drizzle-orm";
import { db } from "../db/client.server";
import { bankLinkTokenOwners } from "../db/schema";
import { plaidCall } from "./plaid.server";

/** A public token lives 30 minutes (Plaid), so a Link token that expired longer ago than that can issue none still unspent. */
const PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;
/** Asked about, newest first: a person has a few tabs open, not dozens. */
const TOKENS_ASKED = 10;

/** Remember that `linkToken` was issued to `userId` (its provider expiry bounds how long it matters). */
export async function rememberLinkToken(userId: string, linkToken: string, providerExpiresAt: Date, now = new Date()) {
  await db().insert(bankLinkTokenOwners).values({ linkToken, userId, createdAt: now, providerExpiresAt }).onConflictDoNothing();
}

export type LinkOwnership = "own" | "not-own" | "unavailable";

/** Whether `publicToken` came out of a Link session started with one of `userId`'s own Link tokens. */
export async function publicTokenOwnership(userId: string, publicToken: string, now = new Date()): Promise<LinkOwnership> {
  const tokens = await db()
    .select({ linkToken: bankLinkTokenOwners.linkToken })
    .from(bankLinkTokenOwners)
    .where(and(eq(bankLinkTokenOwners.userId, userId), gt(bankLinkTokenOwners.providerExpiresAt, new Date(now.getTime() - PUBLIC_TOKEN_TTL_MS))))
    .orderBy(desc(bankLinkTokenOwners.createdAt))
    .limit(TOKENS_ASKED);
  for (const { linkToken } of tokens) {
    const answer = await plaidCall((api) => api.linkTokenGet({ link_token: linkToken }));
    if (!answer.ok) {
      // A token the provider no longer knows issued nothing we could still exchange; any other failure is the bank's.
      if (answer.code === "INVALID_LINK_TOKEN") continue;
      return "unavailable";
    }
    const issued = (answer.value.link_sessions ?? []).some(
      (session) =>
        session.results?.item_add_results?.some((result) => result.public_token === publicToken) || session.on_success?.public_token === publicToken,
    );
    if (issued) return "own";
  }
  return "not-own";
}
