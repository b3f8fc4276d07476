/**
 * Invitations that reach people, through the routes: the wizard's confirmation says exactly what became of each
 * invitation (emailed, notified in the app, queued behind a mail outage); who gets an email (everyone without an
 * account; members only when their "New group invitations" preference is on) and what it says (the setup fee); the
 * invitee's inbox (/invitations and the dashboard) with Accept / Decline as plain posts; expired, revoked and closed
 * invitations saying so; and the group admin revoking one from the group page.
 */
import { describe, expect, it, vi } from "vitest";
import { BASE, call, get, post, CookieJar } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl, stopMail } = await useTestDatabase();
const wizard = await import("../../app/routes/groups.create");
const inbox = await import("../../app/routes/invitations");
const dashboard = await import("../../app/routes/dashboard");
const groupPage = await import("../../app/routes/groups.$groupId");
const joinPage = await import("../../app/routes/groups.join.$inviteCode");
const groupsServer = await import("../../app/server/groups/groups.server");
const { savePreferences } = await import("../../app/server/notifications/preferences.server");
const { DEFAULT_PREFERENCES } = await import("../../app/domain/profile");
const { createUser, sessionJarFor } = await import("../support/users");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { listMessages, latestMessageTo } = await import("../../sandbox/postmark/store");
const { and, eq } = await import("drizzle-orm");
const { logger } = await import("../../app/server/platform/log.server");

let counter = 0;
async function person(overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  counter += 1;
  const user = await createUser({
    email: `inv${counter}.${Date.now()}@example.com`,
    name: `Person ${counter}`,
    isPlaidSandboxAuthorized: true,
    hasBankAccount: true,
    ...overrides,
  });
  return { user, jar: await sessionJarFor(user.id) };
}

function wizardPost(jar: CookieJar, groupName: string, emails: string[], memberCount = "4") {
  const fields: [string, string][] = [
    ["groupName", groupName],
    ["memberCount", memberCount],
    ["contributionAmount", "100"],
    ["frequency", "monthly"],
    ["dayOfWeek", "1"],
    ["dayOfMonth", "6"],
    ["payoutOrder", "fixed"],
    ...emails.map((email, index): [string, string] => [`memberEmails[${index}]`, email]),
    ["idempotencyKey", crypto.randomUUID()],
    ["intent", "create"],
  ];
  return call(
    wizard.action,
    new Request(`${BASE}/groups/create`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    }),
  );
}

async function toastsOf(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
  return toasts.map(({ type, title, description }) => ({ type, title, description }));
}

async function groupNamed(name: string) {
  const [group] = await db().select().from(schema.groups).where(eq(schema.groups.name, name));
  return group!;
}

async function invitationFor(groupId: string, email: string) {
  const [row] = await db()
    .select()
    .from(schema.groupInvitations)
    .where(and(eq(schema.groupInvitations.groupId, groupId), eq(schema.groupInvitations.email, email)));
  return row!;
}

/** A forming 4-member group by a fresh admin, inviting these addresses (through the service, with real emails). */
async function formingGroup(name: string, inviteeEmails: string[]) {
  const admin = await person({ name: "Amina Yusuf" });
  const result = await groupsServer.createGroup(admin.user, {
    name,
    memberCount: 4,
    contributionCents: 10_000,
    payoutOrder: "fixed",
    schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 6 },
    startOn: "2027-03-01",
    timeZone: "America/New_York",
    inviteeEmails,
  });
  if (!result.ok) throw new Error(result.error);
  return { admin, group: await groupNamed(name) };
}

describe("the wizard tells the truth about invitations", () => {
  it("emails people without an account, tells members in the app (email only if they asked), and says exactly that", async () => {
    const { jar } = await person({ name: "Cam Creator" });
    const stranger = `stranger.${Date.now()}@example.com`;
    const quiet = await person({ name: "Quinn Quiet" });
    const keen = await person({ name: "Kim Keen" });
    await savePreferences(keen.user.id, { ...DEFAULT_PREFERENCES, emailGroupInvitations: true });

    const result = await wizardPost(jar, "Truthful Circle", [stranger, quiet.user.email, keen.user.email]);
    expect(result).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await toastsOf(result.setCookies)).toEqual([
      {
        type: "success",
        title: "Group Created Successfully!",
        description: 'Your group "Truthful Circle" has been created. 2 invitations emailed, 2 members notified in the app.',
      },
    ]);

    const strangerMail = await latestMessageTo(databaseUrl, stranger);
    expect(strangerMail?.subject).toBe("Cam Creator invited you to join Truthful Circle");
    expect(strangerMail?.textBody).toContain("Setup fee: $5.00 one-time setup fee, the same for every member and position");
    // Greeted by the profile's name, or, without an account, by none: never the address's local part.
    expect(strangerMail?.textBody).toMatch(/^Hi,$/m);
    expect((await latestMessageTo(databaseUrl, keen.user.email))?.textBody).toMatch(/^Hi Kim Keen,$/m);
    expect(await listMessages(databaseUrl, { to: quiet.user.email })).toEqual([]);
    expect((await listMessages(databaseUrl, { to: keen.user.email })).map((m) => m.subject)).toEqual([
      "Cam Creator invited you to join Truthful Circle",
    ]);
    for (const member of [quiet, keen]) {
      const bell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, member.user.id));
      expect(bell.map((n) => n.title)).toEqual(["Cam Creator invited you to Truthful Circle"]);
    }
  });

  it("shows the setup fee on the review step", async () => {
    const { jar } = await person();
    const fields: [string, string][] = [
      ["groupName", "Fee Circle"],
      ["memberCount", "3"],
      ["contributionAmount", "100"],
      ["frequency", "weekly"],
      ["dayOfWeek", "5"],
      ["dayOfMonth", "6"],
      ["payoutOrder", "fixed"],
      ["intent", "next"],
    ];
    const step2 = await call(
      wizard.action,
      new Request(`${BASE}/groups/create`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
      }),
    );
    expect(step2.data.view.step).toBe(2);
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { createMemoryRouter, RouterProvider } = await import("react-router");
    const { InviteStep } = await import("../../app/components/groups/create-wizard/invite-step");
    const view = step2.data.view;
    const router = createMemoryRouter([
      {
        path: "/",
        element: createElement(InviteStep, {
          settings: view.settings,
          values: view.values,
          emails: view.emails,
          errors: {},
          idempotencyKey: view.idempotencyKey,
          submitting: false,
        }),
      },
    ]);
    const { LocaleProvider } = await import("../../app/components/i18n");
    const { catalogueJson } = await import("../../app/server/platform/locale.server");
    const html = renderToStaticMarkup(
      createElement(LocaleProvider, { locale: "en-US", messages: catalogueJson("en-US"), children: createElement(RouterProvider, { router }) }),
    );
    expect(html).toContain("$5.00 one-time setup fee, the same for every member and position");
  });

  it("during a mail outage: the group is created and the email is queued, and the confirmation says so", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    const { jar } = await person({ name: "Olu Outage" });
    const member = await person();
    const stranger = `queued.${Date.now()}@example.com`;
    await stopMail();
    const result = await wizardPost(jar, "Outage Circle", [stranger, member.user.email]);
    expect(result).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await toastsOf(result.setCookies)).toEqual([
      {
        type: "warning",
        title: "Group Created Successfully!",
        description:
          "Your group \"Outage Circle\" has been created. 1 member notified in the app, 1 invitation email queued: our mail service can't send right now, so we'll send it automatically.",
      },
    ]);
    const queued = await db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, stranger));
    expect(queued.map((row) => [row.template, row.status])).toEqual([["group-invitation", "queued"]]);
  });
});

// The mail double is down from here on in this file (the test above stopped it): nothing below reads email.

describe("the invitations inbox", () => {
  it("lists a pending invitation with everything needed to decide, on /invitations and the dashboard", async () => {
    const invitee = await person({ name: "Ivy Invitee" });
    const { group } = await formingGroup("Inbox Circle", [invitee.user.email]);
    const page = await call(inbox.loader, get("/invitations", invitee.jar));
    expect(page.data.invitations).toEqual([
      {
        code: (await invitationFor(group.id, invitee.user.email)).code,
        kind: "email",
        state: "open",
        groupId: group.id,
        groupName: "Inbox Circle",
        inviterName: "Amina Yusuf",
        memberCount: 4,
        joinedCount: 1,
        contributionCents: 10_000,
        payoutCents: 40_000,
        scheduleLine: "Monthly on the 6th",
        frequency: "monthly",
        payoutOrder: "fixed",
        setupFeeCents: 500,
        sentAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);
    const home = await call(dashboard.loader, get("/dashboard", invitee.jar));
    expect(home.data.invitationCount).toBe(1);
    expect(home.data.invitations).toEqual(page.data.invitations);
    // Someone else sees nothing of it.
    const other = await person();
    expect((await call(inbox.loader, get("/invitations", other.jar))).data.invitations).toEqual([]);
  });

  it("Accept needs the terms; with them it joins (a bank linked) and goes to the group", async () => {
    const invitee = await person();
    const { group } = await formingGroup("Accept Circle", [invitee.user.email]);
    const { code } = await invitationFor(group.id, invitee.user.email);

    const refused = await call(inbox.action, post("/invitations", { intent: "accept", code }, invitee.jar));
    expect(refused.status).toBe(400);
    expect(refused.data.error).toEqual({ code, message: "You must agree to the terms before joining" });
    expect(refused.data.invitations.map((i: { code: string }) => i.code)).toEqual([code]);

    const accepted = await call(inbox.action, post("/invitations", { intent: "accept", code, terms: "on" }, invitee.jar));
    expect(accepted).toMatchObject({ status: 302, location: `/groups/${group.id}` });
    expect(await toastsOf(accepted.setCookies)).toEqual([
      {
        type: "success",
        title: "Successfully Joined",
        description:
          "Your first contribution of $100.00 would be due March 6, 2027 if the group filled today: the schedule is fixed when the last member joins.",
      },
    ]);
    expect((await invitationFor(group.id, invitee.user.email)).status).toBe("accepted");
    expect((await call(inbox.loader, get("/invitations", invitee.jar))).data.invitations).toEqual([]);
  });

  it("Accept without a bank goes to the join page's bank step, the acceptance carried along", async () => {
    const invitee = await person({ hasBankAccount: false });
    const { group } = await formingGroup("Bankless Circle", [invitee.user.email]);
    const { code } = await invitationFor(group.id, invitee.user.email);
    const accepted = await call(inbox.action, post("/invitations", { intent: "accept", code, terms: "on" }, invitee.jar));
    expect(accepted).toMatchObject({ status: 302, location: `/groups/join/${code}?step=bank&terms=on` });
  });

  it("Decline marks it declined and says so", async () => {
    const invitee = await person();
    const { group } = await formingGroup("Decline Circle", [invitee.user.email]);
    const { code } = await invitationFor(group.id, invitee.user.email);
    const declined = await call(inbox.action, post("/invitations", { intent: "decline", code }, invitee.jar));
    expect(declined).toMatchObject({ status: 302, location: "/invitations" });
    expect(await toastsOf(declined.setCookies)).toEqual([
      { type: "info", title: "Invitation declined", description: "You declined the invitation to Decline Circle." },
    ]);
    expect((await invitationFor(group.id, invitee.user.email)).status).toBe("declined");
    // Nobody can decline someone else's invitation: it is not theirs to answer (nothing changes).
    const other = await person();
    const { code: code2 } = await invitationFor((await formingGroup("Other Circle", [invitee.user.email])).group.id, invitee.user.email);
    await call(inbox.action, post("/invitations", { intent: "decline", code: code2 }, other.jar));
    expect((await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.code, code2)))[0]!.status).toBe("pending");
  });

  it("refuses a malformed post with 400", async () => {
    const invitee = await person();
    expect((await call(inbox.action, post("/invitations", { intent: "accept", code: "x" }, invitee.jar))).status).toBe(400);
    expect((await call(inbox.action, post("/invitations", { intent: "frobnicate", code: "AbCdEfGhIjKlMnOpQrStUv" }, invitee.jar))).status).toBe(400);
  });

  it("says so when an invitation expired, was revoked, or closed", async () => {
    const invitee = await person();
    const expired = await formingGroup("Expired Circle", [invitee.user.email]);
    const revoked = await formingGroup("Revoked Circle", [invitee.user.email]);
    const full = await formingGroup("Full Circle", [invitee.user.email]);
    await db()
      .update(schema.groupInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.groupInvitations.groupId, expired.group.id));
    // The admin revokes from the group page.
    const invitation = await invitationFor(revoked.group.id, invitee.user.email);
    const revokedReply = await call(
      groupPage.action,
      post(`/groups/${revoked.group.id}`, { intent: "revoke-invitation", invitationId: invitation.id }, revoked.admin.jar),
      { groupId: revoked.group.id },
    );
    expect(revokedReply).toMatchObject({ status: 302, location: `/groups/${revoked.group.id}` });
    expect(await toastsOf(revokedReply.setCookies)).toEqual([
      { type: "success", title: "Invitation revoked", description: `The invitation to ${invitee.user.email} no longer works.` },
    ]);
    // Three others fill the full group through its open link.
    for (let i = 0; i < 3; i += 1) {
      const joiner = await person();
      expect((await groupsServer.joinGroup(joiner.user, full.group.inviteCode)).ok).toBe(true);
    }

    const page = await call(inbox.loader, get("/invitations", invitee.jar));
    expect(page.data.invitations.map((i: { groupName: string; state: string }) => [i.groupName, i.state]).sort()).toEqual(
      [
        ["Expired Circle", "expired"],
        ["Full Circle", "closed"],
        ["Revoked Circle", "revoked"],
      ].sort(),
    );

    // The join page tells the addressee the same, with the right status.
    const codeOf = async (groupId: string) => (await invitationFor(groupId, invitee.user.email)).code;
    const open = async (groupId: string) => {
      const code = await codeOf(groupId);
      return call(joinPage.loader, get(`/groups/join/${code}`, invitee.jar), { inviteCode: code });
    };
    const revokedPage = await open(revoked.group.id);
    expect(revokedPage).toMatchObject({
      status: 410,
      data: {
        state: "invalid",
        title: "Invitation Revoked",
        message: "The group's admin withdrew this invitation. To join the group, ask the group's admin to invite you again.",
        groupName: "Revoked Circle",
      },
    });
    const expiredPage = await open(expired.group.id);
    expect(expiredPage.status).toBe(410);
    expect(expiredPage.data.title).toBe("Invitation Expired");
    expect(expiredPage.data.message).toMatch(/^This invitation expired on [A-Z][a-z]+ \d{1,2}, \d{4}\. Ask the group's admin to invite you again\.$/);
    // Accepting a revoked one from the inbox is not possible either: the join page explains.
    const revokedCode = await codeOf(revoked.group.id);
    const tried = await call(inbox.action, post("/invitations", { intent: "accept", code: revokedCode, terms: "on" }, invitee.jar));
    expect(tried).toMatchObject({ status: 302, location: `/groups/join/${revokedCode}` });
    expect(await groupsServer.joinGroup(invitee.user, revokedCode)).toMatchObject({ ok: false, reason: "revoked", groupName: "Revoked Circle" });
  });
});

describe("revoking from the group page", () => {
  it("lists what each invitation became for the admin only; only the admin may revoke, and only pending ones", async () => {
    const invitee = await person();
    const { admin, group } = await formingGroup("Admin Circle", [invitee.user.email, `someone.${Date.now()}@example.com`]);
    const loaded = await call(groupPage.loader, get(`/groups/${group.id}`, admin.jar), { groupId: group.id });
    expect(loaded.data.sentInvitations.map((i: { state: string }) => i.state)).toEqual(["open", "open"]);

    const member = await person();
    await groupsServer.joinGroup(member.user, group.inviteCode);
    const asMember = await call(groupPage.loader, get(`/groups/${group.id}`, member.jar), { groupId: group.id });
    expect(asMember.data.sentInvitations).toBeNull();
    const invitation = await invitationFor(group.id, invitee.user.email);
    const refused = await call(
      groupPage.action,
      post(`/groups/${group.id}`, { intent: "revoke-invitation", invitationId: invitation.id }, member.jar),
      { groupId: group.id },
    );
    expect(await toastsOf(refused.setCookies)).toEqual([
      { type: "error", title: "Only the group admin can revoke invitations.", description: undefined },
    ]);
    const stranger = await person();
    const hidden = await call(
      groupPage.action,
      post(`/groups/${group.id}`, { intent: "revoke-invitation", invitationId: invitation.id }, stranger.jar),
      { groupId: group.id },
    );
    expect(hidden.status).toBe(404);
    expect((await invitationFor(group.id, invitee.user.email)).status).toBe("pending");

    await groupsServer.joinGroup(invitee.user, invitation.code);
    const late = await call(groupPage.action, post(`/groups/${group.id}`, { intent: "revoke-invitation", invitationId: invitation.id }, admin.jar), {
      groupId: group.id,
    });
    expect(await toastsOf(late.setCookies)).toEqual([
      { type: "error", title: "This invitation was already answered or revoked.", description: undefined },
    ]);
    const after = await call(groupPage.loader, get(`/groups/${group.id}`, admin.jar), { groupId: group.id });
    expect(after.data.sentInvitations.map((i: { state: string }) => i.state).sort()).toEqual(["accepted", "open"]);
  });
});

describe("the invitations inbox in Spanish (issue 46)", () => {
  it("writes the schedule line, the toasts' descriptions and the joined day in the reader's language", async () => {
    const invitee = await person({ name: "Inés Invitada", locale: "es-US" });
    const { group } = await formingGroup("Tanda del barrio", [invitee.user.email]);
    const { code } = await invitationFor(group.id, invitee.user.email);

    const page = await call(inbox.loader, get("/invitations", invitee.jar));
    expect(page.data.invitations).toMatchObject([{ code, groupName: "Tanda del barrio", scheduleLine: "Cada mes, el día 6" }]);
    const home = await call(dashboard.loader, get("/dashboard", invitee.jar));
    expect(home.data.invitations).toEqual(page.data.invitations);

    // The rule's message travels in English (SERVER_TEXTS, shown translated); the toast names the day in Spanish.
    const refused = await call(inbox.action, post("/invitations", { intent: "accept", code }, invitee.jar));
    expect(refused.data.error).toEqual({ code, message: "You must agree to the terms before joining" });
    const accepted = await call(inbox.action, post("/invitations", { intent: "accept", code, terms: "on" }, invitee.jar));
    expect(accepted).toMatchObject({ status: 302, location: `/groups/${group.id}` });
    expect(await toastsOf(accepted.setCookies)).toEqual([
      {
        type: "success",
        title: "Successfully Joined",
        description:
          "Su primer aporte de $100.00 vencería el 6 de marzo de 2027 si la tanda se llenara hoy: el calendario queda fijo cuando se une el último miembro.",
      },
    ]);
  });

  it("says the declined invitation's group in Spanish", async () => {
    const invitee = await person({ locale: "es-US" });
    const { group } = await formingGroup("Tanda de la escuela", [invitee.user.email]);
    const { code } = await invitationFor(group.id, invitee.user.email);
    const declined = await call(inbox.action, post("/invitations", { intent: "decline", code }, invitee.jar));
    expect(await toastsOf(declined.setCookies)).toEqual([
      { type: "info", title: "Invitation declined", description: "Rechazó la invitación a Tanda de la escuela." },
    ]);
  });
});
