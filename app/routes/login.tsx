import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useState } from "react";
import type { z } from "zod";
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { Alert, Notice } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Card, PageContainer } from "~/components/ui/page";
import { useHydrated } from "~/components/use-hydrated";
import { validateWith } from "~/components/form-rules";
import type { loginSchema, resendConfirmationSchema, resetRequestSchema } from "~/domain/auth";
import {
  isInvitationPath,
  loginCodeFormErrors,
  loginFormErrors,
  resendConfirmationFormErrors,
  resetRequestFormErrors,
  safeRedirect,
} from "~/domain/auth-rules";
import { DEMO_ACCOUNT } from "~/domain/demo-accounts";
import type { loginCodeSchema } from "~/domain/profile";
import { requireAnonymous } from "~/server/auth/guards.server";
import { resendConfirmation, resetRequest } from "~/server/auth/link-requests.server";
import { codeStep, passwordStep } from "~/server/auth/sign-in.server";
import { clearPendingLogin, readPendingLogin } from "~/server/auth/two-factor.server";
import { env } from "~/server/platform/env.server";
import { readForm } from "~/server/platform/request-body.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/login";

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

export async function action({ request, context }: Route.ActionArgs) {
  // A clone: remix-auth-form reads the body again (authenticator.server.ts).
  const formData = await readForm(request.clone());
  await requireAnonymous(request);
  const ip = requestInfo(context).clientIp;
  switch (formData.get("intent")) {
    case "2fa":
      return codeStep(formData, request, ip);
    case "reset-request":
      return resetRequest(formData, ip);
    case "resend-confirmation":
      return resendConfirmation(formData, ip);
    default:
      return passwordStep(formData, request, ip);
  }
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
  // Someone holding an invitation came to sign in as themselves: no demo account on offer (without JavaScript its
  // button would sign them in as the demo user, and take the demo user to their invitation). The server refuses it too.
  const invited = isInvitationPath(redirectTo);

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
      {invited ? (
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
        {demo && !invited ? (
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
