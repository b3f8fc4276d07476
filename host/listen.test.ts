import http from "node:http";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_HOST, listen, listenHost } from "./listen";

/** This machine's first non-loopback IPv4 address: where another machine on its network would reach it. */
function lanAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((one) => one && one.family === "IPv4" && !one.internal);
  if (!found) throw new Error("this machine has no non-loopback IPv4 address to test with");
  return found.address;
}

/** Whether a TCP connection to address:port is accepted. */
function reachable(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const servers: http.Server[] = [];
const savedHost = process.env.HOST;
afterEach(async () => {
  if (savedHost === undefined) delete process.env.HOST;
  else process.env.HOST = savedHost;
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(host?: string) {
  const server = http.createServer((_req, res) => res.end("ok"));
  servers.push(server);
  return listen(server, 0, host);
}

describe("the address the app listens on", () => {
  it("is 127.0.0.1 when HOST is unset: reachable from this machine, refused from its network", async () => {
    delete process.env.HOST;
    const bound = await serve();
    expect(DEFAULT_HOST).toBe("127.0.0.1");
    expect(bound.address).toBe("127.0.0.1");
    expect(await reachable("127.0.0.1", bound.port)).toBe(true);
    expect(await reachable(lanAddress(), bound.port)).toBe(false);
  });

  it("is HOST when set (the image's 0.0.0.0): reachable from the network too", async () => {
    process.env.HOST = "0.0.0.0";
    const bound = await serve();
    expect(bound.address).toBe("0.0.0.0");
    expect(await reachable(lanAddress(), bound.port)).toBe(true);
    expect(await reachable("127.0.0.1", bound.port)).toBe(true);
  });

  it("prefers the caller's host, then HOST, trimmed, then loopback", () => {
    expect(listenHost(undefined, {})).toBe("127.0.0.1");
    expect(listenHost(undefined, { HOST: "  " })).toBe("127.0.0.1");
    expect(listenHost(undefined, { HOST: " 0.0.0.0 " })).toBe("0.0.0.0");
    expect(listenHost("::1", { HOST: "0.0.0.0" })).toBe("::1");
  });

  it("rejects when the port is taken, with Node's EADDRINUSE", async () => {
    const first = await serve("127.0.0.1");
    await expect(listen(http.createServer(), first.port, "127.0.0.1")).rejects.toMatchObject({ code: "EADDRINUSE" });
  });
});
