/**
 * The group pages against a real PostgreSQL: /groups/{id} (figures, the no-leak 404, reordering), /groups, the
 * calendar file and the dashboard's stats, cards and activity. Groups are made through the real commands with a fixed
 * `now`; the pages compute "today" from the clock, so day counts are derived from the clock here too.
 */
import { catalogueJson } from "~/server/platform/locale.server";
import { describe, expect, it } from "vitest";
import { call, get, post } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
const groupPage = await import("../../app/routes/groups.$groupId");
const groupsList = await import("../../app/routes/groups");
const calendar = await import("../../app/routes/groups.$groupId.calendar");
const dashboard = await import("../../app/routes/dashboard");
const { createGroup, joinGroup } = await import("../../app/server/groups/groups.server");
const { createUser, sessionJarFor, toastTitles } = await import("../support/users");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { daysBetween, todayIn } = await import("../../app/domain/schedule");
const { and, eq } = await import("drizzle-orm");

type Draft = import("../../app/domain/groups").GroupDraft;

// 2026-01-10 15:00 in New York.
const NOW = new Date("2026-01-10T20:00:00Z");
const NEW_YORK = "America/New_York";

function draft(overrides: Partial<Draft> = {}): Draft {
  return {
    name: "Wedding Fund",
    memberCount: 3,
    contributionCents: 10_000,
    payoutOrder: "fixed",
    schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 31 },
    // A start date in the future keeps the (projected) schedule independent of the day the tests run.
    startOn: "2027-03-01",
    timeZone: NEW_YORK,
    inviteeEmails: [],
    ...overrides,
  };
}

let counter = 0;
async function member(name: string, overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  counter += 1;
  const user = await createUser({
    email: `pages${counter}.${Date.now()}@example.com`,
    name,
    isPlaidSandboxAuthorized: true,
    hasBankAccount: true,
    ...overrides,
  });
  return { user, jar: await sessionJarFor(user.id) };
}

async function newGroup(creator: Awaited<ReturnType<typeof member>>, overrides: Partial<Draft> = {}, now = NOW) {
  const result = await createGroup(creator.user, draft(overrides), { now });
  if (!result.ok) throw new Error(result.error);
  const [group] = await db().select().from(schema.groups).where(eq(schema.groups.id, result.groupId));
  return group!;
}

async function join(who: Awaited<ReturnType<typeof member>>, inviteCode: string) {
  const result = await joinGroup(who.user, inviteCode, NOW);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

async function memberId(groupId: string, userId: string) {
  const [row] = await db()
    .select()
    .from(schema.groupMembers)
    .where(and(eq(schema.groupMembers.groupId, groupId), eq(schema.groupMembers.userId, userId)));
  return row!.id;
}

const daysUntil = (day: string) => daysBetween(todayIn(NEW_YORK, new Date()), day);

describe("/groups/{id} loader", () => {
  it("gives a member of a forming group its exact figures, projected from the start date", async () => {
    const amina = await member("Amina Yusuf");
    const omar = await member("Omar Haddad", { profileVisible: false });
    const group = await newGroup(amina);
    await join(omar, group.inviteCode);

    const result = await call(groupPage.loader, get(`/groups/${group.id}`, omar.jar), { groupId: group.id });
    expect(result.status).toBe(200);
    const view = result.data.group;
    expect(result.data.inviteUrl).toBe(`http://localhost:3000/groups/join/${group.inviteCode}`);
    expect(view).toMatchObject({
      id: group.id,
      name: "Wedding Fund",
      description: group.description,
      status: "forming",
      memberCount: 3,
      joinedCount: 2,
      contributionCents: 10_000,
      payoutCents: 30_000,
      scheduleLine: "Monthly on the 31st (or the last day of shorter months)",
      nextContributionOn: "2027-03-31",
      nextContributionProjected: true,
      daysUntilNextContribution: daysUntil("2027-03-31"),
      nextPayout: { recipientName: "Amina Yusuf", isYou: false, date: "2027-03-31", amountCents: 30_000, projected: true },
      scheduleProjected: true,
      startOn: "2027-03-31",
      endOn: "2027-05-31",
      inviteUrlPath: `/groups/join/${group.inviteCode}`,
      viewer: { isAdmin: false, canReorder: false, payoutPosition: 2 },
    });
    // Each turn's dates, projected on the ACH calendar (ADR 040): collected a bank day after the due day, the payout sent
    // the bank day after, in the recipient's bank the bank day after that. May 31, 2027 is Memorial Day.
    const planned = (due: string, collected: string, sent: string, arrival: string) => ({
      due,
      collected: { day: collected, planned: true },
      sent: { day: sent, planned: true },
      arrival: { day: arrival, planned: true },
    });
    expect(view.schedule).toEqual([
      {
        position: 1,
        recipientName: "Amina Yusuf",
        isYou: false,
        date: "2027-03-31",
        amountCents: 30_000,
        partial: null,
        status: "pending",
        dates: planned("2027-03-31", "2027-04-01", "2027-04-02", "2027-04-05"),
      },
      {
        position: 2,
        recipientName: "Omar Haddad",
        isYou: true,
        date: "2027-04-30",
        amountCents: 30_000,
        partial: null,
        status: "pending",
        dates: planned("2027-04-30", "2027-05-03", "2027-05-04", "2027-05-05"),
      },
      {
        position: 3,
        recipientName: null,
        isYou: false,
        date: "2027-05-31",
        amountCents: 30_000,
        partial: null,
        status: "pending",
        dates: planned("2027-05-31", "2027-06-02", "2027-06-03", "2027-06-04"),
      },
    ]);
    expect(
      view.members.map((m: { profile: { name: string; email: string | null }; isAdmin: boolean; isYou: boolean }) => [
        m.profile.name,
        m.profile.email,
        m.isAdmin,
        m.isYou,
      ]),
    ).toEqual([
      ["Amina Yusuf", amina.user.email, true, false],
      // Omar hides his profile from others, but sees his own email.
      ["Omar Haddad", omar.user.email, false, true],
    ]);

    // Amina sees Omar without his email, and may reorder (admin, fixed order, forming).
    const asAdmin = await call(groupPage.loader, get(`/groups/${group.id}`, amina.jar), { groupId: group.id });
    expect(asAdmin.data.group.members[1].profile).toMatchObject({ name: "Omar Haddad", email: null });
    expect(asAdmin.data.group.viewer).toMatchObject({ isAdmin: true, canReorder: true, payoutPosition: 1 });
  });

  it("gives a member of an active group the real schedule, Paid/Pending, and no invite link", async () => {
    const amina = await member("Amina Yusuf");
    const omar = await member("Omar Haddad");
    const lena = await member("Lena Park");
    const group = await newGroup(amina, { name: "Business Startup", contributionCents: 20_000 });
    await join(omar, group.inviteCode);
    const started = await join(lena, group.inviteCode);
    expect(started.started).toBe(true);
    // Omar's first contribution settled at the bank (Paid/Pending reads the bank transfers the ledger posts from).
    await db()
      .insert(schema.bankTransfers)
      .values({
        idempotencyKey: `contribution:${group.id}:1:${omar.user.id}:1`,
        kind: "contribution",
        groupId: group.id,
        periodNumber: 1,
        userId: omar.user.id,
        amountCents: 20_000,
        status: "settled",
        initiatedOn: "2027-03-31",
        statusOn: "2027-04-01",
      });

    const result = await call(groupPage.loader, get(`/groups/${group.id}`, lena.jar), { groupId: group.id });
    expect(result.status).toBe(200);
    const view = result.data.group;
    expect(result.data.inviteUrl).toBeNull();
    expect(view).toMatchObject({
      status: "active",
      joinedCount: 3,
      payoutCents: 60_000,
      nextContributionOn: "2027-03-31",
      nextContributionProjected: false,
      daysUntilNextContribution: daysUntil("2027-03-31"),
      nextPayout: { recipientName: "Amina Yusuf", isYou: false, date: "2027-03-31", amountCents: 60_000, projected: false },
      scheduleProjected: false,
      startOn: "2027-03-31",
      endOn: "2027-05-31",
      inviteUrlPath: null,
      viewer: { isAdmin: false, canReorder: false, payoutPosition: 3 },
    });
    expect(
      view.schedule.map((row: { recipientName: string; isYou: boolean; date: string; status: string }) => [
        row.recipientName,
        row.isYou,
        row.date,
        row.status,
      ]),
    ).toEqual([
      ["Amina Yusuf", false, "2027-03-31", "pending"],
      ["Omar Haddad", false, "2027-04-30", "pending"],
      ["Lena Park", true, "2027-05-31", "pending"],
    ]);
    expect(view.members.map((m: { profile: { name: string }; hasPaid: boolean }) => [m.profile.name, m.hasPaid])).toEqual([
      ["Amina Yusuf", false],
      ["Omar Haddad", true],
      ["Lena Park", false],
    ]);
  });

  it("reports a passed deadline as a negative day count", async () => {
    const amina = await member("Amina Yusuf");
    const group = await newGroup(amina, { startOn: null });
    await join(await member("Omar Haddad"), group.inviteCode);
    await join(await member("Lena Park"), group.inviteCode);
    const result = await call(groupPage.loader, get(`/groups/${group.id}`, amina.jar), { groupId: group.id });
    // Started on 2026-01-10: the first due day is 2026-01-31, long gone and still pending.
    expect(result.data.group.nextContributionOn).toBe("2026-01-31");
    expect(result.data.group.daysUntilNextContribution).toBe(daysUntil("2026-01-31"));
    expect(result.data.group.daysUntilNextContribution).toBeLessThan(0);
    // The "Next contribution" card is the viewer's, never a day gone by: no debit was made yet, so it is taken on the
    // group's next run (today), as the dashboard says.
    expect(result.data.group.yourNextContributionOn).toBe(result.data.group.today);
    const { dashboardFor } = await import("../../app/server/groups/dashboard.server");
    const home = await dashboardFor({ id: amina.user.id, email: amina.user.email }, new Date());
    expect(home.cards.find((card) => card.id === group.id)?.nextContributionOn).toBe(result.data.group.today);
  });

  it("answers a non-member, an unknown id and a malformed id with the same 404", async () => {
    const amina = await member("Amina Yusuf");
    const stranger = await member("Marcus Reed");
    const group = await newGroup(amina);
    const ids = [group.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid", "1; drop table groups"];
    const results = await Promise.all(
      ids.map((id) => call(groupPage.loader, get(`/groups/${encodeURIComponent(id)}`, stranger.jar), { groupId: id })),
    );
    for (const result of results) {
      expect(result.status).toBe(404);
      expect(result.data).toEqual({ group: null, inviteUrl: null });
    }
    const root = { id: "root", loaderData: { locale: "en-US", messages: catalogueJson("en-US") } };
    expect(groupPage.meta({ loaderData: results[0]!.data, matches: [root] } as never)).toEqual([{ title: "Group Not Found — Rosca" }]);
  });

  it("sends a signed-out visitor to the login page", async () => {
    const result = await call(groupPage.loader, get("/groups/00000000-0000-4000-8000-000000000000"), {
      groupId: "00000000-0000-4000-8000-000000000000",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login?redirectTo=%2Fgroups%2F00000000-0000-4000-8000-000000000000");
  });
});

describe("/groups/{id} action: reorder", () => {
  async function positions(groupId: string) {
    const rows = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, groupId));
    return Object.fromEntries(rows.map((row) => [row.userId, row.payoutPosition]));
  }

  it("lets the admin move a member up, then redirects back with a toast", async () => {
    const amina = await member("Amina Yusuf");
    const omar = await member("Omar Haddad");
    const group = await newGroup(amina);
    await join(omar, group.inviteCode);
    const omarMember = await memberId(group.id, omar.user.id);

    const result = await call(groupPage.action, post(`/groups/${group.id}`, { intent: "move", memberId: omarMember, direction: "up" }, amina.jar), {
      groupId: group.id,
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/groups/${group.id}`);
    expect(await toastTitles(result.setCookies)).toEqual(["Payout order updated"]);
    expect(await positions(group.id)).toEqual({ [omar.user.id]: 1, [amina.user.id]: 2 });

    const page = await call(groupPage.loader, get(`/groups/${group.id}`, amina.jar), { groupId: group.id });
    expect(page.data.group.schedule.map((row: { recipientName: string | null }) => row.recipientName)).toEqual(["Omar Haddad", "Amina Yusuf", null]);
  });

  it("refuses a member who is not the admin", async () => {
    const amina = await member("Amina Yusuf");
    const omar = await member("Omar Haddad");
    const group = await newGroup(amina);
    await join(omar, group.inviteCode);
    const omarMember = await memberId(group.id, omar.user.id);
    const result = await call(groupPage.action, post(`/groups/${group.id}`, { intent: "move", memberId: omarMember, direction: "up" }, omar.jar), {
      groupId: group.id,
    });
    expect(result.status).toBe(302);
    expect(await toastTitles(result.setCookies)).toEqual(["Only the group admin can change the payout order."]);
    expect(await positions(group.id)).toEqual({ [amina.user.id]: 1, [omar.user.id]: 2 });
  });

  it("answers a non-member with the 404 page and changes nothing", async () => {
    const amina = await member("Amina Yusuf");
    const omar = await member("Omar Haddad");
    const stranger = await member("Marcus Reed");
    const group = await newGroup(amina);
    await join(omar, group.inviteCode);
    const omarMember = await memberId(group.id, omar.user.id);
    for (const groupId of [group.id, "not-a-uuid"]) {
      const result = await call(
        groupPage.action,
        post(`/groups/${groupId}`, { intent: "move", memberId: omarMember, direction: "up" }, stranger.jar),
        { groupId },
      );
      expect(result.status).toBe(404);
      expect(result.data).toEqual({ group: null, inviteUrl: null });
    }
    expect(await positions(group.id)).toEqual({ [amina.user.id]: 1, [omar.user.id]: 2 });
  });

  it("refuses to reorder after the start", async () => {
    const amina = await member("Amina Yusuf");
    const omar = await member("Omar Haddad");
    const group = await newGroup(amina);
    await join(omar, group.inviteCode);
    await join(await member("Lena Park"), group.inviteCode);
    const omarMember = await memberId(group.id, omar.user.id);
    const result = await call(groupPage.action, post(`/groups/${group.id}`, { intent: "move", memberId: omarMember, direction: "up" }, amina.jar), {
      groupId: group.id,
    });
    expect(result.status).toBe(302);
    expect(await toastTitles(result.setCookies)).toEqual(["The payout order can only be changed before the group starts, for a fixed order."]);
    expect((await positions(group.id))[omar.user.id]).toBe(2);
  });

  it("rejects malformed input with 400", async () => {
    const amina = await member("Amina Yusuf");
    const group = await newGroup(amina);
    const bodies = [
      { intent: "delete", memberId: "00000000-0000-4000-8000-000000000000", direction: "up" },
      { intent: "move", memberId: "nope", direction: "up" },
      { intent: "move", memberId: "00000000-0000-4000-8000-000000000000", direction: "sideways" },
    ];
    for (const body of bodies) {
      const result = await call(groupPage.action, post(`/groups/${group.id}`, body, amina.jar), { groupId: group.id });
      expect(result.status).toBe(400);
    }
  });
});

describe("/groups", () => {
  it("lists the user's groups newest first with their figures, and nothing for someone without groups", async () => {
    const amina = await member("Amina Yusuf");
    const forming = await newGroup(amina, { name: "Education Fund", payoutOrder: "random", contributionCents: 5_000, memberCount: 4 });
    const active = await newGroup(amina, { name: "Wedding Fund" }, new Date(NOW.getTime() + 60_000));
    await join(await member("Omar Haddad"), active.inviteCode);
    await join(await member("Lena Park"), active.inviteCode);

    const result = await call(groupsList.loader, get("/groups", amina.jar));
    expect(result.status).toBe(200);
    expect(result.data.cards.map((card: { id: string }) => card.id)).toEqual([active.id, forming.id]);
    expect(result.data.cards).toMatchObject([
      {
        name: "Wedding Fund",
        status: "active",
        memberCount: 3,
        joinedCount: 3,
        contributionCents: 10_000,
        payoutCents: 30_000,
        isAdmin: true,
        yourPosition: 1,
        nextContributionOn: "2027-03-31",
        // Dated by its planned arrival (issue 45), as the group page dates it: due Wednesday March 31, goes out Friday
        // April 2, in the bank Monday April 5.
        nextPayout: {
          recipientName: "Amina Yusuf",
          isYou: true,
          amountCents: 30_000,
          day: { label: "Expected in your bank", day: "2027-04-05" },
          text: "Payout goes out Apr 2, 2027; expected in your bank Apr 5, 2027",
        },
        yourPayout: {
          status: "pending",
          day: { label: "Expected in your bank", day: "2027-04-05" },
          text: "Payout goes out Apr 2, 2027; expected in your bank Apr 5, 2027",
        },
        completedPeriods: 0,
      },
      {
        name: "Education Fund",
        status: "forming",
        memberCount: 4,
        joinedCount: 1,
        payoutCents: 20_000,
        yourPosition: null,
        nextContributionOn: null,
        nextPayout: null,
      },
    ]);

    // The card's payout day is the group page's (issue 45): one model of a payment's dates for both.
    const page = await call(groupPage.loader, get(`/groups/${active.id}`, amina.jar), { groupId: active.id });
    expect(page.data.group.nextPayout.dates.arrival).toEqual({ day: "2027-04-05", planned: true });
    expect(result.data.cards[0].nextPayout.day.day).toBe(page.data.group.nextPayout.dates.arrival.day);

    // Each card's savings at a glance: nothing paid or received before the first due day; the turn where it is known.
    expect(result.data.savings).toEqual({
      [active.id]: { paidInCents: 0, receivedCents: 0, cycleCents: 30_000, turns: 3, completedTurns: 0, yourTurn: 1 },
      [forming.id]: { paidInCents: 0, receivedCents: 0, cycleCents: 20_000, turns: 4, completedTurns: 0, yourTurn: null },
    });

    const loner = await member("Marcus Reed");
    expect((await call(groupsList.loader, get("/groups", loner.jar))).data).toEqual({ cards: [], savings: {} });
  });
});

describe("/groups and the dashboard in Spanish (issue 46)", () => {
  it("writes the cards' schedule and payout lines in the reader's language, and English ones exactly as before", async () => {
    const amina = await member("Amina Yusuf");
    const active = await newGroup(amina, { name: "Wedding Fund" });
    const omar = await member("Omar Haddad");
    await join(omar, active.inviteCode);
    await join(await member("Lena Park"), active.inviteCode);
    const inSpanish = (path: string, jar: typeof amina.jar) =>
      new Request(`${get(path).url}`, { headers: { Cookie: jar.header(), "Accept-Language": "es-US,es;q=0.9" } });

    const list = await call(groupsList.loader, inSpanish("/groups", amina.jar));
    expect(list.status).toBe(200);
    expect(list.data.cards[0]).toMatchObject({
      scheduleLine: "Cada mes, el día 31 (o el último día de los meses más cortos)",
      nextPayout: { isYou: true, text: "El pago del pozo sale el 2 abr 2027; se espera en su banco el 5 abr 2027" },
      yourPayout: { text: "El pago del pozo sale el 2 abr 2027; se espera en su banco el 5 abr 2027" },
    });

    // Omar's card names Amina's payout (expected to arrive, not in his bank) and his own, a month later.
    const board = await call(dashboard.loader, inSpanish("/dashboard", omar.jar));
    expect(board.status).toBe(200);
    expect(board.data.cards[0]).toMatchObject({
      scheduleLine: "Cada mes, el día 31 (o el último día de los meses más cortos)",
      nextPayout: { isYou: false, text: "El pago del pozo sale el 2 abr 2027; se espera que llegue el 5 abr 2027" },
      yourPayout: { text: "El pago del pozo sale el 4 may 2027; se espera en su banco el 5 may 2027" },
    });

    // The same member without a Spanish browser: the English lines, word for word.
    const english = await call(dashboard.loader, get("/dashboard", omar.jar));
    expect(english.data.cards[0]).toMatchObject({
      scheduleLine: "Monthly on the 31st (or the last day of shorter months)",
      nextPayout: { text: "Payout goes out Apr 2, 2027; expected to arrive Apr 5, 2027" },
      yourPayout: { text: "Payout goes out May 4, 2027; expected in your bank May 5, 2027" },
    });
  });
});

describe("/groups/{id}/calendar.ics", () => {
  it("gives a member of an active group their contribution days and payout, and 404 to everyone else", async () => {
    const amina = await member("Amina Yusuf");
    const omar = await member("Omar Haddad");
    const stranger = await member("Marcus Reed");
    const group = await newGroup(amina, { name: "Wedding Fund, 2027" });
    await join(omar, group.inviteCode);
    await join(await member("Lena Park"), group.inviteCode);

    const response = (await calendar.loader({
      request: get(`/groups/${group.id}/calendar.ics`, omar.jar),
      params: { groupId: group.id },
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="wedding-fund-2027-calendar.ics"');
    const text = await response.text();
    const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(4);
    expect(lines.filter((line) => line.startsWith("SUMMARY:"))).toEqual([
      "SUMMARY:Contribution due: Wedding Fund\\, 2027 ($100.00)",
      "SUMMARY:Contribution due: Wedding Fund\\, 2027 ($100.00)",
      "SUMMARY:Your payout: Wedding Fund\\, 2027 ($300.00)",
      "SUMMARY:Contribution due: Wedding Fund\\, 2027 ($100.00)",
    ]);
    // Omar's payout on the day it is expected in his bank (period 2, due Friday April 30, 2027: collected Monday May 3,
    // sent Tuesday May 4, in his bank Wednesday May 5; ADR 040), with a description that says so.
    expect(lines.filter((line) => line.startsWith("DTSTART"))).toEqual([
      "DTSTART;VALUE=DATE:20270331",
      "DTSTART;VALUE=DATE:20270430",
      "DTSTART;VALUE=DATE:20270505",
      "DTSTART;VALUE=DATE:20270531",
    ]);
    expect(lines).toContain("DESCRIPTION:Your payout of $300.00 from Wedding Fund\\, 2027 is expected in your bank account (period 2).");
    expect(lines).toContain(`UID:${group.id}-payout-2@rosca`);
    expect(lines).toContain(`URL:http://localhost:3000/groups/${group.id}`);

    for (const [jar, groupId] of [
      [stranger.jar, group.id],
      [omar.jar, "00000000-0000-4000-8000-000000000000"],
      [omar.jar, "not-a-uuid"],
    ] as const) {
      const refused = (await calendar.loader({ request: get(`/groups/${groupId}/calendar.ics`, jar), params: { groupId } } as never)) as Response;
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe("Not Found");
    }
  });

  it("has nothing to offer for a forming group (no dates yet)", async () => {
    const amina = await member("Amina Yusuf");
    const group = await newGroup(amina);
    const response = (await calendar.loader({
      request: get(`/groups/${group.id}/calendar.ics`, amina.jar),
      params: { groupId: group.id },
    } as never)) as Response;
    expect(response.status).toBe(404);
  });
});

describe("/dashboard", () => {
  it("shows honest empty figures for someone without groups", async () => {
    const loner = await member("Marcus Reed");
    const result = await call(dashboard.loader, get("/dashboard", loner.jar));
    expect(result.data).toMatchObject({
      stats: { activeGroups: 0, nextContributionOn: null, nextPayoutCents: null, nextPayoutOn: null },
      cards: [],
      groupCount: 0,
      activity: [],
    });
  });

  it("derives the stat cards, group cards and recent activity from the user's real groups", async () => {
    const amina = await member("Amina Yusuf");
    const omar = await member("Omar Haddad");
    const lena = await member("Lena Park");
    // Omar's payout comes second in an active group; he also belongs to a forming group.
    const wedding = await newGroup(amina, { name: "Wedding Fund" });
    await join(omar, wedding.inviteCode);
    await join(lena, wedding.inviteCode);
    const education = await newGroup(lena, { name: "Education Fund", contributionCents: 20_000, startOn: null }, new Date(NOW.getTime() + 60_000));
    await join(omar, education.inviteCode);
    await db()
      .insert(schema.groupEvents)
      .values([
        {
          groupId: wedding.id,
          userId: omar.user.id,
          type: "contribution",
          amountCents: 10_000,
          periodNumber: 1,
          occurredAt: new Date("2026-01-11T15:00:00Z"),
        },
        {
          groupId: wedding.id,
          userId: amina.user.id,
          type: "payout",
          amountCents: 30_000,
          periodNumber: 1,
          occurredAt: new Date("2026-01-12T15:00:00Z"),
        },
      ]);

    const result = await call(dashboard.loader, get("/dashboard", omar.jar));
    expect(result.status).toBe(200);
    // Omar's payout: turn 2, due Friday April 30, goes out Tuesday May 4, expected in his bank Wednesday May 5 (issue 45:
    // the day it arrives, not its turn's due day).
    expect(result.data.stats).toEqual({ activeGroups: 1, nextContributionOn: "2027-03-31", nextPayoutCents: 30_000, nextPayoutOn: "2027-05-05" });
    expect(result.data.groupCount).toBe(2);
    expect(
      result.data.cards.map((card: { name: string; status: string; yourPosition: number | null }) => [card.name, card.status, card.yourPosition]),
    ).toEqual([
      ["Education Fund", "forming", 2],
      ["Wedding Fund", "active", 2],
    ]);
    const { activitySentence: sentenceIn } = await import("../../app/components/groups/group-activity");
    const { translator } = await import("../../app/server/platform/locale.server");
    const activitySentence = (item: Parameters<typeof sentenceIn>[0]) => sentenceIn(item, translator("en-US"), "en-US");
    expect(result.data.activity.map(activitySentence)).toEqual([
      "Amina Yusuf received a payout of $300.00 from Wedding Fund",
      "You contributed $100.00 to Wedding Fund",
      // The joins all happened at NOW: newest insert first.
      ...result.data.activity.slice(2).map(activitySentence),
    ]);
    expect(result.data.activity.slice(2).map(activitySentence).sort()).toEqual(
      [
        "Amina Yusuf joined Wedding Fund",
        "You joined Wedding Fund",
        "Lena Park joined Wedding Fund",
        "Lena Park joined Education Fund",
        "You joined Education Fund",
      ].sort(),
    );
  });
});
