/**
 * Ending a node-postgres pool for good: `pool.end()` resolves once the pool has let go of its clients, before their
 * sockets have closed. A PostgreSQL stopped right after (`npm start`'s, the bench's and the tests' embedded one) then
 * terminates those connections mid-goodbye, and each is reported as an idle client error. This waits for every
 * client's own end (the pool's "remove" event), for at most `timeoutMs`, so a connection that never answers does not
 * hold a shutdown up.
 */
import type pg from "pg";

/**
 * Keeps a pool's lost connections from crashing the process. node-postgres emits "error" on a client whose connection
 * drops (database restart, failover, a terminated backend); pg-pool listens only while the client is idle, so one
 * dropped while checked out (a worker holding its page's locks, a bank batch mid-transaction) was an unhandled "error"
 * event. The query in flight rejects with the error for its caller to handle; the client is no longer queryable and
 * pg-pool removes it on release; the pool opens a new one on the next checkout.
 */
export function guardPoolErrors(pool: pg.Pool, report: (error: Error, when: "idle" | "in use") => void) {
  pool.on("error", (error) => report(error, "idle"));
  pool.on("connect", (client) => client.on("error", (error) => report(error, "in use")));
}

export async function endPool(pool: pg.Pool, timeoutMs = 2_000): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      open -= 1;
      if (open <= 0) resolve();
    });
  });
  await pool.end();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}
