/**
 * React Router's default client entry, plus optional error reporting (ADR 014): when the server renders a Sentry DSN
 * (<meta name="sentry-dsn">, only when SENTRY_DSN is set), the SDK is loaded as its own chunk after hydration starts
 * and render errors React catches or does not catch are sent to it. Without a DSN no Sentry code is downloaded: the
 * only cost on every page is the lookup below.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

const sentryMeta = document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]');
const reporter = sentryMeta?.content
  ? import("./error-reporting.client").then((module) => module.startErrorReporting(sentryMeta.content, sentryMeta.dataset.environment))
  : null;

/** React's own logging of the error (what it does without these hooks), then the report once the SDK has loaded. */
function report(error: unknown) {
  console.error(error);
  void reporter?.then((send) => send(error));
}

// A document's catalogue is a file of its own (ADR 059, part six (k)), run before this module: should it fail to load, the
// page stays as the server wrote it, which works without JavaScript, rather than hydrating into an error page. So does
// the one page without it, the root's own error page (a database too slow to read the session), static by nature.
if ((self as unknown as { __l10n?: string }).__l10n)
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      reporter !== null ? { onCaughtError: report, onUncaughtError: report } : undefined,
    );
  });
