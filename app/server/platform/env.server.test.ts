import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const productionReady = {
  APP_ENV: "production",
  DATABASE_URL: "postgres://app:secret@db.internal:5432/rosca",
  SESSION_SECRET: "a".repeat(48),
  APP_URL: "https://rosca.fly.dev",
  POSTMARK_SERVER_TOKEN: "server-token",
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  PLAID_ENV: "production",
  PLAID_CLIENT_ID: "client-id",
  PLAID_SECRET: "plaid-secret",
};

describe("parseEnv", () => {
  it("accepts a complete production environment", () => {
    const env = parseEnv(productionReady);
    expect(env).toMatchObject({ APP_ENV: "production", PORT: 3000, SESSION_SECRET: "a".repeat(48) });
  });

  it("refuses production with missing secrets, listing each", () => {
    expect(() => parseEnv({ APP_ENV: "production", DATABASE_URL: productionReady.DATABASE_URL })).toThrow(
      [
        "Invalid environment:",
        "  - SESSION_SECRET: is required in production",
        "  - APP_URL: is required in production",
        "  - ENCRYPTION_KEY: is required in production",
        "  - POSTMARK_SERVER_TOKEN: is required in production",
        "  - PLAID_ENV: PLAID_ENV, PLAID_CLIENT_ID and PLAID_SECRET are required in production",
      ].join("\n"),
    );
  });

  it("refuses production with the mail sandbox selected", () => {
    expect(() => parseEnv({ ...productionReady, MAIL_SANDBOX_URL: "http://127.0.0.1:3025" })).toThrow(
      "MAIL_SANDBOX_URL: selects the mail sandbox, which production refuses",
    );
  });

  it("refuses production with the sandbox bank selected", () => {
    expect(() => parseEnv({ ...productionReady, PLAID_SANDBOX_URL: "http://127.0.0.1:3026" })).toThrow(
      "PLAID_SANDBOX_URL: selects the sandbox bank, which production refuses",
    );
  });

  it("refuses production with Plaid's API host overridden", () => {
    expect(() => parseEnv({ ...productionReady, PLAID_API_URL: "http://127.0.0.1:3026" })).toThrow(
      "PLAID_API_URL: overrides Plaid's API host, which production refuses",
    );
  });

  it("refuses an encryption key that is not 32 bytes", () => {
    expect(() => parseEnv({ ...productionReady, ENCRYPTION_KEY: Buffer.alloc(16).toString("base64") })).toThrow(
      "ENCRYPTION_KEY: must be 32 bytes, base64-encoded",
    );
  });

  it("refuses a short session secret and a missing database anywhere", () => {
    expect(() => parseEnv({ APP_ENV: "demo", SESSION_SECRET: "short" })).toThrow(
      /DATABASE_URL: .*\n.*SESSION_SECRET: SESSION_SECRET must be at least 32 characters/,
    );
  });

  it("a deployed demo (DEMO_DEPLOYMENT) needs real secrets and its public URL, and only in demo mode", () => {
    expect(() => parseEnv({ APP_ENV: "demo", DEMO_DEPLOYMENT: "true", DATABASE_URL: "postgres://localhost/rosca" })).toThrow(
      [
        "Invalid environment:",
        "  - SESSION_SECRET: is required in a deployed demo",
        "  - ENCRYPTION_KEY: is required in a deployed demo",
        "  - APP_URL: is required in a deployed demo",
        "  - DEMO_ADMIN_PASSWORD: is required in a deployed demo (the README's admin password is public)",
      ].join("\n"),
    );
    expect(() => parseEnv({ ...productionReady, DEMO_DEPLOYMENT: "true" })).toThrow("DEMO_DEPLOYMENT: needs APP_ENV=demo");
    const env = parseEnv({
      APP_ENV: "demo",
      DEMO_DEPLOYMENT: "true",
      DATABASE_URL: "postgres://localhost/rosca",
      SESSION_SECRET: "b".repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
      APP_URL: "https://rosca-demo.fly.dev",
      MAIL_SANDBOX_URL: "http://127.0.0.1:3025",
      PLAID_SANDBOX_URL: "http://127.0.0.1:3026",
      DEMO_ADMIN_PASSWORD: "a private one, 12+",
    });
    expect(env).toMatchObject({ APP_ENV: "demo", DEMO_DEPLOYMENT: true, SESSION_SECRET: "b".repeat(40) });
  });

  it("takes the bounce webhook's credentials together, or neither", () => {
    expect(parseEnv(productionReady).POSTMARK_WEBHOOK_USERNAME).toBeUndefined();
    expect(parseEnv({ ...productionReady, POSTMARK_WEBHOOK_USERNAME: "postmark", POSTMARK_WEBHOOK_PASSWORD: "p".repeat(16) })).toMatchObject({
      POSTMARK_WEBHOOK_USERNAME: "postmark",
      POSTMARK_WEBHOOK_PASSWORD: "p".repeat(16),
    });
    expect(() => parseEnv({ ...productionReady, POSTMARK_WEBHOOK_USERNAME: "postmark" })).toThrow(
      "Invalid environment:\n  - POSTMARK_WEBHOOK_PASSWORD: POSTMARK_WEBHOOK_USERNAME and POSTMARK_WEBHOOK_PASSWORD go together",
    );
    expect(() => parseEnv({ ...productionReady, POSTMARK_WEBHOOK_PASSWORD: "p".repeat(16) })).toThrow(
      "Invalid environment:\n  - POSTMARK_WEBHOOK_USERNAME: POSTMARK_WEBHOOK_USERNAME and POSTMARK_WEBHOOK_PASSWORD go together",
    );
    expect(() => parseEnv({ ...productionReady, POSTMARK_WEBHOOK_USERNAME: "postmark", POSTMARK_WEBHOOK_PASSWORD: "short" })).toThrow(
      "Invalid environment:\n  - POSTMARK_WEBHOOK_PASSWORD: must be at least 16 characters",
    );
  });

  it("gives demo mode a development secret and the default port", () => {
    const env = parseEnv({ APP_ENV: "demo", DATABASE_URL: "postgres://localhost/rosca", PORT: "4000" });
    expect(env.PORT).toBe(4000);
    expect(env.SESSION_SECRET).toBe("development-only-secret-not-for-production-use");
  });

  describe("MAILBOX_OPEN", () => {
    const demo = { APP_ENV: "demo", DATABASE_URL: "postgres://localhost/rosca" };

    it("is off unless set to true", () => {
      expect(parseEnv(demo).MAILBOX_OPEN).toBe(false);
      expect(parseEnv({ ...demo, MAILBOX_OPEN: "false" }).MAILBOX_OPEN).toBe(false);
      expect(() => parseEnv({ ...demo, MAILBOX_OPEN: "yes" })).toThrow('MAILBOX_OPEN: must be "true" or "false"');
    });

    it.each(["http://localhost:3000", "http://127.0.0.1:3117", "http://[::1]:3000", undefined])(
      "opens the mailbox on this machine (APP_URL %s)",
      (url) => {
        expect(parseEnv({ ...demo, MAILBOX_OPEN: "true", ...(url ? { APP_URL: url } : {}) }).MAILBOX_OPEN).toBe(true);
      },
    );

    it("is refused on a deployed demo and in production", () => {
      expect(() => parseEnv({ ...demo, MAILBOX_OPEN: "true", APP_URL: "https://rosca-demo.fly.dev" })).toThrow(
        "MAILBOX_OPEN: shows every captured email to anyone, so it is for this machine only: APP_URL must be on localhost, not rosca-demo.fly.dev",
      );
      expect(() => parseEnv({ ...productionReady, MAILBOX_OPEN: "true" })).toThrow(
        "MAILBOX_OPEN: shows every captured email to anyone; production refuses it",
      );
    });
  });
});
