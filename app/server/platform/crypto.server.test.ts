import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./crypto.server";

const keyA = randomBytes(32).toString("base64");
const keyB = randomBytes(32).toString("base64");

describe("encryptSecret / decryptSecret (AES-256-GCM)", () => {
  it("round-trips and never stores the plaintext", () => {
    const sealed = encryptSecret("access-sandbox-1234", keyA);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("access-sandbox-1234");
    expect(decryptSecret(sealed, keyA)).toBe("access-sandbox-1234");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret("same", keyA)).not.toBe(encryptSecret("same", keyA));
  });

  it("refuses the wrong key and any changed byte", () => {
    const sealed = encryptSecret("secret", keyA);
    expect(() => decryptSecret(sealed, keyB)).toThrow();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[2]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[2] = body.toString("base64url");
    expect(() => decryptSecret(parts.join("."), keyA)).toThrow();
    expect(() => decryptSecret("v0.a.b.c", keyA)).toThrow("Unrecognised encrypted value");
  });
});
