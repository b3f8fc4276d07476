/**
 * Issue 17, part 2: who may do what, checked for every route rather than remembered by every loader. MATRIX has one
 * row per URL in app/routes.ts with the expected answer to a GET and to a POST for each kind of visitor; a route
 * without a row fails the first test. Then object-level checks: another member's group, statement, CSV, calendar,
 * notification, bank account, invitation and session are out of reach, and nothing about them changes.
 *
 * Conventions: "302 /login" is a redirect whose path is /login (query and toast aside). The GET runs the loaders of the
 * route and its parent layouts, as React Router does, and answers with the first refusal among them; a route without
 * a loader answers a page's 200 (it has a component) or React Router's 400 (a resource route). The POST is an empty
 * form (or `{}` for the JSON APIs): an authorised visitor reaches the route's validation (400/422), or the action
 * itself where it needs no fields; a route without an action is React Router's 405.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const { appRoutes, pathFor, paramsFor } = await import("../support/route-table");
const { buildWorld, ROLES } = await import("../support/world");
const { call, BASE, get, post } = await import("../support/routes");
const { toastTitles } = await import("../support/users");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");

type Role = (typeof ROLES)[number];
type Answer = string;
type Row = { get: Record<Role, Answer>; post: Record<Role, Answer>; body?: "json" };

const roles = (anonymous: Answer, unauthorized: Answer, member: Answer, coMember: Answer, outsider: Answer, admin: Answer): Record<Role, Answer> => ({
  anonymous,
  unauthorized,
  member,
  coMember,
  outsider,
  admin,
});
const all = (answer: Answer) => roles(answer, answer, answer, answer, answer, answer);
/** Signed-in pages: anonymous visitors go to /login, everyone else gets `answer`. */
const signedIn = (answer: Answer) => roles("302 /login", answer, answer, answer, answer, answer);
const NO_ACTION = all("405");

/** One row per URL pattern of app/routes.ts. Keep it in the routes' order. */
const MATRIX: Record<string, Row> = {
  "/": { get: all("200"), post: NO_ACTION },

  // Accounts: signed-in visitors are sent on to /dashboard; the pages are for signing in.
  "/login": {
    get: roles("200", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard"),
    post: roles("400", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard"),
  },
  "/register": {
    get: roles("200", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard"),
    post: roles("400", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard"),
  },
  // Without a valid link both go to /login (SPEC.md section 2), whoever asks.
  "/reset-password": { get: all("302 /login"), post: all("302 /login") },
  "/auth-success": { get: all("200"), post: NO_ACTION },
  // A confirmation link without a valid token is its own page, "invalid link" (400), whoever asks.
  "/auth/confirm": { get: all("400"), post: all("400") },
  // Logout is a POST; a GET goes home. Logging out needs no session.
  "/logout": { get: all("302 /"), post: all("302 /login") },
  // The language switch (ADR 056) is a form post for anyone; a GET goes home, a post without a known language is a 400.
  "/language": { get: all("302 /"), post: all("400") },

  "/about": { get: all("200"), post: NO_ACTION },
  "/careers": { get: all("200"), post: NO_ACTION },
  "/contact": { get: all("200"), post: all("400") },
  "/blog": { get: all("200"), post: NO_ACTION },
  "/blog/:id": { get: all("404"), post: NO_ACTION },
  "/help": { get: all("200"), post: NO_ACTION },
  "/sharia": { get: all("200"), post: NO_ACTION },
  "/privacy": { get: all("200"), post: NO_ACTION },
  "/terms": { get: all("200"), post: NO_ACTION },
  "/security": { get: all("200"), post: NO_ACTION },
  "/legal/terms": { get: all("301 /terms"), post: NO_ACTION },
  "/legal/privacy": { get: all("301 /privacy"), post: NO_ACTION },

  "/dashboard": { get: signedIn("200"), post: NO_ACTION },
  "/groups": { get: signedIn("200"), post: NO_ACTION },
  // Everyone signed in sees the wizard or the sandbox-request card; only sandbox-authorised users may create.
  "/groups/create": { get: signedIn("200"), post: roles("302 /login", "403", "400", "400", "400", "400") },
  // The invite link of group A (started, so full): its members go to the group; to sandbox-authorised others it is
  // an invalid invitation; without sandbox access, the warning (403).
  "/groups/join/:inviteCode": {
    get: roles("302 /login", "403", "302 /groups", "302 /groups", "404", "404"),
    post: roles("302 /login", "403", "302 /groups", "302 /groups", "404", "404"),
  },
  // The invitations inbox lists the visitor's own invitations; a post without a known intent and code is a 400.
  "/invitations": { get: signedIn("200"), post: signedIn("400") },
  // Group A's pages: its members only; to anyone else the group does not exist. A post without a known intent is
  // refused before the group is looked up, the same 400 for any id (so it tells nothing); a real intent from a
  // non-member is a 404 (the object-level tests below).
  "/groups/:groupId": { get: roles("302 /login", "404", "200", "200", "404", "404"), post: roles("302 /login", "400", "400", "400", "400", "400") },
  "/groups/:groupId/calendar.ics": { get: roles("302 /login", "404", "200", "200", "404", "404"), post: NO_ACTION },
  "/groups/:groupId/statement": { get: roles("302 /login", "404", "200", "200", "404", "404"), post: NO_ACTION },
  "/groups/:groupId/statement.csv": { get: roles("302 /login", "404", "200", "200", "404", "404"), post: NO_ACTION },
  // Reporting a problem (ADR 041): group A's members only; the membership is checked before the form, so anyone else
  // gets the 404 page for an empty post too, and a member gets the form's 400.
  "/groups/:groupId/report": {
    get: roles("302 /login", "404", "200", "200", "404", "404"),
    post: roles("302 /login", "404", "400", "400", "404", "404"),
  },
  // Pay now (issue 44): group A's members see the page (the quote, or why there is nothing to pay); a post without a
  // period is refused before the group is looked up, the same 400 for any id.
  "/groups/:groupId/pay": {
    get: roles("302 /login", "404", "200", "200", "404", "404"),
    post: roles("302 /login", "400", "400", "400", "400", "400"),
  },
  // The recipient's consent to be paid what arrived (issue 44, ADR 053): group A's members see the page (what they may
  // accept, or that there is nothing); anyone else the 404 page. A post without a period is refused before the group is
  // looked up, the same 400 for any id.
  "/groups/:groupId/accept-payout": {
    get: roles("302 /login", "404", "200", "200", "404", "404"),
    post: roles("302 /login", "400", "400", "400", "400", "400"),
  },
  // The visitor's own reports.
  // A member answers their own report (issue 45): a malformed post is a 400.
  "/reports": { get: signedIn("200"), post: roles("302 /login", "400", "400", "400", "400", "400") },

  // An empty profile form is a valid one (the name falls back to 'User', SPEC.md section 5): saved, back to /profile.
  "/profile": { get: signedIn("200"), post: signedIn("302 /profile") },
  // Without sandbox access: back to the page with 'Sandbox access required'; with it, an unknown intent is a 400.
  "/profile/bank-accounts": { get: signedIn("200"), post: roles("302 /login", "302 /profile/bank-accounts", "400", "400", "400", "400") },
  "/profile/bank": { get: signedIn("302 /profile/bank-accounts"), post: NO_ACTION },
  "/profile/security": { get: signedIn("200"), post: signedIn("400") },
  // Changing the address: a post without a known intent is a 400 (email-change.test.ts has the flow).
  "/profile/email": { get: signedIn("200"), post: signedIn("400") },
  // Unticked boxes are preferences too: an empty form saves "everything off".
  "/profile/notifications": { get: signedIn("200"), post: signedIn("302 /profile/notifications") },
  // Admins only: anonymous visitors log in first, other members are turned away to /dashboard.
  "/admin": {
    get: roles("302 /login", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard", "200"),
    post: roles("302 /login", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard", "400"),
  },
  "/notifications": { get: signedIn("200"), post: signedIn("400") },
  "/sandbox-access/request": {
    get: all("302 /dashboard"),
    post: roles("302 /login", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard", "302 /dashboard"),
  },

  // JSON APIs answer 401 rather than redirecting.
  "/api/session": { get: all("200"), post: roles("401", "200", "200", "200", "200", "200") },
  "/api/notifications": { get: roles("401", "200", "200", "200", "200", "200"), post: NO_ACTION },
  // The member's notification: theirs to mark, a 404 to anyone else.
  "/api/notifications/:id/read": { get: all("405"), post: roles("302 /login", "404", "302 /groups", "404", "404", "404") },
  "/api/bank/link": { get: all("405"), post: roles("401", "403", "400", "400", "400", "400"), body: "json" },
  "/api/bank/accounts": { get: roles("401", "403", "200", "200", "200", "200"), post: NO_ACTION },
  "/api/groups/create": { get: all("405"), post: roles("401", "403", "422", "422", "422", "422"), body: "json" },

  // Only the bank, with a valid signature.
  "/webhooks/plaid": { get: all("405"), post: all("401"), body: "json" },
  // Postmark's bounce webhook does not exist until its credentials are configured (postmark-webhook.test.ts with them).
  "/webhooks/postmark": { get: all("404"), post: all("404"), body: "json" },

  "/healthz": { get: all("200"), post: NO_ACTION },
  "/readyz": { get: all("200"), post: NO_ACTION },

  // The mailbox exists outside production; what it lists is scoped (dev.mailbox.integration.test.ts).
  "/dev/mailbox": { get: all("200"), post: NO_ACTION },
  "/dev/mailbox/:messageId": { get: all("404"), post: NO_ACTION },

  "/*": { get: all("302 /"), post: all("302 /") },
};

const world = await buildWorld();
const routes = await appRoutes();

function answerOf(result: { status: number; location: string | null }): Answer {
  if (result.status >= 300 && result.status < 400) return `${result.status} ${new URL(result.location ?? "", BASE).pathname}`;
  return String(result.status);
}

/** An answer matches when it is equal, or names the start of the redirect's path ("302 /groups" for /groups/{id}). */
function matches(actual: Answer, expected: Answer) {
  if (actual === expected) return true;
  return expected.startsWith("30") && actual.startsWith(`${expected}/`);
}

async function callGet(route: (typeof routes)[number], path: string, jar: Awaited<ReturnType<typeof world.jar>>) {
  const params = paramsFor(route.pattern, path.split("?")[0]!);
  // Parents first, as React Router would have them answer: the first refusal wins.
  for (const module of [...route.parents, route.module]) {
    if (!module.loader) continue;
    const result = await call(module.loader, get(path, jar), params);
    if (result.status !== 200) return answerOf(result);
  }
  if (!route.module.loader && !route.module.default) return "400";
  return "200";
}

async function callPost(route: (typeof routes)[number], path: string, jar: Awaited<ReturnType<typeof world.jar>>, body: Row["body"]) {
  if (!route.module.action) return "405";
  const params = paramsFor(route.pattern, path.split("?")[0]!);
  const request =
    body === "json"
      ? new Request(`${BASE}${path}`, {
          method: "POST",
          body: "{}",
          headers: { "Content-Type": "application/json", ...(jar ? { Cookie: jar.header() } : {}) },
        })
      : post(path, {}, jar);
  return answerOf(await call(route.module.action, request, params));
}

describe("the authorization matrix", () => {
  it("has a row for every route in app/routes.ts, and no row for a route that is gone", () => {
    const patterns = routes.map((route) => route.pattern);
    expect(
      patterns.filter((pattern) => !MATRIX[pattern]),
      "routes without a row in MATRIX",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((pattern) => !patterns.includes(pattern)),
      "rows for routes that no longer exist",
    ).toEqual([]);
  });

  it.each(routes.filter((route) => MATRIX[route.pattern]).map((route) => [route.pattern, route] as const))("%s", async (pattern, route) => {
    const row = MATRIX[pattern]!;
    const path = pathFor(pattern, world.params) + (route.file.endsWith("_index.tsx") ? "?index" : "");
    const wrong: string[] = [];
    for (const role of ROLES) {
      const gotGet = await callGet(route, path, await world.jar(role));
      if (!matches(gotGet, row.get[role])) wrong.push(`GET as ${role}: ${gotGet}, expected ${row.get[role]}`);
      const gotPost = await callPost(route, path, await world.jar(role), row.body);
      if (!matches(gotPost, row.post[role])) wrong.push(`POST as ${role}: ${gotPost}, expected ${row.post[role]}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("objects that belong to someone else", () => {
  const { groupA } = world;

  it("another group's page, statement, CSV and calendar are 404 to a member of another group", async () => {
    const outsider = await world.jar("outsider");
    for (const suffix of ["", "/statement", "/statement.csv", "/calendar.ics"]) {
      const route = routes.find((entry) => entry.pattern === `/groups/:groupId${suffix}`)!;
      expect(await callGet(route, `/groups/${groupA.id}${suffix}`, outsider), suffix || "group page").toBe("404");
    }
    // ... and their own group's are theirs.
    const own = routes.find((entry) => entry.pattern === "/groups/:groupId/statement.csv")!;
    expect(await callGet(own, `/groups/${world.groupB.id}/statement.csv`, outsider)).toBe("200");
  });

  it("group A's admin actions are refused to its other members and to outsiders, and change nothing", async () => {
    const route = routes.find((entry) => entry.pattern === "/groups/:groupId")!;
    const [before] = await db().select().from(schema.groups).where(eq(schema.groups.id, groupA.id));
    const members = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, groupA.id));
    // A member who is not the group's admin is sent back to the group with the reason; an outsider sees a 404.
    const coMember = await world.jar("coMember");
    const advance = await call(route.module.action!, post(`/groups/${groupA.id}`, { intent: "advance-next" }, coMember), { groupId: groupA.id });
    expect([advance.status, advance.location, await toastTitles(advance.setCookies)]).toEqual([
      302,
      `/groups/${groupA.id}`,
      ["Only the group admin can move the sandbox clock."],
    ]);
    const moveFields = { intent: "move", memberId: members[1]!.id, direction: "up" };
    const move = await call(route.module.action!, post(`/groups/${groupA.id}`, moveFields, coMember), { groupId: groupA.id });
    expect([move.status, move.location]).toEqual([302, `/groups/${groupA.id}`]);
    expect(await toastTitles(move.setCookies)).toHaveLength(1);
    // The roster (ADR 038): replacing the invite link and removing a member are the group admin's alone.
    const rotateFields = { intent: "rotate-link" };
    const removeFields = { intent: "remove-member", memberId: members[0]!.id, reason: "Not theirs to decide" };
    for (const [fields, refusal] of [
      [rotateFields, "Only the group admin can replace the invite link."],
      [removeFields, "Only the group admin can remove members."],
    ] as const) {
      const answer = await call(route.module.action!, post(`/groups/${groupA.id}`, fields, coMember), { groupId: groupA.id });
      expect([answer.status, answer.location, await toastTitles(answer.setCookies)]).toEqual([302, `/groups/${groupA.id}`, [refusal]]);
    }
    // Leaving is a member's own step, and only before the start (group A runs): refused with the reason.
    const leave = await call(route.module.action!, post(`/groups/${groupA.id}`, { intent: "leave-group" }, coMember), { groupId: groupA.id });
    expect([leave.status, leave.location, await toastTitles(leave.setCookies)]).toEqual([
      302,
      `/groups/${groupA.id}`,
      ["You can only leave a group before it starts. Once it runs, other members count on your contributions."],
    ]);
    const outsider = await world.jar("outsider");
    const intents: Array<Record<string, string>> = [
      { intent: "advance-next" },
      { intent: "advance-days", days: "3" },
      moveFields,
      rotateFields,
      removeFields,
      { intent: "leave-group" },
    ];
    for (const fields of intents) {
      const answer = await call(route.module.action!, post(`/groups/${groupA.id}`, fields, outsider), { groupId: groupA.id });
      expect([fields.intent, answer.status]).toEqual([fields.intent, 404]);
    }
    const [after] = await db().select().from(schema.groups).where(eq(schema.groups.id, groupA.id));
    expect(after).toEqual(before);
    expect(await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, groupA.id))).toEqual(members);
    expect(await db().select().from(schema.groupRemovals).where(eq(schema.groupRemovals.groupId, groupA.id))).toEqual([]);
  });

  it("turn swaps (ADR 041): only members act in their group, only the other member answers, only the group's admin decides", async () => {
    const route = routes.find((entry) => entry.pattern === "/groups/:groupId")!;
    const act = async (role: Role, fields: Record<string, string>) =>
      call(route.module.action!, post(`/groups/${groupA.id}`, fields, await world.jar(role)), { groupId: groupA.id });
    const rows = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, groupA.id));
    const third = rows.find((row) => row.userId !== world.users.member.id && row.userId !== world.users.coMember.id)!;
    const thirdJar = await (await import("../support/users")).sessionJarFor(third.userId);
    const order = rows.map((row) => [row.id, row.payoutPosition]);

    // An outsider proposes nothing here: the group does not exist for them.
    expect((await act("outsider", { intent: "propose-swap", memberId: third.id })).status).toBe(404);
    const proposed = await act("coMember", { intent: "propose-swap", memberId: third.id });
    expect(await toastTitles(proposed.setCookies)).toEqual(["Swap proposed"]);
    const [swap] = await db().select().from(schema.turnSwaps).where(eq(schema.turnSwaps.groupId, groupA.id));
    const swapId = swap!.id;
    for (const intent of ["accept-swap", "decline-swap", "approve-swap", "refuse-swap", "withdraw-swap"]) {
      expect([intent, (await act("outsider", { intent, swapId })).status]).toEqual([intent, 404]);
    }
    // The group's admin is not the one asked: only the other member answers.
    expect(await toastTitles((await act("member", { intent: "accept-swap", swapId })).setCookies)).toEqual([
      "Only the member it was proposed to can answer this swap.",
    ]);
    const accepted = await call(route.module.action!, post(`/groups/${groupA.id}`, { intent: "accept-swap", swapId }, thirdJar), {
      groupId: groupA.id,
    });
    expect(await toastTitles(accepted.setCookies)).toEqual(["Swap accepted"]);
    // Only the admin approves or refuses: not the proposer, not the other member.
    expect(await toastTitles((await act("coMember", { intent: "approve-swap", swapId })).setCookies)).toEqual([
      "Only the group admin can approve or refuse a swap.",
    ]);
    const byThird = await call(route.module.action!, post(`/groups/${groupA.id}`, { intent: "approve-swap", swapId }, thirdJar), {
      groupId: groupA.id,
    });
    expect(await toastTitles(byThird.setCookies)).toEqual(["Only the group admin can approve or refuse a swap."]);
    expect(await toastTitles((await act("member", { intent: "refuse-swap", swapId })).setCookies)).toEqual(["Swap refused"]);
    const after = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, groupA.id));
    expect(after.map((row) => [row.id, row.payoutPosition])).toEqual(order);
  });

  it("problem reports (ADR 041): only the group's members report, only the reporter sees it, only admins answer or close it", async () => {
    const reportRoute = routes.find((entry) => entry.pattern === "/groups/:groupId/report")!;
    const sent = await call(
      reportRoute.module.action!,
      post(`/groups/${groupA.id}/report`, { category: "other", message: "The coMember's problem." }, await world.jar("coMember")),
      { groupId: groupA.id },
    );
    expect([sent.status, sent.location]).toEqual([302, "/reports"]);
    const [report] = await db().select().from(schema.problemReports).where(eq(schema.problemReports.userId, world.users.coMember.id));
    // Not in anyone else's list.
    const list = routes.find((entry) => entry.pattern === "/reports")!;
    for (const role of ["member", "outsider", "admin"] as const) {
      const page = await call(list.module.loader!, get("/reports", await world.jar(role)));
      expect([role, JSON.stringify(page.data).includes(report!.id)]).toEqual([role, false]);
    }
    // Only the site's admins answer or close it.
    const admin = routes.find((entry) => entry.pattern === "/admin")!;
    for (const role of ["member", "coMember", "outsider", "unauthorized"] as const) {
      for (const intent of ["reply-report", "close-report"]) {
        const answer = await call(
          admin.module.action!,
          post("/admin", { intent, reportId: report!.id, reply: "Not mine to answer" }, await world.jar(role)),
        );
        expect([role, intent, answerOf(answer)]).toEqual([role, intent, "302 /dashboard"]);
      }
    }
    expect(await db().select().from(schema.problemReportReplies).where(eq(schema.problemReportReplies.reportId, report!.id))).toEqual([]);
    const byAdmin = await call(
      admin.module.action!,
      post("/admin", { intent: "reply-report", reportId: report!.id, reply: "Looking into it." }, await world.jar("admin")),
    );
    expect(await toastTitles(byAdmin.setCookies)).toEqual(["Reply sent"]);
  });

  it("another user's notification cannot be marked read", async () => {
    const route = routes.find((entry) => entry.pattern === "/api/notifications/:id/read")!;
    const [unread] = await db().insert(schema.notifications).values({ userId: world.users.member.id, title: "Unread, the member's" }).returning();
    for (const role of ["coMember", "outsider", "admin"] as const) {
      const request = new Request(`${BASE}/api/notifications/${unread!.id}/read`, {
        method: "POST",
        headers: { Accept: "application/json", Cookie: (await world.jar(role))!.header() },
      });
      const result = await call(route.module.action!, request, { id: unread!.id });
      expect([role, result.status, result.data]).toEqual([role, 404, { error: "Notification not found" }]);
    }
    const [notification] = await db().select().from(schema.notifications).where(eq(schema.notifications.id, unread!.id));
    expect(notification!.readAt).toBeNull();
  });

  it("another user's bank account cannot be unlinked", async () => {
    const route = routes.find((entry) => entry.pattern === "/profile/bank-accounts")!;
    const result = await call(
      route.module.action!,
      post("/profile/bank-accounts", { intent: "unlink", itemId: world.memberBankItem.id }, await world.jar("outsider")),
    );
    expect(result.status).toBe(302);
    const [item] = await db().select().from(schema.bankItems).where(eq(schema.bankItems.id, world.memberBankItem.id));
    expect(item).toEqual(world.memberBankItem);
  });

  it("another user's session cannot be signed out", async () => {
    const route = routes.find((entry) => entry.pattern === "/profile/security")!;
    const result = await call(
      route.module.action!,
      post("/profile/security", { intent: "sign-out-session", sessionId: world.memberOtherSession.id }, await world.jar("outsider")),
    );
    expect(result.status).toBe(302);
    const rows = await db().select().from(schema.sessions).where(eq(schema.sessions.id, world.memberOtherSession.id));
    expect(rows).toHaveLength(1);
  });

  it("an invitation addressed to someone else is invalid to everyone else, and declining it changes nothing", async () => {
    const route = routes.find((entry) => entry.pattern === "/groups/join/:inviteCode")!;
    const code = world.invitation.code;
    for (const role of ["outsider", "admin"] as const) {
      const jar = await world.jar(role);
      const page = await call(route.module.loader!, get(`/groups/join/${code}`, jar), { inviteCode: code });
      expect([role, page.status]).toEqual([role, 404]);
      const declined = await call(route.module.action!, post(`/groups/join/${code}`, { intent: "decline" }, jar), { inviteCode: code });
      expect([role, declined.status]).toEqual([role, 404]);
      // The same through the invitations inbox: not in their list, and declining or accepting it is sent on to the
      // invite link (which says it does not exist), changing nothing.
      const inbox = routes.find((entry) => entry.pattern === "/invitations")!;
      const listed = await call(inbox.module.loader!, get("/invitations", jar));
      expect(JSON.stringify(listed.data)).not.toContain(code);
      for (const intent of ["decline", "accept"]) {
        const answer = await call(inbox.module.action!, post("/invitations", { intent, code, terms: "on" }, jar));
        expect([role, intent, answer.status, answer.location?.split("?")[0]]).toEqual([role, intent, 302, `/groups/join/${code}`]);
        // (Accepting without a linked bank goes to the link's bank step, which is the same 404.)
        const next = await call(route.module.loader!, get(answer.location!, jar), { inviteCode: code });
        expect([role, intent, next.status]).toEqual([role, intent, 404]);
      }
    }
    const [invitation] = await db().select().from(schema.groupInvitations).where(eq(schema.groupInvitations.id, world.invitation.id));
    expect(invitation).toEqual(world.invitation);
  });
});
