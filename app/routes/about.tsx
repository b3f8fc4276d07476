import { PageHeader, Section } from "~/components/marketing/page-header";
import { ButtonLink } from "~/components/ui/button";
import { ABOUT_INTRO, FACTS, VALUES } from "~/content/about";
import { pageMeta } from "~/content/site";

export const meta = () =>
  pageMeta("About Us", "Why we built Rosca: an interest-free, transparent way for people who trust each other to save together.");

export default function About() {
  return (
    <>
      <PageHeader eyebrow="About Rosca" title="A savings tradition, made simple" lead={<p>{ABOUT_INTRO[0]}</p>} />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6">
        <Section id="mission" title="Our mission">
          <div className="max-w-3xl space-y-4 text-lg text-slate-700">
            {ABOUT_INTRO.slice(1).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p>
              We are building for the people who already save this way and for everyone who would like to: friends planning a trip, colleagues
              starting side businesses, parents covering school costs, couples saving for a wedding.
            </p>
          </div>
        </Section>

        <Section id="values" title="What we stand for">
          <ul className="grid gap-6 sm:grid-cols-2">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-2 text-slate-700">{value.body}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="facts" title="Rosca at a glance">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FACTS.map((fact) => (
              <div key={fact.label} className="rounded-2xl bg-brand-50 p-5">
                <dt className="text-sm text-brand-900">{fact.label}</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section id="demo" title="Where we are today">
          <div className="max-w-3xl space-y-4 text-slate-700">
            <p>
              Rosca is in a demo phase. You can create an account, explore the dashboard and, once an administrator grants you sandbox access, link a
              test bank account and try out groups. Bank connections use a sandbox bank, and no real money moves. Group savings with real accounts
              will launch soon.
            </p>
            <p>Rosca is available to US residents aged 18 and over.</p>
          </div>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/register">Create an Account</ButtonLink>
            <ButtonLink to="/help" variant="secondary">
              Visit the Help Center
            </ButtonLink>
            <ButtonLink to="/contact" variant="secondary">
              Contact Us
            </ButtonLink>
          </div>
        </Section>
      </div>
    </>
  );
}
