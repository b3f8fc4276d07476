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
    expect(env).toMatchObject({ APP_ENV: "production", PORT: 3000, SESSION_SECRETS: ["a".repeat(48)] });
    // ENCRYPTION_KEY alone: a ring of one, id k0, writing the format the version before key rings reads.
    expect(env.ENCRYPTION_KEYS).toEqual([{ id: "k0", key: Buffer.alloc(32, 7) }]);
    expect(env.ENCRYPTION_LEGACY_FORMAT).toBe(true);
  });

  it("refuses production with missing secrets, listing each", () => {
    expect(() => parseEnv({ APP_ENV: "production", DATABASE_URL: productionReady.DATABASE_URL })).toThrow(
      [
        "Invalid environment:",
        "  - SESSION_SECRETS: is required in production",
        "  - APP_URL: is required in production",
        "  - ENCRYPTION_KEYS: is required in production",
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
        "  - SESSION_SECRETS: is required in a deployed demo",
        "  - ENCRYPTION_KEYS: is required in a deployed demo",
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
    expect(env).toMatchObject({ APP_ENV: "demo", DEMO_DEPLOYMENT: true, SESSION_SECRETS: ["b".repeat(40)] });
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
    expect(env.SESSION_SECRETS).toEqual(["development-only-secret-not-for-production-use"]);
    // The development key is the one used before key rings (stored values stay readable), under id k0, in the new format.
    expect(env.ENCRYPTION_KEYS).toEqual([{ id: "k0", key: Buffer.alloc(32, "development-only-key") }]);
    expect(env.ENCRYPTION_LEGACY_FORMAT).toBe(false);
  });

  describe("key rings", () => {
    const { SESSION_SECRET: _secret, ENCRYPTION_KEY: _key, ...withoutSecrets } = productionReady;
    const oldKey = Buffer.alloc(32, 1).toString("base64");
    const newKey = Buffer.alloc(32, 2).toString("base64");

    it("takes SESSION_SECRETS newest first, and ENCRYPTION_KEYS as id:key pairs, newest first", () => {
      const env = parseEnv({
        ...withoutSecrets,
        SESSION_SECRETS: `${"n".repeat(40)}, ${"o".repeat(40)}`,
        ENCRYPTION_KEYS: `k1:${newKey},k0:${oldKey}`,
      });
      expect(env.SESSION_SECRETS).toEqual(["n".repeat(40), "o".repeat(40)]);
      expect(env.ENCRYPTION_KEYS).toEqual([
        { id: "k1", key: Buffer.alloc(32, 2) },
        { id: "k0", key: Buffer.alloc(32, 1) },
      ]);
      expect(env.ENCRYPTION_LEGACY_FORMAT).toBe(false);
    });

    it("accepts the single-value variables beside the rings only when the ring holds them", () => {
      const both = { ...withoutSecrets, SESSION_SECRETS: `${"n".repeat(40)},${"o".repeat(40)}`, ENCRYPTION_KEYS: `k1:${newKey},k0:${oldKey}` };
      expect(parseEnv({ ...both, SESSION_SECRET: "o".repeat(40), ENCRYPTION_KEY: oldKey }).SESSION_SECRETS).toEqual(["n".repeat(40), "o".repeat(40)]);
      expect(() => parseEnv({ ...both, SESSION_SECRET: "x".repeat(40), ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64") })).toThrow(
        [
          "Invalid environment:",
          "  - SESSION_SECRET: is set beside SESSION_SECRETS but is not one of its secrets: add it to the ring or unset it",
          "  - ENCRYPTION_KEY: is set beside ENCRYPTION_KEYS but is not one of its keys: what it encrypted would be unreadable; add it to the ring (k0:<it>) or unset it",
        ].join("\n"),
      );
    });

    it("refuses a malformed SESSION_SECRETS, naming each secret by position, never by value", () => {
      expect(() =>
        parseEnv({ ...withoutSecrets, ENCRYPTION_KEYS: `k1:${newKey}`, SESSION_SECRETS: `${"a".repeat(40)},,short-secret,${"a".repeat(40)}` }),
      ).toThrow(
        [
          "Invalid environment:",
          "  - SESSION_SECRETS: secret 2 of 4 is empty (separate secrets with single commas)",
          "  - SESSION_SECRETS: secret 3 of 4 must be at least 32 characters",
          "  - SESSION_SECRETS: secret 4 of 4 repeats secret 1",
        ].join("\n"),
      );
      expect(() => parseEnv({ ...withoutSecrets, ENCRYPTION_KEYS: `k1:${newKey}`, SESSION_SECRETS: "" })).toThrow(
        "Invalid environment:\n  - SESSION_SECRETS: secret 1 of 1 is empty (separate secrets with single commas)",
      );
    });

    it("refuses a malformed ENCRYPTION_KEYS, naming each key by position and id, never by value", () => {
      expect(() =>
        parseEnv({
          ...withoutSecrets,
          SESSION_SECRETS: "s".repeat(40),
          ENCRYPTION_KEYS: [
            newKey,
            `bad id!:${newKey}`,
            `k2:${Buffer.alloc(16).toString("base64")}`,
            "k3:not base64 at all",
            `k1:${newKey}`,
            `k1:${oldKey}`,
          ].join(","),
        }),
      ).toThrow(
        [
          "Invalid environment:",
          "  - ENCRYPTION_KEYS: key 1 of 6 must be <id>:<32 bytes, base64>, e.g. k1:$(openssl rand -base64 32)",
          "  - ENCRYPTION_KEYS: key 2 of 6 needs an id of 1 to 16 letters, digits, - or _ before its colon",
          "  - ENCRYPTION_KEYS: key 3 of 6 (k2) must be 32 bytes, base64-encoded",
          "  - ENCRYPTION_KEYS: key 4 of 6 (k3) must be 32 bytes, base64-encoded",
          "  - ENCRYPTION_KEYS: key 6 of 6 repeats the id k1",
        ].join("\n"),
      );
    });

    it("a malformed ring is refused outside production too", () => {
      expect(() => parseEnv({ APP_ENV: "development", DATABASE_URL: "postgres://localhost/rosca", ENCRYPTION_KEYS: "k1" })).toThrow(
        "Invalid environment:\n  - ENCRYPTION_KEYS: key 1 of 1 must be <id>:<32 bytes, base64>, e.g. k1:$(openssl rand -base64 32)",
      );
    });
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
