/**
 * The last toasts and answers in English (ADR 056, part five (m)): the turn swaps' toast descriptions that carry a name
 * or a turn (written by the group page's action in the reader's language, app/domain/toast-wording.ts), and the texts
 * actions still wrote in English that SERVER_TEXTS lacked (TOASTS_SERVER_TEXTS, shown through `useTranslateText`).
 * English word for word as before (toast-wording.test.ts). Spanish in toasts.es-US.ts; ids start with `toasts.`.
 */
export const TOASTS_MESSAGES = {
  // SWAP_MESSAGES.proposedToYou / swappedToYou (swaps.ts), with their name, turn and days as values.
  "toasts.swap.proposed": "We asked {name}. You'll be told when they answer.",
  "toasts.swap.swapped": "Your turn is now {turn}: payout goes out {sentOn}; expected in your bank {arrivesOn}.",
  // The group page's sandbox clock: the days out of range (groups.$groupId.tsx CLOCK_DAYS_RANGE).
  "toasts.clock.daysRange": "Choose between {min} and {max} days.",
} as const;

/**
 * Texts an action or a page answers with in English that no other catalogue held: translated by their own words.
 * tests/toast-texts.test.ts fails on a literal toast title or description missing from SERVER_TEXTS.
 */
export const TOASTS_SERVER_TEXTS = [
  // A hand-made POST (an unknown intent, a malformed id): the answer some pages show in their alert.
  "Bad Request",
  "Unknown action",
  // The error page's status line ("400 Bad Request": http-status.ts's reason phrases; "Too Many Requests" and
  // "Server Error" were in SERVER_TEXTS already).
  "Unauthorized",
  "Forbidden",
  "Not Found",
  "Method Not Allowed",
  "Request Timeout",
  "Conflict",
  "Gone",
  "Content Too Large",
  "Unsupported Media Type",
  "Unprocessable Content",
  "Internal Server Error",
  "Bad Gateway",
  "Service Unavailable",
  "Gateway Timeout",
  "Client Error",
  // Signing out, and a session that ended (api.session.ts, logout.ts, guards.server.ts, admin.server.ts).
  "Session Expired",
  "You were logged out after 30 minutes of inactivity. Please log in again.",
  "Logged Out",
  "You have been logged out.",
  "Authentication Error",
  "Your session could not be verified. Please log in again.",
  "Authentication Required",
  "Please log in to access the admin dashboard.",
  "Access Denied",
  "Administrator privileges required to access this page.",
  // Asking for sandbox access (sandbox-access.request.ts).
  "Sandbox access granted",
  "Your account already has sandbox access.",
  "Request Sent",
  "We review sandbox access requests within 24 hours.",
] as const;
