/**
 * /groups/join/{inviteCode} through its loader and action against a real PostgreSQL and the sandbox bank: the states
 * (not authorised, invalid, rate-limited, details, bank step), the terms check, decline, join, the race for the last
 * seat through the action, email-bound codes of someone else, and link-then-join.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

// A low limit for unknown codes, read when the rate-limit module loads (so before the imports below).
process.env.INVITE_LOOKUP_LIMIT_PER_USER = "5";

await useTestDatabase({ bank: true });
const route = await import("../../app/routes/groups.join.$inviteCode");
const groupsServer = await import("../../app/server/groups/groups.server");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { ownLinkSession } = await import("../support/bank");
const bank = await import("../../app/server/bank/bank.server");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { call, get, post, CookieJar } = await import("../support/routes");
const { createUser, sessionJarFor, reloadUser } = await import("../support/users");
const { and, eq } = await import("drizzle-orm");

type Draft = import("../../app/domain/groups").GroupDraft;

const INVALID = "The invitation link you followed is invalid or has expired.";
const NOT_AUTHORIZED = "You are not authorized to join ROSCA groups in demo mode. Please authorize your bank account first.";
const TERMS = "You must agree to the terms before joining";

function draft(overrides: Partial<Draft> = {}): Draft {
  return {
    name: "Wedding Fund",
    memberCount: 3,
    contributionCents: 10_000,
    payoutOrder: "fixed",
    // A start date in the future makes the projected first due day fixed: the first 6th on or after March 1, 2027.
    schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 6 },
    startOn: "2027-03-01",
    timeZone: "America/New_York",
    inviteeEmails: [],
    ...overrides,
  };
}

let counter = 0;
async function person(overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  counter += 1;
  const user = await createUser({
    email: `joiner${counter}.${Date.now()}@example.com`,
    name: `Joiner ${counter}`,
    isPlaidSandboxAuthorized: true,
    hasBankAccount: true,
    ...overrides,
  });
  return { user, jar: await sessionJarFor(user.id) };
}

/** A forming group by "Amina Yusuf" with email-bound invitations for the given addresses. */
async function formingGroup(overrides: Partial<Draft> = {}) {
  const { user: creator } = await person({ name: "Amina Yusuf" });
  const result = await groupsServer.createGroup(creator, draft(overrides));
  if (!result.ok) throw new Error(result.error);
  const [group] = await db().select().from(schema.groups).where(eq(schema.groups.id, result.groupId));
  const invitations = await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.groupId, result.groupId));
  const codeFor = (email: string) => invitations.find((invitation) => invitation.email === email)!.code;
  return { creator, group: group!, codeFor };
}

async function membersOf(groupId: string) {
  return db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, groupId));
}

const path = (code: string) => `/groups/join/${code}`;
const load = (code: string, jar: InstanceType<typeof CookieJar>, search = "") =>
  call(route.loader, get(`${path(code)}${search}`, jar), { inviteCode: code });
const act = (code: string, fields: Record<string, string>, jar: InstanceType<typeof CookieJar>) =>
  call(route.action, post(path(code), fields, jar), { inviteCode: code });

async function toastsOf(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
  return toasts.map(({ type, title, description }) => ({ type, title, description }));
}

describe("loader", () => {
  it("sends an anonymous visitor to log in, and back to the invitation afterwards", async () => {
    const result = await call(route.loader, get(path("AbCdEfGhIjKlMnOpQrStUv")), { inviteCode: "AbCdEfGhIjKlMnOpQrStUv" });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?${new URLSearchParams({ redirectTo: "/groups/join/AbCdEfGhIjKlMnOpQrStUv" })}`);
  });

  it("shows the warning and the request-access card to a user without sandbox access, and no details", async () => {
    const { group } = await formingGroup();
    const { jar } = await person({ isPlaidSandboxAuthorized: false, hasBankAccount: false });
    const result = await load(group.inviteCode, jar);
    expect(result.status).toBe(403);
    expect(result.data).toEqual({
      state: "not-authorized",
      message: NOT_AUTHORIZED,
      card: { hasOpenRequest: false, supportEmail: expect.any(String) },
    });
  });

  it("answers an unknown code with 404 and 'Invalid Invitation'", async () => {
    const { jar } = await person();
    const result = await load("no-such-code-at-all-1234", jar);
    expect(result.status).toBe(404);
    expect(result.data).toEqual({ state: "invalid", title: "Invalid Invitation", message: INVALID });
  });

  it("rate-limits a user who keeps trying unknown codes (429, same message)", async () => {
    const { jar } = await person();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await load(`guessing-code-number-${i}x`, jar)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    const limited = await load("guessing-code-number-zz", jar);
    expect(limited.status).toBe(429);
    expect(limited.data).toEqual({ state: "invalid", title: "Invalid Invitation", message: INVALID });
    // Another user is not affected.
    const other = await person();
    expect((await load("guessing-code-number-0x", other.jar)).status).toBe(404);
  });

  it("shows the invitation details from the database: admin, joined of total, contribution, first due, position, payout", async () => {
    const { group } = await formingGroup();
    const { jar } = await person({ hasBankAccount: false });
    const result = await load(group.inviteCode, jar);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      state: "details",
      code: group.inviteCode,
      needsBank: true,
      returned: null,
      invitation: {
        groupName: "Wedding Fund",
        adminName: "Amina Yusuf",
        joinedCount: 1,
        memberCount: 3,
        contributionCents: 10_000,
        payoutCents: 30_000,
        scheduleLine: "Monthly on the 6th",
        firstContributionOn: "2027-03-06",
        yourPosition: 2,
        payoutOrder: "fixed",
        drawCommitment: null,
      },
    });
    const { positionLabel, termsStatements } = await import("../../app/components/groups/join-invitation");
    expect(positionLabel(result.data.invitation)).toBe("Position 2 of 3");
    expect(termsStatements(result.data.invitation)).toEqual([
      "I will contribute $100.00 on every due date until the cycle of 3 payouts completes.",
      "I authorise automatic debits of each contribution from my linked bank account on its due date.",
      "I understand that payouts follow the payout order set by the group admin before the group starts.",
      "I understand that the setup fee of $5.00 is flat and the same for every position.",
    ]);
  });

  it("shows 'Drawn at the start' and the commitment for a random draw", async () => {
    const { group } = await formingGroup({ payoutOrder: "random" });
    const { jar } = await person();
    const result = await load(group.inviteCode, jar);
    expect(result.data.invitation).toMatchObject({ yourPosition: null, payoutOrder: "random", drawCommitment: group.drawCommitment });
    expect(group.drawCommitment).toMatch(/^[0-9a-f]{64}$/);
    const { positionLabel } = await import("../../app/components/groups/join-invitation");
    expect(positionLabel(result.data.invitation)).toBe("Drawn at the start");
  });

  it("sends a member straight to the group", async () => {
    const { group, creator } = await formingGroup();
    const result = await load(group.inviteCode, await sessionJarFor(creator.id));
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/groups/${group.id}`);
  });

  it("treats someone else's email-bound code and a full group as invalid, and tells the addressee the invitation closed", async () => {
    const invitee = await person();
    const { group, codeFor } = await formingGroup({ memberCount: 3, inviteeEmails: [invitee.user.email] });
    const stranger = await person();
    expect((await load(codeFor(invitee.user.email), stranger.jar)).status).toBe(404);
    // The addressee sees it.
    expect((await load(codeFor(invitee.user.email), invitee.jar)).status).toBe(200);

    // Fill the group through the open link.
    for (let i = 0; i < 2; i += 1) {
      const joiner = await person();
      expect((await act(group.inviteCode, { intent: "join", terms: "on" }, joiner.jar)).status).toBe(302);
    }
    // Its addressee is told why it no longer works (nobody else learns anything about it).
    const closed = await load(codeFor(invitee.user.email), invitee.jar);
    expect(closed.status).toBe(410);
    expect(closed.data).toEqual({
      state: "invalid",
      title: "Invitation Closed",
      message: "This group has filled up or started, so the invitation can no longer be accepted.",
      groupName: group.name,
    });
    expect((await load(codeFor(invitee.user.email), stranger.jar)).status).toBe(404);
    expect((await load(group.inviteCode, stranger.jar)).status).toBe(404);
  });

  it("shows step 2 (link a bank) only after accepting, for a user without a bank", async () => {
    const { group } = await formingGroup();
    const { jar } = await person({ hasBankAccount: false });
    expect((await load(group.inviteCode, jar, "?step=bank&terms=on")).data).toMatchObject({ state: "bank", needsBank: true });
    // Not accepted (a hand-made URL): step 1.
    expect((await load(group.inviteCode, jar, "?step=bank")).data).toMatchObject({ state: "details" });
    // A return from the bank's Link pages: the confirm form's data, nothing written.
    const back = await load(
      group.inviteCode,
      jar,
      "?step=bank&terms=on&institution_id=ins_109508&institution_name=First+Platypus+Bank&link_token=link-sandbox-xyz&link_session_id=ls-1",
    );
    expect(back.data.returned).toEqual({
      linkToken: "link-sandbox-xyz",
      institutionId: "ins_109508",
      institutionName: "First Platypus Bank",
    });
    const withBank = await person();
    expect((await load(group.inviteCode, withBank.jar, "?step=bank&terms=on")).data).toMatchObject({ state: "details", needsBank: false });
  });
});

describe("action", () => {
  it("refuses to join without the terms ticked, with the message next to the box, and adds no one", async () => {
    const { group } = await formingGroup();
    const { user, jar } = await person();
    const result = await act(group.inviteCode, { intent: "join" }, jar);
    expect(result.status).toBe(400);
    expect(result.data.state).toBe("details");
    expect(result.data.result.error).toEqual({ terms: [TERMS] });
    expect((await membersOf(group.id)).map((member) => member.userId)).not.toContain(user.id);
  });

  it("declines: marks the email-bound invitation declined and goes to the dashboard", async () => {
    const invitee = await person();
    const { group, codeFor } = await formingGroup({ inviteeEmails: [invitee.user.email] });
    const code = codeFor(invitee.user.email);
    const result = await act(code, { intent: "decline" }, invitee.jar);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard");
    expect(await toastsOf(result.setCookies)).toEqual([
      { type: "info", title: "Invitation declined", description: "You declined the invitation to Wedding Fund." },
    ]);
    const [invitation] = await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.code, code));
    expect(invitation).toMatchObject({ status: "declined", respondedBy: invitee.user.id });
    expect((await membersOf(group.id)).length).toBe(1);
    // The code is spent.
    expect((await load(code, invitee.jar)).status).toBe(404);
  });

  it("joins with a bank account: to the group page with 'Successfully Joined' and the first due date", async () => {
    const invitee = await person();
    const { group, codeFor } = await formingGroup({ inviteeEmails: [invitee.user.email] });
    const result = await act(codeFor(invitee.user.email), { intent: "join", terms: "on" }, invitee.jar);
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
    const members = await membersOf(group.id);
    expect(members.find((member) => member.userId === invitee.user.id)).toMatchObject({ joinOrder: 2, payoutPosition: 2, isAdmin: false });
    const [invitation] = await db()
      .select()
      .from(schema.groupInvitations)
      .where(eq(schema.groupInvitations.code, codeFor(invitee.user.email)));
    expect(invitation!.status).toBe("accepted");
    // Through the group's open link now: already a member, straight to the group.
    expect((await act(group.inviteCode, { intent: "join", terms: "on" }, invitee.jar)).location).toBe(`/groups/${group.id}`);
  });

  it("gives the last seat to exactly one of several people accepting at once", async () => {
    const { group } = await formingGroup({ memberCount: 3 });
    const second = await person();
    expect((await act(group.inviteCode, { intent: "join", terms: "on" }, second.jar)).status).toBe(302);
    const racers = await Promise.all([person(), person(), person(), person()]);
    const results = await Promise.all(racers.map(({ jar }) => act(group.inviteCode, { intent: "join", terms: "on" }, jar)));
    const winners = results.filter((result) => result.status === 302);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.location).toBe(`/groups/${group.id}`);
    expect(results.filter((result) => result.status === 404).map((result) => result.data)).toEqual(
      Array(3).fill({ state: "invalid", title: "Invalid Invitation", message: INVALID }),
    );
    const members = await membersOf(group.id);
    expect(members).toHaveLength(3);
    const [started] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
    expect(started!.status).toBe("active");
  });

  it("does not let anyone else act on a person's email-bound code", async () => {
    const invitee = await person();
    const { group, codeFor } = await formingGroup({ inviteeEmails: [invitee.user.email] });
    const code = codeFor(invitee.user.email);
    const stranger = await person();
    const joined = await act(code, { intent: "join", terms: "on" }, stranger.jar);
    expect(joined.status).toBe(404);
    expect(joined.data).toEqual({ state: "invalid", title: "Invalid Invitation", message: INVALID });
    const declined = await act(code, { intent: "decline" }, stranger.jar);
    expect(declined.status).toBe(404);
    expect((await membersOf(group.id)).map((member) => member.userId)).not.toContain(stranger.user.id);
    const [invitation] = await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.code, code));
    expect(invitation!.status).toBe("pending");
  });

  it("refuses a user without sandbox access with the warning, not a 500", async () => {
    const { group } = await formingGroup();
    const outsider = await person({ isPlaidSandboxAuthorized: false, hasBankAccount: false });
    const result = await act(group.inviteCode, { intent: "join", terms: "on" }, outsider.jar);
    expect(result.status).toBe(403);
    expect(result.data).toMatchObject({ state: "not-authorized", message: NOT_AUTHORIZED });
    expect((await membersOf(group.id)).length).toBe(1);
  });

  it("answers an unknown code on POST with 404 and an unknown intent with 400", async () => {
    const { jar } = await person();
    const unknown = await act("no-such-code-for-posting", { intent: "join", terms: "on" }, jar);
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ state: "invalid", message: INVALID });
    const { group } = await formingGroup();
    expect((await act(group.inviteCode, { intent: "surprise" }, jar)).status).toBe(400);
  });

  it("sends a user without a bank to step 2 after accepting, with the acceptance carried along", async () => {
    const { group } = await formingGroup();
    const { user, jar } = await person({ hasBankAccount: false });
    const result = await act(group.inviteCode, { intent: "join", terms: "on" }, jar);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/groups/join/${group.inviteCode}?step=bank&terms=on`);
    expect((await membersOf(group.id)).map((member) => member.userId)).not.toContain(user.id);
    // Step 2's forms re-check the acceptance.
    const unaccepted = await act(group.inviteCode, { intent: "start-link" }, jar);
    expect(unaccepted.status).toBe(400);
    expect(unaccepted.data.result.error).toEqual({ terms: [TERMS] });
  });

  it("without JavaScript, starts the bank's Link pages with a return to step 2", async () => {
    const { group } = await formingGroup();
    const { jar } = await person({ hasBankAccount: false });
    const result = await act(group.inviteCode, { intent: "start-link", terms: "on" }, jar);
    expect(result.status).toBe(302);
    const location = new URL(result.location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${process.env.PLAID_SANDBOX_URL}/link`);
    expect(location.searchParams.get("redirect_uri")).toBe(`http://localhost:3000/groups/join/${group.inviteCode}?step=bank&terms=on`);
    expect(location.searchParams.get("token")).toMatch(/^link-sandbox-/);
  });

  it("links the sandbox bank and joins in one step (intent=exchange)", async () => {
    const { group } = await formingGroup();
    const { user, jar } = await person({ hasBankAccount: false });
    // What the Link modal ends with: a public token from the person's own Link session.
    const link = await ownLinkSession(user);
    const result = await act(
      group.inviteCode,
      { intent: "exchange", terms: "on", ...link, institutionId: "ins_109508", institutionName: "First Platypus Bank" },
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
    const accounts = await db().select().from(schema.bankAccounts).where(eq(schema.bankAccounts.userId, user.id));
    expect(accounts.length).toBeGreaterThan(0);
    const [membership] = await db()
      .select()
      .from(schema.groupMembers)
      .where(and(eq(schema.groupMembers.groupId, group.id), eq(schema.groupMembers.userId, user.id)));
    expect(membership).toMatchObject({ joinOrder: 2 });
  });

  it("says 'Linking Failed' on step 2 when the bank's exchange fails, and joins no one; the Link token stays usable", async () => {
    const { group } = await formingGroup();
    const { user, jar } = await person({ hasBankAccount: false });
    const link = await ownLinkSession(user);
    // The bank fails the exchange once (a 500 from Plaid, sandbox/plaid/faults.ts).
    const faults = await fetch(`${process.env.PLAID_SANDBOX_URL}/sandbox/faults/set`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "PLAID-CLIENT-ID": "sandbox-client-id", "PLAID-SECRET": "sandbox-secret" },
      body: JSON.stringify({ rules: [{ endpoint: "/item/public_token/exchange", fault: "500" }] }),
    });
    expect(faults.status).toBe(200);
    const result = await act(group.inviteCode, { intent: "exchange", terms: "on", ...link }, jar);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/groups/join/${group.inviteCode}?step=bank&terms=on`);
    expect(await toastsOf(result.setCookies)).toEqual([
      { type: "error", title: "Linking Failed", description: "We couldn't connect your bank account. Please try again." },
    ]);
    expect((await membersOf(group.id)).map((member) => member.userId)).not.toContain(user.id);
    // The Link token was given back: the same return, posted again, links and joins.
    const again = await act(group.inviteCode, { intent: "exchange", terms: "on", ...link }, jar);
    expect([again.status, again.location]).toEqual([302, `/groups/${group.id}`]);
  });

  it("refuses another user's Link return, and a forged or another user's public token with the member's own Link token (ADR 049): nothing linked, no one joined, the token unspent", async () => {
    const { group } = await formingGroup();
    const { user, jar } = await person({ hasBankAccount: false });
    const { user: other } = await person({ hasBankAccount: false });
    const others = await ownLinkSession(other);
    const own = await bank.createLinkToken(user, { webhook: false });
    const ownAgain = await bank.createLinkToken(user, { webhook: false });
    if (!own.ok || !ownAgain.ok) throw new Error("link token");
    const posted = [
      others,
      { publicToken: "public-sandbox-not-a-real-token", linkToken: own.linkToken },
      { publicToken: others.publicToken, linkToken: ownAgain.linkToken },
    ];
    for (const link of posted) {
      const result = await act(group.inviteCode, { intent: "exchange", terms: "on", ...link }, jar);
      expect([result.status, result.location]).toEqual([302, `/groups/join/${group.inviteCode}?step=bank&terms=on`]);
      expect(await toastsOf(result.setCookies)).toEqual([
        {
          type: "error",
          title: "Linking Failed",
          description: "This bank connection was started from another account. Please connect your bank again from this account.",
        },
      ]);
    }
    expect((await reloadUser(user.id)).hasBankAccount).toBe(false);
    expect((await membersOf(group.id)).map((member) => member.userId)).not.toContain(user.id);
    expect((await plaidCall((api) => api.itemPublicTokenExchange({ public_token: others.publicToken }))).ok).toBe(true);
  });
});
