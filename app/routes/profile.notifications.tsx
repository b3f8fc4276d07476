import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { useT, useTranslateText } from "~/components/i18n";
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

export function meta() {
  return [{ title: "Notification preferences — Rosca" }];
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
const GROUPS: Array<{ legend: string; hint: string; options: Array<{ key: PreferenceKey; label: string; description: string }> }> = [
  {
    legend: "Email notifications",
    hint: "Security emails (sign-in alerts you asked for, password changes) are always sent.",
    options: [
      {
        key: "emailContributionReminders",
        label: "Contribution reminders",
        description: "An email two days before each contribution is due (and your daily reminders, if you turn those on).",
      },
      { key: "emailPayoutNotifications", label: "Payout notifications", description: "When your payout has been sent to your bank." },
      { key: "emailGroupInvitations", label: "New group invitations", description: "When someone invites you to a group." },
      {
        key: "emailWeeklySummary",
        label: "Weekly summary",
        description: "Every Monday morning: each of your groups' period, who has paid, the next due date and the next payout.",
      },
    ],
  },
  {
    legend: "Push notifications",
    hint: "Delivered at once in the app (the bell) and, where noted, by email. Browser push is not offered yet.",
    options: [
      {
        key: "pushUrgentAccount",
        label: "Urgent account notifications",
        description:
          "In the app and by email: a failed or returned payment, a sign-in from a new device, password or two-factor changes, a bank account unlinked.",
      },
      {
        key: "pushDailyReminders",
        label: "Daily reminders",
        description:
          "From three days before each due date until your contribution has gone through, one reminder a day (by email too when contribution reminders are on).",
      },
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
      <h1 className="text-2xl font-bold text-slate-900">Notification preferences</h1>
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
            {actionData.error}
          </p>
        ) : null}
        {/* key: after saving, the boxes show what was stored. */}
        <Form method="post" className="space-y-8" key={JSON.stringify(preferences)}>
          {GROUPS.map((group) => (
            <fieldset key={group.legend}>
              <legend className="text-lg font-semibold text-slate-900">{group.legend}</legend>
              <p className="text-sm text-slate-600">{group.hint}</p>
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
                        {option.label}
                      </label>
                      <p id={`pref-${option.key}-hint`} className="text-sm text-slate-600">
                        {option.description}
                      </p>
                    </div>
                  </div>
                ))}
              </div>
            </fieldset>
          ))}
          <button type="submit" className={buttonClass("primary")} disabled={navigation.state === "submitting" && saving !== "language"}>
            {navigation.state === "submitting" && saving !== "language" ? "Saving…" : "Save Preferences"}
          </button>
        </Form>
      </Card>
    </>
  );
}
