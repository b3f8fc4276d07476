import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import accepts from "accepts";
import { renderToPipeableStream } from "react-dom/server";
import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { serveCatalogues } from "./components/i18n";
import { loadIslands } from "./components/island";
import { documentCache, type DocumentInputs } from "./server/platform/document-cache.server";
import { CoalescingStream } from "./server/platform/coalescing-stream.server";
import { setStatementTimeout, WEB_STATEMENT_TIMEOUT_MS } from "./server/db/client.server";
import { reportError } from "./server/platform/error-reporting.server";
import { watchStalls } from "./server/health/stalls.server";
import { checkPlaidSettingsAtBoot } from "./server/bank/plaid-settings.server";
import { logger } from "./server/platform/log.server";
import { catalogueFile, catalogueJson } from "./server/platform/locale.server";
import { requestInfo } from "./server/platform/request-context.server";
import { SESSION_TIMING } from "./components/session-timer";

export const streamTimeout = 5_000;

/**
 * The server build carries its own copy of the database module; whoever runs the build (scripts/lib/stack.ts) calls
 * this through `build.entry.module` to close that pool before stopping PostgreSQL.
 */
export { closeDb as closeDatabase, poolStats } from "./server/db/client.server";

/** The document cache's counts for the bench (scripts/bench.ts), through `build.entry.module`; null when it is off. */
export function documentCacheStats() {
  const documents = documentCache();
  return documents ? { ...documents.counts, ...documents.size() } : null;
}

// A document renders with the server's own copy of its catalogue and links the file the browser reads it from (ADR 059,
// parts five and six (k)); the host serves that file by its path (`catalogueFileAt`, host/catalogue-files.ts).
serveCatalogues({ json: catalogueJson, path: (locale, reader) => catalogueFile(locale, reader).path });
export { catalogueFileAt } from "./server/platform/locale.server";

// Web requests get a short statement_timeout (a person is waiting); the worker and scripts, which import the database
// module outside this build, keep none. Set before the first query opens a connection.
setStatementTimeout(WEB_STATEMENT_TIMEOUT_MS);

// The stall gauges (how long the oldest job, bank transfer and email have waited) are reported by every app process:
// they must be there with every worker down. Read only when /metrics is scraped.
watchStalls();
// A Plaid setting the keys lack is said at boot (a log line, and /readyz's detail), not found by the first member
// whose bank link is refused (ADR 057). In the background: the server listens meanwhile.
void checkPlaidSettingsAtBoot();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const readyOption = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
  const { cspNonce: nonce, sessionRemainingMs } = requestInfo(loadContext);
  // The session's remaining time, for the idle timer (components/session-timer.tsx): per response, so a header.
  if (sessionRemainingMs !== undefined) responseHeaders.append("Server-Timing", `${SESSION_TIMING};dur=${Math.max(0, sessionRemainingMs)}`);
  // Lazily loaded components render in full on the server (components/island.tsx); a no-op after the first request.
  await loadIslands();
  // A signed-in document rendered before from the same inputs is sent as it was (server/platform/document-cache.server.ts).
  const documents = documentCache();
  const key =
    documents && rememberable(request, responseStatusCode, routerContext)
      ? documents.keyOf(documentInputs(request, readyOption, routerContext), nonce)
      : null;
  if (documents && key) {
    // Gzipped here for a browser that takes it, compressed once for every time it is sent again; the host's
    // compression leaves an encoded answer alone.
    const remembered = documents.get(key, nonce, acceptsGzip(request) ? "gzip" : "identity");
    if (remembered !== undefined) {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.append("Vary", "Accept-Encoding");
      if (remembered.coding === "gzip") responseHeaders.set("Content-Encoding", "gzip");
      responseHeaders.set("Content-Length", String(remembered.body.length));
      return new Response(remembered.body as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode });
    }
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Aborts a render still unfinished after streamTimeout (its Suspense boundaries then flush as errors); cleared once
    // the page is written, so a finished response's closure is not kept alive 6 s longer (as React Router 8's own
    // default entry does).
    let abortTimer: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // A Suspense boundary that has finished rendering is written in place, never "outlined": React otherwise sends a
      // finished boundary found past the first 12,800 bytes as a hidden <div> that a script moves into place, and
      // without JavaScript it stays hidden (the notifications bell, an island, vanished from signed-in pages).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        // One chunk per burst of React's writes, not dozens: each would be a compression call downstream (ADR 026).
        const body = new CoalescingStream();
        body.once("finish", () => clearTimeout(abortTimer));
        // A document that may be remembered is also collected as it streams, and kept only if it finished without error.
        if (documents && key) {
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.once("end", () => {
            if (responseStatusCode === 200) documents.remember(key, Buffer.concat(chunks), nonce);
          });
        }
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) {
          logger.error({ err: error }, "error while streaming a page");
          void reportError(error);
        }
      },
    });
    abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** A signed-in GET answered with a page (not an error, not an action's answer): what the document cache may keep. */
function rememberable(request: Request, status: number, context: EntryContext) {
  const handled = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || context.isSpaMode || handled.errors || handled.actionData) return false;
  const root = handled.loaderData.root as { user?: unknown } | undefined;
  return Boolean(root?.user);
}

/** Whether the request's Accept-Encoding takes gzip (q-values and `*` as RFC 9110, 12.5.3 says; none: not). */
function acceptsGzip(request: Request) {
  const accepted = request.headers.get("accept-encoding") ?? undefined;
  return accepts({ headers: { "accept-encoding": accepted } }).encoding(["gzip"]) === "gzip";
}

/** Everything a document is rendered from, besides the build (document-cache.server.ts). */
function documentInputs(request: Request, ready: string, context: EntryContext): DocumentInputs {
  return { url: request.url, ready, year: new Date().getFullYear(), loaderData: context.staticHandlerContext.loaderData };
}

/**
 * Errors thrown by loaders, actions and rendering (not thrown Responses: those are answers, like a 404). React Router
 * already shows the route's error boundary; this logs the error (with the request id, from the log context) and
 * reports it when Sentry is on. Requests the client gave up on are not errors of ours.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // React Router's own 4xx answers (a POST to a route without an action is its 405, an unknown route's data request
  // its 404) are the client's mistake, not a fault of ours: logged at info, never reported (ADR 038).
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, method: request.method, path: new URL(request.url).pathname }, "request refused by the router");
    return;
  }
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled error in a route");
  void reportError(error, { method: request.method, path: new URL(request.url).pathname });
}
