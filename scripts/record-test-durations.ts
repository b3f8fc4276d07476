/**
 * `npm run test:durations [report]`: each Vitest file's time from a run's JSON report (default: the last `npm test`'s,
 * .data/test-logs/vitest.json) into tests/support/file-durations.json, which orders the files longest first on a clone
 * without Vitest's results cache (tests/support/sequencer.ts; ADR 060). Record a quiet run's: a loaded one's times are
 * longer, but in about the same order.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { slowestVitestFiles } from "./lib/test-output.ts";

const report = path.resolve(process.argv[2] ?? ".data/test-logs/vitest.json");
const target = path.resolve("tests/support/file-durations.json");
const files = slowestVitestFiles(JSON.parse(readFileSync(report, "utf8")), process.cwd(), Number.POSITIVE_INFINITY);
const seconds = Object.fromEntries(files.filter((file) => file.seconds > 0).map((file) => [file.name, Math.round(file.seconds * 10) / 10]));
writeFileSync(target, `${JSON.stringify({ recorded: new Date().toISOString().slice(0, 10), seconds }, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} files' durations written to ${path.relative(process.cwd(), target)}`);
