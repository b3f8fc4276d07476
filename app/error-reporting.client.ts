/**
 * The browser side of error reporting (ADR 014), loaded by entry.client.tsx as a separate chunk, and only when the
 * server configured a Sentry DSN. Unhandled errors and rejections are caught by the SDK's global handlers; errors React
 * catches in error boundaries are passed in by entry.client.tsx. No tracing, no replays, no personal data.
 */
import * as Sentry from "@sentry/react-router";

export function startErrorReporting(dsn: string, environment?: string) {
  Sentry.init({ dsn, environment, sendDefaultPii: false, tracesSampleRate: 0 });
  return (error: unknown) => {
    Sentry.captureException(error);
  };
}
