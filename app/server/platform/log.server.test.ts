import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, redactSensitive, scrubLine, withLogContext } from "./log.server";

/** A logger writing JSON lines into an array (no pretty printing: LOG_FORMAT has no say over a given destination). */
function capture(level = "debug") {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const logger = createLogger({ destination, level, env: { NODE_ENV: "production" } });
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("log redaction", () => {
  it("removes an email and a token under sensitive keys, at the top level and nested", () => {
    const { logger, lines, records } = capture();
    logger.info(
      {
        email: "amina@example.com",
        token: "tok_live_5ecret",
        user: { id: "u1", email: "omar@example.com" },
        body: { access_token: "access-sandbox-123" },
      },
      "password reset requested",
    );
    const record = records()[0]!;
    expect(record).toMatchObject({
      email: "[redacted]",
      token: "[redacted]",
      user: { id: "u1", email: "[redacted]" },
      body: { access_token: "[redacted]" },
      msg: "password reset requested",
    });
    expect(lines[0]).not.toContain("amina@example.com");
    expect(lines[0]).not.toContain("omar@example.com");
    expect(lines[0]).not.toContain("tok_live_5ecret");
    expect(lines[0]).not.toContain("access-sandbox-123");
  });

  it("removes emails, bearer credentials and token parameters from messages and errors, whatever the key", () => {
    const { logger, lines, records } = capture();
    const error = new Error("Postmark refused 'lena@example.com': Authorization: Bearer pm_5ecret_token");
    logger.error({ err: error, link: "https://app.example/auth/confirm?token=abc123def&next=/dashboard" }, "email to marcus@example.com failed");
    const record = records()[0]!;
    expect(record.msg).toBe("email to [email] failed");
    expect((record.err as { message: string }).message).toBe("Postmark refused '[email]': Authorization: Bearer [redacted]");
    expect(record.link).toBe("https://app.example/auth/confirm?token=[redacted]&next=/dashboard");
    for (const secret of ["lena@example.com", "marcus@example.com", "pm_5ecret_token", "abc123def"]) expect(lines[0]).not.toContain(secret);
    // The stack is scrubbed too (it repeats the message).
    expect((record.err as { stack: string }).stack).toContain("Postmark refused '[email]'");
  });

  it("leaves out the connection node-postgres attaches to an error, and keeps the rest", () => {
    const { logger, records } = capture();
    const error = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
      client: { parsedStatements: { session_with_user: "select …" }, connectionParameters: { host: "db.internal" } },
    });
    logger.error({ err: error }, "database pool: idle client error");
    const err = records()[0]!.err as Record<string, unknown>;
    expect(err.client).toBeUndefined();
    expect(err.code).toBe("57P01");
    expect(err.message).toBe("terminating connection due to administrator command");
    expect(err.type).toBe("Error");
  });

  it("redacts the Authorization and Cookie headers of a logged request", () => {
    const { logger, lines } = capture();
    logger.info({ req: { headers: { authorization: "Basic dXNlcjpwYXNz", cookie: "__session=s3ss10n", "user-agent": "curl/8" } } }, "request");
    expect(JSON.parse(lines[0]!).req.headers).toEqual({ authorization: "[redacted]", cookie: "[redacted]", "user-agent": "curl/8" });
  });

  it("covers every sensitive key at depths one to four, and leaves the caller's objects as they were", () => {
    const { logger, records } = capture();
    const deep = { a: { b: { token: "t3", c: { token: "t5" } }, "set-cookie": "s2" } };
    const error = Object.assign(new Error("plaid said no"), { config: { headers: { "PLAID-SECRET": "sec_123", accept: "json" } } });
    logger.error({ deep, list: [{ password: "p2" }], err: error }, "deep");
    const record = records()[0]!;
    expect(record.deep).toEqual({ a: { b: { token: "[redacted]", c: { token: "t5" } }, "set-cookie": "[redacted]" } });
    expect(record.list).toEqual([{ password: "[redacted]" }]);
    expect(record.err).toMatchObject({
      type: "Error",
      message: "plaid said no",
      config: { headers: { "PLAID-SECRET": "[redacted]", accept: "json" } },
    });
    expect(deep.a.b.token).toBe("t3");
    expect(error.config.headers["PLAID-SECRET"]).toBe("sec_123");
    expect(redactSensitive({ token: undefined, ok: 1 })).toEqual({ token: undefined, ok: 1 });
  });

  it("scrubLine leaves ordinary text alone", () => {
    expect(scrubLine('{"msg":"group 42 processed in 12 ms","path":"/groups/abc?tab=members"}')).toBe(
      '{"msg":"group 42 processed in 12 ms","path":"/groups/abc?tab=members"}',
    );
  });
});

describe("log context", () => {
  it("adds the request's or job's context to every line written inside it, once", async () => {
    const { logger, records } = capture();
    logger.info("outside");
    await withLogContext({ reqId: "req-1" }, async () => {
      await Promise.resolve();
      logger.info("inside");
      logger.child({ reqId: "req-1" }).info("child already bound");
      await withLogContext({ jobName: "money.tick", jobId: "j1" }, async () => logger.warn("nested"));
    });
    expect(records().map(({ msg, reqId, jobName, jobId }) => ({ msg, reqId, jobName, jobId }))).toEqual([
      { msg: "outside", reqId: undefined, jobName: undefined, jobId: undefined },
      { msg: "inside", reqId: "req-1", jobName: undefined, jobId: undefined },
      { msg: "child already bound", reqId: "req-1", jobName: undefined, jobId: undefined },
      { msg: "nested", reqId: "req-1", jobName: "money.tick", jobId: "j1" },
    ]);
  });
});
