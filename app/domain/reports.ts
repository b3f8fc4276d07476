/**
 * Reporting a problem (issue 34, ADR 041), pure: what a member may report, the form's rules and messages, the admin's
 * reply, and how many reports one member may send in a day. Shared by the browser (Conform) and the server.
 */
import { z } from "zod";
import { messageCheck } from "./names";

export const REPORT_CATEGORIES = [
  { value: "wrong_amount", label: "Wrong amount" },
  { value: "not_received", label: "Payment not received" },
  { value: "member_not_paying", label: "A member is not paying" },
  { value: "other", label: "Something else" },
] as const;

export type ReportCategory = (typeof REPORT_CATEGORIES)[number]["value"];

export type ReportStatus = "open" | "answered" | "closed";

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = { open: "Open", answered: "Answered", closed: "Closed" };

const categoryValues = REPORT_CATEGORIES.map((category) => category.value) as [ReportCategory, ...ReportCategory[]];

export function reportCategoryLabel(value: ReportCategory) {
  return REPORT_CATEGORIES.find((category) => category.value === value)?.label ?? value;
}

export const REPORT_MESSAGE_MIN = 10;
export const REPORT_MESSAGE_MAX = 2000;
export const REPLY_MAX = 2000;
/** Reports one member may send in any 24 hours: plenty for real problems, not a way to flood the admins. */
export const REPORTS_PER_DAY = 10;

export const REPORT_MESSAGES = {
  categoryRequired: "Please choose what the problem is about",
  messageRequired: "Please describe the problem",
  messageShort: `Please describe the problem in at least ${REPORT_MESSAGE_MIN} characters`,
  messageLong: `Message must be at most ${REPORT_MESSAGE_MAX.toLocaleString("en-US")} characters`,
  replyRequired: "Please write a reply",
  replyLong: `Reply must be at most ${REPLY_MAX.toLocaleString("en-US")} characters`,
  paymentNotInGroup: "That payment is not in this group's statement.",
  tooMany: (retryAt: string) => `You can send up to ${REPORTS_PER_DAY} reports in 24 hours. You can send another one after ${retryAt}.`,
  sentTitle: "Problem reported",
  sentDescription: "Our team will look into it and reply here and by email, usually within 24 hours.",
  reportNotFound: "That report was not found.",
  alreadyClosed: "This report is closed.",
  repliedTitle: "Reply sent",
  repliedDescription: "The member sees it in the app and by email.",
  closedTitle: "Report closed",
  /** What the member is told (the bell). */
  replyNoticeTitle: (groupName: string) => `Reply to your report about ${groupName}`,
  closedNoticeTitle: (groupName: string) => `Your report about ${groupName} was closed`,
  // Issue 45 (ADR 050): a receipt when sent, a note with every close, the member's answer while it is open.
  receiptTitle: (groupName: string) => `We received your report about ${groupName}`,
  receiptBody: (category: string) =>
    `Your report (${category}) reached our team. We reply here and by email, usually within 24 hours. You can add to it on your reports page while it is open.`,
  closeNoteRequired: "Please write a note: the member receives it",
  closeNoteLong: `Note must be at most ${REPLY_MAX.toLocaleString("en-US")} characters`,
  memberReplyRequired: "Please write your answer",
  memberReplyLong: `Answer must be at most ${REPLY_MAX.toLocaleString("en-US")} characters`,
  memberRepliedTitle: "Answer sent",
  memberRepliedDescription: "Our team sees it with your report.",
} as const;

/** Which of the admin's lists: open (open and answered) or closed. A plain GET parameter, so it works without JavaScript. */
export type ReportFilter = "open" | "closed";
export function reportFilterOf(value: string | null): ReportFilter {
  return value === "closed" ? "closed" : "open";
}

const messageField = z
  .string({ error: REPORT_MESSAGES.messageRequired })
  .trim()
  .normalize("NFC")
  .min(1, REPORT_MESSAGES.messageRequired)
  .min(REPORT_MESSAGE_MIN, REPORT_MESSAGES.messageShort)
  .max(REPORT_MESSAGE_MAX, REPORT_MESSAGES.messageLong)
  .check(messageCheck("Message"));

/** The member's form: what it is about, what happened, and (hidden) the payment row it came from. */
export const reportSchema = z.object({
  category: z.enum(categoryValues, { error: REPORT_MESSAGES.categoryRequired }),
  message: messageField,
  payment: z.uuid().optional(),
});

export type ReportInput = z.infer<typeof reportSchema>;

/** The admin's reply. */
export const replySchema = z.object({
  reportId: z.uuid(),
  reply: z
    .string({ error: REPORT_MESSAGES.replyRequired })
    .trim()
    .normalize("NFC")
    .min(1, REPORT_MESSAGES.replyRequired)
    .max(REPLY_MAX, REPORT_MESSAGES.replyLong)
    .check(messageCheck("Reply")),
});

/** The admin's close: a note the member receives (issue 45: never closed without a word). */
export const closeSchema = z.object({
  reportId: z.uuid(),
  note: z
    .string({ error: REPORT_MESSAGES.closeNoteRequired })
    .trim()
    .normalize("NFC")
    .min(1, REPORT_MESSAGES.closeNoteRequired)
    .max(REPLY_MAX, REPORT_MESSAGES.closeNoteLong)
    .check(messageCheck("Note")),
});

/** The member's answer to their own open report. */
export const memberReplySchema = z.object({
  reportId: z.uuid(),
  reply: z
    .string({ error: REPORT_MESSAGES.memberReplyRequired })
    .trim()
    .normalize("NFC")
    .min(1, REPORT_MESSAGES.memberReplyRequired)
    .max(REPLY_MAX, REPORT_MESSAGES.memberReplyLong)
    .check(messageCheck("Answer")),
});
