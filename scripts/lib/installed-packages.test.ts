import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appliesHere, type LockEntry, type PackageCheck, packageProblems } from "./installed-packages";

const linux = { os: "linux", cpu: "x64", libc: "glibc" };

function check(packages: Record<string, LockEntry>, overrides: Partial<PackageCheck> = {}): string[] {
  return packageProblems({
    packages: { "": { name: "rosca" }, ...packages },
    runtime: "v24.21.0",
    pinned: "24.21.0",
    engines: "^24.21.0",
    allowScripts: { esbuild: true, "@sentry/cli": false },
    platform: linux,
    installed: () => true,
    ...overrides,
  });
}

describe("packageProblems (what npm install would warn about, against the project's Node)", () => {
  it("passes packages whose engines accept the runtime, and names one that does not", () => {
    expect(check({ "node_modules/a": { version: "1.0.0", engines: { node: ">=22.12.0" } } })).toEqual([]);
    expect(check({ "node_modules/@scope/b": { version: "2.1.0", engines: { node: ">=26" } } })).toEqual([
      "@scope/b@2.1.0 wants Node >=26; the project runs on Node 24.21.0",
    ]);
  });

  it("names a platform binary for this machine that npm left out, and nothing for other machines' binaries", () => {
    const packages = {
      "node_modules/@x/binding-linux-x64-gnu": {
        version: "1.0.0",
        optional: true,
        os: ["linux"],
        cpu: ["x64"],
        libc: ["glibc"],
        engines: { node: ">=22" },
      },
      "node_modules/@x/binding-darwin-arm64": { version: "1.0.0", optional: true, os: ["darwin"], cpu: ["arm64"] },
      "node_modules/@x/binding-linux-x64-musl": { version: "1.0.0", optional: true, os: ["linux"], cpu: ["x64"], libc: ["musl"] },
      "node_modules/@x/wasm-helper": { version: "1.0.0", optional: true },
    };
    expect(check(packages, { installed: () => false })).toEqual([
      "@x/binding-linux-x64-gnu@1.0.0 is in package-lock.json for this platform but not installed at node_modules/@x/binding-linux-x64-gnu (it wants Node >=22): run npm install",
    ]);
  });

  it("names a missing required package", () => {
    expect(check({ "node_modules/a/node_modules/c": { version: "3.0.0" } }, { installed: () => false })).toEqual([
      "c@3.0.0 is in package-lock.json for this platform but not installed at node_modules/a/node_modules/c: run npm install",
    ]);
  });

  it("names deprecated packages and install scripts that allowScripts does not mention (allowed or denied both count)", () => {
    expect(
      check({
        "node_modules/old": { version: "0.1.0", deprecated: "use new instead" },
        "node_modules/esbuild": { version: "0.28.2", hasInstallScript: true },
        "node_modules/@sentry/cli": { version: "2.58.6", hasInstallScript: true },
        "node_modules/sneaky": { version: "1.0.0", hasInstallScript: true },
      }),
    ).toEqual([
      "old@0.1.0 is deprecated: use new instead",
      "sneaky@1.0.0 has an install script that package.json's allowScripts does not mention (true to run it, false to skip it)",
    ]);
  });

  it("names a runtime other than the pinned one, and one outside the root's engines", () => {
    expect(check({}, { runtime: "v20.20.2" })).toEqual([
      "Node 20.20.2 runs this, not the project's Node 24.21.0 (the `node` dev dependency): run it through npm (npm test, npm run …)",
      "Node 20.20.2 is outside package.json's engines.node (^24.21.0)",
    ]);
  });

  it("reads npm's os/cpu/libc lists as npm does, negations included", () => {
    expect(appliesHere({ os: ["!win32"] }, linux)).toBe(true);
    expect(appliesHere({ os: ["!linux"] }, linux)).toBe(false);
    expect(appliesHere({ os: ["linux", "freebsd"], cpu: ["x64"] }, linux)).toBe(true);
    expect(appliesHere({ cpu: ["arm64"] }, linux)).toBe(false);
    expect(appliesHere({ libc: ["glibc"] }, { ...linux, libc: null })).toBe(false);
  });

  it("on the real lockfile, with the system Node 20 as the runtime, names the packages npm's EBADENGINE named", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
    const problems = check(lock.packages, { runtime: "v20.20.2", pinned: undefined, engines: undefined, allowScripts: { "": true } }).filter(
      (problem) => problem.includes("wants Node"),
    );
    for (const name of ["react-router@", "@react-router/dev@", "vitest@", "@sparticuz/chromium@", "lighthouse@"]) {
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
    }
    expect(check(lock.packages, { engines: undefined, allowScripts: { "": true } }).filter((problem) => problem.includes("wants Node"))).toEqual([]);
  });
});
