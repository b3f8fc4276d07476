/**
 * Issue 31: Postmark's bounce and spam-complaint webhook at /webhooks/postmark. Refused without the right basic-auth
 * credentials (nothing recorded), applied once however often Postmark delivers a record, bad bodies a 400 with a JSON
 * error; and end to end over HTTP, the mail double bouncing an email sent through the outbox and posting the record to
 * the app, which marks the member's address.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { mail } = await useTestDatabase();
// Before anything reads the environment (env() is read once).
process.env.POSTMARK_WEBHOOK_USERNAME = "postmark";
process.env.POSTMARK_WEBHOOK_PASSWORD = "a-webhook-password-long-enough";

const webhook = await import("../../app/routes/webhooks.postmark");
const dashboard = await import("../../app/routes/dashboard");
const outbox = await import("../../app/server/email/outbox.server");
const { db } = await import("../../app/server/db/client.server");
const { emailDeliveryEvents, emailOutbox, notifications, undeliverableAddresses, users } = await import("../../app/server/db/schema");
const { call, get } = await import("../support/routes");
const { createUser, sessionJarFor } = await import("../support/users");
const { logger } = await import("../../app/server/platform/log.server");
const { eq } = await import("drizzle-orm");

const RIGHT = `Basic ${Buffer.from("postmark:a-webhook-password-long-enough").toString("base64")}`;

let counter = 0;
function address(local: string) {
  counter += 1;
  return `${local}.${Date.now()}.${counter}@example.com`;
}
let nextId = 4_323_372_036_854;

function bounce(email: string, overrides: Record<string, unknown> = {}) {
  nextId += 1;
  return {
    RecordType: "Bounce",
    ID: nextId,
    Type: "HardBounce",
    TypeCode: 1,
    Name: "Hard bounce",
    Tag: "welcome",
    MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
    Metadata: {},
    ServerID: 23,
    MessageStream: "outbound",
    Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
    Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
    Email: email,
    From: "hello@rosca.example",
    BouncedAt: "2026-11-26T16:33:54.9070259Z",
    DumpAvailable: true,
    Inactive: true,
    CanActivate: true,
    Subject: "Welcome to Rosca",
    ...overrides,
  };
}

function request(body: unknown, headers: Record<string, string> = { Authorization: RIGHT }, method = "POST") {
  return new Request("http://localhost:3000/webhooks/postmark", {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function send(body: unknown, headers?: Record<string, string>) {
  const response = await call(webhook.action, request(body, headers));
  return response;
}

async function eventsFor(email: string) {
  return db().select().from(emailDeliveryEvents).where(eq(emailDeliveryEvents.address, email));
}

async function markOf(email: string) {
  const [mark] = await db().select().from(undeliverableAddresses).where(eq(undeliverableAddresses.address, email));
  return mark ?? null;
}

beforeEach(() => {
  vi.spyOn(logger, "info").mockImplementation(() => {});
  vi.spyOn(logger, "warn").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

describe("authentication", () => {
  it.each([
    ["no Authorization header", {}],
    ["a wrong password", { Authorization: `Basic ${Buffer.from("postmark:a-webhook-password-long-enougH").toString("base64")}` }],
    ["a wrong username", { Authorization: `Basic ${Buffer.from("postmarc:a-webhook-password-long-enough").toString("base64")}` }],
    ["a bearer token", { Authorization: "Bearer a-webhook-password-long-enough" }],
    ["basic auth without a colon", { Authorization: `Basic ${Buffer.from("postmark").toString("base64")}` }],
  ])("refuses %s with 401, and records nothing", async (_label, headers) => {
    const email = address("attacker-target");
    const response = await call(webhook.action, request(bounce(email), headers));
    expect(response).toMatchObject({ status: 401, data: { error: "Unauthorized" } });
    expect(await eventsFor(email)).toEqual([]);
    expect(await markOf(email)).toBeNull();
  });

  it("asks for basic auth in the 401 (WWW-Authenticate), and GET is not allowed", async () => {
    const response = (await webhook.action({ request: request(bounce(address("x")), {}) })) as Response;
    expect(response.headers.get("www-authenticate")).toBe('Basic realm="Postmark webhooks", charset="UTF-8"');
    expect(await call(webhook.loader, get("/webhooks/postmark"))).toMatchObject({ status: 405, data: { error: "Method not allowed" } });
  });
});

describe("applying a record once", () => {
  it("a hard bounce marks the member's address; delivered twice, it is counted once", async () => {
    const member = await createUser({ name: "Lena Park", email: address("lena") });
    const record = bounce(member.email);
    expect(await send(record)).toMatchObject({ status: 200, data: { received: true, duplicate: false, marked: true } });
    expect(await send(record)).toMatchObject({ status: 200, data: { received: true, duplicate: true, marked: false } });

    const events = await eventsFor(member.email);
    expect(events.map((event) => [event.recordType, event.postmarkId, event.type, event.typeCode, event.inactive, event.marked])).toEqual([
      ["Bounce", String(record.ID), "HardBounce", 1, true, true],
    ]);
    expect(events[0]!.occurredAt).toEqual(new Date("2026-11-26T16:33:54.907Z"));
    expect(await markOf(member.email)).toMatchObject({
      reason: "bounced",
      source: "webhook",
      detail:
        "The server was unable to deliver your message (ex: unknown user, mailbox not found). smtp;550 5.1.1 The email account that you tried to reach does not exist.",
    });
    const bell = await db().select().from(notifications).where(eq(notifications.userId, member.id));
    expect(bell.map((row) => row.title)).toEqual(["We can't reach your email address"]);
    const board = await call(dashboard.loader, get("/dashboard", await sessionJarFor(member.id)));
    expect(board.data.emailProblem).toEqual({ address: member.email, reason: "bounced" });

    // Another record about the same address (a later bounce): recorded, the mark and the bell unchanged.
    expect(await send(bounce(member.email))).toMatchObject({ status: 200, data: { duplicate: false, marked: false } });
    expect(await eventsFor(member.email)).toHaveLength(2);
    expect(await db().select().from(notifications).where(eq(notifications.userId, member.id))).toHaveLength(1);
  });

  it("a soft bounce is recorded and marks nothing; a spam complaint marks the address", async () => {
    const soft = address("soft");
    expect(await send(bounce(soft, { Type: "SoftBounce", TypeCode: 4096, Inactive: false, CanActivate: true }))).toMatchObject({
      status: 200,
      data: { duplicate: false, marked: false },
    });
    expect(await eventsFor(soft)).toHaveLength(1);
    expect(await markOf(soft)).toBeNull();

    const complainer = address("complainer");
    const complaint = bounce(complainer, { RecordType: "SpamComplaint", Type: "SpamComplaint", TypeCode: 100001, CanActivate: false });
    expect(await send(complaint)).toMatchObject({ status: 200, data: { marked: true } });
    expect(await markOf(complainer)).toMatchObject({ reason: "spam-complaint" });
    // Bounce IDs are Postmark's per record type: a Bounce with the complaint's ID is another record.
    expect(await send({ ...complaint, RecordType: "Bounce", Type: "HardBounce", TypeCode: 1 })).toMatchObject({
      status: 200,
      data: { duplicate: false },
    });
  });
});

describe("Postmark's 64-bit IDs", () => {
  it("tells apart IDs a JavaScript number would round to one, and still counts a redelivery once", async () => {
    const email = address("big-ids");
    // 4323372036854775807 and …806 are the same double: the exact digits come from the body.
    const body = (id: string, type: string) => JSON.stringify(bounce(email, { Type: type, Inactive: false })).replace(/"ID":\d+/, `"ID":${id}`);
    expect(await send(body("4323372036854775807", "SoftBounce"))).toMatchObject({ status: 200, data: { duplicate: false } });
    expect(await send(body("4323372036854775806", "Transient"))).toMatchObject({ status: 200, data: { duplicate: false } });
    expect(await send(body("4323372036854775807", "SoftBounce"))).toMatchObject({ status: 200, data: { duplicate: true } });
    expect((await eventsFor(email)).map((event) => [event.postmarkId, event.type]).sort()).toEqual([
      ["4323372036854775806", "Transient"],
      ["4323372036854775807", "SoftBounce"],
    ]);
  });
});

describe("bad bodies", () => {
  it.each([
    ["not JSON", "{not json", 400, { error: "Request body must be valid JSON" }],
    ["an array", [bounce("a@example.com")], 400, { error: "The body must be a JSON object" }],
    ["a key twice", '{"RecordType":"Bounce","RecordType":"SpamComplaint"}', 400, { error: 'Key "RecordType" appears more than once in one object' }],
    ["an ID that is not a whole number", bounce("a@example.com", { ID: 1.5 }), 400, { error: "Invalid Bounce webhook: ID" }],
    ["no RecordType", { ...bounce("a@example.com"), RecordType: undefined }, 400, { error: "RecordType is required" }],
    ["an ID that is a string", bounce("a@example.com", { ID: "42" }), 400, { error: "Invalid Bounce webhook: ID" }],
    [
      "no MessageID and an Inactive that is not a boolean",
      bounce("a@example.com", { MessageID: undefined, Inactive: "yes" }),
      400,
      { error: "Invalid Bounce webhook: MessageID, Inactive" },
    ],
    [
      "a record type the app does not act on",
      { RecordType: "Delivery", MessageID: "x", Recipient: "a@example.com" },
      200,
      { received: true, ignored: "Delivery" },
    ],
  ])("%s: refused or acknowledged, nothing recorded", async (_label, body, status, expected) => {
    const before = (await db().select().from(emailDeliveryEvents)).length;
    expect(await send(body)).toMatchObject({ status, data: expected });
    expect(await db().select().from(emailDeliveryEvents)).toHaveLength(before);
  });

  it("refuses a body that is not declared JSON (415) or too large (413)", async () => {
    const text = await call(webhook.action, request(JSON.stringify(bounce("a@example.com")), { Authorization: RIGHT, "Content-Type": "text/plain" }));
    expect(text).toMatchObject({ status: 415, data: { error: "Content-Type must be application/json" } });
    const huge = await call(webhook.action, request(bounce("a@example.com", { Content: "x".repeat(300 * 1024) })));
    expect(huge).toMatchObject({ status: 413, data: { error: "Request body must be 256 KB or smaller" } });
  });
});

describe("end to end over HTTP: the double bounces an email and posts the record to the app", () => {
  /** The route's action behind a real HTTP server, as the app serves it (the double posts to it). */
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const req = new Request(`http://localhost:3000${incoming.url}`, { method: incoming.method, headers, body: Buffer.concat(chunks) });
      const response: Response = await webhook.action({ request: req }).catch((thrown: unknown) => thrown as Response);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(await response.text());
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a member whose address hard-bounces is marked by the webhook, and the next email is refused without a second mark", async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/postmark`;
    const email = `hardbounce+${Date.now()}@bounce-testing.postmarkapp.com`;
    const member = await createUser({ name: "Marcus Lee", email });

    // Wrong credentials on the double's side: Postmark's retries all refused, nothing applied.
    mail.configure({ webhook: { url, username: "postmark", password: "not-the-password-at-all" } });
    const first = await outbox.sendEmail(email, { template: "welcome", data: { name: "Marcus", dashboardUrl: "http://localhost:3000/dashboard" } });
    expect(first).toMatchObject({ status: "sent" });
    await mail.webhooksIdle();
    expect(await markOf(email)).toBeNull();
    expect(await eventsFor(email)).toEqual([]);

    // The right ones: the next bounce (this address is now suppressed at the double, so a second message answers 406;
    // a fresh black-hole address bounces again instead).
    mail.configure({ webhook: { url, username: "postmark", password: "a-webhook-password-long-enough" } });
    const again = `hardbounce+again${Date.now()}@bounce-testing.postmarkapp.com`;
    await db().update(users).set({ email: again }).where(eq(users.id, member.id));
    const sent = await outbox.sendEmail(again, { template: "welcome", data: { name: "Marcus", dashboardUrl: "http://localhost:3000/dashboard" } });
    expect(sent).toMatchObject({ status: "sent" });
    await mail.webhooksIdle();
    const events = await eventsFor(again);
    expect(events.map((event) => [event.recordType, event.type, event.inactive, event.marked])).toEqual([["Bounce", "HardBounce", true, true]]);
    expect(events[0]!.messageId).toBe((sent as { messageId: string }).messageId);
    expect(await markOf(again)).toMatchObject({ reason: "bounced", source: "webhook" });
    const board = await call(dashboard.loader, get("/dashboard", await sessionJarFor(member.id)));
    expect(board.data.emailProblem).toEqual({ address: again, reason: "bounced" });

    // The next email to it: refused as inactive (406), given up on, the mark as it was.
    const refused = await outbox.sendEmail(again, { template: "welcome", data: { name: "Marcus", dashboardUrl: "http://localhost:3000/dashboard" } });
    expect(refused).toMatchObject({ ok: false, status: "failed", errorCode: 406 });
    expect(await markOf(again)).toMatchObject({ reason: "bounced", source: "webhook" });
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, refused.outboxId!));
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    mail.configure({ webhook: null });
  });
});
