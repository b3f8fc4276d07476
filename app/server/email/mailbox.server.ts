/**
 * Who may read what in the dev mailbox (/dev/mailbox; docs/decisions/016-demo-mailbox.md). Captured email carries
 * confirmation and password-reset links, so showing all of it to anyone would hand every account to anyone who can
 * reach a demo. The mailbox shows:
 *
 * - everything: to a signed-in site admin, or to anyone when MAILBOX_OPEN=true (local development only; env.server.ts
 *   refuses it in production and unless APP_URL is on this machine);
 * - mail to their own address: to a signed-in user, and to the new address of the email change they asked for and have
 *   not finished (the confirmation link they must open; /profile/email). As with registering, in a demo the mailbox is
 *   the only mailbox: an address nobody has an account with is no one's to protect yet, and one that has an account
 *   cannot be asked for (the change is refused);
 * - mail to the addresses this browser has proved: a signed, HttpOnly cookie lists the addresses of accounts created
 *   here (register) and signed in to here with their password. Typing an address into the reset or resend form proves
 *   nothing, so it adds nothing: otherwise anyone could ask for a reset of any account and read the link.
 *
 * Everything else, in the list and by direct id, does not exist (404).
 */
import { createCookie } from "react-router";
import { normalizeEmail } from "~/domain/auth";
import { getOptionalUser } from "../auth/guards.server";
import { appUrl, env, isProduction } from "../platform/env.server";
import { pendingEmailChange } from "../profile/email-change.server";

/** How many addresses a browser keeps (newest first); more would push the cookie towards its 4 KB limit. */
export const MAILBOX_ADDRESS_LIMIT = 8;
const MAILBOX_COOKIE_DAYS = 30;

function mailboxCookie() {
  return createCookie("rosca_mailbox", {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction() || appUrl().startsWith("https://"),
    // Site-wide: the actions that add an address (/register, /login) must read the addresses already there.
    path: "/",
    maxAge: MAILBOX_COOKIE_DAYS * 24 * 60 * 60,
    secrets: [...env().SESSION_SECRETS],
  });
}

/** The addresses this browser has proved, from the signed cookie (a forged or stale one counts as none). */
async function provedAddresses(request: Request): Promise<string[]> {
  const value: unknown = await mailboxCookie().parse(request.headers.get("cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter((address): address is string => typeof address === "string" && address.length <= 320).slice(0, MAILBOX_ADDRESS_LIMIT);
}

/**
 * The Set-Cookie header that adds `email` to this browser's mailbox, or null where there is no mailbox (production).
 * Call it only where the visitor proved the address: the account was created in this request, or signed in to with
 * its password.
 */
export async function rememberMailboxAddress(request: Request, email: string): Promise<string | null> {
  if (isProduction()) return null;
  const address = normalizeEmail(email);
  const addresses = [address, ...(await provedAddresses(request)).filter((known) => known !== address)].slice(0, MAILBOX_ADDRESS_LIMIT);
  return mailboxCookie().serialize(addresses);
}

export type MailboxScope = { kind: "all"; why: "admin" | "open" } | { kind: "addresses"; addresses: string[]; signedIn: boolean };

/** What this request may see in the mailbox. */
export async function mailboxScope(request: Request): Promise<MailboxScope> {
  if (env().MAILBOX_OPEN) return { kind: "all", why: "open" };
  const session = await getOptionalUser(request);
  if (session?.user.isAdmin) return { kind: "all", why: "admin" };
  const addresses = await provedAddresses(request);
  if (session) {
    const pending = await pendingEmailChange(session.user.id);
    if (pending) addresses.unshift(pending.newEmail);
    addresses.unshift(normalizeEmail(session.user.email));
  }
  return { kind: "addresses", addresses: [...new Set(addresses)], signedIn: Boolean(session) };
}

/**
 * Every address a captured message went to (To, Cc and Bcc; "Name <address>" or a bare address), lower-cased: the
 * same reading as the store's SQL filter (sandbox/postmark/store.ts).
 */
export function recipientsOf(message: { toAddress: string; cc: string | null; bcc: string | null }): string[] {
  return [message.toAddress, message.cc, message.bcc]
    .filter((field): field is string => Boolean(field))
    .flatMap((field) => field.split(","))
    .map((part) => {
      const trimmed = part.trim().toLowerCase();
      return /<([^<>]+)>$/.exec(trimmed)?.[1]?.trim() ?? trimmed;
    })
    .filter(Boolean);
}

/** Whether the scope may see this message. */
export function mayRead(scope: MailboxScope, message: { toAddress: string; cc: string | null; bcc: string | null }) {
  if (scope.kind === "all") return true;
  const allowed = new Set(scope.addresses);
  return recipientsOf(message).some((address) => allowed.has(address));
}
