/**
 * The e2e harness's set-up API: what many specs need before the part they test — a confirmed member, sandbox access
 * granted by the admin — done by the app's own services in the e2e server's process, instead of a dozen page loads
 * through forms that other specs already test (registration and confirmation: accounts.spec.ts; the admin's "Add
 * User": admin.spec.ts; the request-and-grant flow: sandbox-access.spec.ts). Part of the test harness only: started by
 * tests/e2e/server.ts on loopback, next to the app's port; nothing in the app serves it.
 *
 * POST /members        {"name", "email", "password", "sandbox"?: boolean} registers the account as the form does
 *                      (registerUser: confirmation and welcome emails sent), follows the link in the confirmation email
 *                      the mail double received (confirmEmail), and with "sandbox" has the admin grant sandbox access
 *                      (addUserByEmail, as /admin's "Add User" does). 201 {"id"}.
 *                      With "bank" (and "sandbox") it also links First Platypus Bank as the member would: a Link
 *                      token for them, a session of the sandbox Link, the app's exchange (createLinkToken,
 *                      linkThroughSession, exchangePublicToken). With "accounts" ([{"subtype", "name", "mask",
 *                      "balance"}], dollars) the login is Plaid's custom sandbox user with those accounts instead of
 *                      user_good's two (sandbox/plaid/README.md, user_custom).
 * POST /sandbox-access {"email"} the admin's "Add User" for an existing account. 200 {"status"}.
 * POST /join           {"email", "code"} that member accepts the invite code (joinGroup, as Accept and Join does). 200 {"groupId"}.
 * POST /groups/started  {"admin", "members": [emails], "name", "swapsNeedApproval"?, "frequency"?} the admin creates a
 *                       fixed-order group of that size (createGroup: $100, weekly, or "biweekly", on the weekday three
 *                       days from today in New York, so every turn after the first is still ahead) and the members join
 *                       through its link in that order, which starts it. 200 {"groupId"}.
 *
 * What a test must do at the bank itself, as Plaid's sandbox lets a developer (the Plaid-mode specs, *.plaid.spec.ts):
 * POST /bank/transfers  {"email"} that member's rows in bank_transfers, oldest first, with what the bank holds for each
 *                       (its description and status). 200 {"transfers": [...]}.
 * POST /bank/simulate   {"transferId", "event", "returnCode"?} /sandbox/transfer/simulate for one of the bank's
 *                       transfers (a return of a settled one: the bank's own late return, ADR 049), then the app reads the bank's events at once (syncBankEvents), as the webhook it
 *                       would get makes a worker do. 200 {"applied"}.
 * POST /bank/balance   {"email", "mask", "balance"} that member's account ending in "mask" holds "balance" dollars at the
 *                       bank (a deposit, as the member would make one). 200 {"updated"}.
 * POST /bank/reset-login {"email"} /sandbox/item/reset_login for that member's bank login (Plaid then sends the item's
 *                       ITEM_LOGIN_REQUIRED webhook). 200 {"reset": true}.
 * POST /mail          {"to", "subject"} the newest message the mail double holds to "to" (To, Cc or Bcc) whose subject
 *                      contains "subject" (case aside), as the dev mailbox lists it, with the links its page lists
 *                      (extractLinks, the page's own). 200 {"id", "subject", "links"}, or {"id": null} when there is none
 *                      yet: emailLinks() in fixtures.ts asks again (ADR 060, part nine (y)).
 * Anything else: 404; a refused step: 400 {"error"}.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";

const { registerUser, confirmEmail, findUserByEmail } = await import("../../app/server/auth/accounts.server.ts");
const { addUserByEmail } = await import("../../app/server/admin/admin.server.ts");
const { ADMIN_ACCOUNT } = await import("../../app/domain/demo-accounts.ts");
const { createLinkToken, exchangePublicToken } = await import("../../app/server/bank/bank.server.ts");
const { createGroup, joinGroup } = await import("../../app/server/groups/groups.server.ts");
const { addDays, dayOfWeekOf, todayIn } = await import("../../app/domain/schedule.ts");
const { linkThroughSession } = await import("../../sandbox/plaid/link-client.ts");
const { listMessages } = await import("../../sandbox/postmark/store.ts");
const { extractLinks } = await import("../../sandbox/postmark/view.ts");
const { plaidCall } = await import("../../app/server/bank/plaid.server.ts");
const { syncBankEvents } = await import("../../app/server/money/cycle.server.ts");
const { decryptSecret } = await import("../../app/server/platform/crypto.server.ts");
const { db } = await import("../../app/server/db/client.server.ts");
const { bankItems, bankTransfers, groups } = await import("../../app/server/db/schema/index.ts");
const { and, asc, eq, sql } = await import("drizzle-orm");

class Refused extends Error {}

async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString() || "{}");
  if (typeof parsed !== "object" || parsed === null) throw new Refused("the body must be a JSON object");
  return parsed as Record<string, unknown>;
}

function text(value: unknown, name: string) {
  if (typeof value !== "string" || value.length === 0) throw new Refused(`${name} is required`);
  return value;
}

async function grant(email: string) {
  const admin = await findUserByEmail(ADMIN_ACCOUNT.email);
  if (!admin) throw new Refused("the seeded admin is missing");
  const result = await addUserByEmail(admin.id, email);
  if (result.status !== "granted" && result.status !== "exists") throw new Refused(`granting sandbox access: ${result.status}`);
  return result.status;
}

/** The confirmation link the mail double received for `email` (the newest), as its selector and secret. */
async function confirmationLink(databaseUrl: string, email: string) {
  const messages = await listMessages(databaseUrl, { to: email, limit: 10 });
  for (const message of messages) {
    const href = /https?:\/\/[^\s"'<>]+\/auth\/confirm\?[^\s"'<>]+/.exec(message.textBody ?? message.htmlBody ?? "")?.[0];
    if (!href) continue;
    const url = new URL(href.replaceAll("&amp;", "&"));
    return { selector: url.searchParams.get("id") ?? "", secret: url.searchParams.get("token") ?? "" };
  }
  throw new Refused(`no confirmation email to ${email}`);
}

/** The newest message to `to` whose subject contains `subject`, and its links (POST /mail above). */
async function mail(databaseUrl: string, input: Record<string, unknown>) {
  const subject = text(input.subject, "subject").toLowerCase();
  const messages = await listMessages(databaseUrl, { to: text(input.to, "to"), limit: 500 });
  const message = messages.find((candidate) => candidate.subject.toLowerCase().includes(subject));
  return message ? { id: message.id, subject: message.subject, links: extractLinks(message) } : { id: null };
}

async function member(databaseUrl: string, input: Record<string, unknown>) {
  const email = text(input.email, "email");
  const registered = await registerUser({ fullName: text(input.name, "name"), email, password: text(input.password, "password") });
  if (registered.status !== "created") throw new Refused(`registering ${email}: ${registered.status}`);
  const { selector, secret } = await confirmationLink(databaseUrl, email);
  if (!(await confirmEmail(selector, secret))) throw new Refused(`the confirmation link for ${email} was refused`);
  if (input.sandbox === true) await grant(email);
  if (input.bank === true) await linkBank(email, Array.isArray(input.accounts) ? input.accounts : undefined);
  return { id: registered.user.id };
}

/** A user_custom configuration (sandbox/plaid/README.md) with these accounts. */
function customAccounts(accounts: unknown[]) {
  return JSON.stringify({
    override_accounts: accounts.map((value) => {
      const account = value as { subtype?: string; name?: string; mask?: string; balance?: number };
      return {
        type: "depository",
        subtype: account.subtype ?? "checking",
        starting_balance: account.balance ?? 0,
        meta: { name: text(account.name, "accounts.name"), mask: text(account.mask, "accounts.mask") },
      };
    }),
  });
}

async function linkBank(email: string, accounts?: unknown[]) {
  const user = await findUserByEmail(email);
  if (!user) throw new Refused(`no account for ${email}`);
  const token = await createLinkToken(user, { webhook: false });
  if (!token.ok) throw new Refused(`a link token for ${email}: ${token.code}`);
  const session = await linkThroughSession(
    process.env.PLAID_SANDBOX_URL ?? process.env.PLAID_API_URL ?? "",
    token.linkToken,
    accounts ? { username: "user_custom", password: customAccounts(accounts) } : undefined,
  );
  if (!session.ok) throw new Refused(`the sandbox Link for ${email}: ${session.code}`);
  const linked = await exchangePublicToken(user, session, { institution: session.institution });
  if (!linked.ok) throw new Refused(`linking a bank for ${email}: ${linked.code}`);
}

async function join(input: Record<string, unknown>) {
  const user = await findUserByEmail(text(input.email, "email"));
  if (!user) throw new Refused("no such member");
  const joined = await joinGroup(user, text(input.code, "code"));
  if (!joined.ok) throw new Refused(`joining: ${joined.reason}`);
  return { groupId: joined.groupId };
}

async function startedGroup(input: Record<string, unknown>) {
  const admin = await findUserByEmail(text(input.admin, "admin"));
  if (!admin) throw new Refused("no account for the admin");
  const emails = Array.isArray(input.members) ? input.members.map((email) => text(email, "members")) : [];
  const members = [];
  for (const email of emails) {
    const member = await findUserByEmail(email);
    if (!member) throw new Refused(`no account for ${email}`);
    members.push(member);
  }
  const today = todayIn("America/New_York", new Date());
  const created = await createGroup(admin, {
    name: text(input.name, "name"),
    memberCount: members.length + 1,
    contributionCents: 10_000,
    payoutOrder: "fixed",
    schedule: { frequency: input.frequency === "biweekly" ? "biweekly" : "weekly", dayOfWeek: dayOfWeekOf(addDays(today, 3)), dayOfMonth: null },
    startOn: null,
    timeZone: "America/New_York",
    inviteeEmails: [],
    swapsNeedApproval: input.swapsNeedApproval !== false,
  });
  if (!created.ok) throw new Refused(`creating the group: ${created.error}`);
  const [group] = await db().select({ inviteCode: groups.inviteCode }).from(groups).where(eq(groups.id, created.groupId));
  for (const member of members) {
    const joined = await joinGroup(member, group!.inviteCode);
    if (!joined.ok) throw new Refused(`${member.email} joining: ${joined.reason}`);
  }
  return { groupId: created.groupId };
}

async function memberId(email: unknown) {
  const user = await findUserByEmail(text(email, "email"));
  if (!user) throw new Refused("no such member");
  return user.id;
}

async function bankTransfersOf(input: Record<string, unknown>) {
  const userId = await memberId(input.email);
  const rows = await db()
    .select({
      id: bankTransfers.id,
      kind: bankTransfers.kind,
      periodNumber: bankTransfers.periodNumber,
      attempt: bankTransfers.attempt,
      status: bankTransfers.status,
      failureCode: bankTransfers.failureCode,
      providerTransferId: bankTransfers.providerTransferId,
      waitingForMember: sql<boolean>`${bankTransfers.waitingForMemberAt} is not null`,
      atTheBank: sql<{ description: string; status: string; accountMask: string } | null>`(
        select json_build_object('description', t.description, 'status', t.status, 'accountMask', a.mask) from sandbox_plaid.transfers t
        join sandbox_plaid.accounts a on a.account_id = t.account_id
        where t.transfer_id = ${bankTransfers.providerTransferId})`,
    })
    .from(bankTransfers)
    .where(eq(bankTransfers.userId, userId))
    .orderBy(asc(bankTransfers.createdAt), asc(bankTransfers.attempt));
  return { transfers: rows };
}

async function simulateAtTheBank(input: Record<string, unknown>) {
  const transferId = text(input.transferId, "transferId");
  const event = text(input.event, "event");
  const returnCode = typeof input.returnCode === "string" ? input.returnCode : null;
  if (event === "returned") {
    // From posted through Plaid's simulator; a settled transfer through the sandbox bank's late return (ADR 049).
    const { returnTransfer } = await import("../support/bank.ts");
    const returned = await returnTransfer(transferId, returnCode ?? "R01");
    if (!returned.ok) throw new Refused(`the bank refused the return: ${returned.code} ${returned.message}`);
    return { applied: await syncBankEvents(new Date()) };
  }
  const result = await plaidCall((api) =>
    api.sandboxTransferSimulate({
      transfer_id: transferId,
      event_type: event,
      ...(returnCode ? { failure_reason: { failure_code: returnCode, ach_return_code: returnCode } } : {}),
    }),
  );
  if (!result.ok) throw new Refused(`the bank refused the simulation: ${result.code} ${result.message}`);
  return { applied: await syncBankEvents(new Date()) };
}

async function resetLogin(input: Record<string, unknown>) {
  const userId = await memberId(input.email);
  const [item] = await db()
    .select({ token: bankItems.accessTokenEncrypted })
    .from(bankItems)
    .where(and(eq(bankItems.userId, userId), eq(bankItems.status, "active")));
  if (!item) throw new Refused("that member has no bank linked");
  const result = await plaidCall((api) => api.sandboxItemResetLogin({ access_token: decryptSecret(item.token) }));
  if (!result.ok) throw new Refused(`the bank refused the reset: ${result.code}`);
  return { reset: true };
}

async function setBalance(input: Record<string, unknown>) {
  const userId = await memberId(input.email);
  const cents = Math.round(Number(input.balance) * 100);
  if (!Number.isInteger(cents) || cents < 0) throw new Refused("balance must be dollars, 0 or more");
  const { rows } = await db().execute(sql`
    update sandbox_plaid.accounts a set available_cents = ${cents}, current_cents = ${cents}
    from bank_accounts b where b.user_id = ${userId}::uuid and b.provider_account_id = a.account_id and a.mask = ${text(input.mask, "mask")}
    returning a.account_id`);
  if (rows.length !== 1) throw new Refused(`no account ending ${String(input.mask)} for that member`);
  return { updated: true };
}

const ROUTES: Record<string, (input: Record<string, unknown>) => Promise<unknown>> = {
  "POST /bank/balance": setBalance,
  "POST /groups/started": startedGroup,
  "POST /bank/transfers": bankTransfersOf,
  "POST /bank/simulate": simulateAtTheBank,
  "POST /bank/reset-login": resetLogin,
};

export async function startFixtureApi(options: { port: number; databaseUrl: string }): Promise<Server> {
  const server = createServer((request, response) => {
    const answer = (status: number, payload: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(payload));
    };
    const route = `${request.method} ${request.url}`;
    const work =
      route === "POST /members"
        ? body(request).then((input) => member(options.databaseUrl, input))
        : route === "POST /sandbox-access"
          ? body(request).then(async (input) => ({ status: await grant(text(input.email, "email")) }))
          : route === "POST /join"
            ? body(request).then(join)
            : route === "POST /mail"
              ? body(request).then((input) => mail(options.databaseUrl, input))
              : ROUTES[route]
                ? body(request).then(ROUTES[route])
                : null;
    if (!work) return answer(404, { error: `no fixture at ${route}` });
    work.then(
      (result) => answer(route === "POST /members" ? 201 : 200, result),
      (error: unknown) => answer(error instanceof Refused || error instanceof SyntaxError ? 400 : 500, { error: String(error) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });
  return server;
}
