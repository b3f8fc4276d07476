import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, isCurrent, type KeyRing, reencryptSecret } from "./crypto.server";

const keyA = { id: "k0", key: randomBytes(32) };
const keyB = { id: "k1", key: randomBytes(32) };
const onlyA: KeyRing = { keys: [keyA] };
const onlyB: KeyRing = { keys: [keyB] };
/** The rotation's second step: the new key first (encrypts), the old one still there (decrypts). */
const bThenA: KeyRing = { keys: [keyB, keyA] };
/** The rotation's first step: the new key known, the old one still encrypting. */
const aThenB: KeyRing = { keys: [keyA, keyB] };
/** ENCRYPTION_KEY alone: the format without a key id. */
const legacyA: KeyRing = { keys: [keyA], legacyFormat: true };

/** What the code before key rings wrote (its encryptSecret, kept here byte for byte). */
function sealedBeforeRings(plaintext: string, key: Buffer) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), ciphertext.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

describe("encryptSecret / decryptSecret (AES-256-GCM, key rings)", () => {
  it("round-trips with the key's id in the value, and never stores the plaintext", () => {
    const sealed = encryptSecret("access-sandbox-1234", onlyA);
    expect(sealed).toMatch(/^v2\.k0\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("access-sandbox-1234");
    expect(decryptSecret(sealed, onlyA)).toBe("access-sandbox-1234");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret("same", onlyA)).not.toBe(encryptSecret("same", onlyA));
  });

  it("encrypts with the ring's first key and decrypts with whichever key the value names", () => {
    expect(encryptSecret("x", aThenB)).toMatch(/^v2\.k0\./);
    expect(encryptSecret("x", bThenA)).toMatch(/^v2\.k1\./);
    const underA = encryptSecret("written before the rotation", onlyA);
    const underB = encryptSecret("written after", bThenA);
    for (const ring of [aThenB, bThenA]) {
      expect(decryptSecret(underA, ring)).toBe("written before the rotation");
      expect(decryptSecret(underB, ring)).toBe("written after");
    }
  });

  it("refuses a value whose key left the ring, naming the key", () => {
    expect(() => decryptSecret(encryptSecret("x", onlyA), onlyB)).toThrow('No key "k0" in ENCRYPTION_KEYS for this encrypted value');
  });

  it("refuses a wrong key under the right id, a changed byte, a changed key id and an unknown format", () => {
    const sealed = encryptSecret("secret", onlyA);
    expect(() => decryptSecret(sealed, { keys: [{ id: "k0", key: keyB.key }] })).toThrow();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(() => decryptSecret([...parts.slice(0, 3), body.toString("base64url"), parts[4]].join("."), onlyA)).toThrow();
    // The id is authenticated: the same bytes presented as k1's (with k1 holding the same key) do not open.
    expect(() => decryptSecret(["v2", "k1", ...parts.slice(2)].join("."), { keys: [{ id: "k1", key: keyA.key }] })).toThrow();
    expect(() => decryptSecret("v0.a.b.c", onlyA)).toThrow("Unrecognised encrypted value");
    expect(() => decryptSecret("v2.k0.a.b", onlyA)).toThrow("Unrecognised encrypted value");
  });

  it("reads what the code before key rings wrote, with that key anywhere in the ring", () => {
    const old = sealedBeforeRings("totp-secret", keyA.key);
    expect(decryptSecret(old, legacyA)).toBe("totp-secret");
    expect(decryptSecret(old, bThenA)).toBe("totp-secret");
    expect(decryptSecret(old, aThenB)).toBe("totp-secret");
    expect(() => decryptSecret(old, onlyB)).toThrow();
  });

  it("with ENCRYPTION_KEY alone keeps writing the old format, which the code before key rings reads", () => {
    const sealed = encryptSecret("bank-token", legacyA);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decryptSecret(sealed, onlyA)).toBe("bank-token");
  });
});

describe("isCurrent / reencryptSecret", () => {
  it("rewrites a value under the newest key, once", () => {
    const old = encryptSecret("seed", onlyA);
    expect(isCurrent(old, onlyA)).toBe(true);
    expect(isCurrent(old, bThenA)).toBe(false);
    const rewritten = reencryptSecret(old, bThenA)!;
    expect(rewritten).toMatch(/^v2\.k1\./);
    expect(isCurrent(rewritten, bThenA)).toBe(true);
    expect(reencryptSecret(rewritten, bThenA)).toBeNull();
    expect(decryptSecret(rewritten, onlyB)).toBe("seed");
  });

  it("gives a value from before key rings the newest key's id", () => {
    const old = sealedBeforeRings("payload", keyA.key);
    expect(isCurrent(old, legacyA)).toBe(true);
    expect(isCurrent(old, onlyA)).toBe(false);
    expect(reencryptSecret(old, onlyA)).toMatch(/^v2\.k0\./);
  });

  it("throws on a value no key of the ring opens", () => {
    expect(() => reencryptSecret(encryptSecret("x", onlyA), onlyB)).toThrow('No key "k0"');
  });
});
