/**
 * Stopping the HTTP server within Fly's kill timeout (ADR 044): stop accepting, let the requests in flight finish,
 * and close every keep-alive connection as soon as it is idle. Fly's proxy keeps idle connections open, and a server
 * that only waits for them (server.close() alone) stayed up until its 65 s keep-alive timeout, to be killed mid-flush.
 *
 * - close(): no new connections;
 * - every idle keep-alive connection closed now, and again every 100 ms (one that finishes a request becomes idle);
 * - a request that arrives meanwhile on an open connection is still answered, with `Connection: close`;
 * - after `deadlineMs`, whatever is left is closed (a request still running then loses its connection).
 * Resolves when the server has closed, with how it went.
 */
import type { Server, ServerResponse } from "node:http";

export type ShutdownResult = { ms: number; forced: boolean };

const inFlight = new WeakMap<Server, Set<ServerResponse>>();

/**
 * Remember the server's responses in flight (createHttpServer calls this), so that closing can tell those whose headers
 * are not sent yet to close their connection after them.
 */
export function trackResponses(server: Server) {
  const responses = new Set<ServerResponse>();
  inFlight.set(server, responses);
  server.on("request", (_req, res: ServerResponse) => {
    responses.add(res);
    res.once("close", () => responses.delete(res));
  });
}

export function closeGracefully(server: Server, options: { deadlineMs?: number } = {}): Promise<ShutdownResult> {
  const startedAt = Date.now();
  const deadlineMs = options.deadlineMs ?? 8_000;
  let forced = false;
  for (const res of inFlight.get(server) ?? []) if (!res.headersSent) res.shouldKeepAlive = false;
  server.on("request", (_req, res: ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, deadlineMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve({ ms: Date.now() - startedAt, forced });
    });
    server.closeIdleConnections();
  });
}
