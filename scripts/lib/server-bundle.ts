/**
 * How the server's entry points are compiled (esbuild; ADR 042): shared by `npm run build` (scripts/build-server.ts,
 * build/host and build/demo) and the integration tests' worker processes (tests/support/global-setup.ts bundles
 * scripts/worker.ts once per run, as build/host/worker.js is, instead of tsx compiling the app in every process).
 *
 * Each entry point becomes one ES module with what it imports from host/, app/ and scripts/; packages stay imports,
 * resolved from node_modules at run time. The `~/` alias comes from tsconfig.json's paths. Source maps beside each
 * file.
 */
import path from "node:path";
import type { BuildOptions } from "esbuild";

export const serverRoot = path.resolve(import.meta.dirname, "../..");

export const serverBundleOptions = {
  absWorkingDir: serverRoot,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
  // A bundle is not the module its code was written in: `import.meta.url` is the bundle's own file. (The sandbox
  // servers' "run as main" checks name their own file for that reason.)
} as const satisfies BuildOptions;
