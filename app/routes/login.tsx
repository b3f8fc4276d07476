import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { Alert, Notice } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Card, PageContainer } from "~/components/ui/page";
import { useHydrated } from "~/components/use-hydrated";
import { validateWith } from "~/components/form-rules";
import { AUTH_MESSAGES, CONFIRM_MESSAGES, loginSchema, RESET_MESSAGES, resendConfirmationSchema, resetRequestSchema } from "~/domain/auth";
import {
  SECURITY_MESSAGES,
  isInvitationPath,
  loginCodeFormErrors,
  loginFormErrors,
  resendConfirmationFormErrors,
  resetRequestFormErrors,
  safeRedirect,
} from "~/domain/auth-rules";
import { DEMO_ACCOUNT } from "~/domain/demo-accounts";
import { loginCodeSchema } from "~/domain/profile";
import { authenticate, recordSignIn, requestNewConfirmation, requestPasswordReset } from "~/server/auth/accounts.server";
import { authenticator, EmailNotConfirmedError, InvalidCredentialsError } from "~/server/auth/authenticator.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { consumeAttempt, resetAttempts, TOO_MANY_ATTEMPTS } from "~/server/auth/rate-limit.server";
import { createSession } from "~/server/auth/session.server";
import { clearPendingLogin, hasTwoFactor, readPendingLogin, startPendingLogin, verifyTwoFactorCode } from "~/server/auth/two-factor.server";
import type { User } from "~/server/db/schema";
import { findUserById } from "~/server/profile/profile.server";
import { noticeSignIn } from "~/server/notifications/account-alerts.server";
import { sendLoginAlert } from "~/server/profile/security.server";
import { env } from "~/server/platform/env.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { rememberMailboxAddress } from "~/server/email/mailbox.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/login";
import { logger } from "~/server/platform/log.server";

export function meta() {
  return [{ title: "Log in — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const step = new URL(request.url).searchParams.get("step");
  // The code step is only for someone who just passed the password step (a live signed cookie); else start over.
  if (step === "2fa" && !(await readPendingLogin(request))) throw redirect("/login", { headers: { "Set-Cookie": await clearPendingLogin() } });
  // The demo account exists wherever the demo seed ran; never in production.
  return {
    step: step === "2fa" ? ("2fa" as const) : ("login" as const),
    demo: env().APP_ENV === "production" ? null : { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  };
}

/**
 * The end of every successful sign-in (password alone, or password then code): stamp it, start the session, send
 * the login alert if the user wants one, and go where they were headed with 'Login Successful'.
 */
async function completeSignIn(
  user: User,
  request: Request,
  options: { remember: boolean; redirectTo: string; ipAddress: string; extraCookies?: string[] },
) {
  await recordSignIn(user.id);
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
  return redirectWithToast(request, options.redirectTo, { type: "success", title: "Login Successful", description: "Welcome back!" }, { headers });
}

type FormError = { title: string; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  // A clone: remix-auth-form reads the body again (authenticator.server.ts).
  const formData = await readForm(request.clone());
  await requireAnonymous(request);
  const intent = formData.get("intent");
  const ip = context.clientIp;

  if (intent === "2fa") {
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

  if (intent === "resend-confirmation") {
    const submission = parseWithZod(formData, { schema: resendConfirmationSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply(), error: null as FormError | null, sent: null }, { status: 400 });
    }
    const outcome = await requestNewConfirmation(submission.value.email, ip, { redirectTo: safeRedirect(submission.value.redirectTo, "") });
    if (outcome.status === "rate-limited") {
      return data(
        { intent, result: submission.reply(), error: { title: "Too Many Requests", message: CONFIRM_MESSAGES.tooMany }, sent: null },
        { status: 429 },
      );
    }
    return data({ intent, result: submission.reply({ resetForm: true }), error: null, sent: CONFIRM_MESSAGES.resent });
  }

  if (intent === "reset-request") {
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
      await requestPasswordReset(email);
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

  // The demo account exists only where the seed ran; production never has one.
  const isDemo = intent === "demo" && env().APP_ENV !== "production";
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

export default function Login({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const resetMode = searchParams.get("mode") === "reset" || actionData?.intent === "reset-request";
  const resendMode = searchParams.get("mode") === "resend" || actionData?.intent === "resend-confirmation";
  return (
    <PageContainer narrow>
      <Card>
        {loaderData.step === "2fa" || actionData?.intent === "2fa" ? (
          <TwoFactorForm />
        ) : resendMode ? (
          <ResendConfirmationForm />
        ) : resetMode ? (
          <ResetRequestForm />
        ) : (
          <LoginForm demo={loaderData.demo} />
        )}
      </Card>
    </PageContainer>
  );
}

function LoginForm({ demo }: { demo: { email: string; password: string } | null }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const lastResult = actionData?.intent === "login" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    onValidate: validateWith<z.input<typeof loginSchema>>(loginFormErrors),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const error = actionData?.intent === "login" ? actionData.error : null;
  const unconfirmed = actionData?.intent === "login" && "unconfirmed" in actionData ? actionData.unconfirmed : null;
  const submitting = navigation.state === "submitting";
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const withRedirect = (path: string) => (safeRedirect(redirectTo, "") ? `${path}?${new URLSearchParams({ redirectTo })}` : path);

  function fillDemo(event: React.MouseEvent<HTMLButtonElement>) {
    if (!demo) return;
    // With JavaScript the button fills the form in (SPEC.md section 2); without it, it submits intent=demo.
    event.preventDefault();
    form.update({ name: fields.email.name, value: demo.email });
    form.update({ name: fields.password.name, value: demo.password });
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Log in to your account</h1>
      {isInvitationPath(redirectTo) ? (
        <div className="mt-4">
          <Alert tone="info" title="You have an invitation">
            Log in, or create an account if you are new to Rosca, and we'll take you straight to the group that invited you.
          </Alert>
        </div>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">
        New here?{" "}
        <Link to={withRedirect("/register")} className="font-medium text-brand-700 underline">
          Create an account
        </Link>
      </p>
      {unconfirmed ? (
        // Its own form, outside the login form: one click sends a new link to the address just typed.
        <Form method="post" className="mt-6 space-y-3">
          <Alert tone="warning" title={error?.title}>
            {error?.message}
          </Alert>
          <input type="hidden" name="email" value={unconfirmed.email} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" name="intent" value="resend-confirmation" className={buttonClass("secondary", "w-full")} disabled={submitting}>
            Resend confirmation email
          </button>
        </Form>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {error && !unconfirmed ? (
          <Alert tone="error" title={error.title}>
            {error.message}
          </Alert>
        ) : null}
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", key: fields.email.key }}
          errors={fields.email.errors}
        />
        <Field
          label="Password"
          inputProps={{
            ...getInputProps(fields.password, { type: showPassword ? "text" : "password" }),
            autoComplete: "current-password",
            key: fields.password.key,
          }}
          errors={fields.password.errors}
          trailing={
            hydrated ? (
              <button
                type="button"
                className="rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-pressed={showPassword}
                aria-controls={fields.password.id}
              >
                {showPassword ? "Hide" : "Show"}
              </button>
            ) : null
          }
        />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2 text-slate-700">
            <input type="checkbox" name={fields.remember.name} className="h-4 w-4 rounded border-slate-300" />
            Remember me
          </label>
          <Link to="?mode=reset" className="font-medium text-brand-700 underline">
            Forgot your password?
          </Link>
        </div>
        <p className="text-sm">
          <Link
            to={redirectTo ? `?${new URLSearchParams({ mode: "resend", redirectTo })}` : "?mode=resend"}
            className="font-medium text-brand-700 underline"
          >
            Didn't get the confirmation email?
          </Link>
        </p>
        <button type="submit" name="intent" value="login" className={buttonClass("primary", "w-full")} disabled={submitting}>
          {submitting && navigation.formData?.get("intent") !== "demo" ? "Logging in…" : "Log In"}
        </button>
        {demo ? (
          <button
            type="submit"
            name="intent"
            value="demo"
            formNoValidate
            onClick={hydrated ? fillDemo : undefined}
            className={buttonClass("secondary", "w-full")}
          >
            Use demo account
          </button>
        ) : null}
      </Form>
    </>
  );
}

function TwoFactorForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const lastResult = actionData?.intent === "2fa" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "login-2fa",
    lastResult,
    onValidate: validateWith<z.input<typeof loginCodeSchema>>(loginCodeFormErrors),
    shouldValidate: "onSubmit",
  });
  const error = actionData?.intent === "2fa" ? actionData.error : null;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Two-factor authentication</h1>
      <p className="mt-1 text-sm text-slate-600">Enter the 6-digit code from your authenticator app.</p>
      {/* Posts to /login?step=2fa (the current URL), so an error re-renders this step, with or without JavaScript. */}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        {error ? (
          <Alert tone="error" title={error.title}>
            {error.message}
          </Alert>
        ) : null}
        <Field
          label="Authentication code"
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            key: fields.code.key,
            inputMode: "numeric",
            autoComplete: "one-time-code",
            autoFocus: true,
          }}
          errors={fields.code.errors}
        />
        <button type="submit" name="intent" value="2fa" className={buttonClass("primary", "w-full")} disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Verifying…" : "Verify"}
        </button>
        <Link to="/login" className={buttonClass("ghost", "w-full")}>
          Back to Login
        </Link>
      </Form>
    </>
  );
}

function ResetRequestForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const lastResult = actionData?.intent === "reset-request" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "reset-request",
    lastResult,
    onValidate: validateWith<z.input<typeof resetRequestSchema>>(resetRequestFormErrors),
    shouldValidate: "onSubmit",
  });
  const error = actionData?.intent === "reset-request" ? actionData.error : null;
  const sent = actionData?.intent === "reset-request" ? actionData.sent : null;
  const invalid = Boolean(fields.email.errors?.length);
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Reset your password</h1>
      <p className="mt-1 text-sm text-slate-600">Enter your email and we'll send you a link to choose a new password.</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        {sent ? (
          <Notice key={form.key} tone="success" title="Check Your Email">
            {sent}
          </Notice>
        ) : null}
        {error ? (
          <Alert tone="error" title={error.title}>
            {error.message}
          </Alert>
        ) : null}
        {invalid ? <Notice tone="error" title="Invalid Email" /> : null}
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", key: fields.email.key }}
          errors={fields.email.errors}
        />
        <button
          type="submit"
          name="intent"
          value="reset-request"
          className={buttonClass("primary", "w-full")}
          disabled={navigation.state === "submitting"}
        >
          {navigation.state === "submitting" ? "Sending…" : "Send Reset Link"}
        </button>
        <Link to="/login" className={buttonClass("ghost", "w-full")}>
          Back to Login
        </Link>
      </Form>
    </>
  );
}

/** "Resend confirmation email" for an address typed in (reached from the login page and the confirmation link's page). */
function ResendConfirmationForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const lastResult = actionData?.intent === "resend-confirmation" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "resend-confirmation",
    lastResult,
    defaultValue: { email: searchParams.get("email") ?? "" },
    onValidate: validateWith<z.input<typeof resendConfirmationSchema>>(resendConfirmationFormErrors),
    shouldValidate: "onSubmit",
  });
  const error = actionData?.intent === "resend-confirmation" ? actionData.error : null;
  const sent = actionData?.intent === "resend-confirmation" ? actionData.sent : null;
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Resend confirmation email</h1>
      <p className="mt-1 text-sm text-slate-600">Enter the address you signed up with and we'll send a new confirmation link.</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {sent ? (
          <Notice key={form.key} tone="success" title="Check Your Email">
            {sent}
          </Notice>
        ) : null}
        {error ? (
          <Alert tone="error" title={error.title}>
            {error.message}
          </Alert>
        ) : null}
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", key: fields.email.key }}
          errors={fields.email.errors}
        />
        <button
          type="submit"
          name="intent"
          value="resend-confirmation"
          className={buttonClass("primary", "w-full")}
          disabled={navigation.state === "submitting"}
        >
          {navigation.state === "submitting" ? "Sending…" : "Resend confirmation email"}
        </button>
        <Link to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"} className={buttonClass("ghost", "w-full")}>
          Back to Login
        </Link>
      </Form>
    </>
  );
}
