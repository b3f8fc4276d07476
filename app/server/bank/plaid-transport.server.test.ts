import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import type * as Plaid from "plaid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toBankFailure } from "./plaid.server";
import { type AdapterConfig, type AdapterResponse, plaidTransport } from "./plaid-transport.server";

// The official SDK and its own axios, as plaid.server.ts loads them; a real HTTP server on a free port stands in for
// the bank, answering by path.
const require = createRequire(import.meta.url);
const sdk = require("plaid") as typeof Plaid;
const axios = createRequire(require.resolve("plaid"))("axios") as {
  getAdapter: (name: string) => (config: AdapterConfig) => Promise<AdapterResponse>;
};

const received: Array<{ path: string; headers: http.IncomingHttpHeaders; body: string }> = [];
let connections = 0;
const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString() });
    const json = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      response.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
      response.end(text);
    };
    if (request.url === "/transfer/get") return json(200, { transfer: { id: "tr_1", status: "pending", amount: "100.00" }, request_id: "r1" });
    if (request.url === "/transfer/create") {
      return json(400, {
        error_type: "TRANSFER_ERROR",
        error_code: "TRANSFER_ACCOUNT_BLOCKED",
        error_message: "blocked",
        display_message: "Blocked",
      });
    }
    if (request.url === "/transfer/cancel") return json(500, { nothing: "useful" });
    if (request.url === "/transfer/event/list") {
      const gzipped = zlib.gzipSync(JSON.stringify({ transfer_events: [{ event_id: 7, event_type: "posted" }], request_id: "r2" }));
      response.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip", "Content-Length": gzipped.length });
      return response.end(gzipped);
    }
    // /transfer/authorization/create: never answered (the client's timeout).
  });
});
server.on("connection", () => {
  connections += 1;
});
let basePath = "";
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function api(path = basePath, timeout = 2_000) {
  const configuration = new sdk.Configuration({
    basePath: path,
    baseOptions: {
      timeout,
      headers: { "PLAID-CLIENT-ID": "client", "PLAID-SECRET": "secret", "Plaid-Version": "2020-09-14" },
      httpAgent: agent,
      maxRedirects: 0,
      adapter: plaidTransport(axios.getAdapter("http")),
      transformRequest: [(data: unknown) => data],
    },
  });
  return sdk.PlaidApiFactory(configuration, path);
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  basePath = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the Plaid SDK's transport (ADR 054, part six (l))", () => {
  it("sends the SDK's request as it built it and gives back the parsed answer, over one kept-alive connection", async () => {
    received.length = 0;
    const before = connections;
    const first = await api().transferGet({ transfer_id: "tr_1" });
    const second = await api().transferGet({ transfer_id: "tr_1" });
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ transfer: { id: "tr_1", status: "pending", amount: "100.00" }, request_id: "r1" });
    expect(second.data.transfer.id).toBe("tr_1");
    expect(connections - before).toBe(1);
    expect(received).toHaveLength(2);
    const [sent] = received;
    if (!sent) throw new Error("nothing reached the bank");
    expect(sent.path).toBe("/transfer/get");
    expect(JSON.parse(sent.body)).toEqual({ transfer_id: "tr_1" });
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(sent.headers["content-length"]).toBe(String(Buffer.byteLength(sent.body)));
    expect(sent.headers["plaid-client-id"]).toBe("client");
    expect(sent.headers["plaid-secret"]).toBe("secret");
    expect(sent.headers["plaid-version"]).toBe("2020-09-14");
  });

  it("rejects a Plaid error with its status and body, which become the bank failure", async () => {
    const error = await api()
      .transferCreate({ access_token: "a", account_id: "b", authorization_id: "c", description: "x" })
      .catch((caught: unknown) => caught);
    expect((error as { isAxiosError?: boolean }).isAxiosError).toBe(true);
    expect(toBankFailure(error)).toEqual({
      ok: false,
      code: "TRANSFER_ACCOUNT_BLOCKED",
      message: "blocked",
      displayMessage: "Blocked",
      status: 400,
    });
  });

  it("rejects a 5xx without a Plaid error as an HTTP error with its status", async () => {
    const error = await api()
      .transferCancel({ transfer_id: "tr_1" })
      .catch((caught: unknown) => caught);
    expect(toBankFailure(error)).toEqual({ ok: false, code: "HTTP_ERROR", message: "The bank answered 500", status: 500 });
  });

  it("inflates a compressed answer", async () => {
    const result = await api().transferEventList({});
    expect(result.data).toEqual({ transfer_events: [{ event_id: 7, event_type: "posted" }], request_id: "r2" });
  });

  it("gives up at the client's timeout, as axios named it", async () => {
    const started = Date.now();
    const error = await api(basePath, 300)
      .transferAuthorizationCreate({
        access_token: "a",
        account_id: "b",
        type: "debit",
        network: "ach",
        amount: "1.00",
        user: { legal_name: "A" },
      } as Parameters<ReturnType<typeof api>["transferAuthorizationCreate"]>[0])
      .catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((error as { code?: string }).code).toBe("ECONNABORTED");
    expect(toBankFailure(error)).toEqual({ ok: false, code: "TIMEOUT", message: "The bank did not answer in time" });
  });

  it("rejects a refused connection as a network failure, with no response", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await api(`http://127.0.0.1:${port}`)
      .transferGet({ transfer_id: "tr_1" })
      .catch((caught: unknown) => caught);
    expect((error as { code?: string }).code).toBe("ECONNREFUSED");
    expect(toBankFailure(error)).toMatchObject({ ok: false, code: "NETWORK_ERROR" });
    expect((toBankFailure(error) as { message: string }).message).toContain("ECONNREFUSED");
  });
});
