/**
 * Webhooks signed the way Plaid signs them: the body is POSTed as JSON with a `Plaid-Verification` header holding an
 * ES256 JWT (header: alg ES256, kid, typ JWT; payload: iat and request_body_sha256, the hex SHA-256 of the exact body
 * bytes). The receiver fetches the public key with /webhook_verification_key/get { key_id: kid }.
 */
import { createHash } from "node:crypto";
import { desc, isNull } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from "jose";
import { plaidWebhookKeys } from "./schema";
import { uuid } from "./wire";

type Db = NodePgDatabase;

export type SigningKey = { kid: string; privateKey: CryptoKey };

/** The newest unexpired key, created on first use. Keys persist, so a receiver's cached key stays valid across restarts. */
export async function ensureSigningKey(db: Db, now: Date): Promise<SigningKey> {
  const [existing] = await db
    .select()
    .from(plaidWebhookKeys)
    .where(isNull(plaidWebhookKeys.expiredAt))
    .orderBy(desc(plaidWebhookKeys.createdAt))
    .limit(1);
  if (existing) {
    return { kid: existing.kid, privateKey: (await importJWK(existing.privateJwk as JWK, "ES256")) as CryptoKey };
  }
  const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const kid = uuid();
  const exportedPublic = await exportJWK(publicKey);
  const exportedPrivate = await exportJWK(privateKey);
  // Only the members a P-256 JWK needs (exportJWK may add key_ops/ext).
  const publicJwk = { kty: "EC", crv: "P-256", x: exportedPublic.x!, y: exportedPublic.y!, kid, alg: "ES256", use: "sig" };
  const privateJwk = { ...publicJwk, d: exportedPrivate.d! };
  await db.insert(plaidWebhookKeys).values({ kid, publicJwk, privateJwk, createdAt: now });
  return { kid, privateKey };
}

export function sha256Hex(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex");
}

export async function signWebhookBody(key: SigningKey, body: string, now: Date): Promise<string> {
  return new SignJWT({ request_body_sha256: sha256Hex(body) })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key.privateKey);
}

/**
 * Sends webhooks in the background (Plaid answers the API call first and delivers later) and keeps track of them, so
 * stop() and the tests can wait for deliveries still in flight. A failed delivery is logged, not retried.
 *
 * The same webhook to the same URL is coalesced, as Plaid does for TRANSFER_EVENTS_UPDATE ("new events are
 * available"): while one is in flight, any number of further ones become a single delivery after it. No wake-up is
 * lost (whoever hears the last one reads every event up to then), and a burst of 100,000 transfers is not 100,000
 * webhooks.
 */
export class WebhookSender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly running = new Map<string, { again: boolean }>();

  constructor(
    private readonly key: SigningKey,
    private readonly now: () => Date,
    private readonly timeoutMs = 10_000,
  ) {}

  send(url: string, payload: Record<string, unknown>): void {
    const id = `${url} ${JSON.stringify(payload)}`;
    const current = this.running.get(id);
    if (current) {
      current.again = true;
      return;
    }
    const state = { again: false };
    this.running.set(id, state);
    const delivery = (async () => {
      do {
        state.again = false;
        await this.deliver(url, payload);
      } while (state.again);
    })().finally(() => {
      this.running.delete(id);
      this.inFlight.delete(delivery);
    });
    this.inFlight.add(delivery);
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(url: string, payload: Record<string, unknown>): Promise<void> {
    const body = JSON.stringify(payload);
    try {
      const jwt = await signWebhookBody(this.key, body, this.now());
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Plaid-Verification": jwt },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) console.error(`bank sandbox: webhook to ${url} answered ${response.status}`);
    } catch (error) {
      console.error(`bank sandbox: webhook to ${url} failed:`, error instanceof Error ? error.message : error);
    }
  }
}
