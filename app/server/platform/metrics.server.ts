/**
 * Prometheus metrics (prom-client), served by serveMetrics() on an internal port (METRICS_PORT, default 9091) that the
 * public HTTP server never answers; Fly scrapes it (`[metrics]` in fly.toml). ADR 013.
 *
 * Every metric lives in prom-client's default registry, which is one per process: this module is loaded twice in a
 * process (from source by the scripts, bundled in the React Router build), so each metric is fetched if it is already
 * registered and created otherwise, and both copies count into the same series.
 *
 * Series (all prefixed rosca_; labels in braces):
 * - rosca_http_request_duration_seconds{method,route,status_code}  histogram; route is the React Router route id
 *   ("routes/groups.$groupId"), "static" for files from build/client, "unmatched" otherwise (bounded cardinality).
 * - rosca_jobs_total{job_name,outcome}, rosca_job_duration_seconds{job_name,outcome}  outcome: completed | failed.
 * - rosca_job_queue_depth{queue,state}  jobs waiting (created, retry) and running (active), read at scrape time.
 * - Stalls, read at scrape time by every process that calls watchStalls (app/server/health/stalls.server.ts; the app's
 *   processes do, so they report even with every worker down): rosca_job_oldest_active_seconds{queue} (the
 *   longest-running active job: stuck, or merely busy), rosca_job_oldest_waiting_seconds{queue} (the oldest due job
 *   nobody has fetched), rosca_transfer_oldest_created_seconds (the oldest bank transfer written but not yet accepted
 *   by the bank, leaving out those waiting for their member), rosca_email_outbox_paused (0 or 1) and
 *   rosca_email_oldest_due_seconds. The alerts on them are in ops/prometheus/alerts.yml.
 * - rosca_debits_total{kind,stage}, rosca_debit_cents_total{kind,stage}  kind: contribution | fee.
 * - rosca_payouts_total{stage}, rosca_payout_cents_total{stage}.
 *   stage: created (row written) | submitted (accepted by the bank) | settled | failed (declined or failed at the bank)
 *   | returned (reversed after settling).
 * - rosca_email_attempts_total{outcome}  one per attempt to hand an email to Postmark. outcome: sent | transient (no
 *   answer, 429, 5xx: retried) | account (the outbox pauses: alert on any) | recipient (address marked undeliverable)
 *   | message (given up on). ADR 010's amendment.
 * - rosca_process_errors_total{kind}  kind: unhandled_rejection (logged, the process serves on) | uncaught_exception
 *   (logged, the process exits). Counted by the process guard (process-guard.server.ts); alert on any.
 * - Node.js process metrics (process_*, nodejs_*), prom-client's defaults.
 */
import { createServer, type Server } from "node:http";
import client from "prom-client";
import { logger } from "./log.server";

const registry = client.register;

function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): client.Counter<L> {
  return (registry.getSingleMetric(name) as client.Counter<L> | undefined) ?? new client.Counter({ name, help, labelNames });
}

function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): client.Histogram<L> {
  return (registry.getSingleMetric(name) as client.Histogram<L> | undefined) ?? new client.Histogram({ name, help, labelNames, buckets });
}

const DEFAULTS_KEY = Symbol.for("rosca.metrics.defaults");
const globals = globalThis as typeof globalThis & { [DEFAULTS_KEY]?: true };
if (!globals[DEFAULTS_KEY]) {
  globals[DEFAULTS_KEY] = true;
  client.collectDefaultMetrics({ register: registry });
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

export const httpRequestDuration = histogram(
  "rosca_http_request_duration_seconds",
  "Time from receiving a request to finishing its response, by route id.",
  ["method", "route", "status_code"],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);

export function observeHttpRequest(labels: { method: string; route: string; statusCode: number }, seconds: number) {
  httpRequestDuration.observe({ method: labels.method, route: labels.route, status_code: String(labels.statusCode) }, seconds);
}

// ---------------------------------------------------------------------------------------------------------------
// Jobs

export type JobOutcome = "completed" | "failed";

export const jobsTotal = counter("rosca_jobs_total", "Jobs run by this process, by job (queue) name and outcome.", ["job_name", "outcome"]);
export const jobDuration = histogram(
  "rosca_job_duration_seconds",
  "How long a job ran, by job (queue) name and outcome.",
  ["job_name", "outcome"],
  [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
);

export function observeJob(jobName: string, outcome: JobOutcome, seconds: number) {
  jobsTotal.inc({ job_name: jobName, outcome });
  jobDuration.observe({ job_name: jobName, outcome }, seconds);
}

export type QueueDepth = Array<{ queue: string; state: "created" | "retry" | "active"; count: number }>;

const QUEUE_DEPTH_KEY = Symbol.for("rosca.metrics.queueDepth");
const queueDepthSource = globalThis as typeof globalThis & { [QUEUE_DEPTH_KEY]?: () => Promise<QueueDepth> };

/**
 * Where rosca_job_queue_depth reads from at scrape time (the worker sets it; app/server/jobs/queue-depth.server.ts).
 * A process without a source reports no queue depth.
 */
export function setQueueDepthSource(read: (() => Promise<QueueDepth>) | undefined) {
  queueDepthSource[QUEUE_DEPTH_KEY] = read;
}

if (!registry.getSingleMetric("rosca_job_queue_depth")) {
  new client.Gauge({
    name: "rosca_job_queue_depth",
    help: "Jobs in the queue by queue name and state (created and retry are waiting, active are running), read at scrape time.",
    labelNames: ["queue", "state"],
    async collect() {
      this.reset();
      const read = queueDepthSource[QUEUE_DEPTH_KEY];
      if (!read) return;
      try {
        for (const { queue, state, count } of await read()) this.set({ queue, state }, count);
      } catch (error) {
        logger.warn({ err: error }, "metrics: could not read the job queue depth");
      }
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Stalls: how long the oldest piece of work has waited or run, read at scrape time (app/server/health/stalls.server.ts)

/** What the stall gauges report; null parts were not readable (e.g. the job queue's tables not created yet). */
export type Stalls = {
  jobs: Array<{ queue: string; oldestActiveSeconds: number; oldestWaitingSeconds: number }> | null;
  oldestCreatedTransferSeconds: number;
  emailPaused: boolean;
  oldestDueEmailSeconds: number;
};

const STALLS_KEY = Symbol.for("rosca.metrics.stalls");
const stallsSource = globalThis as typeof globalThis & {
  [STALLS_KEY]?: { read: () => Promise<Stalls>; pending?: { at: number; result: Promise<Stalls | null> } };
};

/**
 * Where the stall gauges read from at scrape time (app/server/health/stalls.server.ts's watchStalls). The gauges are
 * registered by the first call: a process that does not watch has none of them, rather than zeros that would say
 * "nothing waits" without having looked.
 */
export function setStallsSource(read: (() => Promise<Stalls>) | undefined) {
  stallsSource[STALLS_KEY] = read ? { read } : undefined;
  if (read) registerStallGauges();
}

/** One read per scrape for all the stall gauges (each gauge's collect asks; the first within a second reads). */
function scrapeStalls(): Promise<Stalls | null> {
  const source = stallsSource[STALLS_KEY];
  if (!source) return Promise.resolve(null);
  const now = Date.now();
  if (!source.pending || now - source.pending.at > 1_000) {
    source.pending = {
      at: now,
      result: source.read().catch((error: unknown) => {
        logger.warn({ err: error }, "metrics: could not read the stall gauges");
        return null;
      }),
    };
  }
  return source.pending.result;
}

function stallGauge<L extends string>(name: string, help: string, labelNames: readonly L[], fill: (gauge: client.Gauge<L>, stalls: Stalls) => void) {
  if (registry.getSingleMetric(name)) return;
  new client.Gauge<L>({
    name,
    help,
    labelNames,
    async collect() {
      this.reset();
      const stalls = await scrapeStalls();
      if (stalls) fill(this, stalls);
      // Not read: NaN, not the 0 a label-less gauge holds after reset(), which would say "nothing waits".
      else if (labelNames.length === 0) (this as client.Gauge<string>).set(Number.NaN);
    },
  });
}

function registerStallGauges() {
  stallGauge(
    "rosca_job_oldest_active_seconds",
    "Seconds since the longest-running active job of each queue started (0: none running). A job that runs far longer than its kind does is stuck.",
    ["queue"],
    (gauge, stalls) => {
      for (const job of stalls.jobs ?? []) gauge.set({ queue: job.queue }, job.oldestActiveSeconds);
    },
  );
  stallGauge(
    "rosca_job_oldest_waiting_seconds",
    "Seconds since the oldest job of each queue that is due (created or retry, its start time passed) became due (0: none waiting). Grows when no worker fetches.",
    ["queue"],
    (gauge, stalls) => {
      for (const job of stalls.jobs ?? []) gauge.set({ queue: job.queue }, job.oldestWaitingSeconds);
    },
  );
  stallGauge(
    "rosca_transfer_oldest_created_seconds",
    "Seconds since the oldest bank transfer still `created` (written, not yet accepted by the bank) was written, leaving out those waiting for their member (0: none).",
    [],
    (gauge, stalls) => gauge.set(stalls.oldestCreatedTransferSeconds),
  );
  stallGauge(
    "rosca_email_outbox_paused",
    "1 while the email outbox is paused (the mail service refused the account itself), else 0.",
    [],
    (gauge, stalls) => gauge.set(stalls.emailPaused ? 1 : 0),
  );
  stallGauge(
    "rosca_email_oldest_due_seconds",
    "Seconds since the oldest email due for an attempt (queued and its time come, or mid-send with its lease run out) became due (0: none).",
    [],
    (gauge, stalls) => gauge.set(stalls.oldestDueEmailSeconds),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Email (the outbox, after each attempt)

export type EmailAttemptOutcome = "sent" | "transient" | "account" | "recipient" | "message";

export const emailAttemptsTotal = counter(
  "rosca_email_attempts_total",
  "Attempts to hand an email to the mail service, by outcome (account: the outbox paused).",
  ["outcome"],
);

export function recordEmailAttempt(outcome: EmailAttemptOutcome) {
  emailAttemptsTotal.inc({ outcome });
}

// ---------------------------------------------------------------------------------------------------------------
// The process (process-guard.server.ts)

export type ProcessErrorKind = "unhandled_rejection" | "uncaught_exception";
export const processErrorsTotal = counter(
  "rosca_process_errors_total",
  "Errors nothing handled, by kind: unhandled_rejection (logged; the process serves on) or uncaught_exception (logged; the process exits).",
  ["kind"],
);

// ---------------------------------------------------------------------------------------------------------------
// Money (called by the money engine after each commit: plan.server.ts, transfers.server.ts; ADR 013)

export type TransferStage = "created" | "submitted" | "settled" | "failed" | "returned";
export type DebitKind = "contribution" | "fee";

export const debitsTotal = counter("rosca_debits_total", "Member debits (contributions and setup fees) by kind and stage.", ["kind", "stage"]);
export const debitCentsTotal = counter("rosca_debit_cents_total", "Amount of member debits in cents, by kind and stage.", ["kind", "stage"]);
export const payoutsTotal = counter("rosca_payouts_total", "Payouts to the period's recipient by stage.", ["stage"]);
export const payoutCentsTotal = counter("rosca_payout_cents_total", "Amount of payouts in cents, by stage.", ["stage"]);

/** Count a member debit reaching `stage` (call once per transfer and stage, after the change is committed). */
export function recordDebit(stage: TransferStage, kind: DebitKind, amountCents: number | bigint) {
  debitsTotal.inc({ kind, stage });
  debitCentsTotal.inc({ kind, stage }, Number(amountCents));
}

/** Count a payout reaching `stage` (call once per transfer and stage, after the change is committed). */
export function recordPayout(stage: TransferStage, amountCents: number | bigint) {
  payoutsTotal.inc({ stage });
  payoutCentsTotal.inc({ stage }, Number(amountCents));
}

/** The stage a bank transfer status counts as: pending is submitted (the bank accepted it), posted and
 * funds_available are not counted again (settled is), declined, failed and cancelled are failed. */
export function stageOfStatus(status: string): TransferStage | null {
  switch (status) {
    case "created":
      return "created";
    case "pending":
      return "submitted";
    case "settled":
      return "settled";
    case "declined":
    case "failed":
    case "cancelled":
      return "failed";
    case "returned":
      return "returned";
    default:
      return null;
  }
}

/**
 * One call for every committed status change of a bank transfer (contribution, fee or payout): counts it under its
 * stage, or not at all for statuses that are not a stage (posted, funds_available). Call it once per change that
 * happened (e.g. when applyStatus's transaction reports a change), after the commit.
 */
export function recordTransferStatus(kind: "contribution" | "fee" | "payout", status: string, amountCents: number | bigint) {
  const stage = stageOfStatus(status);
  if (!stage) return;
  if (kind === "payout") recordPayout(stage, amountCents);
  else recordDebit(stage, kind, amountCents);
}

/**
 * recordTransferStatus for each of a batch of transfers that just reached `status` (rows inserted — status created —
 * or rows whose status a committed transaction moved). Returns its argument, so a caller can wrap what it returns:
 * `return recordTransfers(rows.map(transferRowFrom));`.
 */
export function recordTransfers<
  Rows extends ReadonlyArray<{ kind: "contribution" | "fee" | "payout"; status: string; amountCents: number | bigint }>,
>(transfers: Rows): Rows {
  for (const transfer of transfers) recordTransferStatus(transfer.kind, transfer.status, transfer.amountCents);
  return transfers;
}

// ---------------------------------------------------------------------------------------------------------------
// Exposition

/** The Prometheus text exposition of every metric in this process. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/**
 * METRICS_PORT as a port: unset → 9091; "off" (or "false", "none") → null, no metrics server; 0 → any free port.
 * Throws on anything else, so a typo does not silently turn metrics off.
 */
export function metricsPortFrom(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.METRICS_PORT?.trim();
  if (raw === undefined || raw === "") return 9091;
  if (["off", "false", "none"].includes(raw.toLowerCase())) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`METRICS_PORT must be a port number or "off", got ${raw}`);
  return port;
}

export type MetricsServer = { url: string; port: number; stop: () => Promise<void> };

/**
 * Serve GET /metrics on its own port. It is a separate server from the app's, so the public port never answers
 * /metrics; on Fly only the platform's scraper reaches it (fly.toml exposes no service on it). METRICS_HOST
 * defaults to all interfaces in production (Fly scrapes over its private network) and to loopback elsewhere.
 * A port already in use is logged and skipped outside production: metrics are not worth refusing to start a demo for.
 */
/** A process's own health, served at /healthz beside /metrics (the worker's: its heartbeat and running job). */
export type HealthSource = () => { ok: boolean; problem: string | null } & Record<string, unknown>;

export async function serveMetrics(
  options: { port?: number | null; host?: string; production?: boolean; health?: HealthSource } = {},
): Promise<MetricsServer | null> {
  const port = options.port === undefined ? metricsPortFrom() : options.port;
  if (port === null) return null;
  const production = options.production ?? process.env.APP_ENV === "production";
  const host = options.host ?? process.env.METRICS_HOST ?? (production ? "::" : "127.0.0.1");
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "GET" && path === "/healthz" && options.health) {
      const health = options.health();
      res.writeHead(health.ok ? 200 : 503, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(`${JSON.stringify(health)}\n`);
      return;
    }
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found. Metrics are at /metrics.\n");
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.writeHead(200, { "Content-Type": contentType }).end(body),
      (error: unknown) => {
        logger.error({ err: error }, "metrics: could not collect");
        res.writeHead(500, { "Content-Type": "text/plain" }).end("Could not collect metrics.\n");
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    if (production) throw error;
    logger.warn({ err: error }, `metrics: not serving on ${host}:${port}`);
    return null;
  }
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const shownHost = host.includes(":") ? `[${host === "::" ? "::1" : host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
  return {
    url: `http://${shownHost}:${actualPort}/metrics`,
    port: actualPort,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
