import { Form, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { T, useLocale, useT } from "~/components/i18n";
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
  const t = useT();
  const locale = useLocale();
  const mailto = `mailto:${supportEmail}?${new URLSearchParams({
    subject: t("sandboxCard.mailSubject"),
    body: t("sandboxCard.mailBody"),
  })
    .toString()
    .replaceAll("+", "%20")}`;
  return (
    <Card>
      <section aria-labelledby="sandbox-request-title">
        <h2 id="sandbox-request-title" className="text-lg font-semibold text-slate-900">
          {t("sandboxCard.title")}
        </h2>
        <p className="mt-2 text-slate-700">{t("sandboxCard.body")}</p>
        {hasOpenRequest ? (
          <p role="status" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
            {t("sandboxCard.received")}
            {requestedAt ? (
              <>
                {" "}
                <span className="text-brand-800">
                  <T
                    id="sandboxCard.sent"
                    values={{ date: formatDate(requestedAt, { style: "medium", locale }) }}
                    components={{ 0: <time dateTime={requestedAt} /> }}
                  />
                </span>
              </>
            ) : null}
          </p>
        ) : (
          <Form method="post" action="/sandbox-access/request" className="mt-4">
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className={buttonClass("primary")}>
              {t("sandboxCard.request")}
            </button>
          </Form>
        )}
        <p className="mt-4 text-sm text-slate-600">
          <T
            id="sandboxCard.email"
            values={{ address: supportEmail }}
            components={{
              // biome-ignore lint/a11y/useAnchorContent: the message puts the link's words inside it ("Email support@…")
              0: <a href={mailto} className="font-medium text-brand-800 underline" />,
            }}
          />
        </p>
      </section>
    </Card>
  );
}
