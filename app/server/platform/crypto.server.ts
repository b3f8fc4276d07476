/**
 * Secrets at rest (TOTP secrets, bank access tokens, a group's draw seed, an email's template data): AES-256-GCM with
 * the keys of ENCRYPTION_KEYS, a ring (ADR 042): the first key encrypts, every key decrypts.
 *
 * Formats, base64url parts:
 * - "v2.<key id>.<iv>.<ciphertext>.<tag>": the key's id (ENCRYPTION_KEYS' `<id>:`) travels with the ciphertext and is
 *   authenticated with it (GCM's additional data is "v2.<key id>"), so decryption picks its key by id.
 * - "v1.<iv>.<ciphertext>.<tag>": written before key rings, with ENCRYPTION_KEY. It names no key, so every key of the
 *   ring is tried (GCM refuses a wrong key; it never yields garbage). Still written while the ring comes from
 *   ENCRYPTION_KEY alone, so that the version before rings, serving beside this one during a rolling deploy, reads
 *   everything written. `npm run keys:reencrypt` (scripts/reencrypt.ts) rewrites both formats under the newest key.
 * GCM authenticates: a changed byte fails to decrypt instead of yielding garbage.
 */
import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from "node:crypto";
import { type EncryptionKey, env } from "./env.server";

/** A ring of keys, newest first; legacyFormat writes "v1" (no key id), with the first key. */
export type KeyRing = { keys: readonly EncryptionKey[]; legacyFormat?: boolean };

function configuredRing(): KeyRing {
  const config = env();
  return { keys: config.ENCRYPTION_KEYS, legacyFormat: config.ENCRYPTION_LEGACY_FORMAT };
}

function newestKey(ring: KeyRing): EncryptionKey {
  const key = ring.keys[0];
  if (!key) throw new Error("The encryption key ring is empty");
  return key;
}

/**
 * Each key as a KeyObject, made once: a raw key given to createCipheriv/createDecipheriv is made into one on every call
 * (about 24 µs of a money worker's CPU per access token decrypted, one per debit; ADR 054, part six (l)).
 */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObject(key: Buffer): KeyObject {
  let made = keyObjects.get(key);
  if (!made) {
    made = createSecretKey(key);
    keyObjects.set(key, made);
  }
  return made;
}

function seal(plaintext: string, key: Buffer, aad: string | null): { iv: string; ciphertext: string; tag: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyObject(key), iv);
  if (aad !== null) cipher.setAAD(Buffer.from(aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return { iv: iv.toString("base64url"), ciphertext: ciphertext.toString("base64url"), tag: cipher.getAuthTag().toString("base64url") };
}

function open(parts: { iv: string; ciphertext: string; tag: string }, key: Buffer, aad: string | null): string {
  const decipher = createDecipheriv("aes-256-gcm", keyObject(key), Buffer.from(parts.iv, "base64url"));
  if (aad !== null) decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(Buffer.from(parts.tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(parts.ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

type Parsed =
  | { version: "v1"; keyId: null; iv: string; ciphertext: string; tag: string }
  | { version: "v2"; keyId: string; iv: string; ciphertext: string; tag: string };

function parse(sealed: string): Parsed {
  const parts = sealed.split(".");
  if (parts[0] === "v1" && parts.length === 4 && parts.every(Boolean)) {
    const [, iv, ciphertext, tag] = parts as [string, string, string, string];
    return { version: "v1", keyId: null, iv, ciphertext, tag };
  }
  if (parts[0] === "v2" && parts.length === 5 && parts.every(Boolean)) {
    const [, keyId, iv, ciphertext, tag] = parts as [string, string, string, string, string];
    return { version: "v2", keyId, iv, ciphertext, tag };
  }
  throw new Error("Unrecognised encrypted value");
}

/** Encrypt with the ring's first key (default: ENCRYPTION_KEYS). */
export function encryptSecret(plaintext: string, ring: KeyRing = configuredRing()): string {
  const { id, key } = newestKey(ring);
  if (ring.legacyFormat) {
    const { iv, ciphertext, tag } = seal(plaintext, key, null);
    return ["v1", iv, ciphertext, tag].join(".");
  }
  const { iv, ciphertext, tag } = seal(plaintext, key, `v2.${id}`);
  return ["v2", id, iv, ciphertext, tag].join(".");
}

/** Decrypt; throws on a key the ring lacks, a wrong key, a tampered value or an unknown format. */
export function decryptSecret(sealed: string, ring: KeyRing = configuredRing()): string {
  const parsed = parse(sealed);
  if (parsed.version === "v2") {
    const key = ring.keys.find((candidate) => candidate.id === parsed.keyId);
    if (!key) throw new Error(`No key "${parsed.keyId}" in ENCRYPTION_KEYS for this encrypted value`);
    return open(parsed, key.key, `v2.${parsed.keyId}`);
  }
  // v1 names no key: the one that wrote it is somewhere in the ring (ENCRYPTION_KEY's, put in as k0), or nowhere.
  let failure: unknown;
  for (const { key } of ring.keys) {
    try {
      return open(parsed, key, null);
    } catch (error) {
      failure = error;
    }
  }
  throw failure ?? new Error("The encryption key ring is empty");
}

/** Whether a sealed value is already in the form encryptSecret writes with this ring (its format, its first key). */
export function isCurrent(sealed: string, ring: KeyRing = configuredRing()): boolean {
  const parsed = parse(sealed);
  if (ring.legacyFormat) return parsed.version === "v1";
  return parsed.version === "v2" && parsed.keyId === newestKey(ring).id;
}

/**
 * The value sealed again under the ring's newest key, or null when it already is (isCurrent). Throws when no key of
 * the ring opens it.
 */
export function reencryptSecret(sealed: string, ring: KeyRing = configuredRing()): string | null {
  if (isCurrent(sealed, ring)) return null;
  return encryptSecret(decryptSecret(sealed, ring), ring);
}
