import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { longestFirst, projectsTogether, recordedDurations } from "./test-order";

describe("longestFirst", () => {
  const ms: Record<string, number> = { "money-workers": 174_600, "money-property": 69_100, "money-property-2": 72_400, "a.unit": 300 };

  it("puts the known files longest first, then the unknown ones in the order given", () => {
    const fallback = ["big-unknown", "money-property", "a.unit", "small-unknown", "money-workers", "money-property-2"];
    expect(longestFirst(fallback, (file) => ms[file])).toEqual([
      "money-workers",
      "money-property-2",
      "money-property",
      "a.unit",
      "big-unknown",
      "small-unknown",
    ]);
  });

  it("keeps the given order among files of the same length, and among all files when none is known", () => {
    expect(longestFirst(["c", "a", "b"], (file) => (file === "b" ? undefined : 5))).toEqual(["c", "a", "b"]);
    expect(longestFirst(["c", "a", "b"], () => undefined)).toEqual(["c", "a", "b"]);
  });
});

describe("projectsTogether", () => {
  const project = (file: string) => file.split(":")[0]!;

  it("keeps each project's files together in their order, the projects in the order of their first file", () => {
    const ordered = [
      "integration:money-workers",
      "integration:money-crash",
      "unit:schedule",
      "integration:names",
      "unit:money",
      "integration:readyz",
    ];
    expect(projectsTogether(ordered, project)).toEqual([
      "integration:money-workers",
      "integration:money-crash",
      "integration:names",
      "integration:readyz",
      "unit:schedule",
      "unit:money",
    ]);
  });

  it("puts the projects it is told to at the end", () => {
    const ordered = ["unit-sentry:entry", "integration:money-workers", "unit:schedule", "unit-sentry:errors", "integration:names"];
    expect(projectsTogether(ordered, project, (name) => name === "unit-sentry")).toEqual([
      "integration:money-workers",
      "integration:names",
      "unit:schedule",
      "unit-sentry:entry",
      "unit-sentry:errors",
    ]);
    expect(projectsTogether([], project)).toEqual([]);
  });
});

describe("recordedDurations", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "test-order-"));

  it("reads the seconds per file, leaving out what is not a number", () => {
    const file = path.join(dir, "durations.json");
    writeFileSync(file, JSON.stringify({ recorded: "2026-11-28", seconds: { "tests/integration/money-crash.test.ts": 84.1, "x.test.ts": "slow" } }));
    expect([...recordedDurations(file)]).toEqual([["tests/integration/money-crash.test.ts", 84.1]]);
  });

  it("is empty when the file is missing or is not JSON", () => {
    expect(recordedDurations(path.join(dir, "missing.json")).size).toBe(0);
    const broken = path.join(dir, "broken.json");
    writeFileSync(broken, "{ not json");
    expect(recordedDurations(broken).size).toBe(0);
  });
});
