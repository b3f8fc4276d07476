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
