/**
 * The dev mailbox loaders against a real database filled through the real sender and mail double.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { closeDb } from "../server/db/client.server";
import { sendEmail } from "../server/email/email.server";
import { loader as messageLoader } from "./dev.mailbox.$messageId";
import { loader as listLoader } from "./dev.mailbox";

await useTestDatabase();
// The production test below re-imports modules; close this instance's pool ourselves (closeDb is idempotent).
afterAll(closeDb);

type ListArgs = Parameters<typeof listLoader>[0];
type MessageArgs = Parameters<typeof messageLoader>[0];

function listArgs(query = ""): ListArgs {
  return { request: new Request(`http://localhost:3000/dev/mailbox${query}`), params: {}, context: {} } as unknown as ListArgs;
}

function messageArgs(messageId: string): MessageArgs {
  return {
    request: new Request(`http://localhost:3000/dev/mailbox/${messageId}`),
    params: { messageId },
    context: {},
  } as unknown as MessageArgs;
}

async function thrownStatus(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
  throw new Error("expected the loader to throw a Response");
}

const confirmUrl = "http://localhost:3000/auth/confirm?id=4f0c9a52-6a51-4c39-9d0b-3c1f2b8e7a11&token=tok_123";

describe("/dev/mailbox", () => {
  it("lists messages newest first and filters by recipient", async () => {
    const first = await sendEmail("mailbox-a@example.com", {
      template: "welcome",
      data: { name: "A", dashboardUrl: "http://localhost:3000/dashboard" },
    });
    const second = await sendEmail("mailbox-b@example.com", { template: "confirm-email", data: { name: "B", confirmUrl, expiresInHours: 24 } });
    if (first.status !== "sent" || second.status !== "sent") throw new Error("sending failed");

    const all = await listLoader(listArgs());
    expect(all.to).toBe("");
    expect(all.messages.slice(0, 2).map((m) => [m.id, m.to, m.subject, m.tag])).toEqual([
      [second.messageId, "mailbox-b@example.com", "Confirm your email address for Rosca", "confirm-email"],
      [first.messageId, "mailbox-a@example.com", "Welcome to Rosca", "welcome"],
    ]);
    expect(all.messages[0]!.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const filtered = await listLoader(listArgs("?to=mailbox-a%40example.com"));
    expect(filtered.to).toBe("mailbox-a@example.com");
    expect(filtered.messages.map((m) => m.id)).toEqual([first.messageId]);

    const none = await listLoader(listArgs("?to=nobody%40example.com"));
    expect(none.messages).toEqual([]);
  });
});

describe("/dev/mailbox/:messageId", () => {
  it("returns headers, bodies, a top-target preview and the links", async () => {
    const sent = await sendEmail("mailbox-c@example.com", { template: "confirm-email", data: { name: "C", confirmUrl, expiresInHours: 24 } });
    if (sent.status !== "sent") throw new Error("sending failed");

    const result = await messageLoader(messageArgs(sent.messageId));
    expect(result.message).toMatchObject({
      id: sent.messageId,
      from: "Rosca <hello@rosca.example>",
      to: "mailbox-c@example.com",
      subject: "Confirm your email address for Rosca",
      tag: "confirm-email",
      messageStream: "outbound",
    });
    expect(result.message.textBody).toContain(`Confirm email address: ${confirmUrl}`);
    expect(result.links).toEqual([confirmUrl]);
    expect(result.preview).toContain('<head><base target="_top">');
  });

  it.each(["00000000-0000-4000-8000-000000000000", "not-a-uuid", "%27%3B--"])("answers 404 for %s", async (id) => {
    expect(await thrownStatus(messageLoader(messageArgs(id)))).toBe(404);
  });
});

describe("in production", () => {
  it("both pages answer 404", async () => {
    vi.resetModules();
    vi.stubEnv("APP_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "x".repeat(40));
    vi.stubEnv("APP_URL", "https://rosca.example");
    vi.stubEnv("POSTMARK_SERVER_TOKEN", "real-token");
    vi.stubEnv("MAIL_SANDBOX_URL", undefined);
    vi.stubEnv("ENCRYPTION_KEY", Buffer.alloc(32, 1).toString("base64"));
    vi.stubEnv("PLAID_ENV", "production");
    vi.stubEnv("PLAID_CLIENT_ID", "client-id");
    vi.stubEnv("PLAID_SECRET", "plaid-secret");
    vi.stubEnv("PLAID_SANDBOX_URL", undefined);
    try {
      const list = await import("./dev.mailbox");
      const detail = await import("./dev.mailbox.$messageId");
      expect(await thrownStatus(list.loader(listArgs()))).toBe(404);
      expect(await thrownStatus(detail.loader(messageArgs("00000000-0000-4000-8000-000000000000")))).toBe(404);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
