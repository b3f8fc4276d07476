/**
 * The roster before the start (issue 32's "also seen", the piece issue 34 item 3 builds on): the group's admin replaces
 * the open invite link (the old one stops working at once) and removes a member of a forming group with a reason that
 * member is shown; a removed or revoked person cannot join through any link they had. Through the group page's and
 * the join page's own loaders and actions.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";
import { call, get, post } from "../support/routes";

const { databaseUrl } = await useTestDatabase();
const groupPage = await import("../../app/routes/groups.$groupId");
const joinPage = await import("../../app/routes/groups.join.$inviteCode");
const dashboard = await import("../../app/routes/dashboard");
const invitationsPage = await import("../../app/routes/invitations");
const { createUser, sessionJarFor, toastTitles } = await import("../support/users");
const { createGroup, joinGroup, revokeInvitation } = await import("../../app/server/groups/groups.server");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { listMessages } = await import("../../sandbox/postmark/store");
const { backgroundDeliveries } = await import("../../app/server/email/email.server");
const { processGroup } = await import("../../app/server/money/cycle.server");
const { and, asc, eq } = await import("drizzle-orm");

let counter = 0;
async function person(name: string) {
  counter += 1;
  const user = await createUser({
    email: `roster${counter}.${Date.now()}@example.com`,
    name,
    isPlaidSandboxAuthorized: true,
    hasBankAccount: true,
  });
  return { user, jar: await sessionJarFor(user.id) };
}

/** A forming group of `size` (fixed order) made by Dana, with an email invitation to `invited` and these members joined. */
async function formingGroup(options: { size?: number; invited?: string[]; joiners?: Array<Awaited<ReturnType<typeof person>>> } = {}) {
  const admin = await person("Dana Demo");
  const created = await createGroup(admin.user, {
    name: "Wedding Fund",
    memberCount: options.size ?? 4,
    contributionCents: 10_000,
    payoutOrder: "fixed",
    schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 5 },
    startOn: null,
    timeZone: "America/New_York",
    inviteeEmails: options.invited ?? [],
  });
  if (!created.ok) throw new Error(created.error);
  const groupId = created.groupId;
  const code = async () => (await db().select().from(schema.groups).where(eq(schema.groups.id, groupId)))[0]!.inviteCode;
  for (const joiner of options.joiners ?? []) expect((await joinGroup(joiner.user, await code())).ok).toBe(true);
  return { admin, groupId, code };
}

function act(groupId: string, fields: Record<string, string>, jar: Awaited<ReturnType<typeof person>>["jar"]) {
  return call(groupPage.action, post(`/groups/${groupId}`, fields, jar), { groupId });
}

function joinView(code: string, jar: Awaited<ReturnType<typeof person>>["jar"]) {
  return call(joinPage.loader, get(`/groups/join/${code}`, jar), { inviteCode: code });
}

async function members(groupId: string) {
  return db()
    .select({ userId: schema.groupMembers.userId, position: schema.groupMembers.payoutPosition })
    .from(schema.groupMembers)
    .where(eq(schema.groupMembers.groupId, groupId))
    .orderBy(asc(schema.groupMembers.payoutPosition));
}

async function memberIdOf(groupId: string, userId: string) {
  const [row] = await db()
    .select({ id: schema.groupMembers.id })
    .from(schema.groupMembers)
    .where(and(eq(schema.groupMembers.groupId, groupId), eq(schema.groupMembers.userId, userId)));
  return row!.id;
}

describe("replacing the open invite link", () => {
  it("the admin replaces it: the old link stops working at once, the new one works", async () => {
    const { admin, groupId, code } = await formingGroup();
    const old = await code();
    const result = await act(groupId, { intent: "rotate-link" }, admin.jar);
    expect([result.status, result.location, await toastTitles(result.setCookies)]).toEqual([302, `/groups/${groupId}`, ["Invite link replaced"]]);
    const fresh = await code();
    expect(fresh).not.toBe(old);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const newcomer = await person("Lena Larsen");
    const refused = await joinView(old, newcomer.jar);
    expect([refused.status, refused.data.title, refused.data.message]).toEqual([
      404,
      "Invalid Invitation",
      "The invitation link you followed is invalid or has expired.",
    ]);
    const joinWithOld = await call(joinPage.action, post(`/groups/join/${old}`, { intent: "join", terms: "on" }, newcomer.jar), { inviteCode: old });
    expect(joinWithOld.status).toBe(404);
    expect((await joinView(fresh, newcomer.jar)).status).toBe(200);
    // The page shows the new link; the group's history has the change.
    const page = await call(groupPage.loader, get(`/groups/${groupId}`, admin.jar), { groupId });
    expect(page.data.inviteUrl).toBe(`http://localhost:3000/groups/join/${fresh}`);
    const events = await db().select().from(schema.groupEvents).where(eq(schema.groupEvents.groupId, groupId));
    expect(events.filter((event) => event.type === "link_rotated").map((event) => event.userId)).toEqual([admin.user.id]);
  });

  it("only the admin, only while forming; anyone else does not see the group", async () => {
    const member = await person("Omar Haddad");
    const { admin, groupId, code } = await formingGroup({ joiners: [member] });
    const before = await code();
    const refused = await act(groupId, { intent: "rotate-link" }, member.jar);
    expect([refused.status, await toastTitles(refused.setCookies)]).toEqual([302, ["Only the group admin can replace the invite link."]]);
    const outsider = await person("Marcus Chen");
    expect((await act(groupId, { intent: "rotate-link" }, outsider.jar)).status).toBe(404);
    expect(await code()).toBe(before);

    // Full: started, no link to replace.
    const { groupId: fullId, admin: fullAdmin } = await formingGroup({ size: 3, joiners: [await person("A"), await person("B")] });
    const started = await act(fullId, { intent: "rotate-link" }, fullAdmin.jar);
    expect(await toastTitles(started.setCookies)).toEqual(["The invite link can only be replaced while the group is forming."]);
    expect(admin.user.id).not.toBe(fullAdmin.user.id);
  });
});

describe("removing a member of a forming group", () => {
  it("removes them with a reason they are told in the app and by email; their seat opens and the turns close up", async () => {
    const omar = await person("Omar Haddad");
    const lena = await person("Lena Larsen");
    const { admin, groupId } = await formingGroup({ joiners: [omar, lena] });
    expect((await members(groupId)).map((row) => [row.userId, row.position])).toEqual([
      [admin.user.id, 1],
      [omar.user.id, 2],
      [lena.user.id, 3],
    ]);
    const result = await act(
      groupId,
      { intent: "remove-member", memberId: await memberIdOf(groupId, omar.user.id), reason: "  We agreed on a smaller circle.  " },
      admin.jar,
    );
    expect([result.status, result.location, await toastTitles(result.setCookies)]).toEqual([302, `/groups/${groupId}`, ["Member removed"]]);
    expect((await members(groupId)).map((row) => [row.userId, row.position])).toEqual([
      [admin.user.id, 1],
      [lena.user.id, 2],
    ]);
    const [removal] = await db().select().from(schema.groupRemovals).where(eq(schema.groupRemovals.groupId, groupId));
    expect(removal).toMatchObject({ userId: omar.user.id, removedBy: admin.user.id, reason: "We agreed on a smaller circle." });

    // Omar is told: the bell and an email.
    const bell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, omar.user.id));
    expect(bell.map((row) => [row.title, row.body, row.link])).toEqual([
      ["You were removed from Wedding Fund", "Dana Demo removed you before the group started. Reason: We agreed on a smaller circle.", "/dashboard"],
    ]);
    await backgroundDeliveries();
    const mail = await listMessages(databaseUrl, { to: omar.user.email });
    expect(mail.map((message) => message.subject)).toEqual(["You were removed from Wedding Fund"]);
    expect(mail[0]!.textBody).toContain("We agreed on a smaller circle.");

    // The group is gone from Omar's pages; the others see the removal in their activity.
    expect((await call(groupPage.loader, get(`/groups/${groupId}`, omar.jar), { groupId })).status).toBe(404);
    const board = await call(dashboard.loader, get("/dashboard", admin.jar));
    const sentences = JSON.stringify(board.data);
    expect(sentences).toContain('"type":"removed"');
    expect(sentences).toContain('"personName":"Omar Haddad"');
  });

  it("a removed member cannot rejoin with the old open link, the email invitation they accepted, nor a link replaced since, until the admin invites them again by name (ADR 050)", async () => {
    const omar = await person("Omar Haddad");
    const { admin, groupId, code } = await formingGroup({ invited: [omar.user.email] });
    const [invitation] = await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.groupId, groupId));
    expect((await joinGroup(omar.user, invitation!.code)).ok).toBe(true);
    await act(groupId, { intent: "remove-member", memberId: await memberIdOf(groupId, omar.user.id), reason: "Changed plans" }, admin.jar);

    const message =
      "The group's admin removed you from this group, so its invite links, old or new, no longer work for you unless the admin invites you again. Reason given: Changed plans";
    for (const link of [await code(), invitation!.code]) {
      const page = await joinView(link, omar.jar);
      expect([page.status, page.data.title, page.data.message]).toEqual([403, "Removed from Group", message]);
      const posted = await call(joinPage.action, post(`/groups/join/${link}`, { intent: "join", terms: "on" }, omar.jar), { inviteCode: link });
      expect([posted.status, posted.data.title]).toEqual([403, "Removed from Group"]);
      expect(await joinGroup(omar.user, link)).toMatchObject({ ok: false, reason: "removed", removalReason: "Changed plans" });
    }
    expect((await members(groupId)).map((row) => row.userId)).toEqual([admin.user.id]);

    // The admin replaces the link and shares it with the group: Omar is refused by the new link too (issue 45).
    await act(groupId, { intent: "rotate-link" }, admin.jar);
    const fresh = await code();
    expect((await joinView(fresh, omar.jar)).status).toBe(403);
    expect(await joinGroup(omar.user, fresh)).toMatchObject({ ok: false, reason: "removed", removalReason: "Changed plans" });
    expect((await members(groupId)).map((row) => row.userId)).toEqual([admin.user.id]);

    // The database refuses the row whatever the path (the trigger of migration 0024).
    await expect(
      db().insert(schema.groupMembers).values({ groupId, userId: omar.user.id, joinOrder: 99, payoutPosition: null, isAdmin: false }),
    ).rejects.toThrow();

    // The admin's page lists the removal with its reason and offers "Invite again"; the member's page has no reason.
    const adminPage = await call(groupPage.loader, get(`/groups/${groupId}`, admin.jar), { groupId });
    const history = adminPage.data.group.rosterHistory;
    expect(
      history.map((entry: { kind: string; name: string; reason: string | null; userId: string | null }) => [
        entry.kind,
        entry.name,
        entry.reason,
        entry.userId,
      ]),
    ).toEqual([
      ["removed", "Omar Haddad", "Changed plans", omar.user.id],
      ["joined", "Omar Haddad", null, null],
      ["joined", "Dana Demo", null, null],
    ]);

    // Not the admin: refused; the admin: lifted, Omar told with the link, and the current link lets him in.
    const lena = await person("Lena Larsen");
    await joinGroup(lena.user, fresh);
    const byMember = await act(groupId, { intent: "invite-again", userId: omar.user.id }, lena.jar);
    expect(await toastTitles(byMember.setCookies)).toEqual(["Only the group admin can invite someone again."]);
    const lenaHistory = (await call(groupPage.loader, get(`/groups/${groupId}`, lena.jar), { groupId })).data.group.rosterHistory;
    expect(lenaHistory.find((entry: { kind: string }) => entry.kind === "removed")).toMatchObject({ reason: null, userId: null });
    expect((await act(groupId, { intent: "invite-again", userId: "not-a-uuid" }, admin.jar)).status).toBe(400);

    const again = await act(groupId, { intent: "invite-again", userId: omar.user.id }, admin.jar);
    expect([again.status, await toastTitles(again.setCookies)]).toEqual([302, ["Invited again"]]);
    const bell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, omar.user.id));
    expect(bell.map((row) => [row.title, row.body, row.link])).toContainEqual([
      "You can join Wedding Fund again",
      "Dana Demo invited you to join the group again. Its invite link works for you now.",
      `/groups/${groupId}`,
    ]);
    // The notice leads to the group's page, which sends him to the invite link of the moment (QA pass 3: the link in
    // the notice died when the admin replaced it).
    const follow = async () => (await call(groupPage.loader, get(`/groups/${groupId}`, omar.jar), { groupId })).location;
    expect(await follow()).toBe(`/groups/join/${fresh}`);
    await act(groupId, { intent: "rotate-link" }, admin.jar);
    const replaced = await code();
    expect(replaced).not.toBe(fresh);
    expect(await follow()).toBe(`/groups/join/${replaced}`);
    expect((await joinView(replaced, omar.jar)).data.state).toBe("details");
    // Nobody else is sent there: a stranger still finds no group.
    const stranger = await person("Sam Stranger");
    expect((await call(groupPage.loader, get(`/groups/${groupId}`, stranger.jar), { groupId })).status).toBe(404);
    await backgroundDeliveries();
    const invitedMail = (await listMessages(databaseUrl, { to: omar.user.email })).find(
      (message) => message.subject === "You can join Wedding Fund again",
    );
    expect(JSON.stringify(invitedMail)).toContain(`/groups/${groupId}`);
    const twice = await act(groupId, { intent: "invite-again", userId: omar.user.id }, admin.jar);
    expect(await toastTitles(twice.setCookies)).toEqual(["That person can already join this group."]);
    expect((await joinGroup(omar.user, replaced)).ok).toBe(true);
    const after = (await call(groupPage.loader, get(`/groups/${groupId}`, admin.jar), { groupId })).data.group.rosterHistory;
    expect(after.map((entry: { kind: string; name: string; userId: string | null }) => [entry.kind, entry.name, entry.userId])).toEqual([
      ["joined", "Omar Haddad", null],
      ["invited_again", "Omar Haddad", null],
      ["joined", "Lena Larsen", null],
      ["removed", "Omar Haddad", null],
      ["joined", "Omar Haddad", null],
      ["joined", "Dana Demo", null],
    ]);
  });

  it("after a removal the seats are counted, not the join order: the group starts when it is full", async () => {
    const omar = await person("Omar Haddad");
    const { admin, groupId, code } = await formingGroup({ size: 3, joiners: [omar] });
    await act(groupId, { intent: "remove-member", memberId: await memberIdOf(groupId, omar.user.id), reason: "Duplicate account" }, admin.jar);
    const lena = await person("Lena Larsen");
    expect(await joinGroup(lena.user, await code())).toMatchObject({ ok: true, started: false });
    const marcus = await person("Marcus Chen");
    expect(await joinGroup(marcus.user, await code())).toMatchObject({ ok: true, started: true });
    expect((await members(groupId)).map((row) => [row.userId, row.position])).toEqual([
      [admin.user.id, 1],
      [lena.user.id, 2],
      [marcus.user.id, 3],
    ]);
  });

  it("refuses a missing or unreadable reason with the message at that member (400), and removes nobody", async () => {
    const omar = await person("Omar Haddad");
    const { admin, groupId } = await formingGroup({ joiners: [omar] });
    const memberId = await memberIdOf(groupId, omar.user.id);
    const cases: Array<[string, string]> = [
      ["", "Please give a reason: the member will see it"],
      ["   ", "Please give a reason: the member will see it"],
      ["x".repeat(201), "Reason must be at most 200 characters"],
      ["Line one\nLine two", "Reason can't contain line breaks, tabs or other control characters"],
      ["\u202Eesrever", "Reason can't contain characters that change the direction of the text"],
    ];
    for (const [reason, message] of cases) {
      const result = await act(groupId, { intent: "remove-member", memberId, reason }, admin.jar);
      expect([result.status, result.data.removal.memberId, result.data.removal.result.error.reason]).toEqual([400, memberId, [message]]);
    }
    const malformed = await act(groupId, { intent: "remove-member", memberId: "not-a-uuid", reason: "ok" }, admin.jar);
    expect(malformed.status).toBe(400);
    expect((await members(groupId)).map((row) => row.userId)).toEqual([admin.user.id, omar.user.id]);
  });

  it("only the admin removes, never the admin, only before the start; anyone else does not see the group", async () => {
    const omar = await person("Omar Haddad");
    const lena = await person("Lena Larsen");
    const { admin, groupId } = await formingGroup({ joiners: [omar, lena] });
    const byMember = await act(groupId, { intent: "remove-member", memberId: await memberIdOf(groupId, lena.user.id), reason: "Not you" }, omar.jar);
    expect(await toastTitles(byMember.setCookies)).toEqual(["Only the group admin can remove members."]);
    const outsider = await person("Marcus Chen");
    const byOutsider = await act(
      groupId,
      { intent: "remove-member", memberId: await memberIdOf(groupId, lena.user.id), reason: "Not you" },
      outsider.jar,
    );
    expect(byOutsider.status).toBe(404);
    const self = await act(groupId, { intent: "remove-member", memberId: await memberIdOf(groupId, admin.user.id), reason: "Leaving" }, admin.jar);
    expect(await toastTitles(self.setCookies)).toEqual(["The group's admin can't be removed."]);
    // Another group's member: not in this group.
    const other = await formingGroup({ joiners: [await person("Zed")] });
    const [stranger] = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, other.groupId));
    const elsewhere = await act(groupId, { intent: "remove-member", memberId: stranger!.id, reason: "Wrong group" }, admin.jar);
    expect(await toastTitles(elsewhere.setCookies)).toEqual(["That member is not in this group."]);
    expect(await members(groupId)).toHaveLength(3);

    const { groupId: startedId, admin: startedAdmin } = await formingGroup({ size: 3, joiners: [omar, lena] });
    const late = await act(
      startedId,
      { intent: "remove-member", memberId: await memberIdOf(startedId, omar.user.id), reason: "Too late" },
      startedAdmin.jar,
    );
    expect(await toastTitles(late.setCookies)).toEqual(["Members can only be removed before the group starts."]);
    expect(await members(startedId)).toHaveLength(3);
  });
});

describe("the inbox of someone invited again by name (ADR 050)", () => {
  it("lists the group on /invitations and the dashboard by its current link, with Accept and no Decline; accepting joins; never while a removal stands or once a member", async () => {
    const { renderRoute, textOf } = await import("../support/render");
    const omar = await person("Omar Haddad");
    const { admin, groupId, code } = await formingGroup({ joiners: [omar] });
    const inbox = async () => (await call(invitationsPage.loader, get("/invitations", omar.jar))).data.invitations;
    await act(groupId, { intent: "remove-member", memberId: await memberIdOf(groupId, omar.user.id), reason: "Changed plans" }, admin.jar);
    expect(await inbox()).toEqual([]);

    // Invited again, then the link replaced: the inbox offers the link of the moment, with no expiry.
    await act(groupId, { intent: "invite-again", userId: omar.user.id }, admin.jar);
    await act(groupId, { intent: "rotate-link" }, admin.jar);
    const current = await code();
    const listed = await inbox();
    expect(listed).toEqual([
      {
        code: current,
        kind: "invitedAgain",
        state: "open",
        groupId,
        groupName: "Wedding Fund",
        inviterName: "Dana Demo",
        memberCount: 4,
        joinedCount: 1,
        contributionCents: 10_000,
        payoutCents: 40_000,
        scheduleLine: "Monthly on the 5th",
        frequency: "monthly",
        payoutOrder: "fixed",
        setupFeeCents: 500,
        sentAt: expect.any(String),
        expiresAt: null,
      },
    ]);
    const home = await call(dashboard.loader, get("/dashboard", omar.jar));
    expect(home.data.invitations).toEqual(listed);
    const text = textOf(renderRoute(invitationsPage.default, "/invitations", { invitations: listed, error: null }));
    expect(text).toContain("Wedding Fund Invited again by Dana Demo");
    expect(text).toContain(
      "You were in this group before, and Dana Demo invited you to join it again. Nothing changes unless you accept; if you'd rather not, let Dana Demo know.",
    );
    expect(text).not.toContain("Decline");
    // Nobody else's inbox has it.
    const stranger = await person("Sam Stranger");
    expect((await call(invitationsPage.loader, get("/invitations", stranger.jar))).data.invitations).toEqual([]);

    // Accept from the inbox joins through that link.
    const accepted = await call(invitationsPage.action, post("/invitations", { intent: "accept", code: current, terms: "on" }, omar.jar));
    expect(accepted).toMatchObject({ status: 302, location: `/groups/${groupId}` });
    expect((await members(groupId)).map((row) => row.userId)).toEqual([admin.user.id, omar.user.id]);
    expect(await inbox()).toEqual([]);

    // Removed once more: nothing in the inbox while that removal stands (the old lifting does not count).
    await act(groupId, { intent: "remove-member", memberId: await memberIdOf(groupId, omar.user.id), reason: "Again" }, admin.jar);
    expect(await inbox()).toEqual([]);
  });
});

describe("a revoked invitation", () => {
  it("stops its addressee joining through the group's open link too, until the admin replaces the link", async () => {
    const omar = await person("Omar Haddad");
    const { admin, groupId, code } = await formingGroup({ invited: [omar.user.email] });
    const [invitation] = await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.groupId, groupId));
    expect((await revokeInvitation(admin.user.id, groupId, invitation!.id)).ok).toBe(true);

    const page = await joinView(await code(), omar.jar);
    expect([page.status, page.data.title, page.data.message]).toEqual([
      410,
      "Invitation Revoked",
      "The group's admin withdrew this invitation. To join the group, ask the group's admin to invite you again.",
    ]);
    // The next step in the reader's language too (QA pass 3: the page offered none).
    const spanish = get(`/groups/join/${await code()}`, omar.jar);
    spanish.headers.set("Accept-Language", "es-US");
    const inSpanish = await call(joinPage.loader, spanish, { inviteCode: await code() });
    expect([inSpanish.status, inSpanish.data.title, inSpanish.data.message]).toEqual([
      410,
      "Invitación retirada",
      "El administrador de la tanda retiró esta invitación. Para unirse a la tanda, pida al administrador de la tanda que le invite otra vez.",
    ]);
    expect(await joinGroup(omar.user, await code())).toMatchObject({ ok: false, reason: "revoked" });
    // Someone else is not affected.
    expect((await joinGroup((await person("Lena Larsen")).user, await code())).ok).toBe(true);

    await act(groupId, { intent: "rotate-link" }, admin.jar);
    expect((await joinGroup(omar.user, await code())).ok).toBe(true);
  });
});

describe("leaving a forming group (issue 34)", () => {
  it("a member leaves: their seat opens, the turns close up, the admin is told, and nothing is charged", async () => {
    const omar = await person("Omar Haddad");
    const lena = await person("Lena Larsen");
    const { admin, groupId } = await formingGroup({ invited: [omar.user.email], joiners: [lena] });
    const [invitation] = await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.groupId, groupId));
    expect((await joinGroup(omar.user, invitation!.code)).ok).toBe(true);
    expect((await members(groupId)).map((row) => [row.userId, row.position])).toEqual([
      [admin.user.id, 1],
      [lena.user.id, 2],
      [omar.user.id, 3],
    ]);

    // The page offers Leave to Lena (a member), not to the admin.
    const lenaPage = await call(groupPage.loader, get(`/groups/${groupId}`, lena.jar), { groupId });
    expect([lenaPage.data.group.viewer.isAdmin, lenaPage.data.group.status]).toEqual([false, "forming"]);

    const result = await act(groupId, { intent: "leave-group" }, lena.jar);
    expect([result.status, result.location, await toastTitles(result.setCookies)]).toEqual([302, "/dashboard", ["You left the group"]]);
    expect((await members(groupId)).map((row) => [row.userId, row.position])).toEqual([
      [admin.user.id, 1],
      [omar.user.id, 2],
    ]);
    const [departure] = await db().select().from(schema.groupRemovals).where(eq(schema.groupRemovals.groupId, groupId));
    expect(departure).toMatchObject({ userId: lena.user.id, removedBy: lena.user.id, kind: "left", reason: "You left the group before it started." });
    const events = await db().select().from(schema.groupEvents).where(eq(schema.groupEvents.groupId, groupId));
    expect(events.filter((event) => event.type === "left").map((event) => event.userId)).toEqual([lena.user.id]);

    // The admin is told: the bell and an email.
    const bell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, admin.user.id));
    expect(bell.filter((row) => row.title.includes("left")).map((row) => [row.title, row.body, row.link])).toEqual([
      [
        "Lena Larsen left Wedding Fund",
        "Lena Larsen left the group before it started. Their seat is open again; the invite link works for someone new.",
        `/groups/${groupId}`,
      ],
    ]);
    await backgroundDeliveries();
    const mail = await listMessages(databaseUrl, { to: admin.user.email });
    expect(mail.map((message) => message.subject)).toContain("Lena Larsen left Wedding Fund");
    // Lena is told by email too (ADR 050).
    const hers = await listMessages(databaseUrl, { to: lena.user.email });
    expect(hers.map((message) => message.subject)).toContain("You left Wedding Fund");
    expect(hers.find((message) => message.subject === "You left Wedding Fund")!.textBody).toContain(
      "Nothing was charged: contributions and the setup fee only start once a group starts.",
    );
    // The others see the departure in their activity.
    const board = JSON.stringify((await call(dashboard.loader, get("/dashboard", omar.jar))).data);
    expect(board).toContain('"type":"left"');
    expect(board).toContain('"personName":"Lena Larsen"');

    // No money moved, and none moves while the group forms: the money tick does not run a forming group.
    expect(await processGroup(groupId)).toEqual({ status: "not-active" });
    expect(await db().select().from(schema.bankTransfers).where(eq(schema.bankTransfers.groupId, groupId))).toEqual([]);
    expect(await db().select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.groupId, groupId))).toEqual([]);
  });

  it("whoever left cannot come back through any link, old or new (the email invitation becomes declined), until the admin invites them again", async () => {
    const omar = await person("Omar Haddad");
    const { admin, groupId, code } = await formingGroup({ invited: [omar.user.email] });
    const [invitation] = await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.groupId, groupId));
    expect((await joinGroup(omar.user, invitation!.code)).ok).toBe(true);
    expect((await act(groupId, { intent: "leave-group" }, omar.jar)).location).toBe("/dashboard");
    const [declined] = await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.id, invitation!.id));
    expect(declined!.status).toBe("declined");

    const openLink = await joinView(await code(), omar.jar);
    expect([openLink.status, openLink.data.title, openLink.data.message]).toEqual([
      403,
      "You Left This Group",
      "You left this group before it started, so its invite links no longer work for you. To join again, ask the group's admin to invite you again.",
    ]);
    expect(await joinGroup(omar.user, await code())).toMatchObject({ ok: false, reason: "left" });
    const posted = await call(joinPage.action, post(`/groups/join/${await code()}`, { intent: "join", terms: "on" }, omar.jar), {
      inviteCode: await code(),
    });
    expect([posted.status, posted.data.title]).toEqual([403, "You Left This Group"]);
    // The email invitation was answered: invalid now.
    expect((await joinView(invitation!.code, omar.jar)).status).toBe(404);
    expect((await members(groupId)).map((row) => row.userId)).toEqual([admin.user.id]);
    // The group is gone from their pages.
    expect((await call(groupPage.loader, get(`/groups/${groupId}`, omar.jar), { groupId })).status).toBe(404);

    // A replaced link does not let them back either; the admin's "Invite again" does.
    await act(groupId, { intent: "rotate-link" }, admin.jar);
    expect(await joinGroup(omar.user, await code())).toMatchObject({ ok: false, reason: "left" });
    const adminPage = (await call(groupPage.loader, get(`/groups/${groupId}`, admin.jar), { groupId })).data;
    expect(adminPage.group.rosterHistory[0]).toMatchObject({ kind: "left", name: "Omar Haddad", reason: null, userId: omar.user.id });
    // The admin's list of invitations sent says what became of his: he joined, then left (not "Declined").
    expect(adminPage.sentInvitations.map((sent: { email: string; state: string }) => [sent.email, sent.state])).toEqual([[omar.user.email, "left"]]);
    await act(groupId, { intent: "invite-again", userId: omar.user.id }, admin.jar);
    expect((await joinGroup(omar.user, await code())).ok).toBe(true);
    // A member again: the departure no longer describes him.
    const back = (await call(groupPage.loader, get(`/groups/${groupId}`, admin.jar), { groupId })).data;
    expect(back.sentInvitations.map((sent: { state: string }) => sent.state)).toEqual(["declined"]);
  });

  it("the admin's list of invitations sent: one whose member was removed says so, not 'Joined'", async () => {
    const omar = await person("Omar Haddad");
    const { admin, groupId } = await formingGroup({ invited: [omar.user.email] });
    const [invitation] = await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.groupId, groupId));
    expect((await joinGroup(omar.user, invitation!.code)).ok).toBe(true);
    const sentStates = async () =>
      (await call(groupPage.loader, get(`/groups/${groupId}`, admin.jar), { groupId })).data.sentInvitations.map(
        (sent: { state: string }) => sent.state,
      );
    expect(await sentStates()).toEqual(["accepted"]);
    await act(groupId, { intent: "remove-member", memberId: await memberIdOf(groupId, omar.user.id), reason: "Duplicate account" }, admin.jar);
    expect(await sentStates()).toEqual(["removed"]);
  });

  it("not the admin, only before the start, only a member; a refusal changes nothing", async () => {
    const omar = await person("Omar Haddad");
    const { admin, groupId } = await formingGroup({ joiners: [omar] });
    const byAdmin = await act(groupId, { intent: "leave-group" }, admin.jar);
    expect([byAdmin.status, byAdmin.location, await toastTitles(byAdmin.setCookies)]).toEqual([
      302,
      `/groups/${groupId}`,
      ["The group's admin can't leave the group. Remove the other members first if the group should not go ahead."],
    ]);
    const outsider = await person("Marcus Chen");
    expect((await act(groupId, { intent: "leave-group" }, outsider.jar)).status).toBe(404);
    expect((await members(groupId)).map((row) => row.userId)).toEqual([admin.user.id, omar.user.id]);

    const lena = await person("Lena Larsen");
    const { groupId: startedId } = await formingGroup({ size: 3, joiners: [omar, lena] });
    const late = await act(startedId, { intent: "leave-group" }, lena.jar);
    expect(await toastTitles(late.setCookies)).toEqual([
      "You can only leave a group before it starts. Once it runs, other members count on your contributions.",
    ]);
    expect(await members(startedId)).toHaveLength(3);
    expect(await db().select().from(schema.groupRemovals).where(eq(schema.groupRemovals.groupId, startedId))).toEqual([]);
  });
});
