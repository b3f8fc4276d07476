import { Link, useRouteLoaderData } from "react-router";
import { type ExampleGroup, ExampleGroupCard } from "~/components/marketing/example-group-card";
import { Section } from "~/components/marketing/page-header";
import { metaTranslator, useT } from "~/components/i18n";
import { formatDollars } from "~/domain/format";
import { pageLocale } from "~/server/auth/locale.server";
import { translator } from "~/server/platform/locale.server";
import type { Route } from "./+types/home";
import { ButtonLink } from "~/components/ui/button";
import { EXAMPLE_GROUPS, HOW_IT_WORKS, TRUST_POINTS } from "~/content/landing";
import { MAX_CONTRIBUTION, MAX_MEMBERS, MIN_CONTRIBUTION, MIN_MEMBERS } from "~/content/site";
import type { RootData } from "~/root";
import type { MetaArgs } from "react-router";

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslator(matches);
  return [{ title: t("shell.title") }, { name: "description", content: t("home.description") }];
};

/** The hero's sample cycle: 5 members x $200 monthly = $1,000 to one member each month. */
const SAMPLE_TURNS = [
  { initials: "AY", name: "Amina", month: "home.sample.january", status: "paid" },
  { initials: "DR", name: "Diego", month: "home.sample.february", status: "paid" },
  { initials: "KO", name: "Kwame", month: "home.sample.march", status: "next" },
  { initials: "LS", name: "Lan", month: "home.sample.april", status: "upcoming" },
  { initials: null, name: null, month: "home.sample.may", status: "upcoming" },
] as const;

const STATUS_LABELS = { paid: "home.sample.paidOut", next: "home.sample.next", upcoming: "home.sample.upcoming" } as const;

/** The example groups' words and amounts in the reader's language, written here so the page ships no number formatting. */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = await pageLocale(request);
  const t = translator(locale);
  const dollars = (amount: number) => formatDollars(amount, locale);
  const labels = {
    members: t("home.example.members"),
    contribution: t("home.example.contribution"),
    cycle: t("home.example.cycleLabel"),
    payIn: t("home.example.payIn"),
    payout: t("home.example.payout"),
  };
  const examples: ExampleGroup[] = EXAMPLE_GROUPS.map((group) => {
    // Payout per turn = contribution x members (SPEC.md section 9); each member pays in the same over the cycle.
    const payout = dollars(group.contribution * group.members);
    return {
      id: group.id,
      name: t(group.name),
      purpose: t(group.purpose),
      members: t("home.example.memberCount", { count: group.members }),
      contribution: `${dollars(group.contribution)} ${t(group.frequency)}`,
      cycle: t("home.example.cycle", { months: group.cycleMonths }),
      payIn: t("home.example.payInTotal", { amount: payout }),
      payout,
      formula: t("home.example.formula", { amount: dollars(group.contribution), members: group.members }),
      membersNote: group.explainMembers ? t("home.example.membersNote", { months: group.cycleMonths, members: group.members }) : undefined,
      labels,
    };
  });
  return { examples };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const signedIn = Boolean(useRouteLoaderData<RootData>("root")?.user);
  const primaryCta = signedIn ? (
    <ButtonLink to="/dashboard" className="px-6 py-3 text-base">
      {t("home.dashboard")}
    </ButtonLink>
  ) : (
    <ButtonLink to="/register" className="px-6 py-3 text-base">
      {t("home.start")}
    </ButtonLink>
  );

  return (
    <>
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">{t("home.badge")}</p>
            <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              {t("home.title")}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-700">{t("home.lead")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              {primaryCta}
              <ButtonLink to="/about" variant="secondary" className="px-6 py-3 text-base">
                {t("home.learnMore")}
              </ButtonLink>
            </div>
            <p className="mt-4 text-sm text-slate-600">{t("home.demo")}</p>
          </div>

          <figure className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
            <figcaption>
              <p className="text-sm font-semibold text-slate-900">{t("home.sample.title")}</p>
              <p className="text-sm text-slate-600">{t("home.sample.terms")}</p>
            </figcaption>
            <ol className="mt-5 space-y-3">
              {SAMPLE_TURNS.map((turn, index) => (
                <li key={turn.month} className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                      turn.status === "next" ? "bg-brand-700 text-white" : "bg-brand-100 text-brand-900"
                    }`}
                  >
                    {turn.initials ?? t("home.sample.youInitials")}
                  </span>
                  <span className="flex-1 text-sm text-slate-800">
                    <span className="font-medium">{t("home.sample.turn", { number: index + 1, name: turn.name ?? t("home.sample.you") })}</span>
                    <span className="block text-slate-600">{t(turn.month)} · $1,000</span>
                  </span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
                      turn.status === "paid"
                        ? "bg-slate-100 text-slate-700"
                        : turn.status === "next"
                          ? "bg-brand-100 text-brand-900"
                          : "bg-white text-slate-700 ring-1 ring-slate-300"
                    }`}
                  >
                    {t(STATUS_LABELS[turn.status])}
                  </span>
                </li>
              ))}
            </ol>
            <p className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-700">{t("home.sample.total")}</p>
          </figure>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-20 px-4 py-16 sm:px-6">
        <Section id="how-it-works" title={t("home.how.title")} intro={<p>{t("home.how.intro")}</p>}>
          <ol className="grid gap-6 md:grid-cols-3">
            {HOW_IT_WORKS.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(step.title)}</h3>
                <p className="mt-2 text-slate-700">{t(step.body)}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="trust" title={t("home.trust.title")} intro={<p>{t("home.trust.intro")}</p>}>
          <ul className="grid gap-6 sm:grid-cols-2">
            {TRUST_POINTS.map((point) => (
              <li key={point.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="mt-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  ✓
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{t(point.title)}</h3>
                  <p className="mt-1 text-slate-700">{t(point.body)}</p>
                  {"link" in point ? (
                    <Link to={point.link.to} className="mt-2 inline-block text-sm font-semibold text-brand-800 underline hover:text-brand-900">
                      {t(point.link.label)}
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="examples" title={t("home.examples.title")} intro={<p>{t("home.examples.intro")}</p>}>
          <ul className="grid gap-6 lg:grid-cols-3">
            {loaderData.examples.map((group) => (
              <li key={group.id}>
                <ExampleGroupCard group={group} />
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600">
            {t("home.examples.note", {
              minMembers: MIN_MEMBERS,
              maxMembers: MAX_MEMBERS,
              minContribution: MIN_CONTRIBUTION,
              maxContribution: MAX_CONTRIBUTION,
            })}
          </p>
        </Section>

        <section aria-labelledby="cta-title" className="rounded-3xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
            {t("home.cta.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-50">{t("home.cta.body")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {signedIn ? (
              <Link to="/dashboard" className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50">
                {t("home.dashboard")}
              </Link>
            ) : (
              <Link to="/register" className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50">
                {t("home.cta.create")}
              </Link>
            )}
            <Link to="/about" className="rounded-lg border border-white/70 px-6 py-3 font-semibold text-white hover:bg-brand-800">
              {t("home.cta.about")}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
