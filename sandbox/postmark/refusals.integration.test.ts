/**
 * Contract tests: what the mail double refuses, as Postmark refuses it (issue 31), driven through the official postmark
 * SDK so the errors are the ones the app's transport meets: the server token, sender signatures, an account pending
 * approval, the suppression list (inactive recipients) and its API, the black hole domain's bounces and their webhook
 * (basic auth, retries), and the rate limits and outages the double answers on demand.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Errors } from "postmark";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { postmarkClient, rejection } from "../../tests/support/postmark";
import { SANDBOX_SERVER_TOKEN, startMailSandbox, type MailSandbox } from "./server";
import { listMessages } from "./store";

let databaseUrl: string;
let sandbox: MailSandbox;

const FROM = "Rosca <hello@rosca.example>";
let counter = 0;
function fresh(local = "member") {
  counter += 1;
  return `${local}.${Date.now()}.${counter}@example.com`;
}

function client(token = SANDBOX_SERVER_TOKEN) {
  return postmarkClient(sandbox.url, { token });
}

/** A webhook receiver: records every request, answers with the statuses given in turn (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Array<{ authorization: string | undefined; contentType: string | undefined; body: Record<string, unknown> }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        authorization: request.headers.authorization,
        contentType: request.headers["content-type"],
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
      });
      response.writeHead(statuses.shift() ?? 200, { "Content-Type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  sandbox = await startMailSandbox({ databaseUrl, webhookRetryDelaysMs: [50, 50] });
});

afterAll(async () => {
  await sandbox?.stop();
});

describe("the server token", () => {
  it("answers 401 with ErrorCode 10 for a token that is not the server's", async () => {
    expect(await rejection(client("not-the-token").sendEmail({ From: FROM, To: fresh(), Subject: "s", TextBody: "t" }))).toEqual({
      type: "InvalidAPIKeyError",
      statusCode: 401,
      code: 10,
      message: "Request does not contain a valid Server token.",
    });
  });

  it("validates with POSTMARK_API_TEST and stores nothing", async () => {
    const to = fresh();
    const response = await client("POSTMARK_API_TEST").sendEmail({ From: FROM, To: to, Subject: "s", TextBody: "t" });
    expect(response).toMatchObject({ To: to, ErrorCode: 0, Message: "Test job accepted" });
    expect(await listMessages(databaseUrl, { to })).toEqual([]);
    // Still validated: an invalid request is refused as with the real token.
    expect(await rejection(client("POSTMARK_API_TEST").sendEmail({ From: FROM, To: "nope", Subject: "s", TextBody: "t" }))).toMatchObject({
      statusCode: 422,
      code: 300,
    });
  });
});

describe("sender signatures and approval", () => {
  it("answers 422/400 for a From address that is not a sender signature", async () => {
    expect(await rejection(client().sendEmail({ From: "Someone <someone@elsewhere.example>", To: fresh(), Subject: "s", TextBody: "t" }))).toEqual({
      type: "ApiInputError",
      statusCode: 422,
      code: 400,
      message:
        "The 'From' address you supplied (someone@elsewhere.example) is not a Sender Signature on your account. Please add and confirm this address in order to be able to use it in the 'From' field of your messages.",
    });
  });

  it("answers 422/401 for a signature not confirmed yet, and sends once it is (configure)", async () => {
    sandbox.configure({ senders: [{ address: "hello@rosca.example", confirmed: false }] });
    try {
      const to = fresh();
      expect(await rejection(client().sendEmail({ From: FROM, To: to, Subject: "s", TextBody: "t" }))).toEqual({
        type: "ApiInputError",
        statusCode: 422,
        code: 401,
        message:
          "The 'From' address you supplied (hello@rosca.example) is a Sender Signature that has not been confirmed yet. Please confirm it in order to be able to use it in the 'From' field of your messages.",
      });
      // A signature for one address does not cover the rest of its domain.
      expect(await rejection(client().sendEmail({ From: "other@rosca.example", To: to, Subject: "s", TextBody: "t" }))).toMatchObject({ code: 400 });
      sandbox.configure({ senders: [{ address: "hello@rosca.example", confirmed: true }] });
      expect(await client().sendEmail({ From: FROM, To: to, Subject: "s", TextBody: "t" })).toMatchObject({ ErrorCode: 0, Message: "OK" });
    } finally {
      sandbox.configure({ senders: [{ domain: "rosca.example" }] });
    }
  });

  it("while pending approval, answers 422/412 for a recipient outside the From domain and sends within it", async () => {
    sandbox.configure({ pending: true });
    try {
      expect(await rejection(client().sendEmail({ From: FROM, To: "amina@example.com", Subject: "s", TextBody: "t" }))).toEqual({
        type: "ApiInputError",
        statusCode: 422,
        code: 412,
        message:
          "While your account is pending approval, all recipient addresses must share the same domain as the 'From' address. The domain of the 'From' address is 'rosca.example', but you are attempting to send email to the following domain: 'example.com'.",
      });
      expect(await client().sendEmail({ From: FROM, To: "support@rosca.example", Subject: "s", TextBody: "t" })).toMatchObject({ ErrorCode: 0 });
    } finally {
      sandbox.configure({ pending: false });
    }
  });
});

describe("the suppression list", () => {
  it("answers 422/406 for a suppressed recipient, naming it as the SDK parses it, until it is reactivated", async () => {
    const to = fresh("suppressed");
    const added = await client().createSuppressions("outbound", { Suppressions: [{ EmailAddress: to }, { EmailAddress: "not an address" }] });
    expect(added).toEqual({
      Suppressions: [
        { EmailAddress: to, Status: "Suppressed", Message: null },
        { EmailAddress: "not an address", Status: "Failed", Message: "An invalid email address was provided." },
      ],
    });
    const refused = await client()
      .sendEmail({ From: FROM, To: `Some One <${to.toUpperCase()}>`, Subject: "s", TextBody: "t" })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Errors.InactiveRecipientsError);
    expect(refused).toMatchObject({
      statusCode: 422,
      code: 406,
      message: `You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ${to}. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.`,
      recipients: [to],
    });
    const dump = await client().getSuppressions("outbound");
    expect(dump.Suppressions.find((entry) => entry.EmailAddress === to)).toMatchObject({
      SuppressionReason: "ManualSuppression",
      Origin: "Customer",
    });
    // Other streams keep their own lists.
    expect(await client().sendEmail({ From: FROM, To: to, Subject: "s", TextBody: "t", MessageStream: "broadcast" })).toMatchObject({ ErrorCode: 0 });

    expect(await client().deleteSuppressions("outbound", { Suppressions: [{ EmailAddress: to }] })).toEqual({
      Suppressions: [{ EmailAddress: to, Status: "Deleted", Message: null }],
    });
    expect(await client().sendEmail({ From: FROM, To: to, Subject: "s", TextBody: "t" })).toMatchObject({ ErrorCode: 0 });
  });

  it("refuses the suppressions API without the server token", async () => {
    expect(await rejection(client("wrong").getSuppressions("outbound"))).toMatchObject({ statusCode: 401, code: 10 });
  });
});

describe("the black hole domain and the bounce webhook", () => {
  it("accepts a hard bounce, posts Postmark's Bounce record with basic auth, and suppresses the address", async () => {
    const hook = await receiver();
    sandbox.configure({ webhook: { url: hook.url, username: "postmark", password: "s3cret-webhook-password" } });
    try {
      const to = `HardBounce+${Date.now()}@bounce-testing.postmarkapp.com`;
      const sent = await client().sendEmail({ From: FROM, To: to, Subject: "Welcome", TextBody: "t", Tag: "welcome", Metadata: { userId: "u1" } });
      expect(sent).toMatchObject({ ErrorCode: 0, Message: "OK" });
      await sandbox.webhooksIdle();
      expect(hook.received).toHaveLength(1);
      const [delivery] = hook.received;
      expect(delivery!.authorization).toBe(`Basic ${Buffer.from("postmark:s3cret-webhook-password").toString("base64")}`);
      expect(delivery!.contentType).toBe("application/json");
      expect(delivery!.body).toEqual({
        RecordType: "Bounce",
        ID: expect.any(Number),
        Type: "HardBounce",
        TypeCode: 1,
        Name: "Hard bounce",
        Tag: "welcome",
        MessageID: sent.MessageID,
        Metadata: { userId: "u1" },
        ServerID: 1,
        MessageStream: "outbound",
        Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
        Details: `Simulated by the mail sandbox: mail to ${to.toLowerCase()}.`,
        Email: to.toLowerCase(),
        From: "hello@rosca.example",
        BouncedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        DumpAvailable: false,
        Inactive: true,
        CanActivate: true,
        Subject: "Welcome",
      });
      // The address is now inactive, as at Postmark.
      expect(await rejection(client().sendEmail({ From: FROM, To: to, Subject: "s", TextBody: "t" }))).toMatchObject({ statusCode: 422, code: 406 });
    } finally {
      sandbox.configure({ webhook: null });
      await hook.close();
    }
  });

  it("a soft bounce is posted with Inactive false and leaves the address active; SpamComplaint@ posts a SpamComplaint", async () => {
    const hook = await receiver();
    sandbox.configure({ webhook: { url: hook.url } });
    try {
      const soft = `soft_bounce+${Date.now()}@bounce-testing.postmarkapp.com`;
      await client().sendEmail({ From: FROM, To: soft, Subject: "s", TextBody: "t" });
      const spam = `SpamComplaint+${Date.now()}@bounce-testing.postmarkapp.com`;
      await client().sendEmail({ From: FROM, To: spam, Subject: "s", TextBody: "t" });
      await sandbox.webhooksIdle();
      expect(hook.received.map((delivery) => [delivery.body.RecordType, delivery.body.Type, delivery.body.TypeCode, delivery.body.Inactive])).toEqual(
        [
          ["Bounce", "SoftBounce", 4096, false],
          ["SpamComplaint", "SpamComplaint", 100001, true],
        ],
      );
      // No credentials configured: no Authorization header.
      expect(hook.received[0]!.authorization).toBeUndefined();
      expect(await client().sendEmail({ From: FROM, To: soft, Subject: "s", TextBody: "t" })).toMatchObject({ ErrorCode: 0 });
      expect(await rejection(client().sendEmail({ From: FROM, To: spam, Subject: "s", TextBody: "t" }))).toMatchObject({ code: 406 });
    } finally {
      sandbox.configure({ webhook: null });
      await hook.close();
    }
  });

  it("retries a webhook the receiver did not take, and stops at once on a 403", async () => {
    const flaky = await receiver([500, 503]);
    sandbox.configure({ webhook: { url: flaky.url } });
    await client().sendEmail({ From: FROM, To: `hardbounce+${Date.now()}@bounce-testing.postmarkapp.com`, Subject: "s", TextBody: "t" });
    await sandbox.webhooksIdle();
    expect(flaky.received).toHaveLength(3);
    expect(new Set(flaky.received.map((delivery) => delivery.body.ID)).size).toBe(1);
    await flaky.close();

    const forbidden = await receiver([403]);
    sandbox.configure({ webhook: { url: forbidden.url } });
    await client().sendEmail({ From: FROM, To: `hardbounce+${Date.now()}@bounce-testing.postmarkapp.com`, Subject: "s", TextBody: "t" });
    await sandbox.webhooksIdle();
    expect(forbidden.received).toHaveLength(1);
    sandbox.configure({ webhook: null });
    await forbidden.close();
  });
});

describe("a bad day at the mail service, on demand", () => {
  it.each([
    [429, "RateLimitExceededError", 429, "Rate limit exceeded: too many requests. Please slow down and try again later."],
    [500, "InternalServerError", 0, "Internal Server Error"],
    [503, "ServiceUnavailablerError", 100, "Postmark is offline for maintenance. Please try again later."],
  ])("status-%i@api-errors.mail-sandbox.test answers %s", async (status, type, code, message) => {
    const to = `status-${status}+${Date.now()}@api-errors.mail-sandbox.test`;
    expect(await rejection(client().sendEmail({ From: FROM, To: to, Subject: "s", TextBody: "t" }))).toEqual({
      type,
      statusCode: status,
      code,
      message,
    });
    expect(await listMessages(databaseUrl, { to })).toEqual([]);
  });

  it("status-503-2 answers 503 twice for that address, then sends", async () => {
    const to = `status-503-2+${Date.now()}@api-errors.mail-sandbox.test`;
    const other = `status-503-2+other${Date.now()}@api-errors.mail-sandbox.test`;
    expect(await rejection(client().sendEmail({ From: FROM, To: to, Subject: "s", TextBody: "t" }))).toMatchObject({ statusCode: 503 });
    // Each address counts on its own.
    expect(await rejection(client().sendEmail({ From: FROM, To: other, Subject: "s", TextBody: "t" }))).toMatchObject({ statusCode: 503 });
    expect(await rejection(client().sendEmail({ From: FROM, To: to, Subject: "s", TextBody: "t" }))).toMatchObject({ statusCode: 503 });
    expect(await client().sendEmail({ From: FROM, To: to, Subject: "s", TextBody: "t" })).toMatchObject({ ErrorCode: 0 });
    expect(await listMessages(databaseUrl, { to })).toHaveLength(1);
  });
});
