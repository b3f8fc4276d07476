import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useNavigate, useNavigation } from "react-router";
import { metaTranslator, useT } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Card, PageContainer } from "~/components/ui/page";
import { AUTH_MESSAGES, RESET_MESSAGES, resetPasswordSchema } from "~/domain/auth";
import { checkResetToken, resetPassword } from "~/server/auth/accounts.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/reset-password";

/**
 * Where a link that does not work sends the person (SPEC.md section 8, Reset set): an invalid or spent link to /login
 * with 'Invalid Reset Link'; an expired one (the link was real, its hour is up) straight to a new request form.
 */
async function badLink(request: Request, status: "invalid" | "used" | "expired" | "revoked") {
  if (status === "expired") {
    return redirectWithToast(request, "/login?mode=reset", { type: "error", title: "Reset Link Expired", description: RESET_MESSAGES.expiredLink });
  }
  // A link that ended early (a newer one was sent, or the password changed) opens the request form, like an expired one.
  return redirectWithToast(request, status === "revoked" ? "/login?mode=reset" : "/login", {
    type: "error",
    title: "Invalid Reset Link",
    description: status === "used" ? RESET_MESSAGES.usedLink : status === "revoked" ? RESET_MESSAGES.revokedLink : RESET_MESSAGES.invalidLink,
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaTranslator(matches)("account.reset.pageTitle") }];
}

/**
 * The emailed link carries access_token (the secret), refresh_token (the token's id) and type=recovery
 * (SPEC.md section 2). Anything else goes back to /login: 'Reset Link Expired' for a real link past its hour,
 * 'Invalid Reset Link' for the rest (missing, wrong, already used).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get("done") === "1") return { done: true as const };
  const token = params.get("access_token") ?? "";
  const selector = params.get("refresh_token") ?? "";
  const status = params.get("type") === "recovery" ? await checkResetToken(selector, token) : "invalid";
  if (status !== "valid") throw await badLink(request, status);
  return { done: false as const, token, selector };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  const hide = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") {
    // A tampered hidden field is an invalid link, not a form error.
    if (submission.error?.token || submission.error?.selector) throw await badLink(request, "invalid");
    return data({ result: submission.reply(hide) }, { status: 400 });
  }
  const { selector, token, password } = submission.value;
  const outcome = await resetPassword(selector, token, password);
  if (outcome.status === "invalid" || outcome.status === "used" || outcome.status === "expired" || outcome.status === "revoked") {
    throw await badLink(request, outcome.status);
  }
  if (outcome.status === "same-password") {
    return data({ result: submission.reply({ ...hide, fieldErrors: { password: [AUTH_MESSAGES.samePassword] } }) }, { status: 400 });
  }
  // Post/redirect/get: the success screen is its own URL, so a refresh never re-submits a spent link.
  return redirect("/reset-password?done=1");
}

/**
 * Go on to `to` after a few seconds (SPEC.md section 2). With JavaScript, a timer navigates; without it, a meta
 * refresh inside <noscript> does the same. (Only browsers without scripting see that meta element at all.)
 */
function RedirectAfter({ seconds, to }: { seconds: number; to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(to), seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [navigate, seconds, to]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
    </noscript>
  );
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  if (loaderData.done) {
    return (
      <PageContainer narrow>
        <RedirectAfter seconds={3} to="/login" />
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">{t("account.reset.doneTitle")}</h1>
          <Alert tone="success" title={t("account.reset.doneAlert")}>
            {t("account.reset.doneBody")}
          </Alert>
          <Link to="/login" className={buttonClass("primary", "mt-6 w-full")}>
            {t("account.reset.toLogin")}
          </Link>
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer narrow>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">{t("account.reset.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("account.reset.rules")}</p>
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          <input type="hidden" name="selector" value={loaderData.selector} />
          <input type="hidden" name="token" value={loaderData.token} />
          <Field
            label={t("account.reset.password")}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", key: fields.password.key }}
            errors={fields.password.errors}
          />
          <Field
            label={t("account.reset.confirm")}
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              autoComplete: "new-password",
              key: fields.confirmPassword.key,
            }}
            errors={fields.confirmPassword.errors}
          />
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("account.reset.submitting") : t("account.reset.submit")}
          </button>
        </Form>
      </Card>
    </PageContainer>
  );
}
