/**
 * Whose bank a Link session linked (ADR 038, ADR 049). A public token is a bearer secret: whoever holds one could
 * exchange it, and the bank login behind it would become their linked account. So the browser's public token is never
 * trusted; the browser only says "done" for a Link token:
 *
 * 1. The "done" is the signed-in user's own CSRF-checked POST naming the Link token the browser ran Link with. That
 *    Link token must be one issued to this user (`bank_link_token_owners`), not past the time a public token from it
 *    could still live, and unused: it is claimed (`used_at`) before anything is exchanged, in one statement, so one
 *    Link token yields one exchange. Someone else's Link token, or none we issued, is refused.
 * 2. The public tokens exchanged are the ones Plaid itself reports for that Link token: our Link tokens are made for
 *    Plaid's Multi-Item Link, whose sessions' public tokens Plaid delivers server to server (/link/token/get's
 *    `link_sessions[].results.item_add_results[].public_token`, and the SESSION_FINISHED webhook) with its default
 *    settings. A public token from anywhere else is never exchanged.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { db } from "../db/client.server";
import { bankLinkTokenOwners, bankLinkTokens, bankPlaidUsers } from "../db/schema";
import { type BankFailure, plaidCall } from "./plaid.server";

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

/** How long, and how often, the "done" POST waits for Plaid to report a finished session's public tokens. */
const RESULTS_WAIT_MS = 2_000;
const RESULTS_POLL_MS = 400;

/**
 * The public tokens Plaid reports for `linkToken`'s sessions (/link/token/get). "tokens": at least one; "no-session":
 * Plaid knows of no session of this Link token (Link was never opened with it, or the token is gone), so nothing
 * linked here can be this user's; "pending": a session exists but Plaid reports no public token yet (still finishing,
 * or it ended without linking); "unavailable": Plaid could not be asked. Asks again every 400 ms for up to 2 seconds
 * while there is a session and no token yet.
 */
export async function sessionPublicTokens(
  linkToken: string,
  options: { waitMs?: number; pollMs?: number } = {},
): Promise<{ kind: "tokens"; tokens: string[] } | { kind: "no-session" | "pending" | "unavailable" }> {
  const deadline = Date.now() + (options.waitMs ?? RESULTS_WAIT_MS);
  for (;;) {
    const answer = await plaidCall((api) => api.linkTokenGet({ link_token: linkToken }));
    if (!answer.ok) return answer.code === "INVALID_LINK_TOKEN" ? { kind: "no-session" } : { kind: "unavailable" };
    const sessions = answer.value.link_sessions ?? [];
    const tokens = [...new Set(sessions.flatMap((session) => (session.results?.item_add_results ?? []).map((result) => result.public_token)))].filter(
      (token) => typeof token === "string" && token.length > 0,
    );
    if (tokens.length > 0) return { kind: "tokens", tokens };
    if (sessions.length === 0) return { kind: "no-session" };
    if (Date.now() + (options.pollMs ?? RESULTS_POLL_MS) > deadline) return { kind: "pending" };
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? RESULTS_POLL_MS));
  }
}

/**
 * The member's Plaid user (`user_id`), made with /user/create the first time and kept (bank_plaid_users): Multi-Item
 * Link tokens name it ("Required for integrations that began using … Multi-Item Link … after December 10, 2025",
 * LinkTokenCreateRequest.user_id). Plaid makes one user per `client_user_id` and refuses every later call for it, and
 * a made user cannot be read back: so when the member's own id is refused (made before, but not kept: a crash between
 * Plaid's answer and the insert, or two first links at once), a second try uses the id with a suffix of its own rather
 * than leaving the member unable to link for ever. Two first links at once: the first row stored wins.
 */
export async function plaidUserIdFor(userId: string): Promise<{ ok: true; plaidUserId: string } | BankFailure> {
  const stored = async () => (await db().select().from(bankPlaidUsers).where(eq(bankPlaidUsers.userId, userId)).limit(1))[0];
  const known = await stored();
  if (known) return { ok: true, plaidUserId: known.plaidUserId };
  let made = await plaidCall((api) => api.userCreate({ client_user_id: userId }));
  if (!made.ok && made.status === 400) {
    // Another request may have stored the user it made meanwhile.
    const meanwhile = await stored();
    if (meanwhile) return { ok: true, plaidUserId: meanwhile.plaidUserId };
    made = await plaidCall((api) => api.userCreate({ client_user_id: `${userId}.${randomUUID().slice(0, 8)}` }));
  }
  if (!made.ok) return made;
  await db().insert(bankPlaidUsers).values({ userId, plaidUserId: made.value.user_id }).onConflictDoNothing();
  return { ok: true, plaidUserId: (await stored())!.plaidUserId };
}
