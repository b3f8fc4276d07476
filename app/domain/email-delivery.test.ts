import { describe, expect, it } from "vitest";
import {
  classifyFailure,
  pauseReason,
  postmarkBounceWebhookSchema,
  postmarkRecordId,
  probeDelaySeconds,
  undeliverableBannerTitle,
  undeliverableFromWebhook,
  type SendFailure,
} from "./email-delivery";

describe("classifyFailure", () => {
  it.each<[string, SendFailure, ReturnType<typeof classifyFailure>]>([
    ["no answer at all", { statusCode: 0, message: "fetch failed" }, "transient"],
    ["429 rate limited", { statusCode: 429, message: "Rate limit exceeded" }, "transient"],
    ["500", { statusCode: 500, message: "Internal Server Error" }, "transient"],
    ["503 maintenance", { statusCode: 503, errorCode: 100, message: "Maintenance" }, "transient"],
    [
      "401 ErrorCode 10, wrong server token",
      { statusCode: 401, errorCode: 10, message: "Request does not contain a valid Server token." },
      "account",
    ],
    ["404: not Postmark at that address", { statusCode: 404, message: "Not found" }, "account"],
    ["422/400 sender signature not found", { statusCode: 422, errorCode: 400, message: "The 'From' address you supplied…" }, "account"],
    ["422/401 sender signature not confirmed", { statusCode: 422, errorCode: 401, message: "…not been confirmed…" }, "account"],
    ["422/405 not allowed to send", { statusCode: 422, errorCode: 405, message: "Not allowed to send" }, "account"],
    ["422/412 account pending", { statusCode: 422, errorCode: 412, message: "While your account is pending approval…" }, "account"],
    ["422/413 account may not send", { statusCode: 422, errorCode: 413, message: "Account may not send" }, "account"],
    ["422/406 inactive recipient", { statusCode: 422, errorCode: 406, message: "You tried to send to recipient(s)…" }, "recipient"],
    ["422/300 invalid To", { statusCode: 422, errorCode: 300, message: "Invalid 'To' address: 'x'." }, "recipient"],
    [
      "422/300 To not parsed",
      { statusCode: 422, errorCode: 300, message: "Error parsing 'To': Illegal email address 'x'. It must contain the '@' symbol." },
      "recipient",
    ],
    ["422/300 Bcc not parsed", { statusCode: 422, errorCode: 300, message: "Error parsing 'Bcc': Illegal email address 'x'." }, "recipient"],
    ["422/300 a missing subject", { statusCode: 422, errorCode: 300, message: "Missing 'Subject': provide a subject." }, "message"],
    [
      "422/300 a bad From (our configuration, but not an account state)",
      { statusCode: 422, errorCode: 300, message: "Invalid 'From' address: 'x'." },
      "message",
    ],
    ["422/402 invalid JSON", { statusCode: 422, errorCode: 402, message: "Received invalid JSON input." }, "message"],
    ["413 payload too large", { statusCode: 413, message: "Payload too large" }, "message"],
  ])("%s → %s", (_label, failure, expected) => {
    expect(classifyFailure(failure)).toBe(expected);
  });
});

describe("pauseReason", () => {
  it.each<[SendFailure, string]>([
    [{ statusCode: 401, errorCode: 10, message: "x" }, "Postmark refused the server token (check POSTMARK_SERVER_TOKEN)"],
    [{ statusCode: 422, errorCode: 400, message: "x" }, "the From address (EMAIL_FROM) is not a sender signature on the Postmark account"],
    [{ statusCode: 422, errorCode: 401, message: "x" }, "the From address (EMAIL_FROM) is a sender signature Postmark has not confirmed yet"],
    [{ statusCode: 422, errorCode: 412, message: "x" }, "the Postmark account is pending approval"],
    [{ statusCode: 422, errorCode: 405, message: "x" }, "the Postmark account is not allowed to send"],
    [{ statusCode: 404, message: "x" }, "the mail service's address does not answer as Postmark's API"],
    [
      { statusCode: 0, message: "Email is not configured (set POSTMARK_SERVER_TOKEN or MAIL_SANDBOX_URL)" },
      "Email is not configured (set POSTMARK_SERVER_TOKEN or MAIL_SANDBOX_URL)",
    ],
  ])("%j → %s", (failure, reason) => {
    expect(pauseReason(failure)).toBe(reason);
  });
});

describe("probeDelaySeconds", () => {
  it.each([
    [0, 60],
    [1, 120],
    [2, 240],
    [3, 480],
    [4, 900],
    [50, 900],
  ])("after %i refused probes waits %i s", (probes, seconds) => {
    expect(probeDelaySeconds(probes)).toBe(seconds);
  });
});

describe("the banner", () => {
  it("says exactly what the issue asks", () => {
    expect(undeliverableBannerTitle("amina@example.com")).toBe("We can't reach amina@example.com: update your email");
  });
});

describe("bounce webhooks", () => {
  const bounce = {
    RecordType: "Bounce",
    ID: 4323372036854775,
    Type: "HardBounce",
    TypeCode: 1,
    Name: "Hard bounce",
    Tag: "welcome",
    MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
    ServerID: 23,
    MessageStream: "outbound",
    Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
    Details: "Test bounce details",
    Email: "john@example.com",
    From: "sender@example.com",
    BouncedAt: "2026-11-26T16:33:54.9070259Z",
    DumpAvailable: true,
    Inactive: true,
    CanActivate: true,
    Subject: "Test subject",
    Metadata: { a: "b" },
  };

  it("accepts Postmark's payload, extra fields and all", () => {
    expect(postmarkBounceWebhookSchema.safeParse(bounce).success).toBe(true);
  });

  it.each([
    ["no RecordType", { ...bounce, RecordType: undefined }],
    ["a delivery webhook", { ...bounce, RecordType: "Delivery" }],
    ["a string ID", { ...bounce, ID: "42" }],
    ["a fractional ID", { ...bounce, ID: 1.5 }],
    ["a negative ID", { ...bounce, ID: -3 }],
    ["no MessageID", { ...bounce, MessageID: undefined }],
    ["an Inactive that is not a boolean", { ...bounce, Inactive: "true" }],
    ["a BouncedAt that is not a time", { ...bounce, BouncedAt: "yesterday" }],
  ])("refuses %s", (_label, payload) => {
    expect(postmarkBounceWebhookSchema.safeParse(payload).success).toBe(false);
  });

  it.each([
    [{ RecordType: "Bounce", Type: "HardBounce", Inactive: true }, "bounced"],
    [{ RecordType: "Bounce", Type: "BadEmailAddress", Inactive: true }, "bounced"],
    [{ RecordType: "Bounce", Type: "SoftBounce", Inactive: false }, null],
    [{ RecordType: "Bounce", Type: "Transient", Inactive: false }, null],
    [{ RecordType: "SpamComplaint", Type: "SpamComplaint", Inactive: true }, "spam-complaint"],
  ] as const)("%j marks the address: %s", (event, reason) => {
    expect(undeliverableFromWebhook(event)).toBe(reason);
  });
});

describe("postmarkRecordId", () => {
  it.each([
    ['{"ID":42,"Email":"a@b.co"}', 42, "42"],
    // What JSON.parse makes of a 64-bit ID: the nearest double, not the ID.
    ['{"RecordType":"Bounce","ID": 4323372036854775807}', Number("4323372036854775807"), "4323372036854775807"],
    ['{"Content":"{\\"ID\\": 5}","ID":4323372036854775806,"x":1}', Number("4323372036854775806"), "4323372036854775806"],
    ['{"ID":00012345678901234567890}', Number("12345678901234567890"), null],
  ])("%s → %s", (raw, parsed, expected) => {
    expect(postmarkRecordId(raw, parsed)).toBe(expected);
  });
});
