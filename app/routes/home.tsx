import { Link, useRouteLoaderData } from "react-router";
import { ExampleGroupCard } from "~/components/marketing/example-group-card";
import { Section } from "~/components/marketing/page-header";
import { ButtonLink } from "~/components/ui/button";
import { EXAMPLE_GROUPS, HOW_IT_WORKS, TRUST_POINTS } from "~/content/landing";
import { MAX_CONTRIBUTION, MAX_MEMBERS, MIN_CONTRIBUTION, MIN_MEMBERS } from "~/content/site";
import type { RootData } from "~/root";

export const meta = () => [
  { title: "Rosca — Save Together, Grow Together" },
  {
    name: "description",
    content:
      "Rotating savings groups for friends, family and colleagues: everyone contributes the same amount and takes a turn receiving the whole pot. Interest-free and Sharia-compliant.",
  },
];

/** The hero's sample cycle: 5 members x $200 monthly = $1,000 to one member each month. */
const SAMPLE_TURNS = [
  { initials: "AY", name: "Amina", month: "January", status: "Paid out" },
  { initials: "DR", name: "Diego", month: "February", status: "Paid out" },
  { initials: "KO", name: "Kwame", month: "March", status: "Next" },
  { initials: "LS", name: "Lan", month: "April", status: "Upcoming" },
  { initials: "YOU", name: "You", month: "May", status: "Upcoming" },
] as const;

export default function Home() {
  const signedIn = Boolean(useRouteLoaderData<RootData>("root")?.user);
  const primaryCta = signedIn ? (
    <ButtonLink to="/dashboard" className="px-6 py-3 text-base">
      Go to Dashboard
    </ButtonLink>
  ) : (
    <ButtonLink to="/register" className="px-6 py-3 text-base">
      Start Your Group
    </ButtonLink>
  );

  return (
    <>
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">
              Interest-free · Sharia-compliant · For US residents 18+
            </p>
            <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              Save Together, Grow Together
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-700">
              Rosca brings the rotating savings circle your family may already know, a tanda, susu, hagbad or paluwagan, online. Everyone contributes
              the same amount on a schedule, and each member takes a turn receiving the whole pot. No interest, no credit check, no surprises.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {primaryCta}
              <ButtonLink to="/about" variant="secondary" className="px-6 py-3 text-base">
                Learn More
              </ButtonLink>
            </div>
            <p className="mt-4 text-sm text-slate-600">Demo phase: bank connections use a sandbox, and no real money moves.</p>
          </div>

          <figure className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
            <figcaption>
              <p className="text-sm font-semibold text-slate-900">Family circle, 5 members</p>
              <p className="text-sm text-slate-600">$200 each month · $1,000 payout per turn</p>
            </figcaption>
            <ol className="mt-5 space-y-3">
              {SAMPLE_TURNS.map((turn, index) => (
                <li key={turn.name} className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                      turn.status === "Next" ? "bg-brand-700 text-white" : "bg-brand-100 text-brand-900"
                    }`}
                  >
                    {turn.initials}
                  </span>
                  <span className="flex-1 text-sm text-slate-800">
                    <span className="font-medium">
                      Turn {index + 1}: {turn.name}
                    </span>
                    <span className="block text-slate-600">{turn.month} · $1,000</span>
                  </span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
                      turn.status === "Paid out"
                        ? "bg-slate-100 text-slate-700"
                        : turn.status === "Next"
                          ? "bg-brand-100 text-brand-900"
                          : "bg-white text-slate-700 ring-1 ring-slate-300"
                    }`}
                  >
                    {turn.status}
                  </span>
                </li>
              ))}
            </ol>
            <p className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-700">
              Everyone pays in $1,000 over five months and receives $1,000 once.
            </p>
          </figure>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-20 px-4 py-16 sm:px-6">
        <Section id="how-it-works" title="How it works" intro={<p>Three steps, repeated until every member has had a turn.</p>}>
          <ol className="grid gap-6 md:grid-cols-3">
            {HOW_IT_WORKS.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-700">{step.body}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section
          id="trust"
          title="Built on trust, backed by safeguards"
          intro={<p>A savings circle works because members keep their promises. Rosca makes those promises easy to keep and easy to check.</p>}
        >
          <ul className="grid gap-6 sm:grid-cols-2">
            {TRUST_POINTS.map((point) => (
              <li key={point.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="mt-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  ✓
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{point.title}</h3>
                  <p className="mt-1 text-slate-700">{point.body}</p>
                  {"link" in point ? (
                    <Link to={point.link.to} className="mt-2 inline-block text-sm font-semibold text-brand-800 underline hover:text-brand-900">
                      {point.link.label}
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section
          id="examples"
          title="Example groups"
          intro={<p>Every member pays the same and receives the same. Each payout is the contribution times the number of members.</p>}
        >
          <ul className="grid gap-6 md:grid-cols-3">
            {EXAMPLE_GROUPS.map((group) => (
              <li key={group.id}>
                <ExampleGroupCard group={group} />
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600">
            These examples show how rotating savings works. During the demo phase, Rosca groups have {MIN_MEMBERS} to {MAX_MEMBERS} members and
            contributions of {MIN_CONTRIBUTION} to {MAX_CONTRIBUTION} per period.
          </p>
        </Section>

        <section aria-labelledby="cta-title" className="rounded-3xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
            Ready to start your circle?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-50">
            Create a free account, invite the people you trust, and agree on an amount that works for everyone.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {signedIn ? (
              <Link to="/dashboard" className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50">
                Go to Dashboard
              </Link>
            ) : (
              <Link to="/register" className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50">
                Create Your Account
              </Link>
            )}
            <Link to="/about" className="rounded-lg border border-white/70 px-6 py-3 font-semibold text-white hover:bg-brand-800">
              About Rosca
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
