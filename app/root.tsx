import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { DemoBanner } from "./components/demo-banner";
import { Toaster } from "./components/toaster";
import { island } from "./components/island";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { ErrorPage } from "./components/error-page";
import { clearSessionCookie, lookupSession } from "./server/auth/session.server";
import { orBusyResponse } from "./server/db/errors.server";
import { env } from "./server/platform/env.server";
import { requestInfo } from "./server/platform/request-context.server";
import { takeToasts } from "./server/notifications/toast.server";
import { catalogueJson, requestLocale } from "./server/platform/locale.server";
import { CatalogueScript, LocaleProvider, translatorFor, useT } from "./components/i18n";
import { DEFAULT_LOCALE } from "./domain/locale";

/** The idle-session warning: signed-in visitors only, so a chunk anonymous visitors never download (island.tsx). */
const SessionTimer = island(() => import("./components/session-timer").then((module) => module.SessionTimer));

export async function loader({ request, context }: Route.LoaderArgs) {
  // A database that does not answer in time shows the retry page (503), never a stack trace.
  const [lookup, { toasts, setCookie }] = await orBusyResponse(() => Promise.all([lookupSession(request), takeToasts(request)]));
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // A stale or broken cookie on a public page is dropped quietly; protected pages redirect (requireUser).
  if (lookup.status === "invalid" || lookup.status === "expired") headers.append("Set-Cookie", await clearSessionCookie());
  const user =
    lookup.status === "active" ? { id: lookup.user.id, name: lookup.user.name, email: lookup.user.email, isAdmin: lookup.user.isAdmin } : null;
  // The bell: the newest notifications and the unread count, read with the session (session.server.ts).
  const feed = lookup.status === "active" ? lookup.bell : null;
  // The page's language (ADR 056): the member's choice, else this browser's, else Accept-Language's first guess. Only
  // that language's messages go to the browser: for a document as a file of its own, cached by the browser
  // (`CatalogueScript`, below; ADR 059 part six (k)), in a client navigation's data as one JSON string; both made once
  // per process (ADR 059, part five).
  const locale = requestLocale(request, lookup.status === "active" ? lookup.user.locale : null);
  const sessionRemainingMs = lookup.status === "active" ? lookup.expiresAt.getTime() - Date.now() : null;
  if (sessionRemainingMs !== null) requestInfo(context).sessionRemainingMs = sessionRemainingMs;
  headers.append("Vary", "Accept-Language, Cookie");
  return data(
    {
      locale,
      messages: requestInfo(context).dataRequest ? catalogueJson(locale, { admin: user?.isAdmin ?? false }) : null,
      user,
      // Remaining time rather than a timestamp: the browser's clock may disagree with ours. A client navigation's data
      // carries it; a document's body must be the same from one millisecond to the next (the document cache, ADR 059
      // part nine (t)), so a document says it in its `Server-Timing` header (entry.server.tsx), which the timer reads.
      sessionRemainingMs: requestInfo(context).dataRequest ? sessionRemainingMs : null,
      toasts,
      feed,
      nonce: requestInfo(context).cspNonce,
      // Everywhere but production the bank is a sandbox: every page says so (ADR 011). The mailbox link only where
      // the mail double keeps the emails.
      demo: env().APP_ENV === "production" ? null : { mailbox: !env().POSTMARK_SERVER_TOKEN && Boolean(env().MAIL_SANDBOX_URL) },
      // Browser error reporting (entry.client.tsx) only when Sentry is configured; a DSN is public by design.
      sentry: env().SENTRY_DSN ? { dsn: env().SENTRY_DSN, environment: env().APP_ENV } : null,
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function meta({ loaderData }: Route.MetaArgs) {
  const t = translatorFor(loaderData ?? undefined);
  return [{ title: t("shell.title") }, { name: "description", content: t("shell.description") }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<RootData>("root");
  const nonce = rootData?.nonce;
  const locale = rootData?.locale ?? DEFAULT_LOCALE;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {rootData?.sentry ? <meta name="sentry-dsn" content={rootData.sentry.dsn} data-environment={rootData.sentry.environment} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {rootData ? (
          <LocaleProvider locale={rootData.locale} messages={rootData.messages}>
            <Page rootData={rootData}>{children}</Page>
          </LocaleProvider>
        ) : (
          // The root's own loader failed (the database too slow): no catalogue, so the error page in its English words.
          <main id="main" className="flex-1">
            {children}
          </main>
        )}
        {rootData && rootData.messages === null ? (
          <CatalogueScript locale={rootData.locale} admin={rootData.user?.isAdmin ?? false} nonce={nonce} />
        ) : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Page({ rootData, children }: { rootData: RootData; children: React.ReactNode }) {
  const t = useT();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("shell.skip")}
      </a>
      {rootData?.demo ? <DemoBanner mailbox={rootData.demo.mailbox} /> : null}
      <SiteHeader user={rootData?.user ?? null} feed={rootData?.feed ?? null} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <Toaster initial={rootData.toasts} />
      {rootData?.user ? <SessionTimer remainingMs={rootData.sessionRemainingMs} /> : null}
    </>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Only what goes wrong in the root's own loader lands here (then there is no signed-in user to show); everything below
 * it lands in the page shell's boundary (routes/_shell.tsx), under a header that still knows who is signed in.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
