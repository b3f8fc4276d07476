import { describe, expect, it } from "vitest";
import { flakyTests, formatTimed, slowestPlaywrightTests, slowestVitestFiles, slowestVitestTests } from "./test-output";

describe("flakyTests", () => {
  it("names the tests Playwright's list reporter counts as flaky, colour codes and all", () => {
    const output = [
      "  ✓  168 [nojs] › tests/e2e/states.nojs.spec.ts:5:1 › empty states (1.2s)",
      "",
      "  \u001b[33m1 flaky\u001b[39m",
      "    [js] › tests/e2e/money-clock.js.spec.ts:7:1 › the sandbox clock: the payout arrives ─────────────",
      "    [nojs] › tests/e2e/accounts.spec.ts:165:3 › accounts › a broken session cookie ───────────────────",
      "  167 passed (8.1m)",
      "",
    ].join("\n");
    expect(flakyTests(output)).toEqual([
      "[js] › tests/e2e/money-clock.js.spec.ts:7:1 › the sandbox clock: the payout arrives ─────────────",
      "[nojs] › tests/e2e/accounts.spec.ts:165:3 › accounts › a broken session cookie ───────────────────",
    ]);
  });

  it("reads a run without projects too", () => {
    const output =
      "\u001b[33m  1 flaky\u001b[39m\n\u001b[33m    flaky.spec.ts:2:1 › sometimes fails \u001b[2m───\u001b[22m\u001b[39m\n\u001b[32m  1 passed\u001b[39m\n";
    expect(flakyTests(output)).toEqual(["flaky.spec.ts:2:1 › sometimes fails ───"]);
  });

  it("finds none in a clean run", () => {
    expect(flakyTests("  169 passed (8.1m)\n")).toEqual([]);
  });
});

describe("the ten slowest", () => {
  const vitest = {
    testResults: [
      {
        name: "/repo/tests/integration/money-cycle.test.ts",
        startTime: 1_000,
        endTime: 99_589,
        assertionResults: [
          { title: "runs to completion", ancestorTitles: ["a 3-member weekly cycle"], duration: 19_015 },
          { title: "advancing 12 periods", ancestorTitles: ["a 3-member weekly cycle"], duration: 72_795 },
        ],
      },
      { name: "/repo/app/domain/plural.test.ts", startTime: 5, endTime: 14, assertionResults: [{ title: "plural", duration: 2 }] },
      { name: "/repo/tests/integration/skipped.test.ts", assertionResults: [{ title: "never ran", duration: null }] },
    ],
  };

  it("reads Vitest's JSON report: tests slowest first, named by file and describe, the file relative to the root", () => {
    expect(slowestVitestTests(vitest, "/repo", 2)).toEqual([
      { name: "tests/integration/money-cycle.test.ts › a 3-member weekly cycle › advancing 12 periods", seconds: 72.795 },
      { name: "tests/integration/money-cycle.test.ts › a 3-member weekly cycle › runs to completion", seconds: 19.015 },
    ]);
    expect(slowestVitestTests(vitest, "/repo")).toHaveLength(4);
  });

  it("reads Vitest's files with their set-up, slowest first", () => {
    expect(slowestVitestFiles(vitest, "/repo")).toEqual([
      { name: "tests/integration/money-cycle.test.ts", seconds: 98.589 },
      { name: "app/domain/plural.test.ts", seconds: 0.009 },
      { name: "tests/integration/skipped.test.ts", seconds: 0 },
    ]);
  });

  it("reads Playwright's JSON report: nested describes, each project apart, a retried test by its slowest attempt", () => {
    const report = {
      suites: [
        {
          title: "phone-fit.js.spec.ts",
          file: "phone-fit.js.spec.ts",
          specs: [],
          suites: [
            {
              title: "member pages",
              file: "phone-fit.js.spec.ts",
              specs: [
                {
                  title: "/dashboard as demo",
                  file: "phone-fit.js.spec.ts",
                  line: 40,
                  tests: [{ projectName: "js", results: [{ duration: 2_500 }, { duration: 3_100 }] }],
                },
              ],
            },
          ],
        },
        {
          title: "groups-flow.spec.ts",
          file: "groups-flow.spec.ts",
          specs: [
            {
              title: "create a group",
              file: "groups-flow.spec.ts",
              line: 69,
              tests: [
                { projectName: "js", results: [{ duration: 12_000 }] },
                { projectName: "nojs", results: [{ duration: 9_000 }] },
                { projectName: "plaid", results: [] },
              ],
            },
          ],
        },
      ],
    };
    expect(slowestPlaywrightTests(report)).toEqual([
      { name: "[js] groups-flow.spec.ts:69 › create a group", seconds: 12 },
      { name: "[nojs] groups-flow.spec.ts:69 › create a group", seconds: 9 },
      { name: "[js] phone-fit.js.spec.ts:40 › member pages › /dashboard as demo", seconds: 3.1 },
    ]);
    expect(slowestPlaywrightTests(report, 1)).toHaveLength(1);
  });

  it("prints seconds aligned, one decimal", () => {
    expect(
      formatTimed([
        { name: "slow", seconds: 72.795 },
        { name: "quick", seconds: 0.04 },
      ]),
    ).toEqual(["    72.8 s  slow", "     0.0 s  quick"]);
  });
});
