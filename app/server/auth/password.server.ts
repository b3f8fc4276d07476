import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum).
export async function hashPassword(password: string) {
  return hash(password);
}

// A real hash of a random string, verified against when no account exists, so a login for an unknown email costs
// the same time as one for a known email (no user enumeration by timing).
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    dummyHash ??= hash("timing-equaliser-" + Math.random());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
