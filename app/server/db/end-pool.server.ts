/**
 * Ending a node-postgres pool for good: `pool.end()` resolves once the pool has let go of its clients, before their
 * sockets have closed. A PostgreSQL stopped right after (`npm start`'s, the bench's and the tests' embedded one) then
 * terminates those connections mid-goodbye, and each is reported as an idle client error. This waits for every
 * client's own end (the pool's "remove" event), for at most `timeoutMs`, so a connection that never answers does not
 * hold a shutdown up.
 */
import type pg from "pg";

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
