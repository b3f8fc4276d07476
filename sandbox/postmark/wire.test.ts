import { describe, expect, it } from "vitest";
import { renderEmail } from "../../app/server/email/templates";
import {
  acceptsJson,
  bounceFor,
  checkPendingAccount,
  checkSender,
  parseMailbox,
  SANDBOX_TEMPLATE_IDS,
  simulatedStatus,
  splitAddressList,
  validateEmail,
  validateTemplatedEmail,
} from "./wire";

const base = { From: "Rosca <hello@rosca.example>", To: "amina@example.com", Subject: "Hi", TextBody: "Hello" };

describe("splitAddressList", () => {
  it.each([
    ["a@x.com", ["a@x.com"]],
    ["a@x.com, b@y.org", ["a@x.com", "b@y.org"]],
    ['"Doe, Jane" <jane@x.com>, bob@y.org', ['"Doe, Jane" <jane@x.com>', "bob@y.org"]],
    [" , a@x.com,, ", ["a@x.com"]],
  ])("%s", (input, expected) => {
    expect(splitAddressList(input)).toEqual(expected);
  });
});

describe("parseMailbox", () => {
  it.each([
    ["amina@example.com", "amina@example.com"],
    ["Amina Yusuf <amina@example.com>", "amina@example.com"],
    ['"Yusuf, Amina" <amina@example.com>', "amina@example.com"],
    ["not-an-address", null],
    ["amina@localhost", null],
    ["a b@example.com", null],
    ["Amina <>", null],
  ])("%s -> %s", (input, expected) => {
    expect(parseMailbox(input)).toBe(expected);
  });
});

describe("acceptsJson", () => {
  it.each([
    [{ accept: "application/json", "content-type": "application/json" }, true],
    [{ accept: "*/*", "content-type": "application/json; charset=utf-8" }, true],
    [{ accept: "text/html, application/json;q=0.9", "content-type": "Application/JSON" }, true],
    [{ accept: "application/json", "content-type": "text/plain" }, false],
    [{ accept: "text/html", "content-type": "application/json" }, false],
    [{ "content-type": "application/json" }, false],
  ])("%j -> %s", (headers, expected) => {
    expect(acceptsJson(headers)).toBe(expected);
  });
});

describe("validateEmail", () => {
  it("accepts a minimal message and keeps the envelope", () => {
    expect(validateEmail({ ...base, Cc: "", Tag: "welcome", Metadata: { a: "1" } })).toEqual({
      ok: true,
      message: {
        fromAddress: "Rosca <hello@rosca.example>",
        toAddress: "amina@example.com",
        cc: null,
        bcc: null,
        replyTo: null,
        tag: "welcome",
        messageStream: "outbound",
        metadata: { a: "1" },
        subject: "Hi",
        htmlBody: null,
        textBody: "Hello",
        templateAlias: null,
        templateModel: null,
      },
    });
  });

  it.each([
    [{ ...base, To: "not-an-address" }, 300, "Error parsing 'To': Illegal email address 'not-an-address'. It must contain the '@' symbol."],
    [{ ...base, To: "amina@example.com, broken" }, 300, "Error parsing 'To': Illegal email address 'broken'. It must contain the '@' symbol."],
    [{ ...base, To: undefined }, 300, "Zero recipients specified"],
    [{ ...base, To: "" }, 300, "Zero recipients specified"],
    [{ ...base, Cc: "nope" }, 300, "Error parsing 'Cc': Illegal email address 'nope'. It must contain the '@' symbol."],
    [{ ...base, From: "" }, 300, "Error parsing 'From': Illegal email address ''. It must contain the '@' symbol."],
    [{ ...base, From: "a@x.com, b@y.com" }, 300, "Error parsing 'From': Illegal email address 'a@x.com, b@y.com'."],
    [{ ...base, Subject: undefined }, 300, "Missing 'Subject': provide a subject."],
    [{ ...base, TextBody: undefined }, 300, "Provide either email TextBody or HtmlBody or both."],
    [{ ...base, To: 42 }, 403, "Invalid request field(s) - To."],
    [{ ...base, Metadata: { n: 1 }, TrackOpens: "yes" }, 403, "Invalid request field(s) - Metadata, TrackOpens."],
    [[base], 403, "Invalid request field(s) - body (expected a JSON object)."],
  ])("%j -> %i %s", (body, code, message) => {
    expect(validateEmail(body)).toEqual({ ok: false, failure: { status: 422, body: { ErrorCode: code, Message: message } } });
  });

  it("allows 50 recipients and refuses 51", () => {
    const addresses = (n: number) => Array.from({ length: n }, (_, i) => `r${i}@example.com`).join(", ");
    expect(validateEmail({ ...base, To: addresses(50) }).ok).toBe(true);
    expect(validateEmail({ ...base, To: addresses(40), Bcc: addresses(11) })).toEqual({
      ok: false,
      failure: { status: 422, body: { ErrorCode: 300, Message: "Too many recipients: at most 50 (To, Cc and Bcc together)." } },
    });
  });
});

describe("validateTemplatedEmail", () => {
  const model = { name: "Amina", dashboardUrl: "https://rosca.example/dashboard" };
  const templated = { From: base.From, To: base.To, TemplateAlias: "welcome", TemplateModel: model };

  it("renders the app's template into the stored message", () => {
    const rendered = renderEmail({ template: "welcome", data: model });
    const result = validateTemplatedEmail(templated);
    expect(result.ok && result.message).toMatchObject({
      subject: rendered.subject,
      htmlBody: rendered.html,
      textBody: rendered.text,
      templateAlias: "welcome",
      templateModel: model,
      tag: null,
    });
  });

  it("finds a template by its id", () => {
    const result = validateTemplatedEmail({ From: base.From, To: base.To, TemplateId: SANDBOX_TEMPLATE_IDS.welcome, TemplateModel: model });
    expect(result.ok && result.message.templateAlias).toBe("welcome");
  });

  it.each([
    [{ ...templated, TemplateAlias: "nope" }, 1101, "The Template's 'Alias' associated with this request is not valid or was not found."],
    [
      { ...templated, TemplateAlias: undefined, TemplateId: 999_999 },
      1101,
      "The 'TemplateId' associated with this request is not valid or was not found.",
    ],
    [{ ...templated, TemplateAlias: undefined }, 403, "Invalid request field(s) - TemplateId or TemplateAlias (one is required)."],
    [{ ...templated, TemplateModel: undefined }, 403, "Invalid request field(s) - TemplateModel."],
    [{ ...templated, TemplateModel: { name: "A" } }, 403, "Invalid request field(s) - TemplateModel.dashboardUrl."],
    [{ ...templated, To: "bad" }, 300, "Error parsing 'To': Illegal email address 'bad'. It must contain the '@' symbol."],
  ])("%j -> %i", (body, code, message) => {
    expect(validateTemplatedEmail(body)).toEqual({ ok: false, failure: { status: 422, body: { ErrorCode: code, Message: message } } });
  });
});

describe("the account's checks", () => {
  it.each([
    ["Rosca <hello@rosca.example>", [{ domain: "rosca.example" }], null],
    ["hello@ROSCA.example", [{ domain: "rosca.example" }], null],
    ["hello@rosca.example", [{ address: "hello@rosca.example" }], null],
    ["hello@rosca.example", [{ address: "Hello@Rosca.example", confirmed: true }], null],
    ["hello@rosca.example", [{ address: "hello@rosca.example", confirmed: false }], 401],
    ["other@rosca.example", [{ address: "hello@rosca.example" }], 400],
    ["hello@mail.rosca.example", [{ domain: "rosca.example" }], 400],
    ["hello@rosca.example", [], 400],
  ] as const)("From %s with %j → %s", (from, senders, code) => {
    const failure = checkSender(from, [...senders]);
    expect(failure?.body.ErrorCode ?? null).toBe(code);
    if (failure) expect(failure.status).toBe(422);
  });

  it("pending: only recipients at the From address's domain", () => {
    expect(checkPendingAccount("Rosca <hello@rosca.example>", ["support@rosca.example", "x@ROSCA.example"])).toBeNull();
    expect(checkPendingAccount("hello@rosca.example", ["support@rosca.example", "amina@example.com"])?.body).toEqual({
      ErrorCode: 412,
      Message:
        "While your account is pending approval, all recipient addresses must share the same domain as the 'From' address. The domain of the 'From' address is 'rosca.example', but you are attempting to send email to the following domain: 'example.com'.",
    });
  });
});

describe("test conventions", () => {
  it.each([
    ["HardBounce@bounce-testing.postmarkapp.com", "Bounce", "HardBounce", 1, true],
    ["hard_bounce@Bounce-Testing.Postmarkapp.com", "Bounce", "HardBounce", 1, true],
    ["hardbounce+run42@bounce-testing.postmarkapp.com", "Bounce", "HardBounce", 1, true],
    ["SoftBounce@bounce-testing.postmarkapp.com", "Bounce", "SoftBounce", 4096, false],
    ["Transient@bounce-testing.postmarkapp.com", "Bounce", "Transient", 2, false],
    ["blocked@bounce-testing.postmarkapp.com", "Bounce", "Blocked", 100006, false],
    ["BadEmailAddress@bounce-testing.postmarkapp.com", "Bounce", "BadEmailAddress", 100000, true],
    ["anything-else@bounce-testing.postmarkapp.com", "Bounce", "HardBounce", 1, true],
    ["SpamComplaint@bounce-testing.postmarkapp.com", "SpamComplaint", "SpamComplaint", 100001, true],
  ])("%s bounces as %s/%s", (address, recordType, type, typeCode, inactive) => {
    expect(bounceFor(address)).toMatchObject({ recordType, type, typeCode, inactive });
  });

  it("leaves every other address alone", () => {
    expect(bounceFor("hardbounce@example.com")).toBeNull();
    expect(bounceFor("hardbounce@bounce-testing.postmarkapp.com.evil.test")).toBeNull();
  });

  it.each([
    ["status-429@api-errors.mail-sandbox.test", { status: 429, times: null }],
    ["STATUS-503-2+run7@api-errors.mail-sandbox.test", { status: 503, times: 2 }],
    ["status-500-1@api-errors.mail-sandbox.test", { status: 500, times: 1 }],
    ["status-404@api-errors.mail-sandbox.test", null],
    ["status-503@example.com", null],
    ["status-503@api-errors.mail-sandbox.test.evil", null],
  ] as const)("%s → %j", (address, expected) => {
    expect(simulatedStatus(address)).toEqual(expected);
  });
});
