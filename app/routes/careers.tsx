import { PageHeader, Section } from "~/components/marketing/page-header";
import { ButtonLink } from "~/components/ui/button";
import { pageMeta } from "~/content/site";

export const meta = () => pageMeta("Careers", "Open roles at Rosca are coming soon. Tell us about yourself in the meantime.");

const INTERESTS = [
  "Product engineering: React, TypeScript and PostgreSQL, with a focus on accessible, server-rendered pages.",
  "Payments and ledger engineering: scheduling, bank transfers and records that always add up.",
  "Member support: helping groups get started and keeping every reply within 24 hours.",
  "Community and partnerships: working with the communities that have saved this way for generations.",
] as const;

export default function Careers() {
  return (
    <>
      <PageHeader
        eyebrow="Careers"
        title="Careers at Rosca"
        lead={<p>We are a small team, and we are not hiring just yet. Open roles are coming soon.</p>}
      />
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
        <Section
          id="coming-soon"
          title="Coming soon"
          intro={
            <p>
              When Rosca moves beyond its demo phase, we expect to grow in these areas. If one of them sounds like you, we would love to hear from you
              now.
            </p>
          }
        >
          <ul className="grid gap-4 sm:grid-cols-2">
            {INTERESTS.map((interest) => (
              <li key={interest} className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-700 shadow-sm">
                {interest}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="get-in-touch" title="Get in touch">
          <div className="max-w-2xl space-y-4 text-slate-700">
            <p>
              Send us a short note through the contact form with the topic Careers: who you are, what you would like to work on, and a link to your
              work or profile. Please do not send sensitive personal documents. We read every message and reply within 24 hours.
            </p>
          </div>
          <div className="mt-6">
            <ButtonLink to="/contact?topic=careers">Contact Us About Careers</ButtonLink>
          </div>
        </Section>
      </div>
    </>
  );
}
