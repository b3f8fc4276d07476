/** Problems members report about a group or a payment (issue 34, ADR 041), and the platform admins' replies. */
import { boolean, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import type { ReportCategory, ReportStatus } from "../../../domain/reports";
import { users } from "./accounts";
import { groups } from "./groups";
import { ledgerTransfers } from "./money";

/**
 * A problem a member reported: about a group, and optionally one payment row of its statement (a ledger posting,
 * which names its bank transfer). Open until an admin replies (answered) or closes it (closed).
 */
export const problemReports = pgTable(
  "problem_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    /** The payment row it is about, if any (the statement's row id). */
    ledgerTransferId: uuid("ledger_transfer_id").references(() => ledgerTransfers.id, { onDelete: "restrict" }),
    category: varchar("category", { length: 24 }).$type<ReportCategory>().notNull(),
    message: text("message").notNull(),
    status: varchar("status", { length: 16 }).$type<ReportStatus>().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("problem_reports_user_created_idx").on(t.userId, t.createdAt), index("problem_reports_status_created_idx").on(t.status, t.createdAt)],
);

/** An admin's reply to a report: the member sees it in the app and by email. Append-only. */
export const problemReportReplies = pgTable(
  "problem_report_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reportId: uuid("report_id")
      .notNull()
      .references(() => problemReports.id, { onDelete: "cascade" }),
    adminId: uuid("admin_id").references(() => users.id, { onDelete: "set null" }),
    /** Written by the member who reported (their answer while it is open, ADR 050), not by an admin. Migration 0024. */
    fromMember: boolean("from_member").notNull().default(false),
    /** The admin's closing note (ADR 050: a report is closed with a word to the member). Migration 0024. */
    closing: boolean("closing").notNull().default(false),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("problem_report_replies_report_idx").on(t.reportId, t.createdAt)],
);
