/**
 * The group commands and reads against a real PostgreSQL: create (with idempotency), invitations, joining (including
 * the race for the last seat), the start (order, schedule, reveal), reordering, and membership-scoped reads.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase();
const groupsServer = await import("../../app/server/groups/groups.server");
const views = await import("../../app/server/groups/group-views.server");
const { dashboardFor } = await import("../../app/server/groups/dashboard.server");
const { invitationInboxFor } = await import("../../app/server/groups/invitations.server");
const { createUser } = await import("../support/users");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { latestMessageTo } = await import("../../sandbox/postmark/store");
const { commitmentFor, drawOrder } = await import("../../app/domain/payout-order");
const { and, asc, eq } = await import("drizzle-orm");

type Draft = import("../../app/domain/groups").GroupDraft;

function draft(overrides: Partial<Draft> = {}): Draft {
  return {
    name: "Wedding Fund",
    memberCount: 3,
    contributionCents: 10_000,
    payoutOrder: "fixed",
    schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 31 },
    startOn: null,
    timeZone: "America/New_York",
    inviteeEmails: [],
    ...overrides,
  };
}

let counter = 0;
async function member(overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  counter += 1;
  return createUser({
    email: `member${counter}.${Date.now()}@example.com`,
    name: `Member ${counter}`,
    isPlaidSandboxAuthorized: true,
    hasBankAccount: true,
    ...overrides,
  });
}

async function codesFor(groupId: string) {
  return db()
    .select()
    .from(schema.groupInvitations)
    .where(eq(schema.groupInvitations.groupId, groupId))
    .orderBy(asc(schema.groupInvitations.createdAt));
}

async function groupRow(groupId: string) {
  const [row] = await db().select().from(schema.groups).where(eq(schema.groups.id, groupId));
  return row!;
}

// 2026-01-10 15:00 in New York.
const NOW = new Date("2026-01-10T20:00:00Z");

describe("createGroup", () => {
  it("creates a forming group with its creator as member 1 and admin, invitations and an open link, and emails them", async () => {
    const creator = await member({ name: "Amina Yusuf" });
    const invitee = await member();
    const result = await groupsServer.createGroup(creator, draft({ inviteeEmails: [invitee.email, "new.person@example.com"] }), { now: NOW });
    // The stranger's invitation was emailed; the member was told in the app (their invitation emails are off by default).
    expect(result).toMatchObject({ ok: true, replayed: false, invitations: { emailed: 1, queued: 0, failed: 0, notifiedInApp: 1 } });
    if (!result.ok) throw new Error("unreachable");
    expect(result.url).toBe(`/groups/${result.groupId}`);

    const group = await groupRow(result.groupId);
    expect(group).toMatchObject({
      status: "forming",
      memberCount: 3,
      contributionCents: 10_000,
      frequency: "monthly",
      dayOfMonth: 31,
      createdBy: creator.id,
    });
    expect(group.inviteCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const members = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, group.id));
    expect(members).toMatchObject([{ userId: creator.id, joinOrder: 1, payoutPosition: 1, isAdmin: true }]);
    const invitations = await codesFor(group.id);
    expect(invitations.map((i) => i.email).sort()).toEqual([invitee.email, "new.person@example.com"].sort());
    expect(new Set(invitations.map((i) => i.code)).size).toBe(2);
    expect(invitations.every((i) => i.status === "pending" && i.code !== group.inviteCode)).toBe(true);
    // Invitations last 14 days.
    expect(invitations.map((i) => i.expiresAt)).toEqual([new Date("2026-01-24T20:00:00Z"), new Date("2026-01-24T20:00:00Z")]);

    const stranger = await latestMessageTo(databaseUrl, "new.person@example.com");
    expect(stranger?.subject).toBe("Amina Yusuf invited you to join Wedding Fund");
    const code = invitations.find((i) => i.email === "new.person@example.com")!.code;
    expect(stranger?.textBody).toContain(`http://localhost:3000/groups/join/${code}`);
    const receipt = await latestMessageTo(databaseUrl, creator.email);
    expect(receipt?.subject).toBe("Your group Wedding Fund is ready for members");
    // An existing user gets the bell always (the email follows their preference, off by default).
    const bell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, invitee.id));
    expect(bell).toMatchObject([
      { title: "Amina Yusuf invited you to Wedding Fund", link: `/groups/join/${invitations.find((i) => i.email === invitee.email)!.code}` },
    ]);
    expect(await latestMessageTo(databaseUrl, invitee.email)).toBeNull();
  });

  it("refuses a user without sandbox access and writes nothing", async () => {
    const outsider = await member({ isPlaidSandboxAuthorized: false });
    const result = await groupsServer.createGroup(outsider, draft());
    expect(result).toEqual({ ok: false, status: 403, error: groupsServer.NOT_AUTHORIZED_TO_CREATE });
    expect(await db().select().from(schema.groups).where(eq(schema.groups.createdBy, outsider.id))).toEqual([]);
  });

  it("creates one group for repeated and concurrent requests with the same idempotency key", async () => {
    const creator = await member();
    const results = await Promise.all(Array.from({ length: 5 }, () => groupsServer.createGroup(creator, draft(), { idempotencyKey: "key-123" })));
    const ids = new Set(results.map((r) => (r.ok ? r.groupId : r.error)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(await db().select().from(schema.groups).where(eq(schema.groups.createdBy, creator.id))).toHaveLength(1);
    const again = await groupsServer.createGroup(creator, draft(), { idempotencyKey: "key-123" });
    expect(again).toMatchObject({ ok: true, replayed: true, groupId: [...ids][0] });
  });

  it("rejects a key reused for a different request, and a malformed key", async () => {
    const creator = await member();
    await groupsServer.createGroup(creator, draft(), { idempotencyKey: "same" });
    expect(await groupsServer.createGroup(creator, draft({ name: "Other" }), { idempotencyKey: "same" })).toEqual({
      ok: false,
      status: 422,
      error: "This Idempotency-Key was already used for a different request",
    });
    expect(await groupsServer.createGroup(creator, draft(), { idempotencyKey: "has space" })).toEqual({
      ok: false,
      status: 422,
      error: "Idempotency-Key must be 1-255 visible ASCII characters",
    });
    // Keys are per user: another user's same key is a new request.
    const other = await member();
    expect(await groupsServer.createGroup(other, draft(), { idempotencyKey: "same" })).toMatchObject({ ok: true, replayed: false });
  });
});

describe("invitations and joining", () => {
  async function formingGroup(overrides: Partial<Draft> = {}) {
    const creator = await member({ name: "Creator" });
    const invitees = [await member(), await member()];
    const result = await groupsServer.createGroup(creator, draft({ inviteeEmails: invitees.map((i) => i.email), ...overrides }), { now: NOW });
    if (!result.ok) throw new Error(result.error);
    const group = await groupRow(result.groupId);
    const invitations = await codesFor(group.id);
    const codeOf = (email: string) => invitations.find((i) => i.email === email)!.code;
    return { creator, invitees, group, codeOf };
  }

  it("an email-bound code works only for its address; the open link for anyone", async () => {
    const { invitees, group, codeOf } = await formingGroup();
    const stranger = await member();
    expect(await groupsServer.lookupInvitation(stranger.id, stranger.email, codeOf(invitees[0]!.email))).toEqual({ ok: false, reason: "invalid" });
    expect(
      await groupsServer.lookupInvitation(invitees[0]!.id, invitees[0]!.email.toUpperCase(), codeOf(invitees[0]!.email), db(), NOW),
    ).toMatchObject({
      ok: true,
      alreadyMember: false,
    });
    expect(await groupsServer.lookupInvitation(stranger.id, stranger.email, group.inviteCode)).toMatchObject({ ok: true, invitationId: null });
  });

  it("needs sandbox access and a bank account", async () => {
    const { group } = await formingGroup();
    const noAccess = await member({ isPlaidSandboxAuthorized: false });
    const noBank = await member({ hasBankAccount: false });
    expect(await groupsServer.joinGroup(noAccess, group.inviteCode)).toEqual({ ok: false, reason: "not-authorized" });
    expect(await groupsServer.joinGroup(noBank, group.inviteCode)).toEqual({ ok: false, reason: "no-bank-account" });
  });

  it("joins, marks the invitation accepted, notifies the admin; joining again changes nothing", async () => {
    const { creator, invitees, group, codeOf } = await formingGroup();
    const first = await groupsServer.joinGroup(invitees[0]!, codeOf(invitees[0]!.email), NOW);
    // Monthly on the 31st, from Saturday 2026-01-10 → 2026-01-31.
    expect(first).toEqual({
      ok: true,
      groupId: group.id,
      firstDueOn: "2026-01-31",
      forming: true,
      started: false,
      alreadyMember: false,
      contributionCents: 10_000,
    });
    const [invitation] = (await codesFor(group.id)).filter((i) => i.email === invitees[0]!.email);
    expect(invitation).toMatchObject({ status: "accepted", respondedBy: invitees[0]!.id });
    const bell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, creator.id));
    expect(bell.map((n) => n.title)).toContain(`${invitees[0]!.name} joined Wedding Fund`);
    // The accepted code now leads its own member back to the group, and nobody else anywhere.
    expect(await groupsServer.joinGroup(invitees[0]!, codeOf(invitees[0]!.email), NOW)).toMatchObject({ ok: true, alreadyMember: true });
    const other = await member();
    expect(await groupsServer.lookupInvitation(other.id, other.email, codeOf(invitees[0]!.email))).toEqual({ ok: false, reason: "invalid" });
    expect(await groupsServer.joinGroup(invitees[0]!, group.inviteCode, NOW)).toMatchObject({ ok: true, alreadyMember: true });
    const members = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, group.id));
    expect(members).toHaveLength(2);
  });

  it("a declined invitation is invalid afterwards; the open link still works for that person", async () => {
    const { invitees, group, codeOf } = await formingGroup();
    await groupsServer.declineInvitation(invitees[1]!, codeOf(invitees[1]!.email), NOW);
    expect(await groupsServer.lookupInvitation(invitees[1]!.id, invitees[1]!.email, codeOf(invitees[1]!.email))).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await groupsServer.lookupInvitation(invitees[1]!.id, invitees[1]!.email, group.inviteCode)).toMatchObject({ ok: true });
  });

  it("the last seat goes to exactly one of several people accepting at once, and the group starts once", async () => {
    const { group } = await formingGroup({ memberCount: 3 });
    const early = await member();
    await groupsServer.joinGroup(early, group.inviteCode, NOW);
    const racers = await Promise.all(Array.from({ length: 6 }, () => member()));
    const results = await Promise.all(racers.map((racer) => groupsServer.joinGroup(racer, group.inviteCode, NOW)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 5 }, () => ({ ok: false, reason: "invalid" })));
    const members = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, group.id));
    expect(members.map((m) => m.joinOrder).sort()).toEqual([1, 2, 3]);
    const started = await groupRow(group.id);
    expect(started.status).toBe("active");
    expect(await db().select().from(schema.groupPeriods).where(eq(schema.groupPeriods.groupId, group.id))).toHaveLength(3);
    const startEvents = await db()
      .select()
      .from(schema.groupEvents)
      .where(and(eq(schema.groupEvents.groupId, group.id), eq(schema.groupEvents.type, "started")));
    expect(startEvents).toHaveLength(1);
    // A full group's link is invalid for everyone else.
    const late = await member();
    expect(await groupsServer.lookupInvitation(late.id, late.email, group.inviteCode)).toEqual({ ok: false, reason: "invalid" });
  });

  it("starts a fixed-order group in join order with the schedule from the first due day, clamped per month", async () => {
    const { creator, invitees, group, codeOf } = await formingGroup();
    await groupsServer.joinGroup(invitees[1]!, codeOf(invitees[1]!.email), NOW);
    const last = await groupsServer.joinGroup(invitees[0]!, codeOf(invitees[0]!.email), NOW);
    expect(last).toMatchObject({ ok: true, started: true, firstDueOn: "2026-01-31" });
    const started = await groupRow(group.id);
    expect(started).toMatchObject({ status: "active", firstDueOn: "2026-01-31", lastDueOn: "2026-03-31", drawSeed: null });
    const periods = await db()
      .select({
        n: schema.groupPeriods.periodNumber,
        dueOn: schema.groupPeriods.dueOn,
        userId: schema.groupMembers.userId,
        payoutCents: schema.groupPeriods.payoutCents,
      })
      .from(schema.groupPeriods)
      .innerJoin(schema.groupMembers, eq(schema.groupMembers.id, schema.groupPeriods.recipientMemberId))
      .where(eq(schema.groupPeriods.groupId, group.id))
      .orderBy(asc(schema.groupPeriods.periodNumber));
    expect(periods).toEqual([
      { n: 1, dueOn: "2026-01-31", userId: creator.id, payoutCents: 30_000 },
      { n: 2, dueOn: "2026-02-28", userId: invitees[1]!.id, payoutCents: 30_000 },
      { n: 3, dueOn: "2026-03-31", userId: invitees[0]!.id, payoutCents: 30_000 },
    ]);
    const email = await latestMessageTo(databaseUrl, invitees[1]!.email);
    expect(email?.subject).toBe("Wedding Fund has started: your first contribution is due Saturday, January 31, 2026");
  });

  it("a random draw reveals the committed seed and follows it", async () => {
    const { creator, invitees, group, codeOf } = await formingGroup({
      payoutOrder: "random",
      schedule: { frequency: "weekly", dayOfWeek: 5, dayOfMonth: null },
    });
    expect(group.drawCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(group.drawSeed).toBeNull();
    const forming = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, group.id));
    expect(forming[0]!.payoutPosition).toBeNull();
    await groupsServer.joinGroup(invitees[0]!, codeOf(invitees[0]!.email), NOW);
    await groupsServer.joinGroup(invitees[1]!, codeOf(invitees[1]!.email), NOW);
    const started = await groupRow(group.id);
    expect(started.drawSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentFor(started.drawSeed!)).toBe(group.drawCommitment);
    expect(started.drawSeedEncrypted).toBeNull();
    const expected = drawOrder(started.drawSeed!, [creator.id, invitees[0]!.id, invitees[1]!.id]);
    const members = await db()
      .select()
      .from(schema.groupMembers)
      .where(eq(schema.groupMembers.groupId, group.id))
      .orderBy(asc(schema.groupMembers.payoutPosition));
    expect(members.map((m) => m.userId)).toEqual(expected);
    // Weekly on Friday from Saturday 2026-01-10.
    expect(started).toMatchObject({ firstDueOn: "2026-01-16", lastDueOn: "2026-01-30" });
  });
});

describe("reordering", () => {
  it("lets the admin move members before the start; nobody else, and not after", async () => {
    const creator = await member();
    const created = await groupsServer.createGroup(creator, draft({ memberCount: 4 }), { now: NOW });
    if (!created.ok) throw new Error(created.error);
    const group = await groupRow(created.groupId);
    const [a, b] = [await member(), await member()];
    await groupsServer.joinGroup(a, group.inviteCode, NOW);
    await groupsServer.joinGroup(b, group.inviteCode, NOW);
    const rows = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, group.id));
    const idOf = (userId: string) => rows.find((r) => r.userId === userId)!.id;

    expect(await groupsServer.moveMember(creator.id, group.id, idOf(b.id), "up")).toEqual({ ok: true });
    expect(await groupsServer.moveMember(a.id, group.id, idOf(a.id), "up")).toEqual({
      ok: false,
      status: 403,
      error: "Only the group admin can change the payout order.",
    });
    const stranger = await member();
    expect(await groupsServer.moveMember(stranger.id, group.id, idOf(a.id), "up")).toEqual({ ok: false, status: 404, error: "Group Not Found" });
    const after = await db()
      .select()
      .from(schema.groupMembers)
      .where(eq(schema.groupMembers.groupId, group.id))
      .orderBy(asc(schema.groupMembers.payoutPosition));
    expect(after.map((m) => m.userId)).toEqual([creator.id, b.id, a.id]);

    await groupsServer.joinGroup(await member(), group.inviteCode, NOW);
    expect(await groupsServer.moveMember(creator.id, group.id, idOf(a.id), "up")).toMatchObject({ ok: false, status: 409 });
    const periods = await db()
      .select({ userId: schema.groupMembers.userId })
      .from(schema.groupPeriods)
      .innerJoin(schema.groupMembers, eq(schema.groupMembers.id, schema.groupPeriods.recipientMemberId))
      .where(eq(schema.groupPeriods.groupId, group.id))
      .orderBy(asc(schema.groupPeriods.periodNumber));
    expect(periods.map((p) => p.userId).slice(0, 3)).toEqual([creator.id, b.id, a.id]);
  });
});

describe("reads are scoped by membership", () => {
  it("the group page is null for non-members, unknown and malformed ids", async () => {
    const creator = await member();
    const created = await groupsServer.createGroup(creator, draft(), { now: NOW });
    if (!created.ok) throw new Error(created.error);
    const stranger = await member();
    expect(await views.groupPageFor(stranger.id, created.groupId, NOW)).toBeNull();
    expect(await views.groupPageFor(creator.id, crypto.randomUUID(), NOW)).toBeNull();
    expect(await views.groupPageFor(creator.id, "not-a-uuid", NOW)).toBeNull();
    expect(await views.calendarEntriesFor(stranger.id, created.groupId)).toBeNull();
    const page = await views.groupPageFor(creator.id, created.groupId, NOW);
    expect(page).toMatchObject({
      name: "Wedding Fund",
      status: "forming",
      joinedCount: 1,
      memberCount: 3,
      payoutCents: 30_000,
      scheduleLine: "Monthly on the 31st (or the last day of shorter months)",
      nextContributionOn: "2026-01-31",
      daysUntilNextContribution: 21,
      scheduleProjected: true,
      viewer: { isAdmin: true, canReorder: true },
    });
    expect(page!.schedule.map((row) => row.date)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31"]);
    expect(page!.inviteUrlPath).toMatch(/^\/groups\/join\/[A-Za-z0-9_-]{22}$/);
  });

  it("a member who hides their profile shows only their name to others", async () => {
    const creator = await member();
    const created = await groupsServer.createGroup(creator, draft(), { now: NOW });
    if (!created.ok) throw new Error(created.error);
    const shy = await member({ name: "Shy Person", profileVisible: false, phone: "555-0100" });
    await groupsServer.joinGroup(shy, (await groupRow(created.groupId)).inviteCode, NOW);
    const page = await views.groupPageFor(creator.id, created.groupId, NOW);
    expect(page!.members.find((m) => m.profile.id === shy.id)!.profile).toEqual({
      id: shy.id,
      name: "Shy Person",
      email: null,
      phone: null,
      city: null,
      state: null,
    });
    const own = await views.groupPageFor(shy.id, created.groupId, NOW);
    expect(own!.members.find((m) => m.isYou)!.profile.email).toBe(shy.email);
  });

  it("cards, stats and activity come from the user's own groups", async () => {
    const creator = await member({ name: "Card Creator" });
    const created = await groupsServer.createGroup(creator, draft({ memberCount: 3 }), { now: NOW });
    if (!created.ok) throw new Error(created.error);
    const code = (await groupRow(created.groupId)).inviteCode;
    const [a, b] = [await member({ name: "Joiner A" }), await member({ name: "Joiner B" })];
    await groupsServer.joinGroup(a, code, new Date(NOW.getTime() + 1000));
    await groupsServer.joinGroup(b, code, new Date(NOW.getTime() + 2000));
    const cards = await views.groupCardsFor(a.id, NOW);
    expect(cards).toMatchObject([
      { id: created.groupId, status: "active", joinedCount: 3, yourPosition: 2, nextContributionOn: "2026-01-31", payoutCents: 30_000 },
    ]);
    expect(views.dashboardStats(cards)).toEqual({
      activeGroups: 1,
      nextContributionOn: "2026-01-31",
      nextPayoutCents: 30_000,
      // Their payout's expected arrival (issue 45), not turn 2's due day: due Saturday February 28, debited Monday
      // March 2, available Wednesday 4 (sent), in the bank Thursday March 5.
      nextPayoutOn: "2026-03-05",
    });
    const home = await dashboardFor(a, NOW);
    expect(home.cards).toEqual(cards);
    expect(home.activity.map((item) => [item.type, item.personName, item.isYou])).toEqual([
      ["join", "Joiner B", false],
      ["join", "Joiner A", true],
      ["join", "Card Creator", false],
    ]);
    expect(home.activity[1]).toEqual({
      id: expect.any(String),
      type: "join",
      groupId: created.groupId,
      groupName: "Wedding Fund",
      personName: "Joiner A",
      isYou: true,
      // Only a turn swap has another member (ADR 041).
      relatedName: null,
      relatedIsYou: false,
      amountCents: null,
      occurredAt: new Date(NOW.getTime() + 1000).toISOString(),
      occurredOn: null,
    });
    const outsider = await member();
    expect(await views.groupCardsFor(outsider.id)).toEqual([]);
    expect(await dashboardFor(outsider)).toEqual({ bank: [], late: [], cards: [], savings: {}, activity: [], inbox: [] });
  });

  it("the dashboard's one read: every group's card, the newest ten events across them, and the inbox", async () => {
    const me = await member({ name: "Busy Member" });
    const admin = await member({ name: "Other Admin" });
    // Three groups of mine (joined in turn), each with its joins as events, and one I am only invited to.
    const mine = [];
    for (const [index, name] of ["First Circle", "Second Circle", "Third Circle"].entries()) {
      const created = await groupsServer.createGroup(admin, draft({ name, memberCount: 12 }), { now: new Date(NOW.getTime() + index * 60_000) });
      if (!created.ok) throw new Error(created.error);
      mine.push(created.groupId);
      const code = (await groupRow(created.groupId)).inviteCode;
      for (let seat = 0; seat < 4; seat += 1)
        await groupsServer.joinGroup(await member(), code, new Date(NOW.getTime() + index * 60_000 + seat * 1000 + 1000));
      await groupsServer.joinGroup(me, code, new Date(NOW.getTime() + index * 60_000 + 10_000));
    }
    const invited = await groupsServer.createGroup(admin, draft({ name: "Invited Circle", inviteeEmails: [me.email] }), {
      now: new Date(NOW.getTime() + 600_000),
    });
    if (!invited.ok) throw new Error(invited.error);

    const home = await dashboardFor(me, new Date(NOW.getTime() + 3_600_000));
    expect(home.cards.map((card) => card.name)).toEqual(["Third Circle", "Second Circle", "First Circle"]);
    expect(home.cards).toEqual(await views.groupCardsFor(me.id));
    expect(home.savings).toEqual((await views.groupCardsWithSavings(me.id)).savings);
    // 18 joins in my groups (the admin's and five more in each); the newest ten, newest first, are the third group's
    // six, then the second's newest four.
    expect(home.activity).toHaveLength(10);
    expect(home.activity.map((item) => [item.groupName, item.personName === "Busy Member"])).toEqual([
      ["Third Circle", true],
      ...Array(4).fill(["Third Circle", false]),
      ["Third Circle", false],
      ["Second Circle", true],
      ...Array(3).fill(["Second Circle", false]),
    ]);
    const times = home.activity.map((item) => item.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(home.inbox.map((entry) => [entry.groupName, entry.state])).toEqual([["Invited Circle", "open"]]);
    expect(home.inbox).toEqual(await invitationInboxFor(me, new Date(NOW.getTime() + 3_600_000)));
  });
});
