import { Form, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { formatDate } from "~/domain/format";

/**
 * For users without sandbox access (SPEC.md sections 2 and 6): ask for it, either as a request recorded for the
 * admins (a plain POST form, works without JavaScript) or by email to support. Data: sandboxCardState(userId).
 */
export function SandboxRequestCard({
  hasOpenRequest,
  requestedAt,
  supportEmail,
}: {
  hasOpenRequest: boolean;
  requestedAt?: string;
  supportEmail: string;
}) {
  const location = useLocation();
  const mailto = `mailto:${supportEmail}?${new URLSearchParams({
    subject: "Sandbox access request",
    body: "Hello,\n\nPlease authorise my Rosca account for sandbox access so I can link a sandbox bank account and join savings groups.\n\nThank you.",
  })
    .toString()
    .replaceAll("+", "%20")}`;
  return (
    <Card>
      <section aria-labelledby="sandbox-request-title">
        <h2 id="sandbox-request-title" className="text-lg font-semibold text-slate-900">
          Request sandbox access
        </h2>
        <p className="mt-2 text-slate-700">
          During the demo phase, linking a bank account and creating or joining groups need sandbox access: a test bank where no real money moves. An
          administrator grants it; requests are reviewed within 24 hours.
        </p>
        {hasOpenRequest ? (
          <p role="status" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
            Request received — we review requests within 24 hours.
            {requestedAt ? (
              <>
                {" "}
                <span className="text-brand-800">
                  (Sent <time dateTime={requestedAt}>{formatDate(requestedAt, { style: "medium" })}</time>.)
                </span>
              </>
            ) : null}
          </p>
        ) : (
          <Form method="post" action="/sandbox-access/request" className="mt-4">
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className={buttonClass("primary")}>
              Request Sandbox Access
            </button>
          </Form>
        )}
        <p className="mt-4 text-sm text-slate-600">
          Prefer email?{" "}
          <a href={mailto} className="font-medium text-brand-800 underline">
            Email {supportEmail}
          </a>{" "}
          to ask for authorisation.
        </p>
      </section>
    </Card>
  );
}
