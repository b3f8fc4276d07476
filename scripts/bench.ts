/**
 * `npm run bench` (after `react-router build`): the production build under load, with autocannon.
 *
 * Starts the whole stack in this process (embedded PostgreSQL in .data/bench, migrations, demo seed, mail double,
 * Express + the build), signs in as the demo user, then measures three routes on the same server:
 *   /healthz     no loader work, no database: the ceiling of this server on this machine
 *   /            the landing page: a full server render, no database query
 *   /dashboard   a signed-in page shell: session lookup in PostgreSQL plus a full render
 * Results go to stdout only. Exits non-zero when any run saw errors, timeouts or a non-2xx response.
 */
import { createRequire } from "node:module";

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
const WARMUP_S = 2;

/** The subset of autocannon's programmatic API used here (the package ships no types). */
type AutocannonResult = {
  requests: { mean: number; total: number };
  latency: { p50: number; p99: number; mean: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  workers?: number;
  warmup?: { connections: number; duration: number };
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

const { DEMO_ACCOUNT } = await import("../app/domain/demo-accounts.ts");
const { freePort } = await import("./lib/postgres.ts");
const { startStack } = await import("./lib/stack.ts");

const port = await freePort();
process.env.PORT = String(port);
// The server listens on 127.0.0.1 only; "localhost" could resolve to ::1 first.
const origin = `http://127.0.0.1:${port}`;
process.env.APP_URL = origin;

console.log("Starting the stack (embedded PostgreSQL in .data/bench)…");
const stack = await startStack({ dataDir: ".data/bench", port, host: "127.0.0.1", seed: true });

let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= stack.stop());
// Ctrl-C during a run: the embedded PostgreSQL must still be shut down cleanly.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping…`);
    void stop().then(() => process.exit(130));
  });
}

/** Sign in through the real login form, as a browser without JavaScript would; returns `rosca_session=…`. */
async function login(): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, intent: "login" }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith("rosca_session=") && pair.length > "rosca_session=".length);
  if (response.status !== 302 || !session) {
    throw new Error(`Login as ${DEMO_ACCOUNT.email} failed: HTTP ${response.status}, no rosca_session cookie`);
  }
  return session;
}

/** One request before the load: the dashboard must render for this cookie, not bounce to /login. */
async function verifyDashboard(cookie: string) {
  const response = await fetch(`${origin}/dashboard`, { redirect: "manual", headers: { Cookie: cookie } });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(`GET /dashboard with the session cookie gave HTTP ${response.status} (${response.headers.get("location") ?? "no location"})`);
  }
  if (!body.includes(DEMO_ACCOUNT.name)) throw new Error(`GET /dashboard did not render the demo user's name (${DEMO_ACCOUNT.name})`);
}

type Row = { label: string; path: string; result: AutocannonResult };

async function measure(label: string, path: string, headers: Record<string, string> = {}): Promise<Row> {
  console.log(`  ${label.padEnd(10)} ${path} — ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s…`);
  const result = await autocannon({
    url: `${origin}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    // The load generator runs in a worker thread: on the main thread it would compete with the server for the
    // same event loop and the numbers would measure autocannon as much as the app.
    workers: 1,
    warmup: { connections: CONNECTIONS, duration: WARMUP_S },
  });
  return { label, path, result };
}

function printTable(rows: Row[]) {
  const ceiling = rows[0]!.result.requests.mean;
  const header = ["route", "path", "req/s (mean)", "% of ceiling", "p50 ms", "p99 ms", "non-2xx", "errors"];
  const lines = rows.map(({ label, path, result }) => [
    label,
    path,
    result.requests.mean.toFixed(0),
    `${((result.requests.mean / ceiling) * 100).toFixed(0)}%`,
    String(result.latency.p50),
    String(result.latency.p99),
    String(result.non2xx),
    String(result.errors + result.timeouts),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(`\n${format(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const line of lines) console.log(format(line));
}

/**
 * When a run ends, up to CONNECTIONS requests the server already accepted are still working (their sockets are gone,
 * their loaders are not). Let them finish before the next run or the shutdown, or stopping PostgreSQL under them
 * fills the log with "terminating connection due to administrator command".
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

let failed = false;
let loaded = false;
try {
  const cookie = await login();
  await verifyDashboard(cookie);
  console.log(`Signed in as ${DEMO_ACCOUNT.email}; /dashboard renders.\n`);

  loaded = true;
  const rows: Row[] = [];
  for (const [label, path, headers] of [
    ["ceiling", "/healthz", {}],
    ["landing", "/", {}],
    ["dashboard", "/dashboard", { Cookie: cookie }],
  ] as const) {
    rows.push(await measure(label, path, headers));
    await settle();
  }
  printTable(rows);

  for (const { path, result } of rows) {
    if (result.errors + result.timeouts + result.non2xx > 0) {
      failed = true;
      const codes = Object.entries(result.statusCodeStats)
        .map(([code, { count }]) => `${code}×${count}`)
        .join(", ");
      console.error(`${path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx (status codes: ${codes})`);
    }
  }
  console.log(`\nnode ${process.version}; server and load generator share this machine, so treat figures as relative.`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  if (loaded) await settle();
  await stop();
}
process.exit(failed ? 1 : 0);
