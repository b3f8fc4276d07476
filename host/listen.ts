/**
 * Where the app's HTTP server listens: HOST, else 127.0.0.1. `npm start` on a laptop (scripts/start.ts, through
 * scripts/lib/stack.ts) and the production entry (scripts/serve.ts) both listen through here, so the demo accounts of
 * a laptop's `npm start` are never served to the network it sits on unless someone asks for it (HOST=0.0.0.0). The
 * image (Dockerfile) and fly.toml set HOST=0.0.0.0: Fly's proxy reaches the machine over its private network.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export const DEFAULT_HOST = "127.0.0.1";

/** The address to listen on: `host` when given, else HOST (trimmed), else 127.0.0.1. */
export function listenHost(host?: string, environment: NodeJS.ProcessEnv = process.env): string {
  return host?.trim() || environment.HOST?.trim() || DEFAULT_HOST;
}

/** Listen on `port` (0: any free one) at listenHost(host); resolves with the address bound, rejects on EADDRINUSE and the like. */
export function listen(server: Server, port: number, host?: string): Promise<AddressInfo> {
  const address = listenHost(host);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, address, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
