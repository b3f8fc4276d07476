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

export type WebhookTiming = {
  /** TRANSFER_EVENTS_UPDATE goes to a URL at most once per this many ms (Plaid: about once a minute). */
  batchMs: number;
  /** The first retry of a failed delivery waits this long, each next one 4× longer (Plaid: 30 s). */
  retryBaseMs: number;
  /** A receiver that has not answered by then has failed (Plaid: 10 s). */
  timeoutMs: number;
};

export const PLAID_WEBHOOK_TIMING: WebhookTiming = { batchMs: 60_000, retryBaseMs: 30_000, timeoutMs: 10_000 };

/**
 * Plaid retries for up to 24 hours: 2,880 times the first retry's 30 s. With a shorter retryBaseMs the window shrinks
 * in proportion, so a test sees the same sequence of attempts (after 30 s, 2 min, 8 min, 32 min, ~2 h and ~8.5 h: six
 * retries, the last ~11.4 h after the first attempt; a seventh would come ~45.5 h after it) in milliseconds.
 */
export const RETRY_WINDOW_FACTOR = (24 * 60 * 60 * 1000) / 30_000;

export const TRANSFER_EVENTS_UPDATE = { webhook_type: "TRANSFER", webhook_code: "TRANSFER_EVENTS_UPDATE", environment: "sandbox" };

/**
 * Sends webhooks as Plaid does: in the background (the API answers first), signed, and again when the receiver
 * answers non-2xx or not within timeoutMs, after retryBaseMs, then 4× longer each time, for up to 24 hours (scaled
 * with retryBaseMs). TRANSFER_EVENTS_UPDATE ("new events are available") is batched per URL: the first goes at once,
 * then at most one per batchMs carries every event since, and a retry pending for the URL carries them too (the body
 * is always the same). Other webhooks (ITEM) go at once, each on its own.
 *
 * Everything pending lives in memory: a restart of the bank forgets deliveries it had not made yet (README).
 */
export class WebhookSender {
  /** Deliveries under way or scheduled (a batch or a retry): idle() waits until there are none. */
  private readonly pending = new Set<Promise<void>>();
  private readonly cancels = new Set<() => void>();
  private readonly streams = new Map<string, { lastSentAt: number; scheduled: boolean; sending: boolean; again: boolean }>();
  private closed = false;

  constructor(
    private readonly key: SigningKey,
    private readonly now: () => Date,
    private readonly timing: WebhookTiming = PLAID_WEBHOOK_TIMING,
  ) {}

  /** TRANSFER_EVENTS_UPDATE to `url`, batched (see the class comment). */
  transferEvents(url: string): void {
    if (this.closed) return;
    let stream = this.streams.get(url);
    if (!stream) {
      stream = { lastSentAt: Number.NEGATIVE_INFINITY, scheduled: false, sending: false, again: false };
      this.streams.set(url, stream);
    }
    if (stream.scheduled) return;
    if (stream.sending) {
      stream.again = true;
      return;
    }
    const wait = stream.lastSentAt + this.timing.batchMs - Date.now();
    const state = stream;
    if (wait <= 0) {
      this.track(this.sendStream(url, state, 0));
      return;
    }
    state.scheduled = true;
    this.later(wait, () => this.sendStream(url, state, 0));
  }

  /** Any other webhook (ITEM …): delivered now, retried on failure. */
  send(url: string, payload: Record<string, unknown>): void {
    if (this.closed) return;
    this.track(this.sendWithRetries(url, payload, 0));
  }

  /** Resolves once nothing is being delivered and nothing is scheduled (batches, retries). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stops: scheduled batches and retries are dropped, deliveries under way finish. */
  async close(): Promise<void> {
    this.closed = true;
    for (const cancel of [...this.cancels]) cancel();
    await this.idle();
  }

  private async sendStream(url: string, stream: { lastSentAt: number; scheduled: boolean; sending: boolean; again: boolean }, attempt: number) {
    stream.scheduled = false;
    stream.sending = true;
    stream.again = false;
    stream.lastSentAt = Date.now();
    const delivered = await this.deliver(url, TRANSFER_EVENTS_UPDATE);
    stream.sending = false;
    if (!delivered) {
      const delay = this.retryDelay(attempt);
      if (delay !== null) {
        // The retry carries whatever arrived meanwhile: the body says only "there are new events".
        stream.scheduled = true;
        this.later(delay, () => this.sendStream(url, stream, attempt + 1));
        return;
      }
      console.error(`bank sandbox: gave up on TRANSFER_EVENTS_UPDATE to ${url} after ${attempt + 1} attempts`);
    }
    if (stream.again) this.transferEvents(url);
  }

  private async sendWithRetries(url: string, payload: Record<string, unknown>, attempt: number): Promise<void> {
    if (await this.deliver(url, payload)) return;
    const delay = this.retryDelay(attempt);
    if (delay === null) {
      console.error(
        `bank sandbox: gave up on ${String(payload.webhook_type)} ${String(payload.webhook_code)} to ${url} after ${attempt + 1} attempts`,
      );
      return;
    }
    this.later(delay, () => this.sendWithRetries(url, payload, attempt + 1));
  }

  /**
   * The wait before retry number attempt + 1, or null once that retry would fall outside the retry window. Counted on
   * the schedule (base, 4×, 16×, …), not the clock, so a slow receiver or a busy machine does not lose retries.
   */
  private retryDelay(attempt: number): number | null {
    const base = this.timing.retryBaseMs;
    const scheduledAt = (base * (4 ** (attempt + 1) - 1)) / 3;
    return scheduledAt > base * RETRY_WINDOW_FACTOR ? null : base * 4 ** attempt;
  }

  private track(work: Promise<void>) {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Runs `run` after `ms` (real time, not the bank's clock), unless close() comes first. */
  private later(ms: number, run: () => Promise<void>) {
    if (this.closed) return;
    let cancel = () => {};
    const work = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.cancels.delete(cancel);
        void run().finally(resolve);
      }, ms);
      cancel = () => {
        clearTimeout(timer);
        this.cancels.delete(cancel);
        resolve();
      };
    });
    this.cancels.add(cancel);
    this.track(work);
  }

  /** One attempt: true when the receiver answered 2xx within timeoutMs. Signed afresh (a new iat) every time. */
  private async deliver(url: string, payload: Record<string, unknown>): Promise<boolean> {
    const body = JSON.stringify(payload);
    try {
      const jwt = await signWebhookBody(this.key, body, this.now());
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Plaid-Verification": jwt },
        body,
        signal: AbortSignal.timeout(this.timing.timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) return true;
      console.error(`bank sandbox: webhook to ${url} answered ${response.status}`);
    } catch (error) {
      console.error(`bank sandbox: webhook to ${url} failed:`, error instanceof Error ? error.message : error);
    }
    return false;
  }
}
