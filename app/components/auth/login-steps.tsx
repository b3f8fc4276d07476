/**
 * /login's less common steps (the route module keeps the password form): the two-factor code, a reset link request,
 * and a new confirmation link. Each is a chunk of its own, downloaded only by a browser that shows it (island.tsx), so
 * the login page's JavaScript stays within its budget (scripts/lib/page-weight.ts) with the message library's runtime.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { Alert, Notice } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { validateWith } from "~/components/form-rules";
import { useT, useTranslateText } from "~/components/i18n";
import type { resendConfirmationSchema, resetRequestSchema } from "~/domain/auth";
import { loginCodeFormErrors, resendConfirmationFormErrors, resetRequestFormErrors } from "~/domain/auth-rules";
import type { loginCodeSchema } from "~/domain/profile";
import type { resendConfirmation, resetRequest } from "~/server/auth/link-requests.server";
import type { codeStep, passwordStep } from "~/server/auth/sign-in.server";

/** What /login's action answers (routes/login.tsx picks the handler by intent). */
type LoginAction = () =>
  | ReturnType<typeof codeStep>
  | ReturnType<typeof passwordStep>
  | ReturnType<typeof resetRequest>
  | ReturnType<typeof resendConfirmation>;

export function TwoFactorForm() {
  const actionData = useActionData<LoginAction>();
  const navigation = useNavigation();
  const lastResult = actionData?.intent === "2fa" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "login-2fa",
    lastResult,
    onValidate: validateWith<z.input<typeof loginCodeSchema>>(loginCodeFormErrors),
    shouldValidate: "onSubmit",
  });
  const error = actionData?.intent === "2fa" ? actionData.error : null;
  const t = useT();
  const translate = useTranslateText();
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{t("login.twoFactor.heading")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("login.twoFactor.lead")}</p>
      {/* Posts to /login?step=2fa (the current URL), so an error re-renders this step, with or without JavaScript. */}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        {error ? (
          <Alert tone="error" title={translate(error.title)}>
            {translate(error.message)}
          </Alert>
        ) : null}
        <Field
          label={t("login.twoFactor.code")}
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
          {navigation.state === "submitting" ? t("login.twoFactor.submitting") : t("login.twoFactor.submit")}
        </button>
        <Link to="/login" className={buttonClass("ghost", "w-full")}>
          {t("login.back")}
        </Link>
      </Form>
    </>
  );
}

export function ResetRequestForm() {
  const actionData = useActionData<LoginAction>();
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
  const t = useT();
  const translate = useTranslateText();
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{t("login.reset.heading")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("login.reset.lead")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        {sent ? (
          <Notice key={form.key} tone="success" title={translate("Check Your Email")}>
            {translate(sent)}
          </Notice>
        ) : null}
        {error ? (
          <Alert tone="error" title={translate(error.title)}>
            {translate(error.message)}
          </Alert>
        ) : null}
        {invalid ? <Notice tone="error" title={translate("Invalid Email")} /> : null}
        <Field
          label={t("login.email")}
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
          {navigation.state === "submitting" ? t("login.sending") : t("login.reset.submit")}
        </button>
        <Link to="/login" className={buttonClass("ghost", "w-full")}>
          {t("login.back")}
        </Link>
      </Form>
    </>
  );
}

/** "Resend confirmation email" for an address typed in (reached from the login page and the confirmation link's page). */
export function ResendConfirmationForm() {
  const actionData = useActionData<LoginAction>();
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
  const t = useT();
  const translate = useTranslateText();
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{t("login.resendConfirmation")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("login.resend.lead")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {sent ? (
          <Notice key={form.key} tone="success" title={translate("Check Your Email")}>
            {translate(sent)}
          </Notice>
        ) : null}
        {error ? (
          <Alert tone="error" title={translate(error.title)}>
            {translate(error.message)}
          </Alert>
        ) : null}
        <Field
          label={t("login.email")}
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
          {navigation.state === "submitting" ? t("login.sending") : t("login.resendConfirmation")}
        </button>
        <Link to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"} className={buttonClass("ghost", "w-full")}>
          {t("login.back")}
        </Link>
      </Form>
    </>
  );
}
