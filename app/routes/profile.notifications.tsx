import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, type MetaArgs, useNavigation } from "react-router";
import { metaTranslator, useT, useTranslateText } from "~/components/i18n";
import type { MessageId } from "~/domain/messages/en-US";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { accountLocale, localeCookie } from "~/server/platform/locale.server";
import { isLocale, LOCALE_NAMES, LOCALES } from "~/domain/locale";
import { preferencesSchema, type PreferenceKey } from "~/domain/profile";
import { setAccountLocale } from "~/server/profile/profile.server";
import { requireUser } from "~/server/auth/guards.server";
import { getPreferences, savePreferences } from "~/server/notifications/preferences.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/profile.notifications";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("notifications.title") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  return { preferences: await getPreferences(user.id), locale: accountLocale(user.locale) };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  if (formData.get("intent") === "language") {
    // The language preference: on the account (pages and the emails written to this member) and in this browser's
    // cookie (the pages after signing out), as the header's switch does (POST /language).
    const locale = formData.get("locale");
    if (!isLocale(locale)) return data({ error: null, languageError: "Choose English or Español." as const }, { status: 400 });
    await setAccountLocale(user.id, locale);
    return redirectWithToast(
      request,
      "/profile/notifications",
      { type: "success", title: "Language Saved", description: "From now on, pages and the emails we send you are in the language you chose." },
      { headers: { "Set-Cookie": localeCookie(locale) } },
    );
  }
  const submission = parseWithZod(formData, { schema: preferencesSchema });
  if (submission.status !== "success") return data({ error: "Those preferences could not be read.", languageError: null }, { status: 400 });
  await savePreferences(user.id, submission.value);
  return redirectWithToast(request, "/profile/notifications", {
    type: "success",
    title: "Preferences Saved",
    description: "Your notification preferences have been updated.",
  });
}

/** What each choice does, as it does it (the senders: email/user-email.server.ts, reminders, weekly summary, account alerts). */
const GROUPS: Array<{ legend: MessageId; hint: MessageId; options: Array<{ key: PreferenceKey; label: MessageId; description: MessageId }> }> = [
  {
    legend: "notifications.email.legend",
    hint: "notifications.email.hint",
    options: [
      { key: "emailContributionReminders", label: "notifications.reminders.label", description: "notifications.reminders.description" },
      { key: "emailPayoutNotifications", label: "notifications.payouts.label", description: "notifications.payouts.description" },
      { key: "emailGroupInvitations", label: "notifications.invitations.label", description: "notifications.invitations.description" },
      { key: "emailWeeklySummary", label: "notifications.weekly.label", description: "notifications.weekly.description" },
    ],
  },
  {
    legend: "notifications.push.legend",
    hint: "notifications.push.hint",
    options: [
      { key: "pushUrgentAccount", label: "notifications.urgent.label", description: "notifications.urgent.description" },
      { key: "pushDailyReminders", label: "notifications.daily.label", description: "notifications.daily.description" },
    ],
  },
];

export default function NotificationPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();
  const translate = useTranslateText();
  const { preferences, locale } = loaderData;
  const saving = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{t("notifications.heading")}</h1>
      <Card className="mt-6">
        <section aria-labelledby="language-heading">
          <h2 id="language-heading" className="text-lg font-semibold text-slate-900">
            {t("profile.language.heading")}
          </h2>
          <p id="language-hint" className="text-sm text-slate-600">
            {t("profile.language.hint")}
          </p>
          {actionData?.languageError ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {translate(actionData.languageError)}
            </p>
          ) : null}
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" key={locale}>
            <input type="hidden" name="intent" value="language" />
            <div>
              <label htmlFor="pref-locale" className="block text-sm font-medium text-slate-900">
                {t("profile.language.label")}
              </label>
              <select
                id="pref-locale"
                name="locale"
                defaultValue={locale}
                aria-describedby="language-hint"
                className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-sm"
              >
                {LOCALES.map((option) => (
                  <option key={option} value={option} lang={option}>
                    {LOCALE_NAMES[option]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass("secondary")} disabled={saving === "language"}>
              {t("profile.language.save")}
            </button>
          </Form>
        </section>
      </Card>
      <Card className="mt-6">
        {actionData?.error ? (
          <p role="alert" className="mb-4 text-sm text-red-700">
            {translate(actionData.error)}
          </p>
        ) : null}
        {/* key: after saving, the boxes show what was stored. */}
        <Form method="post" className="space-y-8" key={JSON.stringify(preferences)}>
          {GROUPS.map((group) => (
            <fieldset key={group.legend}>
              <legend className="text-lg font-semibold text-slate-900">{t(group.legend)}</legend>
              <p className="text-sm text-slate-600">{t(group.hint)}</p>
              <div className="mt-3 space-y-3">
                {group.options.map((option) => (
                  <div key={option.key} className="flex items-start gap-3">
                    <input
                      id={`pref-${option.key}`}
                      type="checkbox"
                      name={option.key}
                      defaultChecked={preferences[option.key]}
                      aria-describedby={`pref-${option.key}-hint`}
                      className="mt-1 h-4 w-4 rounded border-slate-300"
                    />
                    <div>
                      <label htmlFor={`pref-${option.key}`} className="text-sm font-medium text-slate-900">
                        {t(option.label)}
                      </label>
                      <p id={`pref-${option.key}-hint`} className="text-sm text-slate-600">
                        {t(option.description)}
                      </p>
                    </div>
                  </div>
                ))}
              </div>
            </fieldset>
          ))}
          <button type="submit" className={buttonClass("primary")} disabled={navigation.state === "submitting" && saving !== "language"}>
            {navigation.state === "submitting" && saving !== "language" ? t("notifications.saving") : t("notifications.save")}
          </button>
        </Form>
      </Card>
    </>
  );
}
