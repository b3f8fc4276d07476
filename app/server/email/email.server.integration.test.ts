/**
 * sendEmail end to end: through the outbox, the official SDK, over HTTP, into the mail double, stored in PostgreSQL.
 * (The outbox's retries, outages and the delivery job: tests/integration/email-outbox.test.ts.)
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { startMailSandbox } from "../../../sandbox/postmark/server";
import { getMessage, latestMessageTo } from "../../../sandbox/postmark/store";
import { useTestDatabase } from "../../../tests/support/test-db";
import { logger } from "../platform/log.server";
import { createEmailSender, sendEmail } from "./email.server";
import { renderEmail } from "./templates";

// Points DATABASE_URL and MAIL_SANDBOX_URL at a fresh database and a running double, before env() is first read.
const { databaseUrl, mailUrl } = await useTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sendEmail through the mail double", () => {
  it("sends a confirmation email that is stored rendered, with the exact subject and the link", async () => {
    const confirmUrl = "http://localhost:3000/auth/confirm?id=4f0c9a52-6a51-4c39-9d0b-3c1f2b8e7a11&token=secret-token";
    const message = { template: "confirm-email", data: { name: "Amina Yusuf", confirmUrl, expiresInHours: 24 } } as const;

    const result = await sendEmail("amina@example.com", message);

    expect(result.status).toBe("sent");
    if (result.status !== "sent") return;
    const stored = await getMessage(databaseUrl, result.messageId);
    const rendered = renderEmail(message);
    expect(stored).toMatchObject({
      id: result.messageId,
      fromAddress: "Rosca <hello@rosca.example>",
      toAddress: "amina@example.com",
      subject: "Confirm your email address for Rosca",
      htmlBody: rendered.html,
      textBody: rendered.text,
      tag: "confirm-email",
      messageStream: "outbound",
      replyTo: null,
    });
    expect(stored?.textBody).toContain(confirmUrl);
  });

  it("sets Reply-To to the sender of a contact-form message", async () => {
    const result = await sendEmail("support@rosca.example", {
      template: "contact",
      data: { name: "Omar", email: "omar@example.com", topic: "Billing", message: "How do fees work?" },
    });
    expect(result.ok).toBe(true);
    const stored = await latestMessageTo(databaseUrl, "support@rosca.example");
    expect(stored).toMatchObject({ replyTo: "omar@example.com", subject: "Contact form: Billing — from Omar", tag: "contact" });
  });

  it("returns Postmark's error for an address the API refuses, without throwing, and does not retry it", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    const result = await sendEmail("not-an-address", { template: "welcome", data: { name: "A", dashboardUrl: "http://localhost:3000/dashboard" } });
    expect(result).toEqual({
      ok: false,
      status: "failed",
      error: "Error parsing 'To': Illegal email address 'not-an-address'. It must contain the '@' symbol.",
      errorCode: 300,
      outboxId: expect.any(String),
    });
    expect(log).toHaveBeenCalledWith(
      {
        template: "welcome",
        via: "sandbox",
        errorCode: 300,
        reason: "Error parsing 'To': Illegal email address 'not-an-address'. It must contain the '@' symbol.",
      },
      "email: not sent",
    );
  });

  it("uses the double the environment names", () => {
    expect(process.env.MAIL_SANDBOX_URL).toBe(mailUrl);
  });
});

describe("when the double is down", () => {
  it("returns a failure result instead of throwing", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    const sandbox = await startMailSandbox({ databaseUrl });
    const sender = createEmailSender({ from: "Rosca <hello@rosca.example>", mailSandboxUrl: sandbox.url });
    const message = { template: "welcome", data: { name: "A", dashboardUrl: "http://localhost:3000/dashboard" } } as const;

    expect((await sender.send("up@example.com", message)).ok).toBe(true);
    await sandbox.stop();

    const result = await sender.send("down@example.com", message);
    expect(result).toEqual({
      ok: false,
      error: `Could not reach the mail sandbox at ${sandbox.url}: fetch failed`,
      httpStatus: 0,
      failure: "transient",
    });
    expect(log).toHaveBeenCalledWith(
      { template: "welcome", via: "sandbox", reason: `Could not reach the mail sandbox at ${sandbox.url}: fetch failed` },
      "email: not sent",
    );
    expect(await latestMessageTo(databaseUrl, "down@example.com")).toBeNull();
  });
});
