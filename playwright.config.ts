import { defineConfig } from "@playwright/test";
import { BROWSER_ARGS, ignoredDefaultArgs, resolveBrowser } from "./scripts/lib/browser";
import { freeE2ePortBase } from "./scripts/lib/e2e-port";

// Chosen once in the runner, like the browser below; the workers inherit E2E_PORT. Without it, a free base from
// 3100-3199: two `npm test`s in two clones on one machine both took 3100 before, and the second's servers could not start.
process.env.E2E_PORT ??= String(await freeE2ePortBase());
const PORT = Number(process.env.E2E_PORT);
/** The second server, in the Plaid configuration (*.plaid.spec.ts), and the sandbox bank behind it as Plaid's API. */
export const PLAID_PORT = PORT + 100;
export const PLAID_BANK_PORT = PORT + 200;

// Resolved once in the runner; the workers inherit CHROMIUM_PATH and skip the search.
if (!process.env.CHROMIUM_PATH) {
  const browser = await resolveBrowser();
  process.env.CHROMIUM_PATH = browser.path;
  console.log(`e2e browser: ${browser.path} (${browser.source})`);
}

/**
 * End-to-end tests in a real Chromium (found by scripts/lib/browser.ts) against the production build, twice: once with
 * JavaScript on and once with it off, because every form must work without it.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // In CI a failed test runs once more: one that then passes is reported as flaky — by name, in npm test's closing
  // summary (scripts/test.ts), to be fixed — instead of a red run that lands nothing (ADR 024). Locally a failure is a
  // failure.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // npm test runs this beside the type check and Vitest (scripts/test.ts), so a test gets about half the CPU it would
  // alone: the longest ones (9 axe scans in one test) need more than 30 s then.
  timeout: 60_000,
  // An assertion waits up to 15 s for the page to get there. A passing one returns as soon as it holds, so this costs a
  // green run nothing; at 5 s, a run beside five other engineers' work (load 25-42, 2026-11-29) failed money-flow.plaid's
  // join: Plaid Link's exchange and the join's redirect took longer than 5 s there, and the test passed on a quiet run.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs every test about a third of the browser's CPU, so none is recorded by default (a
    // screenshot of a failure is kept); rerun a failing spec with `npx playwright test <spec> --trace on` for one.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: BROWSER_ARGS,
      // Chromium's shared memory in /dev/shm where it has room, not in files under /tmp (scripts/lib/browser.ts).
      ignoreDefaultArgs: ignoredDefaultArgs(),
    },
  },
  // *.spec.ts runs in both projects; *.js.spec.ts only with JavaScript (enhancements, axe, which needs JS to run
  // in the page); *.nojs.spec.ts only without it (server-side fallbacks that JavaScript replaces); *.plaid.spec.ts
  // against the second server, configured for real Plaid (Plaid Link is JavaScript only).
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: [/\.nojs\.spec\.ts$/, /\.plaid\.spec\.ts$/] },
    { name: "nojs", use: { javaScriptEnabled: false }, testIgnore: [/\.js\.spec\.ts$/, /\.plaid\.spec\.ts$/] },
    { name: "plaid", use: { javaScriptEnabled: true, baseURL: `http://127.0.0.1:${PLAID_PORT}` }, testMatch: /\.plaid\.spec\.ts$/ },
  ],
  webServer: [
    {
      command: "tsx tests/e2e/server.ts",
      url: `http://127.0.0.1:${PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      env: { E2E_PORT: String(PORT), NODE_ENV: "production" },
    },
    {
      command: "tsx tests/e2e/server.ts",
      url: `http://127.0.0.1:${PLAID_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      env: { E2E_PORT: String(PLAID_PORT), E2E_LINK_MODE: "plaid", E2E_PLAID_BANK_PORT: String(PLAID_BANK_PORT), NODE_ENV: "production" },
    },
  ],
});
