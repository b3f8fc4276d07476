import { isRouteErrorResponse, Link } from "react-router";
import { metaTranslator, useLocale, useOptionalT, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { formatUtcSeconds } from "~/domain/format";
import { db } from "~/server/db/client.server";
import { env } from "~/server/platform/env.server";
import { getMessage } from "../../sandbox/postmark/store";
import { extractLinks, previewDocument } from "../../sandbox/postmark/view";
import { mailboxScope, mayRead } from "~/server/email/mailbox.server";
import type { Route } from "./+types/dev.mailbox.$messageId";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: loaderData ? t("mailbox.message.title", { subject: loaderData.message.subject }) : t("mailbox.message.notFoundTitle") },
    { name: "robots", content: "noindex" },
  ];
}

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

export async function loader({ request, params }: Route.LoaderArgs) {
  // Captured email holds confirmation and reset links: never reachable in production.
  if (env().APP_ENV === "production") throw notFound();
  // getMessage answers null for a malformed id as for an unknown one, so neither becomes a database error. A message
  // this visitor may not read (app/server/email/mailbox.server.ts) is not found either: the id alone opens nothing.
  const [message, scope] = await Promise.all([getMessage(db(), params.messageId), mailboxScope(request)]);
  if (!message || !mayRead(scope, message)) throw notFound();
  return {
    message: {
      id: message.id,
      from: message.fromAddress,
      to: message.toAddress,
      cc: message.cc,
      bcc: message.bcc,
      replyTo: message.replyTo,
      subject: message.subject,
      tag: message.tag,
      templateAlias: message.templateAlias,
      messageStream: message.messageStream,
      submittedAt: message.submittedAt.toISOString(),
      textBody: message.textBody,
    },
    preview: message.htmlBody ? previewDocument(message.htmlBody) : null,
    links: extractLinks(message),
  };
}

export default function MailboxMessage({ loaderData }: Route.ComponentProps) {
  const { message, preview, links } = loaderData;
  const t = useT();
  const locale = useLocale();
  // Cc, Bcc and Reply-To are the headers' own names in every language.
  const headers: Array<[string, string | null]> = [
    [t("mailbox.message.from"), message.from],
    [t("mailbox.message.to"), message.to],
    ["Cc", message.cc],
    ["Bcc", message.bcc],
    ["Reply-To", message.replyTo],
    [t("mailbox.message.received"), formatUtcSeconds(message.submittedAt, locale)],
    [t("mailbox.message.tag"), message.tag],
    [t("mailbox.message.template"), message.templateAlias],
    [t("mailbox.message.stream"), message.messageStream],
    [t("mailbox.message.id"), message.id],
  ];
  return (
    <PageContainer>
      <nav aria-label={t("mailbox.message.breadcrumb")} className="text-sm">
        <Link to="/dev/mailbox" className="text-brand-700 underline underline-offset-2">
          {t("mailbox.message.back")}
        </Link>
      </nav>
      <h1 className="mt-4 text-2xl font-bold break-words text-slate-900">{message.subject}</h1>

      <Card className="mt-6">
        <h2 className="sr-only">{t("mailbox.message.headers")}</h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {headers
            .filter((entry): entry is [string, string] => Boolean(entry[1]))
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold text-slate-700">{label}</dt>
                <dd className="break-all text-slate-900">{value}</dd>
              </div>
            ))}
        </dl>
      </Card>

      <section aria-labelledby="links-heading" className="mt-8">
        <h2 id="links-heading" className="text-lg font-semibold text-slate-900">
          {t("mailbox.message.links")}
        </h2>
        {links.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t("mailbox.message.noLinks")}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {links.map((href) => (
              <li key={href}>
                <a href={href} className="break-all text-brand-700 underline underline-offset-2">
                  {href}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="html-heading" className="mt-8">
        <h2 id="html-heading" className="text-lg font-semibold text-slate-900">
          {t("mailbox.message.html")}
        </h2>
        {preview ? (
          // No allow-scripts, allow-forms or allow-same-origin: the message cannot run code or reach the app. Links
          // carry target=_top (previewDocument) and open in this window on a click.
          <iframe
            title={t("mailbox.message.htmlOf", { subject: message.subject })}
            sandbox="allow-top-navigation-by-user-activation allow-popups"
            srcDoc={preview}
            className="mt-2 h-[40rem] w-full rounded-xl border border-slate-200 bg-white"
          />
        ) : (
          <p className="mt-2 text-sm text-slate-700">{t("mailbox.message.noHtml")}</p>
        )}
      </section>

      <section aria-labelledby="text-heading" className="mt-8">
        <h2 id="text-heading" className="text-lg font-semibold text-slate-900">
          {t("mailbox.message.text")}
        </h2>
        {message.textBody ? (
          <pre className="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white p-4 text-sm whitespace-pre-wrap text-slate-900">
            {message.textBody}
          </pre>
        ) : (
          <p className="mt-2 text-sm text-slate-700">{t("mailbox.message.noText")}</p>
        )}
      </section>
    </PageContainer>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // In English only where no catalogue came with the page (as error-page.tsx).
  const t = useOptionalT();
  const say = (id: Parameters<NonNullable<typeof t>>[0], english: string) => (t ? t(id) : english);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PageContainer narrow>
        <h1 className="text-2xl font-bold text-slate-900">{say("mailbox.message.notFound", "Message Not Found")}</h1>
        <p className="mt-3 text-slate-700">{say("mailbox.message.notFoundBody", "There is no captured message at this address.")}</p>
        <Link to="/dev/mailbox" className={`${buttonClass("primary")} mt-6`}>
          {say("mailbox.message.backButton", "Back to mailbox")}
        </Link>
      </PageContainer>
    );
  }
  throw error;
}
