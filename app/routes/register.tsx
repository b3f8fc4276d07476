import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";
import { data, Form, Link, type MetaArgs, useActionData, useNavigation, useSearchParams } from "react-router";
import { metaTranslator, T, useT, useTranslateText } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field, FieldErrors } from "~/components/ui/field";
import { Card, PageContainer } from "~/components/ui/page";
import { useHydrated } from "~/components/use-hydrated";
import { validateWith } from "~/components/form-rules";
import { AUTH_MESSAGES, REGISTER_ERRORS, registerSchema } from "~/domain/auth";
import { registerFormErrors, safeRedirect } from "~/domain/auth-rules";
import { registerUser } from "~/server/auth/accounts.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { consumeAttempt } from "~/server/auth/rate-limit.server";
import { isBusyResponse, isDatabaseBusy } from "~/server/db/errors.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import { localeFromCookie, requestLocale } from "~/server/platform/locale.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { rememberMailboxAddress } from "~/server/email/mailbox.server";
import type { Route } from "./+types/register";
import { logger } from "~/server/platform/log.server";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("register.title") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

type FormError = { title: string; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  // A body the server cannot read answers 4xx before anything else (request-body.server.ts).
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: registerSchema });
  const hide = { hideFields: ["password", "confirmPassword"] };
  const fail = (error: FormError, status: number) => data({ result: submission.reply(hide), error }, { status });
  let email: string;
  try {
    await requireAnonymous(request);
    if (submission.status !== "success") return data({ result: submission.reply(hide), error: null }, { status: 400 });
    if (!(await consumeAttempt([["register-ip", requestInfo(context).clientIp]]))) return fail(REGISTER_ERRORS.tooMany, 429);
    // Where they were going (an invitation, say) travels in the confirmation link and on to the login.
    const result = await registerUser({
      ...submission.value,
      redirectTo: safeRedirect(formData.get("redirectTo"), ""),
      locale: requestLocale(request),
      // A visitor who chose a language (the switch's cookie) keeps it on the new account: the emails others' actions
      // cause later (sandbox access, a group starting, the clock's reminders) follow it too (ADR 056, part five (l)).
      chosenLocale: localeFromCookie(request),
    });
    if (result.status === "exists") return fail({ title: "Account Already Exists", message: AUTH_MESSAGES.accountExists }, 409);
    if (result.status === "db-error") return fail(REGISTER_ERRORS.saveFailed, 503);
    email = result.user.email;
  } catch (error) {
    // A redirect (already signed in) is an answer, not a failure.
    if (error instanceof Response) throw error;
    // Anything else unexpected stays on the form, with what was typed, and says so (SPEC.md section 8): the database
    // being slow or unreachable is "our servers", everything else the default message. Never the error page.
    logger.error({ err: error }, "register: unexpected failure");
    return isDatabaseBusy(error) || isBusyResponse(error) ? fail(REGISTER_ERRORS.serverError, 503) : fail(REGISTER_ERRORS.unexpected, 500);
  }
  const redirectTo = safeRedirect(formData.get("redirectTo"), "");
  // The account was created here: this browser may read its mail (the confirmation link) in the demo mailbox.
  const mailbox = await rememberMailboxAddress(request, email);
  return redirectWithToast(
    request,
    redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login",
    { type: "success", title: "Registration Successful", description: "Please check your email to confirm your account." },
    mailbox ? { headers: { "Set-Cookie": mailbox } } : {},
  );
}

export default function Register() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const t = useT();
  const translate = useTranslateText();
  const redirectTo = safeRedirect(searchParams.get("redirectTo"), "");
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    onValidate: validateWith<z.input<typeof registerSchema>>(registerFormErrors),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [termsTicked, setTermsTicked] = useState(fields.terms.initialValue === "on");
  const submitting = navigation.state === "submitting";
  // With JavaScript, Create Account stays disabled until the terms are ticked (SPEC.md section 2); without it the
  // server refuses an unticked box with a message.
  const disabled = submitting || (hydrated && !termsTicked);

  return (
    <PageContainer narrow>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">{t("register.heading")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t("register.haveAccount")}{" "}
          <Link to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"} className="font-medium text-brand-700 underline">
            {t("register.login")}
          </Link>
        </p>
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {actionData?.error ? (
            <Alert tone="error" title={translate(actionData.error.title)}>
              {translate(actionData.error.message)}
            </Alert>
          ) : null}
          <Field
            label={t("register.fullName")}
            inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), autoComplete: "name", key: fields.fullName.key }}
            errors={fields.fullName.errors}
          />
          <Field
            label={t("register.email")}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", key: fields.email.key }}
            errors={fields.email.errors}
          />
          <Field
            label={t("register.password")}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", key: fields.password.key }}
            errors={fields.password.errors}
            hint={t("register.passwordHint")}
          />
          <Field
            label={t("register.confirmPassword")}
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              autoComplete: "new-password",
              key: fields.confirmPassword.key,
            }}
            errors={fields.confirmPassword.errors}
          />
          <div>
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name={fields.terms.name}
                id={fields.terms.id}
                defaultChecked={fields.terms.initialValue === "on"}
                className="mt-0.5 h-4 w-4 rounded border-slate-300"
                aria-invalid={fields.terms.errors?.length ? true : undefined}
                aria-describedby={fields.terms.errors?.length ? `${fields.terms.id}-error` : undefined}
                onChange={(event) => setTermsTicked(event.currentTarget.checked)}
              />
              <span>
                <T
                  id="register.terms"
                  components={{
                    0: <Link to="/legal/terms" className="font-medium text-brand-700 underline" target="_blank" />,
                    1: <Link to="/legal/privacy" className="font-medium text-brand-700 underline" target="_blank" />,
                  }}
                />
              </span>
            </label>
            <FieldErrors id={`${fields.terms.id}-error`} errors={fields.terms.errors} />
          </div>
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={disabled}>
            {submitting ? t("register.submitting") : t("register.submit")}
          </button>
        </Form>
      </Card>
    </PageContainer>
  );
}
