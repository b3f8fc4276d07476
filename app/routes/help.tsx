import { Link } from "react-router";
import { FaqList } from "~/components/marketing/faq-list";
import { PageHeader, Section } from "~/components/marketing/page-header";
import { ButtonLink } from "~/components/ui/button";
import { FAQ, GUIDES } from "~/content/faq";
import { pageMeta } from "~/content/site";

export const meta = () =>
  pageMeta("Help Center", "Answers about fees, missed payments, payout order, security and the demo phase, plus step-by-step guides.");

export default function Help() {
  return (
    <>
      <PageHeader
        eyebrow="Help Center"
        title="How can we help?"
        lead={<p>Answers to the questions members ask most, and step-by-step guides for getting started, creating a group and joining one.</p>}
      >
        <nav aria-label="Help topics" className="mt-6 flex flex-wrap gap-3 text-sm">
          <a href="#faq" className="rounded-full border border-brand-200 bg-white px-4 py-2 font-medium text-brand-900 hover:bg-brand-50">
            Frequently asked questions
          </a>
          {GUIDES.map((guide) => (
            <a
              key={guide.id}
              href={`#${guide.id}`}
              className="rounded-full border border-brand-200 bg-white px-4 py-2 font-medium text-brand-900 hover:bg-brand-50"
            >
              {guide.title}
            </a>
          ))}
        </nav>
      </PageHeader>

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6">
        <Section id="faq" title="Frequently asked questions" intro={<p>Select a question to see its answer.</p>}>
          <div className="max-w-3xl">
            <FaqList items={FAQ} />
          </div>
        </Section>

        <Section id="guides" title="Step-by-step guides">
          <div className="grid gap-6 lg:grid-cols-3">
            {GUIDES.map((guide) => (
              <section
                key={guide.id}
                id={guide.id}
                aria-labelledby={`${guide.id}-title`}
                className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h3 id={`${guide.id}-title`} className="text-lg font-semibold text-slate-900">
                  {guide.title}
                </h3>
                <p className="mt-1 text-sm text-slate-600">{guide.summary}</p>
                <ol className="mt-5 space-y-4">
                  {guide.steps.map((step, index) => (
                    <li key={step} className="flex gap-3 text-slate-700">
                      <span
                        aria-hidden="true"
                        className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-900"
                      >
                        {index + 1}
                      </span>
                      <span>{step}</span>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </Section>

        <section aria-labelledby="still-need-help" className="rounded-2xl bg-brand-50 p-8">
          <h2 id="still-need-help" className="text-xl font-semibold text-slate-900">
            Still need help?
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700">
            Send us a message and our support team will reply within 24 hours. For how we keep accounts safe, see our{" "}
            <Link to="/security" className="font-medium text-brand-800 underline">
              security page
            </Link>
            .
          </p>
          <div className="mt-5">
            <ButtonLink to="/contact">Contact Support</ButtonLink>
          </div>
        </section>
      </div>
    </>
  );
}
