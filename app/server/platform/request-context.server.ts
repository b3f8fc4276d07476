/**
 * What the HTTP host knows about a request and every loader and action may read: the Content-Security-Policy nonce of
 * the page being rendered and the client's IP address (host/app.ts sets both); and the one fact the root loader passes
 * to the document's headers (the session's remaining time).
 *
 * React Router 8 hands loaders and actions `context` as a `RouterContextProvider`: values are stored and read by key
 * (`context.get(key)`), and the host's `getLoadContext` must return a provider (a plain object, React Router 7's
 * `AppLoadContext`, is refused). `requestContext(info)` builds the provider the host hands over; `requestInfo(context)`
 * reads it back in a loader or action.
 *
 * The key lives on globalThis, as the log context does (log.server.ts): this module is loaded twice in one process,
 * from source (or compiled into build/host) by the host that sets the value, and bundled inside the React Router build
 * whose loaders read it, and both copies must use the same key.
 */
import { createContext, type RouterContext, RouterContextProvider } from "react-router";

export type RequestInfo = {
  /** Per-request nonce for the Content-Security-Policy. */
  cspNonce: string;
  /** The client's IP as the proxy in front of us reports it (Express `req.ip`, trusting one hop; host/client-ip.ts). */
  clientIp: string;
  /**
   * A client navigation's data request (`….data`, React Router's single fetch), not a document: the root loader sends
   * the message catalogue in its data only then; a document carries it once, in a block of its own (ADR 059, part five).
   */
  dataRequest?: boolean;
  /**
   * Set by the root loader for a signed-in request: how long the session has left. A document sends it in its
   * `Server-Timing` header (entry.server.tsx), not in its body, which the document cache keeps (ADR 059 part nine (t)).
   */
  sessionRemainingMs?: number;
};

const KEY = Symbol.for("rosca.request-info");
const shared = globalThis as typeof globalThis & { [KEY]?: RouterContext<RequestInfo> };
// No default value: a request that reaches a loader without the host's information is a bug, and `get` throws for it.
shared[KEY] ??= createContext<RequestInfo>();
const requestInfoKey: RouterContext<RequestInfo> = shared[KEY];

/** The `context` React Router hands this request's loaders and actions (the host's `getLoadContext`). */
export function requestContext(info: RequestInfo): RouterContextProvider {
  return new RouterContextProvider(new Map([[requestInfoKey, info]]));
}

/** The host's information about the request a loader or action is answering. */
export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoKey);
}
