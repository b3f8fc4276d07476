import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, type MetaArgs, useNavigation } from "react-router";
import { metaTranslator, T, useT, useTranslateText } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Card } from "~/components/ui/page";
import { AUTH_MESSAGES } from "~/domain/auth";
import { changePasswordSchema, confirmTwoFactorSchema, disableTwoFactorSchema, SECURITY_MESSAGES, toggleSchema } from "~/domain/profile";
import { requireUser } from "~/server/auth/guards.server";
import {
  cancelTwoFactorEnrolment,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  enrolmentDetails,
  hasTwoFactor,
  startTwoFactorEnrolment,
} from "~/server/auth/two-factor.server";
import {
  changePassword,
  checkCurrentPassword,
  formatDateTime,
  listSessions,
  setLoginNotifications,
  setProfileVisible,
  signOutOtherSessions,
  signOutSession,
} from "~/server/profile/security.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { DEFAULT_LOCALE } from "~/domain/locale";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/profile.security";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("profile.security.title") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, sessionId } = await requireUser(request);
  const enabled = hasTwoFactor(user);
  // Times and devices in the reader's language.
  const locale = requestLocale(request, user.locale);
  const sessionList = await listSessions(user.id, sessionId, new Date(), locale === DEFAULT_LOCALE ? undefined : translator(locale));
  return {
    twoFactor: {
      enabled,
      enabledAt: enabled && user.totpEnabledAt ? formatDateTime(user.totpEnabledAt, { locale }) : null,
      enrolment: enabled ? null : await enrolmentDetails(user),
    },
    sessions: sessionList.map((session) => ({
      id: session.id,
      device: session.device,
      ipAddress: session.ipAddress,
      createdAt: formatDateTime(session.createdAt, { locale }),
      lastActiveAt: formatDateTime(session.lastActiveAt, { locale }),
      current: session.current,
    })),
    loginNotifications: user.loginNotifications,
    profileVisible: user.profileVisible,
  };
}

const INTENTS = [
  "change-password",
  "2fa-start",
  "2fa-confirm",
  "2fa-cancel",
  "2fa-disable",
  "sign-out-others",
  "sign-out-session",
  "login-notifications",
  "profile-visibility",
] as const;
type Intent = (typeof INTENTS)[number];

function isIntent(value: unknown): value is Intent {
  return typeof value === "string" && (INTENTS as readonly string[]).includes(value);
}

type ActionResult = { intent: Intent | null; result?: SubmissionResult<string[]>; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user, sessionId } = await requireUser(request);
  const intent = formData.get("intent");
  if (!isIntent(intent)) return data<ActionResult>({ intent: null, error: "Unknown action." }, { status: 400 });
  const back = (title: string, description: string) => redirectWithToast(request, "/profile/security", { type: "success", title, description });

  switch (intent) {
    case "change-password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      const hidden = ["currentPassword", "newPassword", "confirmPassword"];
      if (submission.status !== "success") {
        return data<ActionResult>({ intent, result: submission.reply({ hideFields: hidden }) }, { status: 400 });
      }
      const changed = await changePassword(user, sessionId, { ...submission.value, ip: requestInfo(context).clientIp });
      if (changed.status === "rate-limited") {
        return data<ActionResult>(
          { intent, result: submission.reply({ hideFields: hidden, fieldErrors: { currentPassword: [SECURITY_MESSAGES.tooManyPasswordAttempts] } }) },
          { status: 429 },
        );
      }
      if (changed.status === "wrong-password") {
        return data<ActionResult>(
          { intent, result: submission.reply({ hideFields: hidden, fieldErrors: { currentPassword: [SECURITY_MESSAGES.currentPasswordWrong] } }) },
          { status: 400 },
        );
      }
      if (changed.status === "same-password") {
        return data<ActionResult>(
          { intent, result: submission.reply({ hideFields: hidden, fieldErrors: { newPassword: [AUTH_MESSAGES.samePassword] } }) },
          { status: 400 },
        );
      }
      return back("Password Changed", "Your password was changed and your other sessions were signed out.");
    }
    case "2fa-start": {
      if (hasTwoFactor(user)) return back("Two-Factor Authentication", "Two-factor authentication is already on.");
      await startTwoFactorEnrolment(user.id);
      // Back to the page, which now shows the QR code from the pending secret.
      return redirectWithToast(request, "/profile/security#two-factor", {
        type: "info",
        title: "Set Up Your Authenticator",
        description: "Scan the QR code, then enter the 6-digit code to finish.",
      });
    }
    case "2fa-confirm": {
      const submission = parseWithZod(formData, { schema: confirmTwoFactorSchema });
      if (submission.status !== "success") {
        return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
      }
      if (!(await confirmTwoFactorEnrolment(user.id, submission.value.code))) {
        return data<ActionResult>({ intent, result: submission.reply({ fieldErrors: { code: [SECURITY_MESSAGES.invalidCode] } }) }, { status: 400 });
      }
      return back("Two-Factor Authentication Enabled", "From now on, signing in asks for a code from your authenticator app.");
    }
    case "2fa-cancel": {
      await cancelTwoFactorEnrolment(user.id);
      return redirectWithToast(request, "/profile/security", { type: "info", title: "Two-Factor Setup Cancelled" });
    }
    case "2fa-disable": {
      const submission = parseWithZod(formData, { schema: disableTwoFactorSchema });
      if (submission.status !== "success") {
        return data<ActionResult>({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
      }
      const check = await checkCurrentPassword(user, submission.value.password, requestInfo(context).clientIp);
      if (check !== "ok") {
        const message = check === "rate-limited" ? SECURITY_MESSAGES.tooManyPasswordAttempts : SECURITY_MESSAGES.passwordWrong;
        return data<ActionResult>(
          { intent, result: submission.reply({ hideFields: ["password"], fieldErrors: { password: [message] } }) },
          { status: check === "rate-limited" ? 429 : 400 },
        );
      }
      await disableTwoFactor(user.id);
      return back("Two-Factor Authentication Disabled", "Signing in now needs only your password.");
    }
    case "sign-out-others": {
      await signOutOtherSessions(user.id, sessionId);
      return back("Signed Out Other Sessions", "Every other device was signed out.");
    }
    case "sign-out-session": {
      const target = formData.get("sessionId");
      if (typeof target !== "string" || target.length === 0 || target.length > 200) {
        return data<ActionResult>({ intent, error: "Unknown session." }, { status: 400 });
      }
      await signOutSession(user.id, target, sessionId);
      return back("Session Signed Out", "That device was signed out.");
    }
    case "login-notifications": {
      const submission = parseWithZod(formData, { schema: toggleSchema });
      if (submission.status !== "success") return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
      const enabled = submission.value.enabled === true;
      await setLoginNotifications(user.id, enabled);
      return back("Login Notifications Saved", enabled ? "We'll email you on each new sign-in." : "Sign-in emails are off.");
    }
    case "profile-visibility": {
      const submission = parseWithZod(formData, { schema: toggleSchema });
      if (submission.status !== "success") return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
      const visible = submission.value.enabled === true;
      await setProfileVisible(user.id, visible);
      return back("Privacy Saved", visible ? "Members of your groups can see your profile details." : "Members of your groups see only your name.");
    }
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

function resultFor(actionData: ActionData, intent: Intent) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const translate = useTranslateText();
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{t("profile.security.heading")}</h1>
      {actionData?.error ? (
        <div className="mt-4">
          <Alert tone="error">{translate(actionData.error)}</Alert>
        </div>
      ) : null}
      <div className="mt-6 space-y-6">
        <ChangePassword actionData={actionData} />
        <TwoFactor twoFactor={loaderData.twoFactor} actionData={actionData} />
        <Sessions sessions={loaderData.sessions} />
        <Toggle
          intent="login-notifications"
          title={t("profile.security.loginTitle")}
          description={t("profile.security.loginDescription")}
          label={t("profile.security.loginLabel")}
          checked={loaderData.loginNotifications}
        />
        <Toggle
          intent="profile-visibility"
          title={t("profile.security.visibilityTitle")}
          description={t("profile.security.visibilityDescription")}
          label={t("profile.security.visibilityLabel")}
          checked={loaderData.profileVisible}
        />
      </div>
    </>
  );
}

function SubmitButton({ intent, children, variant = "primary" }: { intent: Intent; children: string; variant?: "primary" | "secondary" | "danger" }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} className={buttonClass(variant)} disabled={busy}>
      {children}
    </button>
  );
}

function ChangePassword({ actionData }: { actionData: ActionData }) {
  const t = useT();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: resultFor(actionData, "change-password"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t("profile.security.passwordTitle")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("profile.security.passwordLead")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 max-w-md space-y-4">
        <Field
          label={t("profile.security.currentPassword")}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            key: fields.currentPassword.key,
            autoComplete: "current-password",
          }}
          errors={fields.currentPassword.errors}
        />
        <Field
          label={t("profile.security.newPassword")}
          inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), key: fields.newPassword.key, autoComplete: "new-password" }}
          errors={fields.newPassword.errors}
          hint={t("profile.security.passwordRules")}
        />
        <Field
          label={t("profile.security.confirmPassword")}
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: "password" }),
            key: fields.confirmPassword.key,
            autoComplete: "new-password",
          }}
          errors={fields.confirmPassword.errors}
        />
        <SubmitButton intent="change-password">{t("profile.security.changePassword")}</SubmitButton>
      </Form>
    </Card>
  );
}

function TwoFactor({ twoFactor, actionData }: { twoFactor: LoaderData["twoFactor"]; actionData: ActionData }) {
  const t = useT();
  return (
    <Card>
      <h2 id="two-factor" className="text-lg font-semibold text-slate-900">
        {t("profile.security.twoFactorTitle")}
      </h2>
      {twoFactor.enabled ? (
        <>
          <p className="mt-1 text-sm text-slate-700">
            <T
              id="profile.security.twoFactorOn"
              values={{ date: twoFactor.enabledAt ?? "" }}
              components={{ 0: <span className="font-semibold text-green-800" /> }}
            />
          </p>
          <DisableTwoFactor actionData={actionData} />
        </>
      ) : twoFactor.enrolment ? (
        <ConfirmTwoFactor enrolment={twoFactor.enrolment} actionData={actionData} />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            <T id="profile.security.twoFactorOff" components={{ 0: <span className="font-semibold" /> }} />
          </p>
          <Form method="post" className="mt-4">
            <SubmitButton intent="2fa-start">{t("profile.security.enable")}</SubmitButton>
          </Form>
        </>
      )}
    </Card>
  );
}

function ConfirmTwoFactor({ enrolment, actionData }: { enrolment: NonNullable<LoaderData["twoFactor"]["enrolment"]>; actionData: ActionData }) {
  const t = useT();
  const [form, fields] = useForm({
    id: "2fa-confirm",
    lastResult: resultFor(actionData, "2fa-confirm"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmTwoFactorSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="mt-2 space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>{t("profile.security.step1")}</li>
        <li>{t("profile.security.step2")}</li>
        <li>{t("profile.security.step3")}</li>
      </ol>
      <img src={enrolment.qrCodeDataUrl} alt={t("profile.security.qrAlt")} width={180} height={180} className="rounded border border-slate-200" />
      <div>
        <p className="text-sm text-slate-600">{t("profile.security.setupKey")}</p>
        <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
          {enrolment.secret}
        </code>
      </div>
      <Form method="post" {...getFormProps(form)} noValidate className="max-w-xs space-y-4">
        <Field
          label={t("profile.security.code")}
          inputProps={{ ...getInputProps(fields.code, { type: "text" }), key: fields.code.key, inputMode: "numeric", autoComplete: "one-time-code" }}
          errors={fields.code.errors}
        />
        <div className="flex gap-3">
          <SubmitButton intent="2fa-confirm">{t("profile.security.verify")}</SubmitButton>
        </div>
      </Form>
      <Form method="post">
        <SubmitButton intent="2fa-cancel" variant="secondary">
          {t("profile.security.cancelSetup")}
        </SubmitButton>
      </Form>
    </div>
  );
}

function DisableTwoFactor({ actionData }: { actionData: ActionData }) {
  const t = useT();
  const [form, fields] = useForm({
    id: "2fa-disable",
    lastResult: resultFor(actionData, "2fa-disable"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: disableTwoFactorSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-4 max-w-md space-y-4">
      <Field
        label={t("profile.security.password")}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), key: fields.password.key, autoComplete: "current-password" }}
        errors={fields.password.errors}
        hint={t("profile.security.disableHint")}
      />
      <SubmitButton intent="2fa-disable" variant="danger">
        {t("profile.security.disable")}
      </SubmitButton>
    </Form>
  );
}

function Sessions({ sessions }: { sessions: LoaderData["sessions"] }) {
  const others = sessions.filter((session) => !session.current).length;
  const t = useT();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t("profile.security.sessionsTitle")}</h2>
      <ul className="mt-4 divide-y divide-slate-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-900">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                    {t("profile.security.thisDevice")}
                  </span>
                ) : null}
              </p>
              <p className="text-slate-600">
                {session.ipAddress ? t("profile.security.ip", { ip: session.ipAddress }) : t("profile.security.ipUnknown")}
              </p>
              <p className="text-slate-600">{t("profile.security.sessionTimes", { started: session.createdAt, lastActive: session.lastActiveAt })}</p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="sessionId" value={session.id} />
                <button
                  type="submit"
                  name="intent"
                  value="sign-out-session"
                  className={buttonClass("secondary")}
                  aria-label={t("profile.security.signOutLabel", { device: session.device, lastActive: session.lastActiveAt })}
                >
                  {t("profile.security.signOut")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4">
        {others > 0 ? (
          <SubmitButton intent="sign-out-others" variant="secondary">
            {t("profile.security.signOutOthers")}
          </SubmitButton>
        ) : (
          <p className="text-sm text-slate-600">{t("profile.security.noOthers")}</p>
        )}
      </Form>
    </Card>
  );
}

function Toggle({
  intent,
  title,
  description,
  label,
  checked,
}: {
  intent: Intent;
  title: string;
  description: string;
  label: string;
  checked: boolean;
}) {
  const id = `${intent}-enabled`;
  const t = useT();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      {/* key: after saving, the checkbox shows the stored value, not the one the browser remembered. */}
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-4" key={String(checked)}>
        <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
          <input id={id} type="checkbox" name="enabled" defaultChecked={checked} className="h-4 w-4 rounded border-slate-300" />
          {label}
        </label>
        <SubmitButton intent={intent} variant="secondary">
          {t("profile.security.save")}
        </SubmitButton>
      </Form>
    </Card>
  );
}
