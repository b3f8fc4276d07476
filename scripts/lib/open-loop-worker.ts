/**
 * The open loop's generator (ADR 059, part seven (m)), run in a worker thread by `runOpenLoop` so that it never shares
 * the server's event loop: request i is sent at t0 + i / rate on an undici Pool of keep-alive connections that opens
 * a new connection whenever every open one is busy (up to `connections`), so a slow answer never holds back the next
 * send; each latency is measured from the request's due time (open-loop.ts).
 */
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { Pool } from "undici";
import { dueAtMs, dueNow, latencyFromDueMs, type LatencySummary, requestCount, summarize } from "./open-loop.ts";

export type OpenLoopOptions = {
  origin: string;
  path: string;
  headers: Record<string, string>;
  /** Requests per second, evenly spaced. */
  rate: number;
  durationS: number;
  /** The pool's limit of keep-alive connections (opened as needed). */
  connections: number;
  /** An answer not complete after this long counts as a timeout. */
  timeoutMs: number;
  /** A run at the same rate on the same pool and thread before the measured one (its figures dropped), s. */
  warmupS: number;
};

export type OpenLoopResult = {
  sent: number;
  /** Requests answered (any status). */
  answered: number;
  /** Answers per second over the run (its duration, or until the last answer if that came later). */
  servedPerS: number;
  /** From each request's due time to the end of its answer, ms. */
  latency: LatencySummary;
  statusCodes: Record<string, number>;
  /** Body bytes received (as sent: compressed when the route compresses). */
  bodyBytes: number;
  errors: number;
  timeouts: number;
  /** How late the generator sent requests after their due time (its own health), ms. */
  sendLagP99Ms: number;
  sendLagMaxMs: number;
  /** The most requests in flight at once, and the connections the pool opened. */
  maxInFlight: number;
  connectionsOpened: number;
  /** The generator thread's own CPU time over the measured run, ms (the process's CPU minus this is the server's). */
  generatorCpuMs: number;
};

async function run(pool: Pool, options: OpenLoopOptions, durationS: number): Promise<Omit<OpenLoopResult, "connectionsOpened" | "generatorCpuMs">> {
  const { path, headers, rate } = options;
  const total = requestCount(rate, durationS);
  const latencies: number[] = [];
  const sendLags: number[] = [];
  const statusCodes: Record<string, number> = {};
  let bodyBytes = 0;
  let errors = 0;
  let timeouts = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let lastDoneMs = 0;
  const pending: Promise<void>[] = [];

  const t0 = performance.now();
  const send = async (index: number) => {
    sendLags.push(Math.max(0, performance.now() - t0 - dueAtMs(index, rate)));
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const response = await pool.request({ path, method: "GET", headers });
      for await (const chunk of response.body) bodyBytes += (chunk as Buffer).length;
      const done = performance.now() - t0;
      lastDoneMs = Math.max(lastDoneMs, done);
      statusCodes[response.statusCode] = (statusCodes[response.statusCode] ?? 0) + 1;
      latencies.push(latencyFromDueMs(index, rate, done));
    } catch (error) {
      errors += 1;
      const code = (error as { code?: string }).code;
      if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") timeouts += 1;
    } finally {
      inFlight -= 1;
    }
  };

  await new Promise<void>((resolve) => {
    let sent = 0;
    const tick = () => {
      const elapsed = performance.now() - t0;
      for (let n = dueNow(elapsed, sent, rate, total); n > 0; n -= 1) pending.push(send(sent++));
      if (sent >= total) return resolve();
      // Wake at the next due time; a late wake-up sends everything that fell due meanwhile (dueNow).
      setTimeout(tick, Math.max(0, dueAtMs(sent, rate) - (performance.now() - t0)));
    };
    tick();
  });
  await Promise.all(pending);
  const lags = summarize(sendLags);
  return {
    sent: total,
    answered: latencies.length,
    servedPerS: latencies.length / Math.max(durationS, lastDoneMs / 1000),
    latency: summarize(latencies),
    statusCodes,
    bodyBytes,
    errors,
    timeouts,
    sendLagP99Ms: lags.p99,
    sendLagMaxMs: lags.max,
    maxInFlight,
  };
}

async function generate(options: OpenLoopOptions, warmed: () => Promise<void>): Promise<OpenLoopResult> {
  let connectionsOpened = 0;
  const pool = new Pool(options.origin, {
    connections: options.connections,
    pipelining: 1,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    keepAliveTimeout: 60_000,
  });
  pool.on("connect", () => {
    connectionsOpened += 1;
  });
  if (options.warmupS > 0) await run(pool, options, options.warmupS);
  await warmed();
  const cpuBefore = process.threadCpuUsage();
  const result = await run(pool, options, options.durationS);
  const cpu = process.threadCpuUsage(cpuBefore);
  await pool.close();
  return { ...result, connectionsOpened, generatorCpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * Runs the open loop in a worker thread and resolves with its figures: the warm-up, then `onWarm` (the caller resets
 * its server-side counters there), then the measured run on the same connections.
 */
export function runOpenLoop(options: OpenLoopOptions, onWarm: () => void = () => {}): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: options });
    worker.on("message", (message: { warmed: true } | { result: OpenLoopResult }) => {
      if ("warmed" in message) {
        onWarm();
        worker.postMessage("go");
      } else resolve(message.result);
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the open loop's worker exited with code ${code}`));
    });
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const warmed = () =>
    new Promise<void>((resolve) => {
      port.once("message", () => resolve());
      port.postMessage({ warmed: true });
    });
  void generate(workerData as OpenLoopOptions, warmed).then((result) => port.postMessage({ result }));
}
