/**
 * `npm run lighthouse` (after `react-router build`): Lighthouse's performance and accessibility scores for `/`,
 * `/login`, `/dashboard` and the demo user's active group page, against issue 15's goals: performance ≥ 95 and
 * accessibility 100.
 *
 * Starts the whole stack in this process as `npm run bench` does (embedded PostgreSQL in .data/lighthouse, migrations,
 * demo seed, the doubles, Express + the build; no job worker), signs in as the demo user through the login form, and
 * runs Lighthouse with its defaults (mobile, simulated throttling: the settings behind the scores people quote) in the
 * Chromium the end-to-end tests use (scripts/lib/browser.ts), the signed-in pages with the session cookie. `/` goes to
 * an anonymous visitor, so it may come from the page cache: that is what visitors get.
 *
 * Prints per page the scores and the metrics behind the performance score (FCP, LCP, TBT, CLS, Speed Index); the
 * failing audits (with a few offending elements) of a page below 100 on accessibility; the weakest performance audits
 * of a page below 95. LIGHTHOUSE_RUNS (default 1) runs every page that many times and reports the run with the median
 * performance score, and the lowest accessibility score of any run. Exits 1 when a page misses a goal.
 *
 * Not part of `npm test`: a run takes a minute or more, and simulated-throttling scores move by a few points from run
 * to run on a shared 2-core machine, which would make the suite flaky.
 */
import type { Result } from "lighthouse";

// Before anything reads the environment, as in scripts/bench.ts. APP_ENV=test: a local production build with sandbox
// doubles and plain-HTTP cookies.
process.env.NODE_ENV = "production";
process.env.APP_ENV = "test";
// A developer's DATABASE_URL may point at a database they care about: never seed demo users into it from here.
delete process.env.DATABASE_URL;
delete process.env.POSTMARK_SERVER_TOKEN;
// A line per request (dozens per Lighthouse run) would bury the table; LOG_LEVEL=info brings them back.
process.env.LOG_LEVEL ??= "warn";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`LIGHTHOUSE_RUNS must be a whole number ≥ 1, not ${process.env.LIGHTHOUSE_RUNS}`);
  process.exit(1);
}
const GOALS = { performance: 95, accessibility: 100 };
/** Offending elements printed per failing audit: enough to find the component, short enough to read. */
const NODES_PER_AUDIT = 5;
/** Performance audits printed for a page below the goal, weakest first. */
const PERF_AUDITS_SHOWN = 8;

const started = Date.now();
const { default: lighthouse } = await import("lighthouse");
const chromeLauncher = await import("chrome-launcher");
const { BROWSER_ARGS, resolveBrowser } = await import("./lib/browser.ts");
const { DEMO_ACCOUNT } = await import("../app/domain/demo-accounts.ts");
const { freePort } = await import("./lib/postgres.ts");
const { startStack } = await import("./lib/stack.ts");
const { signIn } = await import("./lib/sign-in.ts");

// The browser first: without one there is nothing to start the stack for.
const browser = await resolveBrowser();
console.log(`Browser: ${browser.path} (${browser.source})`);

const port = await freePort();
process.env.PORT = String(port);
// The server listens on 127.0.0.1 only; "localhost" could resolve to ::1 first.
const origin = `http://127.0.0.1:${port}`;
process.env.APP_URL = origin;

console.log("Starting the stack (embedded PostgreSQL in .data/lighthouse, no job worker)…");
const stack = await startStack({ dataDir: ".data/lighthouse", port, host: "127.0.0.1", seed: true, worker: false });

// chrome-launcher's own SIGINT handler would exit the process before the embedded PostgreSQL is stopped: ours does both.
let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= (async () => {
    chrome?.kill();
    // This script's own database pool (the group lookup), before PostgreSQL goes away under it.
    const { closeDb } = await import("../app/server/db/client.server.ts");
    await closeDb();
    await stack.stop();
  })());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping…`);
    void stop().then(() => process.exit(130));
  });
}

/** The page of the demo seed's active group ("Family Savings Circle", created by the demo user). */
async function activeGroupPath(): Promise<string> {
  const { and, eq, sql } = await import("drizzle-orm");
  const { db } = await import("../app/server/db/client.server.ts");
  const { groups, users } = await import("../app/server/db/schema/index.ts");
  const { DEMO_ACTIVE_GROUP } = await import("./lib/seed-groups.ts");
  const [group] = await db()
    .select({ id: groups.id })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.createdBy))
    .where(and(eq(groups.name, DEMO_ACTIVE_GROUP), eq(sql`lower(${users.email})`, DEMO_ACCOUNT.email.toLowerCase())));
  if (!group) throw new Error(`The demo seed made no group "${DEMO_ACTIVE_GROUP}" for ${DEMO_ACCOUNT.email}`);
  return `/groups/${group.id}`;
}

type Page = { label: string; path: string; headers: Record<string, string> };

/**
 * Each page must answer 200 (a signed-in page that redirects would score the login page instead). Requested twice:
 * the scores are about the page, not about this server's first render after a cold start (or an empty page cache).
 */
async function warm({ path, headers }: Page) {
  for (let i = 0; i < 2; i++) {
    const response = await fetch(`${origin}${path}`, { redirect: "manual", headers });
    await response.text();
    if (response.status !== 200) throw new Error(`GET ${path} gave HTTP ${response.status} (${response.headers.get("location") ?? "no location"})`);
  }
}

async function audit(page: Page): Promise<Result> {
  const result = await lighthouse(
    `${origin}${page.path}`,
    // Lighthouse's defaults otherwise (mobile, simulated throttling), so the scores compare with the ones people quote.
    { port: chrome!.port, onlyCategories: ["performance", "accessibility"], extraHeaders: page.headers, logLevel: "error" },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== page.path) throw new Error(`Lighthouse on ${page.path} ended on ${landed}: the scores would be another page's`);
  return lhr;
}

/** A category's score as Lighthouse shows it (0–100); null when Lighthouse could not score it. */
function score(lhr: Result, category: "performance" | "accessibility"): number | null {
  const value = lhr.categories[category]?.score;
  return typeof value === "number" ? Math.round(value * 100) : null;
}

function metric(lhr: Result, id: string, unit: "s" | "ms" | "") {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) return "-";
  if (unit === "s") return `${(value / 1000).toFixed(1)} s`;
  if (unit === "ms") return `${Math.round(value)} ms`;
  return value.toFixed(3);
}

/** The audits of a category that lost points, weakest first (manual, informative and not-applicable ones score null). */
function failingAudits(lhr: Result, category: "performance" | "accessibility", below: number) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.group !== "metrics")
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < below)
    .sort((a, b) => a.score! - b.score!);
}

type NodeValue = { type: "node"; selector?: string; snippet?: string };

/** The elements an audit names (its table's `node` cells). */
function offendingNodes(audit: Result["audits"][string]): NodeValue[] {
  if (audit.details?.type !== "table") return [];
  return audit.details.items.flatMap((item) =>
    Object.values(item).filter(
      (value): value is NodeValue => typeof value === "object" && value !== null && "type" in value && value.type === "node",
    ),
  );
}

function table(header: string[], lines: string[][]) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(`\n${format(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const line of lines) console.log(format(line));
}

let failed = false;
try {
  const cookie = await signIn(origin, DEMO_ACCOUNT);
  const groupPath = await activeGroupPath();
  const pages: Page[] = [
    { label: "landing", path: "/", headers: {} },
    { label: "login", path: "/login", headers: {} },
    { label: "dashboard", path: "/dashboard", headers: { Cookie: cookie } },
    { label: "group", path: groupPath, headers: { Cookie: cookie } },
  ];
  for (const page of pages) await warm(page);
  console.log(`Signed in as ${DEMO_ACCOUNT.email}; every page answers 200.`);

  // One browser for every run; Lighthouse clears its cache and the origin's storage before each navigation.
  chrome = await chromeLauncher.launch({ chromePath: browser.path, chromeFlags: BROWSER_ARGS, handleSIGINT: false, logLevel: "silent" });
  const runs = new Map<Page, Result[]>(pages.map((page) => [page, []]));
  // Round by round rather than page by page, so a noisy minute on the machine does not land on one page's runs only.
  for (let round = 1; round <= RUNS; round++) {
    for (const page of pages) {
      const runStarted = Date.now();
      const lhr = await audit(page);
      runs.get(page)!.push(lhr);
      console.log(
        `  ${RUNS > 1 ? `run ${round}/${RUNS} ` : ""}${page.path}: performance ${score(lhr, "performance") ?? "-"}, accessibility ${score(lhr, "accessibility") ?? "-"} (${((Date.now() - runStarted) / 1000).toFixed(0)} s)`,
      );
    }
  }

  const rows = pages.map((page) => {
    const results = runs.get(page)!;
    // The median by performance score (the lower middle for an even count), with that run's own metrics.
    const byPerformance = [...results].sort((a, b) => (score(a, "performance") ?? -1) - (score(b, "performance") ?? -1));
    const median = byPerformance[Math.floor((results.length - 1) / 2)]!;
    // Accessibility does not depend on timing; the worst run is the one to fix if runs ever disagree.
    const worstA11y = [...results].sort((a, b) => (score(a, "accessibility") ?? -1) - (score(b, "accessibility") ?? -1))[0]!;
    return { page, median, worstA11y, performance: score(median, "performance"), accessibility: score(worstA11y, "accessibility") };
  });

  table(
    ["page", "path", RUNS > 1 ? `performance (median of ${RUNS})` : "performance", "accessibility", "FCP", "LCP", "TBT", "CLS", "Speed Index"],
    rows.map(({ page, median, performance, accessibility }) => [
      page.label,
      page.path,
      String(performance ?? "-"),
      String(accessibility ?? "-"),
      metric(median, "first-contentful-paint", "s"),
      metric(median, "largest-contentful-paint", "s"),
      metric(median, "total-blocking-time", "ms"),
      metric(median, "cumulative-layout-shift", ""),
      metric(median, "speed-index", "s"),
    ]),
  );

  for (const { page, median, worstA11y, performance, accessibility } of rows) {
    if (accessibility === null || accessibility < GOALS.accessibility) {
      failed = true;
      console.error(`\n${page.path}: accessibility ${accessibility ?? "not scored"} (goal ${GOALS.accessibility}). Failing audits:`);
      for (const audit of failingAudits(worstA11y, "accessibility", 1)) {
        console.error(`  ${audit.id}: ${audit.title}`);
        const nodes = offendingNodes(audit);
        for (const node of nodes.slice(0, NODES_PER_AUDIT)) {
          console.error(`    ${node.selector ?? "?"}  ${(node.snippet ?? "").replace(/\s+/g, " ").slice(0, 120)}`);
        }
        if (nodes.length > NODES_PER_AUDIT) console.error(`    … and ${nodes.length - NODES_PER_AUDIT} more`);
      }
    }
    if (performance === null || performance < GOALS.performance) {
      failed = true;
      console.error(`\n${page.path}: performance ${performance ?? "not scored"} (goal ≥ ${GOALS.performance}). Weakest audits of the median run:`);
      // Lighthouse marks an audit red or orange below 0.9: those are the ones its report lists as worth fixing.
      for (const audit of failingAudits(median, "performance", 0.9).slice(0, PERF_AUDITS_SHOWN)) {
        console.error(`  ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
      }
    }
  }
  const all = [...runs.values()].flat();
  // Lighthouse's own warnings (a slow host, a redirect, …) say when the scores are not to be trusted.
  for (const warning of new Set(all.flatMap((lhr) => lhr.runWarnings))) console.error(`\nLighthouse warns: ${warning}`);
  const lhr = all[0]!;
  // Simulated throttling scales what this machine measured: a busy host (a lower benchmark index) scores lower.
  const benchmark = all.map((result) => result.environment.benchmarkIndex).sort((a, b) => a - b);
  console.log(
    `\nLighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling; ` +
      `${RUNS} run${RUNS > 1 ? "s" : ""} per page in ${((Date.now() - started) / 1000).toFixed(0)} s; host benchmark index ` +
      `${benchmark[0]!.toFixed(0)}–${benchmark.at(-1)!.toFixed(0)}; node ${process.version}. ` +
      `Goals: performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}${failed ? " — missed (above)." : " — met."}`,
  );
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
