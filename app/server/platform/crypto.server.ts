/**
 * Secrets at rest (TOTP secrets, bank access tokens): AES-256-GCM with a key from ENCRYPTION_KEY.
 * Format: "v1.<iv>.<ciphertext>.<tag>", base64url parts. The version prefix leaves room for key rotation.
 * GCM authenticates: a changed byte fails to decrypt instead of yielding garbage.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "./env.server";

const VERSION = "v1";

function key(raw?: string) {
  return Buffer.from(raw ?? env().ENCRYPTION_KEY, "base64");
}

export function encryptSecret(plaintext: string, rawKey?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(rawKey), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), ciphertext.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** Decrypt; throws on a wrong key, a tampered value or an unknown format. */
export function decryptSecret(sealed: string, rawKey?: string): string {
  const [version, iv, ciphertext, tag] = sealed.split(".");
  if (version !== VERSION || !iv || !ciphertext || !tag) throw new Error("Unrecognised encrypted value");
  const decipher = createDecipheriv("aes-256-gcm", key(rawKey), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
