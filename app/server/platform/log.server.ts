/**
 * The process's logger (pino): one JSON object per line in production and demo, pretty-printed in development
 * (pino-pretty, a dev dependency, never loaded when NODE_ENV=production). LOG_LEVEL sets the level (default "info";
 * Vitest's setup turns its own process down to "warn", tests/support/quiet-logs.ts).
 *
 * What never reaches a log line (tested in log.server.test.ts):
 * - the values of sensitive keys anywhere in the first four levels of a logged object (passwords, tokens, secrets,
 *   cookies, the Authorization header, email addresses under an `email` key …): replaced by "[redacted]";
 * - email addresses, bearer credentials and token-like query parameters inside any string of the line (messages,
 *   error messages, stacks): rewritten before the line is written, whatever the key.
 *
 * Inside a request (host/request-log.ts) or a job (app/server/jobs/run-job.server.ts) every line also carries that
 * request's `reqId`, or the job's `jobName`/`jobId`, without the caller passing them: the context lives in an
 * AsyncLocalStorage shared through globalThis, because this module is loaded twice in one process (from source by the
 * scripts, and bundled inside the React Router build) and both copies must see the same context.
 *
 * Usage: `logger.info({ groupId, periodNumber }, "payout sent")`, `logger.error({ err }, "sync failed")`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";

/** Keys whose values are secrets or personal data. Matched exactly, case-sensitively, at any of the first 4 levels. */
export const SENSITIVE_KEYS = [
  "password",
  "passwordHash",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "token",
  "accessToken",
  "access_token",
  "refreshToken",
  "refresh_token",
  "publicToken",
  "public_token",
  "linkToken",
  "link_token",
  "secret",
  "clientSecret",
  "client_secret",
  "totpSecret",
  "apiKey",
  "api_key",
  "authorization",
  "Authorization",
  "cookie",
  "Cookie",
  "set-cookie",
  "sessionId",
  "x-postmark-server-token",
  "X-Postmark-Server-Token",
  "plaid-secret",
  "PLAID-SECRET",
  "SESSION_SECRET",
  "SESSION_SECRETS",
  "ENCRYPTION_KEY",
  "ENCRYPTION_KEYS",
  "POSTMARK_SERVER_TOKEN",
  "PLAID_SECRET",
  "DATABASE_URL",
  "SENTRY_DSN",
  "email",
];

const SENSITIVE = new Set<string>(SENSITIVE_KEYS);
const CENSOR = "[redacted]";
/** How deep sensitive keys are looked for: the top level is 1. */
export const REDACT_DEPTH = 4;

/**
 * `value` with the value of every SENSITIVE_KEYS key at depths 1 to REDACT_DEPTH replaced by "[redacted]". Copy on
 * write: the caller's objects are never changed, and a line with nothing to hide costs one walk and no copy. Objects
 * are walked through their own enumerable keys; a copy of an instance keeps its prototype and property descriptors, so
 * an error stays an error for the serializers (and an HTTP client's headers object keeps its toJSON). Binary data is
 * left alone.
 *
 * Not pino's `redact` option: it takes paths, with no "any depth", so covering 37 keys at 4 depths meant 148 wildcard
 * paths, which cost ~260 µs on every line — a request log line each request — against ~5 µs for the line itself
 * (measured on the shared 2-core machine, issue 15). This walk costs a few µs.
 */
export function redactSensitive<T>(value: T, depth = 1): T {
  if (value === null || typeof value !== "object" || depth > REDACT_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const replaced = redactSensitive(item, depth + 1);
      if (replaced !== item) {
        copy ??= [...value];
        copy[index] = replaced;
      }
    }
    return (copy ?? value) as T;
  }
  if (ArrayBuffer.isView(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  const plain = prototype === Object.prototype || prototype === null;
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(source)) {
    const item = source[key];
    const replaced = SENSITIVE.has(key) && item !== undefined ? CENSOR : redactSensitive(item, depth + 1);
    if (replaced !== item) {
      copy ??= plain ? { ...source } : Object.create(prototype, Object.getOwnPropertyDescriptors(source));
      copy![key] = replaced;
    }
  }
  return (copy ?? value) as T;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const CREDENTIAL = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const TOKEN_PARAMETER = /([?&](?:token|access_token|refresh_token|code|secret|key|signature)=)[^&\s"\\]+/gi;

/** Removes email addresses, bearer credentials and token query parameters from a serialized log line. */
export function scrubLine(line: string): string {
  return line.replace(EMAIL, "[email]").replace(CREDENTIAL, "$1 [redacted]").replace(TOKEN_PARAMETER, "$1[redacted]");
}

/** What a request or a job adds to every line logged while it runs. */
export type LogContext = { reqId?: string; jobName?: string; jobId?: string };

const CONTEXT_KEY = Symbol.for("rosca.log.context");
const globals = globalThis as typeof globalThis & { [CONTEXT_KEY]?: AsyncLocalStorage<LogContext> };
globals[CONTEXT_KEY] ??= new AsyncLocalStorage<LogContext>();
const contextStorage = globals[CONTEXT_KEY];

/** Run `work` with `context` added to every log line written inside it (including in awaited callees). */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return contextStorage.run({ ...contextStorage.getStore(), ...context }, work);
}

export function currentLogContext(): LogContext | undefined {
  return contextStorage.getStore();
}

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

function defaultLevel(env: NodeJS.ProcessEnv): string {
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  if (level && LEVELS.has(level)) return level;
  return "info";
}

/** pino-pretty, synchronously, outside production only (a dev dependency: absent from the production image). */
function prettyStream(env: NodeJS.ProcessEnv): DestinationStream | undefined {
  if (env.NODE_ENV === "production" || env.LOG_FORMAT === "json") return undefined;
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
    return pretty({ sync: true, singleLine: true, translateTime: "HH:MM:ss.l", ignore: "pid,hostname" });
  } catch {
    return undefined;
  }
}

export type CreateLoggerOptions = {
  /** Where lines go (tests pass a stream they read). Default: stdout, pretty outside production. */
  destination?: DestinationStream;
  level?: string;
  env?: NodeJS.ProcessEnv;
};

/**
 * pino's error serializer copies an error's own properties; node-postgres hangs the whole connection on `client`
 * (every prepared statement's text, its socket state: tens of KB per line when the database restarts). Left out.
 */
function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (serialized && typeof serialized === "object" && "client" in serialized) delete (serialized as { client?: unknown }).client;
  return serialized;
}

export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const env = options.env ?? process.env;
  const settings: LoggerOptions = {
    level: options.level ?? defaultLevel(env),
    base: { pid: process.pid },
    // Sensitive keys, before the serializers run (redactSensitive keeps an error an error for them).
    formatters: { log: (object) => redactSensitive(object), bindings: (bindings) => redactSensitive(bindings) },
    serializers: { err: serializeError, error: serializeError },
    // The request's or job's context on every line, unless the line or the (child) logger already carries it.
    mixin(mergeObject, _level, instance) {
      const context = contextStorage.getStore();
      if (!context) return {};
      const bindings = instance.bindings();
      const extra: Record<string, string> = {};
      for (const [key, value] of Object.entries(context)) {
        if (value !== undefined && !(key in mergeObject) && !(key in bindings)) extra[key] = value;
      }
      return extra;
    },
    hooks: { streamWrite: scrubLine },
  };
  const destination = options.destination ?? prettyStream(env);
  return destination ? pino(settings, destination) : pino(settings);
}

/** The process's logger. Server modules import this; the lead's money engine too. */
export const logger: Logger = createLogger();

/** `error` as a loggable object: `logger.error({ err: asError(caught) }, "…")` keeps the stack of real errors. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
