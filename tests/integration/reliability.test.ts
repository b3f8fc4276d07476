/**
 * The reliability record (issue 34 item 1, ADR 041) from a cycle driven through the sandbox bank: a member paid late
 * on a retry, a member whose contribution came back after the payout (covered by the platform, then repaid by the
 * retry), a member who missed a contribution after every attempt. The figures come from the bank transfers and the
 * ledger only; the group page shows each member's summary when they share it, the join page shows the members so far,
 * and the profile shows the member their own, with how it is computed. No record keeps anyone out of a group.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const { returnTransfer } = await import("../support/bank");
const money = await import("../support/money");
const { db, queryLog } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, eq } = await import("drizzle-orm");
const { call, get, post } = await import("../support/routes");
const { sessionJarFor, toastTitles } = await import("../support/users");
const groupPage = await import("../../app/routes/groups.$groupId");
const joinPage = await import("../../app/routes/groups.join.$inviteCode");
const profilePage = await import("../../app/routes/profile._index");
const { createGroup, joinGroup } = await import("../../app/server/groups/groups.server");
const { invitationView } = await import("../../app/server/groups/group-views.server");
const { ownRecord } = await import("../../app/server/groups/reliability.server");

// Tuesday 2026-01-06, noon in New York. Weekly on Friday: due Jan 9, 16, 23.
const NOW = new Date("2026-01-06T17:00:00Z");

type Member = Awaited<ReturnType<typeof money.bankedMember>>;
let group: typeof schema.groups.$inferSelect;
let admin: Member;
let late: Member;
let returned: Member;

async function advance(days: number) {
  const result = await cycle.advanceClock({ id: admin.id, isAdmin: false }, group.id, { days }, NOW);
  if (!result.ok) throw new Error(result.error);
  return result.today;
}

beforeAll(async () => {
  const started = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
  group = started.group;
  [admin, late, returned] = started.members as [Member, Member, Member];

  // Nothing, not even the setup fee, is taken before the first due day.
  await money.setSandboxBalance(late.id, 5_000);
  expect(await advance(2)).toBe("2026-01-08");
  expect(await money.transfersOf(group.id)).toEqual([]);
  // Jan 9: period 1. The late member's $100 is declined; no setup fee yet: it comes with a member's first contribution
  // that goes through (ADR 040), on the ACH calendar the next bank day, Monday Jan 12.
  await advance(1);
  expect(await money.transfersOf(group.id, { kind: "fee" })).toEqual([]);
  expect(await money.transfersOf(group.id, { kind: "contribution", userId: late.id })).toMatchObject([{ attempt: 1, status: "declined" }]);
  // They top up; the retry (Monday Jan 12) settles Jan 13, its money is available Jan 14, when the payout to the admin
  // leaves; it arrives Jan 15. The others' fees went on Jan 12, the late member's with their retry's settlement.
  await money.setSandboxBalance(late.id, 100_000);
  expect(await advance(6)).toBe("2026-01-15");
  expect(await money.transfersOf(group.id, { kind: "payout" })).toMatchObject([{ periodNumber: 1, userId: admin.id, status: "settled" }]);
  expect((await money.transfersOf(group.id, { kind: "fee" })).map((t) => t.initiatedOn).sort()).toEqual(["2026-01-12", "2026-01-12", "2026-01-13"]);

  // The third member's period-1 contribution comes back (R01) after the payout left: the platform covers it.
  const [contribution] = await money.transfersOf(group.id, { kind: "contribution", userId: returned.id, periodNumber: 1 });
  // After settlement: a late return (tests/support/bank.ts returnTransfer).
  const simulated = await returnTransfer(contribution!.providerTransferId!, "R01");
  if (!simulated.ok) throw new Error(simulated.code);
  await cycle.syncBankEvents(NOW);
  const covers = await db().select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.bankTransferId, contribution!.id));
  expect(covers.map((row) => [row.reason, row.amountCents]).sort()).toEqual([
    ["contribution", 10_000],
    ["shortfall_cover", 10_000],
  ]);

  // Period 2 (Jan 16): the late member has $50 again: declined Jan 16, 20 (retries fall on bank days: Jan 19 is Martin
  // Luther King Jr. Day) and 23, and that is every attempt. Period 3's first debit, the same Jan 23, is declined too.
  await money.setSandboxBalance(late.id, 5_000);
  expect(await advance(8)).toBe("2026-01-23");
  expect(
    (await money.transfersOf(group.id, { kind: "contribution", userId: late.id, periodNumber: 2 })).map((t) => [t.initiatedOn, t.status]),
  ).toEqual([
    ["2026-01-16", "declined"],
    ["2026-01-20", "declined"],
    ["2026-01-23", "declined"],
  ]);
  // They top up: period 3's retry (Monday Jan 26) goes through, late; by Jan 28 everything of period 3 has settled.
  await money.setSandboxBalance(late.id, 100_000);
  expect(await advance(5)).toBe("2026-01-28");
  expect(
    (await money.transfersOf(group.id, { kind: "contribution", userId: late.id, periodNumber: 3 })).map((t) => [t.initiatedOn, t.status]),
  ).toMatchObject([
    ["2026-01-23", "declined"],
    ["2026-01-26", expect.stringMatching(/^(settled|funds_available)$/)],
  ]);
}, 240_000);

describe("the record's figures", () => {
  it("come from the bank transfers and the ledger: on time, late, missed, covered and repaid", async () => {
    const page = await call(groupPage.loader, get(`/groups/${group.id}`, await sessionJarFor(admin.id)), { groupId: group.id });
    expect(page.status).toBe(200);
    const summaries = Object.fromEntries(
      page.data.group.members.map((m: { profile: { id: string }; record: { summary: string } | null }) => [m.profile.id, m.record?.summary]),
    );
    expect(summaries).toEqual({
      // Three contributions each: new members (ADR 050), their counts and no score yet.
      [admin.id]: "New member · 3 on time, 0 late, 0 missed · 0 cycles completed",
      [late.id]: "New member · 0 on time, 2 late, 1 missed · 0 cycles completed · 1 contribution still owed",
      [returned.id]: "New member · 2 on time, 0 late, 1 missed · 0 cycles completed",
    });
    // Exact figures, through the member's own view.
    expect((await ownRecord(late.id, NOW)).record).toMatchObject({
      onTime: 0,
      late: 2,
      missed: 1,
      covered: 0,
      repaid: 0,
      owed: 1,
      open: 0,
      declined: 0,
    });
    const repaid = (await ownRecord(returned.id, NOW)).record;
    expect(repaid).toMatchObject({ onTime: 2, late: 0, missed: 1, covered: 1, repaid: 1, owed: 0, open: 0 });
    // Three counted contributions: no score yet (the new-member rule, ADR 050; the weighting is unit-tested).
    expect([repaid.score, repaid.standing]).toEqual([null, "new"]);
    // What repaid it: the contribution's second attempt, its money now available.
    expect((await money.transfersOf(group.id, { kind: "contribution", userId: returned.id, periodNumber: 1 })).map((t) => t.status)).toEqual([
      "returned",
      "funds_available",
    ]);
  });

  it("old marks fade: two years on, the late member's record no longer counts them, but what they owe is still said", async () => {
    const later = new Date(NOW.getTime() + 800 * 86_400_000);
    const record = (await ownRecord(late.id, later)).record;
    expect(record).toMatchObject({ onTime: 0, late: 0, missed: 0, faded: 3, owed: 1, score: null, standing: "new" });
  });

  it("is shown to others only when its member shares it and their profile is visible; always to the member", async () => {
    const viewer = await sessionJarFor(admin.id);
    await db().update(schema.users).set({ shareReliability: false }).where(eq(schema.users.id, late.id));
    await db().update(schema.users).set({ profileVisible: false }).where(eq(schema.users.id, returned.id));
    try {
      const page = await call(groupPage.loader, get(`/groups/${group.id}`, viewer), { groupId: group.id });
      const records = page.data.group.members.map((m: { profile: { id: string }; record: unknown }) => [m.profile.id, m.record]);
      expect(records).toEqual([
        [admin.id, { summary: "New member · 3 on time, 0 late, 0 missed · 0 cycles completed", standing: "new" }],
        [late.id, null],
        [returned.id, null],
      ]);
      // Nothing of theirs reaches the page at all.
      expect(JSON.stringify(page.data)).not.toContain("still owed");
      const own = await call(groupPage.loader, get(`/groups/${group.id}`, await sessionJarFor(late.id)), { groupId: group.id });
      const mine = own.data.group.members.find((m: { isYou: boolean }) => m.isYou);
      expect(mine.record.summary).toBe("New member · 0 on time, 2 late, 1 missed · 0 cycles completed · 1 contribution still owed");
    } finally {
      await db().update(schema.users).set({ shareReliability: true, profileVisible: true }).where(eq(schema.users.id, late.id));
      await db().update(schema.users).set({ profileVisible: true }).where(eq(schema.users.id, returned.id));
    }
  });

  it("the group page still reads the records within its one page statement", async () => {
    const viewer = await sessionJarFor(admin.id);
    const { log } = await queryLog(() => call(groupPage.loader, get(`/groups/${group.id}`, viewer), { groupId: group.id }));
    // The session (with the bell), and the page: records and the viewer's money (issue 44) included since issue 47.
    expect(log.queries.length).toBe(2);
  });
});

describe("the join page and the profile", () => {
  it("an invitee sees the members so far with the records they share; the late member still joins: no record keeps anyone out", async () => {
    const created = await createGroup(admin, {
      name: "Second Circle",
      memberCount: 4,
      contributionCents: 5_000,
      payoutOrder: "fixed",
      schedule: { frequency: "weekly", dayOfWeek: 5, dayOfMonth: null },
      startOn: null,
      timeZone: "America/New_York",
      inviteeEmails: [],
    });
    if (!created.ok) throw new Error(created.error);
    const [second] = await db().select().from(schema.groups).where(eq(schema.groups.id, created.groupId));
    await db().update(schema.users).set({ shareReliability: false }).where(eq(schema.users.id, returned.id));
    expect((await joinGroup(returned, second!.inviteCode)).ok).toBe(true);

    const { result: view, log } = await queryLog(() => invitationView(second!, late.id, NOW));
    expect(log.queries.length).toBe(1);
    expect([view.adminName, view.joinedCount, view.privateRecords]).toEqual([admin.name, 2, 1]);
    expect(view.sharedRecords).toEqual([
      { name: admin.name, isAdmin: true, summary: "New member · 3 on time, 0 late, 0 missed · 0 cycles completed" },
    ]);
    const page = await call(joinPage.loader, get(`/groups/join/${second!.inviteCode}`, await sessionJarFor(late.id)), {
      inviteCode: second!.inviteCode,
    });
    expect(page.data.invitation.sharedRecords).toEqual(view.sharedRecords);

    // A group whose admin is not among its members (none today) names the role in the reader's language.
    await db().update(schema.groupMembers).set({ isAdmin: false }).where(eq(schema.groupMembers.groupId, second!.id));
    try {
      expect((await invitationView(second!, late.id, NOW)).adminName).toBe("The group admin");
      expect((await invitationView(second!, late.id, NOW, "es-US")).adminName).toBe("La administración de la tanda");
    } finally {
      await db()
        .update(schema.groupMembers)
        .set({ isAdmin: true })
        .where(and(eq(schema.groupMembers.groupId, second!.id), eq(schema.groupMembers.userId, admin.id)));
    }

    // The member with the worst record joins like anyone else.
    expect(await joinGroup(late, second!.inviteCode)).toMatchObject({ ok: true });
  });

  it("the profile shows the member their record, how it is computed, and saves the sharing choice", async () => {
    const jar = await sessionJarFor(returned.id);
    const page = await call(profilePage.loader, get("/profile?index", jar));
    expect(page.data.paymentRecord).toMatchObject({
      record: { onTime: 2, missed: 1, covered: 1, repaid: 1 },
      summary: "New member · 2 on time, 0 late, 1 missed · 0 cycles completed",
      share: false,
      profileVisible: true,
    });
    const shared = await call(profilePage.action, post("/profile?index", { intent: "share-record", enabled: "on" }, jar));
    expect([shared.status, shared.location, await toastTitles(shared.setCookies)]).toEqual([302, "/profile", ["Payment record shared"]]);
    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, returned.id));
    expect(row!.shareReliability).toBe(true);
    const hidden = await call(profilePage.action, post("/profile?index", { intent: "share-record" }, jar));
    expect(await toastTitles(hidden.setCookies)).toEqual(["Payment record hidden"]);
    const [after] = await db().select().from(schema.users).where(eq(schema.users.id, returned.id));
    expect(after!.shareReliability).toBe(false);
    expect(after!.reliabilityHiddenAt).not.toBeNull();

    // The hiding rule (ADR 050): the group they were in before hiding keeps seeing it ...
    const adminView = await call(groupPage.loader, get(`/groups/${group.id}`, await sessionJarFor(admin.id)), { groupId: group.id });
    expect(adminView.data.group.members.find((m: { profile: { id: string } }) => m.profile.id === returned.id).record).toMatchObject({
      summary: "New member · 2 on time, 0 late, 1 missed · 0 cycles completed",
    });
    // ... a group joined afterwards does not.
    const newcomer = await money.bankedMember("Nia Newcomer");
    const third = await createGroup(newcomer, {
      name: "Third Circle",
      memberCount: 4,
      contributionCents: 5_000,
      payoutOrder: "fixed",
      schedule: { frequency: "weekly", dayOfWeek: 5, dayOfMonth: null },
      startOn: null,
      timeZone: "America/New_York",
      inviteeEmails: [],
    });
    if (!third.ok) throw new Error(third.error);
    const [thirdRow] = await db().select().from(schema.groups).where(eq(schema.groups.id, third.groupId));
    expect((await joinGroup(returned, thirdRow!.inviteCode)).ok).toBe(true);
    const newcomerView = await call(groupPage.loader, get(`/groups/${third.groupId}`, await sessionJarFor(newcomer.id)), { groupId: third.groupId });
    expect(newcomerView.data.group.members.find((m: { profile: { id: string } }) => m.profile.id === returned.id).record).toBeNull();
    // The profile says it is hidden, and what that means.
    const profile = await call(profilePage.loader, get("/profile?index", jar));
    expect(profile.data.paymentRecord.share).toBe(false);
  });
});
