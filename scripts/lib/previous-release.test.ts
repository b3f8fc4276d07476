import { describe, expect, it } from "vitest";
import { lockfileServes } from "./previous-release.ts";

const lock = (packages: Record<string, object>) => JSON.stringify({ name: "rosca", lockfileVersion: 3, packages });
const pg = { version: "8.23.1", resolved: "https://registry.npmjs.org/pg/-/pg-8.23.1.tgz", integrity: "sha512-pg" };
const zod = { version: "4.1.0", resolved: "https://registry.npmjs.org/zod/-/zod-4.1.0.tgz", integrity: "sha512-zod" };

describe("lockfileServes (the previous release on this checkout's node_modules)", () => {
  it("serves a lockfile whose every package is ours at the same path, version and integrity; ours may have more", () => {
    const theirs = lock({ "": { devDependencies: { pg: "^8" } }, "node_modules/pg": pg });
    const ours = lock({ "": { devDependencies: { pg: "^8", zod: "^4" } }, "node_modules/pg": pg, "node_modules/zod": zod });
    expect(lockfileServes(ours, theirs)).toBe(true);
    expect(lockfileServes(theirs, ours)).toBe(false);
  });

  it("does not serve one with a package at another version, integrity or path", () => {
    const ours = lock({ "node_modules/pg": pg });
    expect(lockfileServes(ours, lock({ "node_modules/pg": { ...pg, version: "8.23.0" } }))).toBe(false);
    expect(lockfileServes(ours, lock({ "node_modules/pg": { ...pg, integrity: "sha512-other" } }))).toBe(false);
    expect(lockfileServes(ours, lock({ "node_modules/x/node_modules/pg": pg }))).toBe(false);
    expect(lockfileServes(ours, JSON.stringify({ lockfileVersion: 1, dependencies: {} }))).toBe(false);
  });
});
