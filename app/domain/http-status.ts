/**
 * The reason phrase of an HTTP status, as the error page names it ("400 Bad Request"). A response thrown with data()
 * or new Response() carries no status text of its own, and the error page once made up "Internal Server Error" for a
 * 400 (issue 33); the phrase comes from the status alone instead.
 */
import type { MessageId } from "./messages/en-US";

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** "Bad Request" for 400; an unlisted status gets its class's name ("Client Error", "Server Error"). */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? "Server Error" : status >= 400 ? "Client Error" : "");
}

/** "400 Bad Request"; with the reader's translator, the phrase in their language (SERVER_TEXTS holds HTTP's phrases). */
export function statusLine(status: number, t?: ((phrase: MessageId) => string) | null): string {
  const reason = reasonPhrase(status);
  return `${status} ${reason && t ? t(reason as MessageId) : reason}`.trim();
}
