import { isRouteErrorResponse } from "react-router";
import { useOptionalT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { statusLine } from "~/domain/http-status";
import { type BodyErrorStatus, isBodyErrorStatus } from "~/domain/request-body";
import type { RetryableErrorData } from "~/server/db/errors.server";

/**
 * The error page (root.tsx's ErrorBoundary and the page shell's, routes/_shell.tsx). A calm message and two ways out,
 * never a stack trace outside development; a thrown response shows its status as HTTP names it ("400 Bad Request").
 */
export function ErrorPage({ error }: { error: unknown }) {
  // In the reader's language; in English when the root's loader failed and no catalogue came with the page.
  const t = useOptionalT();
  const say = (id: Parameters<NonNullable<typeof t>>[0], english: string) => (t ? t(id) : english);
  // Only an action's error shows these, under the page shell, where the catalogue always is (BODY_ERROR_MESSAGES' words).
  const bodyMessage = (status: BodyErrorStatus) => say(status === 400 ? "error.body400" : status === 413 ? "error.body413" : "error.body415", "");
  // A busy database (statement timeout, no connection): a retryable state, said plainly (server/db/errors.server.ts).
  const busy = isRouteErrorResponse(error) && error.status === 503 && (error.data as RetryableErrorData | undefined)?.reason === "busy";
  // Details only in development; users see a calm message and two ways out, never a stack trace.
  const detail = busy
    ? null
    : import.meta.env.DEV && error instanceof Error
      ? error.stack
      : isRouteErrorResponse(error)
        ? // "400 Bad Request", its reason phrase in the reader's language (SERVER_TEXTS holds HTTP's: part five (m)).
          statusLine(error.status, t)
        : null;
  // A request body the server could not read (app/server/platform/request-body.server.ts): nothing was saved, say what to do.
  const message = busy
    ? say("error.busy", "We couldn't load this page in time. Nothing was lost. Please try again in a moment.")
    : isRouteErrorResponse(error) && isBodyErrorStatus(error.status)
      ? bodyMessage(error.status)
      : say("error.unexpected", "We hit an unexpected problem showing this page. Your data is safe. Try again, or head back home.");
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {busy ? say("error.busyTitle", "This is taking longer than it should") : say("error.title", "Something went wrong")}
      </h1>
      <p className="mt-3 text-slate-600">{message}</p>
      {detail ? <pre className="mt-6 overflow-auto rounded bg-slate-100 p-3 text-left text-xs whitespace-pre-wrap">{detail}</pre> : null}
      <div className="mt-8 flex justify-center gap-3">
        {/* A plain link to the current page reloads it, with or without JavaScript. */}
        {/* biome-ignore lint/a11y/useValidAnchor: href="" is the current URL (a reload), which is what this link does */}
        <a href="" className={buttonClass("primary")}>
          {say("error.refresh", "Refresh Page")}
        </a>
        <a href="/" className={buttonClass("secondary")}>
          {say("error.home", "Go Home")}
        </a>
      </div>
    </div>
  );
}
