/**
 * What /login's other two forms ask for by email (app/routes/login.tsx picks one by the form's intent): a password
 * reset link, or a new confirmation link for an unconfirmed account. Neither says whether the address has an account.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AUTH_MESSAGES, CONFIRM_MESSAGES, RESET_MESSAGES, resendConfirmationSchema, resetRequestSchema } from "~/domain/auth";
import { safeRedirect } from "~/domain/auth-rules";
import type { Locale } from "~/domain/locale";
import { logger } from "../platform/log.server";
import { requestNewConfirmation, requestPasswordReset } from "./accounts.server";
import { consumeAttempt } from "./rate-limit.server";

type FormError = { title: string; message: string };

/** Intent "reset-request": a password reset link to the address, if it has an account. */
/** `locale`: the language of the request (the email's when the account has none stored, ADR 056). */
export async function resetRequest(formData: FormData, ip: string, locale: Locale | null = null) {
  const intent = "reset-request" as const;
  const submission = parseWithZod(formData, { schema: resetRequestSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), error: null as FormError | null, sent: null }, { status: 400 });
  }
  const email = submission.value.email;
  if (
    !(await consumeAttempt([
      ["reset-ip", ip],
      ["reset-account", email],
    ]))
  ) {
    return data(
      { intent, result: submission.reply(), error: { title: "Too Many Requests", message: RESET_MESSAGES.tooMany }, sent: null },
      { status: 429 },
    );
  }
  try {
    // Queued for delivery and "no such account" read the same, in words and in time (no enumeration).
    await requestPasswordReset(email, new Date(), locale);
  } catch (error) {
    // Nothing was queued (the database failed): say so, so the person can try again.
    logger.error({ err: error }, "login: reset request failed");
    return data(
      { intent, result: submission.reply(), error: { title: "Reset Failed", message: RESET_MESSAGES.sendFailed }, sent: null },
      { status: 503 },
    );
  }
  return data({ intent, result: submission.reply({ resetForm: true }), error: null, sent: AUTH_MESSAGES.resetSent });
}

/** Intent "resend-confirmation": a new confirmation link to the address, if it has an unconfirmed account. */
export async function resendConfirmation(formData: FormData, ip: string, locale: Locale | null = null) {
  const intent = "resend-confirmation" as const;
  const submission = parseWithZod(formData, { schema: resendConfirmationSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), error: null as FormError | null, sent: null }, { status: 400 });
  }
  const outcome = await requestNewConfirmation(submission.value.email, ip, {
    redirectTo: safeRedirect(submission.value.redirectTo, ""),
    locale,
  });
  if (outcome.status === "rate-limited") {
    return data(
      { intent, result: submission.reply(), error: { title: "Too Many Requests", message: CONFIRM_MESSAGES.tooMany }, sent: null },
      { status: 429 },
    );
  }
  return data({ intent, result: submission.reply({ resetForm: true }), error: null, sent: CONFIRM_MESSAGES.resent });
}
