/**
 * ops/prometheus/alerts.yml: well-formed Prometheus alerting rules, the alerts issue 36 asks for, and no series that
 * this app does not export (a renamed metric would otherwise silence its alert without a word).
 *
 * No YAML library is installed, so the file is read by a strict parser of the subset it is written in (block maps and
 * lists with two-space indents, plain or double-quoted scalars, `>-` folded blocks) that refuses anything else.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import client from "prom-client";
import { describe, expect, it } from "vitest";
import { setStallsSource } from "./metrics.server";

type Yaml = string | Yaml[] | { [key: string]: Yaml };

function parseYamlSubset(text: string): Yaml {
  const lines = text
    .split("\n")
    .map((raw, index) => ({ raw, number: index + 1 }))
    .filter(({ raw }) => raw.trim() !== "" && !raw.trimStart().startsWith("#"));
  for (const { raw, number } of lines) if (/^ *\t/.test(raw)) throw new Error(`line ${number}: a tab in the indentation`);
  const indentOf = (raw: string) => raw.length - raw.trimStart().length;
  let at = 0;

  function scalar(value: string, number: number): string {
    if (value.startsWith('"')) {
      if (!/^"(?:[^"\\]|\\.)*"$/.test(value)) throw new Error(`line ${number}: an unterminated quoted string`);
      return JSON.parse(value) as string;
    }
    if (/^['{[&*!|>%@`]/.test(value) || / #/.test(value)) throw new Error(`line ${number}: outside the YAML subset: ${value}`);
    return value;
  }

  function folded(parentIndent: number): string {
    const parts: string[] = [];
    while (at < lines.length && indentOf(lines[at]!.raw) > parentIndent) parts.push(lines[at++]!.raw.trim());
    if (parts.length === 0) throw new Error(`line ${lines[at - 1]?.number}: an empty folded block`);
    return parts.join(" ");
  }

  /** The entries of a map whose keys sit at `indent`; the first may already be on a list item's line. */
  function map(indent: number, first?: { text: string; number: number }): { [key: string]: Yaml } {
    const result: { [key: string]: Yaml } = {};
    let pending = first;
    for (;;) {
      let entry = pending;
      pending = undefined;
      if (!entry) {
        const line = lines[at];
        if (!line || indentOf(line.raw) !== indent || line.raw.trimStart().startsWith("- ")) break;
        at += 1;
        entry = { text: line.raw.trim(), number: line.number };
      }
      const match = /^([A-Za-z_][\w-]*):(?: (.*))?$/.exec(entry.text);
      if (!match) throw new Error(`line ${entry.number}: expected "key: value", got ${entry.text}`);
      const [, key, value] = match as unknown as [string, string, string | undefined];
      if (key in result) throw new Error(`line ${entry.number}: ${key} twice`);
      if (value === undefined) result[key] = block(indent);
      else if (value === ">-") result[key] = folded(indent);
      else result[key] = scalar(value, entry.number);
    }
    return result;
  }

  function list(indent: number): Yaml[] {
    const items: Yaml[] = [];
    while (at < lines.length && indentOf(lines[at]!.raw) === indent && lines[at]!.raw.trimStart().startsWith("- ")) {
      const line = lines[at++]!;
      items.push(map(indent + 2, { text: line.raw.trim().slice(2), number: line.number }));
    }
    return items;
  }

  /** The value nested under a key at `parentIndent`: a list or a map, indented further. */
  function block(parentIndent: number): Yaml {
    const line = lines[at];
    if (!line || indentOf(line.raw) <= parentIndent) throw new Error(`line ${line?.number ?? "end"}: expected a nested block`);
    const indent = indentOf(line.raw);
    if (indent !== parentIndent + 2) throw new Error(`line ${line.number}: indent by two spaces`);
    return line.raw.trimStart().startsWith("- ") ? list(indent) : map(indent);
  }

  const document = map(0);
  if (at < lines.length) throw new Error(`line ${lines[at]!.number}: unexpected indentation`);
  return document;
}

const RULES_FILE = path.resolve(import.meta.dirname, "../../../ops/prometheus/alerts.yml");

type Rule = { alert: string; expr: string; for: string; labels: { severity: string }; annotations: { summary: string; description: string } };

function rulesOf(document: Yaml): Rule[] {
  expect(Object.keys(document)).toEqual(["groups"]);
  const groups = (document as { groups: Yaml }).groups;
  expect(Array.isArray(groups)).toBe(true);
  return (groups as Array<{ name: string; rules: Rule[] }>).flatMap((group) => {
    expect(Object.keys(group)).toEqual(["name", "rules"]);
    expect(group.name).toMatch(/^rosca-[a-z]+$/);
    expect(group.rules.length).toBeGreaterThan(0);
    return group.rules;
  });
}

/** Every series name an expression reads. */
function seriesIn(expr: string): string[] {
  return [...new Set(expr.match(/\b(?:rosca|process|nodejs)_[a-z0-9_]+/g) ?? [])];
}

/** A series as the registry names its metric: a histogram's _count, _sum and _bucket belong to it. */
function registered(series: string) {
  if (client.register.getSingleMetric(series)) return true;
  const base = series.replace(/_(count|sum|bucket)$/, "");
  return base !== series && client.register.getSingleMetric(base) instanceof client.Histogram;
}

describe("ops/prometheus/alerts.yml", () => {
  const rules = rulesOf(parseYamlSubset(readFileSync(RULES_FILE, "utf8")));

  it("is a list of alerting rules, each with an expression, a duration, a severity and words for people", () => {
    for (const rule of rules) {
      expect(Object.keys(rule).sort()).toEqual(["alert", "annotations", "expr", "for", "labels"]);
      expect(rule.alert).toMatch(/^Rosca[A-Z][A-Za-z]+$/);
      expect(rule.for).toMatch(/^\d+[smh]$/);
      expect(rule.labels).toEqual({ severity: expect.stringMatching(/^(page|ticket)$/) });
      expect(Object.keys(rule.annotations).sort()).toEqual(["description", "summary"]);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      // Balanced brackets and quotes: the commonest way to break an expression in a YAML file.
      for (const [open, close] of [
        ["(", ")"],
        ["{", "}"],
        ["[", "]"],
      ] as const)
        expect([rule.alert, rule.expr.split(open).length]).toEqual([rule.alert, rule.expr.split(close).length]);
      expect([rule.alert, rule.expr.split('"').length % 2]).toEqual([rule.alert, 1]);
    }
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
  });

  it("alerts on stalled money, a stuck outbox, the error rate and a worker down, at the thresholds agreed", () => {
    expect(Object.fromEntries(rules.map((rule) => [rule.alert, rule.expr]))).toEqual({
      RoscaTransfersStalled: "max(rosca_transfer_oldest_created_seconds) > 900",
      RoscaMoneyJobStuck: 'max by (queue) (rosca_job_oldest_active_seconds{queue=~"money[.].*"}) > 300',
      RoscaMoneyJobsNotFetched: 'max by (queue) (rosca_job_oldest_waiting_seconds{queue=~"money[.].*"}) > 300',
      RoscaEmailPaused: "max(rosca_email_outbox_paused) == 1",
      RoscaEmailOverdue: "max(rosca_email_oldest_due_seconds) > 1800",
      RoscaHighErrorRate:
        'sum(rate(rosca_http_request_duration_seconds_count{status_code=~"5.."}[5m])) / sum(rate(rosca_http_request_duration_seconds_count[5m])) > 0.05',
      RoscaWorkerDown: "absent(rosca_job_queue_depth)",
    });
  });

  it("reads only series this app exports", () => {
    // The stall gauges exist in processes that watch (app/server/health/stalls.server.ts); register them as those do.
    setStallsSource(async () => ({ jobs: [], oldestCreatedTransferSeconds: 0, emailPaused: false, oldestDueEmailSeconds: 0 }));
    try {
      const read = rules.flatMap((rule) => seriesIn(rule.expr));
      expect(read.length).toBeGreaterThanOrEqual(rules.length);
      expect(read.filter((series) => !registered(series))).toEqual([]);
    } finally {
      setStallsSource(undefined);
    }
    // And the check itself refuses a name that is not there.
    expect(registered("rosca_transfer_oldest_created_secs")).toBe(false);
    expect(registered("rosca_jobs_total_count")).toBe(false);
  });

  it("the parser refuses what is outside its subset instead of guessing", () => {
    expect(() => parseYamlSubset("groups:\n\t- name: x\n")).toThrow("line 2: a tab in the indentation");
    expect(() => parseYamlSubset("groups:\n  - name: x\n    rules: [a]\n")).toThrow("line 3: outside the YAML subset: [a]");
    expect(() => parseYamlSubset("groups:\n  - name: x\n     rules: y\n")).toThrow("line 3: unexpected indentation");
    expect(() => parseYamlSubset("groups:\n  - name x\n")).toThrow('line 2: expected "key: value", got name x');
    expect(parseYamlSubset('a:\n  b: "q \\"x\\""\n  c: >-\n    one\n    two\n')).toEqual({ a: { b: 'q "x"', c: "one two" } });
  });
});
