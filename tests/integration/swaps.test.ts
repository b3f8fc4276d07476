/**
 * Turn swaps with consent (issue 34 item 2, ADR 041), through the group page's own action and the sandbox bank: a swap
 * proposed, accepted, approved and then paid in the new order; refused when a turn is already in flight; two proposals
 * on one turn at once resolved once; declined, refused, withdrawn; who may do each step; a busy group; the deferred
 * constraints that keep one member per turn.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const money = await import("../support/money");
const { db, getPool } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { and, asc, eq } = await import("drizzle-orm");
const { call, get, post } = await import("../support/routes");
const { sessionJarFor, toastTitles } = await import("../support/users");
const { listMessages } = await import("../../sandbox/postmark/store");
const { backgroundDeliveries } = await import("../../app/server/email/email.server");
const groupPage = await import("../../app/routes/groups.$groupId");
const dashboard = await import("../../app/routes/dashboard");
const { closeStaleSwaps, proposeSwap } = await import("../../app/server/groups/swaps.server");
const queue = await import("../../app/server/jobs/queue.server");
const { startWorker } = await import("../../app/server/jobs/worker.server");
const { waitFor } = await import("../support/worker-processes");
const { verifyLedger } = await import("../../app/server/money/verify.server");
const { addDays, dayOfWeekOf, todayIn } = await import("../../app/domain/schedule");
const { formatCalendarDay } = await import("../../app/domain/format");
const { drawOrder } = await import("../../app/domain/payout-order");
const { turnPayoutText } = await import("../../app/domain/swaps");
const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

// The pages and actions read the real clock (plus the group's sandbox offset), so the groups start now: weekly on the
// weekday three days ahead, due on D+3, D+10, D+17 (and D+24 for a fourth member), D being today in New York.
const NOW = new Date();
const TODAY = todayIn("America/New_York", NOW);
const DUE = [3, 10, 17, 24].map((days) => addDays(TODAY, days));

type Member = Awaited<ReturnType<typeof money.bankedMember>>;

async function setUp(options: { size?: number; swapsNeedApproval?: boolean; payoutOrder?: "fixed" | "random" } = {}) {
  const { group, members } = await money.startedGroup({
    now: NOW,
    size: options.size ?? 3,
    balanceCents: 100_000,
    draft: {
      payoutOrder: options.payoutOrder ?? "fixed",
      swapsNeedApproval: options.swapsNeedApproval ?? true,
      schedule: { frequency: "weekly", dayOfWeek: dayOfWeekOf(DUE[0]!), dayOfMonth: null },
    },
  });
  expect(group.firstDueOn).toBe(DUE[0]);
  const rows = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, group.id));
  const memberId = (user: Member) => rows.find((row) => row.userId === user.id)!.id;
  const jars = new Map<string, Awaited<ReturnType<typeof sessionJarFor>>>();
  const act = async (user: Member, fields: Record<string, string>) => {
    if (!jars.has(user.id)) jars.set(user.id, await sessionJarFor(user.id));
    return call(groupPage.action, post(`/groups/${group.id}`, fields, jars.get(user.id)), { groupId: group.id });
  };
  const page = async (user: Member) =>
    (await call(groupPage.loader, get(`/groups/${group.id}`, await sessionJarFor(user.id)), { groupId: group.id })).data.group;
  return { group, members: members as Member[], memberId, act, page };
}

/** Each period's recipient (user id), period 1 first. */
async function recipients(groupId: string) {
  const rows = await db()
    .select({ userId: schema.groupMembers.userId, position: schema.groupMembers.payoutPosition })
    .from(schema.groupPeriods)
    .innerJoin(schema.groupMembers, eq(schema.groupMembers.id, schema.groupPeriods.recipientMemberId))
    .where(eq(schema.groupPeriods.groupId, groupId))
    .orderBy(asc(schema.groupPeriods.periodNumber));
  return rows;
}

async function swapsOf(groupId: string) {
  return db().select().from(schema.turnSwaps).where(eq(schema.turnSwaps.groupId, groupId)).orderBy(asc(schema.turnSwaps.createdAt));
}

async function holdsOf(groupId: string) {
  return db().select().from(schema.turnSwapHolds).where(eq(schema.turnSwapHolds.groupId, groupId));
}

async function bell(userId: string) {
  return (await db().select().from(schema.notifications).where(eq(schema.notifications.userId, userId))).map((row) => row.title);
}

async function result(answer: Awaited<ReturnType<typeof call>>) {
  return [answer.status, await toastTitles(answer.setCookies)];
}

describe("a turn swap with consent", () => {
  it("proposed, accepted and approved: the order changes at once, and the cycle pays in the new order", async () => {
    const { group, members, memberId, act, page } = await setUp();
    const [admin, bo, cy] = members as [Member, Member, Member];
    expect((await recipients(group.id)).map((row) => row.userId)).toEqual([admin.id, bo.id, cy.id]);

    // Bo (turn 2, Jan 16) offers Cy (turn 3, Jan 23) a swap: the page offers Cy's turn and the admin's.
    const before = await page(bo);
    expect(before.swaps.candidates.map((c: { name: string; period: number }) => [c.name, c.period])).toEqual([
      [admin.name, 1],
      [cy.name, 3],
    ]);
    // The picker names each turn by its payout's days (issue 45), never its due day.
    expect(before.swaps.candidates.map((c: { payoutText: string }) => c.payoutText)).toEqual([
      turnPayoutText(1, DUE[0]!),
      turnPayoutText(3, DUE[2]!),
    ]);
    expect(before.swaps.candidates[1].payoutText).not.toContain(formatCalendarDay(DUE[2]!, "long"));
    expect(before.swaps.helpText).toContain("then the group's admin approves or refuses");
    expect((await page(admin)).swaps.helpText).not.toContain("admin approves");
    expect(await result(await act(bo, { intent: "propose-swap", memberId: memberId(cy) }))).toEqual([302, ["Swap proposed"]]);
    expect(await bell(cy.id)).toContain(`${bo.name} asks to swap turns in ${group.name}`);
    // Cy is told by when to answer: before Bo's turn's due day, when the swap closes unanswered.
    const [asked] = await db()
      .select({ body: schema.notifications.body, values: schema.notifications.values })
      .from(schema.notifications)
      .where(and(eq(schema.notifications.userId, cy.id), eq(schema.notifications.message, "swapProposed")));
    expect(asked!.values).toMatchObject({ closesOnLong: DUE[1] });
    expect(
      asked!.body!.endsWith(
        ` Accept or decline on the group's page before ${formatCalendarDay(DUE[1]!, "long")}: from that day the turns can no longer be swapped.`,
      ),
    ).toBe(true);
    // Everyone else is told too (issue 45), with their own turn before and after and its payout's days.
    const othersBell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, admin.id));
    expect(othersBell.map((row) => [row.title, row.body])).toContainEqual([
      `${bo.name} and ${cy.name} may swap turns in ${group.name}`,
      `${bo.name} (turn 2) asked ${cy.name} (turn 3) to swap turns; if they agree, the group's admin approves or refuses it. Your turn stays 1 before and after: ${lower(turnPayoutText(1, DUE[0]!, { yours: true }))}. You'll be told what happens.`,
    ]);
    const cyView = await page(cy);
    expect(cyView.swaps.open).toMatchObject([
      {
        status: "proposed",
        statusLine: "Waiting for your answer",
        // The page says by when too: before Bo's turn's due day.
        closesOn: DUE[1],
        canAnswer: true,
        canWithdraw: false,
        proposer: { name: bo.name, period: 2, payoutText: turnPayoutText(2, DUE[1]!) },
        counterpart: { isYou: true, period: 3, payoutText: turnPayoutText(3, DUE[2]!, { yours: true }) },
      },
    ]);
    expect((await page(bo)).swaps.open[0].statusLine).toBe("Waiting for an answer");
    expect(cyView.swaps.candidates).toEqual([]);

    // Cy accepts; the group asks its admin, who is told.
    const swapId = (await swapsOf(group.id))[0]!.id;
    expect(await result(await act(cy, { intent: "accept-swap", swapId }))).toEqual([302, ["Swap accepted"]]);
    expect(await bell(admin.id)).toContain(`Approve a turn swap in ${group.name}?`);
    expect(await bell(bo.id)).toContain(`${cy.name} accepted your turn swap in ${group.name}`);
    expect((await recipients(group.id)).map((row) => row.userId)).toEqual([admin.id, bo.id, cy.id]);
    expect((await page(admin)).swaps.open).toMatchObject([{ status: "accepted", canDecide: true }]);

    // The admin approves: Bo has turn 3 now, Cy turn 2, periods and positions alike.
    expect(await result(await act(admin, { intent: "approve-swap", swapId }))).toEqual([302, ["Turns swapped"]]);
    expect((await recipients(group.id)).map((row) => [row.userId, row.position])).toEqual([
      [admin.id, 1],
      [cy.id, 2],
      [bo.id, 3],
    ]);
    expect(await swapsOf(group.id)).toMatchObject([{ status: "swapped", decidedBy: admin.id, proposerPeriod: 2, counterpartPeriod: 3 }]);
    expect(await holdsOf(group.id)).toEqual([]);
    expect(await bell(bo.id)).toContain(`Your turn in ${group.name} changed`);
    await backgroundDeliveries();
    const mail = await listMessages(databaseUrl, { to: cy.email });
    expect(mail.map((message) => message.subject)).toEqual(
      expect.arrayContaining([`${bo.name} asks to swap turns in ${group.name}`, `Your turn in ${group.name} changed`]),
    );
    expect(mail.find((message) => message.subject === `Your turn in ${group.name} changed`)!.textBody).toContain(
      `You swapped turns with ${bo.name}. Your turn was turn 3 (${lower(turnPayoutText(3, DUE[2]!, { yours: true }))}). Your turn is now 2: ${lower(turnPayoutText(2, DUE[1]!, { yours: true }))}.`,
    );
    // The admin, a third member here, heard of the proposal and of the result by email too (payout notifications on).
    const adminMail = await listMessages(databaseUrl, { to: admin.email });
    expect(adminMail.map((message) => message.subject)).toEqual(
      expect.arrayContaining([
        `${bo.name} and ${cy.name} may swap turns in ${group.name}`,
        `${bo.name} and ${cy.name} swapped turns in ${group.name}`,
      ]),
    );
    expect(adminMail.find((message) => message.subject === `${bo.name} and ${cy.name} swapped turns in ${group.name}`)!.textBody).toContain(
      `${bo.name} now has turn 3 and ${cy.name} turn 2. Your turn stays 1 before and after: ${lower(turnPayoutText(1, DUE[0]!, { yours: true }))}.`,
    );

    // The group's activity has every step, and the order's record shows the order at the start and the swap.
    const events = await db()
      .select()
      .from(schema.groupEvents)
      .where(eq(schema.groupEvents.groupId, group.id))
      .orderBy(asc(schema.groupEvents.occurredAt));
    expect(events.filter((e) => e.type.startsWith("swap")).map((e) => [e.type, e.userId, e.relatedUserId])).toEqual([
      ["swap_proposed", bo.id, cy.id],
      ["swap_accepted", cy.id, bo.id],
      ["swapped", bo.id, cy.id],
    ]);
    const view = await page(bo);
    expect(view.schedule.map((row: { recipientName: string }) => row.recipientName)).toEqual([admin.name, cy.name, bo.name]);
    expect(view.swaps.orderBeforeSwaps).toEqual([admin.name, bo.name, cy.name]);
    expect(view.swaps.done).toMatchObject([
      { proposer: { name: bo.name, period: 2 }, counterpart: { name: cy.name, period: 3 }, decidedByName: admin.name },
    ]);
    const board = JSON.stringify((await call(dashboard.loader, get("/dashboard", await sessionJarFor(admin.id)))).data);
    expect(board).toContain('"type":"swapped"');

    // The cycle runs: period 2's payout goes to Cy, period 3's to Bo.
    await cycle.advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 30 }, NOW);
    const payouts = await money.transfersOf(group.id, { kind: "payout" });
    expect(payouts.map((t) => [t.periodNumber, t.userId, t.status])).toEqual([
      [1, admin.id, "settled"],
      [2, cy.id, "settled"],
      [3, bo.id, "settled"],
    ]);
    const [done] = await db().select().from(schema.groups).where(eq(schema.groups.id, group.id));
    expect(done!.status).toBe("completed");
    const verified = await verifyLedger();
    expect(verified.checks.filter((check) => !check.ok)).toEqual([]);
  }, 180_000);

  it("a random draw's record: the order before the swaps is the one the revealed seed gives", async () => {
    const { group, members, memberId, act, page } = await setUp({ size: 4, payoutOrder: "random" });
    const [admin] = members as [Member];
    // Two swaps between the members who are not the admin (every turn is still open: the first due day is ahead),
    // each approved by the admin: Bo with Cy, then Cy with Di, whatever turns the draw gave them.
    const [, bo, cy, di] = members as [Member, Member, Member, Member];
    for (const [from, to] of [
      [bo, cy],
      [cy, di],
    ] as const) {
      expect(await result(await act(from, { intent: "propose-swap", memberId: memberId(to) }))).toEqual([302, ["Swap proposed"]]);
      const open = (await swapsOf(group.id)).find((row) => row.status === "proposed")!;
      await act(to, { intent: "accept-swap", swapId: open.id });
      expect(await result(await act(admin, { intent: "approve-swap", swapId: open.id }))).toEqual([302, ["Turns swapped"]]);
    }
    const view = await page(admin);
    const namesInJoinOrder = view.members.map((m: { profile: { name: string } }) => m.profile.name);
    expect(view.swaps.done).toHaveLength(2);
    expect(view.swaps.orderBeforeSwaps).toEqual(drawOrder(view.drawSeed, namesInJoinOrder));
    expect(view.swaps.orderBeforeSwaps).not.toEqual(view.schedule.map((row: { recipientName: string }) => row.recipientName));
  }, 120_000);

  it("without the admin's approval (the group's choice, or the admin is one of the two) it is done when the other accepts", async () => {
    const { group, members, memberId, act } = await setUp({ swapsNeedApproval: false });
    const [admin, bo, cy] = members as [Member, Member, Member];
    await act(bo, { intent: "propose-swap", memberId: memberId(cy) });
    const [swap] = await swapsOf(group.id);
    expect(swap!.needsApproval).toBe(false);
    expect(await result(await act(cy, { intent: "accept-swap", swapId: swap!.id }))).toEqual([302, ["Turns swapped"]]);
    expect((await recipients(group.id)).map((row) => row.userId)).toEqual([admin.id, cy.id, bo.id]);
    expect(await bell(admin.id)).not.toContain(`Approve a turn swap in ${group.name}?`);

    const other = await setUp();
    const [otherAdmin, otherBo] = other.members as [Member, Member];
    await other.act(otherAdmin, { intent: "propose-swap", memberId: other.memberId(otherBo) });
    const [withAdmin] = await swapsOf(other.group.id);
    expect(withAdmin!.needsApproval).toBe(false);
    expect(await result(await other.act(otherBo, { intent: "accept-swap", swapId: withAdmin!.id }))).toEqual([302, ["Turns swapped"]]);
  }, 120_000);

  it("declined, refused or withdrawn: nothing changes, the turns are free again, and each is told", async () => {
    const { group, members, memberId, act } = await setUp({ size: 4 });
    const [admin, bo, cy, di] = members as [Member, Member, Member, Member];
    const order = [admin.id, bo.id, cy.id, di.id];

    await act(bo, { intent: "propose-swap", memberId: memberId(cy) });
    let swap = (await swapsOf(group.id)).at(-1)!;
    expect(await result(await act(cy, { intent: "decline-swap", swapId: swap.id }))).toEqual([302, ["Swap declined"]]);
    expect(await bell(bo.id)).toContain(`${cy.name} declined your turn swap in ${group.name}`);

    await act(bo, { intent: "propose-swap", memberId: memberId(cy) });
    swap = (await swapsOf(group.id)).at(-1)!;
    await act(cy, { intent: "accept-swap", swapId: swap.id });
    expect(await result(await act(admin, { intent: "refuse-swap", swapId: swap.id }))).toEqual([302, ["Swap refused"]]);
    expect(await bell(cy.id)).toContain(`The admin of ${group.name} refused a turn swap`);

    await act(di, { intent: "propose-swap", memberId: memberId(bo) });
    swap = (await swapsOf(group.id)).at(-1)!;
    expect(await result(await act(di, { intent: "withdraw-swap", swapId: swap.id }))).toEqual([302, ["Swap withdrawn"]]);
    expect(await bell(bo.id)).toContain(`${di.name} withdrew a turn swap in ${group.name}`);

    expect((await swapsOf(group.id)).map((row) => row.status)).toEqual(["declined", "refused", "withdrawn"]);
    expect(await holdsOf(group.id)).toEqual([]);
    expect((await recipients(group.id)).map((row) => row.userId)).toEqual(order);
    // A closed swap stays closed.
    expect(await result(await act(cy, { intent: "accept-swap", swapId: (await swapsOf(group.id))[0]!.id }))).toEqual([
      302,
      ["This swap was already answered."],
    ]);
  }, 120_000);

  it("only the other member answers, only the admin decides, only the proposer withdraws; anyone else sees no group", async () => {
    const { group, members, memberId, act } = await setUp({ size: 4 });
    const [admin, bo, cy, di] = members as [Member, Member, Member, Member];
    await act(bo, { intent: "propose-swap", memberId: memberId(cy) });
    const [swap] = await swapsOf(group.id);
    const swapId = swap!.id;
    expect(await result(await act(di, { intent: "accept-swap", swapId }))).toEqual([
      302,
      ["Only the member it was proposed to can answer this swap."],
    ]);
    expect(await result(await act(bo, { intent: "accept-swap", swapId }))).toEqual([
      302,
      ["Only the member it was proposed to can answer this swap."],
    ]);
    expect(await result(await act(admin, { intent: "approve-swap", swapId }))).toEqual([302, ["The other member hasn't accepted this swap yet."]]);
    expect(await result(await act(cy, { intent: "withdraw-swap", swapId }))).toEqual([
      302,
      ["Only the member who proposed this swap can withdraw it."],
    ]);
    await act(cy, { intent: "accept-swap", swapId });
    for (const member of [bo, cy, di]) {
      expect(await result(await act(member, { intent: "approve-swap", swapId }))).toEqual([
        302,
        ["Only the group admin can approve or refuse a swap."],
      ]);
    }
    // Not yourself; not someone outside the group; not a malformed id.
    expect(await result(await act(di, { intent: "propose-swap", memberId: memberId(di) }))).toEqual([
      302,
      ["Choose another member to swap turns with."],
    ]);
    const stranger = await money.bankedMember("Stranger");
    expect(await result(await act(di, { intent: "propose-swap", memberId: crypto.randomUUID() }))).toEqual([
      302,
      ["That member is not in this group."],
    ]);
    expect((await act(di, { intent: "propose-swap", memberId: "not-a-uuid" })).status).toBe(400);
    expect((await act(di, { intent: "accept-swap", swapId: "nope" })).status).toBe(400);
    // An outsider gets the 404 page for every step.
    for (const fields of <Array<Record<string, string>>>[
      { intent: "propose-swap", memberId: memberId(bo) },
      { intent: "accept-swap", swapId },
      { intent: "approve-swap", swapId },
      { intent: "withdraw-swap", swapId },
    ]) {
      expect((await act(stranger, fields)).status).toBe(404);
    }
    expect((await recipients(group.id)).map((row) => row.userId)).toEqual([admin.id, bo.id, cy.id, di.id]);
    expect((await swapsOf(group.id)).map((row) => row.status)).toEqual(["accepted"]);
  }, 120_000);
});

describe("turns in flight", () => {
  it("a turn whose contributions are being collected (its due day has come) cannot be proposed, and an open swap on it is cancelled", async () => {
    const { group, members, memberId, act } = await setUp();
    const [admin, bo, cy] = members as [Member, Member, Member];
    // Today Bo offers Cy a swap; Cy waits.
    await act(bo, { intent: "propose-swap", memberId: memberId(cy) });
    const [swap] = await swapsOf(group.id);

    // Period 1's due day: its debits go out; the admin's turn is in flight.
    await cycle.advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 3 }, NOW);
    expect((await money.transfersOf(group.id, { kind: "contribution", periodNumber: 1 })).length).toBe(3);
    expect(await result(await act(admin, { intent: "propose-swap", memberId: memberId(cy) }))).toEqual([
      302,
      ["Your turn is already being paid (or was paid), so it can't be swapped any more."],
    ]);

    // Period 2's due day: its debits go out, Bo's turn with them. Cy's acceptance comes too late: the swap is cancelled.
    await cycle.advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 7 }, NOW);
    expect((await money.transfersOf(group.id, { kind: "contribution", periodNumber: 2 })).length).toBe(3);
    expect(await result(await act(cy, { intent: "accept-swap", swapId: swap!.id }))).toEqual([
      302,
      ["One of these turns is already being paid, so the swap can't happen. It was cancelled."],
    ]);
    expect(await swapsOf(group.id)).toMatchObject([{ status: "cancelled" }]);
    expect(await holdsOf(group.id)).toEqual([]);
    expect(await bell(bo.id)).toContain(`A turn swap in ${group.name} was cancelled`);
    expect(await result(await act(cy, { intent: "propose-swap", memberId: memberId(bo) }))).toEqual([
      302,
      ["That member's turn is already being paid (or was paid), so it can't be swapped any more."],
    ]);
    expect((await recipients(group.id)).map((row) => row.userId)).toEqual([admin.id, bo.id, cy.id]);
  }, 120_000);

  it("a swap that can't happen any more (a turn of it went into payment) blocks no new proposal: the next one ends it and its members are told", async () => {
    const { group, members, memberId, act, page } = await setUp({ size: 4 });
    const [admin, bo, cy, di] = members as [Member, Member, Member, Member];
    // Cy (turn 3) asks Bo (turn 2); nobody answers. Period 2's due day comes: Bo's turn goes into payment.
    await act(cy, { intent: "propose-swap", memberId: memberId(bo) });
    const [stale] = await swapsOf(group.id);
    await cycle.advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 10 }, NOW);
    expect((await money.transfersOf(group.id, { kind: "contribution", periodNumber: 2 })).length).toBe(4);

    // Cy's page says the swap can't happen, and no longer that his turn is held: Di's turn is offered.
    const before = (await page(cy)).swaps;
    expect(before.open.map((swap: { stale: boolean }) => swap.stale)).toEqual([true]);
    expect(before.cannotPropose).toBeNull();
    expect(before.candidates.map((c: { name: string; period: number }) => [c.name, c.period])).toEqual([[di.name, 4]]);

    // Proposing to Di works; the stale swap ends (cancelled), and Cy and Bo are told.
    expect(await result(await act(cy, { intent: "propose-swap", memberId: memberId(di) }))).toEqual([302, ["Swap proposed"]]);
    expect((await swapsOf(group.id)).map((swap) => [swap.id === stale!.id, swap.status])).toEqual([
      [true, "cancelled"],
      [false, "proposed"],
    ]);
    expect((await holdsOf(group.id)).map((hold) => hold.periodNumber).sort()).toEqual([3, 4]);
    for (const told of [bo, cy]) expect(await bell(told.id)).toContain(`A turn swap in ${group.name} was cancelled`);
    // A swap that still can happen keeps holding its turns.
    expect(await proposeSwap(cy, group.id, memberId(di), NOW)).toEqual({
      ok: false,
      status: 409,
      error: "One of these turns is already part of another swap proposal. Wait until that one is answered.",
    });
    expect(await swapsOf(group.id)).toHaveLength(2);
  }, 120_000);

  it("a swap that can't happen any more ends on its own: the worker's swaps.close-stale job cancels it, frees its turns and tells everyone; a possible one stays", async () => {
    const { group, members, memberId, act, page } = await setUp({ size: 4 });
    const [admin, bo, cy, di] = members as [Member, Member, Member, Member];
    // Cy (turn 3) asks Bo (turn 2); nobody answers. Then Di (turn 4) asks the admin (turn 1), who answers neither.
    await act(cy, { intent: "propose-swap", memberId: memberId(bo) });
    const [stale] = await swapsOf(group.id);
    // Before any turn is in payment there is nothing to end.
    expect(await closeStaleSwaps(NOW)).toEqual({ cancelled: 0 });

    // Period 1's due day: the admin's turn goes into payment, so Di's swap with it can't happen either. Proposed after
    // it, so it is Di's proposal that is refused.
    await cycle.advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 3 }, NOW);
    expect(await result(await act(di, { intent: "propose-swap", memberId: memberId(admin) }))).toEqual([
      302,
      ["That member's turn is already being paid (or was paid), so it can't be swapped any more."],
    ]);
    expect(await closeStaleSwaps(NOW)).toEqual({ cancelled: 0 });
    // Di asks Cy instead: turns 4 and 3. Cy's turn is held by his swap with Bo, so that is refused too, for now.
    expect(await result(await act(di, { intent: "propose-swap", memberId: memberId(cy) }))).toEqual([
      302,
      ["One of these turns is already part of another swap proposal. Wait until that one is answered."],
    ]);

    // Period 2's due day: Bo's turn goes into payment. Cy's swap can't happen any more; nobody has clicked anything.
    await cycle.advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 7 }, NOW);
    expect((await money.transfersOf(group.id, { kind: "contribution", periodNumber: 2 })).length).toBe(4);
    expect((await swapsOf(group.id)).map((swap) => swap.status)).toEqual(["proposed"]);
    expect((await page(cy)).swaps.open.map((swap: { stale: boolean }) => swap.stale)).toEqual([true]);

    // The worker's job ends it (as the minute's cron would send it).
    const boss = await queue.createBoss("worker");
    const done: Array<{ queue: string; result: unknown }> = [];
    const worker = await startWorker({
      boss,
      name: "swaps",
      schedule: false,
      pollingIntervalSeconds: 0.5,
      log: () => {},
      onJobDone: (e) => done.push(e),
    });
    try {
      await boss.send(queue.SWAPS_CLOSE_STALE, {});
      await waitFor(
        "the swaps.close-stale job",
        () => done.filter((e) => e.queue === queue.SWAPS_CLOSE_STALE),
        (runs) => runs.length > 0,
        60_000,
        () => JSON.stringify(done),
      );
      expect(done.filter((e) => e.queue === queue.SWAPS_CLOSE_STALE).map((e) => e.result)).toEqual([{ cancelled: 1 }]);
    } finally {
      await worker.stop();
      await boss.stop({ graceful: true, timeout: 5_000 });
    }
    expect((await swapsOf(group.id)).map((swap) => [swap.id, swap.status])).toEqual([[stale!.id, "cancelled"]]);
    expect(await holdsOf(group.id)).toEqual([]);
    const events = await db()
      .select({ type: schema.groupEvents.type, userId: schema.groupEvents.userId })
      .from(schema.groupEvents)
      .where(and(eq(schema.groupEvents.groupId, group.id), eq(schema.groupEvents.type, "swap_cancelled")));
    expect(events).toEqual([{ type: "swap_cancelled", userId: cy.id }]);
    // Both members told, in the app and by email, which swap ended; the others told it won't happen, each with their
    // own turn: the admin's (turn 1) is in payment, so its planned days are not told as if still ahead. Every notice is
    // dated by the group's moved clock (its day 10 days ahead), as the cycle's are (ADR 040).
    const said = async (user: Member, title: string) => {
      const rows = await db()
        .select({ body: schema.notifications.body, occurredOn: schema.notifications.occurredOn })
        .from(schema.notifications)
        .where(and(eq(schema.notifications.userId, user.id), eq(schema.notifications.title, title)));
      return rows;
    };
    const cancelled = `A turn swap in ${group.name} was cancelled`;
    expect(await said(bo, cancelled)).toEqual([
      {
        body: `Your turn 2 and ${cy.name}'s turn 3 won't be swapped: one of them is already being paid. Both stay as they were.`,
        occurredOn: DUE[1],
      },
    ]);
    expect(await said(cy, cancelled)).toEqual([
      {
        body: `Your turn 3 and ${bo.name}'s turn 2 won't be swapped: one of them is already being paid. Both stay as they were.`,
        occurredOn: DUE[1],
      },
    ]);
    const off = `The turn swap proposed in ${group.name} won't happen`;
    expect(await said(admin, off)).toEqual([
      { body: `${cy.name} keeps turn 3 and ${bo.name} turn 2. Your turn is not affected.`, occurredOn: DUE[1] },
    ]);
    expect(await said(di, off)).toEqual([
      {
        body: `${cy.name} keeps turn 3 and ${bo.name} turn 2. Your turn stays 4: ${lower(turnPayoutText(4, DUE[3]!, { yours: true }))}.`,
        occurredOn: DUE[1],
      },
    ]);
    await backgroundDeliveries();
    for (const told of [bo, cy]) {
      expect((await listMessages(databaseUrl, { to: told.email })).map((message) => message.subject)).toContain(
        `A turn swap in ${group.name} was cancelled`,
      );
    }
    // Cy's page no longer shows it, and his turn is free: Di's proposal to him is made now.
    expect((await page(cy)).swaps.open).toEqual([]);
    expect(await result(await act(di, { intent: "propose-swap", memberId: memberId(cy) }))).toEqual([302, ["Swap proposed"]]);
    // A swap that can still happen is left as it is, and a second run finds nothing to end.
    expect(await closeStaleSwaps(NOW)).toEqual({ cancelled: 0 });
    expect((await swapsOf(group.id)).map((swap) => swap.status)).toEqual(["cancelled", "proposed"]);
    expect(await bell(cy.id)).toEqual(expect.arrayContaining([`A turn swap in ${group.name} was cancelled`]));
    expect((await bell(cy.id)).filter((title) => title === `A turn swap in ${group.name} was cancelled`)).toHaveLength(1);
  }, 120_000);

  it("a swap its proposer withdrew while the other had the page open: accepting it says it was withdrawn", async () => {
    const { group, members, memberId, act } = await setUp();
    const [, bo, cy] = members as [Member, Member, Member];
    await act(bo, { intent: "propose-swap", memberId: memberId(cy) });
    const [swap] = await swapsOf(group.id);
    expect(await result(await act(bo, { intent: "withdraw-swap", swapId: swap!.id }))).toEqual([302, ["Swap withdrawn"]]);
    expect(await result(await act(cy, { intent: "accept-swap", swapId: swap!.id }))).toEqual([
      302,
      ["This swap was withdrawn by the member who proposed it."],
    ]);
    expect((await swapsOf(group.id)).map((row) => row.status)).toEqual(["withdrawn"]);
  }, 120_000);

  it("the job and a member's answer at the same moment: the swap ends once, and the member is told it can't happen", async () => {
    const { group, members, memberId, act } = await setUp({ size: 4 });
    const [admin, bo, cy] = members as [Member, Member, Member, Member];
    await act(cy, { intent: "propose-swap", memberId: memberId(bo) });
    const [swap] = await swapsOf(group.id);
    await cycle.advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 10 }, NOW);
    const [job, answer] = await Promise.all([closeStaleSwaps(NOW), act(bo, { intent: "accept-swap", swapId: swap!.id })]);
    // Whichever came first ended it (the job, or Bo's answer on finding the turn in payment); Bo is told why either way.
    expect([{ cancelled: 0 }, { cancelled: 1 }]).toContainEqual(job);
    expect(await result(answer)).toEqual([302, ["One of these turns is already being paid, so the swap can't happen. It was cancelled."]]);
    expect((await swapsOf(group.id)).map((row) => row.status)).toEqual(["cancelled"]);
    expect((await bell(cy.id)).filter((title) => title === `A turn swap in ${group.name} was cancelled`)).toHaveLength(1);
    expect((await recipients(group.id)).map((row) => row.userId)).toEqual(members.map((member) => member.id));
  }, 120_000);

  it("while the money worker runs the group, no order changes: 'try again', and nothing is written", async () => {
    const { group, members, memberId, act } = await setUp();
    const [admin, bo, cy] = members as [Member, Member, Member];
    await act(bo, { intent: "propose-swap", memberId: memberId(cy) });
    const [swap] = await swapsOf(group.id);
    await act(cy, { intent: "accept-swap", swapId: swap!.id });
    // A worker's session lock on the group (cycle.server.ts's processPage takes the same).
    const worker = await getPool().connect();
    try {
      await worker.query("select pg_advisory_lock(hashtextextended('cycle:' || $1, 0))", [group.id]);
      expect(await result(await act(admin, { intent: "approve-swap", swapId: swap!.id }))).toEqual([
        302,
        ["The group's payments are being processed right now. Try again in a minute."],
      ]);
      expect(await swapsOf(group.id)).toMatchObject([{ status: "accepted" }]);
      expect((await recipients(group.id)).map((row) => row.userId)).toEqual([admin.id, bo.id, cy.id]);
    } finally {
      await worker.query("select pg_advisory_unlock(hashtextextended('cycle:' || $1, 0))", [group.id]);
      worker.release();
    }
    expect(await result(await act(admin, { intent: "approve-swap", swapId: swap!.id }))).toEqual([302, ["Turns swapped"]]);
  }, 120_000);
});

describe("at the same moment", () => {
  it("two proposals on the same turn: exactly one is made, the other is told the turn is taken", async () => {
    const { group, members, memberId } = await setUp({ size: 4 });
    const [, bo, cy, di] = members as [Member, Member, Member, Member];
    for (let round = 0; round < 3; round++) {
      const outcomes = await Promise.all([proposeSwap(bo, group.id, memberId(di), NOW), proposeSwap(cy, group.id, memberId(di), NOW)]);
      if (round === 0) {
        expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
        expect(outcomes.filter((o) => !o.ok)).toEqual([
          { ok: false, status: 409, error: "One of these turns is already part of another swap proposal. Wait until that one is answered." },
        ]);
      } else {
        // Di's turn is held: both are refused now.
        expect(outcomes.every((o) => !o.ok)).toBe(true);
      }
    }
    const swaps = await swapsOf(group.id);
    expect(swaps).toHaveLength(1);
    const held = (await holdsOf(group.id)).map((row) => row.periodNumber).sort();
    expect(held).toEqual([swaps[0]!.proposerPeriod, 4].sort());
  }, 120_000);

  it("the database keeps one member per turn and one turn per member, checked at commit", async () => {
    const { group } = await setUp();
    const [first, second] = await db()
      .select()
      .from(schema.groupMembers)
      .where(eq(schema.groupMembers.groupId, group.id))
      .orderBy(asc(schema.groupMembers.payoutPosition));
    // A transaction that leaves two members on one turn is refused when it commits…
    await expect(
      db().transaction(async (tx) => {
        await tx.update(schema.groupMembers).set({ payoutPosition: 1 }).where(eq(schema.groupMembers.id, second!.id));
      }),
    ).rejects.toMatchObject({ cause: { code: "23505", constraint: "group_members_group_payout_position_key" } });
    await expect(
      db().transaction(async (tx) => {
        await tx
          .update(schema.groupPeriods)
          .set({ recipientMemberId: first!.id })
          .where(and(eq(schema.groupPeriods.groupId, group.id), eq(schema.groupPeriods.periodNumber, 2)));
      }),
    ).rejects.toMatchObject({ cause: { code: "23505", constraint: "group_periods_group_recipient_key" } });
    // …one that passes through it on the way to a valid order is not.
    await db().transaction(async (tx) => {
      await tx.update(schema.groupMembers).set({ payoutPosition: 2 }).where(eq(schema.groupMembers.id, first!.id));
      await tx.update(schema.groupMembers).set({ payoutPosition: 1 }).where(eq(schema.groupMembers.id, second!.id));
      await tx.update(schema.groupMembers).set({ payoutPosition: 1 }).where(eq(schema.groupMembers.id, second!.id));
    });
  }, 120_000);
});
