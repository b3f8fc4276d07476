/**
 * What `npm install` would warn about, checked against the Node that really runs the project (ADR 045).
 *
 * npm checks each package's `engines.node` against the Node that runs npm itself, which on our machines is the system
 * Node 20, while every npm script runs on the Node 24 of the `node` dev dependency. So npm's EBADENGINE warnings name
 * the wrong Node, and the project's .npmrc keeps npm's warnings quiet (loglevel=error). This module checks, from
 * package-lock.json, what those warnings were for, against the right Node:
 * - every package installed here accepts the runtime's version in its `engines.node`;
 * - every package the lockfile has for this platform is installed, platform binaries included (npm drops an optional
 *   package whose engines exclude the Node running npm without a word: a native binding that wants Node ≥ 22 would be
 *   missing under Node 24);
 * - no package is deprecated (npm's "warn deprecated" at install);
 * - every package with an install script is named in package.json's `allowScripts` (npm's install-scripts notice; the
 *   .npmrc's strict-allow-scripts also stops the install).
 * And that the runtime is the pinned one and within the root's `engines`.
 */
import semver from "semver";

/** One entry of package-lock.json's `packages` (lockfileVersion 3), the fields read here. */
export type LockEntry = {
  name?: string;
  version?: string;
  engines?: Record<string, string> | string[];
  optional?: boolean;
  devOptional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  deprecated?: string;
  hasInstallScript?: boolean;
  link?: boolean;
};

export type Platform = { os: string; cpu: string; libc: string | null };

export type PackageCheck = {
  /** package-lock.json's `packages`, keyed by install path ("" is the project itself). */
  packages: Record<string, LockEntry>;
  /** The Node version the project runs on (process.version under an npm script). */
  runtime: string;
  /** The exact version of the `node` dev dependency. */
  pinned: string | undefined;
  /** package.json's `engines.node`. */
  engines: string | undefined;
  /** package.json's `allowScripts`. */
  allowScripts: Record<string, boolean>;
  platform: Platform;
  /** Whether the package at this install path is in node_modules. */
  installed: (installPath: string) => boolean;
};

/** The package name at an install path (`node_modules/a/node_modules/@b/c` → `@b/c`). */
export function nameAt(installPath: string, entry: LockEntry): string {
  return entry.name ?? installPath.slice(installPath.lastIndexOf("node_modules/") + "node_modules/".length);
}

/** npm's reading of an `os`/`cpu`/`libc` list: `!x` excludes x; any other entry, if there is one, must match. */
function listAllows(list: string[] | undefined, value: string | null): boolean {
  if (!list || list.length === 0) return true;
  if (value === null) return false;
  if (list.includes(`!${value}`)) return false;
  const positive = list.filter((item) => !item.startsWith("!"));
  return positive.length === 0 || positive.includes(value) || positive.includes("any");
}

/** Whether npm installs this entry on this platform (optional packages for other systems are left out, rightly). */
export function appliesHere(entry: LockEntry, platform: Platform): boolean {
  return listAllows(entry.os, platform.os) && listAllows(entry.cpu, platform.cpu) && (!entry.libc || listAllows(entry.libc, platform.libc));
}

export function packageProblems(check: PackageCheck): string[] {
  const problems: string[] = [];
  const runtime = semver.clean(check.runtime) ?? check.runtime;
  if (check.pinned !== undefined && runtime !== check.pinned) {
    problems.push(
      `Node ${runtime} runs this, not the project's Node ${check.pinned} (the \`node\` dev dependency): run it through npm (npm test, npm run …)`,
    );
  }
  if (check.engines !== undefined && !semver.satisfies(runtime, check.engines, { includePrerelease: true })) {
    problems.push(`Node ${runtime} is outside package.json's engines.node (${check.engines})`);
  }
  for (const [installPath, entry] of Object.entries(check.packages)) {
    if (installPath === "" || entry.link) continue;
    const id = `${nameAt(installPath, entry)}@${entry.version ?? "?"}`;
    const here = appliesHere(entry, check.platform);
    if (!here) continue;
    if (!check.installed(installPath)) {
      // An optional package without a platform of its own is only needed through another optional one (a wasm32
      // binding's helpers, say), which npm rightly skips here; a platform binary that matches this machine is needed.
      if (entry.optional && !entry.os && !entry.cpu && !entry.libc) continue;
      const wants = !Array.isArray(entry.engines) && entry.engines?.node ? ` (it wants Node ${entry.engines.node})` : "";
      problems.push(`${id} is in package-lock.json for this platform but not installed at ${installPath}${wants}: run npm install`);
      continue;
    }
    const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (node && !semver.satisfies(runtime, node, { includePrerelease: true })) {
      problems.push(`${id} wants Node ${node}; the project runs on Node ${runtime}`);
    }
    if (entry.deprecated) problems.push(`${id} is deprecated: ${entry.deprecated}`);
    if (entry.hasInstallScript && !(nameAt(installPath, entry) in check.allowScripts)) {
      problems.push(`${id} has an install script that package.json's allowScripts does not mention (true to run it, false to skip it)`);
    }
  }
  return problems;
}

/** This machine, in npm's terms. */
export function currentPlatform(): Platform {
  let libc: string | null = null;
  if (process.platform === "linux") {
    const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
    libc = header?.glibcVersionRuntime ? "glibc" : "musl";
  }
  return { os: process.platform, cpu: process.arch, libc };
}
