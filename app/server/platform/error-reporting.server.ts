/**
 * Optional error reporting to Sentry (ADR 014). Off unless SENTRY_DSN is set: then, and only then, the SDK
 * (@sentry/react-router, Sentry's maintained React Router SDK) is imported and initialised, once per process, by the
 * process's entry point (scripts/serve.ts, scripts/worker.ts, scripts/lib/stack.ts for `npm start`, scripts/dev.ts).
 * Without a DSN nothing of Sentry's is loaded, on the server or in the browser (app/entry.client.tsx).
 *
 * What is sent: unhandled errors of routes (entry.server.tsx's handleError), of the HTTP server (host/app.ts), of
 * failed jobs (app/server/jobs/run-job.server.ts). No performance tracing, no request bodies, no cookies, no IPs
 * (sendDefaultPii false), and events pass through the same scrubbing as log lines before they leave.
 */
import { logger, scrubLine } from "./log.server";

type SentryModule = typeof import("@sentry/react-router");

const SENTRY_KEY = Symbol.for("rosca.sentry");
const globals = globalThis as typeof globalThis & { [SENTRY_KEY]?: Promise<SentryModule | null> };

export type ErrorReportingOptions = {
  dsn: string | undefined;
  /** APP_ENV: development, test, demo or production. */
  environment: string;
  /** Which process this is ("app", "worker"), as a tag on every event. */
  processRole: string;
  release?: string;
};

/** Initialise Sentry when a DSN is given; resolves to whether reporting is on. Safe to call more than once. */
export async function initErrorReporting(options: ErrorReportingOptions): Promise<boolean> {
  if (!options.dsn) return false;
  globals[SENTRY_KEY] ??= import("@sentry/react-router").then(
    (Sentry) => {
      Sentry.init({
        dsn: options.dsn,
        environment: options.environment,
        release: options.release,
        sendDefaultPii: false,
        tracesSampleRate: 0,
        // The event as JSON, scrubbed like a log line (emails, bearer credentials, token parameters).
        beforeSend: (event) => JSON.parse(scrubLine(JSON.stringify(event))),
      });
      Sentry.setTag("process", options.processRole);
      logger.info({ environment: options.environment }, "error reporting: Sentry on");
      return Sentry;
    },
    (error: unknown) => {
      logger.error({ err: error }, "error reporting: could not load the Sentry SDK; errors are only logged");
      return null;
    },
  );
  return (await globals[SENTRY_KEY]) !== null;
}

/** initErrorReporting from the process environment. */
export function initErrorReportingFromEnv(processRole: string, env: NodeJS.ProcessEnv = process.env) {
  return initErrorReporting({
    dsn: env.SENTRY_DSN || undefined,
    environment: env.APP_ENV ?? "development",
    processRole,
    release: env.SENTRY_RELEASE || env.FLY_IMAGE_REF || undefined,
  });
}

/**
 * Send an unexpected error to Sentry, when reporting is on (the caller logs it; this only reports). Never throws.
 * Resolves once the error has been handed to the SDK (tests wait for it; callers need not).
 */
export async function reportError(error: unknown, context: Record<string, string | number | undefined> = {}): Promise<void> {
  const loading = globals[SENTRY_KEY];
  if (!loading) return;
  const Sentry = await loading;
  Sentry?.captureException(error, { extra: context });
}

/** Wait until queued events are sent (tests, and a process about to exit). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  const Sentry = await globals[SENTRY_KEY];
  await Sentry?.flush(timeoutMs);
}
