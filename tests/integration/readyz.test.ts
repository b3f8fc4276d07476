/**
 * /readyz (app/routes/readyz.ts): 200 "ready" while the database answers and takes writes; 503 with the reason on the
 * first line when it refuses writes (a read-only database, as a failover onto a standby or a full disk leaves it) or
 * does not answer. Each case on fresh connections, as a machine that just started or whose pool reconnected gets them.
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase();
const readyz = await import("../../app/routes/readyz");
const { closeDb } = await import("../../app/server/db/client.server");
const { reloadEnv } = await import("../../app/server/platform/env.server");

async function readiness() {
  const response = await readyz.loader();
  return { status: response.status, body: await response.text(), cache: response.headers.get("cache-control") };
}

/** As the database's owner: change a setting for every new connection to this test's database. */
async function alterDatabase(setting: string) {
  // Its own session writable whatever the database's default is, so that it can undo the setting too.
  const admin = new pg.Client({ connectionString: databaseUrl, options: "-c default_transaction_read_only=off" });
  await admin.connect();
  try {
    await admin.query(`alter database "${new URL(databaseUrl).pathname.slice(1)}" ${setting}`);
  } finally {
    await admin.end();
  }
  await closeDb();
}

afterAll(async () => {
  await alterDatabase("reset default_transaction_read_only");
  await closeDb();
});

describe("/readyz", () => {
  it("is ready while the database takes writes", async () => {
    expect(await readiness()).toEqual({ status: 200, body: "ready", cache: "no-store" });
  });

  it("answers 503 with the reason while the database refuses writes, and is ready again once it takes them", async () => {
    await alterDatabase("set default_transaction_read_only = on");
    expect(await readiness()).toEqual({ status: 503, body: "database is read-only: transaction_read_only is on", cache: "no-store" });
    await alterDatabase("reset default_transaction_read_only");
    expect(await readiness()).toEqual({ status: 200, body: "ready", cache: "no-store" });
  });

  it("answers 503 when the database does not answer", async () => {
    await closeDb();
    process.env.DATABASE_URL = "postgres://postgres:postgres@127.0.0.1:9/nowhere";
    reloadEnv();
    try {
      expect(await readiness()).toEqual({ status: 503, body: "database unavailable", cache: "no-store" });
    } finally {
      await closeDb();
      process.env.DATABASE_URL = databaseUrl;
      reloadEnv();
    }
  });
});
