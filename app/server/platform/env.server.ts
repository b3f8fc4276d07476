import { z } from "zod";

/**
 * The process environment, validated once at boot.
 *
 * APP_ENV says what kind of deployment this is, independently of NODE_ENV (which only says how the code was built):
 * - development / test: local work; sandbox doubles expected.
 * - demo: `npm start` on a laptop — production build, sandbox doubles allowed, dev mailbox visible. With
 *   DEMO_DEPLOYMENT=true (the Docker image's `demo` target, fly.demo.toml) it is a demo on the internet: the same
 *   sandbox bank and mail double, but real SESSION_SECRET, ENCRYPTION_KEY and APP_URL are required, as in production.
 * - production: a real deployment — every secret required, sandbox doubles refused.
 */
const appEnvSchema = z.enum(["development", "test", "demo", "production"]);

/** Whether a URL points at this machine (localhost, 127.0.0.0/8 or ::1). */
function isLoopbackUrl(url: string) {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

const envSchema = z
  .object({
    APP_ENV: appEnvSchema.default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: z.string().min(1, "DATABASE_URL is required"),
    /** Public origin of the app, used in email links, e.g. https://rosca.fly.dev */
    APP_URL: z.url().optional(),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    POSTMARK_SERVER_TOKEN: z.string().min(1).optional(),
    /** 32 random bytes, base64: encrypts secrets at rest (TOTP secrets, bank access tokens). `openssl rand -base64 32` */
    ENCRYPTION_KEY: z
      .string()
      .refine((value) => Buffer.from(value, "base64").length === 32, "must be 32 bytes, base64-encoded")
      .optional(),
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
      if (!env.SESSION_SECRET) ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in a deployed demo" });
      if (!env.ENCRYPTION_KEY) ctx.addIssue({ code: "custom", path: ["ENCRYPTION_KEY"], message: "is required in a deployed demo" });
      if (!env.APP_URL) ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "is required in a deployed demo" });
      if (!env.DEMO_ADMIN_PASSWORD)
        ctx.addIssue({
          code: "custom",
          path: ["DEMO_ADMIN_PASSWORD"],
          message: "is required in a deployed demo (the README's admin password is public)",
        });
    }
    if (env.APP_ENV !== "production") return;
    if (!env.SESSION_SECRET) ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    if (!env.APP_URL) ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "is required in production" });
    if (!env.ENCRYPTION_KEY) ctx.addIssue({ code: "custom", path: ["ENCRYPTION_KEY"], message: "is required in production" });
    if (!env.POSTMARK_SERVER_TOKEN) ctx.addIssue({ code: "custom", path: ["POSTMARK_SERVER_TOKEN"], message: "is required in production" });
    if (env.MAIL_SANDBOX_URL)
      ctx.addIssue({ code: "custom", path: ["MAIL_SANDBOX_URL"], message: "selects the mail sandbox, which production refuses" });
    if (env.PLAID_SANDBOX_URL)
      ctx.addIssue({ code: "custom", path: ["PLAID_SANDBOX_URL"], message: "selects the sandbox bank, which production refuses" });
    if (env.PLAID_API_URL) ctx.addIssue({ code: "custom", path: ["PLAID_API_URL"], message: "overrides Plaid's API host, which production refuses" });
    if (!env.PLAID_ENV || !env.PLAID_CLIENT_ID || !env.PLAID_SECRET)
      ctx.addIssue({ code: "custom", path: ["PLAID_ENV"], message: "PLAID_ENV, PLAID_CLIENT_ID and PLAID_SECRET are required in production" });
  });

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string; ENCRYPTION_KEY: string };

/** Parse an environment; throws an Error listing every problem. Exported for tests. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "env"}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  // Outside production a fixed development secret is acceptable: nothing real is protected by it.
  return {
    ...result.data,
    SESSION_SECRET: result.data.SESSION_SECRET ?? "development-only-secret-not-for-production-use",
    // A fixed, public key: fine for sandbox data, refused in production above.
    ENCRYPTION_KEY: result.data.ENCRYPTION_KEY ?? Buffer.alloc(32, "development-only-key").toString("base64"),
  };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
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
