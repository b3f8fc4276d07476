/**
 * Stopping the HTTP server within Fly's kill timeout (ADR 044): stop accepting, let the requests in flight finish,
 * and close every keep-alive connection as soon as it is idle. Fly's proxy keeps idle connections open, and a server
 * that only waits for them (server.close() alone) stayed up until its 65 s keep-alive timeout, to be killed mid-flush.
 *
 * - close(): no new connections;
 * - every idle keep-alive connection closed now, and again every 100 ms (one that finishes a request becomes idle),
 *   and every connection that has not sent a byte;
 * - a request that arrives meanwhile on an open connection is still answered, with `Connection: close`;
 * - after `deadlineMs`, whatever is left is closed (a request still running then loses its connection).
 * Resolves when the server has closed, with how it went.
 */
import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export type ShutdownResult = { ms: number; forced: boolean };

type Tracked = { responses: Set<ServerResponse>; sockets: Set<Socket> };
const tracked = new WeakMap<Server, Tracked>();

/**
 * Remember the server's responses in flight and its connections (createHttpServer calls this), so that closing can
 * tell the responses whose headers are not sent yet to close their connection after them, and drop connections that
 * never sent a byte (a proxy's pre-opened connections: Node counts them neither idle nor busy, so they would hold the
 * close until the headers timeout).
 */
export function trackResponses(server: Server) {
  const state: Tracked = { responses: new Set(), sockets: new Set() };
  tracked.set(server, state);
  server.on("connection", (socket: Socket) => {
    state.sockets.add(socket);
    socket.once("close", () => state.sockets.delete(socket));
  });
  server.on("request", (_req, res: ServerResponse) => {
    state.responses.add(res);
    res.once("close", () => state.responses.delete(res));
  });
}

export function closeGracefully(server: Server, options: { deadlineMs?: number } = {}): Promise<ShutdownResult> {
  const startedAt = Date.now();
  const deadlineMs = options.deadlineMs ?? 8_000;
  let forced = false;
  const state = tracked.get(server);
  for (const res of state?.responses ?? []) if (!res.headersSent) res.shouldKeepAlive = false;
  const dropUnused = () => {
    for (const socket of state?.sockets ?? []) if (socket.bytesRead === 0) socket.destroy();
  };
  server.on("request", (_req, res: ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  return new Promise((resolve) => {
    const sweep = setInterval(() => {
      server.closeIdleConnections();
      dropUnused();
    }, 100);
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
    dropUnused();
  });
}
