/**
 * `npm test`: lint first (Biome, the migration lint of scripts/lint-migrations.ts, the package check of
 * scripts/check-packages.ts; seconds, so a formatting slip, a migration that would break the release still serving or a
 * package that refuses our Node fails fast), then three independent stages side by side:
 * - typecheck: react-router typegen && tsgo --checkers 1 (TypeScript's native compiler; ADR 025)
 * - vitest: the unit and integration tests (one run, both projects), among them the previous release's smoke test
 *   against this release's schema (tests/integration/previous-release.test.ts, ADR 043)
 * - e2e: react-router build, the server's entry points compiled and booted (scripts/build-server.ts, boot-check.ts),
 *   the JavaScript budgets (scripts/size.ts), then Playwright (it starts its own server on the build)
 * They share nothing (each test layer starts its own embedded PostgreSQL on a free port, in its own data directory),
 * and on 2 cores they overlap well: typecheck is one busy core for half a minute, the integration tests wait on
 * PostgreSQL and on child processes, the end-to-end tests on a browser. Measured on the shared 2-core machine (load
 * 8-18 from other work), main before this script took 1,134 s one stage after the other; this branch 660 s side by side.
 *
 * Each stage's output is kept and printed in one piece when the stage ends (interleaved lines of three runners would
 * be unreadable; a failed stage's at the very end), then a summary with each stage's time. TEST_SERIAL=1 runs the stages one after the other with their
 * output live instead. The exit code is non-zero when any stage failed.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MachineSpeed } from "./lib/machine-speed.ts";
import { flakyTests, formatTimed, slowestPlaywrightTests, slowestVitestFiles, slowestVitestTests } from "./lib/test-output.ts";

type Step = { label: string; command: string; args: string[]; env?: Record<string, string> };
type Stage = { name: string; steps: Step[] };
type Result = { name: string; ok: boolean; seconds: number; steps: Array<{ label: string; seconds: number; ok: boolean }>; output: string };

/** A tool from node_modules/.bin (no npx or npm process in between). */
const bin = (label: string, tool: string, ...args: string[]): Step => ({ label, command: path.resolve("node_modules/.bin", tool), args });

const logDir = path.resolve(".data/test-logs");
/** The runners' JSON reports beside their output, read for the summary's ten slowest tests. */
const VITEST_JSON = path.join(logDir, "vitest.json");
const E2E_JSON = path.join(logDir, "e2e.json");

const LINT: Stage = {
  name: "lint",
  steps: [
    bin("biome check", "biome", "check", "--error-on-warnings", "."),
    // The new migrations against the expand/contract rule (ADR 043); the previous release's code itself runs against
    // the new schema in the vitest stage (tests/integration/previous-release.test.ts).
    bin("migration lint", "tsx", "scripts/lint-migrations.ts"),
    // What npm install would warn about, against the Node the project runs on (ADR 045: npm's own warnings name the
    // system Node, and .npmrc keeps them quiet).
    bin("package check", "tsx", "scripts/check-packages.ts"),
  ],
};
const STAGES: Stage[] = [
  // One checker (tsgo's default is four): each checker resolves the types the files it checks share (React's, Drizzle's,
  // the DOM's) again, so four took twice the CPU for a wall time no shorter on two cores (ADR 060, part eleven).
  { name: "typecheck", steps: [bin("typegen", "react-router", "typegen"), bin("tsgo", "tsgo", "--checkers", "1")] },
  {
    name: "vitest",
    steps: [bin("vitest", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_JSON}`)],
  },
  // The JavaScript budgets (issue 15) right after the build they measure, before the browser tests.
  // The server's entry points compiled as the image has them, and the compiled server booted (ADR 042).
  {
    name: "e2e",
    steps: [
      bin("build", "react-router", "build"),
      bin("build-server", "tsx", "scripts/build-server.ts"),
      bin("boot-check", "tsx", "scripts/boot-check.ts"),
      bin("size", "tsx", "scripts/size.ts"),
      { ...bin("playwright", "playwright", "test", "--reporter=list,json"), env: { PLAYWRIGHT_JSON_OUTPUT_FILE: E2E_JSON } },
    ],
  },
];

const serial = process.env.TEST_SERIAL === "1" || process.env.TEST_SERIAL === "true";
mkdirSync(logDir, { recursive: true });
// A stale report must not pass for this run's.
for (const report of [VITEST_JSON, E2E_JSON]) rmSync(report, { force: true });

function runStep(step: Step, live: boolean, sink: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      // Colours in the kept output when the terminal shows colours.
      env: { ...process.env, ...(process.stdout.isTTY && !live ? { FORCE_COLOR: "1" } : {}), ...step.env },
    });
    child.stdout?.on("data", (chunk: Buffer) => sink.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => sink.push(chunk.toString()));
    child.on("error", (error) => {
      sink.push(`${step.command}: ${error.message}\n`);
      resolve(false);
    });
    child.on("exit", (code) => resolve(code === 0));
  });
}

async function runStage(stage: Stage, live: boolean): Promise<Result> {
  const started = performance.now();
  const output: string[] = [];
  const steps: Result["steps"] = [];
  let ok = true;
  for (const step of stage.steps) {
    const stepStarted = performance.now();
    ok = await runStep(step, live, output);
    steps.push({ label: step.label, seconds: (performance.now() - stepStarted) / 1000, ok });
    if (!ok) break;
  }
  const result = { name: stage.name, ok, seconds: (performance.now() - started) / 1000, steps, output: output.join("") };
  writeFileSync(path.join(logDir, `${stage.name}.log`), result.output);
  return result;
}

function print(result: Result) {
  if (result.output) {
    process.stdout.write(`\n━━━━ ${result.name} (${result.ok ? "passed" : "FAILED"}, ${result.seconds.toFixed(1)} s) ━━━━\n`);
    process.stdout.write(result.output.endsWith("\n") ? result.output : `${result.output}\n`);
  }
}

const started = performance.now();
const results: Result[] = [];
// The machine's speed over the run (a fixed loop's CPU time, each minute): the run's wall time is read beside it.
const speed = new MachineSpeed();
speed.sample();

// Which Node runs the tests: the `node` dev dependency's (npm puts node_modules/.bin first on every script's PATH),
// whatever the system Node is (ADR 045). The package check in the lint stage fails when it is not the pinned one.
process.stdout.write(`npm test: Node ${process.version} (${process.execPath})\n`);

const lint = await runStage(LINT, serial);
results.push(lint);
if (!lint.ok) {
  print(lint);
  process.stdout.write("\nnpm test: lint failed (npm run format fixes formatting; see above for the rest).\n");
  process.exitCode = 1;
} else {
  // Passed, but the migration lint's warnings (an index built without CONCURRENTLY on a growing table) are worth a look.
  if (!serial && lint.output.includes("warning [")) print(lint);
  await runTheRest();
}

async function runTheRest() {
  if (serial) {
    for (const stage of STAGES) results.push(await runStage(stage, true));
  } else {
    process.stdout.write(
      `npm test: lint passed; running ${STAGES.map((stage) => stage.name).join(", ")} side by side (output follows as each ends)…\n`,
    );
    // A line a minute while stages run, so a CI log (and a person) sees progress between the stages' outputs.
    const running = new Set(STAGES.map((stage) => stage.name));
    const heartbeat = setInterval(() => {
      const elapsed = Math.round((performance.now() - started) / 1000);
      process.stdout.write(`npm test: ${elapsed} s, still running: ${[...running].join(", ")}\n`);
      speed.sample();
    }, 60_000);
    await Promise.all(
      STAGES.map(async (stage) => {
        const result = await runStage(stage, false);
        running.delete(stage.name);
        results.push(result);
        // A failed stage's output waits for the end, so the last lines of a CI log (often all it keeps) are the
        // failure and its runner's summary rather than a later stage's passing list.
        if (result.ok) print(result);
      }),
    );
    clearInterval(heartbeat);
    for (const result of results) if (!result.ok) print(result);
  }

  speed.sample();
  const failed = results.filter((result) => !result.ok);
  const flaky = results.flatMap((result) => flakyTests(result.output).map((test) => `  ${result.name}: FLAKY (passed on its retry): ${test}`));
  const total = (performance.now() - started) / 1000;
  const lines = results.map((result) => {
    const steps = result.steps.length > 1 ? `  (${result.steps.map((step) => `${step.label} ${step.seconds.toFixed(1)} s`).join(", ")})` : "";
    return `  ${result.name.padEnd(10)} ${result.seconds.toFixed(1).padStart(6)} s  ${result.ok ? "passed" : "FAILED"}${steps}`;
  });
  process.stdout.write(
    `\nnpm test: ${failed.length === 0 ? "passed" : `FAILED (${failed.map((result) => result.name).join(", ")})`} in ${total.toFixed(1)} s\n${lines.join("\n")}\n` +
      (flaky.length > 0 ? `${flaky.join("\n")}\n` : "") +
      slowest() +
      speed.summary() +
      `  (each stage's output is also in .data/test-logs/)\n`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
}

/** The ten slowest Vitest files and tests and the ten slowest e2e tests, from the runners' JSON reports (issue 47). */
function slowest(): string {
  const read = (file: string) => {
    try {
      return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
    } catch {
      return null;
    }
  };
  const vitest = read(VITEST_JSON);
  const e2e = read(E2E_JSON);
  const sections: string[] = [];
  if (vitest) {
    sections.push("  the ten slowest Vitest files (tests and their set-up):", ...formatTimed(slowestVitestFiles(vitest, process.cwd())));
    sections.push("  the ten slowest Vitest tests:", ...formatTimed(slowestVitestTests(vitest, process.cwd())));
  }
  if (e2e) sections.push("  the ten slowest e2e tests:", ...formatTimed(slowestPlaywrightTests(e2e)));
  return sections.length > 0 ? `${sections.join("\n")}\n` : "";
}
