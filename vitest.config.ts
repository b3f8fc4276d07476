import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./tests/support/sequencer.ts";

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
          include: [
            "app/**/*.test.{ts,tsx}",
            "sandbox/**/*.test.ts",
            "host/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/architecture.test.ts",
            "tests/english-in-components.test.ts",
            "tests/toast-texts.test.ts",
          ],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.ts", "app/**/*.integration.test.ts", "sandbox/**/*.integration.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
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
