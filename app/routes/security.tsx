import { Link } from "react-router";
import type { Route } from "./+types/security";
import { PageHeader, Section } from "~/components/marketing/page-header";
import { ACCOUNT_TIPS, SECURITY_MEASURES } from "~/content/security";
import { pageMeta } from "~/content/site";
import { env } from "~/server/platform/env.server";

export const meta = () =>
  pageMeta(
    "Security",
    "How Rosca protects your account: argon2id password hashing, short server-side sessions, rate-limited login and encrypted bank connections.",
  );

export function loader() {
  return { supportEmail: env().SUPPORT_EMAIL };
}

export default function Security({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Security"
        title="How we keep your account safe"
        lead={
          <p>
            Saving with other people depends on trust. Here is what we do to protect your account and your information, and how to reach us if you
            find a problem.
          </p>
        }
      />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6">
        <Section id="protections" title="How we protect accounts">
          <ul className="grid gap-6 md:grid-cols-2">
            {SECURITY_MEASURES.map((measure) => (
              <li key={measure.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{measure.title}</h3>
                <p className="mt-2 text-slate-700">{measure.body}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="your-part" title="What you can do">
          <ul className="max-w-3xl list-disc space-y-2 pl-5 text-slate-700">
            {ACCOUNT_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </Section>

        <Section id="disclosure" title="Responsible disclosure">
          <div className="max-w-3xl space-y-4 text-slate-700">
            <p>
              If you believe you have found a security vulnerability in Rosca, please tell us privately so we can fix it before anyone is harmed.
              Email{" "}
              <a href={`mailto:${loaderData.supportEmail}?subject=Security%20report`} className="font-medium text-brand-800 underline">
                {loaderData.supportEmail}
              </a>{" "}
              with the subject "Security report", or use the{" "}
              <Link to="/contact?topic=security" className="font-medium text-brand-800 underline">
                contact form
              </Link>{" "}
              with the topic "Reporting a security issue". Include the steps to reproduce the problem and what you think its impact is.
            </p>
            <p>We ask that you:</p>
            <ul className="list-disc space-y-2 pl-5">
              <li>test only against your own accounts, and never access, change or delete other people's data;</li>
              <li>do not run denial-of-service, spam or social-engineering tests against us or our members; and</li>
              <li>give us reasonable time to fix the issue before sharing it publicly.</li>
            </ul>
            <p>
              In return, we will acknowledge your report within 24 hours, keep you updated while we work on it, and not pursue legal action against
              research done in good faith under these guidelines.
            </p>
          </div>
        </Section>
      </div>
    </>
  );
}
