import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, type MetaArgs, useNavigation } from "react-router";
import { metaTranslator, T, useT, useTranslateText } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Card } from "~/components/ui/page";
import { formatDateTime } from "~/domain/format";
import { changeEmailSchema, EMAIL_CHANGE_MESSAGES, SECURITY_MESSAGES } from "~/domain/profile";
import { requireUser } from "~/server/auth/guards.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import { requestInfo } from "~/server/platform/request-context.server";
import {
  cancelEmailChange,
  confirmEmailChange,
  emailChangeLinkState,
  pendingEmailChange,
  requestEmailChange,
} from "~/server/profile/email-change.server";
import type { Route } from "./+types/profile.email";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("profile.email.title") }];
}

const HIDDEN = ["currentPassword"];

/**
 * /profile/email: the account's address, a change waiting for its link, the form to ask for one, and (with ?id=&token=
 * from the emailed link) the button that makes the change. Reading never changes anything: the link's page confirms
 * with a POST.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const url = new URL(request.url);
  const selector = url.searchParams.get("id");
  const secret = url.searchParams.get("token");
  const link = selector !== null || secret !== null ? await emailChangeLinkState(user.id, selector ?? "", secret ?? "") : null;
  const pending = await pendingEmailChange(user.id);
  // The time the link was sent, in the reader's language.
  const locale = requestLocale(request, user.locale);
  return {
    email: user.email,
    pending: pending ? { newEmail: pending.newEmail, requestedAt: formatDateTime(pending.requestedAt, { locale }) } : null,
    link: link
      ? link.status === "valid"
        ? { status: "valid" as const, newEmail: link.newEmail, id: selector ?? "", token: secret ?? "" }
        : { status: link.status }
      : null,
  };
}

type ActionResult = { intent: "request"; result: SubmissionResult<string[]> } | { intent: "error"; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  const intent = formData.get("intent");
  // The sentences with an address in them are written in the reader's language (English: EMAIL_CHANGE_MESSAGES' own).
  const locale = requestLocale(request, user.locale);
  const t = translator(locale);

  if (intent === "request") {
    const submission = parseWithZod(formData, { schema: changeEmailSchema });
    if (submission.status !== "success") return data<ActionResult>({ intent, result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
    const fieldError = (field: "newEmail" | "currentPassword", message: string, status = 400) =>
      data<ActionResult>({ intent: "request", result: submission.reply({ hideFields: HIDDEN, fieldErrors: { [field]: [message] } }) }, { status });
    const requested = await requestEmailChange(user, { ...submission.value, ip: requestInfo(context).clientIp, locale });
    switch (requested.status) {
      case "wrong-password":
        return fieldError("currentPassword", SECURITY_MESSAGES.currentPasswordWrong);
      case "password-rate-limited":
        return fieldError("currentPassword", SECURITY_MESSAGES.tooManyPasswordAttempts, 429);
      case "same-address":
        return fieldError("newEmail", EMAIL_CHANGE_MESSAGES.sameAddress);
      case "taken":
        return fieldError("newEmail", EMAIL_CHANGE_MESSAGES.taken, 409);
      case "rate-limited":
        return data<ActionResult>({ intent: "error", error: EMAIL_CHANGE_MESSAGES.tooMany }, { status: 429 });
      case "requested": {
        const { email, newEmail } = requested;
        if (email.status === "sent") {
          return redirectWithToast(request, "/profile/email", {
            type: "success",
            title: EMAIL_CHANGE_MESSAGES.sentTitle,
            description: t("profile.email.sent", { address: newEmail }),
          });
        }
        if (email.status === "queued") {
          return redirectWithToast(request, "/profile/email", {
            type: "warning",
            title: EMAIL_CHANGE_MESSAGES.sentTitle,
            description: t("profile.email.queued", { address: newEmail }),
          });
        }
        // The mail service refused the new address itself (inactive, malformed): say so, and let it be corrected.
        await cancelEmailChange(user.id);
        return fieldError("newEmail", t("profile.email.notDelivered", { address: newEmail }), 422);
      }
    }
  }

  if (intent === "cancel") {
    await cancelEmailChange(user.id);
    return redirectWithToast(request, "/profile/email", { type: "info", title: EMAIL_CHANGE_MESSAGES.cancelled });
  }

  if (intent === "confirm") {
    const selector = formData.get("id");
    const secret = formData.get("token");
    if (typeof selector !== "string" || typeof secret !== "string") {
      return data<ActionResult>({ intent: "error", error: EMAIL_CHANGE_MESSAGES.linkInvalid }, { status: 400 });
    }
    const confirmed = await confirmEmailChange(user, selector, secret);
    switch (confirmed.status) {
      case "changed":
        return redirectWithToast(request, "/profile", {
          type: "success",
          title: EMAIL_CHANGE_MESSAGES.changedTitle,
          description: t("profile.email.changed", { address: confirmed.newEmail }),
        });
      case "invalid":
        return data<ActionResult>({ intent: "error", error: EMAIL_CHANGE_MESSAGES.linkInvalid }, { status: 400 });
      case "expired":
        return data<ActionResult>({ intent: "error", error: EMAIL_CHANGE_MESSAGES.linkExpired }, { status: 410 });
      case "taken":
        return data<ActionResult>({ intent: "error", error: EMAIL_CHANGE_MESSAGES.takenAtConfirm }, { status: 409 });
    }
  }

  return data<ActionResult>({ intent: "error", error: "Unknown action." }, { status: 400 });
}

export default function EmailAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { email, pending, link } = loaderData;
  const t = useT();
  const translate = useTranslateText();
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{t("profile.email.heading")}</h1>
      <p className="mt-1 text-slate-600">
        <T id="profile.email.lead" values={{ email }} components={{ 0: <span className="break-all font-medium text-slate-900" /> }} />
      </p>
      <div className="mt-6 space-y-6">
        {actionData?.intent === "error" ? <Alert tone="error">{translate(actionData.error)}</Alert> : null}
        {link?.status === "valid" && actionData?.intent !== "error" ? (
          <ConfirmChange from={email} link={link} />
        ) : link ? (
          <Alert tone="error">{translate(link.status === "expired" ? EMAIL_CHANGE_MESSAGES.linkExpired : EMAIL_CHANGE_MESSAGES.linkInvalid)}</Alert>
        ) : null}
        {pending ? <PendingChange pending={pending} /> : null}
        <RequestChange actionData={actionData} />
      </div>
    </>
  );
}

function ConfirmChange({ from, link }: { from: string; link: { newEmail: string; id: string; token: string } }) {
  const navigation = useNavigation();
  const t = useT();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t("profile.email.confirmTitle")}</h2>
      <p className="mt-1 text-sm text-slate-700">
        <T
          id="profile.email.confirmQuestion"
          values={{ from, to: link.newEmail }}
          components={{ 0: <span className="break-all font-medium" />, 1: <span className="break-all font-medium" /> }}
        />
      </p>
      <Form method="post" action="/profile/email" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="id" value={link.id} />
        <input type="hidden" name="token" value={link.token} />
        <button type="submit" name="intent" value="confirm" className={buttonClass("primary")} disabled={navigation.state === "submitting"}>
          {t("profile.email.confirm")}
        </button>
        <Link to="/profile/email" className={buttonClass("secondary")}>
          {t("profile.email.notNow")}
        </Link>
      </Form>
    </Card>
  );
}

function PendingChange({ pending }: { pending: { newEmail: string; requestedAt: string } }) {
  const t = useT();
  return (
    <Alert tone="info" title={t("profile.email.pendingTitle")}>
      <p>
        <T
          id="profile.email.pending"
          values={{ address: pending.newEmail, date: pending.requestedAt }}
          components={{ 0: <span className="break-all font-medium" /> }}
        />
      </p>
      <Form method="post" action="/profile/email" className="mt-2">
        <button type="submit" name="intent" value="cancel" className="font-medium underline">
          {t("profile.email.cancel")}
        </button>
      </Form>
    </Alert>
  );
}

function RequestChange({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "request";
  const t = useT();
  const [form, fields] = useForm({
    id: "change-email",
    lastResult: actionData?.intent === "request" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t("profile.email.changeTitle")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("profile.email.changeLead")}</p>
      <Form method="post" action="/profile/email" {...getFormProps(form)} noValidate className="mt-4 max-w-md space-y-4">
        <Field
          label={t("profile.email.newEmail")}
          inputProps={{ ...getInputProps(fields.newEmail, { type: "email" }), key: fields.newEmail.key, autoComplete: "email" }}
          errors={fields.newEmail.errors}
        />
        <Field
          label={t("profile.email.currentPassword")}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            key: fields.currentPassword.key,
            autoComplete: "current-password",
          }}
          errors={fields.currentPassword.errors}
          hint={t("profile.email.passwordHint")}
        />
        <button type="submit" name="intent" value="request" className={buttonClass("primary")} disabled={busy}>
          {busy ? t("profile.email.sending") : t("profile.email.send")}
        </button>
      </Form>
    </Card>
  );
}
