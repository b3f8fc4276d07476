/**
 * The money engine's long proofs (issue 12), for a nightly job or before a release: the property test with 5,000
 * random histories, then the crash and race suites run many times in a row. Stops at the first failure and says which
 * run it was; exits non-zero then. Counts: MONEY_NIGHTLY_CASES (5000), MONEY_NIGHTLY_RUNS (10 of each suite).
 */
import { spawnSync } from "node:child_process";

const cases = Number(process.env.MONEY_NIGHTLY_CASES ?? 5_000);
const runs = Number(process.env.MONEY_NIGHTLY_RUNS ?? 10);

function vitest(file: string, env: Record<string, string> = {}) {
  const started = Date.now();
  const result = spawnSync("npx", ["vitest", "run", "--project", "integration", file], { stdio: "inherit", env: { ...process.env, ...env } });
  return { ok: result.status === 0, seconds: (Date.now() - started) / 1000 };
}

// Both shards (money-property.test.ts and money-property-2.test.ts), side by side.
const property = vitest("tests/integration/money-property", { FC_NUM_RUNS: String(cases) });
console.log(`money nightly: property test, ${cases} cases: ${property.ok ? "passed" : "FAILED"} in ${property.seconds.toFixed(0)} s`);
if (!property.ok) process.exit(1);
for (const suite of ["money-crash", "money-race"]) {
  for (let run = 1; run <= runs; run++) {
    const result = vitest(`tests/integration/${suite}.test.ts`);
    console.log(`money nightly: ${suite} run ${run}/${runs}: ${result.ok ? "passed" : "FAILED"} in ${result.seconds.toFixed(0)} s`);
    if (!result.ok) process.exit(1);
  }
}
console.log(`money nightly: all passed (${cases} property cases, ${runs} crash runs, ${runs} race runs in a row)`);
