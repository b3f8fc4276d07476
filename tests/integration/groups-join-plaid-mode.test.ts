/**
 * The join page's bank step with real Plaid configured (PLAID_ENV, link mode "plaid"), through its loader and action.
 * Plaid's API is played by the sandbox bank (PLAID_API_URL; it speaks Plaid's wire format, through the official SDK),
 * so every line of our server code runs as it would against Plaid: the link token Plaid Link opens with, and the
 * public token Plaid Link's onSuccess posts back (here from a session of the sandbox Link for the person's own Link
 * token, tests/support/bank.ts), exchanged and joined in one POST. The sandbox mode's bank step: groups-join.test.ts.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
// The Plaid configuration, with the sandbox bank standing in for Plaid's host.
process.env.PLAID_API_URL = process.env.PLAID_SANDBOX_URL;
delete process.env.PLAID_SANDBOX_URL;
process.env.PLAID_ENV = "sandbox";

const route = await import("../../app/routes/groups.join.$inviteCode");
const groupsServer = await import("../../app/server/groups/groups.server");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { ownLinkSession } = await import("../support/bank");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { call, get, post, CookieJar } = await import("../support/routes");
const { createUser, sessionJarFor, reloadUser } = await import("../support/users");
const { and, eq } = await import("drizzle-orm");

let counter = 0;
async function person(overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  counter += 1;
  const user = await createUser({
    email: `plaid${counter}.${Date.now()}@example.com`,
    name: `Plaid Joiner ${counter}`,
    isPlaidSandboxAuthorized: true,
    hasBankAccount: true,
    ...overrides,
  });
  return { user, jar: await sessionJarFor(user.id) };
}

async function formingGroup() {
  const { user: creator } = await person({ name: "Amina Yusuf" });
  const result = await groupsServer.createGroup(creator, {
    name: "Plaid Circle",
    memberCount: 3,
    contributionCents: 10_000,
    payoutOrder: "fixed",
    schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 6 },
    startOn: "2027-03-01",
    timeZone: "America/New_York",
    inviteeEmails: [],
  });
  if (!result.ok) throw new Error(result.error);
  const [group] = await db().select().from(schema.groups).where(eq(schema.groups.id, result.groupId));
  return group!;
}

const path = (code: string) => `/groups/join/${code}`;
const bankStep = (code: string) => `${path(code)}?step=bank&terms=on`;
const act = (code: string, fields: Record<string, string>, jar: InstanceType<typeof CookieJar>) =>
  call(route.action, post(path(code), fields, jar), { inviteCode: code });

async function toastsOf(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
  return toasts.map(({ type, title, description }) => ({ type, title, description }));
}

describe("the join page with real Plaid configured", () => {
  it("puts the bank step in Plaid mode (the page mounts Plaid Link when hydrated)", async () => {
    const group = await formingGroup();
    const { jar } = await person({ hasBankAccount: false });
    const loaded = await call(route.loader, get(bankStep(group.inviteCode), jar), { inviteCode: group.inviteCode });
    expect(loaded.status).toBe(200);
    expect(loaded.data).toMatchObject({ state: "bank", needsBank: true, linkMode: "plaid", returned: null });
  });

  it("gives Plaid Link a link token from Plaid (JSON for the fetcher, never a redirect), the same one for 5 minutes", async () => {
    const group = await formingGroup();
    const { user, jar } = await person({ hasBankAccount: false });
    const first = await act(group.inviteCode, { intent: "link-token", terms: "on" }, jar);
    expect(first.status).toBe(200);
    expect(first.location).toBeNull();
    expect(first.data.linkToken).toMatch(/^link-sandbox-/);
    const again = await act(group.inviteCode, { intent: "link-token", terms: "on" }, jar);
    expect(again.data).toEqual({ linkToken: first.data.linkToken });
    // The token was made for this user, by the bank: it is in our cache table with their id.
    const [cached] = await db().select().from(schema.bankLinkTokens).where(eq(schema.bankLinkTokens.userId, user.id));
    expect(cached).toBeDefined();
  });

  it("exchanges Plaid Link's public token and joins in the same POST, to the group with 'Successfully Joined'", async () => {
    const group = await formingGroup();
    const { user, jar } = await person({ hasBankAccount: false });
    // What the page posts after Plaid Link's onSuccess: the Link token of the person's own finished session (the
    // bank reports the public token to the server, ADR 049).
    const link = await ownLinkSession(user);
    const result = await act(
      group.inviteCode,
      { terms: "on", intent: "exchange", ...link, institutionId: "ins_109508", institutionName: "First Platypus Bank" },
      jar,
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/groups/${group.id}`);
    expect(await toastsOf(result.setCookies)).toEqual([
      {
        type: "success",
        title: "Successfully Joined",
        description:
          "Your first contribution of $100.00 would be due March 6, 2027 if the group filled today: the schedule is fixed when the last member joins.",
      },
    ]);
    expect((await reloadUser(user.id)).hasBankAccount).toBe(true);
    const items = await db().select().from(schema.bankItems).where(eq(schema.bankItems.userId, user.id));
    expect(items.map((item) => item.institutionName)).toEqual(["First Platypus Bank"]);
    const [membership] = await db()
      .select()
      .from(schema.groupMembers)
      .where(and(eq(schema.groupMembers.groupId, group.id), eq(schema.groupMembers.userId, user.id)));
    expect(membership).toMatchObject({ joinOrder: 2 });
  });

  it("without the terms, Plaid Link's exchange links nothing and joins no one", async () => {
    const group = await formingGroup();
    const { user, jar } = await person({ hasBankAccount: false });
    const result = await act(group.inviteCode, { intent: "exchange", linkToken: "link-sandbox-whatever" }, jar);
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({ terms: ["You must agree to the terms before joining"] });
    expect((await reloadUser(user.id)).hasBankAccount).toBe(false);
  });

  it("without JavaScript, says linking needs it and stays on the bank step", async () => {
    const group = await formingGroup();
    const { jar } = await person({ hasBankAccount: false });
    const result = await act(group.inviteCode, { intent: "start-link", terms: "on" }, jar);
    expect(result).toMatchObject({ status: 302, location: bankStep(group.inviteCode) });
    expect(await toastsOf(result.setCookies)).toEqual([
      {
        type: "warning",
        title: "JavaScript Required",
        description: "Connecting a bank opens the bank-linking provider's secure window, which needs JavaScript. Please turn it on and try again.",
      },
    ]);
  });

  it("answers 'Linking Failed' on the bank step when the public token the bank reports is already spent (ADR 049)", async () => {
    const group = await formingGroup();
    const { user, jar } = await person({ hasBankAccount: false });
    // The public token the bank reports for the person's own session, spent already (Plaid answers
    // INVALID_PUBLIC_TOKEN): nothing to link, and nothing to blame on another account.
    const link = await ownLinkSession(user);
    expect((await plaidCall((api) => api.itemPublicTokenExchange({ public_token: link.publicToken }))).ok).toBe(true);
    const result = await act(group.inviteCode, { terms: "on", intent: "exchange", ...link }, jar);
    expect(result).toMatchObject({ status: 302, location: bankStep(group.inviteCode) });
    expect(await toastsOf(result.setCookies)).toEqual([
      {
        type: "error",
        title: "Linking Failed",
        description: "We couldn't connect your bank account. Please try again.",
      },
    ]);
    expect((await reloadUser(user.id)).hasBankAccount).toBe(false);
  });
});
