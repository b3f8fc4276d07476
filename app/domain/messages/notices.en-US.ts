/**
 * The bell's and /notifications' own words (issue 46, part four e): English exactly as the pages wrote it. es-US in
 * notices.es-US.ts; spread into en-US.ts's UI with one line. The notifications' contents are not here: they are written
 * at read time from app/domain/messages/notice-texts.en-US.ts (ADR 062).
 */
export const NOTICES_MESSAGES = {
  "notices.title": "Notifications",
  "notices.bellLabel": "{count, plural, =0 {Notifications, none unread} other {Notifications, {count} unread}}",
  "notices.loadFailed": "Failed to load notifications",
  "notices.empty": "No notifications yet.",
  "notices.unreadMarker": " (unread)",
  "notices.viewAll": "View all notifications",
  "notices.sandboxDay": "{day} (sandbox time)",
  "notices.pageTitle": "Notifications — Rosca",
  "notices.caughtUp": "You're all caught up.",
  "notices.unreadCount": "{count} unread",
  "notices.markAll": "Mark all as read",
  "notices.emptyFirst": "No notifications yet. We'll let you know here about sandbox access, invitations, contributions and payouts.",
  "notices.emptyOlder": "No older notifications.",
  "notices.unread": "Unread",
  "notices.open": "Open",
  "notices.markRead": "Mark as read",
  "notices.pages": "Notification pages",
  "notices.newest": "Newest notifications",
  "notices.older": "Older notifications",
  "notices.allRead": "All notifications marked as read",
} as const;
