import { describe, expect, it } from "vitest";
import { BODY_ERROR_MESSAGES } from "~/domain/request-body";
import { duplicateJsonKey, MAX_FORM_BYTES, parseUrlEncoded, readForm, readJson, readText } from "./request-body.server";

const BOUNDARY = "----rosca17";

function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${path}`, { method: "POST", body, headers });
}

function multipart(parts: string, close = true) {
  return `${parts}${close ? `--${BOUNDARY}--\r\n` : ""}`;
}

const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const MULTIPART = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };
const URLENCODED = { "Content-Type": "application/x-www-form-urlencoded" };

/** What a read threw: status, content type and body. */
async function refusal(read: Promise<unknown>) {
  try {
    await read;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const type = thrown.headers.get("content-type") ?? "";
    return { status: thrown.status, body: type.includes("json") ? await thrown.json() : await thrown.text() };
  }
  throw new Error("expected the read to throw a Response");
}

describe("readForm", () => {
  it("reads url-encoded and multipart forms", async () => {
    const encoded = await readForm(post("/login", "email=a%40example.com&password=p%C3%A4ss+word&empty=", URLENCODED));
    expect([...encoded]).toEqual([
      ["email", "a@example.com"],
      ["password", "päss word"],
      ["empty", ""],
    ]);
    const parts = await readForm(post("/login", multipart(field("email", "a@example.com") + field("name", "Zoë")), MULTIPART));
    expect([...parts]).toEqual([
      ["email", "a@example.com"],
      ["name", "Zoë"],
    ]);
  });

  it("takes a bodiless post as an empty form", async () => {
    expect([...(await readForm(post("/logout", null)))]).toEqual([]);
    expect([...(await readForm(post("/logout", "", URLENCODED)))]).toEqual([]);
  });

  it("allows repeated names only where the route lists them", async () => {
    const form = await readForm(post("/x", "tag=a&tag=b&one=1", URLENCODED), { lists: ["tag"] });
    expect(form.getAll("tag")).toEqual(["a", "b"]);
  });

  const page = BODY_ERROR_MESSAGES;
  it.each([
    ["a truncated multipart body", multipart(field("email", "a@example.com"), false), MULTIPART, 400, page[400]],
    ["multipart without a boundary", multipart(field("email", "a")), { "Content-Type": "multipart/form-data" }, 400, page[400]],
    [
      "a file part",
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nhi\r\n--${BOUNDARY}--\r\n`,
      MULTIPART,
      400,
      page[400],
    ],
    ["raw bytes that are not UTF-8", new Uint8Array([0x65, 0x3d, 0xff, 0xfe]), URLENCODED, 400, page[400]],
    ["a percent-escape that is not UTF-8", "email=%C3%28", URLENCODED, 400, page[400]],
    ["a broken percent-escape", "email=100%", URLENCODED, 400, page[400]],
    ["a field sent twice", "email=a%40example.com&email=b%40example.com", URLENCODED, 400, page[400]],
    ["JSON to a form", '{"email":"a"}', { "Content-Type": "application/json" }, 415, page[415]],
    ["text/plain (a form with enctype=text/plain)", "email=a", { "Content-Type": "text/plain" }, 415, page[415]],
    ["a body without a content type", "email=a", {}, 415, page[415]],
    ["a body over the limit", `x=${"a".repeat(MAX_FORM_BYTES)}`, URLENCODED, 413, page[413]],
    ["a declared length over the limit", "x=1", { ...URLENCODED, "Content-Length": String(MAX_FORM_BYTES + 1) }, 413, page[413]],
  ])("refuses %s with %i and the page's message", async (_name, body, headers, status, message) => {
    expect(await refusal(readForm(post("/profile/security", body as BodyInit, headers as Record<string, string>)))).toEqual({
      status,
      body: message,
    });
  });

  it("answers JSON clients in JSON", async () => {
    const truncated = multipart(field("x", "1"), false);
    expect(await refusal(readForm(post("/api/session", truncated, MULTIPART)))).toEqual({
      status: 400,
      body: { error: "Request body is not a complete multipart/form-data body" },
    });
    expect(await refusal(readForm(post("/notifications", "a=1&a=2", { ...URLENCODED, Accept: "application/json" })))).toEqual({
      status: 400,
      body: { error: 'Field "a" was sent more than once' },
    });
  });
});

describe("parseUrlEncoded", () => {
  it.each([
    [
      "a=1&b=2",
      [
        ["a", "1"],
        ["b", "2"],
      ],
    ],
    [
      "a&&b=",
      [
        ["a", ""],
        ["b", ""],
      ],
    ],
    ["a=b=c", [["a", "b=c"]]],
    ["%E2%82%AC=%F0%9F%98%80", [["€", "😀"]]],
    ["a=%zz", null],
    ["a=%C0%AF", null],
  ])("%s", (text, expected) => {
    expect(parseUrlEncoded(text)).toEqual(expected);
  });
});

describe("readJson", () => {
  it("reads a JSON document", async () => {
    expect(await readJson(post("/api/groups/create", '{"a":[1,{"b":"c"}]}', { "Content-Type": "application/json; charset=utf-8" }))).toEqual({
      a: [1, { b: "c" }],
    });
  });

  it.each([
    ["form-encoded", "a=1", URLENCODED, 415, "Content-Type must be application/json"],
    ["not JSON", "{", { "Content-Type": "application/json" }, 400, "Request body must be valid JSON"],
    ["not UTF-8", new Uint8Array([0x22, 0xff, 0x22]), { "Content-Type": "application/json" }, 400, "Request body must be UTF-8"],
    ["a key twice", '{"name":"a","name":"b"}', { "Content-Type": "application/json" }, 400, 'Key "name" appears more than once in one object'],
    ["too large", `"${"a".repeat(40_000)}"`, { "Content-Type": "application/json" }, 413, "Request body must be 32 KB or smaller"],
  ])("refuses %s", async (_name, body, headers, status, error) => {
    expect(await refusal(readJson(post("/api/bank/link", body as BodyInit, headers)))).toEqual({ status, body: { error } });
  });
});

describe("duplicateJsonKey", () => {
  it.each([
    ['{"a":1,"b":{"a":2}}', null],
    ['[{"a":1},{"a":2}]', null],
    ['{"a":"\\"a\\"","b":["a","a"]}', null],
    ['{"a":1,"b":2,"a":3}', "a"],
    ['{"x":{"k":1,"k":2}}', "k"],
    ['{"\\u0061":1,"a":2}', "a"],
  ])("%s", (text, expected) => {
    expect(duplicateJsonKey(text)).toBe(expected);
  });
});

describe("readText", () => {
  it("keeps the exact text and enforces type and size", async () => {
    const options = { maxBytes: 100, types: ["application/json"] };
    expect(await readText(post("/webhooks/plaid", '{"a": 1}', { "Content-Type": "application/json" }), options)).toBe('{"a": 1}');
    expect(await refusal(readText(post("/webhooks/plaid", "a=1", URLENCODED), options))).toEqual({
      status: 415,
      body: { error: "Content-Type must be application/json" },
    });
    expect(await refusal(readText(post("/webhooks/plaid", "x".repeat(101), { "Content-Type": "application/json" }), options))).toMatchObject({
      status: 413,
    });
  });
});
