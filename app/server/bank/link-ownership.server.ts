/**
 * Whose Link session a public token came from (ADR 038, ADR 049). A public token is a bearer secret: whoever holds one
 * could exchange it, and the bank login behind it would become their linked account. Plaid's exchange endpoint takes
 * the public token alone, so the binding is ours:
 *
 * 1. The exchange is the signed-in user's own CSRF-checked POST, and it names the Link token the browser used. That
 *    Link token must be one issued to this user (`bank_link_token_owners`), not past the time a public token from it
 *    could still live, and unused: it is claimed (`used_at`) before the exchange, in one statement, so one Link token
 *    yields one exchange. Someone else's Link token, or none we issued, is refused unspent.
 * 2. Where Plaid returns the Link token's sessions' results (/link/token/get: by default for Hosted Link only; for the
 *    embedded Link once Plaid enables "Link events" on the account), the public token must be among them. Where it
 *    returns none, step 1 is the binding: Plaid's default settings must not refuse every member.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { db } from "../db/client.server";
import { env } from "../platform/env.server";
import { logger } from "../platform/log.server";
import { bankLinkTokenOwners, bankLinkTokens } from "../db/schema";
import { plaidCall } from "./plaid.server";

/** A public token lives 30 minutes (Plaid), so a Link token that expired longer ago than that can issue none still unspent. */
const PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;

/** Remember that `linkToken` was issued to `userId` (its provider expiry bounds how long it matters). */
export async function rememberLinkToken(userId: string, linkToken: string, providerExpiresAt: Date, now = new Date()) {
  await db().insert(bankLinkTokenOwners).values({ linkToken, userId, createdAt: now, providerExpiresAt }).onConflictDoNothing();
}

/** "claimed": ours and now used; "not-own": not a Link token issued to this user; "spent": theirs, but used or too old. */
export type LinkTokenClaim = "claimed" | "not-own" | "spent";

/**
 * Claim `linkToken` for one exchange by `userId`: it must be theirs, unused and still able to have issued a live public
 * token. The cached Link token (bank_link_tokens) goes too, so the member's next link gets a fresh one.
 */
export async function claimLinkToken(userId: string, linkToken: string, now = new Date()): Promise<LinkTokenClaim> {
  return db().transaction(async (tx) => {
    const claimed = await tx
      .update(bankLinkTokenOwners)
      .set({ usedAt: now })
      .where(
        and(
          eq(bankLinkTokenOwners.linkToken, linkToken),
          eq(bankLinkTokenOwners.userId, userId),
          isNull(bankLinkTokenOwners.usedAt),
          gt(bankLinkTokenOwners.providerExpiresAt, new Date(now.getTime() - PUBLIC_TOKEN_TTL_MS)),
        ),
      )
      .returning({ linkToken: bankLinkTokenOwners.linkToken });
    if (claimed.length > 0) {
      await tx.delete(bankLinkTokens).where(and(eq(bankLinkTokens.userId, userId), eq(bankLinkTokens.token, linkToken)));
      return "claimed";
    }
    const [row] = await tx
      .select({ userId: bankLinkTokenOwners.userId })
      .from(bankLinkTokenOwners)
      .where(eq(bankLinkTokenOwners.linkToken, linkToken))
      .limit(1);
    return row?.userId === userId ? "spent" : "not-own";
  });
}

/** Give a claimed Link token back after an exchange that failed for a reason of the bank's (the member may retry). */
export async function releaseLinkToken(userId: string, linkToken: string) {
  await db()
    .update(bankLinkTokenOwners)
    .set({ usedAt: null })
    .where(and(eq(bankLinkTokenOwners.linkToken, linkToken), eq(bankLinkTokenOwners.userId, userId)));
}

/**
 * The extra check: what Plaid says the Link token's sessions ended in. "own": a session ended in `publicToken`;
 * "not-own": sessions have results and none is `publicToken` (or, with PLAID_LINK_EVENTS=enabled, the token had no
 * session at all: Plaid would have told of the one that made it); "no-results": Plaid returned no session results (its
 * default for the embedded Link), so there is nothing to check; "unavailable": Plaid could not be asked.
 */
export async function sessionResultsCheck(linkToken: string, publicToken: string): Promise<"own" | "not-own" | "no-results" | "unavailable"> {
  const answer = await plaidCall((api) => api.linkTokenGet({ link_token: linkToken }));
  if (!answer.ok) {
    if (answer.code !== "INVALID_LINK_TOKEN") return "unavailable";
    // A Link token Plaid no longer knows (expired) tells of no sessions: step 1 bound it to the user, unless Plaid is
    // meant to tell (Link events enabled).
    return env().PLAID_LINK_EVENTS ? "not-own" : "no-results";
  }
  const tokens = (answer.value.link_sessions ?? []).flatMap((session) => [
    ...(session.results?.item_add_results ?? []).map((result) => result.public_token),
    ...(session.on_success?.public_token ? [session.on_success.public_token] : []),
  ]);
  if (tokens.length > 0) return tokens.includes(publicToken) ? "own" : "not-own";
  if (!env().PLAID_LINK_EVENTS) return "no-results";
  const sessions = answer.value.link_sessions ?? [];
  if (sessions.some((session) => session.finished_at)) {
    // A finished session and no results: Plaid is not returning them, whatever PLAID_LINK_EVENTS says. Refusing would
    // refuse every member; the exchange goes on under step 1, and the operator is told (README, go-live checklist).
    logger.error(
      { sessions: sessions.length },
      "bank: PLAID_LINK_EVENTS=enabled but /link/token/get returns no session results: Link events look disabled on the Plaid account",
    );
    return "no-results";
  }
  return "not-own";
}
