/**
 * Reporting a problem (issue 34 item 4, ADR 041), through the pages' own loaders and actions: a member reports a
 * problem about a payment row of their group's statement; the admin console lists it with the payment's ledger and
 * bank references, replies (the member sees it on /reports, in the bell and by email) and closes it. The form's rules,
 * the daily limit, and who may do what.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase({ bank: true });
const cycle = await import("../../app/server/money/cycle.server");
const money = await import("../support/money");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");
const { call, get, post } = await import("../support/routes");
const { createUser, sessionJarFor, toastTitles } = await import("../support/users");
const { listMessages } = await import("../../sandbox/postmark/store");
const { backgroundDeliveries } = await import("../../app/server/email/email.server");
const reportPage = await import("../../app/routes/groups.$groupId.report");
const reportsPage = await import("../../app/routes/reports");
const statementPage = await import("../../app/routes/groups.$groupId.statement");
const adminPage = await import("../../app/routes/admin");

const NOW = new Date("2026-01-06T17:00:00Z");

type Member = Awaited<ReturnType<typeof money.bankedMember>>;
let group: typeof schema.groups.$inferSelect;
let members: Member[];
let other: typeof schema.groups.$inferSelect;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ({ group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 }));
  ({ group: other } = await money.startedGroup({ now: NOW, balanceCents: 100_000 }));
  // Through Monday Jan 12: period 1's contributions (due Friday 9) settled on the ACH calendar (statement rows exist).
  for (const g of [group, other]) {
    const [owner] = await db().select().from(schema.groupMembers).where(eq(schema.groupMembers.groupId, g.id));
    await cycle.advanceClock({ id: owner!.userId, isAdmin: true }, g.id, { days: 6 }, NOW);
  }
  admin = await createUser({ name: "Site Admin", isAdmin: true });
}, 180_000);

function report(user: { id: string }, groupId: string, fields: Record<string, string>) {
  return sessionJarFor(user.id).then((jar) => call(reportPage.action, post(`/groups/${groupId}/report`, fields, jar), { groupId }));
}

async function adminAct(fields: Record<string, string>, as: { id: string } = admin) {
  return call(adminPage.action, post("/admin", fields, await sessionJarFor(as.id)));
}

describe("a member reports a problem about a payment", () => {
  it("from a statement row; the admin sees it with the ledger's references, replies and closes it; the member is told", async () => {
    const [, bo] = members as [Member, Member];
    const jar = await sessionJarFor(bo.id);
    // The statement offers a report per row; the form names the row.
    const statement = await call(statementPage.loader, get(`/groups/${group.id}/statement`, jar), { groupId: group.id });
    const row = statement.data.rows.find((r: { kind: string; memberUserId: string }) => r.kind === "Contribution" && r.memberUserId === bo.id);
    const form = await call(reportPage.loader, get(`/groups/${group.id}/report?payment=${row.id}`, jar), { groupId: group.id });
    expect(form.status).toBe(200);
    expect(form.data.payment).toMatchObject({
      postingId: row.id,
      reason: "contribution",
      amountCents: 10_000,
      memberName: bo.name,
      transferKind: "contribution",
    });

    // A validation error keeps the payment (issue 45): the form posts to its own URL, payment included, so the page
    // that comes back (with or without JavaScript) still names the row.
    const refusedForm = await call(
      reportPage.action,
      post(`/groups/${group.id}/report?payment=${row.id}`, { category: "not_received", message: "short", payment: row.id }, jar),
      { groupId: group.id },
    );
    expect([refusedForm.status, refusedForm.data.result.error]).toEqual([
      400,
      { message: ["Please describe the problem in at least 10 characters"] },
    ]);
    expect(refusedForm.data.result.initialValue).toMatchObject({ payment: row.id });
    const sent = await report(bo, group.id, { category: "not_received", message: "  The bank shows this twice.\nPlease check.  ", payment: row.id });
    expect([sent.status, sent.location, await toastTitles(sent.setCookies)]).toEqual([302, "/reports", ["Problem reported"]]);
    const [stored] = await db().select().from(schema.problemReports).where(eq(schema.problemReports.userId, bo.id));
    expect(stored).toMatchObject({
      groupId: group.id,
      ledgerTransferId: row.id,
      category: "not_received",
      message: "The bank shows this twice.\nPlease check.",
      status: "open",
    });

    // A receipt (issue 45): the bell and an email.
    const receipt = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, bo.id));
    expect(receipt.map((n) => [n.title, n.body, n.link])).toContainEqual([
      `We received your report about ${group.name}`,
      "Your report (Payment not received) reached our team. We reply here and by email, usually within 24 hours. You can add to it on your reports page while it is open.",
      "/reports",
    ]);
    await backgroundDeliveries();
    expect((await listMessages(databaseUrl, { to: bo.email })).map((message) => message.subject)).toContain(
      `We received your report about ${group.name}`,
    );

    // The admin console lists it with the posting and its bank transfer.
    const console = await call(adminPage.loader, get("/admin", await sessionJarFor(admin.id)));
    const listed = console.data.reports.find((r: { id: string }) => r.id === stored!.id);
    const [transfer] = await money.transfersOf(group.id, { kind: "contribution", userId: bo.id, periodNumber: 1 });
    expect(listed).toMatchObject({
      categoryLabel: "Payment not received",
      groupName: group.name,
      member: { id: bo.id, email: bo.email },
      status: "open",
      payment: {
        postingId: row.id,
        postingKey: `${transfer!.id}:settled`,
        bankTransferId: transfer!.id,
        providerTransferId: transfer!.providerTransferId,
        transferStatus: transfer!.status,
        attempt: 1,
      },
    });

    // Reply: the member sees it on /reports, in the bell and by email.
    const replied = await adminAct({
      intent: "reply-report",
      reportId: stored!.id,
      reply: "It was debited once; your bank shows a pending hold too.",
    });
    expect([replied.status, await toastTitles(replied.setCookies)]).toEqual([302, ["Reply sent"]]);
    const mine = await call(reportsPage.loader, get("/reports", jar));
    expect(mine.data.reports).toMatchObject([
      {
        id: stored!.id,
        status: "answered",
        replies: [{ message: "It was debited once; your bank shows a pending hold too.", adminName: "Site Admin" }],
      },
    ]);
    const bell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, bo.id));
    expect(bell.filter((n) => n.link === "/reports" && n.title.startsWith("Reply")).map((n) => [n.title, n.body])).toEqual([
      [`Reply to your report about ${group.name}`, "It was debited once; your bank shows a pending hold too."],
    ]);
    await backgroundDeliveries();
    const mail = await listMessages(databaseUrl, { to: bo.email });
    const email = mail.find((message) => message.subject === `Reply to your report about ${group.name}`);
    expect(email?.textBody).toContain("> It was debited once; your bank shows a pending hold too.");

    // The member answers while it is open (issue 45): the report is open again, on the admins' open list.
    const emptyAnswer = await call(reportsPage.action, post("/reports", { intent: "reply", reportId: stored!.id, reply: "  " }, jar));
    expect([emptyAnswer.status, emptyAnswer.data]).toEqual([400, { reportId: stored!.id, reply: "  ", error: "Please write your answer" }]);
    const answered = await call(
      reportsPage.action,
      post("/reports", { intent: "reply", reportId: stored!.id, reply: "Thanks, the hold is gone now." }, jar),
    );
    expect([answered.status, await toastTitles(answered.setCookies)]).toEqual([302, ["Answer sent"]]);
    const [, , cyMember] = members as [Member, Member, Member];
    const notHers = await call(
      reportsPage.action,
      post("/reports", { intent: "reply", reportId: stored!.id, reply: "Not my report" }, await sessionJarFor(cyMember.id)),
    );
    expect(notHers.status).toBe(404);
    const openList = (await call(adminPage.loader, get("/admin?reports=open", await sessionJarFor(admin.id)))).data.reports;
    expect(openList.find((r: { id: string }) => r.id === stored!.id)).toMatchObject({
      status: "open",
      replies: [{ fromMember: false }, { fromMember: true, message: "Thanks, the hold is gone now.", adminName: null }],
    });

    // Close it with a note (never without a word): the member receives the note; a closed report takes no more replies.
    const noNote = await adminAct({ intent: "close-report", reportId: stored!.id, note: " " });
    expect([noNote.status, noNote.data.reportReply]).toEqual([
      400,
      { reportId: stored!.id, reply: " ", error: "Please write a note: the member receives it", kind: "close" },
    ]);
    const closed = await adminAct({ intent: "close-report", reportId: stored!.id, note: "Resolved: it was a pending hold." });
    expect(await toastTitles(closed.setCookies)).toEqual(["Report closed"]);
    const afterClose = (await call(reportsPage.loader, get("/reports", jar))).data.reports[0];
    expect(afterClose.status).toBe("closed");
    expect(afterClose.replies.at(-1)).toMatchObject({ closing: true, message: "Resolved: it was a pending hold." });
    const closedBell = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, bo.id));
    expect(closedBell.map((n) => [n.title, n.body])).toContainEqual([
      `Your report about ${group.name} was closed`,
      "Resolved: it was a pending hold.",
    ]);
    await backgroundDeliveries();
    const closedMail = (await listMessages(databaseUrl, { to: bo.email })).find((m) => m.subject === `Your report about ${group.name} was closed`);
    expect(closedMail?.textBody).toContain("Resolved: it was a pending hold.");
    // The admin finds it under Closed, not under Open.
    const adminJar = await sessionJarFor(admin.id);
    expect((await call(adminPage.loader, get("/admin?reports=closed", adminJar))).data.reports.map((r: { id: string }) => r.id)).toContain(
      stored!.id,
    );
    expect((await call(adminPage.loader, get("/admin", adminJar))).data.reports.map((r: { id: string }) => r.id)).not.toContain(stored!.id);
    const late = await call(reportsPage.action, post("/reports", { intent: "reply", reportId: stored!.id, reply: "One more thing" }, jar));
    expect(await toastTitles(late.setCookies)).toEqual(["This report is closed."]);
    const again = await adminAct({ intent: "reply-report", reportId: stored!.id, reply: "One more thing" });
    expect(await toastTitles(again.setCookies)).toEqual(["This report is closed."]);
    const audit = await db().select().from(schema.auditLog).where(eq(schema.auditLog.targetUserId, bo.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["report.close", "report.reply"]);
  });

  it("from the group, without a payment; a payment of another group is refused", async () => {
    const [, , cy] = members as [Member, Member, Member];
    const sent = await report(cy, group.id, { category: "member_not_paying", message: "Someone keeps paying late." });
    expect(sent.location).toBe("/reports");
    const [foreign] = await db().select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.groupId, other.id));
    const refused = await report(cy, group.id, { category: "wrong_amount", message: "This amount is wrong.", payment: foreign!.id });
    expect([refused.status, refused.data.result.error[""]]).toEqual([400, ["That payment is not in this group's statement."]]);
    // The form does not even show another group's row.
    const form = await call(reportPage.loader, get(`/groups/${group.id}/report?payment=${foreign!.id}`, await sessionJarFor(cy.id)), {
      groupId: group.id,
    });
    expect([form.data.payment, form.data.paymentMissing]).toEqual([null, true]);
  });

  it("says exactly what is wrong with the form, and stores nothing", async () => {
    const [, , cy] = members as [Member, Member, Member];
    const before = await db().select().from(schema.problemReports).where(eq(schema.problemReports.userId, cy.id));
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ message: "Something is wrong here." }, { category: ["Please choose what the problem is about"] }],
      [{ category: "other" }, { message: ["Please describe the problem"] }],
      [{ category: "other", message: "Too short" }, { message: ["Please describe the problem in at least 10 characters"] }],
      [{ category: "other", message: "x".repeat(2001) }, { message: ["Message must be at most 2,000 characters"] }],
      [{ category: "other", message: "A bell \u0007 rings in here" }, { message: ["Message can't contain control characters"] }],
      [
        { category: "other", message: "\u202Eesrever si siht" },
        { message: ["Message can't contain characters that change the direction of the text"] },
      ],
      [{ category: "refund-me", message: "Something is wrong here." }, { category: ["Please choose what the problem is about"] }],
    ];
    for (const [fields, errors] of cases) {
      const answer = await report(cy, group.id, fields);
      expect([answer.status, answer.data.result.error]).toEqual([400, errors]);
    }
    expect(await db().select().from(schema.problemReports).where(eq(schema.problemReports.userId, cy.id))).toEqual(before);
  });

  it("at most 10 reports a member in 24 hours, then says when the next may be sent", async () => {
    const eager = members[0]!;
    for (let i = 0; i < 10; i++) expect((await report(eager, group.id, { category: "other", message: `Problem number ${i + 1}` })).status).toBe(302);
    const eleventh = await report(eager, group.id, { category: "other", message: "Problem number 11" });
    expect(eleventh.status).toBe(429);
    expect(eleventh.data.result.error[""][0]).toMatch(/^You can send up to 10 reports in 24 hours\. You can send another one after /);
    expect(await db().select().from(schema.problemReports).where(eq(schema.problemReports.userId, eager.id))).toHaveLength(10);
  });
});

describe("who may", () => {
  it("only a group's members report about it; only admins answer or close reports", async () => {
    const outsider = await money.bankedMember("Outsider");
    const [, bo] = members as [Member, Member];
    const jar = await sessionJarFor(outsider.id);
    expect((await call(reportPage.loader, get(`/groups/${group.id}/report`, jar), { groupId: group.id })).status).toBe(404);
    expect((await report(outsider, group.id, { category: "other", message: "Not my group at all." })).status).toBe(404);
    expect((await report(outsider, "not-a-uuid", { category: "other", message: "Not a group at all." })).status).toBe(404);
    expect(await db().select().from(schema.problemReports).where(eq(schema.problemReports.userId, outsider.id))).toEqual([]);

    const [open] = await db().select().from(schema.problemReports).where(eq(schema.problemReports.status, "open"));
    for (const intent of ["reply-report", "close-report"]) {
      const answer = await adminAct({ intent, reportId: open!.id, reply: "I am not an admin", note: "I am not an admin" }, bo);
      expect([intent, answer.status, answer.location]).toEqual([intent, 302, "/dashboard"]);
    }
    expect(await db().select().from(schema.problemReportReplies).where(eq(schema.problemReportReplies.reportId, open!.id))).toEqual([]);
    const [still] = await db().select().from(schema.problemReports).where(eq(schema.problemReports.id, open!.id));
    expect(still!.status).toBe("open");

    // A reply the admin left empty comes back at its report, with the reason.
    const empty = await adminAct({ intent: "reply-report", reportId: open!.id, reply: "   " });
    expect([empty.status, empty.data.reportReply]).toEqual([400, { reportId: open!.id, reply: "   ", error: "Please write a reply", kind: "reply" }]);
    // The member's /reports lists only their own.
    const theirs = await call(reportsPage.loader, get("/reports", jar));
    expect(theirs.data.reports).toEqual([]);
  });
});
