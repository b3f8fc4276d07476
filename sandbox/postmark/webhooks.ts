/**
 * The double's bounce and spam-complaint webhooks, delivered as Postmark delivers them: a POST of the JSON record
 * (RecordType "Bounce" or "SpamComplaint") to the server's webhook URL, with HTTP basic auth when the webhook has
 * credentials (Postmark's HttpAuth). A delivery that gets no 2xx answer is retried after each of the given waits;
 * a 403 stops the retries at once, as it does at Postmark. Sent in the background (the API call that caused the
 * bounce has long been answered), and tracked so that tests and stop() can wait for them.
 */

export type WebhookTarget = { url: string; username?: string; password?: string };

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
const TIMEOUT_MS = 10_000;

export class PostmarkWebhooks {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly waits = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private stopped = false;

  constructor(
    private readonly target: () => WebhookTarget | null,
    private readonly retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {}

  send(record: Record<string, unknown>): void {
    const target = this.target();
    if (!target || this.stopped) return;
    const delivery = this.deliver(target, JSON.stringify(record)).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const wait of this.waits) {
      clearTimeout(wait.timer);
      wait.resolve();
    }
    await this.idle();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wait = { timer: setTimeout(() => finish(), ms), resolve: () => finish() };
      const finish = () => {
        this.waits.delete(wait);
        resolve();
      };
      this.waits.add(wait);
    });
  }

  private async deliver(target: WebhookTarget, body: string): Promise<void> {
    const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
    if (target.username !== undefined || target.password !== undefined) {
      headers.Authorization = `Basic ${Buffer.from(`${target.username ?? ""}:${target.password ?? ""}`).toString("base64")}`;
    }
    for (let attempt = 0; ; attempt += 1) {
      let status = 0;
      try {
        const response = await fetch(target.url, { method: "POST", headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
        status = response.status;
        await response.body?.cancel();
        if (response.ok) return;
      } catch (error) {
        console.error(`mail sandbox: webhook to ${target.url} failed:`, error instanceof Error ? error.message : error);
      }
      if (status === 403) return;
      const delay = this.retryDelaysMs[attempt];
      if (delay === undefined || this.stopped) {
        console.error(`mail sandbox: webhook to ${target.url} given up after ${attempt + 1} attempts (last answer ${status || "none"})`);
        return;
      }
      await this.sleep(delay);
      if (this.stopped) return;
    }
  }
}
