import { PageHeader, Section } from "~/components/marketing/page-header";
import { ButtonLink } from "~/components/ui/button";
import { PRINCIPLES, SHARIA_DISCLAIMER } from "~/content/sharia";
import { pageMeta } from "~/content/site";
import { DEFAULT_COVER } from "~/domain/default-cover";

export const meta = () =>
  pageMeta(
    "Sharia Compliance",
    "Why Rosca groups are interest-free: no riba, a flat service fee not tied to time or position, no gharar and a transparent payout order.",
  );

export default function Sharia() {
  return (
    <>
      <PageHeader
        eyebrow="Sharia compliance"
        title="Saving together without riba"
        lead={
          <p>
            Rotating savings groups have long been a halal way for Muslim families to save and to meet large expenses without interest. Here is how
            Rosca keeps to the principles that make them so.
          </p>
        }
      />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6">
        <Section id="principles" title="Four principles we design around">
          <ul className="grid gap-6 md:grid-cols-2">
            {PRINCIPLES.map((principle) => (
              <li key={principle.id} id={principle.id} className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{principle.term}</p>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{principle.title}</h3>
                <div className="mt-3 space-y-3 text-slate-700">{principle.body}</div>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="in-practice" title="What this means in practice">
          <ul className="max-w-3xl list-disc space-y-2 pl-5 text-slate-700">
            <li>Over a full cycle, you receive exactly what you contribute: no more, no less.</li>
            <li>Your fee is the same whether your turn is first or last.</li>
            <li>All amounts, dates and fees are shown before you commit.</li>
            <li>{DEFAULT_COVER.noInterest}</li>
            <li>During the demo phase, no real money moves: bank connections use a sandbox.</li>
          </ul>
        </Section>

        <section aria-labelledby="disclaimer-title" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950 sm:p-8">
          <h2 id="disclaimer-title" className="text-lg font-semibold">
            Please consult your own scholar
          </h2>
          <div className="mt-3 space-y-3 [&_a]:font-medium [&_a]:underline">{SHARIA_DISCLAIMER}</div>
        </section>

        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/blog/sharia-compliant-saving">Read: Saving Without Riba</ButtonLink>
          <ButtonLink to="/help" variant="secondary">
            Visit the Help Center
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
