import { NavLink, Outlet, useLocation } from "react-router";
import { useT } from "~/components/i18n";
import { UndeliverableEmailBanner } from "~/components/profile/undeliverable-email-banner";
import { PageContainer } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/profile";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, emailProblem } = await requireUser(request);
  // The address is marked undeliverable (issue 31): the banner on every profile page, read with the session.
  return { emailProblem: emailProblem ? { address: user.email, reason: emailProblem.reason } : null };
}

const LINKS = [
  { to: "/profile", label: "profileNav.profile", end: true },
  { to: "/profile/bank-accounts", label: "profileNav.bank", end: false },
  { to: "/profile/security", label: "profileNav.security", end: false },
  { to: "/profile/notifications", label: "profileNav.notifications", end: false },
] as const;

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const t = useT();
  const onEmailPage = pathname.replace(/\/+$/, "") === "/profile/email";
  return (
    <PageContainer>
      <div className="grid gap-8 md:grid-cols-[200px_1fr]">
        <nav aria-label={t("profileNav.label")}>
          <ul className="space-y-1">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`
                  }
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          {loaderData.emailProblem ? (
            <div className="mb-6">
              <UndeliverableEmailBanner problem={loaderData.emailProblem} linked={!onEmailPage} />
            </div>
          ) : null}
          <Outlet />
        </div>
      </div>
    </PageContainer>
  );
}
