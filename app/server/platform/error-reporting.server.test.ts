import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { flushErrorReports, initErrorReporting, reportError } from "./error-reporting.server";

/** A stand-in for Sentry's ingestion endpoint: keeps every envelope POSTed to /api/<project>/envelope/. */
async function fakeSentry() {
  const envelopes: Array<{ path: string; items: unknown[] }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      const items = body
        .toString()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown);
      envelopes.push({ path: req.url ?? "", items });
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as AddressInfo).port, envelopes };
}

describe("error reporting", () => {
  it("is off without a DSN: nothing is loaded and reporting is a no-op", async () => {
    expect(await initErrorReporting({ dsn: undefined, environment: "test", processRole: "app" })).toBe(false);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("rosca.sentry")]).toBeUndefined();
    await expect(reportError(new Error("nobody listens"))).resolves.toBeUndefined();
  });

  it("with a DSN sends the error to Sentry, scrubbed of emails and tokens", async () => {
    const sentry = await fakeSentry();
    const on = await initErrorReporting({
      dsn: `http://publickey@127.0.0.1:${sentry.port}/42`,
      environment: "test",
      processRole: "worker",
      release: "test-release",
    });
    expect(on).toBe(true);
    await reportError(new Error("email to dana@example.com failed: Bearer pm_live_secret"), { jobName: "email.outbox" });
    await flushErrorReports(5000);

    const events = sentry.envelopes.flatMap((envelope) => envelope.items).filter((item) => (item as { exception?: unknown }).exception);
    expect(sentry.envelopes[0]?.path).toMatch(/^\/api\/42\/envelope\/\?.*sentry_key=publickey/);
    expect(events).toHaveLength(1);
    const event = events[0] as {
      exception: { values: Array<{ type: string; value: string }> };
      environment: string;
      release: string;
      tags: Record<string, string>;
      extra: Record<string, string>;
    };
    expect(event.exception.values[0]).toMatchObject({ type: "Error", value: "email to [email] failed: Bearer [redacted]" });
    expect(event).toMatchObject({ environment: "test", release: "test-release", tags: { process: "worker" }, extra: { jobName: "email.outbox" } });
    expect(JSON.stringify(sentry.envelopes)).not.toContain("dana@example.com");
    expect(JSON.stringify(sentry.envelopes)).not.toContain("pm_live_secret");
  }, 20_000);
});
