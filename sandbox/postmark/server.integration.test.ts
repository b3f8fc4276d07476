/**
 * Contract tests: the mail double driven through the official postmark SDK (and raw HTTP where the SDK cannot go),
 * answering as Postmark does and storing what it accepts.
 */
import type { ServerClient } from "postmark";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderEmail } from "../../app/server/email/templates";
import { createTestDatabase } from "../../tests/support/test-db";
import { postmarkClient, rejection } from "../../tests/support/postmark";
import { SANDBOX_SERVER_TOKEN, startMailSandbox, type MailSandbox } from "./server";
import { clearMessages, getMessage, latestMessageTo, listMessages } from "./store";

let databaseUrl: string;
let sandbox: MailSandbox;
let client: ServerClient;

const FROM = "Rosca <hello@rosca.example>";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function sdkClient(url: string, fetchImpl?: typeof fetch) {
  return postmarkClient(url, { fetch: fetchImpl });
}

/** The SDK refuses an empty token itself, so the token header is taken off on the wire. */
const withoutToken: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.delete("X-Postmark-Server-Token");
  return fetch(input, { ...init, headers });
};

function post(path: string, body: string, headers: Record<string, string>) {
  return fetch(`${sandbox.url}${path}`, { method: "POST", body, headers });
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  sandbox = await startMailSandbox({ databaseUrl });
  client = sdkClient(sandbox.url);
});

afterAll(async () => {
  await sandbox?.stop();
});

describe("startMailSandbox", () => {
  it("listens on a free loopback port", () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.url.endsWith(":0")).toBe(false);
  });
});

describe("POST /email", () => {
  it("accepts a message with Postmark's success shape and stores it as sent", async () => {
    const before = Date.now();
    const response = await client.sendEmail({
      From: FROM,
      To: "Amina Yusuf <amina@example.com>",
      Cc: "omar@example.com",
      ReplyTo: "support@rosca.example",
      Subject: "Welcome to Rosca",
      HtmlBody: "<p>Hello</p>",
      TextBody: "Hello",
      Tag: "welcome",
      MessageStream: "outbound",
      Metadata: { userId: "u1" },
    });
    expect(Object.keys(response).sort()).toEqual(["ErrorCode", "Message", "MessageID", "SubmittedAt", "To"]);
    expect(response.To).toBe("Amina Yusuf <amina@example.com>");
    expect(response.ErrorCode).toBe(0);
    expect(response.Message).toBe("OK");
    expect(response.MessageID).toMatch(UUID);
    const submittedAt = new Date(response.SubmittedAt).getTime();
    expect(submittedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(submittedAt).toBeLessThanOrEqual(Date.now() + 1000);

    const stored = await getMessage(databaseUrl, response.MessageID);
    expect(stored).toEqual({
      id: response.MessageID,
      fromAddress: FROM,
      toAddress: "Amina Yusuf <amina@example.com>",
      cc: "omar@example.com",
      bcc: null,
      replyTo: "support@rosca.example",
      subject: "Welcome to Rosca",
      htmlBody: "<p>Hello</p>",
      textBody: "Hello",
      tag: "welcome",
      messageStream: "outbound",
      templateAlias: null,
      templateModel: null,
      metadata: { userId: "u1" },
      submittedAt: new Date(response.SubmittedAt),
    });
  });

  it("answers 401 with ErrorCode 10 when the token header is missing", async () => {
    expect(await rejection(sdkClient(sandbox.url, withoutToken).sendEmail({ From: FROM, To: "a@example.com", Subject: "s", TextBody: "t" }))).toEqual(
      {
        type: "InvalidAPIKeyError",
        statusCode: 401,
        code: 10,
        message:
          "No Account or Server API tokens were supplied in the HTTP headers. Please add a header for either X-Postmark-Server-Token or X-Postmark-Account-Token.",
      },
    );
  });

  it("answers 401 for an empty token on the wire too", async () => {
    const response = await post("/email", JSON.stringify({ From: FROM, To: "a@example.com", Subject: "s", TextBody: "t" }), {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-Postmark-Server-Token": "",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ErrorCode: 10 });
  });

  it("answers 422 with ErrorCode 300 for an invalid To address", async () => {
    expect(await rejection(client.sendEmail({ From: FROM, To: "not-an-address", Subject: "s", TextBody: "t" }))).toEqual({
      type: "InvalidEmailRequestError",
      statusCode: 422,
      code: 300,
      message: "Error parsing 'To': Illegal email address 'not-an-address'. It must contain the '@' symbol.",
    });
  });

  it.each([
    [{ From: FROM, Subject: "s", TextBody: "t" }, "Zero recipients specified"],
    [
      { From: "nobody", To: "a@example.com", Subject: "s", TextBody: "t" },
      "Error parsing 'From': Illegal email address 'nobody'. It must contain the '@' symbol.",
    ],
    [{ From: FROM, To: "a@example.com", Subject: "", TextBody: "t" }, "Missing 'Subject': provide a subject."],
    [{ From: FROM, To: "a@example.com", Subject: "s" }, "Provide either email TextBody or HtmlBody or both."],
  ])("answers 422/300 for %j", async (message, expected) => {
    expect(await rejection(client.sendEmail(message as Parameters<ServerClient["sendEmail"]>[0]))).toEqual({
      type: "InvalidEmailRequestError",
      statusCode: 422,
      code: 300,
      message: expected,
    });
  });

  it("answers 422 with ErrorCode 402 for a body that is not JSON", async () => {
    const response = await post("/email", "{not json", {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-Postmark-Server-Token": SANDBOX_SERVER_TOKEN,
    });
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ ErrorCode: 402, Message: "Received invalid JSON input." });
  });

  it("answers 415 when the request is not declared as JSON", async () => {
    const response = await post("/email", "{}", {
      "Content-Type": "text/plain",
      Accept: "application/json",
      "X-Postmark-Server-Token": SANDBOX_SERVER_TOKEN,
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      ErrorCode: 409,
      Message: "JSON required: set both the 'Accept' and 'Content-Type' request headers to 'application/json'.",
    });
  });

  it("answers 405 for GET and 404 for an unknown path", async () => {
    const get = await fetch(`${sandbox.url}/email`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const unknown = await post("/bounces", "{}", {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-Postmark-Server-Token": SANDBOX_SERVER_TOKEN,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("POST /email/withTemplate", () => {
  const model = { name: "Amina", confirmUrl: "http://localhost:3000/auth/confirm?id=1&token=2", expiresInHours: 24 };

  it("renders the app's template and stores the rendered message", async () => {
    const response = await client.sendEmailWithTemplate({
      From: FROM,
      To: "templated@example.com",
      TemplateAlias: "confirm-email",
      TemplateModel: model,
    });
    expect(response).toMatchObject({ To: "templated@example.com", ErrorCode: 0, Message: "OK" });
    const rendered = renderEmail({ template: "confirm-email", data: model });
    const stored = await getMessage(databaseUrl, response.MessageID);
    expect(stored).toMatchObject({
      subject: "Confirm your email address for Rosca",
      htmlBody: rendered.html,
      textBody: rendered.text,
      templateAlias: "confirm-email",
      templateModel: model,
    });
  });

  it("answers 422 with ErrorCode 1101 for an unknown alias", async () => {
    expect(
      await rejection(client.sendEmailWithTemplate({ From: FROM, To: "a@example.com", TemplateAlias: "no-such-template", TemplateModel: {} })),
    ).toEqual({
      type: "ApiInputError",
      statusCode: 422,
      code: 1101,
      message: "The Template's 'Alias' associated with this request is not valid or was not found.",
    });
  });

  it("answers 422 with ErrorCode 403 naming the missing model fields", async () => {
    expect(
      await rejection(
        client.sendEmailWithTemplate({ From: FROM, To: "a@example.com", TemplateAlias: "confirm-email", TemplateModel: { name: "A" } }),
      ),
    ).toEqual({
      type: "ApiInputError",
      statusCode: 422,
      code: 403,
      message: "Invalid request field(s) - TemplateModel.confirmUrl, TemplateModel.expiresInHours.",
    });
  });
});

describe("POST /email/batch", () => {
  it("answers one result per message, storing only the valid ones", async () => {
    const results = await client.sendEmailBatch([
      { From: FROM, To: "batch-1@example.com", Subject: "One", TextBody: "1" },
      { From: FROM, To: "broken", Subject: "Two", TextBody: "2" },
      { From: FROM, To: "batch-3@example.com", Subject: "Three", TextBody: "3" },
    ]);
    expect(results.map((result) => [result.ErrorCode, result.Message, result.To])).toEqual([
      [0, "OK", "batch-1@example.com"],
      [300, "Error parsing 'To': Illegal email address 'broken'. It must contain the '@' symbol.", undefined],
      [0, "OK", "batch-3@example.com"],
    ]);
    expect((await latestMessageTo(databaseUrl, "batch-3@example.com"))?.subject).toBe("Three");
  });
});

describe("store", () => {
  it("lists newest first, filters by exact recipient address (To, Cc or Bcc) and limits", async () => {
    await clearMessages(databaseUrl);
    const send = (To: string, Subject: string, extra: Record<string, string> = {}) =>
      client.sendEmail({ From: FROM, To, Subject, TextBody: "x", ...extra });
    await send("Zed <zed@example.com>", "first");
    await send("zed@example.com.evil.test", "lookalike");
    await send("other@example.com", "second", { Bcc: "ZED@example.com" });
    await send("other@example.com", "third");

    expect((await listMessages(databaseUrl)).map((m) => m.subject)).toEqual(["third", "second", "lookalike", "first"]);
    expect((await listMessages(databaseUrl, { to: "zed@example.com" })).map((m) => m.subject)).toEqual(["second", "first"]);
    expect((await listMessages(databaseUrl, { to: "  Zed@Example.com " })).map((m) => m.subject)).toEqual(["second", "first"]);
    expect((await listMessages(databaseUrl, { limit: 2 })).map((m) => m.subject)).toEqual(["third", "second"]);
    expect(await listMessages(databaseUrl, { to: "nobody@example.com" })).toEqual([]);
    expect((await latestMessageTo(databaseUrl, "zed@example.com"))?.subject).toBe("second");
  });

  it("answers null for an unknown or malformed id", async () => {
    expect(await getMessage(databaseUrl, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getMessage(databaseUrl, "not-a-uuid")).toBeNull();
    expect(await getMessage(databaseUrl, "'; drop table sandbox_postmark.messages; --")).toBeNull();
  });
});

describe("stop", () => {
  it("closes the port and can be called twice", async () => {
    const extra = await startMailSandbox({ databaseUrl });
    await extra.stop();
    await extra.stop();
    await expect(fetch(`${extra.url}/email`, { method: "POST" })).rejects.toThrow();
  });
});
