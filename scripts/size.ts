/**
 * `npm run size` (after `react-router build`; npm test runs it between the build and the end-to-end tests): how much
 * JavaScript the landing page, /login and /register make a browser download up front, against issue 15's budgets
 * (scripts/lib/page-weight.ts). Each page is rendered by the production server build, as an anonymous visitor sees
 * it, without a server or a database (these pages read neither for a visitor without a session); every module its HTML
 * preloads or imports is counted at the size the server sends, the build's gzip file (scripts/precompress.ts).
 * Prints a table per page; exits 1 when a budget is exceeded or the build is missing.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV = "production";
process.env.APP_ENV ??= "test";
// Required by the environment check, never connected to: these pages read no database for an anonymous visitor.
process.env.DATABASE_URL = "postgres://size@127.0.0.1:9/unused";

const { BUDGETS, kib, overBudget, pageWeight } = await import("./lib/page-weight.ts");

const PAGES = ["/", "/login", "/register"];
const clientDir = path.resolve("build/client");
const serverBuild = path.resolve("build/server/index.js");

if (!existsSync(serverBuild)) {
  console.error("npm run size: no build/server/index.js; run `react-router build` first.");
  process.exit(1);
}

const { createRequestHandler } = await import("react-router");
const { requestContext } = await import("../app/server/platform/request-context.server.ts");
const build = await import(pathToFileURL(serverBuild).href);
const handle = createRequestHandler(build, "production");

/**
 * The bytes a browser that accepts gzip receives for one asset: its pre-compressed `.gz` file, or the file itself where
 * the build made none (under 1 KiB, which the server's compression also leaves as it is).
 */
function gzippedBytes(url: string) {
  const file = path.join(clientDir, url);
  if (!file.startsWith(clientDir + path.sep) || !existsSync(file)) throw new Error(`${url} is named by the page but is not in build/client`);
  return statSync(existsSync(`${file}.gz`) ? `${file}.gz` : file).size;
}

const weights = [];
for (const pagePath of PAGES) {
  const response = await handle(new Request(`http://localhost${pagePath}`), requestContext({ cspNonce: "size", clientIp: "size" }));
  if (response.status !== 200) {
    console.error(`npm run size: GET ${pagePath} rendered HTTP ${response.status}`);
    process.exit(1);
  }
  weights.push(pageWeight(pagePath, await response.text(), gzippedBytes));
}

const landing = weights[0]!.bytes;
for (const weight of weights) {
  const extra = weight.path === "/" ? "" : ` (${weight.bytes >= landing ? "+" : ""}${kib(weight.bytes - landing)} beyond /)`;
  console.log(`${weight.path}: ${kib(weight.bytes)} of JavaScript in ${weight.files.length} files${extra}`);
  for (const file of [...weight.files].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kib(file.bytes).padStart(9)}  ${file.url}`);
}
const budgetLine = `budgets: / ≤ ${kib(BUDGETS.landing)}; ${Object.entries(BUDGETS.beyondLanding)
  .map(([page, allowance]) => `${page} ≤ ${kib(allowance)} beyond /`)
  .join(", ")} (gzipped)`;
const problems = overBudget(weights);
if (problems.length > 0) {
  console.error(`\nnpm run size: over budget\n${problems.map((problem) => `  ${problem}`).join("\n")}\n${budgetLine}`);
  process.exit(1);
}
console.log(`\nnpm run size: within budget — ${budgetLine}`);
// The server build keeps handles open (the database pool is created lazily, but timers may not be): end here.
process.exit(0);
