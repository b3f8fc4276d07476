import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A URL-safe random secret with 256 bits of entropy. */
export function randomToken(bytes = 32) {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string) {
  return createHash("sha256").update(value).digest("hex");
}

/** Compare a presented secret to a stored SHA-256 without leaking timing. */
export function secretMatches(presented: string, storedHash: string) {
  const a = Buffer.from(sha256(presented), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
