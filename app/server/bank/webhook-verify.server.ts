/**
 * Verify a Plaid webhook (the `Plaid-Verification` header), as Plaid documents it:
 * 1. decode the JWT's protected header without trusting it, and accept alg ES256 only (never none, HS256, RS256: an
 *    attacker picks the header, so the algorithm must be fixed by us, not read from it);
 * 2. fetch the public JWK for its kid with /webhook_verification_key/get (cached in memory by kid; an unknown kid is
 *    fetched, an expired key is refused);
 * 3. verify the signature with that key, pinned to ES256;
 * 4. require iat within 5 minutes of now (replay window);
 * 5. compare the SHA-256 of the exact raw body with the payload's request_body_sha256 in constant time.
 *
 * The key cache is per process and holds only public keys (another machine simply fetches its own copy); entries are
 * refetched after an hour so a key Plaid expires later stops being accepted.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from "jose";
import { plaidCall } from "./plaid.server";

export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;

export type WebhookRejection =
  | "missing_header"
  | "malformed"
  | "unsupported_alg"
  | "unknown_key"
  | "expired_key"
  | "bad_signature"
  | "stale"
  | "body_mismatch";

export type WebhookVerification = { ok: true; payload: Record<string, unknown> } | { ok: false; reason: WebhookRejection };

/** Cached keys are refetched after this long, so an expiry Plaid sets later (key rotation) is seen. */
const KEY_CACHE_MS = 60 * 60 * 1000;

type CachedKey = { key: CryptoKey | Uint8Array; expiredAt: number | null; fetchedAt: number };
const keys = new Map<string, CachedKey>();

/** Forget cached keys (tests). */
export function clearWebhookKeyCache() {
  keys.clear();
}

async function keyFor(kid: string): Promise<CachedKey | null> {
  const cached = keys.get(kid);
  if (cached && Date.now() - cached.fetchedAt < KEY_CACHE_MS) return cached;
  const fetched = await plaidCall((api) => api.webhookVerificationKeyGet({ key_id: kid }));
  if (!fetched.ok) return null;
  const jwk = fetched.value.key;
  if (jwk.alg !== "ES256" || jwk.kty !== "EC" || jwk.crv !== "P-256") return null;
  const key = await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } as JWK, "ES256");
  const entry = { key, expiredAt: jwk.expired_at ?? null, fetchedAt: Date.now() };
  keys.set(kid, entry);
  return entry;
}

function sha256(body: string): Buffer {
  return createHash("sha256").update(body, "utf8").digest();
}

export async function verifyPlaidWebhook(rawBody: string, verificationHeader: string | null, now: Date = new Date()): Promise<WebhookVerification> {
  if (!verificationHeader) return { ok: false, reason: "missing_header" };

  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(verificationHeader);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (header.alg !== "ES256") return { ok: false, reason: "unsupported_alg" };
  if (typeof header.kid !== "string" || header.kid.length === 0 || header.kid.length > 200) return { ok: false, reason: "unknown_key" };

  const entry = await keyFor(header.kid);
  if (!entry) return { ok: false, reason: "unknown_key" };
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (entry.expiredAt !== null && entry.expiredAt <= nowSeconds) return { ok: false, reason: "expired_key" };

  let payload: Record<string, unknown>;
  try {
    // iat is checked below with our own clock and window; jose checks the signature, pinned to ES256.
    ({ payload } = await jwtVerify(verificationHeader, entry.key, { algorithms: ["ES256"], currentDate: now }));
  } catch {
    return { ok: false, reason: "bad_signature" };
  }

  const iat = payload.iat;
  if (typeof iat !== "number" || Math.abs(nowSeconds - iat) > WEBHOOK_MAX_AGE_SECONDS) return { ok: false, reason: "stale" };

  const claimed = payload.request_body_sha256;
  if (typeof claimed !== "string" || !/^[0-9a-f]{64}$/i.test(claimed)) return { ok: false, reason: "body_mismatch" };
  if (!timingSafeEqual(Buffer.from(claimed.toLowerCase(), "hex"), sha256(rawBody))) return { ok: false, reason: "body_mismatch" };

  return { ok: true, payload };
}
