/** Reading test runners' output for `npm test`'s summary (scripts/test.ts). */

/**
 * The tests Playwright's list reporter names under "N flaky" at the end of its run (failed, then passed on the retry
 * CI allows): named again in the summary, so a flaky test is seen and fixed rather than hidden by the retry.
 */
export function flakyTests(output: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes a terminal run leaves in the output
  const lines = output.replace(/\u001b\[[0-9;]*m/g, "").split("\n");
  const start = lines.findIndex((line) => /^\s+\d+ flaky$/.test(line));
  if (start === -1) return [];
  const tests: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^ {4}\S/.test(line)) break;
    tests.push(line.trim());
  }
  return tests;
}

/** A test and how long it took, for the summary's "ten slowest". */
export type TimedTest = { name: string; seconds: number };

type VitestJson = {
  testResults?: Array<{
    name: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: Array<{ fullName?: string; title: string; ancestorTitles?: string[]; duration?: number | null }>;
  }>;
};

const slowestFirst = (tests: TimedTest[], count: number) => [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, count);

/** The file's path from the repository's root (the runners' JSON names files by absolute path). */
function relative(file: string, root: string) {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/** The slowest tests of Vitest's JSON report (`--reporter=json`), "file › describe › test". */
export function slowestVitestTests(report: VitestJson, root: string, count = 10): TimedTest[] {
  const tests = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      name: [relative(file.name, root), ...(test.ancestorTitles ?? []), test.title].join(" › "),
      seconds: (test.duration ?? 0) / 1000,
    })),
  );
  return slowestFirst(tests, count);
}

/** The slowest files of Vitest's JSON report: a file's time is its tests' and its set-up's (beforeAll, imports). */
export function slowestVitestFiles(report: VitestJson, root: string, count = 10): TimedTest[] {
  const files = (report.testResults ?? []).map((file) => ({
    name: relative(file.name, root),
    seconds: file.startTime && file.endTime ? (file.endTime - file.startTime) / 1000 : 0,
  }));
  return slowestFirst(files, count);
}

type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: Array<{ title: string; file: string; line: number; tests: Array<{ projectName: string; results: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
};

/**
 * The slowest tests of Playwright's JSON report, "[project] file:line › describe › test"; a test retried counts its
 * slowest attempt.
 */
export function slowestPlaywrightTests(report: { suites?: PlaywrightSuite[] }, count = 10): TimedTest[] {
  const tests: TimedTest[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.results.length === 0) continue;
        const seconds = Math.max(...test.results.map((result) => result.duration)) / 1000;
        tests.push({ name: [`[${test.projectName}] ${spec.file}:${spec.line}`, ...titles, spec.title].join(" › "), seconds });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // A file's suite is titled by the file itself, already in each test's name.
  for (const file of report.suites ?? []) walk(file, []);
  return slowestFirst(tests, count);
}

/** "  12.3 s  name" lines, for the summary. */
export function formatTimed(tests: TimedTest[]): string[] {
  return tests.map((test) => `  ${test.seconds.toFixed(1).padStart(6)} s  ${test.name}`);
}
