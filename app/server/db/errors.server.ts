/**
 * What a database failure means for the person waiting on it. PostgreSQL errors arrive wrapped (drizzle's
 * DrizzleQueryError carries pg's error as its cause), so every check walks the cause chain for the SQLSTATE code.
 *
 * - A statement timeout (57014: the web server's statement_timeout, client.server.ts) or a database that is down,
 *   restarting or out of connections is "busy": the same request will likely work in a moment, and the person is told
 *   so (a 503 with Retry-After), never shown a stack trace.
 * - Anything else is a real failure of that request.
 */
import { data } from "react-router";
import { logger } from "../platform/log.server";

/** The SQLSTATE of a PostgreSQL error anywhere in the cause chain, if any. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function messages(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error) parts.push(current.message);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(" | ");
}

/** statement_timeout fired (SQLSTATE 57014, query_canceled). */
export function isStatementTimeout(error: unknown) {
  return pgErrorCode(error) === "57014";
}

/**
 * The database did not answer in time or could not be reached: a statement timeout, a connection failure (class 08),
 * too many connections or out of resources (class 53), a server shutting down (57P01-57P03), or the pool giving up
 * waiting for a free connection.
 */
export function isDatabaseBusy(error: unknown) {
  const code = pgErrorCode(error);
  if (code === "57014" || code === "57P01" || code === "57P02" || code === "57P03") return true;
  if (code?.startsWith("08") || code?.startsWith("53")) return true;
  if (code === "ECONNREFUSED" || code === "ECONNRESET") return true;
  return /timeout exceeded when trying to connect|Connection terminated|ECONNREFUSED|ECONNRESET/i.test(messages(error));
}

/**
 * The connection itself is gone or unusable (the server restarted or failed over, a backend was terminated, the
 * network dropped): nothing about the work that was running, which is worth running again on a new connection. Unlike
 * isDatabaseBusy, a statement timeout is not one (the statement itself was too slow).
 */
export function isConnectionLost(error: unknown) {
  const code = pgErrorCode(error);
  if (code === "57P01" || code === "57P02" || code === "57P03" || code?.startsWith("08")) return true;
  if (code === "ECONNREFUSED" || code === "ECONNRESET" || code === "EPIPE") return true;
  return /Connection terminated|connection error and is not queryable|ECONNREFUSED|ECONNRESET|EPIPE|terminating connection/i.test(messages(error));
}

/** Shown wherever a page or an API could not answer in time. */
export const RETRY_LATER_MESSAGE = "This is taking longer than it should. Please try again in a moment.";
export const RETRY_AFTER_SECONDS = 5;

export type RetryableErrorData = { reason: "busy"; message: string };

/** The 503 a loader or action throws when the database is busy; the root error boundary renders it as a retry page. */
export function busyResponse() {
  return data<RetryableErrorData>(
    { reason: "busy", message: RETRY_LATER_MESSAGE },
    { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
}

/** Whether a thrown value is the busy 503 from busyResponse() (guards throw it before an action's own code runs). */
export function isBusyResponse(value: unknown) {
  const thrown = value as { type?: string; data?: { reason?: string } } | null;
  return thrown?.type === "DataWithResponseInit" && thrown.data?.reason === "busy";
}

/** Run `work`; if the database was busy, throw the retryable 503 instead of the raw error (which would be a 500). */
export async function orBusyResponse<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseBusy(error)) {
      logger.warn({ reason: messages(error) }, "database busy, answering 503");
      throw busyResponse();
    }
    throw error;
  }
}
