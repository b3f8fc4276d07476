import { metaTranslator, useT } from "~/components/i18n";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { pageMeta } from "~/content/site";
import { isInvitationPath, safeRedirect } from "~/domain/auth";
import type { Route } from "./+types/auth-success";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(t("account.confirmed.title"), t("account.confirmed.description"));
}

/** Where the person was going when they signed up (carried by the confirmation link), if it is a safe path. */
export function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  return { redirectTo: redirectTo === "/dashboard" ? "" : redirectTo };
}

export default function AuthSuccess({ loaderData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 sm:px-6">
      <Card className="text-center">
        <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-800">
          ✓
        </span>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">{t("account.confirmed.title")}</h1>
        <p className="mt-3 text-slate-700">{t(isInvitationPath(redirectTo) ? "account.confirmed.invitation" : "account.confirmed.ready")}</p>
        <ButtonLink to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"} className="mt-8 w-full">
          {t("account.confirmed.login")}
        </ButtonLink>
      </Card>
    </div>
  );
}
