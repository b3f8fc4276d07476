import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createStaticHandler } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";
import { flushErrorReports, initErrorReporting } from "./server/platform/error-reporting.server";
import { logger } from "./server/platform/log.server";

/** A stand-in for Sentry's ingestion endpoint: counts the error events it receives. */
async function fakeSentry() {
  const events: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      for (const line of body.split("\n")) if (line.includes('"exception"')) events.push(line);
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as AddressInfo).port, events };
}

/** The error React Router hands handleError for `request` against one loader-only route, as its server runtime does. */
async function routerErrorFor(request: Request) {
  const handler = createStaticHandler([{ id: "routes/about", path: "/about", loader: () => null }]);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error("expected a context, got a response");
  return Object.values(context.errors ?? {})[0];
}

describe("handleError (entry.server.tsx)", () => {
  it("logs React Router's own 4xx at info and reports nothing; a real fault is logged as an error and reported", async () => {
    const sentry = await fakeSentry();
    expect(await initErrorReporting({ dsn: `http://key@127.0.0.1:${sentry.port}/7`, environment: "test", processRole: "app" })).toBe(true);
    const info = vi.spyOn(logger, "info");
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);

    // A POST to a route without an action: React Router's 405, with its internal Error attached.
    const post = new Request("http://localhost/about", { method: "POST" });
    const refused = await routerErrorFor(post);
    expect(refused).toMatchObject({ status: 405 });
    handleError(refused, { request: post, params: {}, context: {} } as never);
    await flushErrorReports(5000);
    expect(sentry.events).toEqual([]);
    expect(error).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith({ status: 405, method: "POST", path: "/about" }, "request refused by the router");

    // A loader that throws: an error of ours, logged and reported.
    handleError(new Error("the database went away"), { request: new Request("http://localhost/dashboard"), params: {}, context: {} } as never);
    await flushErrorReports(5000);
    expect(error).toHaveBeenCalledTimes(1);
    expect(sentry.events).toHaveLength(1);
    expect(sentry.events[0]).toContain("the database went away");
  }, 20_000);
});
