import { z } from "zod";

/**
 * The process environment, validated once at boot.
 *
 * APP_ENV says what kind of deployment this is, independently of NODE_ENV (which only says how the code was built):
 * - development / test: local work; sandbox doubles expected.
 * - demo: `npm start` on a laptop — production build, sandbox doubles allowed, dev mailbox visible. With
 *   DEMO_DEPLOYMENT=true (the Docker image's `demo` target, fly.demo.toml) it is a demo on the internet: the same
 *   sandbox bank and mail double, but real SESSION_SECRETS, ENCRYPTION_KEYS and APP_URL are required, as in production.
 * - production: a real deployment — every secret required, sandbox doubles refused.
 */
const appEnvSchema = z.enum(["development", "test", "demo", "production"]);

/** Whether a URL points at this machine (localhost, 127.0.0.0/8 or ::1). */
function isLoopbackUrl(url: string) {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A key of ENCRYPTION_KEYS: its id (stored in every ciphertext it writes) and its 32 bytes. */
export type EncryptionKey = { id: string; key: Buffer };

const KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** The id ENCRYPTION_KEY (one key, before rings) is known by in a ring: put it in ENCRYPTION_KEYS under this id. */
export const LEGACY_KEY_ID = "k0";

function isKey32(value: string) {
  return BASE64.test(value) && Buffer.from(value, "base64").length === 32;
}

/**
 * SESSION_SECRETS: secrets separated by commas, the first signs, every one verifies (a rotation adds the new one
 * second, then moves it first, then drops the old; README, "Rotating secrets"). Each 32+ characters. Messages name a
 * secret by its position, never by its value.
 */
const sessionRing = z.string().transform((raw, ctx) => {
  const secrets = raw.split(",").map((secret) => secret.trim());
  secrets.forEach((secret, index) => {
    const which = `secret ${index + 1} of ${secrets.length}`;
    if (secret.length === 0) ctx.addIssue({ code: "custom", message: `${which} is empty (separate secrets with single commas)` });
    else if (secret.length < 32) ctx.addIssue({ code: "custom", message: `${which} must be at least 32 characters` });
    else if (secrets.indexOf(secret) < index) ctx.addIssue({ code: "custom", message: `${which} repeats secret ${secrets.indexOf(secret) + 1}` });
  });
  return secrets;
});

/**
 * ENCRYPTION_KEYS: `<id>:<32 bytes, base64>` pairs separated by commas; the first encrypts, every one decrypts (each
 * ciphertext names its key's id; app/server/platform/crypto.server.ts). Messages name a key by position and id, never
 * by its value.
 */
const encryptionRing = z.string().transform((raw, ctx): EncryptionKey[] => {
  const entries = raw.split(",").map((entry) => entry.trim());
  const keys: EncryptionKey[] = [];
  entries.forEach((entry, index) => {
    const which = `key ${index + 1} of ${entries.length}`;
    const colon = entry.indexOf(":");
    if (colon < 0) {
      ctx.addIssue({ code: "custom", message: `${which} must be <id>:<32 bytes, base64>, e.g. k1:$(openssl rand -base64 32)` });
      return;
    }
    const id = entry.slice(0, colon);
    const value = entry.slice(colon + 1);
    if (!KEY_ID.test(id)) ctx.addIssue({ code: "custom", message: `${which} needs an id of 1 to 16 letters, digits, - or _ before its colon` });
    else if (!isKey32(value)) ctx.addIssue({ code: "custom", message: `${which} (${id}) must be 32 bytes, base64-encoded` });
    else if (keys.some((key) => key.id === id)) ctx.addIssue({ code: "custom", message: `${which} repeats the id ${id}` });
    else keys.push({ id, key: Buffer.from(value, "base64") });
  });
  return keys;
});

const envSchema = z
  .object({
    APP_ENV: appEnvSchema.default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /**
     * The address the app's HTTP server listens on (host/listen.ts). Unset: 127.0.0.1, so that `npm start` on a laptop
     * is not served to the network it is on; the image (Dockerfile) and fly.toml set 0.0.0.0 for Fly's proxy.
     */
    HOST: z.string().trim().min(1).optional(),
    DATABASE_URL: z.string().min(1, "DATABASE_URL is required"),
    /** Public origin of the app, used in email links, e.g. https://rosca.fly.dev */
    APP_URL: z.url().optional(),
    /** The session cookie's secrets, newest first (sessionRing). */
    SESSION_SECRETS: sessionRing.optional(),
    /** One secret, before rings: a ring of one. Set beside SESSION_SECRETS, it must be one of them. */
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    POSTMARK_SERVER_TOKEN: z.string().min(1).optional(),
    /** The keys for secrets at rest (TOTP secrets, bank access tokens, …), newest first (encryptionRing). */
    ENCRYPTION_KEYS: encryptionRing.optional(),
    /**
     * One key, before rings (32 random bytes, base64: `openssl rand -base64 32`): a ring of one, id k0. Set beside
     * ENCRYPTION_KEYS, it must be one of its keys.
     */
    ENCRYPTION_KEY: z.string().refine(isKey32, "must be 32 bytes, base64-encoded").optional(),
    /**
     * The basic-auth credentials Postmark's bounce and spam-complaint webhook carries (its "HttpAuth"), for
     * /webhooks/postmark. Both or neither; unset, the endpoint answers 404 (ADR 010's amendment).
     */
    POSTMARK_WEBHOOK_USERNAME: z.string().min(1).max(200).optional(),
    POSTMARK_WEBHOOK_PASSWORD: z.string().min(16, "must be at least 16 characters").max(200).optional(),
    /** Base URL of the mail double (sandbox/postmark), e.g. http://127.0.0.1:3025 */
    MAIL_SANDBOX_URL: z.url().optional(),
    /** Real Plaid: "sandbox" or "production" with its keys. Unset: the sandbox bank double at PLAID_SANDBOX_URL. */
    PLAID_ENV: z.enum(["sandbox", "production"]).optional(),
    PLAID_CLIENT_ID: z.string().min(1).optional(),
    PLAID_SECRET: z.string().min(1).optional(),
    /** Base URL of the sandbox bank (sandbox/plaid), e.g. http://127.0.0.1:3026 */
    PLAID_SANDBOX_URL: z.url().optional(),
    /**
     * With PLAID_ENV: send Plaid API calls here instead of Plaid's host for that environment. Tests use it to run the
     * Plaid configuration (Plaid Link in the browser) end to end against the sandbox bank, which speaks Plaid's wire
     * format. Refused in production.
     */
    PLAID_API_URL: z.url().optional(),
    EMAIL_FROM: z.string().default("Rosca <hello@rosca.example>"),
    SUPPORT_EMAIL: z.email().default("support@rosca.example"),
    /**
     * "true": the dev mailbox shows every captured email to anyone who opens it (local development). Otherwise it is
     * scoped to the visitor (app/server/email/mailbox.server.ts). Refused in production and unless APP_URL is on this
     * machine: on a deployed demo it would hand out every account's reset link.
     */
    MAILBOX_OPEN: z
      .enum(["true", "false", ""], { message: 'must be "true" or "false"' })
      .optional()
      .transform((value) => value === "true"),
    /** A demo reachable from the internet (ADR 011): demo data and sandbox doubles, with real secrets. */
    DEMO_DEPLOYMENT: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
    /**
     * A deployed demo's admin password (ADR 011). The demo admin sees every email and the admin console, so on the
     * internet it must not be the password printed in the README. Required with DEMO_DEPLOYMENT; ignored elsewhere.
     */
    DEMO_ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
    /** pino's level (app/server/platform/log.server.ts); default info. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
    /** Sentry's DSN: errors are reported when set (app/server/platform/error-reporting.server.ts); nothing of Sentry's loads otherwise. */
    SENTRY_DSN: z.url().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SESSION_SECRETS && env.SESSION_SECRET && !env.SESSION_SECRETS.includes(env.SESSION_SECRET))
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is set beside SESSION_SECRETS but is not one of its secrets: add it to the ring or unset it",
      });
    const legacyKey = env.ENCRYPTION_KEY;
    if (env.ENCRYPTION_KEYS && legacyKey && !env.ENCRYPTION_KEYS.some(({ key }) => key.equals(Buffer.from(legacyKey, "base64"))))
      ctx.addIssue({
        code: "custom",
        path: ["ENCRYPTION_KEY"],
        message: `is set beside ENCRYPTION_KEYS but is not one of its keys: what it encrypted would be unreadable; add it to the ring (${LEGACY_KEY_ID}:<it>) or unset it`,
      });
    if (env.MAILBOX_OPEN && env.APP_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["MAILBOX_OPEN"], message: "shows every captured email to anyone; production refuses it" });
    } else if (env.MAILBOX_OPEN && env.APP_URL && !isLoopbackUrl(env.APP_URL)) {
      ctx.addIssue({
        code: "custom",
        path: ["MAILBOX_OPEN"],
        message: `shows every captured email to anyone, so it is for this machine only: APP_URL must be on localhost, not ${new URL(env.APP_URL).host}`,
      });
    }
    if (Boolean(env.POSTMARK_WEBHOOK_USERNAME) !== Boolean(env.POSTMARK_WEBHOOK_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.POSTMARK_WEBHOOK_USERNAME ? "POSTMARK_WEBHOOK_PASSWORD" : "POSTMARK_WEBHOOK_USERNAME"],
        message: "POSTMARK_WEBHOOK_USERNAME and POSTMARK_WEBHOOK_PASSWORD go together",
      });
    }
    if (env.DEMO_DEPLOYMENT) {
      if (env.APP_ENV !== "demo") ctx.addIssue({ code: "custom", path: ["DEMO_DEPLOYMENT"], message: "needs APP_ENV=demo" });
      // Sessions, flash messages and secrets at rest must not use the public development values on the internet.
      if (!env.SESSION_SECRETS && !env.SESSION_SECRET)
        ctx.addIssue({ code: "custom", path: ["SESSION_SECRETS"], message: "is required in a deployed demo" });
      if (!env.ENCRYPTION_KEYS && !env.ENCRYPTION_KEY)
        ctx.addIssue({ code: "custom", path: ["ENCRYPTION_KEYS"], message: "is required in a deployed demo" });
      if (!env.APP_URL) ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "is required in a deployed demo" });
      if (!env.DEMO_ADMIN_PASSWORD)
        ctx.addIssue({
          code: "custom",
          path: ["DEMO_ADMIN_PASSWORD"],
          message: "is required in a deployed demo (the README's admin password is public)",
        });
    }
    if (env.APP_ENV !== "production") return;
    if (!env.SESSION_SECRETS && !env.SESSION_SECRET)
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRETS"], message: "is required in production" });
    if (!env.APP_URL) ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "is required in production" });
    if (!env.ENCRYPTION_KEYS && !env.ENCRYPTION_KEY)
      ctx.addIssue({ code: "custom", path: ["ENCRYPTION_KEYS"], message: "is required in production" });
    if (!env.POSTMARK_SERVER_TOKEN) ctx.addIssue({ code: "custom", path: ["POSTMARK_SERVER_TOKEN"], message: "is required in production" });
    if (env.MAIL_SANDBOX_URL)
      ctx.addIssue({ code: "custom", path: ["MAIL_SANDBOX_URL"], message: "selects the mail sandbox, which production refuses" });
    if (env.PLAID_SANDBOX_URL)
      ctx.addIssue({ code: "custom", path: ["PLAID_SANDBOX_URL"], message: "selects the sandbox bank, which production refuses" });
    if (env.PLAID_API_URL) ctx.addIssue({ code: "custom", path: ["PLAID_API_URL"], message: "overrides Plaid's API host, which production refuses" });
    if (!env.PLAID_ENV || !env.PLAID_CLIENT_ID || !env.PLAID_SECRET)
      ctx.addIssue({ code: "custom", path: ["PLAID_ENV"], message: "PLAID_ENV, PLAID_CLIENT_ID and PLAID_SECRET are required in production" });
  });

export type Env = Omit<z.infer<typeof envSchema>, "SESSION_SECRET" | "SESSION_SECRETS" | "ENCRYPTION_KEY" | "ENCRYPTION_KEYS"> & {
  /** Newest first: the first signs, every one verifies. Never empty. */
  SESSION_SECRETS: readonly string[];
  /** Newest first: the first encrypts, every one decrypts. Never empty. */
  ENCRYPTION_KEYS: readonly EncryptionKey[];
  /**
   * The key came from ENCRYPTION_KEY alone (set, with no ENCRYPTION_KEYS): ciphertexts are still written in the format
   * without a key id, which the version before key rings reads (a rolling deploy runs both; ADR 042).
   */
  ENCRYPTION_LEGACY_FORMAT: boolean;
};

const DEVELOPMENT_SESSION_SECRET = "development-only-secret-not-for-production-use";
const DEVELOPMENT_ENCRYPTION_KEY = Buffer.alloc(32, "development-only-key");

/** Parse an environment; throws an Error listing every problem. Exported for tests. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "env"}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const { SESSION_SECRET, SESSION_SECRETS, ENCRYPTION_KEY, ENCRYPTION_KEYS, ...rest } = result.data;
  return {
    ...rest,
    // Outside production a fixed development secret is acceptable: nothing real is protected by it.
    SESSION_SECRETS: SESSION_SECRETS ?? [SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET],
    // A fixed, public key: fine for sandbox data, refused in production above.
    ENCRYPTION_KEYS: ENCRYPTION_KEYS ?? [
      { id: LEGACY_KEY_ID, key: ENCRYPTION_KEY ? Buffer.from(ENCRYPTION_KEY, "base64") : DEVELOPMENT_ENCRYPTION_KEY },
    ],
    ENCRYPTION_LEGACY_FORMAT: !ENCRYPTION_KEYS && Boolean(ENCRYPTION_KEY),
  };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Read process.env again on the next env(). A process's environment is fixed once it runs (a changed secret is a new
 * deploy, so a new process); tests use this to play a rotation's deploys in one process.
 */
export function reloadEnv() {
  cached = undefined;
}

export function isProduction() {
  return env().APP_ENV === "production";
}

/** Served over HTTPS to the internet (production, or a deployed demo): cookies are Secure. */
export function servedOverHttps() {
  return env().APP_ENV === "production" || env().DEMO_DEPLOYMENT;
}

/**
 * Where a browser opens the sandbox bank's Link pages (the no-JavaScript bank linking): the bank itself on a laptop;
 * in a deployed demo the app's own origin, which forwards them (host/sandbox-link-proxy.ts).
 */
export function sandboxLinkPagesUrl() {
  const config = env();
  if (!config.PLAID_SANDBOX_URL) return undefined;
  return config.DEMO_DEPLOYMENT ? appUrl() : config.PLAID_SANDBOX_URL;
}

/** The origin used in links we send by email. */
export function appUrl() {
  return env().APP_URL ?? `http://localhost:${env().PORT}`;
}
