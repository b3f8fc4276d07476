/**
 * /login's sign-in, the route's two steps (app/routes/login.tsx picks one by the form's intent and answers with what
 * it returns): the password, or the demo account's button, then for an account with two-factor the code. Both end in
 * completeSignIn.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AUTH_MESSAGES, CONFIRM_MESSAGES, loginSchema } from "~/domain/auth";
import { isInvitationPath, SECURITY_MESSAGES, safeRedirect } from "~/domain/auth-rules";
import { DEMO_ACCOUNT } from "~/domain/demo-accounts";
import { loginCodeSchema } from "~/domain/profile";
import type { User } from "../db/schema";
import { rememberMailboxAddress } from "../email/mailbox.server";
import { noticeSignIn } from "../notifications/account-alerts.server";
import { redirectWithToast } from "../notifications/toast.server";
import { env } from "../platform/env.server";
import { localeFromCookie } from "../platform/locale.server";
import { adoptBrowserLanguage, findUserById } from "../profile/profile.server";
import { sendLoginAlert } from "../profile/security.server";
import { authenticate, recordSignIn } from "./accounts.server";
import { authenticator, EmailNotConfirmedError, InvalidCredentialsError } from "./authenticator.server";
import { consumeAttempt, resetAttempts, TOO_MANY_ATTEMPTS } from "./rate-limit.server";
import { createSession } from "./session.server";
import { clearPendingLogin, hasTwoFactor, readPendingLogin, startPendingLogin, verifyTwoFactorCode } from "./two-factor.server";

/**
 * The end of every successful sign-in (password alone, or password then code): stamp it, start the session, send
 * the login alert if the user wants one, and go where they were headed with 'Login Successful': "Welcome back!", or
 * "Welcome!" the first time the account signs in (issue 33: a brand-new account has not been here before).
 */
async function completeSignIn(
  user: User,
  request: Request,
  options: { remember: boolean; redirectTo: string; ipAddress: string; extraCookies?: string[] },
) {
  const { firstSignIn } = await recordSignIn(user.id);
  // The language this browser chose before signing in becomes the account's if it has none (the emails follow it).
  await adoptBrowserLanguage(user, localeFromCookie(request));
  const cookie = await createSession(user.id, request, { remember: options.remember, ipAddress: options.ipAddress });
  const alert = await sendLoginAlert(user, request, options.ipAddress);
  // A browser this account never used: an urgent notice (in-app only when the login alert above already emailed).
  const deviceCookie = await noticeSignIn(user, request, options.ipAddress, { email: !alert?.ok });
  const headers = new Headers();
  for (const extra of options.extraCookies ?? []) headers.append("Set-Cookie", extra);
  headers.append("Set-Cookie", cookie);
  if (deviceCookie) headers.append("Set-Cookie", deviceCookie);
  // The password proves the address: this browser may read its mail in the demo mailbox from now on.
  const mailbox = await rememberMailboxAddress(request, user.email);
  if (mailbox) headers.append("Set-Cookie", mailbox);
  return redirectWithToast(
    request,
    options.redirectTo,
    { type: "success", title: "Login Successful", description: firstSignIn ? "Welcome!" : "Welcome back!" },
    { headers },
  );
}

/** The password step (intent "login", or "demo" outside production). `request` is the one the form was posted in. */
export async function passwordStep(formData: FormData, request: Request, ip: string) {
  const intent = formData.get("intent");
  // The demo account exists only where the seed ran; production never has one. Nor is it offered to someone on their
  // way to an invitation (the page hides its button): such a post is an ordinary login with what was typed.
  const isDemo = intent === "demo" && env().APP_ENV !== "production" && !isInvitationPath(String(formData.get("redirectTo") ?? ""));
  const submission = isDemo ? null : parseWithZod(formData, { schema: loginSchema });
  if (submission && submission.status !== "success") {
    return data({ intent: "login", result: submission.reply({ hideFields: ["password"] }), error: null, sent: null }, { status: 400 });
  }
  const email = isDemo ? DEMO_ACCOUNT.email : submission!.value!.email;
  const remember = isDemo ? false : Boolean(submission!.value!.remember);
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const reply = () => submission?.reply({ hideFields: ["password"] }) ?? undefined;

  if (
    !(await consumeAttempt([
      ["login-ip", ip],
      ["login-account", email],
    ]))
  ) {
    return data({ intent: "login", result: reply(), error: { title: "Login Failed", message: TOO_MANY_ATTEMPTS }, sent: null }, { status: 429 });
  }

  let user;
  try {
    user = isDemo ? await authenticate(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password) : await authenticator.authenticate("form", request);
    if (!user) throw new InvalidCredentialsError();
  } catch (error) {
    if (error instanceof EmailNotConfirmedError) {
      // The right password: they may know the account is unconfirmed, and get a new link from here.
      return data(
        {
          intent: "login",
          result: reply(),
          error: { title: CONFIRM_MESSAGES.notConfirmedTitle, message: CONFIRM_MESSAGES.notConfirmed },
          sent: null,
          unconfirmed: { email },
        },
        { status: 403 },
      );
    }
    if (!(error instanceof InvalidCredentialsError)) throw error;
    return data(
      { intent: "login", result: reply(), error: { title: "Login Failed", message: AUTH_MESSAGES.invalidCredentials }, sent: null },
      { status: 401 },
    );
  }

  if (hasTwoFactor(user)) {
    // No session yet: the code step finishes the sign-in. The account's attempt counter is reset only after the
    // code, so re-entering the password cannot buy more guesses at the code.
    const cookie = await startPendingLogin({ userId: user.id, remember, redirectTo });
    return redirect("/login?step=2fa", { headers: { "Set-Cookie": cookie } });
  }
  await resetAttempts("login-account", email);
  return completeSignIn(user, request, { remember, redirectTo, ipAddress: ip });
}

/** The code step (intent "2fa") of an account with two-factor, after its password step. */
export async function codeStep(formData: FormData, request: Request, ip: string) {
  const pending = await readPendingLogin(request);
  const user = pending ? await findUserById(pending.userId) : null;
  if (!pending || !user || !hasTwoFactor(user)) {
    return redirectWithToast(
      request,
      "/login",
      { type: "error", title: "Verification Expired", description: "Please log in again." },
      { headers: { "Set-Cookie": await clearPendingLogin() } },
    );
  }
  const submission = parseWithZod(formData, { schema: loginCodeSchema });
  // Every code counts against the account's login limit: six digits must not be guessable.
  if (
    !(await consumeAttempt([
      ["login-ip", ip],
      ["login-account", user.email],
    ]))
  ) {
    return data(
      { intent: "2fa" as const, result: submission.reply(), error: { title: "Login Failed", message: TOO_MANY_ATTEMPTS }, sent: null },
      { status: 429 },
    );
  }
  if (submission.status !== "success") {
    return data({ intent: "2fa" as const, result: submission.reply(), error: null, sent: null }, { status: 400 });
  }
  if (!(await verifyTwoFactorCode(user, submission.value.code))) {
    return data(
      {
        intent: "2fa" as const,
        result: submission.reply({ hideFields: ["code"], fieldErrors: { code: [SECURITY_MESSAGES.invalidCode] } }),
        error: null,
        sent: null,
      },
      { status: 401 },
    );
  }
  await resetAttempts("login-account", user.email);
  return completeSignIn(user, request, {
    remember: pending.remember,
    redirectTo: pending.redirectTo,
    ipAddress: ip,
    extraCookies: [await clearPendingLogin()],
  });
}
