import net from "node:net";

/** Whether 127.0.0.1:`port` can be bound right now (nothing else listens there). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The e2e stage's bases: 3100-3199. Its ports are base (the app), base + 100 (the Plaid-mode app), base + 200 (its bank). */
export const E2E_PORT_BASES = { first: 3100, count: 100 } as const;

/**
 * The e2e stage's base port when E2E_PORT is not set: the first base from 3100-3199 whose three ports are free, starting
 * at an offset from the process id, so that two test runs started together on one machine (two clones) try different
 * bases first. Two different bases in that range never share a port (their ports are base, base + 100 and base + 200).
 */
export async function freeE2ePortBase(start = E2E_PORT_BASES.first + (process.pid % E2E_PORT_BASES.count), isFree = portIsFree): Promise<number> {
  const { first, count } = E2E_PORT_BASES;
  for (let i = 0; i < count; i++) {
    const base = first + ((start - first + i) % count);
    if ((await isFree(base)) && (await isFree(base + 100)) && (await isFree(base + 200))) return base;
  }
  throw new Error(
    `No free ports for the e2e servers: every base from ${first} to ${first + count - 1} has one of its three ports taken. Set E2E_PORT.`,
  );
}
