/**
 * Email templates: pure functions from typed data to a subject, an HTML body and a plain-text body.
 *
 * The app renders these itself and sends the result to Postmark's /email endpoint, so nothing has to be uploaded to
 * a Postmark account. The mail double (sandbox/postmark) renders /email/withTemplate requests with these same
 * functions, so a TemplateAlias here is also a Postmark template alias there.
 *
 * Every value from data is escaped in HTML. Links are only rendered as links when they are http(s) URLs. Nothing
 * secret goes into an email except the single-use link that is the point of the email.
 */
import { z } from "zod";
import { formatDate, formatDateTime, formatMoney } from "../../domain/format";
import { setupFeeLine } from "../../domain/groups";
import { REPORT_CATEGORIES } from "../../domain/reports";
import { DEFAULT_LOCALE, type Locale } from "../../domain/locale";
import type { EmailMessageId } from "../../domain/messages/email.en-US";
import { scheduleWords, type Words, wordsFor } from "./email-words";
import { isNoticeId, noticeText, type NoticeValues } from "../notifications/notice-text";

const PRODUCT = "Rosca";

/**
 * A notice's words as a message (ADR 062), carried by the emails that say what the bell says: the template writes them in
 * the recipient's language. Optional: rows queued before carry only their English title and body.
 */
const noticeSchema = z.object({ message: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])) }).optional();

/** One schema per template: the contract for callers and for TemplateModel in the mail double. */
export const templateDataSchemas = {
  welcome: z.object({ name: z.string(), dashboardUrl: z.string() }),
  "confirm-email": z.object({ name: z.string(), confirmUrl: z.string(), expiresInHours: z.number().positive() }),
  "password-reset": z.object({ name: z.string(), resetUrl: z.string(), expiresInMinutes: z.number().positive() }),
  contact: z.object({ name: z.string(), email: z.string(), topic: z.string(), message: z.string() }),
  /** A new sign-in on the account (sent when the user turned login notifications on). */
  "login-alert": z.object({
    name: z.string(),
    signedInAt: z.string(),
    device: z.string(),
    ipAddress: z.string(),
    securityUrl: z.string(),
  }),
  /** Confirm a new email address for an existing account (sent to the new address). */
  "confirm-new-email": z.object({ name: z.string(), newEmail: z.string(), confirmUrl: z.string(), expiresInHours: z.number().positive() }),
  /** The account's email address was changed (sent to the old address: a security email, always sent). */
  "email-changed": z.object({ name: z.string(), newEmail: z.string(), changedAt: z.string(), supportEmail: z.string() }),
  /** The password was changed (always sent: a security email). */
  "password-changed": z.object({ name: z.string(), changedAt: z.string(), resetUrl: z.string() }),
  /** An admin granted sandbox bank access. */
  "sandbox-granted": z.object({ name: z.string(), bankAccountsUrl: z.string() }),
  /** An admin invited someone without an account to join: no name to greet them by (null). */
  invitation: z.object({ name: z.string().nullable(), invitedBy: z.string(), registerUrl: z.string() }),
  /** A contribution is due. amountCents is an integer number of cents; dueOn a calendar day, YYYY-MM-DD. */
  "payment-reminder": z.object({
    name: z.string(),
    groupName: z.string(),
    amountCents: z.number().int().nonnegative(),
    dueOn: z.iso.date(),
    groupUrl: z.string(),
  }),
  /**
   * A member's payout arrived in their bank account. amountCents is an integer number of cents; payoutOn the group-clock
   * day it arrived (settled) and sentOn the day it was sent, calendar days, YYYY-MM-DD (ADR 040). sentOn is optional
   * for messages queued before it existed.
   */
  "payout-notification": z.object({
    name: z.string(),
    groupName: z.string(),
    amountCents: z.number().int().nonnegative(),
    payoutOn: z.iso.date(),
    sentOn: z.iso.date().optional(),
    groupUrl: z.string(),
  }),
  /** The creator's receipt for a new group. */
  "group-created": z.object({
    name: z.string(),
    groupName: z.string(),
    memberCount: z.number().int().positive(),
    amountCents: z.number().int().nonnegative(),
    scheduleLine: z.string(),
    /** The schedule itself, so the email can say it in the recipient's language (optional: rows queued before it). */
    schedule: z
      .object({
        frequency: z.enum(["daily", "weekly", "biweekly", "monthly"]),
        dayOfWeek: z.number().int().min(0).max(6).nullable(),
        dayOfMonth: z.number().int().min(1).max(31).nullable(),
      })
      .optional(),
    invitedEmails: z.array(z.string()),
    inviteUrl: z.string(),
    groupUrl: z.string(),
  }),
  /** An invitation to one group, sent to the address the group admin typed; name null when it has no account yet. */
  "group-invitation": z.object({
    name: z.string().nullable(),
    invitedBy: z.string(),
    groupName: z.string(),
    memberCount: z.number().int().positive(),
    amountCents: z.number().int().nonnegative(),
    payoutCents: z.number().int().nonnegative(),
    /** The flat setup fee (SETUP_FEE_CENTS), shown before anyone commits. */
    setupFeeCents: z.number().int().nonnegative(),
    scheduleLine: z.string(),
    /**
     * The schedule itself, so the email can say it in the recipient's language (scheduleLine is its English line).
     * Optional: invitations queued before it existed say scheduleLine.
     */
    schedule: z
      .object({
        frequency: z.enum(["daily", "weekly", "biweekly", "monthly"]),
        dayOfWeek: z.number().int().min(0).max(6).nullable(),
        dayOfMonth: z.number().int().min(1).max(31).nullable(),
      })
      .optional(),
    joinUrl: z.string(),
  }),
  /** Every member joined: the order and the dates are set. */
  "group-started": z.object({
    name: z.string(),
    groupName: z.string(),
    amountCents: z.number().int().nonnegative(),
    firstDueOn: z.iso.date(),
    payoutPosition: z.number().int().positive(),
    memberCount: z.number().int().positive(),
    /** The day the member's payout is expected in their bank (payment-dates.ts `plannedDates`). */
    payoutOn: z.iso.date(),
    payoutCents: z.number().int().nonnegative(),
    groupUrl: z.string(),
  }),
  /** The group's admin removed this member before the start, with a reason (ADR 038). Always sent: no preference hides it. */
  "group-member-removed": z.object({
    name: z.string(),
    groupName: z.string(),
    removedBy: z.string(),
    reason: z.string(),
    dashboardUrl: z.string(),
  }),
  /**
   * News about a group the member is in that someone else caused (issue 34: a member left; a turn swap proposed,
   * answered, approved or refused). title and body are the bell's words. Always sent: it is about the member's own turn
   * or seat, which no preference hides.
   */
  "group-notice": z.object({
    name: z.string(),
    groupName: z.string(),
    title: z.string(),
    body: z.string(),
    notice: noticeSchema,
    actionLabel: z.string(),
    actionUrl: z.string(),
  }),
  /** An admin replied to a problem the member reported (issue 34). Always sent: the member asked. */
  "report-reply": z.object({
    name: z.string(),
    groupName: z.string(),
    category: z.string(),
    reportMessage: z.string(),
    reply: z.string(),
    reportsUrl: z.string(),
  }),
  /**
   * An urgent account notification (a new-device sign-in, a password or two-factor change, a bank unlinked, a failed
   * debit), sent while the user's "Urgent account notifications" preference is on. title and body are the bell's words.
   */
  "account-alert": z.object({
    name: z.string(),
    title: z.string(),
    body: z.string(),
    notice: noticeSchema,
    /** When it happened: an ISO timestamp (English words on rows queued before). */
    occurredAt: z.string(),
    /** News dated by the group's clock (a moved sandbox clock, a replayed day: sandboxDayOf): that day, shown instead. */
    occurredOn: z.iso.date().optional(),
    actionLabel: z.string(),
    actionUrl: z.string(),
  }),
  /** A daily contribution reminder ("Daily reminders"); title and body from app/domain/reminders.ts, as in the bell. */
  "daily-reminder": z.object({
    name: z.string(),
    title: z.string(),
    body: z.string(),
    notice: noticeSchema,
    groupUrl: z.string(),
    payUrl: z.string().optional(),
  }),
  /** The weekly summary ("Weekly summary"): each of the user's groups as it stands. Days are calendar days, YYYY-MM-DD. */
  "weekly-summary": z.object({
    name: z.string(),
    weekOf: z.iso.date(),
    dashboardUrl: z.string(),
    groups: z.array(
      z.object({
        name: z.string(),
        url: z.string(),
        status: z.enum(["forming", "active", "completed"]),
        memberCount: z.number().int().positive(),
        joinedCount: z.number().int().nonnegative(),
        contributionCents: z.number().int().nonnegative(),
        /** The current period (active groups). */
        period: z.number().int().positive().nullable(),
        paidNames: z.array(z.string()),
        unpaidNames: z.array(z.string()),
        nextDueOn: z.iso.date().nullable(),
        /** payoutOn: when the payout is expected in the recipient's bank; null while it waits for a contribution. */
        nextPayout: z.object({ recipient: z.string(), payoutOn: z.iso.date().nullable(), amountCents: z.number().int().nonnegative() }).nullable(),
      }),
    ),
  }),
  /**
   * News of a turn swap between two other members of the member's group (issue 45): governed by "Payout notifications"
   * (the order of payouts is what it is about). The same fields and layout as group-notice.
   */
  "swap-notice": z.object({
    name: z.string(),
    groupName: z.string(),
    title: z.string(),
    body: z.string(),
    notice: noticeSchema,
    actionLabel: z.string(),
    actionUrl: z.string(),
  }),
} as const;

export type TemplateName = keyof typeof templateDataSchemas;
export type TemplateData<T extends TemplateName> = z.infer<(typeof templateDataSchemas)[T]>;

/** What callers pass to sendEmail: a template name and its data. */
export type EmailMessage = { [T in TemplateName]: { template: T; data: TemplateData<T> } }[TemplateName];

export type RenderedEmail = { subject: string; html: string; text: string };

export const TEMPLATE_NAMES = Object.keys(templateDataSchemas) as TemplateName[];

export function isTemplateName(value: unknown): value is TemplateName {
  return typeof value === "string" && Object.hasOwn(templateDataSchemas, value);
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

export function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

/** A subject is one header line: no line breaks, no runs of whitespace. */

function oneLine(value: string) {
  return value.replace(/\s+/g, " ").trim();
}

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Cents to "$1,234.50" (the app's one money formatter). */
export function formatCents(amountCents: number) {
  return formatMoney(amountCents);
}

/** "2026-03-06" to "Friday, March 6, 2026" (the app's one date formatter; a calendar day never shifts). */
export function formatCalendarDay(day: string) {
  return formatDate(day);
}

// ---------------------------------------------------------------------------------------------------------------
// Languages (ADR 056, part two)

export { scheduleWords };

/**
 * The one template that is always English: the contact form's message goes to the support team, not to a member, and
 * support reads English (its words are the sender's anyway). Every other template speaks the recipient's language.
 */
export const ENGLISH_ONLY_TEMPLATES: ReadonlySet<TemplateName> = new Set<TemplateName>(["contact"]);

/**
 * A moment (a sign-in, a change) in the email's language: the callers pass an ISO timestamp, formatted here in the
 * product's zone ("Nov 21, 2026, 6:04 PM EST"); a row queued before that carries its English words, shown as they are.
 */
function momentIn(value: string, w: Words): string {
  return ISO_INSTANT.test(value) ? formatDateTime(value, { locale: w.locale }) : oneLine(value);
}
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The words of a notice an email carries (ADR 062): its message in the email's language, else its English title and body. */
function noticeWordsIn(data: { title: string; body: string; notice?: { message: string; values: NoticeValues } }, w: Words) {
  if (!data.notice || !isNoticeId(data.notice.message)) return { title: data.title, body: data.body };
  const { title, body } = noticeText({ message: data.notice.message, values: data.notice.values }, w.locale);
  return { title, body: body ?? "" };
}

/** A button's label, which callers pass in English: said in the email's language when it is one the catalogue has. */
const ACTION_LABELS: Record<string, EmailMessageId> = {
  "View your group": "common.viewGroup",
  "Open the group": "action.openGroup",
  "Join the group": "action.joinGroup",
  "Go to your dashboard": "action.dashboard",
  "See your reports": "reply.button",
  "Review account security": "loginAlert.button",
  "Review your email address": "action.reviewEmail",
  "Reset your password": "passwordChanged.button",
  "Review bank accounts": "action.reviewBanks",
  "Pay now": "action.payNow",
  "Reconnect your bank": "action.reconnect",
  "Link another account": "action.linkAnother",
  "Review and authorise debits": "action.authorise",
};
function actionLabelIn(label: string, w: Words): string {
  const id = Object.hasOwn(ACTION_LABELS, label) ? ACTION_LABELS[label] : undefined;
  return id ? w.t(id) : label;
}

/** "Hi Amina Yusuf," / "Hola, Amina Yusuf:" (hi's rule, in the email's language). */
function greet(w: Words, name: string | null) {
  const shown = oneLine(name ?? "");
  return shown ? w.t("layout.hi", { name: shown }) : w.t("layout.hiNoName");
}

/**
 * A link in an email keeps the email's language: the app's pages read `lang` on landing (app/domain/locale.ts). English
 * links stay as they were (English is what a link without `lang` falls back to for a visitor who never chose).
 */
export function withLanguage(url: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !isHttpUrl(url)) return url;
  const link = new URL(url);
  link.searchParams.set("lang", locale);
  return link.toString();
}

const colors = { text: "#0f172a", muted: "#475569", brand: "#047857", border: "#e2e8f0", page: "#f8fafc" };

type Block =
  | { kind: "p"; text: string }
  | { kind: "muted"; text: string }
  | { kind: "button"; label: string; url: string }
  | { kind: "facts"; rows: Array<[string, string]> }
  | { kind: "quote"; text: string };

function blockHtml(block: Block, w: Words): string {
  switch (block.kind) {
    case "p":
      return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${colors.text};">${escapeHtml(block.text)}</p>`;
    case "muted":
      return `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:${colors.muted};">${escapeHtml(block.text)}</p>`;
    case "quote":
      return `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${colors.border};font-size:15px;line-height:22px;color:${colors.text};white-space:pre-wrap;">${escapeHtml(block.text)}</div>`;
    case "facts":
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;width:100%;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;font-size:14px;color:${colors.muted};vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:6px 0;font-size:15px;color:${colors.text};">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`;
    case "button": {
      if (!isHttpUrl(block.url)) {
        return `<p style="margin:0 0 16px;font-size:14px;color:${colors.muted};">${escapeHtml(block.label)}: ${escapeHtml(block.url)}</p>`;
      }
      const href = escapeHtml(block.url);
      return (
        `<p style="margin:8px 0 24px;"><a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${colors.brand};color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${colors.muted};">${escapeHtml(w.t("layout.buttonFallback"))}<br><a href="${href}" style="color:${colors.brand};word-break:break-all;">${href}</a></p>`
      );
    }
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case "p":
    case "muted":
      return block.text;
    case "quote":
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join("\n");
    case "facts":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "button":
      return `${block.label}: ${block.url}`;
  }
}

/**
 * One layout for every email: a single centred column with inline styles (mail clients drop <style> blocks and
 * external CSS). Blocks are plain data so the same content renders to HTML and to text.
 */
function layout(preheader: string, blocks: Block[], w: Words = wordsFor(DEFAULT_LOCALE)): { html: string; text: string } {
  // Buttons keep the email's language (withLanguage).
  const shown = blocks.map((block): Block => (block.kind === "button" ? { ...block, url: withLanguage(block.url, w.locale) } : block));
  const htmlBlocks = shown.map((block) => blockHtml(block, w));
  const footer = w.t("layout.footer");

  const html = [
    "<!DOCTYPE html>",
    `<html lang="${w.locale.split("-")[0]}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(PRODUCT)}</title></head>`,
    `<body style="margin:0;padding:0;background:${colors.page};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">`,
    `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.page};"><tr><td align="center" style="padding:32px 16px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${colors.border};border-radius:12px;">`,
    `<tr><td style="padding:24px 32px 0;font-size:20px;font-weight:700;color:${colors.brand};">${escapeHtml(PRODUCT)}</td></tr>`,
    `<tr><td style="padding:16px 32px 16px;">${htmlBlocks.join("")}</td></tr>`,
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid ${colors.border};font-size:12px;line-height:18px;color:${colors.muted};">${escapeHtml(footer)}</td></tr>`,
    "</table></td></tr></table>",
    "</body></html>",
  ].join("\n");

  const text = shown.map(blockText).concat(`-- \n${footer}`).join("\n\n");

  return { html, text: `${text}\n` };
}

// ---------------------------------------------------------------------------------------------------------------
// Templates

const renderers: { [T in TemplateName]: (data: TemplateData<T>, w: Words) => RenderedEmail } = {
  welcome: (data, w) => {
    const name = oneLine(data.name);
    return {
      subject: w.t("welcome"),
      ...layout(
        name ? w.t("welcome.preheader", { name }) : w.t("welcome.preheaderNoName"),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: w.t("welcome.body") },
          { kind: "button", label: w.t("welcome.button"), url: data.dashboardUrl },
          { kind: "muted", text: w.t("welcome.confirmFirst") },
        ],
        w,
      ),
    };
  },

  "confirm-email": (data, w) => ({
    subject: w.t("confirm.subject"),
    ...layout(
      w.t("confirm.preheader"),
      [
        { kind: "p", text: greet(w, data.name) },
        { kind: "p", text: w.t("confirm.body") },
        { kind: "button", label: w.t("confirm.button"), url: data.confirmUrl },
        { kind: "muted", text: w.t("confirm.validity", { hours: data.expiresInHours }) },
        { kind: "muted", text: w.t("confirm.ignore") },
      ],
      w,
    ),
  }),

  "password-reset": (data, w) => {
    const minutes = data.expiresInMinutes;
    const expiry = minutes % 60 === 0 ? w.t("reset.expiryHours", { hours: minutes / 60 }) : w.t("reset.expiryMinutes", { minutes });
    return {
      subject: w.t("reset.subject"),
      ...layout(
        w.t("reset.preheader"),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: w.t("reset.body") },
          { kind: "button", label: w.t("reset.button"), url: data.resetUrl },
          { kind: "muted", text: expiry },
          { kind: "muted", text: w.t("reset.ignore") },
        ],
        w,
      ),
    };
  },

  "login-alert": (data, w) => ({
    subject: w.t("loginAlert.subject"),
    ...layout(
      w.t("loginAlert.preheader"),
      [
        { kind: "p", text: greet(w, data.name) },
        { kind: "p", text: w.t("loginAlert.body") },
        {
          kind: "facts",
          rows: [
            [w.t("loginAlert.when"), momentIn(data.signedInAt, w)],
            [w.t("loginAlert.device"), oneLine(data.device)],
            [w.t("loginAlert.ip"), oneLine(data.ipAddress)],
          ],
        },
        { kind: "p", text: w.t("loginAlert.ifYou") },
        { kind: "p", text: w.t("loginAlert.ifNot") },
        { kind: "button", label: w.t("loginAlert.button"), url: data.securityUrl },
        { kind: "muted", text: w.t("loginAlert.why") },
      ],
      w,
    ),
  }),

  "confirm-new-email": (data, w) => ({
    subject: w.t("confirmNew.subject"),
    ...layout(
      w.t("confirmNew.preheader"),
      [
        { kind: "p", text: greet(w, data.name) },
        { kind: "p", text: w.t("confirmNew.body", { newEmail: oneLine(data.newEmail) }) },
        { kind: "button", label: w.t("confirmNew.button"), url: data.confirmUrl },
        { kind: "muted", text: w.t("confirmNew.validity", { hours: data.expiresInHours }) },
        { kind: "muted", text: w.t("confirmNew.ignore") },
      ],
      w,
    ),
  }),

  "email-changed": (data, w) => ({
    subject: w.t("emailChanged.subject"),
    ...layout(
      w.t("emailChanged.preheader"),
      [
        { kind: "p", text: greet(w, data.name) },
        { kind: "p", text: w.t("emailChanged.body", { newEmail: oneLine(data.newEmail), date: momentIn(data.changedAt, w) }) },
        { kind: "p", text: w.t("emailChanged.ifNot", { supportEmail: oneLine(data.supportEmail) }) },
      ],
      w,
    ),
  }),

  "password-changed": (data, w) => ({
    subject: w.t("passwordChanged.subject"),
    ...layout(
      w.t("passwordChanged.preheader"),
      [
        { kind: "p", text: greet(w, data.name) },
        { kind: "p", text: w.t("passwordChanged.body", { date: momentIn(data.changedAt, w) }) },
        { kind: "p", text: w.t("passwordChanged.ifNot") },
        { kind: "button", label: w.t("passwordChanged.button"), url: data.resetUrl },
      ],
      w,
    ),
  }),

  "sandbox-granted": (data, w) => ({
    subject: w.t("sandbox.subject"),
    ...layout(
      w.t("sandbox.preheader"),
      [
        { kind: "p", text: greet(w, data.name) },
        { kind: "p", text: w.t("sandbox.body") },
        { kind: "button", label: w.t("sandbox.button"), url: data.bankAccountsUrl },
        { kind: "muted", text: w.t("sandbox.demo") },
      ],
      w,
    ),
  }),

  invitation: (data, w) => ({
    subject: oneLine(w.t("invitation.subject", { invitedBy: data.invitedBy })),
    ...layout(
      w.t("invitation.preheader"),
      [
        { kind: "p", text: greet(w, data.name) },
        { kind: "p", text: w.t("invitation.body", { invitedBy: oneLine(data.invitedBy) }) },
        { kind: "p", text: w.t("invitation.sandbox") },
        { kind: "button", label: w.t("invitation.button"), url: data.registerUrl },
        { kind: "muted", text: w.t("invitation.ignore") },
      ],
      w,
    ),
  }),

  contact: (data) => ({
    subject: oneLine(`Contact form: ${data.topic || "General"} — from ${data.name}`),
    ...layout(`A message from ${oneLine(data.name)} via the contact form.`, [
      { kind: "p", text: "A new message arrived through the public contact form." },
      {
        kind: "facts",
        rows: [
          ["Name", oneLine(data.name)],
          ["Email", oneLine(data.email)],
          ["Topic", oneLine(data.topic)],
        ],
      },
      { kind: "quote", text: data.message },
      { kind: "muted", text: "Reply to this email to answer the sender directly." },
    ]),
  }),

  "group-created": (data, w) => {
    const amount = formatMoney(data.amountCents, w.locale);
    const invited = data.invitedEmails.map(oneLine).join(", ");
    const groupName = oneLine(data.groupName);
    return {
      subject: oneLine(w.t("created.subject", { groupName: data.groupName })),
      ...layout(
        w.t("created.preheader", { groupName }),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: w.t("created.body", { groupName }) },
          {
            kind: "facts",
            rows: [
              [w.t("created.members"), String(data.memberCount)],
              [w.t("created.contribution"), amount],
              [w.t("created.payout"), formatMoney(data.amountCents * data.memberCount, w.locale)],
              // The creator's English line; another language from the schedule itself, when the row has it.
              [
                w.t("created.schedule"),
                w.locale === DEFAULT_LOCALE || !data.schedule ? oneLine(data.scheduleLine) : scheduleWords(data.schedule, w.locale),
              ],
              [w.t("created.invited"), invited || w.t("created.noOne")],
            ],
          },
          { kind: "p", text: w.t("created.startsWhen") },
          { kind: "quote", text: data.inviteUrl },
          { kind: "button", label: w.t("common.viewGroup"), url: data.groupUrl },
        ],
        w,
      ),
    };
  },

  "group-invitation": (data, w) => {
    const amount = formatMoney(data.amountCents, w.locale);
    // The English line as the creator's request wrote it; another language from the schedule itself, when the row has it.
    const schedule = w.locale === DEFAULT_LOCALE || !data.schedule ? oneLine(data.scheduleLine) : scheduleWords(data.schedule, w.locale);
    const setupFee =
      w.locale === DEFAULT_LOCALE
        ? setupFeeLine(data.setupFeeCents)
        : w.t("groupInvitation.setupFeeLine", { amount: formatMoney(data.setupFeeCents, w.locale) });
    return {
      subject: oneLine(w.t("groupInvitation.subject", { invitedBy: data.invitedBy, groupName: data.groupName })),
      ...layout(
        w.t("groupInvitation.preheader", { groupName: oneLine(data.groupName), amount, schedule: schedule.toLowerCase() }),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: w.t("groupInvitation.body", { invitedBy: oneLine(data.invitedBy), groupName: oneLine(data.groupName) }) },
          {
            kind: "facts",
            rows: [
              [w.t("groupInvitation.members"), String(data.memberCount)],
              [w.t("groupInvitation.contribution"), amount],
              [w.t("groupInvitation.schedule"), schedule],
              [w.t("groupInvitation.payout"), formatMoney(data.payoutCents, w.locale)],
              [w.t("groupInvitation.setupFee"), setupFee],
            ],
          },
          { kind: "button", label: w.t("groupInvitation.button"), url: data.joinUrl },
          { kind: "muted", text: w.t("groupInvitation.requirements") },
        ],
        w,
      ),
    };
  },

  "group-started": (data, w) => {
    const amount = formatMoney(data.amountCents, w.locale);
    const firstDue = formatDate(data.firstDueOn, { locale: w.locale });
    const turn = { position: data.payoutPosition, count: data.memberCount };
    return {
      subject: oneLine(w.t("started.subject", { groupName: data.groupName, date: firstDue })),
      ...layout(
        w.t("started.preheader", { groupName: oneLine(data.groupName), ...turn }),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: w.t("started.body", { groupName: oneLine(data.groupName) }) },
          {
            kind: "facts",
            rows: [
              [w.t("started.contribution"), amount],
              [w.t("started.firstDue"), firstDue],
              [w.t("started.turn"), w.t("started.turnValue", turn)],
              [
                w.t("started.payout"),
                w.t("started.payoutValue", {
                  amount: formatMoney(data.payoutCents, w.locale),
                  date: formatDate(data.payoutOn, { locale: w.locale }),
                }),
              ],
            ],
          },
          { kind: "button", label: w.t("started.button"), url: data.groupUrl },
        ],
        w,
      ),
    };
  },

  "group-member-removed": (data, w) => ({
    subject: oneLine(w.t("removed.subject", { groupName: data.groupName })),
    ...layout(
      w.t("removed.preheader", { removedBy: oneLine(data.removedBy), groupName: oneLine(data.groupName) }),
      [
        { kind: "p", text: greet(w, data.name) },
        { kind: "p", text: w.t("removed.body", { removedBy: oneLine(data.removedBy), groupName: oneLine(data.groupName) }) },
        { kind: "facts", rows: [[w.t("removed.reason"), oneLine(data.reason)]] },
        { kind: "muted", text: w.t("removed.nothingCharged") },
        { kind: "button", label: w.t("removed.button"), url: data.dashboardUrl },
      ],
      w,
    ),
  }),

  "group-notice": (data, w) => {
    const words = noticeWordsIn(data, w);
    return {
      subject: oneLine(words.title),
      ...layout(
        oneLine(words.title),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: words.body },
          { kind: "facts", rows: [[w.t("common.group"), oneLine(data.groupName)]] },
          { kind: "button", label: actionLabelIn(data.actionLabel, w), url: data.actionUrl },
        ],
        w,
      ),
    };
  },

  "swap-notice": (data, w) => {
    const words = noticeWordsIn(data, w);
    return {
      subject: oneLine(words.title),
      ...layout(
        oneLine(words.title),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: words.body },
          { kind: "facts", rows: [[w.t("common.group"), oneLine(data.groupName)]] },
          { kind: "button", label: actionLabelIn(data.actionLabel, w), url: data.actionUrl },
          { kind: "muted", text: w.t("swapNotice.why") },
        ],
        w,
      ),
    };
  },

  "report-reply": (data, w) => {
    const groupName = oneLine(data.groupName);
    // The category comes as its English label (reportCategoryLabel); a known one is said in the email's language.
    const category = REPORT_CATEGORIES.find((known) => known.label === data.category)?.value;
    return {
      subject: oneLine(w.t("reply.subject", { groupName: data.groupName })),
      ...layout(
        w.t("reply.preheader", { groupName }),
        [
          { kind: "p", text: greet(w, data.name) },
          {
            kind: "p",
            text: category ? w.t("reply.body", { groupName, category }) : w.t("reply.bodyOther", { groupName, category: oneLine(data.category) }),
          },
          { kind: "quote", text: data.reply },
          { kind: "muted", text: w.t("reply.youWrote") },
          { kind: "quote", text: data.reportMessage },
          { kind: "button", label: w.t("reply.button"), url: data.reportsUrl },
        ],
        w,
      ),
    };
  },

  "payment-reminder": (data, w) => {
    const amount = formatMoney(data.amountCents, w.locale);
    const due = formatDate(data.dueOn, { locale: w.locale });
    const groupName = oneLine(data.groupName);
    return {
      subject: oneLine(w.t("reminder.subject", { amount, groupName: data.groupName, date: due })),
      ...layout(
        w.t("reminder.preheader", { amount, date: due }),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: w.t("reminder.body", { groupName }) },
          {
            kind: "facts",
            rows: [
              [w.t("common.group"), groupName],
              [w.t("reminder.amount"), amount],
              [w.t("reminder.due"), due],
            ],
          },
          { kind: "muted", text: w.t("reminder.funds") },
          { kind: "button", label: w.t("common.viewGroup"), url: data.groupUrl },
        ],
        w,
      ),
    };
  },

  "account-alert": (data, w) => {
    const words = noticeWordsIn(data, w);
    const when = data.occurredOn
      ? w.t("alert.sandboxDay", { day: formatDate(data.occurredOn, { style: "medium", locale: w.locale }) })
      : momentIn(data.occurredAt, w);
    return {
      subject: oneLine(words.title),
      ...layout(
        oneLine(words.title),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: oneLine(words.title) },
          { kind: "p", text: words.body },
          { kind: "facts", rows: [[w.t("alert.when"), when]] },
          { kind: "button", label: actionLabelIn(data.actionLabel, w), url: data.actionUrl },
          { kind: "muted", text: w.t("alert.why") },
        ],
        w,
      ),
    };
  },

  "daily-reminder": (data, w) => {
    const words = noticeWordsIn(data, w);
    return {
      subject: oneLine(words.title),
      ...layout(
        oneLine(words.title),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: `${oneLine(words.title)}.` },
          { kind: "p", text: words.body },
          data.payUrl
            ? { kind: "button", label: w.t("action.payNow"), url: data.payUrl }
            : { kind: "button", label: w.t("common.viewGroup"), url: data.groupUrl },
          { kind: "muted", text: w.t("daily.why") },
        ],
        w,
      ),
    };
  },

  "weekly-summary": (data, w) => {
    const week = formatDate(data.weekOf, { style: "long", locale: w.locale });
    const count = data.groups.length;
    return {
      subject: w.t("weekly.subject", { count, week }),
      ...layout(
        w.t("weekly.preheader", { count }),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: count === 0 ? w.t("weekly.none") : w.t("weekly.body", { count }) },
          ...data.groups.flatMap((group): Block[] => [
            { kind: "facts", rows: weeklyGroupRows(group, w) },
            { kind: "muted", text: w.t("weekly.open", { groupName: oneLine(group.name), url: group.url }) },
          ]),
          { kind: "button", label: w.t("action.dashboard"), url: data.dashboardUrl },
          { kind: "muted", text: w.t("weekly.why") },
        ],
        w,
      ),
    };
  },

  "payout-notification": (data, w) => {
    const amount = formatMoney(data.amountCents, w.locale);
    const day = (value: string) => formatDate(value, { locale: w.locale });
    const arrived = day(data.payoutOn);
    const rows: Array<[string, string]> = [
      [w.t("common.group"), oneLine(data.groupName)],
      [w.t("payout.payout"), amount],
    ];
    // The labels and days of the one model of a payment's dates (app/domain/payment-dates.ts: stepLabel), as every page shows them.
    if (data.sentOn) rows.push([w.t("payout.sent"), day(data.sentOn)]);
    rows.push([w.t("payout.arrived"), arrived]);
    return {
      subject: oneLine(w.t("payout.subject", { amount, groupName: data.groupName })),
      ...layout(
        w.t("payout.preheader", { amount, date: arrived }),
        [
          { kind: "p", text: greet(w, data.name) },
          { kind: "p", text: w.t("payout.body", { groupName: oneLine(data.groupName) }) },
          { kind: "facts", rows },
          { kind: "button", label: w.t("common.viewGroup"), url: data.groupUrl },
        ],
        w,
      ),
    };
  },
};

/**
 * The words weekly-summary.server.ts writes for names it has no name for: the reader, and a member it cannot name.
 * The template says them in the email's language.
 */
export const SUMMARY_YOU = "You";
export const SUMMARY_SOMEONE = "A member";

function weeklyGroupRows(group: TemplateData<"weekly-summary">["groups"][number], w: Words): Array<[string, string]> {
  const money = (cents: number) => formatMoney(cents, w.locale);
  const day = (value: string) => formatDate(value, { locale: w.locale });
  const person = (name: string) => (name === SUMMARY_YOU ? w.t("weekly.you") : name === SUMMARY_SOMEONE ? w.t("weekly.someone") : oneLine(name));
  const rows: Array<[string, string]> = [[w.t("common.group"), oneLine(group.name)]];
  if (group.status === "forming") {
    rows.push([w.t("weekly.status"), w.t("weekly.forming", { joined: group.joinedCount, count: group.memberCount })]);
    return rows;
  }
  if (group.status === "completed") {
    rows.push([w.t("weekly.status"), w.t("weekly.completed", { count: group.memberCount })]);
    return rows;
  }
  rows.push([w.t("weekly.period"), group.period ? w.t("weekly.periodOf", { period: group.period, count: group.memberCount }) : "—"]);
  const paid = group.paidNames.map(person);
  const unpaid = group.unpaidNames.map(person);
  rows.push([
    w.t("weekly.paid"),
    paid.length ? w.t("weekly.paidNames", { names: paid.join(", "), paid: paid.length, total: paid.length + unpaid.length }) : w.t("created.noOne"),
  ]);
  if (unpaid.length) rows.push([w.t("weekly.unpaid"), unpaid.join(", ")]);
  if (group.nextDueOn) rows.push([w.t("weekly.nextDue"), `${day(group.nextDueOn)} · ${money(group.contributionCents)}`]);
  if (group.nextPayout) {
    const when = group.nextPayout.payoutOn ? w.t("weekly.expected", { date: day(group.nextPayout.payoutOn) }) : w.t("weekly.waiting");
    rows.push([w.t("weekly.nextPayout"), `${person(group.nextPayout.recipient)} · ${when} · ${money(group.nextPayout.amountCents)}`]);
  }
  return rows;
}

/** The emails that say the bell's words: in the recipient's language only when they carry the notice as a message. */
const NOTICE_TEMPLATES: ReadonlySet<TemplateName> = new Set<TemplateName>(["group-notice", "swap-notice", "account-alert", "daily-reminder"]);

/**
 * Whether a message is written in the recipient's language: every template but contact; one that says a notice's words only
 * when it carries them as a message (an English title and body alone would sit in a Spanish frame).
 */
function speaksLanguage(message: EmailMessage): boolean {
  if (ENGLISH_ONLY_TEMPLATES.has(message.template)) return false;
  if (!NOTICE_TEMPLATES.has(message.template)) return true;
  const notice = (message.data as { notice?: { message: string } }).notice;
  return notice !== undefined && isNoticeId(notice.message);
}

/**
 * Render a typed message in the recipient's language (the outbox decides it when it sends, outbox.server.ts). A template
 * always in English (ENGLISH_ONLY_TEMPLATES), or a notice's email without its message, is English whatever the locale.
 */
export function renderEmail(message: EmailMessage, locale: Locale = DEFAULT_LOCALE): RenderedEmail {
  // The union guarantees data matches template; TypeScript cannot correlate the two through the lookup.
  const render = renderers[message.template] as (data: EmailMessage["data"], w: Words) => RenderedEmail;
  return render(message.data, wordsFor(speaksLanguage(message) ? locale : DEFAULT_LOCALE));
}

export type RenderTemplateResult =
  | { ok: true; rendered: RenderedEmail }
  | { ok: false; reason: "unknown-template" }
  /** issues: the paths of the invalid fields in the model ("" for the model itself). */
  | { ok: false; reason: "invalid-model"; issues: string[] };

/**
 * Render by alias and an untrusted model (the mail double's /email/withTemplate). The model is validated against the
 * template's schema, so a caller that sends the wrong fields hears about it instead of getting an email with holes.
 */
export function renderTemplate(alias: string, model: unknown): RenderTemplateResult {
  if (!isTemplateName(alias)) return { ok: false, reason: "unknown-template" };
  const parsed = templateDataSchemas[alias].safeParse(model);
  if (!parsed.success) {
    return { ok: false, reason: "invalid-model", issues: parsed.error.issues.map((issue) => issue.path.join(".")) };
  }
  return { ok: true, rendered: renderEmail({ template: alias, data: parsed.data } as EmailMessage) };
}
