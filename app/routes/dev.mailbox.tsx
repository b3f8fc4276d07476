import { Form, isRouteErrorResponse, Link } from "react-router";
import { metaTranslator, T, useLocale, useOptionalT, useT } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { formatUtcSeconds } from "~/domain/format";
import { PageContainer } from "~/components/ui/page";
import { db } from "~/server/db/client.server";
import { env } from "~/server/platform/env.server";
import { listMessages } from "../../sandbox/postmark/store";
import { type MailboxScope, mailboxScope } from "~/server/email/mailbox.server";
import type { Route } from "./+types/dev.mailbox";

/** How many messages the mailbox shows; older ones are still in the table. */
const PAGE_SIZE = 100;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaTranslator(matches)("mailbox.title") }, { name: "robots", content: "noindex" }];
}

/** The mailbox shows captured email to whoever can reach it, so it must not exist where real people have accounts. */
function refuseInProduction() {
  if (env().APP_ENV === "production") throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export async function loader({ request }: Route.LoaderArgs) {
  refuseInProduction();
  const to = (new URL(request.url).searchParams.get("to") ?? "").trim().slice(0, 320);
  // Only what this visitor may read (app/server/email/mailbox.server.ts); the filter narrows within that.
  const scope = await mailboxScope(request);
  const messages = await listMessages(db(), { to: to || undefined, anyOf: scope.kind === "all" ? undefined : scope.addresses, limit: PAGE_SIZE });
  return {
    to,
    scope,
    pageSize: PAGE_SIZE,
    messages: messages.map((message) => ({
      id: message.id,
      to: message.toAddress,
      subject: message.subject,
      tag: message.tag,
      submittedAt: message.submittedAt.toISOString(),
    })),
  };
}

/** Whose mail this page shows, in one sentence. */
function ScopeNote({ scope }: { scope: MailboxScope }) {
  const t = useT();
  if (scope.kind === "all") {
    return scope.why === "admin" ? (
      <p className="mt-2 text-sm text-slate-700">{t("mailbox.scope.admin")}</p>
    ) : (
      <p className="mt-2 text-sm text-slate-700">
        <T id="mailbox.scope.open" components={{ 0: <code /> }} />
      </p>
    );
  }
  if (scope.addresses.length === 0) return null;
  return (
    <p className="mt-2 text-sm text-slate-700">
      {t("mailbox.scope.addresses", { addresses: scope.addresses.join(", "), signedIn: scope.signedIn ? "yes" : "no" })}
    </p>
  );
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { to, scope, messages, pageSize } = loaderData;
  const nothingVisible = scope.kind === "addresses" && scope.addresses.length === 0;
  const t = useT();
  const locale = useLocale();
  return (
    <PageContainer>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t("mailbox.heading")}</h1>
          <p className="mt-2 max-w-2xl text-slate-700">{t("mailbox.lead")}</p>
          <ScopeNote scope={scope} />
        </div>
      </div>

      <Form method="get" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end" role="search" aria-label={t("mailbox.filter")}>
        <div className="sm:w-96">
          <label htmlFor="mailbox-to" className="mb-1 block text-sm font-medium text-slate-800">
            {t("mailbox.recipient")}
          </label>
          <input id="mailbox-to" name="to" type="email" defaultValue={to} placeholder="name@example.com" autoComplete="off" className={inputClass} />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("primary")}>
            {t("mailbox.filterButton")}
          </button>
          {to ? (
            <Link to="/dev/mailbox" className={buttonClass("secondary")}>
              {t("mailbox.showAll")}
            </Link>
          ) : null}
        </div>
      </Form>

      <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {nothingVisible ? (
          <div className="p-6">
            <Alert tone="info" title={t("mailbox.nothingTitle")}>
              <T
                id="mailbox.nothing"
                components={{
                  0: <Link to="/login?redirectTo=%2Fdev%2Fmailbox" className="font-medium underline" />,
                  1: <Link to="/register" className="font-medium underline" />,
                }}
              />
            </Alert>
          </div>
        ) : messages.length === 0 ? (
          <div className="p-6">
            <Alert tone="info" title={to ? t("mailbox.noneTo", { address: to }) : t("mailbox.none")}>
              {t(to ? "mailbox.noneToBody" : "mailbox.noneBody")}
            </Alert>
          </div>
        ) : (
          <div>
            {/* Stacked rows on a phone (.stack-table, app.css). */}
            <table className="stack-table w-full text-left text-sm [--stack-inset:1rem]">
              <caption className="sr-only">{to ? t("mailbox.captionTo", { address: to }) : t("mailbox.caption")}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("mailbox.to")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("mailbox.subject")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                    {t("mailbox.received")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {messages.map((message) => (
                  <tr key={message.id} className="hover:bg-slate-50">
                    <td className="px-4 py-3 break-all text-slate-800" data-label={t("mailbox.to")}>
                      {message.to}
                    </td>
                    <td className="px-4 py-3" data-label={t("mailbox.subject")}>
                      <Link to={`/dev/mailbox/${message.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                        {message.subject}
                      </Link>
                      {message.tag ? (
                        <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-slate-700">{message.tag}</span>
                      ) : null}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700" data-label={t("mailbox.received")}>
                      <time dateTime={message.submittedAt}>{formatUtcSeconds(message.submittedAt, locale)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {messages.length === pageSize ? (
              <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700">{t("mailbox.newest", { count: pageSize })}</p>
            ) : null}
          </div>
        )}
      </div>
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
        <h1 className="text-2xl font-bold text-slate-900">{say("mailbox.notFound", "Page Not Found")}</h1>
        <p className="mt-3 text-slate-700">{say("mailbox.notFoundBody", "There is nothing at this address.")}</p>
        <Link to="/" className={`${buttonClass("primary")} mt-6`}>
          {say("mailbox.home", "Go Home")}
        </Link>
      </PageContainer>
    );
  }
  throw error;
}
