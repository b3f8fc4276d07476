import { describe, expect, it } from "vitest";
import { flakyTests } from "./test-output";

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
