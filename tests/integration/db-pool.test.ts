/**
 * The app's connection pool against a real PostgreSQL: closing it waits for the server to see every connection go, so
 * a PostgreSQL stopped right after (`npm start`'s and the bench's embedded one) terminates none of them mid-goodbye.
 * The sandbox doubles end their own pools the same way (endPool).
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase();
const { closeDb, getPool } = await import("../../app/server/db/client.server");
const { endPool } = await import("../../app/server/db/end-pool.server");

/** This database's client connections other than `observer`'s own, as PostgreSQL lists them. */
async function connectionsSeenBy(observer: pg.Client) {
  const { rows } = await observer.query<{ count: number }>(
    "select count(*)::int as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
  );
  return rows[0]!.count;
}

describe("closeDb", () => {
  it("returns once PostgreSQL has seen every pooled connection close", async () => {
    const observer = new pg.Client({ connectionString: databaseUrl });
    await observer.connect();
    try {
      for (let round = 0; round < 5; round += 1) {
        // Five connections at once (each holds its own until the sleep ends), then all of them idle in the pool.
        await Promise.all(Array.from({ length: 5 }, () => getPool().query("select pg_sleep(0.02)")));
        expect(await connectionsSeenBy(observer)).toBe(5);
        await closeDb();
        expect(await connectionsSeenBy(observer)).toBe(0);
      }
      // Closing a pool that was never opened, or twice, is a no-op.
      await closeDb();
      await closeDb();
    } finally {
      await observer.end();
    }
  });

  it("endPool does the same for any pool (the sandbox doubles'), and for one that never connected", async () => {
    const observer = new pg.Client({ connectionString: databaseUrl });
    await observer.connect();
    try {
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
      await Promise.all(Array.from({ length: 4 }, () => pool.query("select pg_sleep(0.02)")));
      expect(await connectionsSeenBy(observer)).toBe(4);
      await endPool(pool);
      expect(await connectionsSeenBy(observer)).toBe(0);
      await endPool(new pg.Pool({ connectionString: databaseUrl }));
    } finally {
      await observer.end();
    }
  });
});
