import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, Form, Link, type MetaArgs, useNavigation } from "react-router";
import { metaTranslator, T, useLocale, useT, useTranslateText } from "~/components/i18n";
import { AccountCard } from "~/components/profile/account-card";
import { PaymentRecord } from "~/components/profile/payment-record";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { Card } from "~/components/ui/page";
import { formatDate, formatDateTime } from "~/domain/format";
import { calendarDayIn, DEFAULT_DISPLAY_NAME, PROFILE_MESSAGES, profileSchema, toggleSchema } from "~/domain/profile";
import { RECORD_SHARING, recordSummary } from "~/domain/reliability";
import { completenessTone, profileCompleteness } from "~/domain/profile-completeness";
import { requireUser } from "~/server/auth/guards.server";
import { loadProfile, setShareReliability, updateProfile } from "~/server/profile/profile.server";
import { ownRecord } from "~/server/groups/reliability.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/profile._index";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("profile.info.title") }];
}

/** A calendar day (date of birth): as that day, never shifted by a time zone. */
function formatDay(day: string, locale: Locale) {
  return formatDate(day, { style: "long", locale });
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const url = new URL(request.url);
  // The page's own read; when it times out or fails, the page says so and shows what the session already knows.
  const loaded = await loadProfile(session.user.id);
  const user = loaded.status === "ok" ? loaded.user : session.user;
  const completeness = profileCompleteness(user);
  const record = await ownRecord(session.user.id);
  // The account card's dates in the reader's language (their English is unchanged).
  const locale = requestLocale(request, session.user.locale);
  return {
    loadState: loaded.status,
    editing: url.searchParams.get("edit") === "1",
    today: calendarDayIn(new Date()),
    profile: {
      // A placeholder name is shown as such but not put in the edit box, so saving does not keep it by accident.
      name: user.name,
      editableName: user.name === DEFAULT_DISPLAY_NAME ? "" : user.name,
      email: user.email,
      phone: user.phone,
      address: user.address,
      city: user.city,
      state: user.state,
      zipCode: user.zipCode,
      dateOfBirth: user.dateOfBirth,
    },
    account: {
      completeness,
      tone: completenessTone(completeness),
      memberSince: formatDate(user.createdAt, { style: "long", locale }),
      lastLogin: user.lastSignInAt ? formatDateTime(user.lastSignInAt, { locale }) : translator(locale)("account.card.never"),
      bankConnected: user.hasBankAccount,
      bankInstitutions: loaded.status === "ok" ? loaded.bank.institutions : [],
    },
    // The summary in the reader's language (English: the one other members are shown, word for word).
    paymentRecord: {
      record: record.record,
      summary: locale === DEFAULT_LOCALE ? record.summary : recordSummary(record.record, translator(locale)),
      share: user.shareReliability,
      profileVisible: user.profileVisible,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  // Profile → Your payment record: share its summary or not (ADR 041).
  if (formData.get("intent") === "share-record") {
    const submission = parseWithZod(formData, { schema: toggleSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), failed: false }, { status: 400 });
    const share = submission.value.enabled === true;
    await setShareReliability(user.id, share);
    return redirectWithToast(request, "/profile", { type: "success", ...(share ? RECORD_SHARING.shared : RECORD_SHARING.private) });
  }
  const submission = parseWithZod(formData, { schema: profileSchema(calendarDayIn(new Date())) });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), failed: false }, { status: 400 });
  }
  const saved = await updateProfile(user.id, submission.value);
  if (saved.status === "date-of-birth-locked") {
    return data({ result: submission.reply({ fieldErrors: { dateOfBirth: [saved.message] } }), failed: false }, { status: 400 });
  }
  if (saved.status === "error") {
    // Shown on the form (which keeps what was typed) rather than as a toast after a redirect that would lose it.
    return data({ result: submission.reply(), failed: true }, { status: 500 });
  }
  return redirectWithToast(request, "/profile", { type: "success", ...PROFILE_MESSAGES.updated });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.editing || actionData !== undefined;
  const t = useT();
  const translate = useTranslateText();
  const loadProblem = PROFILE_MESSAGES[loaderData.loadState === "timeout" ? "loadTimedOut" : "loadFailed"];
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{t("profile.info.heading")}</h1>
      {loaderData.loadState === "timeout" || loaderData.loadState === "error" ? (
        <div className="mt-4">
          <Alert tone="warning" title={translate(loadProblem.title)}>
            {translate(loadProblem.description)}{" "}
            <a href="/profile" className="font-medium underline">
              {t("profile.info.refresh")}
            </a>
          </Alert>
        </div>
      ) : null}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_280px]">
        {editing ? <ProfileForm loaderData={loaderData} actionData={actionData} /> : <ProfileView profile={loaderData.profile} />}
        <AccountCard account={loaderData.account} />
      </div>
      <div className="mt-6">
        <PaymentRecord view={loaderData.paymentRecord} />
      </div>
    </>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/**
 * The email is not edited in this form (SPEC.md: "Email cannot be changed"): changing it takes the password and a link
 * to the new address, on its own page (/profile/email).
 */
function EmailNote() {
  return <T id="profile.info.emailNote" components={{ 0: <Link to="/profile/email" className="font-medium text-brand-700 underline" /> }} />;
}

function ProfileView({ profile }: { profile: LoaderData["profile"] }) {
  const t = useT();
  const locale = useLocale();
  const rows: Array<[string, string | null, ReactNode?]> = [
    [t("profile.info.name"), profile.name],
    [t("profile.info.email"), profile.email, <EmailNote key="email-note" />],
    [t("profile.info.phone"), profile.phone],
    [t("profile.info.address"), profile.address],
    [t("profile.info.city"), profile.city],
    [t("profile.info.state"), profile.state],
    [t("profile.info.zip"), profile.zipCode],
    [
      t("profile.info.dateOfBirth"),
      profile.dateOfBirth ? formatDay(profile.dateOfBirth, locale) : null,
      profile.dateOfBirth ? t("profile.info.dateOfBirthLocked") : undefined,
    ],
  ];
  return (
    <Card>
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-lg font-semibold text-slate-900">{t("profile.info.details")}</h2>
        <Link to="?edit=1" className={buttonClass("secondary")}>
          {t("profile.info.edit")}
        </Link>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value, note]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className={`break-words ${value ? "font-medium text-slate-900" : "text-slate-500"}`}>{value || t("profile.info.notProvided")}</dd>
            {note ? <dd className="text-xs text-slate-600">{note}</dd> : null}
          </div>
        ))}
      </dl>
    </Card>
  );
}

function ProfileForm({ loaderData, actionData }: { loaderData: LoaderData; actionData: Route.ComponentProps["actionData"] }) {
  const { profile, today } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const translate = useTranslateText();
  const locale = useLocale();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.result,
    defaultValue: {
      name: profile.editableName,
      phone: profile.phone ?? "",
      address: profile.address ?? "",
      city: profile.city ?? "",
      state: profile.state ?? "",
      zipCode: profile.zipCode ?? "",
      dateOfBirth: profile.dateOfBirth ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema(today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = (field: (typeof fields)[keyof typeof fields], autoComplete: string) => ({
    ...getInputProps(field, { type: "text" }),
    key: field.key,
    autoComplete,
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t("profile.info.editDetails")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-4">
        {actionData?.failed ? (
          <Alert tone="error" title={translate(PROFILE_MESSAGES.updateFailed.title)}>
            {translate(PROFILE_MESSAGES.updateFailed.description)}
          </Alert>
        ) : null}
        <Field label={t("profile.info.name")} inputProps={text(fields.name, "name")} errors={fields.name.errors} hint={t("profile.info.nameHint")} />
        <div>
          <label htmlFor="profile-email" className="mb-1 block text-sm font-medium text-slate-800">
            {t("profile.info.email")}
          </label>
          <input
            id="profile-email"
            type="email"
            value={profile.email}
            readOnly
            aria-describedby="profile-email-hint"
            className={`${inputClass} bg-slate-50 text-slate-600`}
          />
          <p id="profile-email-hint" className="mt-1 text-xs text-slate-600">
            <EmailNote />
          </p>
        </div>
        <Field
          label={t("profile.info.phone")}
          inputProps={{ ...text(fields.phone, "tel"), type: "tel" }}
          errors={fields.phone.errors}
          hint={t("profile.info.phoneHint")}
        />
        <Field label={t("profile.info.address")} inputProps={text(fields.address, "street-address")} errors={fields.address.errors} />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t("profile.info.city")} inputProps={text(fields.city, "address-level2")} errors={fields.city.errors} />
          <Field
            label={t("profile.info.state")}
            inputProps={text(fields.state, "address-level1")}
            errors={fields.state.errors}
            hint={t("profile.info.stateHint")}
          />
          <Field
            label={t("profile.info.zip")}
            inputProps={{ ...text(fields.zipCode, "postal-code"), inputMode: "numeric" }}
            errors={fields.zipCode.errors}
            hint={t("profile.info.zipHint")}
          />
        </div>
        {profile.dateOfBirth ? (
          <div>
            <p className="mb-1 block text-sm font-medium text-slate-800">{t("profile.info.dateOfBirth")}</p>
            <p className="font-medium text-slate-900">{formatDay(profile.dateOfBirth, locale)}</p>
            <p className="mt-1 text-xs text-slate-600">{t("profile.info.dateOfBirthLocked")}</p>
          </div>
        ) : (
          <Field
            label={t("profile.info.dateOfBirth")}
            inputProps={{ ...getInputProps(fields.dateOfBirth, { type: "date" }), key: fields.dateOfBirth.key, autoComplete: "bday", max: today }}
            errors={fields.dateOfBirth.errors}
            hint={t("profile.info.dateOfBirthHint")}
          />
        )}
        <div className="flex gap-3">
          <button type="submit" className={buttonClass("primary")} disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("profile.info.saving") : t("profile.info.save")}
          </button>
          <Link to="/profile" className={buttonClass("secondary")}>
            {t("profile.info.cancel")}
          </Link>
        </div>
      </Form>
    </Card>
  );
}
