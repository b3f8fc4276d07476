/**
 * Problems members report (issue 34, ADR 041): from a group's page, its statement or one payment row of it. A member
 * reports about their own groups only (anyone else gets the same "Group Not Found" as for a group that does not
 * exist), at most REPORTS_PER_DAY in any 24 hours (counted under the member's row lock, so requests at once cannot all
 * slip under it). The platform's admins list the reports with the payment's ledger references and its bank transfer,
 * reply (the member is told in the app and by email, in the reply's transaction: ADR 010's outbox) and close them.
 * Admin steps are reached only through requireAdminPage (/admin); these functions trust the actor they are given.
 */
import { and, eq, sql } from "drizzle-orm";
import { formatDateTime } from "~/domain/format";
import {
  REPORT_MESSAGES,
  REPORTS_PER_DAY,
  type ReportCategory,
  type ReportFilter,
  type ReportInput,
  reportCategoryLabel,
  type ReportStatus,
} from "~/domain/reports";
import type { CalendarDay } from "~/domain/schedule";
import type { LedgerReason, TransferKind, TransferStatus } from "~/domain/money";
import { db } from "../db/client.server";
import { auditLog, groupMembers, groups, problemReportReplies, problemReports, users } from "../db/schema";
import { deliverEmails } from "../email/email.server";
import { queueEmailToUser } from "../email/user-email.server";
import { notify } from "../notifications/notifications.server";
import { appUrl } from "../platform/env.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export const REPORT_AUDIT_ACTIONS = { reply: "report.reply", close: "report.close" } as const;

/** A payment row (a ledger posting) with its bank transfer: what the admin needs to look it up anywhere. */
export type PaymentRef = {
  postingId: string;
  postingKey: string;
  reason: LedgerReason;
  amountCents: number;
  effectiveOn: CalendarDay;
  periodNumber: number | null;
  memberName: string;
  bankTransferId: string;
  transferKind: TransferKind;
  transferStatus: TransferStatus;
  attempt: number;
  providerTransferId: string | null;
  failureCode: string | null;
};

/** The payment row `postingId` of group `groupId`, as one JSON value (null when it is not that group's). */
function paymentRefJson(postingId: ReturnType<typeof sql>, groupId: ReturnType<typeof sql>) {
  return sql<PaymentRef | null>`(
    select json_build_object(
      'postingId', l.id, 'postingKey', l.idempotency_key, 'reason', l.reason, 'amountCents', l.amount_cents,
      'effectiveOn', l.effective_on, 'periodNumber', l.period_number, 'memberName', u.name,
      'bankTransferId', t.id, 'transferKind', t.kind, 'transferStatus', t.status, 'attempt', t.attempt,
      'providerTransferId', t.provider_transfer_id, 'failureCode', t.failure_code)
    from ledger_transfers l join bank_transfers t on t.id = l.bank_transfer_id join users u on u.id = t.user_id
    where l.id = ${postingId} and l.group_id = ${groupId})`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The report form's context for a member: the group (through their membership: null for anyone else, or a malformed
 * id) and the payment row it starts from, when one is named and is this group's. One statement.
 */
export async function reportContext(userId: string, groupId: string, paymentId: string | null) {
  if (!UUID.test(groupId)) return null;
  const payment = paymentId && UUID.test(paymentId) ? paymentId : null;
  const { rows } = await db().execute<{ id: string; name: string; payment: PaymentRef | null }>(sql`
    select g.id, g.name, ${payment ? paymentRefJson(sql`${payment}::uuid`, sql`g.id`) : sql`null::json`} as payment
    from ${groups} g join ${groupMembers} m on m.group_id = g.id and m.user_id = ${userId}
    where g.id = ${groupId}`);
  const [row] = rows;
  if (!row) return null;
  return { group: { id: row.id, name: row.name }, payment: row.payment, paymentMissing: paymentId !== null && row.payment === null };
}

export type SubmitResult =
  | { ok: true; reportId: string }
  | { ok: false; status: 404; error: string }
  | { ok: false; status: 400; field: "payment"; error: string }
  | { ok: false; status: 429; error: string; retryAt: Date };

/** A member reports a problem about one of their groups (and one of its payment rows). */
export async function submitReport(user: { id: string }, groupId: string, input: ReportInput, now = new Date()): Promise<SubmitResult> {
  if (!UUID.test(groupId)) return { ok: false, status: 404, error: "Group Not Found" };
  return db()
    .transaction(async (tx): Promise<Exclude<SubmitResult, { ok: true }> | { ok: true; reportId: string; emailIds: string[] }> => {
      // The daily limit, counted under the member's row lock.
      await tx.execute(sql`select id from ${users} where id = ${user.id} for update`);
      const [membership] = await tx
        .select({ groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, user.id)));
      if (!membership) return { ok: false, status: 404, error: "Group Not Found" };
      if (input.payment) {
        const { rows } = await tx.execute<{ ok: boolean }>(
          sql`select exists (select 1 from ledger_transfers l where l.id = ${input.payment} and l.group_id = ${groupId}) as ok`,
        );
        if (!rows[0]?.ok) return { ok: false, status: 400, field: "payment", error: REPORT_MESSAGES.paymentNotInGroup };
      }
      const recent = await tx
        .select({ createdAt: problemReports.createdAt })
        .from(problemReports)
        .where(and(eq(problemReports.userId, user.id), sql`${problemReports.createdAt} > ${new Date(now.getTime() - DAY_MS)}`))
        .orderBy(problemReports.createdAt);
      if (recent.length >= REPORTS_PER_DAY) {
        const retryAt = new Date(recent[recent.length - REPORTS_PER_DAY]!.createdAt.getTime() + DAY_MS);
        return { ok: false, status: 429, error: REPORT_MESSAGES.tooMany(formatDateTime(retryAt)), retryAt };
      }
      const [report] = await tx
        .insert(problemReports)
        .values({
          userId: user.id,
          groupId,
          ledgerTransferId: input.payment ?? null,
          category: input.category,
          message: input.message,
          createdAt: now,
        })
        .returning({ id: problemReports.id });
      // The receipt (issue 45): the bell and an email, in this transaction (the outbox, ADR 010); the member asked, so
      // no preference governs it.
      const [reporter] = await tx
        .select({ id: users.id, email: users.email, name: users.name, groupName: groups.name })
        .from(users)
        .innerJoin(groups, eq(groups.id, groupId))
        .where(eq(users.id, user.id));
      const title = REPORT_MESSAGES.receiptTitle(reporter!.groupName);
      const body = REPORT_MESSAGES.receiptBody(reportCategoryLabel(input.category));
      const notice = { message: "reportReceived", values: { groupName: reporter!.groupName, category: input.category } } as const;
      await notify(user.id, { ...notice, link: "/reports" }, tx);
      const emailId = await queueEmailToUser(
        tx,
        reporter!,
        {
          template: "group-notice",
          data: {
            name: reporter!.name,
            groupName: reporter!.groupName,
            title,
            body,
            notice,
            actionLabel: "See your reports",
            actionUrl: `${appUrl()}/reports`,
          },
        },
        { now },
      );
      return { ok: true, reportId: report!.id, emailIds: emailId ? [emailId] : [] };
    })
    .then(async (result) => {
      if (!result.ok) return result;
      await deliverEmails(result.emailIds);
      return { ok: true as const, reportId: result.reportId };
    });
}

export type ReportView = {
  id: string;
  groupId: string;
  groupName: string;
  category: ReportCategory;
  categoryLabel: string;
  message: string;
  status: ReportStatus;
  createdAt: string;
  closedAt: string | null;
  payment: PaymentRef | null;
  /** Our team's replies, the member's answers (fromMember) and the closing note (closing), oldest first. */
  replies: Array<{ id: string; message: string; createdAt: string; adminName: string | null; fromMember: boolean; closing: boolean }>;
};

export type AdminReportView = ReportView & { member: { id: string; name: string; email: string } };

type ReportRow = Omit<AdminReportView, "categoryLabel">;

function reportsQuery(where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, limit: number) {
  return sql`
    select r.id, r.group_id as "groupId", g.name as "groupName", r.category, r.message, r.status,
      r.created_at as "createdAt", r.closed_at as "closedAt",
      json_build_object('id', u.id, 'name', u.name, 'email', u.email) as member,
      case when r.ledger_transfer_id is null then null else ${paymentRefJson(sql`r.ledger_transfer_id`, sql`r.group_id`)} end as payment,
      (select coalesce(json_agg(json_build_object('id', p.id, 'message', p.message, 'createdAt', p.created_at,
         'adminName', case when p.from_member then null else a.name end, 'fromMember', p.from_member, 'closing', p.closing)
         order by p.created_at, p.id), '[]'::json)
       from problem_report_replies p left join users a on a.id = p.admin_id where p.report_id = r.id) as replies
    from problem_reports r join groups g on g.id = r.group_id join users u on u.id = r.user_id
    where ${where}
    order by ${order}
    limit ${limit}`;
}

function viewOf(row: ReportRow): AdminReportView {
  return {
    ...row,
    categoryLabel: reportCategoryLabel(row.category),
    createdAt: new Date(row.createdAt).toISOString(),
    closedAt: row.closedAt ? new Date(row.closedAt).toISOString() : null,
    replies: row.replies.map((reply) => ({ ...reply, createdAt: new Date(reply.createdAt).toISOString() })),
  };
}

/** The member's own reports, newest first, with the admins' replies: one statement. */
export async function reportsOf(userId: string, limit = 50): Promise<ReportView[]> {
  const { rows } = await db().execute<ReportRow>(reportsQuery(sql`r.user_id = ${userId}`, sql`r.created_at desc, r.id`, limit));
  return rows.map((row) => {
    const { member: _member, ...view } = viewOf(row);
    return view;
  });
}

/**
 * The admin console's list (issue 45: filtered, and closed ones never drop off): "open" — open and answered reports,
 * oldest first (they have waited longest); "closed" — closed ones, the latest closed first.
 */
export async function reportsForAdmin(filter: ReportFilter = "open", limit = 100): Promise<AdminReportView[]> {
  const { rows } = await db().execute<ReportRow>(
    filter === "open"
      ? reportsQuery(sql`r.status <> 'closed'`, sql`r.created_at, r.id`, limit)
      : reportsQuery(sql`r.status = 'closed'`, sql`r.closed_at desc, r.id`, limit),
  );
  return rows.map(viewOf);
}

export type AdminStepResult = { ok: true } | { ok: false; status: 404 | 409; error: string };

/** An admin replies: the report is answered, and its member is told in the app and by email. */
export async function replyToReport(admin: { id: string }, reportId: string, reply: string, now = new Date()): Promise<AdminStepResult> {
  const outcome = await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ report: problemReports, member: { id: users.id, email: users.email, name: users.name }, groupName: groups.name })
      .from(problemReports)
      .innerJoin(users, eq(users.id, problemReports.userId))
      .innerJoin(groups, eq(groups.id, problemReports.groupId))
      .where(eq(problemReports.id, reportId))
      .for("update", { of: problemReports });
    if (!row) return { ok: false as const, status: 404 as const, error: REPORT_MESSAGES.reportNotFound };
    if (row.report.status === "closed") return { ok: false as const, status: 409 as const, error: REPORT_MESSAGES.alreadyClosed };
    await tx.insert(problemReportReplies).values({ reportId, adminId: admin.id, message: reply, createdAt: now });
    await tx.update(problemReports).set({ status: "answered" }).where(eq(problemReports.id, reportId));
    await tx
      .insert(auditLog)
      .values({ actorId: admin.id, action: REPORT_AUDIT_ACTIONS.reply, targetUserId: row.member.id, details: { reportId }, createdAt: now });
    await notify(row.member.id, { message: "reportReplied", values: { groupName: row.groupName, text: reply }, link: "/reports" }, tx);
    const emailId = await queueEmailToUser(
      tx,
      row.member,
      {
        template: "report-reply",
        data: {
          name: row.member.name,
          groupName: row.groupName,
          category: reportCategoryLabel(row.report.category),
          reportMessage: row.report.message,
          reply,
          reportsUrl: `${appUrl()}/reports`,
        },
      },
      { now },
    );
    return { ok: true as const, emailIds: emailId ? [emailId] : [] };
  });
  if (!outcome.ok) return outcome;
  await deliverEmails(outcome.emailIds);
  return { ok: true };
}

/**
 * An admin closes a report with a note (issue 45): kept with its replies (closing), and the member receives it in the
 * app and by email, in the close's transaction.
 */
export async function closeReport(admin: { id: string }, reportId: string, note: string, now = new Date()): Promise<AdminStepResult> {
  const outcome = await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ report: problemReports, member: { id: users.id, email: users.email, name: users.name }, groupName: groups.name })
      .from(problemReports)
      .innerJoin(users, eq(users.id, problemReports.userId))
      .innerJoin(groups, eq(groups.id, problemReports.groupId))
      .where(eq(problemReports.id, reportId))
      .for("update", { of: problemReports });
    if (!row) return { ok: false as const, status: 404 as const, error: REPORT_MESSAGES.reportNotFound };
    if (row.report.status === "closed") return { ok: false as const, status: 409 as const, error: REPORT_MESSAGES.alreadyClosed };
    await tx.insert(problemReportReplies).values({ reportId, adminId: admin.id, message: note, closing: true, createdAt: now });
    await tx.update(problemReports).set({ status: "closed", closedAt: now, closedBy: admin.id }).where(eq(problemReports.id, reportId));
    await tx
      .insert(auditLog)
      .values({ actorId: admin.id, action: REPORT_AUDIT_ACTIONS.close, targetUserId: row.report.userId, details: { reportId }, createdAt: now });
    const title = REPORT_MESSAGES.closedNoticeTitle(row.groupName);
    const notice = { message: "reportClosed", values: { groupName: row.groupName, text: note } } as const;
    await notify(row.report.userId, { ...notice, link: "/reports" }, tx);
    const emailId = await queueEmailToUser(
      tx,
      row.member,
      {
        template: "group-notice",
        data: {
          name: row.member.name,
          groupName: row.groupName,
          title,
          body: note,
          notice,
          actionLabel: "See your reports",
          actionUrl: `${appUrl()}/reports`,
        },
      },
      { now },
    );
    return { ok: true as const, emailIds: emailId ? [emailId] : [] };
  });
  if (!outcome.ok) return outcome;
  await deliverEmails(outcome.emailIds);
  return { ok: true };
}

/**
 * The member answers their own report while it is open (issue 45): kept with its replies (fromMember), and the report
 * is open again (an answered one goes back to the admins' open list). Anyone else's report, or an unknown id: not found.
 */
export async function replyAsMember(member: { id: string }, reportId: string, reply: string, now = new Date()): Promise<AdminStepResult> {
  return db().transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(problemReports)
      .where(and(eq(problemReports.id, reportId), eq(problemReports.userId, member.id)))
      .for("update");
    if (!report) return { ok: false, status: 404, error: REPORT_MESSAGES.reportNotFound };
    if (report.status === "closed") return { ok: false, status: 409, error: REPORT_MESSAGES.alreadyClosed };
    await tx.insert(problemReportReplies).values({ reportId, adminId: null, fromMember: true, message: reply, createdAt: now });
    await tx.update(problemReports).set({ status: "open" }).where(eq(problemReports.id, reportId));
    return { ok: true };
  });
}
