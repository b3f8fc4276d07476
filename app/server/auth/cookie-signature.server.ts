/**
 * Reading a cookie signed by React Router's `createCookie` without its WebCrypto round trips (issue 15; ADR 026).
 *
 * Every signed-in request verifies the session cookie. React Router does it with `crypto.subtle`: it imports the secret
 * as a new key and verifies asynchronously on each parse, which cost ≈4% of a dashboard request's CPU. The same check
 * with node:crypto is synchronous and a few microseconds. Cookies are still written by `createCookie`, so the wire
 * format stays React Router's: base64 of the JSON value, ".", then the base64 HMAC-SHA256 of that text without padding.
 * The tests check that this reader accepts exactly what `createCookie` writes and rejects any change to it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The raw value of cookie `name` in a Cookie header (the first one, as the `cookie` package reads it), or null. */
export function cookieFromHeader(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!value.includes("%")) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The value inside a signed cookie, or null when no secret's signature matches (tampered, truncated or foreign).
 * Undefined when the signature is right but the payload is not JSON (written by something else with our secret).
 */
export function unsignCookieValue(signed: string, secrets: readonly string[]): unknown {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = signed.slice(0, dot);
  const presented = Buffer.from(signed.slice(dot + 1));
  for (const secret of secrets) {
    const expected = Buffer.from(createHmac("sha256", secret).update(payload).digest("base64").replace(/=+$/, ""));
    if (presented.length === expected.length && timingSafeEqual(presented, expected)) {
      try {
        return JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
      } catch {
        return undefined;
      }
    }
  }
  return null;
}
