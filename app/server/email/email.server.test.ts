import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../platform/log.server";
import { createEmailSender, EMAIL_NOT_CONFIGURED } from "./email.server";

const message = { template: "welcome", data: { name: "Amina", dashboardUrl: "https://rosca.example/dashboard" } } as const;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createEmailSender", () => {
  it("picks Postmark when a server token is set, even with a sandbox URL", () => {
    expect(createEmailSender({ from: "a@b.co", postmarkServerToken: "token", mailSandboxUrl: "http://127.0.0.1:1" }).mode).toBe("postmark");
    expect(createEmailSender({ from: "a@b.co", mailSandboxUrl: "http://127.0.0.1:1" }).mode).toBe("sandbox");
    expect(createEmailSender({ from: "a@b.co" }).mode).toBe("unconfigured");
  });

  it("fails loudly, without throwing, when neither is configured", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    const result = await createEmailSender({ from: "a@b.co" }).send("amina@example.com", message);
    expect(result).toEqual({
      ok: false,
      error: "Email is not configured (set POSTMARK_SERVER_TOKEN or MAIL_SANDBOX_URL)",
      httpStatus: 0,
      failure: "account",
    });
    expect(EMAIL_NOT_CONFIGURED).toBe("Email is not configured (set POSTMARK_SERVER_TOKEN or MAIL_SANDBOX_URL)");
    expect(log).toHaveBeenCalledWith({ template: "welcome", reason: EMAIL_NOT_CONFIGURED }, "email: not sent");
  });

  it("refuses a sandbox URL that is not http(s)", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    const sender = createEmailSender({ from: "a@b.co", mailSandboxUrl: "ftp://127.0.0.1:21" });
    expect(sender.mode).toBe("unconfigured");
    expect(await sender.send("amina@example.com", message)).toEqual({
      ok: false,
      error: "MAIL_SANDBOX_URL must be an http(s) URL: ftp://127.0.0.1:21",
      httpStatus: 0,
      failure: "account",
    });
  });
});

describe("the transport from the environment", () => {
  it("returns the not-configured failure outside production when no backend is set", async () => {
    vi.stubEnv("APP_ENV", "development");
    vi.stubEnv("DATABASE_URL", "postgres://unused/unused");
    vi.stubEnv("POSTMARK_SERVER_TOKEN", undefined);
    vi.stubEnv("MAIL_SANDBOX_URL", undefined);
    vi.resetModules();
    // A fresh module graph, so the logger to silence is the one the fresh email.server will import.
    vi.spyOn((await import("../platform/log.server")).logger, "error").mockImplementation(() => {});
    const { emailSender } = await import("./email.server");
    // An account-level failure: the outbox pauses and keeps the email until the configuration is fixed.
    expect(await emailSender().send("amina@example.com", message)).toEqual({
      ok: false,
      error: EMAIL_NOT_CONFIGURED,
      httpStatus: 0,
      failure: "account",
    });
    vi.unstubAllEnvs();
  });
});
