import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useState } from "react";
import type { z } from "zod";
import { Form, Link, type MetaArgs, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { metaTranslator, useT, useTranslateText } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Card, PageContainer } from "~/components/ui/page";
import { useHydrated } from "~/components/use-hydrated";
import { validateWith } from "~/components/form-rules";
import type { loginSchema } from "~/domain/auth";
import { isInvitationPath, loginFormErrors, safeRedirect } from "~/domain/auth-rules";
import { DEMO_ACCOUNT } from "~/domain/demo-accounts";
import { requireAnonymous } from "~/server/auth/guards.server";
import { resendConfirmation, resetRequest } from "~/server/auth/link-requests.server";
import { codeStep, passwordStep } from "~/server/auth/sign-in.server";
import { clearPendingLogin, readPendingLogin } from "~/server/auth/two-factor.server";
import { env } from "~/server/platform/env.server";
import { requestLocale } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { island } from "~/components/island";
import type { Route } from "./+types/login";

const TwoFactorForm = island(() => import("~/components/auth/login-steps").then((module) => module.TwoFactorForm));
const ResetRequestForm = island(() => import("~/components/auth/login-steps").then((module) => module.ResetRequestForm));
const ResendConfirmationForm = island(() => import("~/components/auth/login-steps").then((module) => module.ResendConfirmationForm));

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("login.title") }];
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
      return resetRequest(formData, ip, requestLocale(request));
    case "resend-confirmation":
      return resendConfirmation(formData, ip, requestLocale(request));
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
  const t = useT();
  const translate = useTranslateText();
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
      <h1 className="text-2xl font-bold text-slate-900">{t("login.heading")}</h1>
      {invited ? (
        <div className="mt-4">
          <Alert tone="info" title={t("login.invitationTitle")}>
            {t("login.invitation")}
          </Alert>
        </div>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">
        {t("login.newHere")}{" "}
        <Link to={withRedirect("/register")} className="font-medium text-brand-700 underline">
          {t("login.createAccount")}
        </Link>
      </p>
      {unconfirmed ? (
        // Its own form, outside the login form: one click sends a new link to the address just typed.
        <Form method="post" className="mt-6 space-y-3">
          <Alert tone="warning" title={error ? translate(error.title) : undefined}>
            {error ? translate(error.message) : null}
          </Alert>
          <input type="hidden" name="email" value={unconfirmed.email} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" name="intent" value="resend-confirmation" className={buttonClass("secondary", "w-full")} disabled={submitting}>
            {t("login.resendConfirmation")}
          </button>
        </Form>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {error && !unconfirmed ? (
          <Alert tone="error" title={translate(error.title)}>
            {translate(error.message)}
          </Alert>
        ) : null}
        <Field
          label={t("login.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", key: fields.email.key }}
          errors={fields.email.errors}
        />
        <Field
          label={t("login.password")}
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
                {showPassword ? t("login.hide") : t("login.show")}
              </button>
            ) : null
          }
        />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2 text-slate-700">
            <input type="checkbox" name={fields.remember.name} className="h-4 w-4 rounded border-slate-300" />
            {t("login.remember")}
          </label>
          <Link to="?mode=reset" className="font-medium text-brand-700 underline">
            {t("login.forgot")}
          </Link>
        </div>
        <p className="text-sm">
          <Link
            to={redirectTo ? `?${new URLSearchParams({ mode: "resend", redirectTo })}` : "?mode=resend"}
            className="font-medium text-brand-700 underline"
          >
            {t("login.noConfirmation")}
          </Link>
        </p>
        <button type="submit" name="intent" value="login" className={buttonClass("primary", "w-full")} disabled={submitting}>
          {submitting && navigation.formData?.get("intent") !== "demo" ? t("login.submitting") : t("login.submit")}
        </button>
        {demo && !invited ? (
          <button
            type="submit"
            name="intent"
            value="demo"
            formNoValidate
            onClick={hydrated ? fillDemo : undefined}
            // Says when the click fills the form in rather than signing in (the no-JS path): read by the e2e spec.
            data-fills-form={hydrated ? "true" : undefined}
            className={buttonClass("secondary", "w-full")}
          >
            {t("login.demo")}
          </button>
        ) : null}
      </Form>
    </>
  );
}
