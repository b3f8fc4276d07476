import { describe, expect, it } from "vitest";
import { renderEmail } from "../../app/server/email/templates";
import { acceptsJson, parseMailbox, SANDBOX_TEMPLATE_IDS, splitAddressList, validateEmail, validateTemplatedEmail } from "./wire";

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
    [{ ...base, To: "not-an-address" }, 300, "Invalid 'To' address: 'not-an-address'."],
    [{ ...base, To: "amina@example.com, broken" }, 300, "Invalid 'To' address: 'broken'."],
    [{ ...base, To: undefined }, 300, "Zero recipients specified"],
    [{ ...base, To: "" }, 300, "Zero recipients specified"],
    [{ ...base, Cc: "nope" }, 300, "Invalid 'Cc' address: 'nope'."],
    [{ ...base, From: "" }, 300, "Invalid 'From' address: ''."],
    [{ ...base, From: "a@x.com, b@y.com" }, 300, "Invalid 'From' address: 'a@x.com, b@y.com'."],
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
    [{ ...templated, To: "bad" }, 300, "Invalid 'To' address: 'bad'."],
  ])("%j -> %i", (body, code, message) => {
    expect(validateTemplatedEmail(body)).toEqual({ ok: false, failure: { status: 422, body: { ErrorCode: code, Message: message } } });
  });
});
