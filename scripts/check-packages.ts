/**
 * `npm run lint:packages` (and the lint stage of `npm test`): what `npm install` would warn about, checked against the
 * Node the project runs on rather than the one that ran npm (scripts/lib/installed-packages.ts, ADR 045): engines,
 * packages missing for this platform, deprecations, install scripts outside allowScripts, and the runtime itself.
 * Prints one line per problem and exits 1, or one line saying what it checked.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { currentPlatform, type LockEntry, packageProblems } from "./lib/installed-packages.ts";

const root = path.resolve(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  engines?: { node?: string };
  devDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };

const problems = packageProblems({
  packages: lock.packages,
  runtime: process.version,
  pinned: pkg.devDependencies?.node,
  engines: pkg.engines?.node,
  allowScripts: pkg.allowScripts ?? {},
  platform: currentPlatform(),
  installed: (installPath) => existsSync(path.join(root, installPath, "package.json")),
});

if (problems.length > 0) {
  console.error(`package check: ${problems.length} problem${problems.length === 1 ? "" : "s"}`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exitCode = 1;
} else {
  const count = Object.keys(lock.packages).length - 1;
  console.log(
    `package check: Node ${process.version} (${process.execPath}); ${count} packages in package-lock.json, none refusing this Node, missing, deprecated or running an unlisted install script`,
  );
}
