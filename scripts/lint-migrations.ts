/**
 * `npm run lint:migrations`, in `npm test`'s lint stage: this release's new migrations (those the previous release
 * does not have, scripts/lib/previous-release.ts) checked against the expand/contract rule (ADR 043) by
 * scripts/lib/migration-lint.ts, and the previous release's migrations checked for edits. Exit 1 on an error that no
 * `-- migration-lint: allow <rule> <reason>` comment covers; warnings are printed only.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { type Finding, formatFindings, lintMigrations } from "./lib/migration-lint.ts";
import { findPreviousRelease, previousSchema } from "./lib/previous-release.ts";

let release: ReturnType<typeof findPreviousRelease>;
try {
  release = findPreviousRelease();
} catch (error) {
  console.error(`Migration lint: ${(error as Error).message}`);
  process.exit(1);
}
const { journal, snapshot } = previousSchema(release.commit);
const current = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: Array<{ tag: string }> };
const fresh = new Set(release.newMigrations);

const findings: Finding[] = lintMigrations(
  current.entries.filter((entry) => fresh.has(entry.tag)).map((entry) => ({ tag: entry.tag, sql: readFileSync(`drizzle/${entry.tag}.sql`, "utf8") })),
  snapshot,
);
// A released migration never runs again where it already ran: an edit to it reaches only new databases. Blob ids of
// the previous release's files against this checkout's (one git process each).
const released = journal.entries.map(({ tag }) => `drizzle/${tag}.sql`);
const theirs = new Map(
  execFileSync("git", ["ls-tree", release.commit, "--", ...released], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => [line.split("\t")[1]!, line.split(/\s+/)[2]!]),
);
const present = released.filter((file) => existsSync(file));
const ours = new Map(
  present.length === 0
    ? []
    : execFileSync("git", ["hash-object", "--", ...present], { encoding: "utf8" })
        .trim()
        .split("\n")
        .map((blob, index) => [present[index]!, blob]),
);
for (const file of released) {
  if (ours.get(file) !== theirs.get(file)) {
    findings.push({
      migration: file.replace(/^drizzle\/|\.sql$/g, ""),
      rule: "released-migration-edited",
      severity: "error",
      statement: file,
      message: `${ours.has(file) ? "changed" : "removed"} after the previous release shipped it: databases that ran it never see the change; put the change in a new migration`,
    });
  }
}

const errors = findings.filter((finding) => finding.severity === "error" && !finding.allowed);
const header = `Migration lint (ADR 043): ${release.newMigrations.length} new since the previous release ${release.commit.slice(0, 10)} (${release.newMigrations.join(", ") || "none"})`;
console.log(findings.length === 0 ? `${header}: nothing to report.` : `${header}:\n${formatFindings(findings)}`);
if (errors.length > 0) {
  console.log(
    `\n${errors.length} error${errors.length === 1 ? "" : "s"}: the release still serving would break (ADR 043, docs/decisions/043-expand-contract-migrations.md). ` +
      "Split the change across releases, or, if it is safe for a reason this check cannot see, say why in the statement's block: " +
      "-- migration-lint: allow <rule> <reason>",
  );
  process.exitCode = 1;
}
