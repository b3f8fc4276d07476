/**
 * `npm run bench` (after `react-router build`): the production build under load, with autocannon.
 *
 * Starts the whole stack in this process as `npm start` does (embedded PostgreSQL in .data/bench, migrations, demo
 * seed, mail double, sandbox bank, the in-process job worker, Express + the build), signs in as the demo user, then:
 *
 * Stage 1, throughput (BENCH_CONNECTIONS, default 50, for BENCH_DURATION s, default 10):
 *   /healthz        no loader work, no database: the ceiling of this server on this machine
 *   /               the landing page as a crowd gets it: from the public page cache (host/page-cache.ts)
 *   /?rendered      the landing page rendered for each request (a query string bypasses the cache): the reference
 *                   for the signed-in pages' "% of /" (issue 15)
 *   /dashboard      the demo user's dashboard
 *   group page      a 10-member group in mid-cycle that the demo user admins (seeded for the bench:
 *                   scripts/lib/seed-groups.ts), its statement, and /notifications
 *   then /dashboard in an open loop at BENCH_OPEN_LOOP_RATE req/s (default 100; 0: none), its p50/p99 (issue 47):
 *   a constant arrival rate (scripts/lib/open-loop-worker.ts; ADR 059 part seven (m)), not autocannon's `overallRate`,
 *   which sends each connection's share of a second in a burst at the start of it
 *   Each row gives the bytes per response (KB/req, as sent: compressed) beside its req/s.
 * Stage 2, overload (BENCH_OVERLOAD_CONNECTIONS, default 200 — Fly's soft limit for one machine — for
 * BENCH_OVERLOAD_DURATION s, default 60): /healthz first (the reference), then /, /dashboard and the demo user's group
 * page. Goal (issue 17): no timeouts, no 5xx, p99 < 1 s on /; beyond capacity the server sheds (503, Retry-After).
 *
 * For every run it also prints where the time went in the server process: event-loop delay (p50/p99/max), the
 * database pool (checkouts, how long they waited p99/max, the longest queue), the process's CPU use (in all, and per
 * request answered: the figure a loaded machine moves least), and the admission queue in front of the renderer (host/admission.ts: queue waits, requests shed with 503, clients that left while
 * queued). HTTP_MAX_CONCURRENT, HTTP_MAX_QUEUE, HTTP_MAX_QUEUE_WAIT_MS and DATABASE_POOL_SIZE apply as in production.
 * BENCH_CPU_PROFILE=1 profiles the server during each stage-1 route and prints its busiest functions. Before the load it
 * prints each page's HTML bytes and elements; BENCH_SAVE_HTML=<dir> also writes the three documents there.
 * Requests carry a browser's Accept-Encoding (BENCH_ACCEPT_ENCODING=identity for uncompressed pages).
 * BENCH_STAGES=throughput or =overload runs one stage, BENCH_ROUTES=dashboard,group some of stage 2's routes (the
 * first row is the reference for the ratios); BENCH_WORKER=false leaves the job worker out.
 * Results go to stdout only. Exits non-zero when any run saw errors, timeouts or a 5xx (stage 1: any non-2xx).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";

// Before anything reads the environment. APP_ENV=test: a local production build with sandbox doubles and plain-HTTP
// cookies (production would demand real secrets and Secure cookies).
process.env.NODE_ENV = "production";
process.env.APP_ENV = "test";
// Every request comes from 127.0.0.1; one login is all we need, but a few reruns must not trip the per-IP limit.
process.env.LOGIN_RATE_LIMIT_PER_IP = "1000";
// A developer's DATABASE_URL may point at a database they care about: never seed demo users into it from here.
delete process.env.DATABASE_URL;
delete process.env.POSTMARK_SERVER_TOKEN;

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const OVERLOAD_CONNECTIONS = Number(process.env.BENCH_OVERLOAD_CONNECTIONS ?? 200);
const OVERLOAD_DURATION_S = Number(process.env.BENCH_OVERLOAD_DURATION ?? 60);
const STAGES = new Set((process.env.BENCH_STAGES ?? "throughput,overload").split(",").map((stage) => stage.trim()));
const WORKER = process.env.BENCH_WORKER !== "false";
/** BENCH_CPU_PROFILE=1: a CPU profile of the server (this process's main thread) per stage-1 route, top functions printed. */
const PROFILE = process.env.BENCH_CPU_PROFILE === "1";
/** Stage 2's routes by label (ceiling, landing, dashboard, group); all by default. */
/** Stage 1's routes by label; all by default (the first is the reference for "% of /healthz"). */
const THROUGHPUT_ROUTES = new Set(
  (process.env.BENCH_THROUGHPUT_ROUTES ?? "ceiling,landing,rendered /,dashboard,group,statement,notifications")
    .split(",")
    .map((route) => route.trim()),
);
const OVERLOAD_ROUTES = new Set((process.env.BENCH_ROUTES ?? "ceiling,landing,dashboard,group").split(",").map((route) => route.trim()));
/**
 * Every request asks for what a browser asks for, so pages are compressed as users get them: compression is a
 * large share of a page's CPU (ADR 026). BENCH_ACCEPT_ENCODING=identity measures the uncompressed pages.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd";
/** autocannon's own limit: a request without an answer after this long counts as a timeout. */
const TIMEOUT_S = 10;
const WARMUP_S = 2;
/**
 * The open loop (issue 47): /dashboard at a fixed BENCH_OPEN_LOOP_RATE req/s (default 100; 0 leaves it out) for
 * BENCH_DURATION s after stage 1, its p50/p99 as a user arriving at that rate sees them. Goal: p99 < 100 ms.
 */
const OPEN_LOOP_RATE = Number(process.env.BENCH_OPEN_LOOP_RATE ?? 100);
/** The open loop's pool of keep-alive connections, opened as needed: enough that no request waits for a free one. */
const OPEN_LOOP_CONNECTIONS = 256;

/** The subset of autocannon's programmatic API used here (the package ships no types). */
type AutocannonResult = {
  requests: { mean: number; total: number };
  /** Response bytes (headers and body, as sent: compressed when the route compresses). */
  throughput: { total: number };
  latency: { p50: number; p90: number; p99: number; mean: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
  "5xx": number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  headers?: Record<string, string>;
  workers?: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

const { DEMO_ACCOUNT } = await import("../app/domain/demo-accounts.ts");
const { byPlace, startProfile } = await import("./lib/cpu-profile.ts");
const { postgresCpuMs } = await import("./lib/postgres-cpu.ts");
const { freePort } = await import("./lib/postgres.ts");
const { startStack } = await import("./lib/stack.ts");
const { signIn } = await import("./lib/sign-in.ts");
const { BENCH_GROUP, seedBenchGroup } = await import("./lib/seed-groups.ts");
const { runOpenLoop } = await import("./lib/open-loop-worker.ts");

const port = await freePort();
process.env.PORT = String(port);
// The server listens on 127.0.0.1 only; "localhost" could resolve to ::1 first.
const origin = `http://127.0.0.1:${port}`;
process.env.APP_URL = origin;

console.log(`Starting the stack (embedded PostgreSQL in .data/bench${WORKER ? ", job worker in-process as under npm start" : ", no job worker"})…`);
const stack = await startStack({ dataDir: ".data/bench", port, host: "127.0.0.1", seed: true, worker: WORKER });

let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= stack.stop());
// Ctrl-C during a run: the embedded PostgreSQL must still be shut down cleanly.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping…`);
    void stop().then(() => process.exit(130));
  });
}

/** One request before the load: the dashboard must render for this cookie, and the group page `group` too. */
async function verifyDashboard(cookie: string, group: string): Promise<void> {
  const response = await fetch(`${origin}/dashboard`, { redirect: "manual", headers: { Cookie: cookie } });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(`GET /dashboard with the session cookie gave HTTP ${response.status} (${response.headers.get("location") ?? "no location"})`);
  }
  if (!body.includes(DEMO_ACCOUNT.name)) throw new Error(`GET /dashboard did not render the demo user's name (${DEMO_ACCOUNT.name})`);
  if (!body.includes(`href="${group}"`)) throw new Error(`GET /dashboard does not link the bench group's page ${group}`);
  const page = await fetch(`${origin}${group}`, { redirect: "manual", headers: { Cookie: cookie } });
  const groupBody = await page.text();
  if (page.status !== 200) throw new Error(`GET ${group} gave HTTP ${page.status}`);
  const landing = await (await fetch(`${origin}/?rendered`)).text();
  // What each page weighs as sent before compression (ADR 059 part eight (s)): its bytes and its elements.
  for (const [name, html] of [
    ["rendered /", landing],
    ["/dashboard", body],
    ["group page", groupBody],
  ] as const) {
    console.log(`  ${name}: ${(Buffer.byteLength(html) / 1000).toFixed(1)} KB of HTML, ${htmlElements(html)} elements`);
  }
  if (process.env.BENCH_SAVE_HTML) {
    await mkdir(process.env.BENCH_SAVE_HTML, { recursive: true });
    await writeFile(`${process.env.BENCH_SAVE_HTML}/landing.html`, landing);
    await writeFile(`${process.env.BENCH_SAVE_HTML}/dashboard.html`, body);
    await writeFile(`${process.env.BENCH_SAVE_HTML}/group.html`, groupBody);
  }
}

/** Elements in a document: its start tags (`<` and a letter), scripts' and styles' insides aside. */
function htmlElements(html: string): number {
  return html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, "<$1>").match(/<[a-zA-Z]/g)?.length ?? 0;
}

/** What the server process did while autocannon (in a worker thread) was loading it. */
type ServerSide = {
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  cpuPercent: number;
  /** The process's CPU time per request answered, ms: the figure least moved by other work on the machine. */
  cpuMsPerRequest: number | null;
  /** PostgreSQL's CPU time over the run (all its processes), ms. */
  postgresCpuMs: number;
  pool: ReturnType<NonNullable<typeof stack.entry.poolStats>> | null;
  /** Signed-in documents answered from the document cache and rendered, over the run (ADR 059 part nine (t)). */
  documents: { hits: number; misses: number } | null;
  admission: ReturnType<typeof stack.admission.stats>;
};

type Row = {
  label: string;
  path: string;
  connections: number;
  result: AutocannonResult;
  server: ServerSide;
  /** The open loop's own figures (its generator's health), when the row is one. */
  openLoop?: OpenLoopResult;
};
type OpenLoopResult = Awaited<ReturnType<typeof runOpenLoop>>;

function documentsSince(before: { hits: number; misses: number } | null) {
  const now = stack.entry.documentCacheStats?.() ?? null;
  return now && before ? { hits: now.hits - before.hits, misses: now.misses - before.misses } : null;
}

/** Starts watching the server process; the returned function ends the watch, given the requests answered. */
function watchServer(): (answered: number, generatorCpuMs?: number) => ServerSide {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  stack.entry.poolStats?.({ reset: true });
  const documentsBefore = stack.entry.documentCacheStats?.() ?? null;
  stack.admission.stats({ reset: true });
  const cpuBefore = process.cpuUsage();
  const postgresBefore = postgresCpuMs(".data/bench/pg");
  const started = process.hrtime.bigint();
  loop.enable();
  return (answered, generatorCpuMs = 0) => {
    loop.disable();
    const elapsedUs = Number(process.hrtime.bigint() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    // user + system time of the whole process over wall time (100% = one core), less the open loop's generator thread
    // when it reports its own; autocannon's worker thread cannot, so a closed-loop row includes it.
    const cpuUs = cpu.user + cpu.system - generatorCpuMs * 1000;
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    return {
      loopDelayP50Ms: ms(loop.percentile(50)),
      loopDelayP99Ms: ms(loop.percentile(99)),
      loopDelayMaxMs: ms(loop.max),
      cpuPercent: Math.round((cpuUs / elapsedUs) * 100),
      cpuMsPerRequest: answered > 0 ? cpuUs / 1000 / answered : null,
      postgresCpuMs: postgresCpuMs(".data/bench/pg") - postgresBefore,
      pool: stack.entry.poolStats?.() ?? null,
      documents: documentsSince(documentsBefore),
      admission: stack.admission.stats(),
    };
  };
}

async function measure(label: string, path: string, connections: number, durationS: number, routeHeaders: Record<string, string> = {}): Promise<Row> {
  const headers = { "Accept-Encoding": ACCEPT_ENCODING, ...routeHeaders };
  console.log(`  ${label.padEnd(10)} ${path} — ${connections} connections, ${WARMUP_S} s warm-up + ${durationS} s…`);
  // The warm-up is a run of its own, so the server-side figures (and the per-request ones) cover the measured run only.
  await autocannon({ url: `${origin}${path}`, connections, duration: WARMUP_S, timeout: TIMEOUT_S, headers, workers: 1 });
  const watch = watchServer();
  const result = await autocannon({
    url: `${origin}${path}`,
    connections,
    duration: durationS,
    timeout: TIMEOUT_S,
    headers,
    // The load generator runs in a worker thread: on the main thread it would compete with the server for the
    // same event loop and the numbers would measure autocannon as much as the app.
    workers: 1,
  });
  return { label, path, connections, result, server: watch(result.requests.total) };
}

/**
 * `path` at a constant arrival rate (scripts/lib/open-loop-worker.ts, in a worker thread), its figures in
 * autocannon's shape for the tables. KB/req counts bodies only (autocannon's counts headers too, about 0.3 KB more).
 */
async function measureOpenLoop(label: string, path: string, rate: number, durationS: number, routeHeaders: Record<string, string>): Promise<Row> {
  const headers = { "Accept-Encoding": ACCEPT_ENCODING, ...routeHeaders };
  console.log(
    `  ${label.padEnd(10)} ${path} — ${rate} req/s evenly spaced (up to ${OPEN_LOOP_CONNECTIONS} connections), ${WARMUP_S} s warm-up + ${durationS} s…`,
  );
  let watch: ReturnType<typeof watchServer> | undefined;
  const open = await runOpenLoop(
    { origin, path, headers, rate, durationS, connections: OPEN_LOOP_CONNECTIONS, timeoutMs: TIMEOUT_S * 1000, warmupS: WARMUP_S },
    () => {
      watch = watchServer();
    },
  );
  const byClass = (predicate: (code: number) => boolean) =>
    Object.entries(open.statusCodes).reduce((sum, [code, n]) => sum + (predicate(Number(code)) ? n : 0), 0);
  const ok = byClass((code) => code >= 200 && code < 300);
  const result: AutocannonResult = {
    requests: { mean: open.servedPerS, total: open.answered },
    throughput: { total: open.bodyBytes },
    latency: { ...open.latency },
    errors: open.errors,
    timeouts: open.timeouts,
    non2xx: open.answered - ok,
    "2xx": ok,
    "5xx": byClass((code) => code >= 500),
    statusCodeStats: Object.fromEntries(Object.entries(open.statusCodes).map(([code, count]) => [code, { count }])),
  };
  return { label, path, connections: open.connectionsOpened, result, server: watch!(open.answered, open.generatorCpuMs), openLoop: open };
}

function table(header: string[], lines: string[][]) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(`\n${format(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const line of lines) console.log(format(line));
}

function count(result: AutocannonResult, predicate: (code: number) => boolean) {
  return Object.entries(result.statusCodeStats).reduce((sum, [code, { count }]) => sum + (predicate(Number(code)) ? count : 0), 0);
}

function printRows(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  const ceiling = rows[0]!.result.requests.mean;
  // The rendered landing page, when measured: what a server render of a page without a database costs here.
  const rendered = rows.find((row) => row.label === "rendered /")?.result.requests.mean;
  table(
    [
      "route",
      "path",
      "conns",
      "req/s",
      "% of /healthz",
      "% of rendered /",
      "p50 ms",
      "p99 ms",
      "max ms",
      "p99 ÷ /healthz p99",
      "KB/req",
      "2xx",
      "503 shed",
      "other non-2xx",
      "timeouts",
      "errors",
    ],
    rows.map(({ label, path, connections, result }) => [
      label,
      path,
      String(connections),
      result.requests.mean.toFixed(0),
      `${((result.requests.mean / ceiling) * 100).toFixed(0)}%`,
      rendered ? `${((result.requests.mean / rendered) * 100).toFixed(0)}%` : "-",
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.latency.max),
      (result.latency.p99 / Math.max(1, rows[0]!.result.latency.p99)).toFixed(1),
      result.requests.total > 0 ? (result.throughput.total / result.requests.total / 1024).toFixed(1) : "-",
      String(result["2xx"]),
      String(count(result, (code) => code === 503)),
      String(count(result, (code) => (code < 200 || code >= 300) && code !== 503)),
      String(result.timeouts),
      String(result.errors - result.timeouts),
    ]),
  );
  table(
    [
      "route",
      "path",
      "loop delay p50 ms",
      "p99 ms",
      "max ms",
      "cpu %",
      "cpu ms/req",
      "postgres cpu ms/req",
      "checkouts/req",
      "pool size",
      "checkouts",
      "pool wait p99 ms",
      "max ms",
      "longest queue",
      "documents cached/rendered",
    ],
    rows.map(({ label, path, server, result }) => [
      label,
      path,
      String(server.loopDelayP50Ms),
      String(server.loopDelayP99Ms),
      String(server.loopDelayMaxMs),
      String(server.cpuPercent),
      server.cpuMsPerRequest === null ? "-" : server.cpuMsPerRequest.toFixed(2),
      result.requests.total > 0 ? (server.postgresCpuMs / result.requests.total).toFixed(2) : "-",
      server.pool && result.requests.total > 0 ? (server.pool.checkouts / result.requests.total).toFixed(1) : "-",
      String(server.pool?.size ?? "-"),
      String(server.pool?.checkouts ?? "-"),
      String(server.pool?.waitP99Ms ?? "-"),
      String(server.pool?.waitMaxMs ?? "-"),
      String(server.pool?.maxWaiting ?? "-"),
      server.documents ? `${server.documents.hits}/${server.documents.misses}` : "-",
    ]),
  );
  table(
    ["route", "path", "admitted", "queue wait p50 ms", "p99 ms", "max ms", "longest queue", "shed (503)", "left while queued"],
    rows.map(({ label, path, server: { admission } }) => [
      label,
      path,
      String(admission.admitted),
      String(admission.queueWaitP50Ms),
      String(admission.queueWaitP99Ms),
      String(admission.queueWaitMaxMs),
      String(admission.maxQueued),
      String(admission.shed),
      String(admission.abandoned),
    ]),
  );
}

/** The machine's load average (1, 5, 15 min), as /proc/loadavg gives it: the figures above are relative to it. */
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(" ");

/**
 * When a run ends, up to CONNECTIONS requests the server already accepted are still working (their sockets are gone,
 * their loaders are not). Let them finish before the next run or the shutdown, or stopping PostgreSQL under them
 * fills the log with "terminating connection due to administrator command".
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

function codes(result: AutocannonResult) {
  return Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(", ");
}

let failed = false;
let loaded = false;
try {
  // The group page as members live on it: ten members, mid-cycle (seeded once into .data/bench; the demo's groups have
  // three).
  const benchGroup = Date.now();
  const groupPath = `/groups/${await seedBenchGroup()}`;
  console.log(`Bench group (${BENCH_GROUP}, 10 members, mid-cycle) ready in ${((Date.now() - benchGroup) / 1000).toFixed(1)} s.`);
  const cookie = await signIn(origin, DEMO_ACCOUNT);
  await verifyDashboard(cookie, groupPath);
  console.log(`Signed in as ${DEMO_ACCOUNT.email}; /dashboard and ${groupPath} render.`);

  loaded = true;
  if (STAGES.has("throughput")) {
    console.log(`\nStage 1, throughput: ${CONNECTIONS} connections, ${DURATION_S} s per route, Accept-Encoding: ${ACCEPT_ENCODING}`);
    const rows: Row[] = [];
    for (const [label, path, headers] of [
      ["ceiling", "/healthz", {}],
      ["landing", "/", {}],
      ["rendered /", "/?rendered", {}],
      ["dashboard", "/dashboard", { Cookie: cookie }],
      ["group", groupPath, { Cookie: cookie }],
      ["statement", `${groupPath}/statement`, { Cookie: cookie }],
      ["notifications", "/notifications", { Cookie: cookie }],
    ] as const) {
      if (!THROUGHPUT_ROUTES.has(label)) continue;
      const profile = PROFILE ? await startProfile() : null;
      rows.push(await measure(label, path, CONNECTIONS, DURATION_S, headers));
      if (profile) {
        const file = `.data/bench-profiles/${label.replace(/\W+/g, "-")}.cpuprofile`;
        const top = await profile.stop(file, 20);
        console.log(`    CPU profile of the server (${file}), busy time by place: ${byPlace(file)}\n      ${top.join("\n      ")}`);
      }
      await settle();
    }
    printRows(`Stage 1, throughput (${CONNECTIONS} connections)`, rows);
    if (OPEN_LOOP_RATE > 0 && THROUGHPUT_ROUTES.has("dashboard")) {
      console.log(`\nOpen loop: /dashboard at ${OPEN_LOOP_RATE} req/s`);
      const open = await measureOpenLoop("open loop", "/dashboard", OPEN_LOOP_RATE, DURATION_S, { Cookie: cookie });
      rows.push(open);
      const { latency } = open.result;
      const { server } = open;
      const generator = open.openLoop!;
      console.log(
        `/dashboard open loop at ${OPEN_LOOP_RATE} req/s: ${generator.servedPerS.toFixed(0)} req/s served (${generator.answered} of ${generator.sent}), p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms (goal < 100 ms), max ${latency.max} ms, from each request's due time; ${open.result.errors} errors, ${open.result.non2xx} non-2xx; load average ${loadAverage()}`,
      );
      // Queueing or stalls (ADR 059, part six (k)): the event loop's delay (a long synchronous render, GC), the admission
      // queue's wait and the pool's, and the CPU per request, over the same run.
      console.log(
        `  while it ran: event-loop delay p50 ${server.loopDelayP50Ms} ms, p99 ${server.loopDelayP99Ms} ms, max ${server.loopDelayMaxMs} ms; admission queue wait p99 ${server.admission.queueWaitP99Ms} ms (longest queue ${server.admission.maxQueued}); pool wait p99 ${server.pool?.waitP99Ms ?? "-"} ms; ${server.cpuMsPerRequest === null ? "-" : server.cpuMsPerRequest.toFixed(2)} ms server CPU per request`,
      );
      // The generator's own health: a send later than its due time is counted in the latency above, not hidden.
      console.log(
        `  the generator: sent late by p99 ${generator.sendLagP99Ms} ms, max ${generator.sendLagMaxMs} ms; at most ${generator.maxInFlight} in flight on ${generator.connectionsOpened} connections; ${(generator.generatorCpuMs / Math.max(1, generator.sent)).toFixed(2)} ms of its own CPU per request (not in the server's)`,
      );
      await settle();
    }
    for (const { path, result } of rows) {
      if (result.errors + result.timeouts + result.non2xx > 0) {
        failed = true;
        console.error(`${path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx (status codes: ${codes(result)})`);
      }
    }
  }

  if (STAGES.has("overload")) {
    console.log(`\nStage 2, overload: ${OVERLOAD_CONNECTIONS} connections, ${OVERLOAD_DURATION_S} s per route (${TIMEOUT_S} s counts as a timeout)`);
    const rows: Row[] = [];
    for (const [label, path, headers] of [
      ["ceiling", "/healthz", {}],
      ["landing", "/", {}],
      ["dashboard", "/dashboard", { Cookie: cookie }],
      ["group", groupPath, { Cookie: cookie }],
    ] as const) {
      if (!OVERLOAD_ROUTES.has(label)) continue;
      rows.push(await measure(label, path, OVERLOAD_CONNECTIONS, OVERLOAD_DURATION_S, headers));
      await settle();
    }
    printRows(`Stage 2, overload (${OVERLOAD_CONNECTIONS} connections)`, rows);
    for (const { path, result } of rows) {
      const serverErrors = count(result, (code) => code >= 500 && code !== 503);
      if (result.errors + result.timeouts + serverErrors > 0) {
        failed = true;
        console.error(
          `${path}: ${result.errors} errors (${result.timeouts} timeouts), ${serverErrors} 5xx other than 503 (status codes: ${codes(result)})`,
        );
      }
    }
    const landing = rows.find((row) => row.label === "landing")?.result;
    if (landing) {
      console.log(
        `\n/ at ${OVERLOAD_CONNECTIONS} connections: p99 ${landing.latency.p99} ms (goal < 1000 ms), ${landing.timeouts} timeouts, ${count(landing, (code) => code >= 500)} 5xx.`,
      );
    }
  }
  console.log(`\nLoad average at the end: ${loadAverage()}.`);
  console.log(`\nnode ${process.version}; server and load generator share this machine, so treat figures as relative (see the /healthz ratios).`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  if (loaded) await settle();
  await stop();
}
process.exit(failed ? 1 : 0);
