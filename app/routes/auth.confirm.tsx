import { data, Form, Link, redirect, useNavigation } from "react-router";
import { metaTranslator, T, useT, useTranslateText } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { CONFIRM_MESSAGES, safeRedirect } from "~/domain/auth";
import { confirmEmail, confirmLinkState, requestNewConfirmation } from "~/server/auth/accounts.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { requestLocale } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/auth.confirm";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title =
    loaderData?.state === "expired"
      ? t(CONFIRM_MESSAGES.expiredTitle)
      : loaderData?.state === "invalid"
        ? t(CONFIRM_MESSAGES.invalidTitle)
        : t("account.confirm.title");
  return [{ title: t("account.confirm.pageTitle", { title }) }];
}

/** "Confirmed it already? Log in", with the link. */
function AlreadyConfirmed({ redirectTo }: { redirectTo: string }) {
  return (
    <p className="mt-4 text-sm text-slate-600">
      <T
        id="account.confirm.already"
        components={{ 0: <Link to={withRedirect("/login", redirectTo)} className="font-medium text-brand-700 underline" /> }}
      />
    </p>
  );
}

/** The path the confirmation link carries (where the person was going when they signed up), if it is a safe one. */
function carriedRedirect(value: unknown) {
  return safeRedirect(value, "");
}

function withRedirect(path: string, redirectTo: string) {
  return redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}

/**
 * GET shows a confirm button; POST confirms. A loader never writes, and mail scanners that prefetch links cannot
 * spend the token on the user's behalf. A link that no longer works says why, and never sends anyone to register
 * again (their account exists): an expired link offers a new one in one click, an invalid one asks for the address.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get("id") ?? "";
  const token = params.get("token") ?? "";
  const redirectTo = carriedRedirect(params.get("redirectTo"));
  const state = await confirmLinkState(id, token);
  if (state.status === "confirmed") {
    throw await redirectWithToast(request, withRedirect("/login", redirectTo), {
      type: "info",
      title: CONFIRM_MESSAGES.alreadyConfirmedTitle,
      description: CONFIRM_MESSAGES.alreadyConfirmed,
    });
  }
  if (state.status === "expired") return data({ state: "expired" as const, id, token, redirectTo, sent: false, error: null }, { status: 410 });
  if (state.status === "invalid")
    return data({ state: "invalid" as const, id: "", token: "", redirectTo, sent: false, error: null }, { status: 400 });
  return { state: "valid" as const, id, token, redirectTo, sent: false, error: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");
  const token = String(formData.get("token") ?? "");
  const redirectTo = carriedRedirect(formData.get("redirectTo"));

  if (intent === "resend") {
    // The expired link itself says whose account it is: the new link goes to that address, and only the holder of
    // the old link's secret can ask for it this way.
    const state = await confirmLinkState(id, token);
    if (state.status !== "expired") {
      return data({ state: "invalid" as const, id: "", token: "", redirectTo, sent: false, error: null }, { status: 400 });
    }
    const outcome = await requestNewConfirmation(state.email, requestInfo(context).clientIp, { redirectTo, locale: requestLocale(request) });
    if (outcome.status === "rate-limited") {
      return data({ state: "expired" as const, id, token, redirectTo, sent: false, error: CONFIRM_MESSAGES.tooMany }, { status: 429 });
    }
    return data({ state: "expired" as const, id, token, redirectTo, sent: true, error: null });
  }

  const confirmed = await confirmEmail(id, token);
  if (!confirmed) {
    const state = await confirmLinkState(id, token);
    if (state.status === "confirmed") return redirect(withRedirect("/login", redirectTo));
    return data(
      { state: state.status === "expired" ? ("expired" as const) : ("invalid" as const), id, token, redirectTo, sent: false, error: null },
      { status: state.status === "expired" ? 410 : 400 },
    );
  }
  return redirect(withRedirect("/auth-success", redirectTo));
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const view = actionData ?? loaderData;
  const t = useT();
  // CONFIRM_MESSAGES are SERVER_TEXTS: their English is SPEC.md's, shown in the reader's language.
  const say = useTranslateText();

  if (view.state === "expired") {
    return (
      <PageContainer narrow>
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">{say(CONFIRM_MESSAGES.expiredTitle)}</h1>
          <p className="mt-2 text-slate-700">{say(CONFIRM_MESSAGES.expired)}</p>
          <Form method="post" className="mt-6 space-y-4">
            {view.sent ? (
              <Alert tone="success" title={say(CONFIRM_MESSAGES.resentTitle)}>
                {say(CONFIRM_MESSAGES.resent)}
              </Alert>
            ) : null}
            {view.error ? (
              <Alert tone="error" title={t("account.confirm.tooMany")}>
                {say(view.error)}
              </Alert>
            ) : null}
            <input type="hidden" name="id" value={view.id} />
            <input type="hidden" name="token" value={view.token} />
            <input type="hidden" name="redirectTo" value={view.redirectTo} />
            <button type="submit" name="intent" value="resend" className={buttonClass("primary", "w-full")} disabled={busy}>
              {busy ? t("account.confirm.sending") : t("account.confirm.resend")}
            </button>
          </Form>
          <AlreadyConfirmed redirectTo={view.redirectTo} />
        </Card>
      </PageContainer>
    );
  }

  if (view.state === "invalid") {
    const resend = new URLSearchParams({ mode: "resend" });
    if (view.redirectTo) resend.set("redirectTo", view.redirectTo);
    return (
      <PageContainer narrow>
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">{say(CONFIRM_MESSAGES.invalidTitle)}</h1>
          <p className="mt-2 text-slate-700">{say(CONFIRM_MESSAGES.invalid)}</p>
          <Link to={`/login?${resend}`} className={buttonClass("primary", "mt-6 w-full")}>
            {t("account.confirm.resend")}
          </Link>
          <AlreadyConfirmed redirectTo={view.redirectTo} />
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer narrow>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">{t("account.confirm.title")}</h1>
        <p className="mt-2 text-slate-600">{t("account.confirm.lead")}</p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="id" value={view.id} />
          <input type="hidden" name="token" value={view.token} />
          <input type="hidden" name="redirectTo" value={view.redirectTo} />
          <button type="submit" name="intent" value="confirm" className={buttonClass("primary", "w-full")} disabled={busy}>
            {busy ? t("account.confirm.submitting") : t("account.confirm.submit")}
          </button>
        </Form>
      </Card>
    </PageContainer>
  );
}
