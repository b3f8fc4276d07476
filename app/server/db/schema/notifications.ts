/** Notifications: preferences, the in-app bell, and what preferences govern (issue 18): devices seen at sign-in, daily reminders and weekly summaries sent. */
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { groups } from "./groups";

/** Which messages a user wants (SPEC.md section 2, Notifications). Defaults are the spec's. Security emails ignore these. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailContributionReminders: boolean("email_contribution_reminders").notNull().default(true),
  emailPayoutNotifications: boolean("email_payout_notifications").notNull().default(true),
  emailGroupInvitations: boolean("email_group_invitations").notNull().default(false),
  emailWeeklySummary: boolean("email_weekly_summary").notNull().default(false),
  pushUrgentAccount: boolean("push_urgent_account").notNull().default(true),
  pushDailyReminders: boolean("push_daily_reminders").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** In-app notifications (the bell). Unread while read_at is null. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body"),
    /** Same-origin path to follow when clicked, e.g. /groups/…; null for none. */
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /**
     * For news about a group whose sandbox clock had been moved, or about a day replayed to catch up with a sandbox bank
     * (sandboxDayOf, ADR 040): the group-clock day it happened on, shown instead of the wall-clock time. Null otherwise
     * (and before migration 0022).
     */
    occurredOn: date("occurred_on"),
    /**
     * The notice as a message (ADR 062, migration 0031): an id of the notice-texts catalogue and its values (ISO days,
     * cents, names), written in the reader's language when read. Null for rows written before, which show title/body
     * (still written, in English, for them and for anything that reads the table directly).
     */
    message: text("message"),
    values: jsonb("values").$type<Record<string, string | number>>(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * Browsers a user has signed in from: a random id in a long-lived cookie (rosca_device), stored here only as its
 * SHA-256. A sign-in from a browser not listed is a new-device sign-in (an urgent account notification).
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    userAgent: text("user_agent"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * Daily reminders sent (the "Daily reminders" preference): one per group, period, member and group-clock day, claimed
 * by inserting the row first, so re-runs and concurrent workers send it once.
 */
export const dailyReminders = pgTable(
  "daily_reminders",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    periodNumber: integer("period_number").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The group-clock day it is for. */
    day: date("day").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.periodNumber, t.userId, t.day] })],
);

/** Weekly summary emails sent: one per user and week (the Monday it starts on, in the product's zone), claimed first. */
export const weeklySummaries = pgTable(
  "weekly_summaries",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekOf: date("week_of").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekOf] })],
);
