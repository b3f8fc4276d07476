import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./tests/support/sequencer.ts";

const UNIT_FILES = [
  "app/**/*.test.{ts,tsx}",
  "sandbox/**/*.test.ts",
  "host/**/*.test.ts",
  "scripts/**/*.test.ts",
  "tests/architecture.test.ts",
  "tests/english-in-components.test.ts",
  "tests/toast-texts.test.ts",
];
const UNIT_EXCLUDED = ["**/*.integration.test.ts", "node_modules/**"];
const SENTRY_FILES = ["app/entry.server.test.tsx", "app/server/platform/error-reporting.server.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // The process's logger at "warn" in test files (tests/support/quiet-logs.ts); no metrics servers (worker processes
    // spawned by tests inherit this, and would otherwise race each other for port 9091).
    setupFiles: ["tests/support/quiet-logs.ts"],
    env: { METRICS_PORT: "off" },
    // Two files at a time (Vitest's default is one per core minus one: 1 on 2 cores, every file in turn). Integration
    // files each have their own database and spend much of their time waiting on PostgreSQL, the doubles and child
    // processes; more than 2 made the money suites' long tests hit their timeouts on 2 cores. One value for both
    // projects, so that they run side by side. (The projects below inherit this root config: Vitest 5's default.)
    maxWorkers: 2,
    // The longest files first, unit and integration mixed (tests/support/sequencer.ts, ADR 060): Vitest's default ran
    // every unit file after the integration files and, on a fresh clone, the integration files largest first.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          // Vitest's 5 s failed three unit tests at a load of 25-40 (2026-11-29): a test that passes returns when it is
          // done, so a longer limit costs a green run nothing and leaves a busy machine slower rather than red.
          testTimeout: 30_000,
          include: UNIT_FILES,
          exclude: [...UNIT_EXCLUDED, ...SENTRY_FILES],
          // Worker processes reused across files, each file with its own evaluation of the app's modules
          // (tests/support/fresh-file.ts; ADR 060 part seven (o)): a process per file was two thirds of the project's CPU.
          isolate: false,
          setupFiles: ["tests/support/fresh-file.ts", "tests/support/quiet-logs.ts"],
        },
      },
      {
        // The files that load Sentry's SDK with a DSN: Sentry.init instruments the whole process (its HTTP client,
        // its handlers), which no module reset undoes, so they keep a process each.
        test: {
          name: "unit-sentry",
          environment: "node",
          testTimeout: 30_000,
          include: SENTRY_FILES,
        },
      },
      {
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.ts", "app/**/*.integration.test.ts", "sandbox/**/*.integration.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          // One worker process per Vitest worker, not one per file (ADR 060 part seven (o)): a fresh process cost each
          // file about 2 s of CPU, most of it importing the same node_modules again. tests/support/fresh-file.ts gives
          // every file its own evaluation of the app's modules and the environment the worker started with.
          isolate: false,
          setupFiles: ["tests/support/fresh-file.ts", "tests/support/quiet-logs.ts"],
          // Sized from measurements (ADR 060): the slowest test on the default limit (charts.test.ts' cycle) takes
          // 5 s on a quiet machine and passed 30 s at a load of 20-30 beside other work, where 30 s turned the run red.
          // 120 s leaves a busy machine slower rather than red; a hung test still fails within two minutes.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
